"""ITPW in the engine protocol (:mod:`engines.protocol`).

A step is one round (:mod:`engines.itpw.turn`): every active player's move in turn order, the
draw, the drawn player's new unit. A seat's move in replay form is ``{"move": line}`` or
``{"fault": reason}``, with ``"unit": "worker"|"soldier"`` or ``"unit_fault": reason`` for the
player who got a unit; None for a player already out. Ties are ranked by lot, from the match's
generator after the last round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engines.itpw.events import event_to_json
from engines.itpw.moves import Move, random_move
from engines.itpw.rules import ranks
from engines.itpw.state import State, start_state
from engines.itpw.text import state_from_text, state_to_text
from engines.itpw.turn import RecordedTurn, Turn, play_turn
from engines.itpw.types import GAME_INFO, PLAYERS, ItpwError, Kind
from engines.protocol import Game, GameOverError, MoveError, Outcome, SeededRng, Step

OUT = "disqualified"
"""Why a player already out does not move."""


class ItpwGame(SeededRng):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players

    def start(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        """From ``turns`` (the number of turns)."""
        return start_state(int(options.get("turns", GAME_INFO.turns)))

    def idle(self, state: State) -> dict[int, str]:
        """The players disqualified before the round, with why."""
        return {p - 1: f"{OUT}: {out.reason}" for p, out in zip(PLAYERS, state.disqualified) if out is not None}

    def step(self, state: State, moves: Sequence[Any], rng: random.Random) -> Step[State]:
        if self.outcome(state) is not None:
            raise GameOverError(f"{self.name}: no step after the end ({self.outcome(state)})")
        try:
            source = RecordedTurn(moves)
            turn = play_turn(state, rng, source)
            assert turn is not None  # a recorded round never gives up
            source.check_units(turn)
        except (ItpwError, KeyError, TypeError) as error:
            raise MoveError(str(error)) from None
        except ValueError as error:
            raise MoveError(str(error)) from None
        return Step(turn.state, tuple(turn.events), tuple(turn.moves))

    def outcome(self, state: State) -> Outcome | None:
        return None if state.end is None else Outcome(state.end.value, state.scores())

    def scores(self, state: State) -> tuple[int, ...]:
        return state.scores()

    def ranks(self, state: State, rng: random.Random) -> tuple[int, ...]:
        return ranks(state, rng)

    to_text = staticmethod(state_to_text)
    from_text = staticmethod(state_from_text)
    event_json = staticmethod(event_to_json)

    def random_moves(self, state: State, rng: random.Random, match_rng: random.Random) -> list[Any]:
        """A random legal move for every active player, and a unit for the one the round's draw
        will award it to (drawn from a copy of the match's generator, as the step will)."""
        draws = random.Random()
        draws.setstate(match_rng.getstate())
        turn = play_turn(state, draws, _RandomTurn(rng))
        assert turn is not None
        return list(turn.moves)


class _RandomTurn:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def move(self, turn: Turn, player: int) -> Move:
        return random_move(turn.state, player, self.rng)

    def unit(self, turn: Turn, player: int) -> Kind:
        return self.rng.choice(list(Kind))


GAME: Game[State] = ItpwGame()
