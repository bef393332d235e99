"""What mattered in a snake battle: bites and eaten snakes, newest first, one line each with the
step it happened in; a double click on a line asks for that step to be shown."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.snake.battle_view import snake_name
from editor.widgets.parts.seat_cards import swatch_pixmap
from editor.widgets.parts.seat_names import plain_tip
from engines.snake import Bite, Eaten

MAX_ITEMS = 500
"""Enough to scroll back through a whole battle's bites; a bound keeps a long session light."""
STEP_ROLE = Qt.ItemDataRole.UserRole


class BiteLog(QListWidget):
    """Bites and eaten snakes as one line each, with the acting seat's colour as the icon."""

    turnActivated = Signal(int)
    """A line was double-clicked: show the step it happened in."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names: list[str] = []
        self._eaten: set[int] = set()
        self.setUniformItemSizes(True)
        self.setAlternatingRowColors(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setToolTip("Double-click a line to show its step")
        font = QFont(self.font())
        font.setFeature(QFont.Tag("tnum"), 1)  # with figure-space padding, step numbers line up
        self.setFont(font)
        self.itemDoubleClicked.connect(lambda item: self.turnActivated.emit(int(item.data(STEP_ROLE))))

    def begin(self, names: Sequence[str]) -> None:
        """A new battle of seats called ``names``: no lines yet."""
        self.clear()
        self._names = list(names)
        self._eaten.clear()

    def add_frame(self, frame: Frame) -> None:
        """The bites and eaten snakes of the step ``frame`` ends (frames come in step order)."""
        for event in frame.events:
            line = self._describe(event)
            if line is None:
                continue
            actor, text = line
            item = QListWidgetItem(QIcon(swatch_pixmap(actor)), f"{frame.turn:\u2007>4}  {text}")
            item.setToolTip(plain_tip(f"step {frame.turn}: {text}"))
            item.setData(STEP_ROLE, frame.turn)
            self.insertItem(0, item)
        while self.count() > MAX_ITEMS:
            self.takeItem(self.count() - 1)

    def lines(self) -> list[str]:
        """The lines as shown, newest first."""
        return [self.item(row).text() for row in range(self.count())]

    def _describe(self, event: object) -> tuple[int, str] | None:
        if isinstance(event, Bite):
            whose = "leftover tail" if event.victim in self._eaten else "tail"
            return event.biter, f"{self._name(event.biter)} bit {self._name(event.victim)}'s {whose}"
        if isinstance(event, Eaten):
            self._eaten.add(event.snake)
            return event.by, f"{self._name(event.snake)} was eaten by {self._name(event.by)}"
        return None

    def _name(self, index: int) -> str:
        return snake_name(self._names, index)
