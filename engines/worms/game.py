"""The worm game in the engine protocol (:mod:`engines.protocol`).

A step is one round. A worm's move in replay form is ``"l"``, ``"r"`` or ``"."`` (what was
applied; a bot's garbage answer is ``"."``), None for a dead or frozen worm.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.protocol import Game, GameOverError, MoveError, Outcome, SeededRng, Step
from engines.worms.events import EventJsonError, event_to_json, turns_from_json, turns_to_json
from engines.worms.playfield import playfield_from_text, playfield_to_text
from engines.worms.rules import play_round
from engines.worms.state import WormsState
from engines.worms.types import GAME_INFO, Turn


def idle_worms(state: WormsState) -> dict[int, str]:
    """The worms that do not move in the next round, with why: ``dead``, ``frozen for n more rounds``."""
    return {i: "dead" if not w.alive else f"frozen for {w.frozen} more rounds"
            for i, w in enumerate(state.worms) if not w.moving}


class WormsGame(SeededRng):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players

    def start(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> WormsState:
        """From ``map_text`` (a playfield at round 0) and ``rounds`` (None: the map's own limit)."""
        state = playfield_from_text(str(options["map_text"]))
        rounds = options.get("rounds")
        return state if rounds is None else replace(state, max_rounds=int(rounds))

    def idle(self, state: WormsState) -> dict[int, str]:
        return idle_worms(state)

    def step(self, state: WormsState, moves: Sequence[Any], rng: random.Random) -> Step[WormsState]:
        if self.outcome(state) is not None:
            raise GameOverError(f"{self.name}: no step after the end ({self.outcome(state)})")
        try:
            turns = turns_from_json(list(moves))
        except EventJsonError as error:
            raise MoveError(str(error)) from None
        if len(turns) != GAME_INFO.players:
            raise MoveError(f"a round needs {GAME_INFO.players} moves, got {len(turns)}")
        result = play_round(state, turns, rng)
        return Step(result.state, result.events, tuple(turns_to_json(result.turns)))

    def outcome(self, state: WormsState) -> Outcome | None:
        reason = state.end_reason()
        return None if reason is None else Outcome(reason.value, state.scores())

    def scores(self, state: WormsState) -> tuple[int, ...]:
        return state.scores()

    def ranks(self, state: WormsState, rng: random.Random) -> tuple[int, ...]:
        return state.ranks()

    to_text = staticmethod(playfield_to_text)
    from_text = staticmethod(playfield_from_text)
    event_json = staticmethod(event_to_json)

    def random_moves(self, state: WormsState, rng: random.Random, match_rng: random.Random) -> list[Any]:
        return [rng.choice(list(Turn)).char if worm.moving else None for worm in state.worms]


GAME: Game[WormsState] = WormsGame()
