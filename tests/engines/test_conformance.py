"""One conformance suite over every game's engine (engines/protocol.py), as OpenSpiel runs its
API tests over every registered game: seeded random playouts to the end check that a game is
deterministic from its seed and moves, that every state's text reads back to the same text,
that idle seats never move and moving seats always do, that scores and ranks fit the seats,
and that a finished game accepts no step.

The games and their start options come from the arena's registry (every registered game has
an engine); the games' own rule tests are in tests/engines/test_<game>_*.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from arena.games import registry
from engines.playout import SeededPlay
from engines.protocol import Game, GameOverError, Outcome

SEEDS = range(4)


@dataclass(frozen=True)
class Playout:
    texts: tuple[str, ...]
    moves: tuple[tuple[Any, ...], ...]
    events: tuple[tuple[Any, ...], ...]
    outcome: Outcome
    ranks: tuple[int, ...]


def playout(game: Game[Any], options: dict[str, Any], seats: int, seed: int) -> Playout:
    """A whole game of random legal moves: the match's generator from ``seed``, the moves chosen
    with another one."""
    play = SeededPlay(game, game.start(options, seats), seed)
    texts, moves, events = [game.to_text(play.state)], [], []
    for _ in range(10_000):
        if play.over:
            break
        idle = game.idle(play.state)
        chosen = play.moves()
        assert len(chosen) == seats
        assert all(chosen[seat] is None for seat in idle), (idle, chosen)
        step = play.play(chosen)
        assert len(step.moves) == seats and all(step.moves[seat] is None for seat in idle)
        texts.append(game.to_text(step.state))
        moves.append(tuple(step.moves))
        events.append(tuple(game.event_json(e) for e in step.events))
    outcome = game.outcome(play.state)
    assert outcome is not None, f"{game.name}: no end in 10,000 steps"
    return Playout(tuple(texts), tuple(moves), tuple(events), outcome, game.ranks(play.state, play.rng))


def cases() -> Iterator[Any]:
    for name, descriptor in sorted(registry.games().items()):
        yield pytest.param(descriptor, id=name)


@pytest.fixture(params=list(cases()))
def game_case(request: pytest.FixtureRequest) -> Any:
    return request.param


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_replays_exactly_from_its_seed_and_moves(game_case: Any, seed: int) -> None:
    game, options, seats = game_case.engine, game_case.playout_options(seed), game_case.playout_seats
    first, second = playout(game, options, seats, seed), playout(game, options, seats, seed)
    assert first == second
    # The same moves given again, not chosen again, play the same game.
    rng, state = game.rng(seed), game.start(options, seats)
    for index, moves in enumerate(first.moves, 1):
        step = game.step(state, list(moves), rng)
        state = step.state
        assert game.to_text(state) == first.texts[index]
        assert tuple(step.moves) == moves
    assert game.outcome(state) == first.outcome


@pytest.mark.parametrize("seed", SEEDS)
def test_every_state_text_reads_back_to_the_same_text(game_case: Any, seed: int) -> None:
    game = game_case.engine
    for text in playout(game, game_case.playout_options(seed), game_case.playout_seats, seed).texts:
        assert game.to_text(game.from_text(text)) == text


@pytest.mark.parametrize("seed", SEEDS)
def test_scores_and_ranks_fit_the_seats_and_each_other(game_case: Any, seed: int) -> None:
    seats = game_case.playout_seats
    played = playout(game_case.engine, game_case.playout_options(seed), seats, seed)
    assert len(played.outcome.scores) == len(played.ranks) == seats
    assert min(played.ranks) == 1 and all(1 <= rank <= seats for rank in played.ranks)
    assert played.outcome.reason in game_case.end_reasons


def test_a_finished_game_accepts_no_step(game_case: Any) -> None:
    game, seats = game_case.engine, game_case.playout_seats
    play = SeededPlay(game, game.start(game_case.playout_options(0), seats), 0)
    while not play.over:
        play.step()
    with pytest.raises(GameOverError):
        game.step(play.state, [None] * seats, play.rng)
