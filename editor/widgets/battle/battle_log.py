"""A running list of what mattered in a battle: bites and eaten snakes, newest first."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.widgets.parts.seat_cards import swatch_pixmap
from engines.snake import Bite, Eaten, Event

MAX_ITEMS = 500
"""Enough to scroll back through a whole battle's bites; a bound keeps a long session light."""


class BattleLog(QListWidget):
    """Bites and eaten snakes as one line each, with the acting seat's colour as the icon."""

    def __init__(self, names: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names = list(names)
        self._eaten: set[int] = set()
        self.setUniformItemSizes(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        font = QFont(self.font())
        font.setFeature(QFont.Tag("tnum"), 1)  # with figure-space padding, step numbers line up
        self.setFont(font)

    def clear_events(self) -> None:
        self.clear()
        self._eaten.clear()

    def add_events(self, step: int, events: Iterable[Event]) -> None:
        for event in events:
            line = self._describe(event)
            if line is None:
                continue
            actor, text = line
            item = QListWidgetItem(QIcon(swatch_pixmap(actor)), f"{step:\u2007>4}  {text}")
            item.setToolTip(f"step {step}: {text}")
            self.insertItem(0, item)
        while self.count() > MAX_ITEMS:
            self.takeItem(self.count() - 1)

    def _describe(self, event: Event) -> tuple[int, str] | None:
        if isinstance(event, Bite):
            whose = "leftover tail" if event.victim in self._eaten else "tail"
            return event.biter, f"{self._name(event.biter)} bit {self._name(event.victim)}'s {whose}"
        if isinstance(event, Eaten):
            self._eaten.add(event.snake)
            return event.by, f"{self._name(event.snake)} was eaten by {self._name(event.by)}"
        return None

    def _name(self, index: int) -> str:
        return self._names[index] if index < len(self._names) else f"Snake {index + 1}"
