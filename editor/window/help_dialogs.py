"""Help: the keyboard reference and the games' rules.

The keyboard reference is read from the window when it opens: every menu's actions with their
keys, then every other action and shortcut that has a key, under the pane it belongs to, then the
keys the card map and the test bench's field handle themselves (their ``KEYS`` tables sit next
to their key handlers). Nothing is typed twice, so the list cannot drift from the keys.

The rules are the Markdown files shipped as package data (``snakepit rules GAME`` prints them)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QWidget,
)

from arena.games.registry import games
from arena.samples import games_with_rules, rules_text
from editor.widgets.parts.boxes import close_buttons, column, row
from editor.window.card_menus import PROXY_FOR

NATIVE = QKeySequence.SequenceFormat.NativeText


@dataclass(frozen=True)
class KeyEntry:
    section: str
    command: str
    keys: str


_DEVICE_KEYS = frozenset({Qt.Key.Key_New, Qt.Key.Key_Open, Qt.Key.Key_Save, Qt.Key.Key_Close, Qt.Key.Key_Undo,
                          Qt.Key.Key_Redo, Qt.Key.Key_Copy, Qt.Key.Key_Paste, Qt.Key.Key_Cut, Qt.Key.Key_Exit,
                          Qt.Key.Key_Find, Qt.Key.Key_Help, Qt.Key.Key_Back, Qt.Key.Key_Forward, Qt.Key.Key_Refresh})
"""Keys of special keyboards (a "Save" key) the platform binds too: listed they hide the keys
people press."""


_DEVICE_KEY_NAMES = frozenset(QKeySequence(key).toString() for key in _DEVICE_KEYS)


def _keys(sequences: Sequence[QKeySequence]) -> str:
    typed = [k for k in sequences if not k.isEmpty() and k.toString().split("+")[-1] not in _DEVICE_KEY_NAMES]
    return ", ".join(k.toString(NATIVE) for k in typed)


def _command(action: QAction) -> str:
    text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")
    return text or action.toolTip() or action.objectName()


def _described(action: QAction) -> str:
    """A pane's action by what its tooltip says it does ("One turn on" for Step), its key in
    parentheses left out: a button's one word says little in a list."""
    tip = re.sub(r"\s*\([^()]*\)\s*$", "", action.toolTip()).strip()
    return tip if tip and "\n" not in tip else _command(action)


def menu_entries(window: QMainWindow) -> tuple[list[KeyEntry], set[int]]:
    """Every menu action with a key, under its menu's title; and the actions seen."""
    entries: list[KeyEntry] = []
    seen: set[int] = set()

    def walk(menu: QMenu, title: str) -> None:
        for action in menu.actions():
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                walk(submenu, f"{title} → {_command(action)}")
                continue
            real = action.property(PROXY_FOR)  # an entry standing for a pane's action
            source = real if isinstance(real, QAction) else action
            if source.shortcuts() and id(source) not in seen:
                seen.add(id(source))
                entries.append(KeyEntry(title, _command(source), _keys(source.shortcuts())))

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, _command(top))
    return entries, seen


def pane_entries(window: QMainWindow, panes: Sequence[tuple[str, QWidget]], seen: set[int]) -> list[KeyEntry]:
    """Actions and shortcuts with keys that no menu shows, under the pane holding them."""

    def pane_of(widget: object) -> str | None:
        if not isinstance(widget, QWidget):
            return None
        for name, pane in panes:
            if widget is pane or pane.isAncestorOf(widget):
                return name
        return None

    entries: list[KeyEntry] = []
    for action in window.findChildren(QAction):
        if id(action) in seen or not action.shortcuts():
            continue
        section = next((s for s in map(pane_of, action.associatedObjects()) if s), None)
        if section is not None:
            seen.add(id(action))
            entries.append(KeyEntry(section, _described(action), _keys(action.shortcuts())))
    for shortcut in window.findChildren(QShortcut):
        section = pane_of(shortcut.parent())
        if section is not None and shortcut.whatsThis():
            entries.append(KeyEntry(section, shortcut.whatsThis(), _keys(shortcut.keys())))
    return entries


def key_reference(window: QMainWindow, panes: Sequence[tuple[str, QWidget]],
                  handled: Sequence[tuple[str, Sequence[tuple[str, str]]]]) -> list[KeyEntry]:
    """The whole reference: menus, panes, then the keys ``handled`` by widgets themselves."""
    entries, seen = menu_entries(window)
    by_pane = pane_entries(window, panes, seen)
    order = {name: i for i, (name, _pane) in enumerate(panes)}
    entries += sorted(by_pane, key=lambda e: (order[e.section], e.section))
    for section, keys in handled:
        entries += [KeyEntry(section, what, key) for key, what in keys]
    return entries


class KeyboardReference(QDialog):
    """The keys, in a table one can filter by typing."""

    def __init__(self, entries: list[KeyEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard Reference")
        self.entries = entries
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter: a command, a key or a pane")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter)
        self.table = QTableWidget(len(entries), 3)
        self.table.setHorizontalHeaderLabels(["Where", "Command", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        for row, entry in enumerate(entries):
            for col, text in enumerate((entry.section, entry.command, entry.keys)):
                self.table.setItem(row, col, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        column(self.filter_edit, (self.table, 1), close_buttons(self), parent=self, margins=None)
        self.resize(720, 620)

    def visible_rows(self) -> list[KeyEntry]:
        return [e for row, e in enumerate(self.entries) if not self.table.isRowHidden(row)]

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        for row, entry in enumerate(self.entries):
            haystack = f"{entry.section} {entry.command} {entry.keys}".casefold()
            self.table.setRowHidden(row, not all(word in haystack for word in words))


class RulesDialog(QDialog):
    """Each game's rules: the list of games on the left, the chosen game's rules beside it."""

    def __init__(self, game: str = "snake", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game Rules")
        self.games = QListWidget()
        titles = {name: descriptor.title for name, descriptor in games().items()}
        names = games_with_rules()  # the shipped games', and those of installed packages that have rules
        for name in names:
            item = QListWidgetItem(titles.get(name, name))
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.games.addItem(item)
        self.games.setFixedWidth(max(120, self.games.sizeHintForColumn(0) + 24))
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        column((row(self.games, (self.text, 1)), 1), close_buttons(self), parent=self, margins=None)
        self.games.currentItemChanged.connect(
            lambda item, _old: self.show_game(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None)
        self.games.setCurrentRow(names.index(game) if game in names else 0)
        self.resize(860, 600)

    def show_game(self, game: str) -> None:
        self.game = game
        try:
            text = rules_text(game)
        except (OSError, ValueError) as err:
            self.text.setPlainText(f"The rules of {game} cannot be shown: {err}")
            return
        self.text.setMarkdown(text)

