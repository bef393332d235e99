"""What a round did, as data with causes, and its JSON form for replays.

Events come in the order of the round's steps (deaths, moves, flowers, ice, bonuses, respawns),
each step in worm order. The JSON forms are plain dicts and lists (``json.dumps`` ready) and
round-trip: ``event_from_json(event_to_json(e)) == e``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.worms.errors import WormsError
from engines.event_json import read_event, read_events
from engines.worms.types import Cell, DeathCause, Direction, Item, Turn


@dataclass(frozen=True)
class Died:
    """Step 4: ``worm``'s head tried to enter ``cell`` and the worm died there."""

    worm: int
    cause: DeathCause
    cell: Cell
    others: tuple[int, ...]
    """The worm whose segment it hit (WORM), or the other worms whose heads entered the same
    cell (HEAD_ON); empty otherwise."""
    points_lost: int


@dataclass(frozen=True)
class Moved:
    """Step 5: ``worm``'s head moved into ``cell`` going ``direction``."""

    worm: int
    direction: Direction
    cell: Cell


@dataclass(frozen=True)
class Ate:
    """Steps 6-7: ``worm`` ate ``item`` at ``cell`` while its bonus was ``bonus``."""

    worm: int
    item: Item
    cell: Cell
    bonus: int


@dataclass(frozen=True)
class Scored:
    """Step 6: ``worm`` scored ``points`` for a flower and now has ``total``."""

    worm: int
    points: int
    total: int


@dataclass(frozen=True)
class Frozen:
    """Step 7: ``worm`` is frozen for ``rounds`` more rounds by the ice ``by`` ate."""

    worm: int
    by: int
    rounds: int


@dataclass(frozen=True)
class Respawned:
    """Step 11: an eaten ``item`` came back at ``cell`` (None: no empty cell was left)."""

    item: Item
    cell: Cell | None


Event = Died | Moved | Ate | Scored | Frozen | Respawned


class EventJsonError(WormsError):
    """A replay's event or move list is not in the expected JSON form."""


def event_to_json(event: Event) -> dict[str, Any]:
    """The event as a JSON object with a ``type`` key."""
    match event:
        case Died(worm, cause, cell, others, lost):
            return {"type": "died", "worm": worm, "cause": cause.value, "cell": list(cell),
                    "others": list(others), "points_lost": lost}
        case Moved(worm, direction, cell):
            return {"type": "moved", "worm": worm, "direction": direction.label, "cell": list(cell)}
        case Ate(worm, item, cell, bonus):
            return {"type": "ate", "worm": worm, "item": item.label, "cell": list(cell), "bonus": bonus}
        case Scored(worm, points, total):
            return {"type": "scored", "worm": worm, "points": points, "total": total}
        case Frozen(worm, by, rounds):
            return {"type": "frozen", "worm": worm, "by": by, "rounds": rounds}
        case Respawned(item, cell):
            return {"type": "respawned", "item": item.label, "cell": None if cell is None else list(cell)}
    raise TypeError(f"not a worm event: {event!r}")


def event_from_json(data: Any) -> Event:
    """Read back one :func:`event_to_json` object."""
    return read_event(data, _READERS, "a worm event", EventJsonError)


def _cell(value: Any) -> Cell:
    x, y = value
    if not (isinstance(x, int) and isinstance(y, int)):
        raise ValueError(f"a cell is [x, y] with integers, not {value!r}")
    return x, y


_READERS: dict[str, Callable[[dict[str, Any]], Event]] = {
    "died": lambda d: Died(int(d["worm"]), DeathCause(d["cause"]), _cell(d["cell"]),
                           tuple(int(o) for o in d["others"]), int(d["points_lost"])),
    "moved": lambda d: Moved(int(d["worm"]), Direction.from_label(d["direction"]), _cell(d["cell"])),
    "ate": lambda d: Ate(int(d["worm"]), Item.from_label(d["item"]), _cell(d["cell"]), int(d["bonus"])),
    "scored": lambda d: Scored(int(d["worm"]), int(d["points"]), int(d["total"])),
    "frozen": lambda d: Frozen(int(d["worm"]), int(d["by"]), int(d["rounds"])),
    "respawned": lambda d: Respawned(Item.from_label(d["item"]), None if d["cell"] is None else _cell(d["cell"])),
}


def events_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [event_to_json(e) for e in events]


def events_from_json(data: Any) -> tuple[Event, ...]:
    return read_events(data, event_from_json, EventJsonError)


def turns_to_json(turns: Sequence[Turn | None]) -> list[str | None]:
    """Per worm, the answer character applied (``"l"``, ``"r"``, ``"."``), or None for a worm
    that did not move (dead or frozen)."""
    return [None if t is None else t.char for t in turns]


def turns_from_json(data: Any) -> tuple[Turn | None, ...]:
    if not isinstance(data, list):
        raise EventJsonError(f"moves must be a JSON list, not {data!r}")
    try:
        return tuple(None if t is None else Turn(t) for t in data)
    except ValueError:
        raise EventJsonError(f"moves must be 'l', 'r', '.' or null, got {data!r}") from None
