"""Small icons drawn with QPainter, sharp on HiDPI screens: one place for the pixmap, its ratio,
the transparent fill and antialiasing that every drawn icon needs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

RATIO = 2.0


def painted_icon(size: int, paint: Callable[[QPainter, float], None]) -> QIcon:
    """A ``size``-pixel icon: ``paint(painter, size)`` draws on a transparent, antialiased
    pixmap of twice the pixels (the painter's coordinates are the icon's own)."""
    pixmap = QPixmap(int(size * RATIO), int(size * RATIO))
    pixmap.setDevicePixelRatio(RATIO)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(painter, float(size))
    painter.end()
    return QIcon(pixmap)
