"""The Bio-blots sample bots, run as real persistent processes the way the referee runs them: the
board and the seat on stdin, then alternate lines through pipes, every line checked by the engine.
Each game must end without a fault (every line legal, the skip after mercury written, every answer
in time and flushed — the bots get a minimal environment without PYTHONUNBUFFERED), and the
sensible bots must beat the random one."""

from __future__ import annotations

import random
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from engines.bioblots import (
    GAME_INFO,
    Event,
    Result,
    Skipped,
    State,
    generate_board,
    opening_lines,
    start_state,
)
from collections.abc import Callable
from tests.engines.sample_bots import BOT_ENV, SAMPLES as SAMPLE_FOLDERS, end_bot

SAMPLES = SAMPLE_FOLDERS / "bioblots"
ENV = BOT_ENV
SLACK = 20  # answers within 20 × the 0.5 s limit: only a hung bot fails; the limit is a bench matter


def python_bot(name: str) -> list[str]:
    return [sys.executable, str(SAMPLES / name)]


class Bot:
    """A persistent bot process with line I/O under a deadline."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV, bufsize=0)
        self.slowest = 0.0

    def send(self, lines: Sequence[str]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines).encode("ascii"))

    def answer(self) -> str:
        assert self.proc.stdout is not None
        started = time.monotonic()
        ready, _, _ = select.select([self.proc.stdout], [], [], GAME_INFO.move_time_limit * SLACK)
        assert ready, "no answer in time (or the bot did not flush)"
        line = self.proc.stdout.readline().decode("ascii")
        self.slowest = max(self.slowest, time.monotonic() - started)
        assert line.endswith("\n"), f"answer {line!r} is not a whole line"
        return line

    def close(self) -> int:
        return end_bot(self.proc)


def play(argvs: Sequence[Sequence[str]], seed: int) -> tuple[State, Result, list[Event]]:
    """A whole game between two bots on the board of ``seed``; every line goes through the engine."""
    board = generate_board(random.Random(seed))
    bots = [Bot(argv) for argv in argvs]
    try:
        for player, bot in enumerate(bots):
            bot.send(opening_lines(board, player))
        state, history = start_state(board), list[Event]()
        while not state.over:
            player = state.to_move
            line = bots[player].answer()
            state, events = state.apply_line(line)
            history.extend(events)
            if not state.over:
                bots[1 - player].send([line.strip()])
        codes = [bot.close() for bot in bots]
    finally:
        for bot in bots:
            bot.proc.kill()
    assert codes == [0, 0], "a bot did not exit cleanly when its input ended"
    return state, state.result(), history


def assert_clean(result: Result) -> None:
    assert result.fault is None, f"{result.fault}"
    assert result.reason.value in ("move_limit", "all_neutralised", "locked_in")


def test_heuristic_bot_beats_the_random_bot() -> None:
    state, result, history = play([python_bot("heuristic_bot.py"), python_bot("random_bot.py")], seed=11)
    assert_clean(result)
    assert result.winner == 0 and result.scores[0] > 2 * result.scores[1]
    assert state.moves == (80, 80) or result.reason.value != "move_limit"
    assert any(isinstance(e, Skipped) for e in history), "the random bot never entered mercury: pick another seed"


def test_greedy_c_bot_beats_the_random_bot_from_the_second_seat(c_bot: Callable[[str], Path]) -> None:
    _, result, _ = play([python_bot("random_bot.py"), [str(c_bot("bioblots/greedy"))]], seed=12)
    assert_clean(result)
    assert result.winner == 1


def test_heuristic_and_greedy_bots_play_a_clean_game(c_bot: Callable[[str], Path]) -> None:
    _, result, _ = play([[str(c_bot("bioblots/greedy"))], python_bot("heuristic_bot.py")], seed=13)
    assert_clean(result)
    assert min(result.scores) > 100  # both take many cells per move


@pytest.mark.parametrize("name", ["random_bot.py", "heuristic_bot.py"])
def test_python_bots_exit_quietly_when_input_ends_early(name: str) -> None:
    bot = Bot(python_bot(name))
    bot.send(opening_lines(generate_board(random.Random(1)), 1))
    assert bot.close() == 0
