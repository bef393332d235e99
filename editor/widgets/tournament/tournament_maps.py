"""The further maps of a tournament: a list under the setup's map chooser, filled from an **Add…**
menu (the game's sample maps, or any file) and emptied with **Remove** (or Delete in the list).
Every pairing plays on the map chosen above and on each map of the list, in turn (see
:mod:`arena.tournament.schedule`); an empty list is a tournament of one map, as before."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QMenu, QToolButton, QWidget

from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.form_widgets import push_button
from editor.widgets.tournament.focus_frame import show_focus

_VALUE = Qt.ItemDataRole.UserRole
VISIBLE_ROWS = 4
"""Rows the list shows before it scrolls (it shows none while empty: a form of one map stays as
it was but for the Add… button)."""


class MapList(QWidget):
    """The maps played besides the one chosen above it, in order. ``browse`` asks the user for a
    file (None: cancelled)."""

    changed = Signal()

    def __init__(self, browse: Callable[[], str | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._browse = browse
        self._labels: dict[str, str] = {}
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        show_focus(self.list)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.add_button = QToolButton()
        self.add_button.setText("Add…")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.add_menu = QMenu(self.add_button)
        self.add_button.setMenu(self.add_menu)
        self.remove_button = push_button("Remove", "", self.remove_selected)
        remove = QAction("Remove maps", self.list)  # Delete in the list, as the tip says
        remove.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        remove.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        remove.triggered.connect(self.remove_selected)
        self.list.addAction(remove)
        column(self.list, row(self.add_button, STRETCH, self.remove_button), parent=self, spacing=4)
        self.set_choices("Map", [])

    def set_choices(self, title: str, choices: Iterable[tuple[str, object]]) -> None:
        """Offer the game's sample maps (``(label, file)``) in the Add… menu, named by the game's
        word for a map (``Playfield``); the list is emptied."""
        lower = title.lower()
        self.add_menu.clear()
        choices = list(choices)
        self._labels = {str(value): label for label, value in choices}  # a sample listed again by its name
        for label, value in choices:
            action = self.add_menu.addAction(label)
            action.setToolTip(str(value))
            action.triggered.connect(lambda _checked=False, v=str(value), t=label: self.add_map(v, t))
        self.add_menu.addSeparator()
        self.add_menu.addAction(f"Other {lower} file…").triggered.connect(lambda _checked=False: self._add_file())
        self.add_button.setToolTip(f"Add a {lower}: every pairing plays on the {lower} above and on each of these, "
                                   "in turn")
        self.add_button.setAccessibleName(f"Add a {lower}")
        self.list.setAccessibleName(f"More {lower}s")
        self.list.setToolTip(f"Every pairing also plays on each of these {lower}s (Delete removes the selected)")
        self.remove_button.setToolTip(f"Remove the selected {lower}s (Delete)")
        self.remove_button.setAccessibleName(f"Remove the selected {lower}s")
        self.set_maps([])

    def maps(self) -> list[str]:
        """The listed maps' files, in order."""
        return [str(self._item(r).data(_VALUE)) for r in range(self.list.count())]

    def set_maps(self, maps: Sequence[str]) -> None:
        with QSignalBlocker(self.list):
            self.list.clear()
            for value in maps:
                self._append(value, self._labels.get(value, Path(value).name))
        self._fit()
        self.changed.emit()

    def add_map(self, value: str, label: str | None = None) -> None:
        """List ``value`` (once: a map listed already is selected instead) and select it."""
        found = next((r for r in range(self.list.count()) if self._item(r).data(_VALUE) == value), None)
        if found is None:
            self._append(value, label or Path(value).name)
            found = self.list.count() - 1
        self.list.setCurrentRow(found, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._fit()
        self.changed.emit()

    def remove_selected(self) -> None:
        rows = sorted((self.list.row(item) for item in self.list.selectedItems()), reverse=True)
        for r in rows:
            self.list.takeItem(r)
        if rows:
            self._fit()
            self.changed.emit()

    def set_editable(self, editable: bool) -> None:
        self.setEnabled(editable)
        if editable:
            self._update_buttons()

    def _add_file(self) -> None:
        path = self._browse()
        if path:
            self.add_map(path)

    def _append(self, value: str, label: str) -> None:
        item = QListWidgetItem(label)
        item.setData(_VALUE, value)
        item.setToolTip(value)
        self.list.addItem(item)

    def _item(self, r: int) -> QListWidgetItem:
        item = self.list.item(r)
        assert item is not None  # every row below count() has its item
        return item

    def _fit(self) -> None:
        """As tall as its rows (up to :data:`VISIBLE_ROWS`), hidden while empty."""
        count = self.list.count()
        self.list.setVisible(count > 0)
        rows = max(1, min(count, VISIBLE_ROWS))
        height = self.list.sizeHintForRow(0) if count else self.list.fontMetrics().height() + 4
        self.list.setFixedHeight(rows * height + 2 * self.list.frameWidth())
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.remove_button.setVisible(self.list.count() > 0)
        self.remove_button.setEnabled(self.list.isEnabled() and bool(self.list.selectedItems()))
