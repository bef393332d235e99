"""Per-seat log of a match: every turn a bot was asked — its status and why, its answer, its wall
and CPU time, the tail of what it wrote to stderr — filtered by seat and by a search text.

Rows come from the frames as they arrive (all finished turns, not only up to the shown one), so a
bot's trouble can be found while the board shows an earlier turn; a double click on a row asks
for that turn to be shown. The table fits a side panel: short fixed columns, the seat as its
colour disc (its name in the tooltip) and only while all seats are listed, the note last taking
the rest; the selected row's whole story (seat, reason, answer, times, stderr) shows in a detail
box under the table. A snake replay reads as its live match did: its programs choose their moves
again as it plays, timed then (:mod:`arena.snake_referee`), so its rows say "ok" with a time too."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontDatabase, QIcon, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arena.bots import BotStatus
from arena.closing import split_note
from editor.widgets.arena.match_runner import Frame
from editor.widgets.parts.seat_cards import swatch_pixmap
from editor.widgets.parts.seat_colors import delta_color
from editor.widgets.parts.seat_names import plain_tip

COLUMNS = ("Turn", "Seat", "Status", "Answer", "Time", "Reason · stderr")
TURN, SEAT, STATUS, ANSWER, TIME, NOTE = range(len(COLUMNS))
ALL_SEATS = -1
SEAT_BOX_LETTERS = 16
"""The seat chooser's width in letters: a longer name is cut there (whole in its list and tooltip)."""
FOLLOW_MS = 200
"""While a match plays, the log follows the shown turn at most this often."""
DISPLAY, ALIGNMENT, FOREGROUND = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole
DECORATION, TOOLTIP = Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ToolTipRole
_ANSWERED = frozenset({DISPLAY, ALIGNMENT, FOREGROUND, DECORATION, TOOLTIP})
_ALIGN = {SEAT: int(Qt.AlignmentFlag.AlignCenter),
          TURN: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
          TIME: int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)}
Index = QModelIndex | QPersistentModelIndex


def status_words(label: str) -> str:
    """A status as the log's Status column says it (``invalid_output``: "invalid output")."""
    return label.replace("_", " ")


STATUS_WORDS = tuple(status_words(status.label) for status in BotStatus)
"""Every status the Status column may say: it is as wide as the widest of them."""


class LogRow(NamedTuple):
    turn: int
    seat: int
    status: str
    answer: str
    wall: float | None
    cpu: float | None
    stderr: str
    reason: str

    def note(self) -> str:
        """One line: the reason, then the last stderr line (the reason says what went wrong)."""
        last = next((line for line in reversed(self.stderr.splitlines()) if line.strip()), "")
        return " · ".join(part for part in (self.reason, last) if part)

    def details(self, seat_name: str, noun: str = "Turn") -> str:
        """Everything about the row, for the detail box: a heading line (the round called
        ``noun``), then reason, answer, stderr."""
        times = "" if self.wall is None else f" · {ms_text(self.wall)} (cpu {ms_text(self.cpu or 0.0)})"
        lines = [f"{noun} {self.turn} · {seat_name} · {status_words(self.status)}{times}"]
        if self.reason:
            lines.append(f"Reason: {self.reason}")
        if self.answer:
            lines.append(f"Answer: {self.answer}")
        if self.stderr.strip():
            lines += ["Stderr:", self.stderr.rstrip()]
        return "\n".join(lines)

    def text(self) -> str:
        """Everything a search looks through."""
        return " ".join((str(self.turn), self.status, self.answer, self.stderr, self.reason))


def ms_text(seconds: float) -> str:
    """Milliseconds, with a decimal under 10 (a card program decides in well under one)."""
    ms = seconds * 1000
    return f"{ms:.1f} ms" if ms < 9.95 else f"{ms:.0f} ms"


def rows_of(frame: Frame) -> list[LogRow]:
    """The log rows of one frame: a row per seat whose bot ran (or whose program moved), and a
    seat not run in it whose record holds how its bot ended after the game (Bio-blots' waiting
    seat at the end: its note was on the scoreboard only)."""
    if frame.turn == 0:
        return []
    if frame.records is None:
        # Moves without records (no game's rounds come so today): the words of a live match's.
        return [LogRow(frame.turn, seat, BotStatus.OK.label, str(move), None, None, "", "")
                for seat, move in enumerate(frame.moves) if move is not None]
    rows = []
    for seat, record in enumerate(frame.records):
        if record.status is BotStatus.SKIPPED and not split_note(record.reason)[1]:
            continue
        answer = "" if record.answer is None else record.answer
        rows.append(LogRow(frame.turn, seat, record.status.label, answer, record.wall_time, record.cpu_time,
                           record.stderr_tail, record.reason))
    return rows


class SeatLogModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[LogRow] = []
        self.names: list[str] = []
        self.noun = COLUMNS[TURN]
        """The game's word for a round, the first column's heading."""
        self._bad = QColor("#c9302c")
        self._icons: dict[int, QIcon] = {}

    def reset(self, names: Sequence[str], noun: str = "turn") -> None:
        self.beginResetModel()
        self.rows, self.names, self.noun = [], list(names), noun.capitalize()
        self.endResetModel()

    def set_noun(self, noun: str) -> None:
        """The first column's heading: the game's word for a round."""
        self.noun = noun.capitalize()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, TURN, TURN)

    def add(self, rows: Sequence[LogRow]) -> None:
        if rows:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(rows) - 1)
            self.rows.extend(rows)
            self.endInsertRows()

    def set_bad_color(self, color: QColor) -> None:
        self._bad = color

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return "" if section == SEAT else self.noun if section == TURN else COLUMNS[section]  # discs: no heading
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.noun if section == TURN else COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # A view asks ~10 roles of every shown cell at every repaint (a match at full speed
        # repaints the log many times a second): the roles nobody answers go first, cheaply.
        if role not in _ANSWERED:
            return None
        row, column = self.rows[index.row()], index.column()
        if role == DISPLAY:
            return None if column == SEAT else self._text(row, column)
        if role == ALIGNMENT:
            return _ALIGN.get(column)
        if role == FOREGROUND:
            return self._bad if column == STATUS and row.status != BotStatus.OK.label else None
        if role == DECORATION:
            return self._icon(row.seat) if column == SEAT else None
        tip = self._tooltip(row, column)
        return None if tip is None else plain_tip(tip)  # a name, a reason, stderr: as written

    def _icon(self, seat: int) -> QIcon:
        icon = self._icons.get(seat)
        if icon is None:
            icon = self._icons[seat] = QIcon(swatch_pixmap(seat, 12))
        return icon

    def _tooltip(self, row: LogRow, column: int) -> str | None:
        if column in (SEAT, STATUS):
            return self._text(row, column)
        if column in (NOTE, ANSWER):
            answer = f"answer: {row.answer}" if column == ANSWER and row.answer else ""
            return "\n".join(part for part in (answer, row.reason, row.stderr.rstrip()) if part) or None
        if column == TIME and row.wall is not None:
            return f"wall {row.wall * 1000:.1f} ms · cpu {(row.cpu or 0.0) * 1000:.1f} ms"
        return None

    def _text(self, row: LogRow, column: int) -> str:
        if column == TURN:
            return str(row.turn)
        if column == SEAT:
            return self.names[row.seat] if row.seat < len(self.names) else str(row.seat)
        if column == STATUS:
            return status_words(row.status)
        if column == ANSWER:
            return row.answer
        if column == TIME:
            return "" if row.wall is None else ms_text(row.wall)
        return row.note()


