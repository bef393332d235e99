"""An ITPW game state: an immutable snapshot of the units, the territory, the kills, who is out,
and what the game waits for next.

The canonical text form is :mod:`engines.itpw.text`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.itpw.types import (
    GAME_INFO,
    PLAYERS,
    SIDE,
    START_SOLDIERS,
    START_WORKERS,
    Cell,
    EndReason,
    Kind,
    Phase,
    StateError,
    TurnError,
    check_player,
    mirror,
    on_board,
)

NOBODY = 0
"""The territory owner of a field nobody owns."""


@dataclass(frozen=True)
class Unit:
    """A worker or soldier of ``player`` (1–4)."""

    player: int
    kind: Kind

    def __post_init__(self) -> None:
        check_player(self.player)
        if not isinstance(self.kind, Kind):
            raise StateError(f"unit kind must be a Kind, got {self.kind!r}")

    @property
    def letter(self) -> str:
        """The unit in the text form: workers ``a``–``d``, soldiers ``A``–``D`` for players 1–4."""
        letter = "abcd"[self.player - 1]
        return letter.upper() if self.kind is Kind.SOLDIER else letter

    def __str__(self) -> str:
        return f"player {self.player}'s {self.kind.label}"

    @classmethod
    def from_letter(cls, letter: str) -> Unit:
        """The unit a text-form letter stands for (``a``–``d`` workers, ``A``–``D`` soldiers)."""
        if len(letter) != 1 or letter.lower() not in "abcd":
            raise StateError(f"{letter!r} is not a unit letter (workers a-d, soldiers A-D)")
        return cls("abcd".index(letter.lower()) + 1, Kind.SOLDIER if letter.isupper() else Kind.WORKER)


@dataclass(frozen=True)
class Disqualification:
    """A player that may not move any more: since ``turn`` (1-based, the turn being played when
    it happened), for ``reason`` (one line)."""

    turn: int
    reason: str

    def __post_init__(self) -> None:
        if not isinstance(self.turn, int) or self.turn < 1:
            raise StateError(f"a disqualification turn is 1 or more, got {self.turn!r}")
        if "\n" in self.reason or "\r" in self.reason:
            raise StateError(f"a disqualification reason is one line, got {self.reason!r}")


@dataclass(frozen=True)
class State:
    """The whole game between two answers.

    ``units`` maps a field to the unit on it (a plain dict for speed; treat it as read-only, as
    the whole state is). ``territory`` holds the owner of every field (0 for nobody), row by
    row: field ``(x, y)`` is byte ``y * 50 + x``. ``turn`` counts the full turns played;
    ``to_move`` is the player the game waits for in phases MOVE and UNIT, None otherwise."""

    units: Mapping[Cell, Unit]
    territory: bytes
    turn: int = 0
    total_turns: int = GAME_INFO.turns
    phase: Phase = Phase.MOVE
    to_move: int | None = 1
    kills: tuple[int, ...] = (0,) * GAME_INFO.players
    """Per player, the enemy units it has killed."""
    disqualified: tuple[Disqualification | None, ...] = (None,) * GAME_INFO.players
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        validate_state(self)
        object.__setattr__(self, "_counts", tuple(self.territory.count(p) for p in PLAYERS))

    # --- fields --------------------------------------------------------------------------------

    def unit(self, cell: Cell) -> Unit | None:
        return self.units.get(cell)

    def owner(self, cell: Cell) -> int:
        """The player owning ``cell`` (0 for nobody)."""
        return self.territory[cell[1] * SIDE + cell[0]]

    def units_of(self, player: int) -> list[tuple[Cell, Unit]]:
        """``player``'s units in reading order of their fields (row by row, left to right)."""
        return sorted(((c, u) for c, u in self.units.items() if u.player == player), key=lambda cu: (cu[0][1], cu[0][0]))

    # --- players -------------------------------------------------------------------------------

    def active(self, player: int) -> bool:
        """Whether ``player`` still moves (is not disqualified)."""
        return self.disqualified[check_player(player) - 1] is None

    @property
    def mover(self) -> int:
        """``to_move`` where there is one (phases MOVE and UNIT); a TurnError in the others."""
        if self.to_move is None:
            raise TurnError(f"phase {self.phase.value} waits for no player")
        return self.to_move

    @property
    def active_players(self) -> tuple[int, ...]:
        return tuple(p for p in PLAYERS if self.disqualified[p - 1] is None)

    def territory_of(self, player: int) -> int:
        """How many fields ``player`` owns."""
        return self._counts[check_player(player) - 1]

    def scores(self) -> tuple[int, ...]:
        """Per player: one point per owned field plus one per enemy unit killed (disqualified
        players' fields and kills count too)."""
        return tuple(self._counts[i] + self.kills[i] for i in range(GAME_INFO.players))

    # --- the end -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def end(self) -> EndReason | None:
        """Why the game is over, or None while it goes on."""
        if self.phase is not Phase.OVER:
            return None
        return EndReason.TURNS if self.turn >= self.total_turns else EndReason.ALL_DISQUALIFIED


