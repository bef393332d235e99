"""What a move did, as data with causes, and its JSON form for replays.

A move's events come in the order of :data:`~engines.bioblots.rules.MOVE_STAGES`: placement or
cell moves, neutralised cells (in the move's order), paralysis, the score, and last the end of
the game if it came. Cells are written by name (``"jd"``) in JSON, which round-trips:
``event_from_json(event_to_json(e)) == e``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.bioblots.errors import BioblotsError
from engines.event_json import read_event, read_events
from engines.bioblots.protocol import cell_name, parse_cell
from engines.bioblots.types import Cell, EndReason, Fault, FaultKind, Rule, Substance


@dataclass(frozen=True)
class Placed:
    """``player`` put its organism on ``cells``."""

    player: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Moved:
    """One of ``player``'s cells moved from ``source`` to ``target``. ``divided``: it entered
    carbon and divided, so a daughter cell stays on ``source`` and the organism grew by one."""

    player: int
    source: Cell
    target: Cell
    divided: bool


@dataclass(frozen=True)
class Skipped:
    """``player`` skipped its move, paralysed by mercury."""

    player: int


@dataclass(frozen=True)
class Neutralised:
    """``player`` entered ``cell`` first and neutralised its ``substance`` (worth its value)."""

    player: int
    cell: Cell
    substance: Substance


@dataclass(frozen=True)
class Paralysed:
    """``player`` entered mercury and must skip its next move."""

    player: int


@dataclass(frozen=True)
class Scored:
    """``player`` scored ``points`` with this move and now has ``total``."""

    player: int
    points: int
    total: int


@dataclass(frozen=True)
class Forfeited:
    """``player`` lost technically: a fault (illegal move, unreadable line, timeout, exit)."""

    player: int
    fault: Fault


@dataclass(frozen=True)
class Ended:
    """The game ended: why, the final scores (after any transfer) and the winner (None: draw)."""

    reason: EndReason
    scores: tuple[int, int]
    winner: int | None


Event = Placed | Moved | Skipped | Neutralised | Paralysed | Scored | Forfeited | Ended


class EventJsonError(BioblotsError):
    """A replay's event list is not in the expected JSON form."""


def event_to_json(event: Event) -> dict[str, Any]:
    """The event as a JSON object with a ``type`` key."""
    match event:
        case Placed(player, cells):
            return {"type": "placed", "player": player, "cells": [cell_name(c) for c in cells]}
        case Moved(player, source, target, divided):
            return {"type": "moved", "player": player, "source": cell_name(source), "target": cell_name(target),
                    "divided": divided}
        case Skipped(player):
            return {"type": "skipped", "player": player}
        case Neutralised(player, cell, substance):
            return {"type": "neutralised", "player": player, "cell": cell_name(cell), "substance": substance.char}
        case Paralysed(player):
            return {"type": "paralysed", "player": player}
        case Scored(player, points, total):
            return {"type": "scored", "player": player, "points": points, "total": total}
        case Forfeited(player, fault):
            return {"type": "forfeited", "player": player, "kind": fault.kind.value, "detail": fault.detail,
                    "rule": None if fault.rule is None else fault.rule.value}
        case Ended(reason, scores, winner):
            return {"type": "ended", "reason": reason.value, "scores": list(scores), "winner": winner}
    raise TypeError(f"not a Bio-blots event: {event!r}")


def event_from_json(data: Any) -> Event:
    """Read back one :func:`event_to_json` object."""
    return read_event(data, _READERS, "a Bio-blots event", EventJsonError)


def events_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [event_to_json(e) for e in events]


def events_from_json(data: Any) -> tuple[Event, ...]:
    return read_events(data, event_from_json, EventJsonError)


def _player(value: Any) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"a player is 0 or 1, not {value!r}")
    return int(value)


def _fault(d: dict[str, Any]) -> Fault:
    return Fault(FaultKind(d["kind"]), str(d["detail"]), None if d["rule"] is None else Rule(d["rule"]))


_READERS: dict[str, Callable[[dict[str, Any]], Event]] = {
    "placed": lambda d: Placed(_player(d["player"]), tuple(parse_cell(c) for c in d["cells"])),
    "moved": lambda d: Moved(_player(d["player"]), parse_cell(d["source"]), parse_cell(d["target"]), bool(d["divided"])),
    "skipped": lambda d: Skipped(_player(d["player"])),
    "neutralised": lambda d: Neutralised(_player(d["player"]), parse_cell(d["cell"]), Substance.from_char(d["substance"])),
    "paralysed": lambda d: Paralysed(_player(d["player"])),
    "scored": lambda d: Scored(_player(d["player"]), int(d["points"]), int(d["total"])),
    "forfeited": lambda d: Forfeited(_player(d["player"]), _fault(d)),
    "ended": lambda d: Ended(EndReason(d["reason"]), (int(d["scores"][0]), int(d["scores"][1])),
                             None if d["winner"] is None else _player(d["winner"])),
}
