"""Plots of a match with pyqtgraph: one curve per seat over turns.

:class:`SeatPlot` is what every such plot shares: a curve per seat in the seat colours, a legend
of seat names, axes and background from the light or dark palette, and PNG export.
:class:`SeriesPlot` is one per-seat curve over turns for every game (score per seat, think time
per seat); a game's own plots (the kingdoms history) build on :class:`SeatPlot` too.
"""

from __future__ import annotations

import html

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pyqtgraph.exporters
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor, QPalette, QPen
from PySide6.QtWidgets import QGraphicsItem, QSizePolicy, QVBoxLayout, QWidget

from editor.widgets.parts.seat_colors import blend, seat_color
from editor.widgets.parts.seat_names import seat_name

HIDDEN_SIZE = (800, 480)
"""The size a plot that was never shown is laid out at for an export."""
CURVE_WIDTH = 2.0
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)
WIDEST, NARROWEST = CURVE_WIDTH + 1.5, CURVE_WIDTH - 0.5
"""The first seat's line and the narrowest a later seat's gets (see :func:`seat_pen`)."""
DENSE = 400
"""Points in a curve past which its line is drawn 1 px wide: Qt strokes a wider pen along every
zigzag of a jagged curve, and four noisy think-time curves of 1857 turns took over 2 s to draw
(22 ms at 1 px). So many points hide the seats' widths anyway; colours and dashes remain."""
LEGEND_COLUMN = 3
"""The plot item's grid: left axis 0, view 1, right axis 2, a legend beside the view 3."""
LEGEND_GAP = 8


