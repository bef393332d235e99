"""Ctrl-C in the long commands a heavy user runs: ``battle`` with a million steps and ``replay
--verify`` of a big file ended in a KeyboardInterrupt's traceback; now one line says what stopped
(and what a battle's replay keeps), with exit status 130."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena import cli, cli_progress
from arena.match import RoundInfo, run_match
from arena.replay import read_replay


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


def test_ctrl_c_in_a_battle_stops_it_with_a_line_and_keeps_its_finished_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:

    def interrupted_at_round_5(*args: Any, on_round: Callable[[RoundInfo], None], **kwargs: Any) -> Any:
        def press_ctrl_c(info: RoundInfo) -> None:
            on_round(info)
            if info.index == 5:
                os.kill(os.getpid(), signal.SIGINT)

        return run_match(*args, on_round=press_ctrl_c, **kwargs)

    monkeypatch.setattr("arena.cli.run_match", interrupted_at_round_5)
    record = tmp_path / "b.jsonl"
    status, out, err = run_cli(["battle", "hunter", "wall_hugger", "--seed", "1", "--steps", "1000000",
                                "--record", str(record)])
    assert (status, out) == (128 + signal.SIGINT, "")
    assert err == f"snakepit: battle stopped by SIGINT; {record} keeps the finished rounds\n"
    replay = read_replay(record)
    assert len(replay.rounds) == 5 and replay.result is None


def test_ctrl_c_in_a_replay_verification_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def long_verification(path: str, on_round: Callable[[int], None]) -> Any:
        for index in range(1, 1235):  # Ctrl-C after round 1,234 was checked
            on_round(index)
        raise KeyboardInterrupt

    monkeypatch.setattr("arena.cli.verify_replay", long_verification)
    status, out, err = run_cli(["replay", "--verify", str(tmp_path / "big.jsonl")])
    assert (status, out) == (130, "")  # it said only "replay stopped by Ctrl-C": how far it got, not a word
    assert err == (f"snakepit: replay --verify stopped by Ctrl-C after 1,234 rounds of {tmp_path / 'big.jsonl'} "
                   "checked: no verdict (it takes every round)\n")


def test_a_long_battle_says_how_far_it_is_every_few_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle of a million steps took minutes without a word; now a line every
    PROGRESS_SECONDS (a clock here that moves a second a step)."""
    ticks = iter(range(10_000))
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: float(next(ticks))))
    status, out, err = run_cli(["battle", "hunter", "wall_hugger", "--seed", "1", "--steps", "12"])
    assert status == 0 and json.loads(out)["steps"] == 12
    assert cli_progress.PROGRESS_SECONDS == 5.0
    assert err.splitlines() == ["snakepit: battle: step 5 of 12", "snakepit: battle: step 10 of 12"]


def test_a_long_replay_verification_says_how_far_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "b.jsonl"
    assert run_cli(["battle", "hunter", "wall_hugger", "--seed", "1", "--steps", "12", "--record", str(record)])[0] == 0
    ticks = iter(range(10_000))
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: float(next(ticks))))
    status, out, err = run_cli(["replay", "--verify", str(record)])
    assert (status, out) == (0, f"{record}: all 12 rounds agree\n")
    assert err.splitlines() == ["snakepit: verifying: 5 rounds checked", "snakepit: verifying: 10 rounds checked"]
