"""What a round did, as data: battles, deaths, robberies, reveals, starvation, ignored answers.

Ids in events are absolute (0–3); the information files translate them for each reader. Every
event has a JSON form for replays (``{"type": "battle", ...}``) that reads back equal."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engines.kingdoms.state import Kingdom
from engines.kingdoms.types import KingdomsError


class EventError(KingdomsError):
    """A JSON value that is not a kingdoms event."""


@dataclass(frozen=True)
class Ignored:
    """A kingdom's answer was no valid action, so it did nothing this round."""

    kingdom: int
    answer: str
    reason: str


@dataclass(frozen=True)
class Battle:
    """Every attack on one target in one round, evaluated as one.

    The tuples run parallel to ``attackers`` (ascending ids): soldiers sent, strength
    (soldiers × (arms DIV 3)), soldiers lost, territory won."""

    target: int
    attackers: tuple[int, ...]
    sent: tuple[int, ...]
    strengths: tuple[int, ...]
    defenders: int
    """The target's soldiers at home: after step 1, minus those it sent to attack."""
    defence: int
    attackers_lost: tuple[int, ...]
    defenders_lost: int
    peasants_killed: int
    territory_won: tuple[int, ...]

    @property
    def attack(self) -> int:
        return sum(self.strengths)

    @property
    def won(self) -> bool:
        """Whether the attackers won (attack strictly above defence)."""
        return self.attack > self.defence

    @property
    def territory_taken(self) -> int:
        return sum(self.territory_won)


@dataclass(frozen=True)
class Died:
    """A kingdom's territory reached 0 in the attacks; its numbers dropped to 0."""

    kingdom: int
    by: tuple[int, ...]
    """The attackers of the battle that took its last territory."""


@dataclass(frozen=True)
class Robbery:
    """A robbery (the third consecutive ``l`` on one target). ``*_destroyed`` is what the target
    lost (levels stop at 0); ``*_gained`` what the robber won."""

    robber: int
    target: int
    arms_gained: int
    arms_destroyed: int
    farming_gained: int
    farming_destroyed: int


@dataclass(frozen=True)
class Starved:
    """Food ran out: these soldiers and peasants could not be fed and died."""

    kingdom: int
    soldiers: int
    peasants: int


@dataclass(frozen=True)
class Revealed:
    """Intelligence (the second consecutive ``i``) revealed these kingdoms, with their numbers
    at the end of the round."""

    spy: int
    kingdoms: tuple[tuple[int, Kingdom], ...]


Event = Ignored | Battle | Died | Robbery | Starved | Revealed

_TYPES: dict[str, type[Any]] = {
    "ignored": Ignored,
    "battle": Battle,
    "died": Died,
    "robbery": Robbery,
    "starved": Starved,
    "revealed": Revealed,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON object for a replay line: ``type`` plus the fields, tuples as lists."""
    out: dict[str, Any] = {"type": _NAMES[type(event)]}
    if isinstance(event, Revealed):
        out["spy"] = event.spy
        out["kingdoms"] = [[k, list(kingdom.numbers())] for k, kingdom in event.kingdoms]
        return out
    for f in fields(event):
        value = getattr(event, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def event_from_json(value: object) -> Event:
    """The inverse of :func:`event_to_json`; raise :class:`EventError` on anything else."""
    if not isinstance(value, dict) or value.get("type") not in _TYPES:
        raise EventError(f"not a kingdoms event: {value!r}")
    cls = _TYPES[value["type"]]
    names = [f.name for f in fields(cls)]
    if set(value) != {"type", *names}:
        given = sorted(k for k in value if k != "type")
        raise EventError(f"{value['type']} event needs the fields {names}, got {given}")
    try:
        if cls is Revealed:
            revealed = tuple(
                (int(k), Kingdom.from_numbers([int(n) for n in numbers])) for k, numbers in value["kingdoms"]
            )
            return Revealed(int(value["spy"]), revealed)
        args = {name: tuple(value[name]) if isinstance(value[name], list) else value[name] for name in names}
        event: Event = cls(**args)
    except (TypeError, ValueError) as error:
        raise EventError(f"bad {value['type']} event {value!r}: {error}") from None
    return event
