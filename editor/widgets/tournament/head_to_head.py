"""The tournament's head-to-head table (a crosstable): each entrant against each other one, rows
and columns in the standings' order, each cell the row's wins-draws-losses against the column
(in games of more than two seats: how often it finished ahead, level, behind), its tooltip in
words. Counting is :mod:`arena.tournament.crosstable`'s; this only shows what it is given, and
sets again only the cells whose text changed (it is shown again after every few games)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QWidget

from arena.tournament.crosstable import HeadToHead, Meeting, crosstable_text
from editor.widgets.parts.boxes import column
from editor.widgets.tournament.focus_frame import show_focus
from editor.widgets.tournament.tournament_entrants import entrant_swatch

_CENTER = Qt.AlignmentFlag.AlignCenter
# Translucent tints read on light and dark palettes alike: the row's entrant did better (green)
# or worse (red) against the column's; level, or not met yet, untinted.
_BETTER = QColor(40, 160, 60, 60)
_WORSE = QColor(200, 50, 50, 60)


def meeting_tip(a: str, b: str, meeting: Meeting, multi_seat: bool) -> str:
    """A cell's tooltip: the full numbers, in words."""
    if not meeting.games:
        return f"{a} and {b} have not met yet"
    watch = "\nDouble-click (or Enter) to list their games"
    games = f"{meeting.games} game{'s' * (meeting.games != 1)}"
    if multi_seat:
        return (f"{a} against {b}, in the {games} they played together: finished ahead {meeting.ahead}, "
                f"level {meeting.level}, behind {meeting.behind} (by their places in each game){watch}")
    return f"{a} against {b}, {games}: won {meeting.ahead}, drew {meeting.level}, lost {meeting.behind}{watch}"


def legend_text(multi_seat: bool) -> str:
    """One line (it sits over a table that is short at 1024 x 700): the order is the
    standings', whose places number the columns; the tooltips say the rest."""
    what = "finished ahead–level–behind, by place" if multi_seat else "wins–draws–losses"
    return f"Each row against each column: {what}. Hover a cell for words."


