"""Seat names as every game shows them: a default from the game's own ids (0–3, what bots
see), repeated names told apart, and tooltips that show a name letter for letter (Qt renders a
tooltip as rich text when it merely looks like markup, and a seat's name comes from a replay
someone sent: "<h1>x</h1>")."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtGui import Qt


def seat_name(names: Sequence[str], index: int, noun: str) -> str:
    """``names[index]`` when given and not blank, else ``"<noun> <index>"`` (the game's id)."""
    if index < len(names) and names[index].strip():
        return names[index]
    return f"{noun} {index}"


def default_names(count: int, noun: str) -> list[str]:
    return [seat_name((), i, noun) for i in range(count)]


def seat_label(index: int) -> str:
    """``Seat 1`` for index 0: how the app names a seat to people (they count from 1, as the
    bench's "Snake 1" and the scoreboard's default names do; bots and replays count from 0)."""
    return f"Seat {index + 1}"


def numbered(names: Sequence[str]) -> tuple[str, ...]:
    """Repeated names numbered (``hunter``, ``hunter 2``), so every seat can be told apart."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        result.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return tuple(result)


def plain_tip(text: str) -> str:
    """``text`` for ``setToolTip`` (or a model's tooltip role) so that it shows as written: as it
    is when Qt would take it for plain text, else escaped in a paragraph that keeps its lines and
    spaces (a tooltip has no text format of its own to set)."""
    if not Qt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre'>{html.escape(text)}</p>"
