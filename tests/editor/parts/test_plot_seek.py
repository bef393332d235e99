"""A seek in a long replay moves the plots' round line only: each one redrew every curve (1857
turns of four seats), 8 ms a seek for the scores, over a second for noisy think times. The curves
are drawn once per change of data and kept (no timing here: the figures are in the work's report);
what is checked is that moving the line does not draw them again."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pyqtgraph.graphicsItems.PlotDataItem as plot_data_item
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.parts.seat_plots import DENSE, SeriesPlot

TURNS = 400


def redraw(plot: SeriesPlot) -> None:
    """Paint the plot now, as the screen would after the events in hand."""
    QApplication.processEvents()
    plot.plot_widget.viewport().repaint()


def test_moving_the_round_line_does_not_redraw_the_curves(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[object] = []

    class CountedCurve(pg.PlotCurveItem):  # type: ignore[misc]  # pyqtgraph is untyped
        def paint(self, *args: object) -> None:
            drawn.append(self)
            super().paint(*args)

    monkeypatch.setattr(plot_data_item, "PlotCurveItem", CountedCurve)  # the curves a plot makes
    plot = SeriesPlot("Think time per turn", "think time", "s", legend_beside=True)
    qtbot.addWidget(plot)
    plot.resize(400, 420)
    plot.show()
    qtbot.waitExposed(plot)
    values = np.random.default_rng(1).random((TURNS, 4)) * 0.05
    plot.set_series(list(range(1, TURNS + 1)), values.tolist())
    line = plot.add_cursor()
    redraw(plot)
    redraw(plot)  # the view's range settles after the first paint
    curves = [plot._curves[index].curve for index in range(plot.curve_count())]
    assert all(curve in drawn for curve in curves)  # drawn once
    drawn.clear()
    for turn in (10, 200, 390):
        line.setValue(turn)
        redraw(plot)
    assert line.value() == 390 and not [item for item in drawn if item in curves]
    plot.append(TURNS + 1, [0.01, 0.02, 0.03, 0.04])  # new data: drawn again
    redraw(plot)
    assert all(curve in drawn for curve in curves)


def test_a_long_series_is_drawn_with_thin_lines_and_a_short_one_with_the_seats_widths(qtbot: QtBot) -> None:
    """Wide pens along four noisy curves of 1857 turns took seconds to draw at each change."""
    plot = SeriesPlot("Think time per turn", "think time", "s")
    qtbot.addWidget(plot)
    values = np.random.default_rng(2).random((DENSE + 1, 4)).tolist()
    plot.set_series(list(range(1, DENSE + 2)), values)
    assert [plot.curve_pen(seat).widthF() for seat in range(4)] == [1.0] * 4
    plot.set_series(list(range(1, 41)), values[:40])  # a new, short match: the seats' own widths again
    widths = [plot.curve_pen(seat).widthF() for seat in range(4)]
    assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1] > 1.0
