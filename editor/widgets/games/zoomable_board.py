"""What every painted board does with zoom, pan and coordinate axes, written once for the snake
board and the bot games' boards (issue 16: "boards with zoom and pan, coordinates on the axes").

A board is a grid of square cells, ``columns`` across and ``rows`` down as painted. Fitted (zoom
1), the whole grid shows, centred in the room beside the axes and above whatever the view keeps
below it (a legend). Zoomed, the grid is larger than its *viewport* and always covers it: the
wheel (or +, -, 0) zooms around the pointer, a drag moves the grid. The axes number the columns
along the top and the rows down the left of the part in view, in the words the game's texts use
for a cell; they stay in sight however the grid is zoomed and moved."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPalette, QPen, QWheelEvent
from PySide6.QtWidgets import QWidget

MARGIN = 10
"""Pixels kept free around the grid so frames and outlines are never clipped."""
ZOOM_STEP, ZOOM_MAX = 1.25, 8.0
"""A wheel notch (or +/-) zooms by this much, up to this many times the fitted size."""
LABEL_STEPS = (1, 2, 5, 10, 20, 50)
"""Every how many cells an axis is numbered: the smallest of these whose labels stand apart."""

Spot = tuple[int, int]
"""A grid position as painted: ``(column, row)``."""


class ZoomableBoard(QWidget):
    """A board widget whose grid can be zoomed, moved and numbered; a view supplies its size
    (:meth:`_grid_shape`), what lies below it (:meth:`_space_below`) and the axis words
    (:meth:`_axis_label`). Zoom and pan are opt-in (:meth:`set_navigable`), as are the axes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._axes = False
        self._navigable = False
        self._zoom = 1.0
        self._pan = QPointF()
        """The zoomed grid's offset from its centred place, kept within the clamp."""
        self._dragged_from: QPointF | None = None
        self._label_widths: dict[tuple[bool, tuple[int, int], str], int] = {}
        """The widest axis word per (rows or columns, grid shape, font): see :meth:`_widest_label`."""

    # --- what a view supplies ------------------------------------------------------------------

    def _grid_shape(self) -> tuple[int, int] | None:
        """``(columns, rows)`` as painted, or None without a board."""
        raise NotImplementedError

    def _space_below(self) -> int:
        """Pixels kept under the fitted grid (a legend and its gap)."""
        return 0

    def _axis_label(self, vertical: bool, index: int) -> str:
        """The word for column ``index`` (row ``index`` when ``vertical``) as the game names cells."""
        return str(index)

    # --- our API -------------------------------------------------------------------------------

    def axes_shown(self) -> bool:
        return self._axes

    def set_axes(self, shown: bool) -> None:
        """Number the columns along the top and the rows down the left, as the game's texts name
        cells; they stay in sight when the grid is zoomed and moved."""
        self._axes = shown
        self.update()

    def navigable(self) -> bool:
        return self._navigable

    def set_navigable(self, navigable: bool) -> None:
        """Let the wheel (or +, -, 0) zoom the grid and a drag move it."""
        self._navigable = navigable
        # A Tab stop too: its keys (+, -, 0) must be reachable without a mouse.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if navigable else self.focusPolicy())
        if not navigable:
            self.set_zoom(1.0)

    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float, around: QPointF | None = None) -> None:
        """Zoom to ``zoom`` times the fitted size (1: all of the grid in view), keeping the point
        ``around`` (default: the viewport's centre) where it is."""
        zoom = max(1.0, min(ZOOM_MAX, zoom))
        if self._grid_shape() is None or zoom == self._zoom:
            self._zoom = zoom
            return
        around = around if around is not None else self.viewport().center()
        field, size = self.field_rect(), self.cell_size()
        spot = (around - field.topLeft()) / size  # the grid point under ``around``, in cells
        self._zoom, self._pan = zoom, QPointF()
        field, size = self.field_rect(), self.cell_size()
        self._move_to(around - spot * size)

    def pan_by(self, delta: QPointF) -> None:
        """Move the zoomed grid by ``delta`` pixels (it never leaves the viewport empty)."""
        self._move_to(self.field_rect().topLeft() + delta)

    def axis_space(self) -> tuple[int, int]:
        """The room the row words take on the left and the column words on top (0, 0 without axes)."""
        shape = self._grid_shape()
        if not self._axes or shape is None:
            return 0, 0
        return self._widest_label(True, shape) + 6, self.fontMetrics().height() + 2

    def cell_size(self) -> int:
        """Pixels per cell at the current size and zoom (whole pixels keep the grid crisp)."""
        return max(2, int(self._fitted_size() * self._zoom)) if self._grid_shape() is not None else 0

    def fitted_rect(self) -> QRectF:
        """Where the whole grid lies unzoomed: centred beside the axes, above the space below."""
        shape = self._grid_shape()
        return QRectF() if shape is None else self._centred(self._fitted_size(), shape)

    def viewport(self) -> QRectF:
        """The part of the widget the grid shows in: right of and under the axes, above the space
        below (which stays under the fitted grid), within the margins."""
        left, top = self.axis_space()
        bottom = self.fitted_rect().bottom() if self._space_below() else self.height() - MARGIN
        return QRectF(left + MARGIN, top + MARGIN, self.width() - left - 2 * MARGIN, bottom - top - MARGIN)

    def field_rect(self) -> QRectF:
        """The grid's rectangle in widget coordinates (empty without a board): fitted, or zoomed
        and moved but always covering the viewport where it is larger than it."""
        shape = self._grid_shape()
        if shape is None:
            return QRectF()
        if self._zoom == 1.0:
            return self._centred(self.cell_size(), shape)
        size = self.cell_size()
        centred = self._centred(size, shape)
        return self._clamped(centred.topLeft() + self._pan, centred.width(), centred.height())

    def spot_rect(self, column: int, row: int) -> QRectF:
        """The rectangle of grid position ``(column, row)`` in widget coordinates."""
        field, size = self.field_rect(), self.cell_size()
        return QRectF(field.left() + column * size, field.top() + row * size, size, size)

    def spot_at(self, point: QPointF) -> Spot | None:
        """The grid position ``(column, row)`` under ``point``; None outside the grid or, zoomed,
        outside the viewport (over the axes or the legend)."""
        shape, field = self._grid_shape(), self.field_rect()
        if shape is None or not field.contains(point) or (self._zoom > 1 and not self.viewport().contains(point)):
            return None
        size = self.cell_size()
        column, row = int((point.x() - field.left()) // size), int((point.y() - field.top()) // size)
        return (column, row) if 0 <= column < shape[0] and 0 <= row < shape[1] else None

    # --- for the views' painting and input -----------------------------------------------------------

    def clip_to_viewport(self, painter: QPainter) -> None:
        """Zoomed, keep the grid's painting out of the axes, the margins and the legend."""
        if self._zoom > 1:
            painter.setClipRect(self.viewport())

    def axis_labels(self) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
        """What the axes show: ``(x, word)`` for each numbered column in view and ``(y, word)``
        for each numbered row, at the centre of its cell; as many as have room to be read apart."""
        shape = self._grid_shape()
        if not self._axes or shape is None:
            return [], []
        size, shown, metrics = self.cell_size(), self.field_rect().intersected(self.viewport()), self.fontMetrics()
        wide = self._widest_label(False, shape) + 4
        step = next(s for s in LABEL_STEPS if s * size >= wide or s == LABEL_STEPS[-1])
        columns = [(x, self._axis_label(False, c)) for c in range(0, shape[0], step)
                   if shown.left() <= (x := self.spot_rect(c, 0).center().x()) <= shown.right()]
        step = next(s for s in LABEL_STEPS if s * size >= metrics.height() or s == LABEL_STEPS[-1])
        rows = [(y, self._axis_label(True, r)) for r in range(0, shape[1], step)
                if shown.top() <= (y := self.spot_rect(0, r).center().y()) <= shown.bottom()]
        return columns, rows

    def paint_focus(self, painter: QPainter, palette: QPalette) -> None:
        """A frame in the highlight colour while the board has the keyboard (a view without one
        would not show where Tab went)."""
        if not self.hasFocus():
            return
        painter.save()
        painter.setClipping(False)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.restore()

    def paint_axes(self, painter: QPainter, palette: QPalette) -> None:
        """The column words just above the part of the grid in view, the row words just left of it."""
        columns, rows = self.axis_labels()
        if not columns and not rows:
            return
        left, top = self.axis_space()
        shown, height = self.field_rect().intersected(self.viewport()), self.fontMetrics().height()
        painter.save()
        painter.setClipping(False)
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        painter.setFont(self.font())
        for x, word in columns:
            painter.drawText(QRectF(x - 2 * left, shown.top() - top - 1, 4 * left, top), Qt.AlignmentFlag.AlignCenter,
                             word)
        for y, word in rows:
            painter.drawText(QRectF(shown.left() - left - 1, y - height, left - 2, 2 * height),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, word)
        painter.restore()

    def _begin_drag(self, event: QMouseEvent) -> None:
        """A left press: where a drag that moves the zoomed grid starts."""
        self._dragged_from = event.position() if self._navigable else None

    def _drag(self, event: QMouseEvent) -> bool:
        """Move the zoomed grid with a left drag; whether the move was taken for it."""
        if self._dragged_from is None or not event.buttons() & Qt.MouseButton.LeftButton or self._zoom <= 1:
            return False
        self.pan_by(event.position() - self._dragged_from)
        self._dragged_from = event.position()
        return True

    # --- Qt overrides --------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self._navigable or self._grid_shape() is None or not event.angleDelta().y():
            super().wheelEvent(event)
            return
        self.set_zoom(self._zoom * ZOOM_STEP ** (event.angleDelta().y() / 120), event.position())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        keys = {Qt.Key.Key_Plus: ZOOM_STEP, Qt.Key.Key_Equal: ZOOM_STEP, Qt.Key.Key_Minus: 1 / ZOOM_STEP}
        if self._navigable and event.key() in keys:
            self.set_zoom(self._zoom * keys[Qt.Key(event.key())])
        elif self._navigable and event.key() == Qt.Key.Key_0:
            self.set_zoom(1.0)
        else:
            super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._dragged_from = None
        super().mouseReleaseEvent(event)

    # --- geometry --------------------------------------------------------------------------------

    def _fitted_size(self) -> int:
        """Pixels per cell with all of the grid in view (2 without a board)."""
        shape = self._grid_shape()
        if shape is None:
            return 2
        left, top = self.axis_space()
        # An axis keeps the board off the edge by itself: half a margin on its side is enough.
        free_w = self.width() - 2 * MARGIN - left + (MARGIN // 2 if left else 0)
        free_h = self.height() - 2 * MARGIN - top + (MARGIN // 2 if top else 0) - self._space_below()
        return max(2, min(free_w // shape[0], free_h // shape[1]))

    def _widest_label(self, vertical: bool, shape: tuple[int, int]) -> int:
        """Pixels of the widest row word (``vertical``) or column word of a ``shape`` grid.
        Remembered per shape and font: every cell's rectangle depends on the axes' room, so a
        paint asks for it a dozen times, and measuring a hundred words each time cost more than
        drawing the board (issue 16)."""
        key = (vertical, shape, self.font().key())
        widest = self._label_widths.get(key)
        if widest is None:
            metrics = self.fontMetrics()
            widest = max(metrics.horizontalAdvance(self._axis_label(vertical, index))
                         for index in range(shape[1] if vertical else shape[0]))
            self._label_widths[key] = widest
        return widest

    def _centred(self, size: int, shape: tuple[int, int]) -> QRectF:
        left, top = self.axis_space()
        w, h = size * shape[0], size * shape[1]
        x = left + (self.width() - left - w) // 2
        y = top + max(MARGIN, (self.height() - top - h - self._space_below()) // 2)
        return QRectF(x, y, w, h)

    def _clamped(self, corner: QPointF, w: float, h: float) -> QRectF:
        view = self.viewport()
        x = _clamp(corner.x(), w, view.left(), view.right())
        y = _clamp(corner.y(), h, view.top(), view.bottom())
        return QRectF(round(x), round(y), w, h)

    def _move_to(self, corner: QPointF) -> None:
        """Put the zoomed grid's top left at ``corner``, as near as the clamp allows."""
        shape = self._grid_shape()
        if shape is None:
            return
        centred = self._centred(self.cell_size(), shape)
        self._pan = self._clamped(corner, centred.width(), centred.height()).topLeft() - centred.topLeft()
        self.update()


def _clamp(start: float, length: float, low: float, high: float) -> float:
    """Where a span of ``length`` starting near ``start`` goes: covering ``low``..``high`` when
    longer than it (a zoomed grid leaves no empty band), else within it."""
    if length <= high - low:
        return min(max(start, low), high - length)
    return min(low, max(high - length, start))
