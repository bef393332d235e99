"""The entrants of a tournament as an editable list: program files, the game's samples (the
shipped snake programs, the sample bots of ``samples/<game>/``, the C ones compiled) and the program
open in the editor; names are edited in place. Also each entrant's colour, shared by the list,
the standings and the rating plot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QColor, QFont, QIcon, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHeaderView,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from arena.tournament.games import SNAKE
from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.dialog_folders import BOTS, PROGRAMS, game_start_folder, remember_file
from editor.widgets.parts.form_widgets import push_button
from editor.widgets.parts.seat_cards import disc_pixmap
from editor.widgets.parts.seat_choices import EDITOR_SEAT, named_programs, sample_bots
from editor.widgets.parts.seat_colors import seat_color
from editor.widgets.tournament.focus_frame import show_focus
from matcher import ProgramError, load_program, loads_program
from matcher.fileformat import PROGRAM_SUFFIX

EDITOR = EDITOR_SEAT
"""The target of the entrant that plays the program open in the editor (its text at Start)."""
EDITOR_LABEL = "the program open in the editor"
SWATCH = 12
_TARGET = Qt.ItemDataRole.UserRole
_DEFAULT_NAME = Qt.ItemDataRole.UserRole + 1
_EDIT_TRIGGERS = (QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                  | QAbstractItemView.EditTrigger.SelectedClicked)

# The first four are the seat colours (a two-entrant snake tournament looks like its battles);
# the rest keep hues apart for the larger fields a tournament has.
_MORE_COLORS = ("#7b52d6", "#0e9fb3", "#c0392b", "#8a7a12", "#5d6d7e", "#d35d8f", "#2e8b57", "#a0522d")


def entrant_color(index: int) -> QColor:
    """Entrant ``index``'s colour in the lists, the table and the rating plot."""
    if index < 4:
        return seat_color(index)
    return QColor(_MORE_COLORS[(index - 4) % len(_MORE_COLORS)])


def entrant_swatch(index: int, size: int = SWATCH) -> QIcon:
    return QIcon(disc_pixmap(entrant_color(index), size))


def sample_entrants(game: str) -> list[tuple[str, str]]:
    """``(name, target)`` of the samples offered for ``game``: the shipped snake programs by
    their names, or the game's sample bots (scripts in ``samples/<game>/``, the C samples
    compiled)."""
    if game == SNAKE:
        return [(name, str(path)) for name, path in named_programs()]
    return [(f"{path.stem} (C)" if compiled else path.stem, str(path)) for path, compiled in sample_bots(game)]


@dataclass(frozen=True)
class EntrantRow:
    """One line of the entrant list: its name and what it plays (a program file, a sample, a
    bot's file or command line, or :data:`EDITOR`)."""

    name: str
    target: str


