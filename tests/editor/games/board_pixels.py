"""Reading a game board's pixels the way the board view tests check what the user sees: the
colour at a point of a cell, and how far apart two colours are."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QColor, QPixmap


class CellView(Protocol):
    """A board view with square cells (``BoardView`` and its games)."""

    def cell_rect(self, a: int, b: int, /) -> QRectF: ...

    def cell_size(self) -> int: ...

    def grab(self) -> QPixmap: ...


def point(view: CellView, cell: tuple[int, int], dx: float = 0.0, dy: float = 0.0) -> QPoint:
    """A point in ``cell``, offset by fractions of a cell from its centre."""
    centre, size = view.cell_rect(*cell).center(), view.cell_size()
    return QPoint(round(centre.x() + dx * size), round(centre.y() + dy * size))


def color_at(view: CellView, cell: tuple[int, int], dx: float = 0.0, dy: float = 0.0) -> QColor:
    """The colour painted at :func:`point` of ``cell``."""
    return QColor(view.grab().toImage().pixel(point(view, cell, dx, dy)))


def distance(a: QColor, b: QColor) -> int:
    """How different two colours look: the sum of their red, green and blue differences."""
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def chroma(color: QColor) -> int:
    """How far from grey: 0 for any grey, whatever its lightness (unlike HSV saturation, which
    makes near-black greys look coloured)."""
    rgb = (color.red(), color.green(), color.blue())
    return max(rgb) - min(rgb)