def legend_beside_view(item: pg.PlotItem, *, frame: bool = True) -> pg.LegendItem:
    """A legend in ``item``'s grid, right of the view, at the top of its column: it takes room
    from the view instead of covering its lines; as wide as its names (a narrow plot narrows its
    view, never cuts them), as tall as its rows."""
    legend = pg.LegendItem(offset=None, verSpacing=-4, frame=frame)
    legend.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Maximum)
    item.legend = legend  # curves plotted with a name join it
    item.layout.addItem(legend, 2, LEGEND_COLUMN)
    item.layout.setColumnStretchFactor(LEGEND_COLUMN, 0)
    item.layout.setColumnSpacing(LEGEND_COLUMN - 1, LEGEND_GAP)
    item.layout.setAlignment(legend, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    return legend


def seat_pen(color: QColor, index: int) -> QPen:
    """Seat ``index``'s line: its colour, its own dash pattern, and narrower than the seats before
    it (drawn over them). Lines that coincide (equal territories, a draw) then show as a band of
    all their colours instead of the last one hiding the others (issue 16)."""
    pen: QPen = pg.mkPen(color, width=max(NARROWEST, WIDEST - 0.7 * index))
    pen.setStyle(DASHES[index % len(DASHES)])
    return pen


class PlotError(ValueError):
    """A plot cannot do what was asked (no data to export, a file that cannot be written)."""


class WholeAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph is untyped: its classes are Any
    """An axis of whole numbers (rounds, turns): ticks only at whole values, so a short match
    does not read "round 2.5"."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        levels = [(spacing, offset) for spacing, offset in super().tickSpacing(minVal, maxVal, size) if spacing >= 1]
        return levels or [(1.0, 0.0)]


class SeatPlot(QWidget):
    """A pyqtgraph plot with one curve per seat in the seat colours, a legend of seat names, axes
    and background from the palette, and PNG export. Subclasses feed :meth:`_show_curves`."""

    legend_frame = True
    """Whether a legend beside the plot is framed."""

    def __init__(self, noun: str, x_label: str, y_label: str, y_units: str | None = None,
                 parent: QWidget | None = None, *, legend_beside: bool = False) -> None:
        """``y_units`` (seconds: ``"s"``) makes the values measures; without, they are counts and
        the y axis ticks whole numbers too. ``legend_beside``: the legend has a column of its own
        right of the plot (it takes room from the curves instead of covering them)."""
        super().__init__(parent)
        self._noun = noun
        self._names: list[str] = []
        self._title: str | None = None
        self._curves: list[pg.PlotDataItem] = []
        self._dense = False
        """Whether the curves have more than :data:`DENSE` points (drawn 1 px wide)."""
        axes = {"bottom": WholeAxis("bottom")} | ({"left": WholeAxis("left")} if y_units is None else {})
        self.plot_widget = pg.PlotWidget(axisItems=axes)
        # A picture to a screen reader: its name says what it plots (a title, when set, names it).
        self.plot_widget.setAccessibleName(f"Plot of {y_label} over {x_label}")
        self.plot_widget.setMenuEnabled(True)
        self.plot_widget.setMinimumSize(240, 160)
        item = self.plot_widget.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.18)
        for side in ("left", "bottom"):
            # Major and minor ticks only: the third level's hundreds of grid lines made a repaint
            # of a live plot cost tens of milliseconds.
            item.getAxis(side).setStyle(maxTickLevel=1)
            # Painted into a pixmap and drawn from it until the axis changes: a live match moves
            # the round line and redraws the curves far more often than the ticks change, and
            # replaying the axis's picture was 40 % of each repaint (issue 16).
            item.getAxis(side).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        item.setLabel("bottom", x_label)
        item.setLabel("left", y_label, units=y_units)
        # SI prefixes make "seconds" read "ms"; on plain counts they would only confuse.
        item.getAxis("left").enableAutoSIPrefix(y_units is not None)
        item.getViewBox().setMouseEnabled(x=True, y=False)
        if legend_beside:
            self._legend = legend_beside_view(item, frame=self.legend_frame)
        else:
            self._legend = item.addLegend(offset=(8, 8), verSpacing=-4)
        self._apply_palette()

    # --- our API -----------------------------------------------------------------------------

    def set_seat_names(self, names: Sequence[str]) -> None:
        """Legend names; a seat without one is "<noun> <id>"."""
        self._names = list(names)
        self._rename()

    def seat_name(self, index: int) -> str:
        return seat_name(self._names, index, self._noun)

    def curve_count(self) -> int:
        return len(self._curves)

    def legend_names(self) -> list[str]:
        """The names the legend shows, one per curve."""
        names = []
        for curve in self._curves:
            label = self._legend.getLabel(curve)
            names.append(html.unescape(label.text) if label is not None else "")
        return names

    def legend_covers_curves(self) -> bool:
        """Whether the legend lies over the curves' area (the plot's view box)."""
        view = self.plot_widget.getPlotItem().getViewBox().sceneBoundingRect()
        return bool(self._legend.isVisible() and self._legend.sceneBoundingRect().intersects(view))

    def curve_pen(self, seat: int) -> QPen:
        return QPen(self._curves[seat].opts["pen"])

    def curve_data(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The (x, y) points of ``seat``'s curve as plotted (NaN where the seat has no value)."""
        x, y = self._curves[seat].getData()
        return (np.asarray(x if x is not None else []), np.asarray(y if y is not None else []))

    def add_cursor(self) -> pg.InfiniteLine:
        """A grey vertical line (at the shown turn, say) that leaves the plot's range alone;
        move it with ``setValue``."""
        line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen((128, 128, 128), width=1))
        self.plot_widget.getPlotItem().addItem(line, ignoreBounds=True)
        return line

    def export_png(self, path: str | Path, width: int | None = None) -> Path:
        """Write the plot (title, axes, curves, legend; no controls) as a PNG, by default at the
        size it is shown (pyqtgraph scales axis text with ``width`` but not the legend's)."""
        target = Path(path)
        self._settle()
        exporter = pg.exporters.ImageExporter(self.plot_widget.getPlotItem())
        if width is not None:
            exporter.parameters()["width"] = max(16, int(width))
        image = exporter.export(toBytes=True)
        if image is None or image.isNull() or not image.save(str(target), "PNG"):
            raise PlotError(f"{target}: cannot write the plot as PNG")
        return target

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(640, 360)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._apply_palette()

    # --- for subclasses ----------------------------------------------------------------------

    def _set_title(self, title: str) -> None:
        text = self.palette().color(QPalette.ColorRole.WindowText)
        self.plot_widget.getPlotItem().setTitle(title, color=text.name(), size="11pt")
        self.plot_widget.setAccessibleName(title)
        self._title = title

    def _show_curves(self, x: np.ndarray, ys: Sequence[np.ndarray]) -> None:
        """Plot ``ys[seat]`` over ``x`` for every seat; NaN breaks a curve (no value there)."""
        while len(self._curves) < len(ys):
            index = len(self._curves)
            curve = self.plot_widget.getPlotItem().plot(
                [], [], name=self._legend_text(index), pen=self._pen(index), antialias=True, connect="finite")
            for part in (curve.curve, curve.scatter):
                # Drawn into a pixmap once per change of data or view: a seek moves only the round
                # line, and redrawing 1857 turns of four curves for it cost 8 ms (scores) to over a
                # second (noisy think times: wide pens on jagged lines) at every seek.
                part.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            self._curves.append(curve)
        while len(self._curves) > len(ys):
            curve = self._curves.pop()
            self.plot_widget.getPlotItem().removeItem(curve)
            self._legend.removeItem(curve)
        few = len(x) <= 40  # markers help read a short series; on a long one they are clutter
        if (len(x) > DENSE) != self._dense:
            self._dense = len(x) > DENSE
            for index, curve in enumerate(self._curves):
                curve.setPen(self._pen(index))
        for index, (curve, y) in enumerate(zip(self._curves, ys)):
            markers = few and bool(np.isfinite(y).any())  # pyqtgraph warns on markers that are all gaps
            curve.setData(x, y, connect="finite", symbol="o" if markers else None, symbolSize=5,
                          symbolPen=None, symbolBrush=seat_color(index))

    # --- details -----------------------------------------------------------------------------

    def _pen(self, index: int) -> QPen:
        pen = seat_pen(seat_color(index), index)
        if self._dense:
            pen.setWidthF(1.0)
        return pen

    def _rename(self) -> None:
        for index, curve in enumerate(self._curves):
            label = self._legend.getLabel(curve)
            if label is not None:
                label.setText(self._legend_text(index))
            curve.opts["name"] = self._legend_text(index)

    def _legend_text(self, index: int) -> str:
        """The seat's name as the legend's rich text: escaped (a name from a replay someone sent:
        "<h1>" is text, not a heading)."""
        return html.escape(self.seat_name(index))

    def _apply_palette(self) -> None:
        palette = self.palette()
        base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
        self.plot_widget.setBackground(base)
        item = self.plot_widget.getPlotItem()
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            axis.setPen(pg.mkPen(blend(base, text, 0.45)))
            axis.setTextPen(pg.mkPen(text))
        legend_fill = QColor(base)
        legend_fill.setAlphaF(0.85)
        self._legend.setBrush(pg.mkBrush(legend_fill))
        self._legend.setPen(pg.mkPen(blend(base, text, 0.2)))
        self._legend.setLabelTextColor(text)
        for index, curve in enumerate(self._curves):
            curve.setPen(self._pen(index))
        self._rename()  # pyqtgraph recolours a legend label only when its text is set again
        if self._title is not None:
            self._set_title(self._title)

    def _settle(self) -> None:
        """Lay the plot out even if it was never shown, so an export has its real geometry."""
        if not self.isVisible():
            self.plot_widget.resize(self.plot_widget.size().expandedTo(QSize(*HIDDEN_SIZE)))
            self.plot_widget.grab()