def empty_territory() -> bytes:
    return bytes(SIDE * SIDE)


def start_state(total_turns: int = GAME_INFO.turns) -> State:
    """The start of a game: three workers on and next to each corner, three soldiers on the next
    three fields; only the workers' fields are owned. Player 1 moves first."""
    units: dict[Cell, Unit] = {}
    territory = bytearray(SIDE * SIDE)
    for player in PLAYERS:
        for cell in START_WORKERS:
            x, y = mirror(player, cell)
            units[x, y] = Unit(player, Kind.WORKER)
            territory[y * SIDE + x] = player
        for cell in START_SOLDIERS:
            units[mirror(player, cell)] = Unit(player, Kind.SOLDIER)
    return State(units, bytes(territory), total_turns=total_turns)


def validate_state(state: State) -> None:
    """Raise :class:`StateError` naming the field, player or counter that breaks an invariant."""
    _check_board(state)
    _check_counters(state)
    _check_phase(state)


def _check_board(state: State) -> None:
    if not isinstance(state.territory, bytes) or len(state.territory) != SIDE * SIDE:
        raise StateError(f"territory must be {SIDE * SIDE} bytes (one owner per field), got {len(state.territory)!r}")
    if max(state.territory) > GAME_INFO.players:
        i = next(i for i, b in enumerate(state.territory) if b > GAME_INFO.players)
        raise StateError(f"field ({i % SIDE},{i // SIDE}) is owned by {state.territory[i]}, not a player (0..4)")
    for cell, unit in state.units.items():
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(isinstance(v, int) for v in cell) and on_board(cell)):
            raise StateError(f"unit at {cell!r} is not on the {SIDE}x{SIDE} board")
        if not isinstance(unit, Unit):
            raise StateError(f"the unit at {cell!r} must be a Unit, got {unit!r}")


def _check_counters(state: State) -> None:
    if not isinstance(state.total_turns, int) or state.total_turns < 1:
        raise StateError(f"total turns must be at least 1, got {state.total_turns!r}")
    if not isinstance(state.turn, int) or not 0 <= state.turn <= state.total_turns:
        raise StateError(f"turn {state.turn!r} is outside 0..{state.total_turns}")
    if len(state.kills) != GAME_INFO.players or any(not isinstance(k, int) or k < 0 for k in state.kills):
        raise StateError(f"kills must be {GAME_INFO.players} non-negative whole numbers, got {state.kills!r}")
    if len(state.disqualified) != GAME_INFO.players:
        raise StateError(f"disqualified needs one entry per player, got {state.disqualified!r}")
    for p, out in zip(PLAYERS, state.disqualified):
        if out is not None and (not isinstance(out, Disqualification) or out.turn > state.turn + 1):
            raise StateError(f"player {p}: disqualification {out!r} is not one of turns 1..{state.turn + 1}")


def _check_phase(state: State) -> None:
    phase, to_move = state.phase, state.to_move
    if not isinstance(phase, Phase):
        raise StateError(f"phase must be a Phase, got {phase!r}")
    nobody_left = all(out is not None for out in state.disqualified)
    finished = state.turn >= state.total_turns or nobody_left
    if (phase is Phase.OVER) != finished:
        why = f"turn {state.turn}/{state.total_turns}, {'nobody' if nobody_left else 'somebody'} left to move"
        raise StateError(f"phase {phase.value} does not fit {why}")
    if phase in (Phase.MOVE, Phase.UNIT):
        if not (isinstance(to_move, int) and to_move in PLAYERS and state.disqualified[to_move - 1] is None):
            raise StateError(f"phase {phase.value} needs an active player to move, got {to_move!r}")
    elif to_move is not None:
        raise StateError(f"phase {phase.value} has nobody to move, got {to_move!r}")
