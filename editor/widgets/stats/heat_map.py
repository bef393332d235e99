"""Where on the field something happened, as a heat map: one square per cell, the more often the
darker, empty cells light; the cell under the mouse says its coordinates and its count.

Coordinates are the engine's: ``(x, y)`` with x to the right and y down from the top-left cell
``(0, 0)``, as positions and explanations name cells."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QToolTip, QWidget

from editor.widgets.parts.seat_colors import blend

HOT = QColor("#d1495b")
"""The colour of the cell with the most; fewer fade towards the background."""
AXIS_EVERY = 5
MARGIN = 22  # room for the axis numbers, left and top


class HeatMap(QWidget):
    """A grid of counts (rows are y, columns x), scaled to fit with square cells."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._counts: npt.NDArray[np.int64] = np.zeros((0, 0), dtype=np.int64)
        self.setMouseTracking(True)
        self.setMinimumSize(140, 140)

    def set_counts(self, counts: npt.NDArray[np.int64] | None) -> None:
        """Show ``counts`` (height, width), or nothing."""
        self._counts = np.zeros((0, 0), dtype=np.int64) if counts is None else np.asarray(counts, dtype=np.int64)
        self.update()

    def counts(self) -> npt.NDArray[np.int64]:
        return self._counts.copy()

    def cell_rect(self, x: int, y: int) -> QRect:
        """Where cell ``(x, y)`` is drawn, in widget coordinates."""
        size, left, top = self._geometry()
        return QRectF(left + x * size, top + y * size, size, size).toAlignedRect()

    def cell_at(self, point: QPoint) -> tuple[int, int] | None:
        height, width = self._counts.shape
        size, left, top = self._geometry()
        if size <= 0:
            return None
        x, y = int((point.x() - left) // size), int((point.y() - top) // size)
        return (x, y) if 0 <= x < width and 0 <= y < height else None

    def cell_text(self, x: int, y: int) -> str:
        count = int(self._counts[y, x])
        return f"({x}, {y}): {count} time{'s' * (count != 1)}"

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(280, 280)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(event.globalPosition().toPoint(), self.cell_text(*cell), self)
        super().mouseMoveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        height, width = self._counts.shape
        if not height or not width:
            return
        palette = self.palette()
        base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
        grid = blend(base, text, 0.12)
        top_count = max(1, int(self._counts.max()))
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for y in range(height):
            for x in range(width):
                count = int(self._counts[y, x])
                # A square root keeps a few decisions visible beside a cell with very many.
                share = 0.0 if count == 0 else 0.18 + 0.82 * (count / top_count) ** 0.5
                painter.fillRect(self.cell_rect(x, y), blend(base, HOT, share))
        painter.setPen(grid)
        size, left, top = self._geometry()
        for x in range(width + 1):
            painter.drawLine(round(left + x * size), round(top), round(left + x * size), round(top + height * size))
        for y in range(height + 1):
            painter.drawLine(round(left), round(top + y * size), round(left + width * size), round(top + y * size))
        self._draw_axes(painter, text)
        painter.end()

    # --- details -------------------------------------------------------------------------------

    def _geometry(self) -> tuple[float, float, float]:
        """``(cell size, left, top)`` of the grid: square cells, as large as fit."""
        height, width = self._counts.shape
        if not height or not width:
            return 0.0, 0.0, 0.0
        size = min((self.width() - MARGIN - 2) / width, (self.height() - MARGIN - 2) / height)
        return max(size, 1.0), float(MARGIN), float(MARGIN)

    def _draw_axes(self, painter: QPainter, text: QColor) -> None:
        height, width = self._counts.shape
        size, left, top = self._geometry()
        painter.setPen(blend(self.palette().color(QPalette.ColorRole.Base), text, 0.6))
        font = painter.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        painter.setFont(font)
        center = Qt.AlignmentFlag.AlignCenter
        for x in range(0, width, AXIS_EVERY):
            painter.drawText(QRectF(left + x * size - 10, 0, size + 20, top - 2), center, str(x))
        for y in range(0, height, AXIS_EVERY):
            painter.drawText(QRectF(0, top + y * size, left - 3, size),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(y))
