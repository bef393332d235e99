"""The game seam is typed: a referee is a ``GameReferee[State, Move, Event]`` of its engine's
types, and the rounds it replays carry them (``RoundInfo[State, Move, Event]``). mypy checks the
``assert_type`` lines (``make lint``); the asserts check that the values are what the types say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, assert_type

from arena.games import registry
from arena.itpw_referee import ItpwReferee
from arena.replay import Replay, read_replay
from arena.snake_referee import SnakeReferee
from arena.worms_referee import WormsReferee
from engines import itpw, snake, worms
from engines.snake.game import SnakeState

GOLDEN = Path(__file__).parent / "golden"


def golden_replay(game: str, folder: Path) -> Replay:
    """The golden match of ``game`` as a plain replay (the golden file adds lines after its result)."""
    lines = (GOLDEN / f"{game}.jsonl").read_text().splitlines()
    end = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "result")
    path = folder / f"{game}.jsonl"
    path.write_text("\n".join(lines[: end + 1]) + "\n")
    return read_replay(path)


def test_itpw_rounds_carry_itpw_states_moves_and_events(tmp_path: Path) -> None:
    referee = registry.game("itpw").referee
    assert isinstance(referee, ItpwReferee)
    first = next(referee.replay_rounds(golden_replay("itpw", tmp_path)))
    assert_type(first.state, itpw.State)
    assert_type(first.moves, tuple[dict[str, Any] | None, ...])
    assert_type(first.events, tuple[itpw.Event, ...])
    assert isinstance(first.state, itpw.State) and first.state.turn <= 1
    assert first.events and all(isinstance(e, itpw.Event.__args__) for e in first.events)
    assert any(move is not None and "move" in move for move in first.moves)


def test_worms_and_snake_rounds_carry_their_own_engines_types(tmp_path: Path) -> None:
    worms_referee = registry.game("worms").referee
    assert isinstance(worms_referee, WormsReferee)
    worm_round = next(worms_referee.replay_rounds(golden_replay("worms", tmp_path)))
    assert_type(worm_round.state, worms.WormsState)
    assert_type(worm_round.events, tuple[worms.Event, ...])
    assert isinstance(worm_round.state, worms.WormsState)
    assert all(move is None or isinstance(move, str) for move in worm_round.moves)

    snake_referee = registry.game("snake").referee
    assert isinstance(snake_referee, SnakeReferee)
    snake_round = next(snake_referee.replay_rounds(golden_replay("snake", tmp_path)))
    assert_type(snake_round.state, SnakeState)
    assert_type(snake_round.events, tuple[snake.Event, ...])
    assert isinstance(snake_round.state, SnakeState) and snake_round.events
