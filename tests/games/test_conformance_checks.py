"""The conformance suite (arena.games.conformance) is a library a game's own package runs from
its tests; it lived only in snakepit's tests/, which an installed snakepit does not have. Each
check fails, naming the game, the seed and the step, for an engine that breaks what it checks."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from arena.games.conformance import ConformanceError, check_game
from engines.protocol import Step
from tests.games.nim.engine import NimGame, NimState
from tests.games.nim.referee import DESCRIPTOR


class TextLosesTheTurn(NimGame):
    def from_text(self, text: str) -> NimState:
        return dataclasses.replace(super().from_text(text), to_move=0)


class StepsAfterTheEnd(NimGame):
    def step(self, state: NimState, moves: Sequence[Any], rng: random.Random) -> Step[NimState]:
        return Step(state, (), tuple(moves)) if state.winner is not None else super().step(state, moves, rng)


class MovesTheIdleSeat(NimGame):
    def random_moves(self, state: NimState, rng: random.Random, match_rng: random.Random) -> list[Any]:
        return [move or "0 1" for move in super().random_moves(state, rng, match_rng)]


@pytest.mark.parametrize(("engine", "said"), [
    (TextLosesTheTurn(), "nim, seed 0, state 1: the text\nheaps"),
    (StepsAfterTheEnd(), "nim, seed 0: a step after the end raised no GameOverError"),
    (MovesTheIdleSeat(), "nim, seed 0, step 1: random_moves moved an idle seat (idle {1: 'not its turn'}"),
])
def test_a_broken_engine_fails_its_check_naming_game_seed_and_step(engine: NimGame, said: str) -> None:
    with pytest.raises(ConformanceError) as raised:
        check_game(dataclasses.replace(DESCRIPTOR, engine=engine), range(1))
    assert str(raised.value).startswith(said), str(raised.value)


def test_an_end_reason_without_words_fails() -> None:
    with pytest.raises(ConformanceError, match="the end reason 'taken' is none of its end_reasons \\(fault\\)"):
        check_game(dataclasses.replace(DESCRIPTOR, end_reasons={"fault": "a bot broke a rule"}), range(1))


def test_a_sound_engine_passes() -> None:
    check_game(DESCRIPTOR, range(3))


def test_a_descriptor_without_playout_options_is_told_what_to_give() -> None:
    with pytest.raises(ConformanceError, match="^nim: its descriptor gives no playout"):
        check_game(dataclasses.replace(DESCRIPTOR, playout=None))