class HeadToHeadTable(QTableWidget):
    """Who beat whom; ``show_table`` fills it. A double-click on a cell, or Enter on the current
    one, asks for the games of its two entrants (``pairChosen``: row's, column's). Copy (Ctrl+C,
    or the context menu) puts the whole table on the clipboard as ``snakepit tournament`` prints
    it (names whole, in one block), to paste in a post or a mail."""

    pairChosen = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 0, parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(False)
        self.setAccessibleName("Head to head")
        show_focus(self)
        self.setTabKeyNavigation(False)  # Tab moves on; arrows move between cells
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setMinimumSectionSize(34)
        self._order: list[str] = []
        self._shown: tuple[HeadToHead, int] = (HeadToHead([]), 2)  # the table and its seats, to copy
        self.cellDoubleClicked.connect(self._double_clicked)
        # The key is taken in event() and keyPressEvent(), not as the action's shortcut: the main
        # window's Copy Cells has Ctrl+C wherever the window is, and two live shortcuts of one key
        # are ambiguous to Qt, which then runs neither (a text field takes its keys the same way).
        key = QKeySequence(QKeySequence.StandardKey.Copy).toString(QKeySequence.SequenceFormat.NativeText)
        copy = QAction(f"Copy the table as text\t{key}", self)
        copy.triggered.connect(self.copy_text)
        self.addAction(copy)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def text(self) -> str:
        """The table as ``snakepit tournament`` prints it, names whole (no width to fit)."""
        table, seats = self._shown
        return crosstable_text(table, self._order, width=10**6, seats=seats) if self._order else ""

    def copy_text(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.text())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and event.matches(QKeySequence.StandardKey.Copy):
            event.accept()  # Ctrl+C is this table's while it has the focus (see __init__)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_text()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentRow() >= 0:
            self._double_clicked(self.currentRow(), self.currentColumn())
            return
        super().keyPressEvent(event)

    def _double_clicked(self, row: int, col: int) -> None:
        if row != col and 0 <= row < len(self._order) and 0 <= col < len(self._order):
            self.pairChosen.emit(self._order[row], self._order[col])

    def show_table(self, order: Sequence[str], table: HeadToHead, colors: Mapping[str, int], seats: int = 2) -> None:
        """``table`` with rows and columns in ``order`` (the standings', best first); ``colors``
        gives each entrant's swatch (its index in the entrants' list); ``seats``: players per
        game (above 2 the tooltips speak of places)."""
        count = len(order)
        if list(order) != self._order:
            self._relabel(order, colors)
        multi = table.multi_seat() or seats > 2
        self._shown = (table, seats)
        for row, a in enumerate(order):
            for col, b in enumerate(order):
                item = self._cell(row, col)
                if a == b:
                    continue
                meeting = table.meeting(a, b)
                text = meeting.text().replace("-", "–") if meeting.games else "·"
                tip = meeting_tip(a, b, meeting, multi)
                if item.text() == text and item.toolTip() == tip:
                    continue
                item.setText(text)
                item.setToolTip(tip)
                # A screen reader says the words, not "3–0–4" under a column called "2".
                item.setData(Qt.ItemDataRole.AccessibleTextRole, tip.split("\n")[0])
                tint = _BETTER if meeting.ahead > meeting.behind else _WORSE if meeting.behind > meeting.ahead else None
                item.setBackground(QBrush(tint) if tint is not None else QBrush())
        if count:
            self.resizeColumnsToContents()

    def cell_text(self, a: str, b: str) -> str:
        """The cell of ``a`` (row) against ``b`` (column), as shown."""
        return self._cell(self._order.index(a), self._order.index(b)).text()

    def cell_tip(self, a: str, b: str) -> str:
        return self._cell(self._order.index(a), self._order.index(b)).toolTip()

    def order(self) -> list[str]:
        return list(self._order)

    def _relabel(self, order: Sequence[str], colors: Mapping[str, int]) -> None:
        """New entrants or a new standings order: every cell is set again."""
        self._order = list(order)
        count = len(order)
        self.clear()
        self.setRowCount(count)
        self.setColumnCount(count)
        for place, name in enumerate(order, 1):
            side = QTableWidgetItem(f"{place}. {name}")
            side.setIcon(entrant_swatch(colors.get(name, 0)))
            side.setToolTip(f"{place}. {name} in the standings: its row is its games against each column's entrant")
            self.setVerticalHeaderItem(place - 1, side)
            top = QTableWidgetItem(str(place))
            top.setToolTip(f"{place}. {name} in the standings")
            top.setData(Qt.ItemDataRole.AccessibleTextRole, f"{place}. {name}")
            self.setHorizontalHeaderItem(place - 1, top)
        for row in range(count):
            for col in range(count):
                item = QTableWidgetItem("×" if row == col else "")
                item.setTextAlignment(_CENTER)
                if row == col:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                    item.setToolTip(f"{order[row]} does not play itself")
                self.setItem(row, col, item)

    def _cell(self, row: int, col: int) -> QTableWidgetItem:
        item = self.item(row, col)
        assert item is not None  # every cell is filled by _relabel
        return item


class HeadToHeadPanel(QWidget):
    """The table under a line saying how to read it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend = QLabel(legend_text(False))
        self.legend.setWordWrap(True)
        self.table = HeadToHeadTable()
        self.legend.setBuddy(self.table)  # how to read it, said with the table's name
        self.table.setAccessibleDescription(self.legend.text())
        column(self.legend, (self.table, 1), parent=self, spacing=4, margins=(0, 4, 0, 0))

    def show_table(self, order: Sequence[str], table: HeadToHead, colors: Mapping[str, int], seats: int = 2) -> None:
        text = legend_text(table.multi_seat() or seats > 2)
        if self.legend.text() != text:
            self.legend.setText(text)
            self.table.setAccessibleDescription(text)
        self.table.show_table(order, table, colors, seats)
