"""The seat colours every snake widget shares, so a seat has one colour on the board and in lists."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

# Hues far apart (blue, orange, green, magenta) and of similar weight, so no seat dominates; all
# keep enough contrast on both a white and a near-black field.
_SEAT_COLORS = ("#2f6fdf", "#eb7a1c", "#1e9e6a", "#c2409f")


def seat_color(index: int) -> QColor:
    """The colour of seat ``index`` (seats past the palette reuse it from the start)."""
    return QColor(_SEAT_COLORS[index % len(_SEAT_COLORS)])


def blend(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` of the way to ``b`` (0 gives ``a``, 1 gives ``b``)."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightnessF() < 0.5
