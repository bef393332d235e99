"""What a tournament shows while it plays: the standings table, the rating plot (each entrant's
ordinal after every counted game) and the list of finished games."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPen
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
from editor.widgets.parts.seat_plots import CURVE_WIDTH, SeriesPlot
from editor.widgets.tournament.tournament_entrants import entrant_color, entrant_swatch

COLUMNS = ("#", "Entrant", "Games", "W", "D", "L", "Mean score", "Points", "μ", "σ", "Ordinal")
COLUMN_TIPS = {
    "W": "Wins: first place alone", "D": "Draws: first place shared", "L": "Losses",
    "Points": "Ranking points: place p of k seats is worth k − p (shared places share their points)",
    "μ": "OpenSkill rating: the mean", "σ": "OpenSkill rating: the uncertainty",
    "Ordinal": "The conservative rating μ − 3σ: breaks ties in points; the plot shows it",
}
VALUE_ROLE = Qt.ItemDataRole.UserRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _status(status: str) -> str:
    """A seat's bot status when it is not the usual ``ok`` (a timeout, a crash…)."""
    return "" if status == "ok" else f" ({status.replace('_', ' ')})"


class RatingPlot(SeriesPlot):
    """Each entrant's rating ordinal after every counted game, in the entrant colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rating over games", "ordinal (μ − 3σ)", x_label="games played", noun="Entrant", parent=parent)

    def show_standings(self, names: Sequence[str], standings: Standings) -> None:
        self.set_seat_names(names)
        rows = [[point[name] for name in names] for point in standings.history]
        self.set_series(list(range(1, len(rows) + 1)), rows)
        self._legend.setVisible(bool(names))
        axis = self.plot_widget.getPlotItem().getAxis("bottom")
        if 0 < len(rows) <= 12:
            axis.setTickSpacing(1, 1)  # whole games: no "2.5" between two games
        else:
            axis.setTickSpacing()  # pyqtgraph's own spacing for long runs

    def _pen(self, index: int) -> QPen:
        pen: QPen = pg.mkPen(entrant_color(index), width=CURVE_WIDTH)
        return pen

    def _show_curves(self, x: Any, ys: Any) -> None:
        super()._show_curves(x, ys)
        for index, curve in enumerate(self._curves):
            curve.setSymbolBrush(entrant_color(index))


class ResultsTable(QTableWidget):
    """The standings, best first: every number of ``snakepit tournament``'s table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        for column, name in enumerate(COLUMNS):
            title = self.horizontalHeaderItem(column)
            if title is not None and name in COLUMN_TIPS:
                title.setToolTip(COLUMN_TIPS[name])
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(34)

    def show_standings(self, names: Sequence[str], standings: Standings) -> None:
        color = {name: i for i, name in enumerate(names)}
        self.setRowCount(len(standings.table))
        for row, s in enumerate(standings.table):
            values: list[tuple[str, object]] = [
                (str(row + 1), row + 1), (s.name, s.name), (str(s.games), s.games), (str(s.wins), s.wins),
                (str(s.draws), s.draws), (str(s.losses), s.losses), (f"{s.mean_score:.2f}", s.mean_score),
                (f"{s.points:.1f}", s.points), (f"{s.mu:.2f}", s.mu), (f"{s.sigma:.2f}", s.sigma),
                (f"{s.ordinal:.2f}", s.ordinal)]
            for column, (text, value) in enumerate(values):
                item = QTableWidgetItem(text)
                item.setData(VALUE_ROLE, value)
                if column == 1:
                    item.setIcon(entrant_swatch(color.get(s.name, 0)))
                else:
                    item.setTextAlignment(_RIGHT)
                if column in (1, 7):
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.setItem(row, column, item)

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
    """The finished games in schedule order: the places (who won first), the rounds; the seats in
    seat order are in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Game", "Result: place, entrant, score", "Rounds"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self._indices: list[int] = []

    def clear_games(self) -> None:
        self.clear()
        self._indices = []

    def indices(self) -> list[int]:
        return list(self._indices)

    def add_game(self, record: GameRecord) -> None:
        if record.index in self._indices:
            return
        seats = sorted(range(len(record.seats)), key=lambda s: (record.ranks[s], s))
        result = " · ".join(f"{record.ranks[s]}. {record.seats[s]}{_status(record.statuses[s])} {record.scores[s]:g}"
                            for s in seats)
        item = QTreeWidgetItem([str(record.index), result, str(record.rounds)])
        item.setData(0, VALUE_ROLE, record.index)
        tip = "\n".join(f"seat {s}: {name}, {ordinal(rank)}, score {score:g}{_status(status)}"
                         for s, (name, rank, score, status)
                         in enumerate(zip(record.seats, record.ranks, record.scores, record.statuses)))
        item.setToolTip(1, f"Game {record.index}, seed {record.seed}\n{tip}\nDouble-click to watch it in the arena")
        for column in (0, 2):
            item.setTextAlignment(column, _RIGHT)
        position = bisect.bisect(self._indices, record.index)
        self._indices.insert(position, record.index)
        self.insertTopLevelItem(position, item)

    def selected_index(self) -> int | None:
        item = self.currentItem()
        return int(item.data(0, VALUE_ROLE)) if item is not None and item.isSelected() else None
