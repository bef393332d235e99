"""One ITPW round (a turn of every player, then the draw and the new unit), the one flow both a
live match and a replay walk through.

:func:`play_turn` asks a :class:`TurnSource` for each action in the rules' order: every active
player's move, in turn order; the draw; the drawn player's new unit. A live referee's source
asks the bots (and tells the others what happened); a replay's source reads the recorded round.
A source answers a :class:`Move` or :class:`Kind`, a string (the player is disqualified for that
reason), or None (the round is given up: a cancelled match).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engines.itpw.events import Event
from engines.itpw.rules import apply_move, disqualify, end_turn, place_unit
from engines.itpw.moves import Move
from engines.itpw.state import State
from engines.itpw.types import GAME_INFO, Kind, Phase

A = TypeVar("A")
"""An answer a turn source gives: a move or a unit kind."""

UNIT_KEYS = frozenset({"unit", "unit_fault"})
"""The keys of a round's move that say what became of the new unit."""


@dataclass
class Turn:
    """One round being played or re-played: the state as it goes, and per seat what it did (its
    replay form: ``{"move": line}`` or ``{"fault": reason}``, and ``"unit"``/``"unit_fault"``)."""

    state: State
    moves: list[dict[str, Any] | None] = field(default_factory=lambda: [None] * GAME_INFO.players)
    events: list[Event] = field(default_factory=list)

    def move(self, player: int, move: Move) -> None:
        self.state, events = apply_move(self.state, player, move)
        self.events += events
        self.moves[player - 1] = {"move": move.to_line()}

    def unit(self, player: int, kind: Kind) -> None:
        self.state, events = place_unit(self.state, player, kind)
        self.events += events
        self._entry(player)["unit"] = kind.label

    def disqualify(self, player: int, reason: str) -> None:
        unit = self.state.phase is Phase.UNIT
        self.state, events = disqualify(self.state, player, reason)
        self.events += events
        out = self.state.disqualified[player - 1]
        self._entry(player)["unit_fault" if unit else "fault"] = out.reason if out is not None else reason

    def end_turn(self, rng: random.Random) -> None:
        self.state, events = end_turn(self.state, rng)
        self.events += events

    def _entry(self, player: int) -> dict[str, Any]:
        entry = self.moves[player - 1]
        if entry is None:
            entry = self.moves[player - 1] = {}
        return entry


class TurnSource(Protocol):
    def move(self, turn: Turn, player: int) -> Move | str | None:
        """``player``'s move (a string: disqualify it for that reason; None: give up the round)."""

    def unit(self, turn: Turn, player: int) -> Kind | str | None:
        """The kind of ``player``'s new unit (a string: disqualify it; None: give up the round)."""


def play_turn(state: State, rng: random.Random, source: TurnSource) -> Turn | None:
    """Play one round from ``state``; None if the source gave it up."""
    turn = Turn(state)
    while turn.state.phase is Phase.MOVE:
        if not _answered(turn, source.move, turn.move):
            return None
    if turn.state.phase is Phase.TURN_END:
        turn.end_turn(rng)
    if turn.state.phase is Phase.UNIT and not _answered(turn, source.unit, turn.unit):
        return None
    return turn


def _answered(turn: Turn, ask: Callable[[Turn, int], A | str | None], apply: Callable[[int, A], None]) -> bool:
    """Ask the player on turn and apply its answer (a string: the fault it is disqualified for);
    False if the source gave the round up."""
    player = turn.state.mover
    answer = ask(turn, player)
    if answer is None:
        return False
    turn.disqualify(player, answer) if isinstance(answer, str) else apply(player, answer)
    return True


class RecordedTurn:
    """A replay's round as a source: each seat's recorded move, fault, unit or unit fault."""

    def __init__(self, moves: Sequence[Any]) -> None:
        if not isinstance(moves, (list, tuple)) or len(moves) != GAME_INFO.players:
            raise ValueError(f"'moves' must list {GAME_INFO.players} seats")
        self.moves = moves

    def move(self, turn: Turn, player: int) -> Move | str:
        entry = self._entry(player, "move", "fault")
        return str(entry["fault"]) if "fault" in entry else Move.from_line(str(entry["move"]))

    def unit(self, turn: Turn, player: int) -> Kind | str:
        entry = self._entry(player, "unit", "unit_fault")
        return str(entry["unit_fault"]) if "unit_fault" in entry else Kind[str(entry["unit"]).upper()]

    def check_units(self, turn: Turn) -> None:
        """Only the drawn player's entry may say what became of a new unit (the owner's is taken;
        anybody else's would go unnoticed)."""
        for seat, entry in enumerate(self.moves):
            if isinstance(entry, dict) and UNIT_KEYS & entry.keys() and not UNIT_KEYS & (turn.moves[seat] or {}).keys():
                raise ValueError(f"seat {seat} (player {seat + 1}): a new unit is recorded ({entry!r:.80}), but the "
                                 "player got no new unit in this round")

    def _entry(self, player: int, *keys: str) -> dict[str, Any]:
        entry = self.moves[player - 1]
        if not isinstance(entry, dict) or not any(k in entry for k in keys):
            raise ValueError(f"seat {player - 1} (player {player}) has no {' or '.join(map(repr, keys))}, "
                             f"but the game waits for it: {entry!r:.80}")
        return entry
