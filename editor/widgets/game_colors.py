"""Seat colours and names shared by the bot games' views and plots (worms, kingdoms, …).

A seat keeps the colour it has in the snake battles (:mod:`editor.widgets.snake_colors`), so the
board, the dashboard, the scoreboard and every plot of the arena pane agree. What is added here
is what only the bot games need: the look of a seat that is out of the game, gain/loss colours
for deltas, and default seat names that use the game's own ids (0–3, what bots see)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QColor, QPalette

from editor.widgets.snake_colors import blend, is_dark, seat_color

__all__ = ["blend", "default_names", "delta_color", "is_dark", "out_color", "seat_color", "seat_name"]

OUT_FADE = 0.72
"""How far a seat that is out (dead worm, fallen kingdom) fades towards the field: its hue stays
a hint of who it was, the grey says it no longer plays."""


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


def seat_name(names: Sequence[str], index: int, noun: str) -> str:
    """``names[index]`` when given and not blank, else ``"<noun> <index>"`` (the game's id)."""
    if index < len(names) and names[index].strip():
        return names[index]
    return f"{noun} {index}"


def default_names(count: int, noun: str) -> list[str]:
    return [seat_name((), i, noun) for i in range(count)]
