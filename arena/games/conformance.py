"""The conformance suite over a game's engine (engines/protocol.py), as OpenSpiel runs its API
tests over every registered game: seeded random playouts to the end check that a game is
deterministic from its seed and moves, that every state's text reads back to the same text,
that idle seats never move and moving seats always do, that scores and ranks fit the seats,
and that a finished game accepts no step.

snakepit's own suite (tests/engines/test_conformance.py) runs it over every registered game; a
game from another package runs it from its own tests, with no checkout of snakepit::

    from arena.games.conformance import check_game
    from my_package.referee import DESCRIPTOR

    def test_my_game_conforms() -> None:
        check_game(DESCRIPTOR)

A failure is a :class:`ConformanceError` naming the game, the check, the seed and the step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from arena.games.descriptor import GameDescriptor
from engines.playout import SeededPlay
from engines.protocol import Game, GameOverError, Outcome

SEEDS = range(4)
MOST_STEPS = 10_000
"""A random game longer than this is taken for one that never ends."""


class ConformanceError(AssertionError):
    """A game's engine that breaks the protocol: the message names the game, seed and step."""


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
    for step_number in range(1, MOST_STEPS + 1):
        if play.over:
            break
        where = f"{game.name}, seed {seed}, step {step_number}"
        idle = game.idle(play.state)
        chosen = play.moves()
        _check(len(chosen) == seats, f"{where}: random_moves gave {len(chosen)} moves for {seats} seats")
        _check(all(chosen[seat] is None for seat in idle),
               f"{where}: random_moves moved an idle seat (idle {dict(idle)}, moves {chosen})")
        step = play.play(chosen)
        _check(len(step.moves) == seats and all(step.moves[seat] is None for seat in idle),
               f"{where}: step's moves as applied {step.moves} are not one per seat with None for idle {dict(idle)}")
        texts.append(game.to_text(step.state))
        moves.append(tuple(step.moves))
        events.append(tuple(game.event_json(e) for e in step.events))
    outcome = game.outcome(play.state)
    if outcome is None:
        raise ConformanceError(f"{game.name}, seed {seed}: no end in {MOST_STEPS:,} steps of random moves")
    return Playout(tuple(texts), tuple(moves), tuple(events), outcome, game.ranks(play.state, play.rng))


def check_replays_exactly(descriptor: GameDescriptor, seed: int) -> None:
    """The same seed plays the same game, and the same moves given again (not chosen again) do too."""
    game, options, seats = descriptor.engine, descriptor.playout_options(seed), descriptor.playout_seats
    first = playout(game, options, seats, seed)
    _check(first == playout(game, options, seats, seed), f"{game.name}, seed {seed}: two playouts differ")
    rng, state = game.rng(seed), game.start(options, seats)
    for index, moves in enumerate(first.moves, 1):
        step = game.step(state, list(moves), rng)
        state = step.state
        where = f"{game.name}, seed {seed}, step {index} replayed"
        _check(game.to_text(state) == first.texts[index], f"{where}: another state\n{game.to_text(state)}")
        _check(tuple(step.moves) == moves, f"{where}: moves applied {step.moves}, first {moves}")
    _check(game.outcome(state) == first.outcome, f"{game.name}, seed {seed}: replayed, another outcome")


def check_texts_read_back(descriptor: GameDescriptor, seed: int) -> None:
    """``to_text(from_text(t)) == t`` for every state of a playout."""
    game = descriptor.engine
    for index, text in enumerate(playout(game, descriptor.playout_options(seed), descriptor.playout_seats, seed).texts):
        again = game.to_text(game.from_text(text))
        _check(again == text, f"{game.name}, seed {seed}, state {index}: the text\n{text}reads back as\n{again}")


def check_scores_and_ranks(descriptor: GameDescriptor, seed: int) -> None:
    """A score and a rank per seat, ranks from 1, and an end reason the descriptor words."""
    seats, name = descriptor.playout_seats, descriptor.name
    played = playout(descriptor.engine, descriptor.playout_options(seed), seats, seed)
    _check(len(played.outcome.scores) == len(played.ranks) == seats,
           f"{name}, seed {seed}: scores {played.outcome.scores} and ranks {played.ranks} for {seats} seats")
    _check(min(played.ranks) == 1 and all(1 <= rank <= seats for rank in played.ranks),
           f"{name}, seed {seed}: ranks {played.ranks} are not 1..{seats} with a first")
    _check(played.outcome.reason in descriptor.end_reasons,
           f"{name}, seed {seed}: the end reason {played.outcome.reason!r} is none of its end_reasons "
           f"({', '.join(descriptor.end_reasons)})")


def check_finished_accepts_no_step(descriptor: GameDescriptor, seed: int = 0) -> None:
    """A step after the end raises :class:`~engines.protocol.GameOverError`."""
    game, seats = descriptor.engine, descriptor.playout_seats
    play = SeededPlay(game, game.start(descriptor.playout_options(seed), seats), seed)
    while not play.over:
        play.step()
    try:
        game.step(play.state, [None] * seats, play.rng)
    except GameOverError:
        return
    raise ConformanceError(f"{game.name}, seed {seed}: a step after the end raised no GameOverError")


SEEDED_CHECKS = (check_replays_exactly, check_texts_read_back, check_scores_and_ranks)


def check_game(descriptor: GameDescriptor, seeds: Iterable[int] = SEEDS) -> None:
    """Every check, with each seed; raises :class:`ConformanceError` at the first that fails."""
    if descriptor.playout is None or descriptor.playout_seats < 1:
        raise ConformanceError(f"{descriptor.name}: its descriptor gives no playout (the start options of a small game "
                               "for a seed) and playout_seats, which the random games start from")
    for seed in seeds:
        for check in SEEDED_CHECKS:
            check(descriptor, seed)
    check_finished_accepts_no_step(descriptor)


def _check(holds: bool, message: str) -> None:
    if not holds:
        raise ConformanceError(message)
