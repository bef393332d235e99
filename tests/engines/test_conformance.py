"""The conformance suite (arena/games/conformance.py) over every registered game's engine, as
OpenSpiel runs its API tests over every registered game: deterministic from its seed and moves,
every state's text reads back, idle seats never move and moving seats always do, scores and
ranks fit the seats, and a finished game accepts no step.

The games and their start options come from the arena's registry (every registered game has
an engine; a game from an installed package is among them); the games' own rule tests are in
tests/engines/test_<game>_*.py. The checks themselves are tested in tests/games/test_conformance_checks.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from arena.games import registry
from arena.games.conformance import SEEDED_CHECKS, SEEDS, check_finished_accepts_no_step
from arena.games.descriptor import GameDescriptor


def cases() -> Iterator[Any]:
    for name, descriptor in sorted(registry.games().items()):
        yield pytest.param(descriptor, id=name)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("check", SEEDED_CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("game", list(cases()))
def test_a_game_conforms(game: GameDescriptor, check: Callable[[GameDescriptor, int], None], seed: int) -> None:
    check(game, seed)


@pytest.mark.parametrize("game", list(cases()))
def test_a_finished_game_accepts_no_step(game: GameDescriptor) -> None:
    check_finished_accepts_no_step(game)
