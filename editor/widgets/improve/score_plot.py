"""The improve search's live plot: the best program's score per generation with its 95% interval
as a band, the user's program on the same battles, and a mark where a change was kept."""

from __future__ import annotations

import math
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from arena.improve import Progress
from editor.widgets.parts.seat_colors import seat_color
from editor.widgets.parts.seat_plots import SeatPlot

CURVES = ("best program", "your program")
BAND_ALPHA = 60
EMPTY_X, EMPTY_Y = (1, 10), (0, 100)
"""The axes' ranges before the first generation."""


def _percent(value: float) -> float:
    return value * 100 if math.isfinite(value) else math.nan


class ScorePlot(SeatPlot):
    """Score (mean game score, %) over generations: curve 0 the best program, its interval a band;
    curve 1 the program the search started from; a star where a change was kept."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Curve", "generation", "score (%)", parent=parent)
        self._x: list[float] = []
        self._best: list[float] = []
        self._low: list[float] = []
        self._high: list[float] = []
        self._start: list[float] = []
        self._kept: list[float] = []
        item = self.plot_widget.getPlotItem()
        self._low_curve = pg.PlotDataItem([], [])
        self._high_curve = pg.PlotDataItem([], [])
        color = seat_color(0)
        color.setAlpha(BAND_ALPHA)
        self._band = pg.FillBetweenItem(self._low_curve, self._high_curve, brush=pg.mkBrush(color))
        item.addItem(self._band)
        self._marks = pg.ScatterPlotItem([], [], symbol="star", size=14, pen=None, brush=pg.mkBrush(seat_color(0)))
        item.addItem(self._marks)
        self.set_seat_names(CURVES)
        item.getAxis("bottom").enableAutoSIPrefix(False)  # "generation (x0.001)" on an empty plot
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot_widget)
        self._set_title("Best score per generation (95% interval)")
        self._redraw()

    # --- our API -----------------------------------------------------------------------------

    def clear(self) -> None:
        self._x, self._best, self._low, self._high, self._start, self._kept = [], [], [], [], [], []
        self._redraw()

    def add(self, progress: Progress) -> None:
        """One generation's point."""
        self._x.append(float(progress.generation))
        self._best.append(_percent(progress.best.mean))
        # An interval from one unit is infinite: no band there rather than one off the chart.
        self._low.append(_percent(progress.best.low))
        self._high.append(_percent(progress.best.high))
        self._start.append(_percent(progress.start.mean))
        if progress.kept:
            self._kept.append(float(progress.generation))
        self._redraw()

    def points(self) -> int:
        return len(self._x)

    def kept_generations(self) -> list[float]:
        return list(self._kept)

    def band(self) -> tuple[np.ndarray, np.ndarray]:
        """The interval's lower and upper edges as plotted."""
        low, high = self._low_curve.getData()[1], self._high_curve.getData()[1]
        return np.asarray(low if low is not None else []), np.asarray(high if high is not None else [])

    # --- details -----------------------------------------------------------------------------

    def _redraw(self) -> None:
        x = np.array(self._x, dtype=float)
        self._show_curves(x, [np.array(self._best, dtype=float), np.array(self._start, dtype=float)])
        low, high = np.array(self._low, dtype=float), np.array(self._high, dtype=float)
        finite = np.isfinite(low) & np.isfinite(high)  # the band skips generations without an interval
        self._low_curve.setData(x[finite], low[finite])
        self._high_curve.setData(x[finite], high[finite])
        best = dict(zip(self._x, self._best))
        self._marks.setData(self._kept, [best[g] for g in self._kept])
        view = self.plot_widget.getPlotItem().getViewBox()
        if self._x:
            view.enableAutoRange()
        else:  # an empty plot still reads as generations and percents
            view.setRange(xRange=EMPTY_X, yRange=EMPTY_Y, padding=0)

    def _pen(self, index: int) -> QPen:
        pen = super()._pen(index)
        if index == 1:  # the reference, not the result: dashed
            pen.setStyle(Qt.PenStyle.DashLine)
        return pen
