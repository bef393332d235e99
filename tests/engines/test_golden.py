"""Engine-only golden playthroughs: the rules alone, no referee and no bots.

For every registered game, ``golden/<game>.txt`` holds a whole game of random legal moves as a
readable playthrough (:mod:`tests.playthrough`): the seed, the start options, then round by round
the moves, the events, the scores and the state's canonical text. The test reads the moves back
from the file, plays them through the game's ``step`` from the file's seed and options, and
compares what it gets with the file: a difference names the first round that differs and what
differs in it (moves, events, scores, state lines), with the diff.

Every registered game must have one. After an intended change of the rules (or for a new game)::

    pytest tests/engines/test_golden.py --update-golden

plays a new game from :data:`SEED` (the game's playout options and the conformance suite's way
of choosing moves) and rewrites the file; review the diff.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from arena.games import registry
from arena.games.descriptor import GameDescriptor
from engines.protocol import Game, GameOverError, MoveError
from tests.playthrough import Round, first_difference, parse, render

GOLDEN = Path(__file__).parent / "golden"
SEED = 11
COMMENT = """Golden playthrough of {game}: the engine alone, no referee and no bots.
tests/engines/test_golden.py plays the recorded moves from the seed and the options below and
compares every round; after an intended change of the rules: pytest --update-golden, review the diff."""


class ReplayFailed(AssertionError):
    """Recorded moves the engine does not take (the message names the round)."""


def playthrough(game: Game[Any], seed: int, options: dict[str, Any], seats: int,
                moves: Sequence[Sequence[Any]] | None) -> str:
    """The playthrough of the game from ``seed`` and ``options``: the recorded ``moves`` played
    through the engine, or (None) random legal moves chosen as the conformance suite does."""
    rng, choices = game.rng(seed), random.Random(f"moves/{seed}")
    state = game.start(options, seats)
    start, rounds = game.to_text(state), list[Round]()
    while (game.outcome(state) is None) if moves is None else len(rounds) < len(moves):
        chosen = game.random_moves(state, choices, rng) if moves is None else list(moves[len(rounds)])
        try:
            step = game.step(state, chosen, rng)
        except (MoveError, GameOverError) as error:
            raise ReplayFailed(f"round {len(rounds) + 1}: the recorded moves {chosen!r:.200} do not play: {error}") from None
        state = step.state
        rounds.append(Round(step.moves, [game.event_json(e) for e in step.events], game.scores(state),
                            game.to_text(state)))
    outcome = game.outcome(state)
    end: dict[str, Any] = {"end": None if outcome is None else outcome.reason, "scores": list(game.scores(state))}
    if outcome is not None:
        end["ranks"] = list(game.ranks(state, rng))
    header = {"game": game.name, "seed": seed, "seats": seats}
    return render(COMMENT.format(game=game.name), header, options, start, rounds, end)


def check(descriptor: GameDescriptor, path: Path) -> str | None:
    """What differs between the golden at ``path`` and its moves played again (None: nothing)."""
    stored = parse(path)
    if stored.header.get("game") != descriptor.name:
        return f"{path.name}: a playthrough of {stored.header.get('game')!r}, not of {descriptor.name!r}"
    try:
        got = playthrough(descriptor.engine, stored.header["seed"], stored.options, stored.header["seats"], stored.moves)
    except ReplayFailed as error:
        return f"{path.name}: {error}"
    return first_difference(path.name, path.read_text(encoding="utf-8"), got)


GAMES = sorted(registry.built_in_games().items())  # a game from an installed package brings its own


@pytest.mark.parametrize(("name", "descriptor"), GAMES, ids=[name for name, _ in GAMES])
def test_every_game_plays_its_golden_moves_to_the_same_states(
    name: str, descriptor: GameDescriptor, update_golden: bool,
) -> None:
    path = GOLDEN / f"{name}.txt"
    if update_golden:
        options = descriptor.playout_options(SEED)
        path.write_text(playthrough(descriptor.engine, SEED, options, descriptor.playout_seats, None), encoding="utf-8")
    assert path.is_file(), f"{name} has no engine golden: generate {path} with pytest --update-golden"
    problem = check(descriptor, path)
    assert problem is None, problem


def test_a_changed_move_in_a_golden_is_named_by_its_round_and_what_it_changed(tmp_path: Path) -> None:
    descriptor = registry.game("worms")
    text = (GOLDEN / "worms.txt").read_text()
    head, rest = text.split("# Round 3\n", 1)
    moves_line = next(line for line in rest.splitlines() if line.startswith("moves: "))
    turned = moves_line.replace('"."', '"l"', 1) if '"."' in moves_line else moves_line.replace('"r"', '"l"', 1)
    assert turned != moves_line
    tampered = tmp_path / "worms.txt"
    tampered.write_text(head + "# Round 3\n" + rest.replace(moves_line, turned, 1))
    problem = check(descriptor, tampered)
    assert problem is not None and problem.startswith("worms.txt: Round 3 differs in ")
    assert "state line" in problem and "later parts differ too" in problem
    assert "\n-| " in problem and "\n+| " in problem  # the state's lines before and after, in the diff


def test_recorded_moves_the_engine_does_not_take_are_named_by_their_round(tmp_path: Path) -> None:
    descriptor = registry.game("worms")
    text = (GOLDEN / "worms.txt").read_text()
    head, rest = text.split("# Round 2\n", 1)
    moves_line = next(line for line in rest.splitlines() if line.startswith("moves: "))
    tampered = tmp_path / "worms.txt"
    tampered.write_text(head + "# Round 2\n" + rest.replace(moves_line, 'moves: ["x", ".", ".", "."]', 1))
    problem = check(descriptor, tampered)
    assert problem is not None and problem.startswith("worms.txt: round 2: the recorded moves ['x', '.', '.', '.'] do not play")


@pytest.mark.parametrize("text", ["a\nb\n", "a\n\nb\n", "no newline", "", "\n", "trailing  \n\n", "x\n\\ y"])
def test_a_text_block_reads_back_exactly(text: str, tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(render("c", {"game": "g"}, {"text": text + "\n", "plain": text}, "", [], {}))
    assert parse(path).options == {"text": text + "\n", "plain": text}
