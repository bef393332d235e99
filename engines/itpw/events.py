"""What a move, a new unit, a turn's end or a disqualification did, as data, and its JSON form
for replays (``{"type": "moved", ...}``) that reads back equal.

Events come in the order things happened: for a move line, per listed unit its death(s), its
arrival and the field it claimed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engines.itpw.types import Cell, ItpwError, Kind
from engines.event_json import read_event, read_events


class EventError(ItpwError):
    """A JSON value that is not an ITPW event."""


@dataclass(frozen=True)
class Moved:
    """``player``'s unit went from ``source`` to ``target`` (after killing a worker there, or not)."""

    player: int
    kind: Kind
    source: Cell
    target: Cell


@dataclass(frozen=True)
class Died:
    """``player``'s unit is gone from ``cell`` (a new unit: its corner); ``killer`` scored it."""

    player: int
    kind: Kind
    cell: Cell
    killer: int


@dataclass(frozen=True)
class Claimed:
    """``player``'s worker entered ``cell``, which belonged to ``previous`` (0 for nobody)."""

    player: int
    cell: Cell
    previous: int


@dataclass(frozen=True)
class Awarded:
    """After turn ``turn``, ``player`` was drawn for a new unit."""

    turn: int
    player: int


class Arrival(Enum):
    """How a new unit's attempt to enter its corner ended."""

    APPEARED = "appeared"
    """The corner was empty."""
    KILLED_WORKER = "killed_worker"
    """A new soldier on an enemy worker: the worker died, the soldier stands there."""
    BOTH_DIED = "both_died"
    """A new soldier on an enemy soldier: both died."""
    DIED = "died"
    """A new worker on an enemy soldier: the worker died."""
    BLOCKED = "blocked"
    """The player's own unit, or a new worker on an enemy worker: nothing happened."""


@dataclass(frozen=True)
class Spawned:
    """``player`` chose ``kind`` for its new unit, which tried to enter ``corner``."""

    player: int
    kind: Kind
    corner: Cell
    arrival: Arrival


@dataclass(frozen=True)
class Disqualified:
    """``player`` may not move any more since turn ``turn``; its units and fields stay."""

    player: int
    turn: int
    reason: str


Event = Moved | Died | Claimed | Awarded | Spawned | Disqualified

_NAMES: dict[type[Any], str] = {
    Moved: "moved", Died: "died", Claimed: "claimed", Awarded: "awarded", Spawned: "spawned",
    Disqualified: "disqualified",
}


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON object: ``type`` plus the fields; cells as ``[x, y]``, kinds as labels."""
    out: dict[str, Any] = {"type": _NAMES[type(event)]}
    for name, value in vars(event).items():
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Kind):
            value = value.label
        elif isinstance(value, Enum):
            value = value.value
        out[name] = value
    return out


def _cell(value: Any) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError(f"a cell is [x, y] with whole numbers, not {value!r}")
    return value[0], value[1]


def _kind(value: Any) -> Kind:
    try:
        return Kind[str(value).upper()]
    except KeyError:
        raise ValueError(f"unknown unit kind {value!r} (expected worker or soldier)") from None


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


_READERS: dict[str, tuple[tuple[str, ...], Callable[[dict[str, Any]], Event]]] = {
    "moved": (("player", "kind", "source", "target"),
              lambda d: Moved(_int(d["player"]), _kind(d["kind"]), _cell(d["source"]), _cell(d["target"]))),
    "died": (("player", "kind", "cell", "killer"),
             lambda d: Died(_int(d["player"]), _kind(d["kind"]), _cell(d["cell"]), _int(d["killer"]))),
    "claimed": (("player", "cell", "previous"),
                lambda d: Claimed(_int(d["player"]), _cell(d["cell"]), _int(d["previous"]))),
    "awarded": (("turn", "player"), lambda d: Awarded(_int(d["turn"]), _int(d["player"]))),
    "spawned": (("player", "kind", "corner", "arrival"),
                lambda d: Spawned(_int(d["player"]), _kind(d["kind"]), _cell(d["corner"]), Arrival(d["arrival"]))),
    "disqualified": (("player", "turn", "reason"),
                     lambda d: Disqualified(_int(d["player"]), _int(d["turn"]), _str(d["reason"]))),
}
_READ = {kind: read for kind, (_, read) in _READERS.items()}
_FIELDS = {kind: names for kind, (names, _) in _READERS.items()}


def event_from_json(value: Any) -> Event:
    """The inverse of :func:`event_to_json`; raise :class:`EventError` on anything else."""
    return read_event(value, _READ, "an ITPW event", EventError, _FIELDS)


def events_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [event_to_json(e) for e in events]


def events_from_json(value: Any) -> tuple[Event, ...]:
    return read_events(value, event_from_json, EventError)
