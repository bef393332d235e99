"""The shipped kingdoms samples: the default playfield loads, and every sample bot runs on its own
(no project imports), answers every round with a valid action and replays the same way.

The bots are started the way the spec says: the 8 numbers on the command line, the information
files in the seat's own working directory, stdout read for the first line. This is a small local
driver with ``subprocess.run`` and a timeout, not the arena's process layer; each run's process
is reaped before the next starts, so nothing outlives a test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines.kingdoms import (
    INFO_FILES,
    Action,
    State,
    command_line_args,
    info_files,
    parse_answer,
    play_round,
    playfield_from_text,
    playfield_line,
)
from engines.kingdoms.actions import Answer

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "kingdoms"
BOTS = {
    "random_bot.py": [sys.executable, str(SAMPLES / "random_bot.py")],
    "heuristic_bot.py": [sys.executable, str(SAMPLES / "heuristic_bot.py")],
    "farmer.sh": [str(SAMPLES / "farmer.sh")],
}
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}  # explicit: nothing inherited, e.g. PYTHONUNBUFFERED
ROUNDS = 12


def run_bot(argv: list[str], cwd: Path) -> bytes:
    done = subprocess.run(argv, cwd=cwd, env=ENV, capture_output=True, timeout=10)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"", done.stderr
    return done.stdout


def play(seats: list[str], tmp_path: Path) -> list[str]:
    """Play ROUNDS rounds of the default playfield; return the history lines."""
    default = playfield_from_text((SAMPLES / "default_playfield.txt").read_text())
    state = State(0, ROUNDS, default.kingdoms)
    dirs = [tmp_path / f"seat{k}" for k in range(4)]
    for d in dirs:
        d.mkdir(parents=True)
    history = [playfield_line(state)]
    while not state.over:
        answers: list[Answer] = []
        for k in range(4):
            if not state.kingdoms[k].alive:
                answers.append(None)
                continue
            answer = parse_answer(run_bot(BOTS[seats[k]] + command_line_args(state, k), dirs[k]))
            assert isinstance(answer, Action), (seats[k], answer)
            answers.append(answer)
        report = play_round(state, answers)
        for k, d in enumerate(dirs):
            for name in INFO_FILES:
                (d / name).unlink(missing_ok=True)
            for name, text in info_files(k, report.events).items():
                (d / name).write_text(text)
        state = report.state
        history.append(playfield_line(state))
    return history


def test_every_sample_bot_exists_and_the_shell_bot_is_executable() -> None:
    for argv in BOTS.values():
        assert Path(argv[-1]).is_file(), argv
    assert os.access(SAMPLES / "farmer.sh", os.X_OK)
    assert (SAMPLES / "farmer.sh").read_text().startswith("#!/bin/sh\n")


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_each_sample_answers_the_originals_example_command_line(bot: str, tmp_path: Path) -> None:
    answer = parse_answer(run_bot(BOTS[bot] + ["99", "1", "2", "3", "4", "5", "6", "7"], tmp_path))
    assert isinstance(answer, Action)
    assert answer.soldiers is None or answer.soldiers <= 2


def test_the_samples_play_valid_moves_and_replay_identically(tmp_path: Path) -> None:
    seats = ["heuristic_bot.py", "random_bot.py", "farmer.sh", "random_bot.py"]
    first = play(seats, tmp_path / "a")
    assert len(first) == ROUNDS + 1
    assert play(seats, tmp_path / "b") == first


def test_the_samples_do_not_import_the_project() -> None:
    for path in SAMPLES.glob("*.py"):
        source = path.read_text()
        for package in ("engines", "arena", "matcher", "editor"):
            assert f"import {package}" not in source and f"from {package}" not in source, path