def unique_name(name: str, taken: Sequence[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… when it is taken."""
    if name not in taken:
        return name
    number = 2
    while f"{name} {number}" in taken:
        number += 1
    return f"{name} {number}"


# --- the entrant list -----------------------------------------------------------------------------


class EntrantList(QWidget):
    """The entrants as an editable table (name, and the program or bot), with Add sample, Add
    file, the editor's program and Remove. Names are edited in place; a blanked name returns to
    the default one."""

    changed = Signal()
    message = Signal(str)
    """Why an entrant was not added (empty: the last add went well)."""

    def __init__(self, parent: QWidget | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()  # remembers the Add file… folder
        self._game = SNAKE
        self._editor_text: str | None = None
        self._editable = True
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["Name", "Program or bot"])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(_EDIT_TRIGGERS)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(0, 130)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 4 + 30)
        self.table.setToolTip("Double-click a name to change it")
        self.table.setAccessibleName("Entrants")
        show_focus(self.table)
        self.table.setTabKeyNavigation(False)  # Tab moves on to the next control; arrows move between cells
        self.table.itemChanged.connect(self._item_changed)
        self.table.itemSelectionChanged.connect(self._update_buttons)

        self.sample_box = QComboBox()
        self.sample_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.sample_box.setMinimumContentsLength(10)
        self.sample_box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.add_sample_button = push_button("Add", "Add the chosen sample as an entrant", self.add_chosen_sample)
        self.add_file_button = push_button("Add file…", "", self._browse)  # its tip follows the game (set_game)
        self.add_editor_button = push_button("Editor's program", "Add the program open in the editor (as it is when "
                                             "the tournament starts)", self.add_editor_program)
        self.remove_button = push_button("Remove", "Remove the selected entrants (Delete)", self.remove_selected)
        # Delete in the table, as the tip says (only while the table itself has the keys: in a name
        # being edited, Delete deletes a letter).
        self.remove_action = QAction("Remove entrants", self.table)
        self.remove_action.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.remove_action.triggered.connect(self._remove_by_key)
        self.table.addAction(self.remove_action)
        self.sample_box.setAccessibleName("Sample")

        column((self.table, 1), row((self.sample_box, 1), self.add_sample_button),
               row(self.add_file_button, self.add_editor_button, STRETCH, self.remove_button), parent=self)
        self.set_game(SNAKE)

    # --- our API -----------------------------------------------------------------------------

    def rows(self) -> list[EntrantRow]:
        return [EntrantRow(self._name_item(r).text().strip(), str(self._name_item(r).data(_TARGET)))
                for r in range(self.table.rowCount())]

    def set_rows(self, rows: Sequence[EntrantRow]) -> None:
        with QSignalBlocker(self.table):
            self.table.setRowCount(0)
            for row in rows:
                self._append(row.name, row.target)
        self._update_buttons()
        self.changed.emit()

    def set_game(self, game: str) -> None:
        """Offer ``game``'s samples (the rows are the caller's to keep or replace)."""
        self._game = game
        self.sample_box.clear()
        for name, target in sample_entrants(game):
            self.sample_box.addItem(name, target)
            self.sample_box.setItemData(self.sample_box.count() - 1, target, Qt.ItemDataRole.ToolTipRole)
        programs = game == SNAKE
        self.sample_box.setToolTip("A sample program" if programs else "A sample bot")
        self.add_file_button.setToolTip("Add a program file" if programs else "Add a bot: a program file (Python, shell, binary)")
        self.add_editor_button.setVisible(programs)
        self._update_buttons()

    def set_editor_text(self, text: str | None) -> None:
        self._editor_text = text
        self._update_buttons()

    def add(self, target: str, name: str | None = None) -> EntrantRow | None:
        """Add an entrant playing ``target``; its name defaults to the program's name (snake) or
        the bot file's name. A snake program that cannot be read is reported, not added."""
        if name is None:
            try:
                name = self._default_name(target)
            except (ProgramError, OSError) as err:
                self.message.emit(f"Not added: {getattr(err, 'strerror', None) or err}")
                return None
        row = EntrantRow(unique_name(name, [r.name for r in self.rows()]), target)
        with QSignalBlocker(self.table):
            self._append(row.name, row.target)
        self.table.selectRow(self.table.rowCount() - 1)
        self.message.emit("")
        self.changed.emit()
        return row

    def add_sample(self, name: str) -> EntrantRow | None:
        """Add the sample called ``name`` (as the sample list shows it)."""
        found = self.sample_box.findText(name)
        if found < 0:
            self.message.emit(f"Not added: {self._game} has no sample {name!r}")
            return None
        return self.add(str(self.sample_box.itemData(found)), name)

    def add_chosen_sample(self) -> EntrantRow | None:
        if self.sample_box.currentIndex() < 0:
            return None
        return self.add_sample(self.sample_box.currentText())

    def add_editor_program(self) -> EntrantRow | None:
        return self.add(EDITOR) if self._editor_text is not None else None

    def remove_selected(self) -> None:
        for row in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)
        self._recolor()
        self._update_buttons()
        self.changed.emit()

    def _remove_by_key(self) -> None:
        if self.remove_button.isEnabled():  # not while a tournament runs
            self.remove_selected()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter on the sample box adds the sample (what a user choosing one means), rather than
        reaching the tab, where Enter starts the tournament."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.sample_box.hasFocus() \
                and self.add_sample_button.isEnabled():
            self.add_chosen_sample()
            return
        super().keyPressEvent(event)

    def set_editable(self, editable: bool) -> None:
        self._editable = editable  # a selection made while a tournament runs enables nothing
        for widget in (self.sample_box, self.add_sample_button, self.add_file_button, self.add_editor_button,
                       self.remove_button):
            widget.setEnabled(editable)
        self.table.setEditTriggers(_EDIT_TRIGGERS if editable else QAbstractItemView.EditTrigger.NoEditTriggers)
        if editable:
            self._update_buttons()

    # --- details -----------------------------------------------------------------------------

    def _default_name(self, target: str) -> str:
        if target == EDITOR:
            try:
                return loads_program(self._editor_text or "", EDITOR_LABEL).name.strip() or "Editor's program"
            except ProgramError:
                return "Editor's program"  # the run names the problem
        if self._game == SNAKE:
            return load_program(Path(target)).name
        return Path(target.split()[0]).stem if target.split() else target

    def _append(self, name: str, target: str) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        item = QTableWidgetItem(entrant_swatch(row), name)
        item.setData(_TARGET, target)
        item.setData(_DEFAULT_NAME, name)
        item.setToolTip("Double-click to rename")
        shown = QTableWidgetItem(EDITOR_LABEL if target == EDITOR else _short(target))
        shown.setToolTip(EDITOR_LABEL if target == EDITOR else target)
        shown.setFlags(shown.flags() & ~Qt.ItemFlag.ItemIsEditable)
        if target == EDITOR:
            font = QFont(shown.font())
            font.setItalic(True)
            shown.setFont(font)
        self.table.setItem(row, 0, item)
        self.table.setItem(row, 1, shown)

    def _name_item(self, row: int) -> QTableWidgetItem:
        item = self.table.item(row, 0)
        assert item is not None  # every row is made with both items
        return item

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == 0 and not item.text().strip():
            with QSignalBlocker(self.table):
                item.setText(str(item.data(_DEFAULT_NAME)))
        self.changed.emit()

    def _recolor(self) -> None:
        with QSignalBlocker(self.table):
            for row in range(self.table.rowCount()):
                self._name_item(row).setIcon(entrant_swatch(row))

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(self._editable and bool(self.table.selectedIndexes()))
        self.add_editor_button.setEnabled(self._editable and self._editor_text is not None)
        self.add_sample_button.setEnabled(self._editable and self.sample_box.count() > 0)

    def _browse(self) -> None:
        # Where the last file of the kind was chosen (in the arena and the Battle tab too), as
        # every other file dialog of the app starts: not in the samples every time.
        settings = self.settings
        kind = PROGRAMS if self._game == SNAKE else BOTS
        start = str(game_start_folder(settings, kind, self._game))
        if kind == PROGRAMS:
            path, _ = QFileDialog.getOpenFileName(self, "Add an entrant", start,
                                                  f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
        else:
            path, _ = QFileDialog.getOpenFileName(self, "Add a bot", start)
        if path:
            remember_file(settings, kind, path)
            self.add(path)


def _short(target: str) -> str:
    """A sample or file by its file name (the whole path is in the tooltip)."""
    path = Path(target)
    return path.name if path.is_absolute() and path.exists() else target