class SeriesPlot(SeatPlot):
    """One curve per seat over turns: score per seat, think time per seat, …

    :meth:`append` adds one turn with a value per seat; ``None`` is no value (a frozen worm was
    not asked, a fallen kingdom no longer thinks) and leaves a gap in that seat's curve."""

    def __init__(self, title: str, y_label: str, y_units: str | None = None, x_label: str = "turn",
                 noun: str = "Seat", parent: QWidget | None = None, *, legend_beside: bool = False) -> None:
        """``y_units`` (e.g. ``"s"``) turns on SI prefixes: think times read in ms."""
        super().__init__(noun, x_label, y_label, y_units, parent, legend_beside=legend_beside)
        self._x: list[float] = []
        self._rows: list[list[float]] = []
        self._seats = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot_widget)
        self._set_title(title)

    def clear(self) -> None:
        self._x, self._rows = [], []
        self._redraw()

    def set_labels(self, title: str, x_label: str) -> None:
        """A new title and x-axis label (a game's own word for its turns: step, round, move)."""
        self._set_title(title)
        self.plot_widget.getPlotItem().setLabel("bottom", x_label)

    def append(self, turn: float, values: Sequence[float | None]) -> None:
        """Add ``turn`` with one value per seat (``None`` for none); more seats add curves."""
        self._x.append(float(turn))
        self._rows.append([math.nan if v is None else float(v) for v in values])
        self._seats = max(self._seats, len(values))
        self._redraw()

    def set_series(self, turns: Sequence[float], values: Sequence[Sequence[float | None]]) -> None:
        """Replace everything: ``values[i]`` holds the seats' values at ``turns[i]``."""
        if len(turns) != len(values):
            raise PlotError(f"{len(turns)} turns but {len(values)} rows of values")
        self._x = [float(t) for t in turns]
        self._rows = [[math.nan if v is None else float(v) for v in row] for row in values]
        self._seats = max((len(row) for row in values), default=0)
        self._redraw()

    def _redraw(self) -> None:
        seats = max(self._seats, len(self._names))
        table = np.full((len(self._rows), seats), np.nan)
        for i, row in enumerate(self._rows):
            table[i, : len(row)] = row
        self._show_curves(np.array(self._x, dtype=float), [table[:, s] for s in range(seats)])
