"""What a tournament shows while it plays: the standings table and the list of games (those
finished, and those being played); the rating plot is :mod:`.rating_plot`."""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from arena.tournament import GameRecord, Standings
from editor.widgets.parts.seat_cards import ordinal
from editor.widgets.tournament.focus_frame import show_focus
from editor.widgets.tournament.tournament_entrants import entrant_swatch

COLUMNS = ("#", "Entrant", "Games", "W", "D", "L", "Mean score", "Points", "μ", "σ", "Ordinal")
COLUMN_TIPS = {
    "W": "Wins: first place alone", "D": "Draws: first place shared", "L": "Losses",
    "Points": "Ranking points: place p of k seats is worth k − p (shared places share their points)",
    "μ": "OpenSkill rating: the mean", "σ": "OpenSkill rating: the uncertainty",
    "Ordinal": "The conservative rating μ − 3σ: breaks ties in points; the plot shows it",
}
SPOKEN = {"#": "Place", "W": "Wins", "D": "Draws", "L": "Losses", "μ": "Rating mean", "σ": "Rating uncertainty"}
"""A column's name to a screen reader, where its title is a letter or a sign."""
VALUE_ROLE = Qt.ItemDataRole.UserRole
_COLOR_ROLE = Qt.ItemDataRole.UserRole + 1
_SEATS_ROLE = Qt.ItemDataRole.UserRole + 2  # a game row's entrants, for showing the games of two
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _status(status: str) -> str:
    """A seat's bot status when it is not the usual ``ok`` (a timeout, a crash…)."""
    return "" if status == "ok" else f" ({status.replace('_', ' ')})"


def _fault_tip(faults: str | None) -> str:
    """The entrant cell's tooltip: how often its bot misbehaved (its games still count as the
    game scored them, so the row alone would not say it)."""
    return "" if faults is None else f"Its bot misbehaved: {faults} (counted as the game scored them)"


class ResultsTable(QTableWidget):
    """The standings, best first: every number of ``snakepit tournament``'s table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        for column, name in enumerate(COLUMNS):
            title = self.horizontalHeaderItem(column)
            if title is not None and name in COLUMN_TIPS:
                title.setToolTip(COLUMN_TIPS[name])
            if title is not None and name in SPOKEN:
                title.setData(Qt.ItemDataRole.AccessibleTextRole, SPOKEN[name])
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setAccessibleName("Standings")
        show_focus(self)
        self.setTabKeyNavigation(False)  # Tab moves on to the games; arrows move between cells
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        # Columns are fitted to their contents once per update (show_standings), not by the
        # header's ResizeToContents mode: that measures every cell again on each cell's change
        # (tens of milliseconds per update on the GUI thread while a tournament plays).
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(34)
        self.resizeColumnsToContents()

    def show_standings(self, names: Sequence[str], standings: Standings) -> None:
        """Show ``standings``; the rows' items are kept and only changed values set again (the
        table is shown again after every few games of a tournament)."""
        color = {name: i for i, name in enumerate(names)}
        self._resize(len(standings.table))
        for row, s in enumerate(standings.table):
            values: list[tuple[str, object]] = [
                (str(row + 1), row + 1), (s.name, s.name), (str(s.games), s.games), (str(s.wins), s.wins),
                (str(s.draws), s.draws), (str(s.losses), s.losses), (f"{s.mean_score:.2f}", s.mean_score),
                (f"{s.points:.1f}", s.points), (f"{s.mu:.2f}", s.mu), (f"{s.sigma:.2f}", s.sigma),
                (f"{s.ordinal:.2f}", s.ordinal)]
            for column, (text, value) in enumerate(values):
                item = self._item(row, column)
                if item.data(VALUE_ROLE) != value or item.text() != text:
                    item.setText(text)
                    item.setData(VALUE_ROLE, value)
                if column == 1 and item.toolTip() != (tip := _fault_tip(s.fault_text())):
                    item.setToolTip(tip)
                if column == 1 and item.data(_COLOR_ROLE) != color.get(s.name, 0):
                    item.setData(_COLOR_ROLE, color.get(s.name, 0))
                    item.setIcon(entrant_swatch(color.get(s.name, 0)))
        self.resizeColumnsToContents()

    def _resize(self, rows: int) -> None:
        """``rows`` rows, each new one filled with empty items in the columns' styles."""
        old = self.rowCount()
        self.setRowCount(rows)
        for row in range(old, rows):
            for column in range(len(COLUMNS)):
                item = QTableWidgetItem()
                if column != 1:
                    item.setTextAlignment(_RIGHT)
                if column in (1, 7):
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.setItem(row, column, item)

    def selected_name(self) -> str | None:
        """The entrant on the selected row, or None."""
        rows = {index.row() for index in self.selectedIndexes()}
        return str(self._item(min(rows), 1).data(VALUE_ROLE)) if rows else None

    def row_of(self, name: str) -> int:
        return self.column_texts("Entrant").index(name)

    def column_values(self, name: str) -> list[object]:
        """The raw values of a column, top to bottom (what the shown text was formatted from)."""
        column = COLUMNS.index(name)
        return [self._item(row, column).data(VALUE_ROLE) for row in range(self.rowCount())]

    def column_texts(self, name: str) -> list[str]:
        column = COLUMNS.index(name)
        return [self._item(row, column).text() for row in range(self.rowCount())]

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.item(row, column)
        assert item is not None  # every cell is filled by show_standings
        return item


