"""Seat names as every game shows them: a default from the game's own ids (0–3, what bots
see) and repeated names told apart."""

from __future__ import annotations

from collections.abc import Sequence


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
