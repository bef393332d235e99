"""The tournament's rating plot: each entrant's ordinal after every counted game.

Two things the plain seat plot got wrong here (issue 16): its legend sat inside the plot and
covered the lines, and entrants whose ratings are equal (every game a draw, two copies of one
program) drew one line over the other, so one entrant seemed to be missing. Here the legend has
its own column right of the plot, and each entrant has its own dash pattern, marker shape and
width: earlier entrants are drawn wider and below, later ones narrower on top, so lines that
coincide show as a band of several colours with nested markers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from arena.tournament import Standings
from editor.widgets.parts.seat_plots import CURVE_WIDTH, DASHES, LEGEND_GAP, NARROWEST, WIDEST, SeriesPlot
from editor.widgets.tournament.tournament_entrants import entrant_color

SYMBOLS = ("o", "s", "t", "d", "t1", "p", "h", "star", "+", "x")
LEGEND_NAME = 22
"""Longer names are cut in the legend (the standings show them whole)."""
VIEW_MIN = 210
"""The narrowest the plot's view (with its left axis) gets: the widget is kept as wide as that and
the legend."""


def legend_text(name: str) -> str:
    return name if len(name) <= LEGEND_NAME else name[: LEGEND_NAME - 1] + "…"


class RatingPlot(SeriesPlot):
    """Each entrant's rating ordinal after every counted game, in the entrant colours, with the
    legend beside the plot."""

    legend_frame = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rating over games", "ordinal (μ − 3σ)", x_label="games played", noun="Entrant", parent=parent,
                         legend_beside=True)
        item = self.plot_widget.getPlotItem()
        # Game numbers every 1, 2 or 5 games, as many as can be read apart (pyqtgraph's default
        # lets "9101112" run together on a narrow plot).
        item.getAxis("bottom").setStyle(textFillLimits=[(0, 0.8), (1, 0.45)])
        self._apply_palette()
        # A picture of the standings' numbers: named for a reader, but no Tab stop (it has nothing
        # to do with keys, and drew no focus).
        self.setAccessibleName("Rating plot")
        self.setAccessibleDescription("Each entrant's rating after every game; the Standings table has the numbers")
        self.plot_widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def show_standings(self, names: Sequence[str], standings: Standings) -> None:
        self.set_seat_names(names)
        rows = [[point[name] for name in names] for point in standings.history]
        self.set_series(list(range(1, len(rows) + 1)), rows)
        self._legend.setVisible(bool(names))
        legend = self._legend.preferredWidth() if names else 0.0
        self.setMinimumWidth(int(VIEW_MIN + LEGEND_GAP + legend))
        # The bottom axis ticks whole games only (no "2.5"), as many as its width has room for.

    def legend_rect(self) -> QRectF:
        """Where the legend is, in the plot's scene."""
        rect: QRectF = self._legend.sceneBoundingRect()
        return rect

    def data_rect(self) -> QRectF:
        """Where the curves are drawn (the view box), in the plot's scene."""
        rect: QRectF = self.plot_widget.getPlotItem().getViewBox().sceneBoundingRect()
        return rect

    def curve_symbol(self, index: int) -> str | None:
        symbol = self._curves[index].opts.get("symbol")
        return str(symbol) if symbol is not None else None

    def curve_z(self, index: int) -> float:
        return float(self._curves[index].zValue())

    def seat_name(self, index: int) -> str:
        return legend_text(super().seat_name(index))

    def _pen(self, index: int) -> QPen:
        pen: QPen = pg.mkPen(entrant_color(index), width=self._width(index), style=DASHES[index % len(DASHES)])
        return pen

    def _width(self, index: int) -> float:
        count = max(len(self._names), len(self._curves), index + 1)
        if count == 1:
            return CURVE_WIDTH
        return WIDEST - (WIDEST - NARROWEST) * index / (count - 1)

    def _show_curves(self, x: Any, ys: Any) -> None:
        super()._show_curves(x, ys)
        for index, curve in enumerate(self._curves):
            # The style goes into the curve's options and the curve is built again once: each of
            # pyqtgraph's setters (pen, symbol, its size, its brush) builds the line and the markers
            # again (four builds per curve: ~1.3 of ~5 ms per draw of four entrants' markers, on
            # the GUI thread every second while a tournament plays).
            curve.opts["pen"] = self._pen(index)  # widths depend on how many entrants there are
            if curve.opts.get("symbol") is not None:
                curve.opts.update(symbol=SYMBOLS[index % len(SYMBOLS)], symbolSize=self._width(index) + 4,
                                  symbolBrush=pg.mkBrush(entrant_color(index)))
            curve.updateItems(styleUpdate=True)
            curve.setZValue(index)  # later (narrower) entrants on top
