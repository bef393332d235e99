"""The seat colours of every game, and the few colours derived from them.

A seat has one colour everywhere: on the board of any game (snake battles, worms, kingdoms,
Bio-blots, ITPW), in the scoreboard, the seat lists and every plot, so people follow a seat by
its colour alone. Derived here: blends, a seat that is out of the game (a dead worm, a fallen
kingdom), and gain/loss colours for deltas. What one game paints beyond its seats (substances,
items, territory tints) stays with that game's view."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

# Hues far apart (blue, orange, green, magenta) and of similar weight, so no seat dominates; all
# keep enough contrast on both a white and a near-black field.
_SEAT_COLORS = ("#2f6fdf", "#eb7a1c", "#1e9e6a", "#c2409f")

OUT_FADE = 0.72
"""How far a seat that is out (dead worm, fallen kingdom) fades towards the field: its hue stays
a hint of who it was, the grey says it no longer plays."""


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


def out_color(index: int, palette: QPalette) -> QColor:
    """Seat ``index``'s colour for a seat that is out: mostly the field's grey, a trace of hue."""
    base = palette.color(QPalette.ColorRole.Base)
    grey = blend(base, palette.color(QPalette.ColorRole.Text), 0.42)
    return blend(seat_color(index), grey, OUT_FADE)


def delta_color(delta: float, palette: QPalette) -> QColor:
    """Green for a gain, red for a loss, the muted text colour for no change; brighter on dark."""
    if delta == 0:
        return palette.color(QPalette.ColorRole.PlaceholderText)
    dark = is_dark(palette)
    if delta > 0:
        return QColor("#5cc87a" if dark else "#1c8a3c")
    return QColor("#ff7b72" if dark else "#c9302c")
