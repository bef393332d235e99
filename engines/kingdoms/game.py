"""Kingdoms in the engine protocol (:mod:`engines.protocol`).

A step is one round. A kingdom's move in replay form is its action line (``"u 2 5"``),
``{"invalid": line, "reason": why}`` for an answer the rules reject, or None (no answer, or a
dead kingdom).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engines.kingdoms.actions import Action, ActionError, answer_from_json, answer_to_json
from engines.kingdoms.codecs import playfield_from_text
from engines.kingdoms.events import event_to_json
from engines.kingdoms.rules import play_round
from engines.kingdoms.state import PLAYERS, State
from engines.kingdoms.text import state_from_text, state_to_text
from engines.kingdoms.types import GAME_INFO, ActionCode
from engines.protocol import Game, GameOverError, MoveError, Outcome, SeededRng, Step

DEAD = "dead"


class KingdomsGame(SeededRng):
    # The match generator: the rules draw nothing from it; strategies draw from BOT_SEED.
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players

    def start(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        """From ``playfield_text`` (the playfield line, its round limit included)."""
        return playfield_from_text(str(options["playfield_text"]), where="playfield_text")

    def idle(self, state: State) -> dict[int, str]:
        return {k: DEAD for k in range(PLAYERS) if k not in state.alive}

    def step(self, state: State, moves: Sequence[Any], rng: random.Random) -> Step[State]:
        if self.outcome(state) is not None:
            raise GameOverError(f"{self.name}: no step after the end ({self.outcome(state)})")
        if len(moves) != PLAYERS:
            raise MoveError(f"a round needs {PLAYERS} answers, got {len(moves)}")
        try:
            answers = [answer_from_json(move) for move in moves]
        except ActionError as error:
            raise MoveError(str(error)) from None
        report = play_round(state, answers)
        return Step(report.state, report.events, tuple(answer_to_json(a) for a in answers))

    def outcome(self, state: State) -> Outcome | None:
        return None if state.end is None else Outcome(state.end.value, tuple(state.scores()))

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(state.scores())

    def ranks(self, state: State, rng: random.Random) -> tuple[int, ...]:
        return tuple(state.ranks())

    to_text = staticmethod(state_to_text)
    from_text = staticmethod(state_from_text)
    event_json = staticmethod(event_to_json)

    def random_moves(self, state: State, rng: random.Random, match_rng: random.Random) -> list[Any]:
        return [random_action(state, k, rng).to_line() if k in state.alive else None for k in range(PLAYERS)]


def random_action(state: State, kingdom: int, rng: random.Random) -> Action:
    """A valid action for ``kingdom`` (an attack with the soldiers it has, at most)."""
    code = rng.choice(list(ActionCode))
    if code is ActionCode.ATTACK:
        soldiers = state.kingdoms[kingdom].soldiers
        if soldiers < 1:
            return Action(ActionCode.RECRUIT)
        return Action(code, rng.randint(1, PLAYERS - 1), rng.randint(1, soldiers))
    if code is ActionCode.ROB:
        return Action(code, rng.randint(1, PLAYERS - 1))
    return Action(code)


GAME: Game[State] = KingdomsGame()