class GameList(QTreeWidget):
    """The games in schedule order, numbered from 1: each finished game with its places (who
    won first; first its map, ``on meadow.txt:``, in a tournament of several maps) and rounds, the seats in seat order in its tooltip; and each game being played,
    in grey italics, until it ends. :meth:`show_pair` lists only the games two entrants played
    together (games that end meanwhile join the list when they are theirs)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Game", "Result: place, entrant, score", "Rounds"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setAccessibleName("Games")
        show_focus(self)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self._rows: list[int] = []  # the index of the game on each row, in order
        self._playing: set[int] = set()
        self._pair: tuple[str, str] | None = None

    def clear_games(self) -> None:
        self.clear()
        self._rows, self._playing, self._pair = [], set(), None

    def show_pair(self, pair: tuple[str, str] | None) -> None:
        """List only the games both entrants of ``pair`` played in, or (None) every game."""
        self._pair = pair
        for row in range(self.topLevelItemCount()):
            item = self.topLevelItem(row)
            if item is not None:
                item.setHidden(not self._shows(item))

    def pair(self) -> tuple[str, str] | None:
        return self._pair

    def shown(self) -> list[int]:
        """The indices of the games listed now (finished or playing), in order."""
        return [index for row, index in enumerate(self._rows) if not self._row_hidden(row)]

    def _row_hidden(self, row: int) -> bool:
        item = self.topLevelItem(row)
        return item is None or item.isHidden()

    def _shows(self, item: QTreeWidgetItem) -> bool:
        return self._pair is None or set(self._pair) <= set(item.data(0, _SEATS_ROLE) or ())

    def indices(self) -> list[int]:
        """The finished games' indices (0-based, as the schedule counts), in order."""
        return [index for index in self._rows if index not in self._playing]

    def playing(self) -> list[int]:
        """The games being played, by index."""
        return sorted(self._playing)

    def start_game(self, index: int, seats: Sequence[str], map_name: str | None = None) -> None:
        """Show game ``index`` as being played by ``seats`` (on ``map_name``: a tournament of
        several maps, named as a finished game's row names it)."""
        if index in self._rows:
            return
        where = f"on {map_name}: " if map_name is not None else ""
        item = QTreeWidgetItem([str(index + 1), f"{where}{' – '.join(seats)}: playing…", ""])
        item.setData(0, _SEATS_ROLE, tuple(seats))
        on = f" on {map_name}" if map_name is not None else ""
        item.setToolTip(1, f"Game {index + 1} is being played{on}: {', '.join(seats)} (in seat order)")
        font = QFont(item.font(1))
        font.setItalic(True)
        for column in range(3):
            item.setFont(column, font)
            item.setForeground(column, self.palette().placeholderText())
        self._playing.add(index)
        self._insert(index, item)

    def stop_playing(self, index: int | None = None) -> None:
        """Game ``index`` is no longer being played without a result (it could not be played), or,
        without an index, none is: the run ended (a resume plays them)."""
        for stopped in sorted(self._playing if index is None else self._playing & {index}, reverse=True):
            self.takeTopLevelItem(self._rows.index(stopped))
            self._rows.remove(stopped)
            self._playing.discard(stopped)

    def add_game(self, record: GameRecord) -> None:
        if record.index in self._rows:
            if record.index not in self._playing:
                return
            self.takeTopLevelItem(self._rows.index(record.index))
            self._rows.remove(record.index)
            self._playing.discard(record.index)
        seats = sorted(range(len(record.seats)), key=lambda s: (record.ranks[s], s))
        result = " · ".join(f"{record.ranks[s]}. {record.seats[s]}{_status(record.statuses[s])} {record.scores[s]:g}"
                            for s in seats)
        where = f" on {record.map}" if record.map is not None else ""  # a tournament of several maps
        item = QTreeWidgetItem([str(record.index + 1), f"{where[1:]}: {result}" if where else result, str(record.rounds)])
        item.setData(0, VALUE_ROLE, record.index)
        item.setData(0, _SEATS_ROLE, record.seats)
        tip = "\n".join(f"seat {s + 1}: {name}, {ordinal(rank)}, score {score:g}{_status(status)}"
                         for s, (name, rank, score, status)
                         in enumerate(zip(record.seats, record.ranks, record.scores, record.statuses)))
        item.setToolTip(1, f"Game {record.index + 1}{where}, seed {record.seed} (replays/game-{record.index:04d}.jsonl)\n{tip}\n"
                           "Double-click to watch it in the arena")
        self._insert(record.index, item)

    def selected_index(self) -> int | None:
        """The selected finished game's index (0-based), or None."""
        item = self.currentItem()
        if item is None or not item.isSelected() or item.data(0, VALUE_ROLE) is None:
            return None
        return int(item.data(0, VALUE_ROLE))

    def game_text(self, index: int) -> list[str]:
        """The texts of game ``index``'s row (game number, result, rounds), as shown."""
        item = self.topLevelItem(self._rows.index(index))
        assert item is not None  # every listed index has its row
        return [item.text(column) for column in range(3)]

    def _insert(self, index: int, item: QTreeWidgetItem) -> None:
        for column in (0, 2):
            item.setTextAlignment(column, _RIGHT)
        position = bisect.bisect(self._rows, index)
        self._rows.insert(position, index)
        self.insertTopLevelItem(position, item)
        item.setHidden(not self._shows(item))  # hidden only once it is in the tree
