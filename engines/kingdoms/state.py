"""The state of a kingdoms game: four kingdoms' numbers, the round, and the consecutive-round
counters of robbery and intelligence (which the original playfield file does not hold)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from engines.kingdoms.types import COMMAND_LINE_FIELDS, GAME_INFO, KINGDOM_FIELDS, EndReason, KingdomsError

PLAYERS = GAME_INFO.players


class StateError(KingdomsError):
    """A state breaks an invariant (negative number, round past the total, bad counter, ...)."""


@dataclass(frozen=True)
class Kingdom:
    """One kingdom's numbers; the field order is the playfield order."""

    territory: int
    food: int
    soldiers: int
    peasants: int
    arms: int
    farming: int
    spy: int

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise StateError(f"{f.name} must be a non-negative integer, got {value!r}")

    @property
    def alive(self) -> bool:
        return self.territory > 0

    def numbers(self) -> tuple[int, ...]:
        """The seven numbers in playfield order (:data:`KINGDOM_FIELDS`)."""
        return tuple(getattr(self, name) for name in KINGDOM_FIELDS)

    def command_line_numbers(self) -> tuple[int, ...]:
        """The seven numbers in command-line / ``informace.txt`` order (:data:`COMMAND_LINE_FIELDS`)."""
        return tuple(getattr(self, name) for name in COMMAND_LINE_FIELDS)

    @classmethod
    def from_numbers(cls, numbers: Sequence[int]) -> Kingdom:
        """Build a kingdom from seven numbers in playfield order."""
        if len(numbers) != len(KINGDOM_FIELDS):
            raise StateError(f"a kingdom has {len(KINGDOM_FIELDS)} numbers, got {len(numbers)}: {list(numbers)!r}")
        return cls(*numbers)


DEAD = Kingdom(0, 0, 0, 0, 0, 0, 0)
"""What a kingdom's numbers drop to when its territory reaches 0."""


@dataclass(frozen=True)
class Robbing:
    """A robbery in progress: ``rounds`` consecutive ``l`` actions so far on ``target``."""

    target: int
    rounds: int


@dataclass(frozen=True)
class State:
    """A game between rounds. ``round`` counts the rounds played; ids are absolute (0–3).

    ``robbing[k]`` is kingdom k's robbery in progress (None when its last action was not ``l``
    or the robbery just happened); ``spying[k]`` the consecutive ``i`` rounds it has done towards
    the next reveal (0 or 1)."""

    round: int
    total_rounds: int
    kingdoms: tuple[Kingdom, ...]
    robbing: tuple[Robbing | None, ...] = field(default=(None,) * PLAYERS)
    spying: tuple[int, ...] = field(default=(0,) * PLAYERS)

    def __post_init__(self) -> None:
        validate_state(self)

    @property
    def alive(self) -> list[int]:
        """The ids of the kingdoms still alive (territory above 0)."""
        return [k for k, kingdom in enumerate(self.kingdoms) if kingdom.alive]

    @property
    def rounds_left(self) -> int:
        """Rounds still to play, counting the next one (so 1 before the last round)."""
        return self.total_rounds - self.round

    @property
    def end(self) -> EndReason | None:
        """Why the game is over, or None while it goes on."""
        if len(self.alive) <= 1:
            return EndReason.ONE_LEFT
        if self.round >= self.total_rounds:
            return EndReason.ROUNDS
        return None

    @property
    def over(self) -> bool:
        return self.end is not None

    def scores(self) -> list[int]:
        """Each kingdom's score: its territory."""
        return [kingdom.territory for kingdom in self.kingdoms]

    def ranks(self) -> list[int]:
        """Competition ranks by territory; equal territory shares the rank."""
        return ranks_of(self.scores())


def validate_state(state: State) -> None:
    """Raise :class:`StateError` naming the kingdom or counter that breaks an invariant."""
    if len(state.kingdoms) != PLAYERS:
        raise StateError(f"a game has {PLAYERS} kingdoms, got {len(state.kingdoms)}")
    if not all(isinstance(k, Kingdom) for k in state.kingdoms):
        raise StateError(f"kingdoms must be Kingdom values, got {state.kingdoms!r}")
    if not isinstance(state.total_rounds, int) or state.total_rounds < 1:
        raise StateError(f"the total number of rounds must be at least 1, got {state.total_rounds!r}")
    if not isinstance(state.round, int) or not 0 <= state.round <= state.total_rounds:
        raise StateError(f"round {state.round!r} is outside 0..{state.total_rounds}")
    if len(state.robbing) != PLAYERS or len(state.spying) != PLAYERS:
        raise StateError(f"robbing and spying need one entry per kingdom, got {state.robbing!r} and {state.spying!r}")
    for k, robbing in enumerate(state.robbing):
        if robbing is None:
            continue
        if robbing.target == k or not 0 <= robbing.target < PLAYERS:
            raise StateError(f"kingdom {k} robs kingdom {robbing.target!r}: not another kingdom")
        if not 1 <= robbing.rounds < GAME_INFO.robbery_rounds:
            raise StateError(
                f"kingdom {k} robbing for {robbing.rounds!r} rounds: must be 1..{GAME_INFO.robbery_rounds - 1}"
            )
    for k, rounds in enumerate(state.spying):
        if not isinstance(rounds, int) or not 0 <= rounds < GAME_INFO.intelligence_rounds:
            raise StateError(
                f"kingdom {k} spying for {rounds!r} rounds: must be 0..{GAME_INFO.intelligence_rounds - 1}"
            )


def start_state(total_rounds: int = GAME_INFO.default_rounds) -> State:
    """The shipped default: round 0 and every kingdom at :attr:`GameInfo.start_kingdom`."""
    kingdom = Kingdom.from_numbers(GAME_INFO.start_kingdom)
    return State(0, total_rounds, (kingdom,) * PLAYERS)


def relative_id(viewer: int, kingdom: int) -> int:
    """How ``viewer`` sees ``kingdom``: itself as 0, the others as 1–3, ``(kingdom − viewer) mod 4``."""
    return (kingdom - viewer) % PLAYERS


def absolute_id(viewer: int, relative: int) -> int:
    """The kingdom ``viewer`` calls ``relative`` (the inverse of :func:`relative_id`)."""
    return (viewer + relative) % PLAYERS


def ranks_of(scores: Sequence[int]) -> list[int]:
    """Competition ranks: 1 + the number of strictly better scores, so equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]