class SeatFilter(QSortFilterProxyModel):
    """Rows of one seat (or all) whose text contains the search (any case)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.seat = ALL_SEATS
        self.needle = ""

    def set_filter(self, seat: int, needle: str) -> None:
        if hasattr(self, "endFilterChange"):  # Qt 6.10 on; invalidateFilter() is deprecated there
            self.beginFilterChange()
            self.seat, self.needle = seat, needle.casefold().strip()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.seat, self.needle = seat, needle.casefold().strip()
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, SeatLogModel)
        row = model.rows[source_row]
        if self.seat != ALL_SEATS and row.seat != self.seat:
            return False
        return not self.needle or self.needle in row.text().casefold() or self.needle in model._text(row, SEAT).casefold()


class SeatLog(QWidget):
    """The log table with a seat chooser and a search field over it, the selected row's details
    under it."""

    turnActivated = Signal(int)
    """A row was double-clicked: show that turn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = SeatLogModel(self)
        self._following = 0
        self._follow_timer = QTimer(self)
        self._follow_timer.setSingleShot(True)
        self._follow_timer.setInterval(FOLLOW_MS)
        self._follow_timer.timeout.connect(lambda: self.show_turn(self._following))
        self._pending: list[LogRow] = []
        """Rows that came while a follow was due (a match playing): they go into the table with it,
        so at full speed the table is laid out and repainted a few times a second, not every round."""
        self.filter = SeatFilter(self)
        self.filter.setSourceModel(self.model)
        self.seat_box = QComboBox()
        self.seat_box.setPlaceholderText("No match yet")
        # As wide as a short name: sized to its longest name (a bot's long file name) it left the
        # search field a few pixels at 1024 px. Its list opens wide enough for every name.
        self.seat_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.seat_box.setMinimumContentsLength(SEAT_BOX_LETTERS)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search answers, statuses, stderr…")
        self.set_noun("turn")
        self.search.setClearButtonEnabled(True)
        self.search.installEventFilter(self)
        self.table = QTableView()
        self.table.setModel(self.filter)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # the arrows move between rows; Tab leaves (no trap)
        self.table.setAccessibleName("Seat log")
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        font = QFont(self.table.font())
        font.setFeature(QFont.Tag("tnum"), 1)
        self.table.setFont(font)
        header = self.table.horizontalHeader()
        header.setMinimumSectionSize(24)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(NOTE, QHeaderView.ResizeMode.Stretch)  # the note takes what is left
        metrics, pad = self.table.fontMetrics(), 12
        widest_status = max(STATUS_WORDS, key=metrics.horizontalAdvance)  # "disqualified" was cut at "disqua…"
        for column, sample in ((TURN, "0000"), (STATUS, widest_status), (ANSWER, "down"), (TIME, "0000 ms")):
            heading = "Round" if column == TURN else COLUMNS[column]  # the longest of the games' round nouns
            width = max(metrics.horizontalAdvance(sample), header.fontMetrics().horizontalAdvance(heading))
            self.table.setColumnWidth(column, width + pad)  # longer statuses and answers: tooltip, details
        self.table.setColumnWidth(SEAT, 12 + pad)  # a disc: the room goes to the status words
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("seatLogDetail")
        self.detail.setReadOnly(True)
        self.detail.setPlaceholderText("Select a row to read all of it: the reason, the answer, stderr")
        self.detail.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.detail.setMinimumHeight(self.fontMetrics().lineSpacing() * 3 + 12)
        self.table.doubleClicked.connect(self._activated)
        self.table.selectionModel().currentRowChanged.connect(lambda current, _previous: self._show_details(current))
        self.seat_box.currentIndexChanged.connect(self._refilter)
        self.seat_box.currentTextChanged.connect(
            lambda name: self.seat_box.setToolTip(plain_tip(f"Whose {self.model.noun.lower()}s to list: {name}")))
        self.search.textChanged.connect(self._refilter)
        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.seat_box)
        top.addWidget(self.search, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([400, self.fontMetrics().lineSpacing() * 5 + 12])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)
        self._set_enabled(False)

    def reset(self, names: Sequence[str], noun: str = "turn") -> None:
        """A new match of seats ``names``, whose rounds the game calls ``noun`` ("step", "move")."""
        self._pending = []
        self._follow_timer.stop()
        self.model.reset(names, noun)
        self.set_noun(noun)
        self.model.set_bad_color(delta_color(-1, self.palette()))
        self.seat_box.blockSignals(True)
        self.seat_box.clear()
        self.seat_box.addItem("All seats", ALL_SEATS)
        for seat, name in enumerate(names):
            self.seat_box.addItem(QIcon(swatch_pixmap(seat, 10)), name, seat)
            self.seat_box.setItemData(seat + 1, plain_tip(name), Qt.ItemDataRole.ToolTipRole)
        metrics = self.seat_box.fontMetrics()  # (the list's own size hint counts only rows laid out)
        widest = max((metrics.horizontalAdvance(name) for name in ["All seats", *names]))
        self.seat_box.view().setMinimumWidth(widest + self.seat_box.iconSize().width() + 4 * metrics.averageCharWidth())
        self.seat_box.setCurrentIndex(0)
        self.seat_box.blockSignals(False)
        self._set_enabled(True)
        self._refilter()
        self._show_details(QModelIndex())

    def set_noun(self, noun: str) -> None:
        """What the game calls a round ("step", "move", "turn"): the first column's heading and
        the tooltips say it, before a match (the chosen game's) as after (the match's)."""
        self.model.set_noun(noun)
        word = noun.lower()
        self.seat_box.setToolTip(f"Whose {word}s to list")
        self.search.setToolTip(f"Rows whose {word}, status, answer, reason or stderr holds this (Esc clears it)")

    def add_frame(self, frame: Frame) -> None:
        self.add_frames((frame,))

    def add_frames(self, frames: Sequence[Frame]) -> None:
        """Frames that arrived together: one insertion (one relayout of the table) for all. While
        the log follows a playing match, with the next follow (:data:`FOLLOW_MS`): each insertion
        repaints the whole table, 3-5 ms, every round of a match at full speed (issue 16)."""
        rows = [row for frame in frames for row in rows_of(frame)]
        if self._follow_timer.isActive():
            self._pending.extend(rows)
        else:
            self._flush()
            self.model.add(rows)

    def follow(self, turn: int, playing: bool) -> None:
        """The board shows ``turn``: the log follows it at once, or (``playing``, when turns go
        by many times a second) at most every :data:`FOLLOW_MS`, ending on the last one (marking
        and scrolling a long log costs more than a frame)."""
        self._following = turn
        if not playing:
            self._follow_timer.stop()
            self.show_turn(turn)
        elif not self._follow_timer.isActive():
            self._follow_timer.start()

    def show_turn(self, turn: int) -> None:
        """Scroll to (and mark) the first listed row of ``turn``: the log follows the board."""
        self._flush()
        source = bisect.bisect_left(self.model.rows, turn, key=lambda row: row.turn)
        rows = self.model.rows
        while source < len(rows) and rows[source].turn == turn:
            index = self.filter.mapFromSource(self.model.index(source, 0))
            if index.isValid():
                self.table.selectionModel().setCurrentIndex(
                    index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
                self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
                return
            source += 1
        self.table.clearSelection()
        first = self.filter.mapToSource(self.filter.index(0, 0))
        if not first.isValid() or first.row() >= source:
            # Before every listed row (a replay's step 0): the log from its top, no old row
            # current (Tab into the table starts at the first row, not where the last match was).
            self.table.setCurrentIndex(QModelIndex())
            self.table.scrollToTop()

    def set_seat(self, seat: int | None) -> None:
        self.seat_box.setCurrentIndex(max(0, self.seat_box.findData(ALL_SEATS if seat is None else seat)))

    def shown_rows(self) -> list[LogRow]:
        """The rows the table lists (after the seat and search filters)."""
        self._flush()
        return [self.model.rows[self.filter.mapToSource(self.filter.index(r, 0)).row()]
                for r in range(self.filter.rowCount())]

    def _flush(self) -> None:
        """The rows held for the next follow go into the table now."""
        if self._pending:
            rows, self._pending = self._pending, []
            self.model.add(rows)

    def _refilter(self) -> None:
        seat = self.seat_box.currentData()
        seat = ALL_SEATS if seat is None else int(seat)
        self.filter.set_filter(seat, self.search.text())
        self.table.setColumnHidden(SEAT, seat != ALL_SEATS)  # one seat's turns: its name is above
        current = self.table.currentIndex()
        if current.isValid():  # the marked turn stays in sight (it was scrolled to among all rows)
            self.table.scrollTo(current, QAbstractItemView.ScrollHint.PositionAtCenter)

    def _set_enabled(self, enabled: bool) -> None:
        for widget in (self.seat_box, self.search):
            widget.setEnabled(enabled)

    def _show_details(self, index: QModelIndex | QPersistentModelIndex) -> None:
        if not index.isValid():
            self.detail.clear()
            return
        row = self.model.rows[self.filter.mapToSource(self.filter.index(index.row(), 0)).row()]
        self.detail.setPlainText(row.details(self.model._text(row, SEAT), self.model.noun))

    def _activated(self, index: QModelIndex) -> None:
        row = self.model.rows[self.filter.mapToSource(index).row()]
        self.turnActivated.emit(row.turn)

    def eventFilter(self, watched: QObject, event: Any) -> bool:
        # Escape in the search field clears it (and never reaches the pane's Stop).
        if watched is self.search and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape \
                and event.type() == event.Type.KeyPress and self.search.text():
            self.search.clear()
            return True
        return False

    def changeEvent(self, event: Any) -> None:
        super().changeEvent(event)
        if hasattr(self, "model") and event.type() == event.Type.PaletteChange:
            self.model.set_bad_color(delta_color(-1, self.palette()))
