"""``snakepit improve``: the improved program written, the report and the diff on stdout, progress
on stderr, one line and exit status 2 for every bad input."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.cli import main
from arena.cli_improve import parse_budget
from matcher import load_program
from tests.arena.test_tournament_cli import ROOT, living_in_group

SMALL = ["--size", "9x9", "--length", "3", "--steps", "40", "--report-pairs", "6", "--jobs", "1"]


def test_a_short_run_writes_a_readable_program_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "better.snake.json"
    status = main(["improve", "beginner", "--against", "tail_biter", "hunter", "--budget", "1", "--seed", "5",
                   "--out", str(out), *SMALL])
    stdout, stderr = capsys.readouterr()
    assert status == 0, stderr
    program = load_program(out)
    assert 1 <= len(program.cards) <= 9 and all(card.description for card in program.cards)
    assert stdout.startswith(f"wrote {out}: {len(program.cards)} card")
    assert "card diff (start -> improved):" in stdout
    assert "the program's own tests:" in stdout  # beginner has two
    table = stdout[stdout.index("score on fresh seeds"):].splitlines()
    assert [row.split()[0] for row in table[2:]] == ["tail_biter", "hunter", "all"]
    progress = stderr.splitlines()
    assert progress[0] == "improving beginner against tail_biter, hunter for 0:01 on 1 job"
    assert progress[1].startswith("gen 1: best ") and "battles/s" in progress[1] and "ETA" in progress[1]


def test_the_same_seed_gives_the_same_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Which edits are tried and the battles that judge them come from the seed; only the budget
    (wall time) decides how many generations run, so a one-generation budget repeats exactly."""
    outs = [tmp_path / "a.snake.json", tmp_path / "b.snake.json"]
    for out in outs:
        assert main(["improve", "beginner", "--against", "wall_hugger", "--budget", "0.001", "--seed", "9",
                     "--out", str(out), *SMALL]) == 0
    capsys.readouterr()
    assert outs[0].read_text() == outs[1].read_text()


@pytest.mark.parametrize("arguments, message", [
    (["nosuch"], "nosuch: "),
    (["beginner", "--against", "nosuch"], "--against nosuch: "),
    (["beginner", "--keep-cards", "2"], "--keep-cards '2': '2' is not a card number 1..1"),
    (["beginner", "--seats", "5"], "--seats 5: a battle has 2..4 snakes"),
    (["beginner", "--size", "5x5", "--length", "4", "--seats", "4"], "--size 5x5 --length 4: "),
    (["beginner", "--jobs", "0"], "--jobs 0: at least 1 job"),
    (["beginner", "--jobs", "100000"], "--jobs 100000: at least 1 job and at most 256"),
    (["beginner", "--steps", "0"], "--steps 0: a battle has from 1 to 1,000,000 steps"),
    (["beginner", "--steps", str(10**23)], f"--steps {10**23}: a battle has from 1 to 1,000,000 steps"),  # a traceback
    (["beginner", "--report-pairs", "1"], "--report-pairs 1: at least 2"),
    (["beginner", "--report-pairs", str(10**23)], f"--report-pairs {10**23}: at least 2 (an interval needs two) and at "
                                                  "most 10,000"),  # hung making the report's list
])
def test_bad_input_is_one_line_and_status_2(arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "--against" not in arguments:
        arguments = [*arguments, "--against", "hunter"]
    assert main(["improve", *arguments, "--budget", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"snakepit: {message}") and err.count("\n") == 1, err


@pytest.mark.parametrize("budget", ["25h", "1441m", str(10**23)])
def test_a_budget_of_more_than_a_day_is_refused(budget: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--budget 10**23`` searched "for 27777777777777775447:36:32": at most a day, as every time option."""
    with pytest.raises(SystemExit) as exit_:
        main(["improve", "beginner", "--against", "hunter", "--budget", budget])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --budget: at most a day (24h), got '{budget}'" in err and err.count("\n") == 1, err


def test_the_program_being_improved_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.snake.json"
    mine.write_text((Path(__file__).parents[2] / "samples/snake/beginner.snake.json").read_text())
    before = mine.read_text()
    assert main(["improve", str(mine), "--against", "hunter", "--out", str(mine), "--budget", "1", *SMALL]) == 2
    assert "that is the program being improved" in capsys.readouterr().err
    assert mine.read_text() == before


def test_budgets_read_like_durations() -> None:
    assert [parse_budget(t) for t in ("90", "90s", "10m", "1.5h", " 2m ")] == [90, 90, 600, 5400, 120]
    for bad in ("", "ten", "10d", "0", "-5m"):
        with pytest.raises(argparse.ArgumentTypeError, match="expected a duration"):
            parse_budget(bad)


def test_jobs_and_cluster_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["improve", "beginner", "--against", "hunter", "--jobs", "2", "--cluster", "tcp://x:1"])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_writes_and_reports_the_best_so_far_and_leaves_no_worker(tmp_path: Path, signum: int, status: int) -> None:
    """Ctrl-C after the first generation: the search stops, the best program so far is written and
    reported, the exit status is 130, and the pool's workers are gone with the command. SIGTERM
    (``kill PID``: the command alone, as ``timeout`` sends it) does the same with 143.
    Regression: a SIGTERM ended the command at once: no program written, and its two workers,
    fork server and resource tracker left running for good."""
    out = tmp_path / "best.snake.json"
    command = [sys.executable, "-m", "arena.cli", "improve", "beginner", "--against", "hunter", "--budget", "10m",
               "--seed", "2", "--out", str(out), *SMALL[:-2], "--jobs", "2"]
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    lines = []
    for line in process.stderr:  # wait for the first generation, however long it takes
        lines.append(line)
        if line.startswith("gen 1:"):
            break
    if signum == signal.SIGINT:
        os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
    else:
        process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == status, "".join(lines) + stderr
    assert "snakepit: search stopped; the best program so far follows" in stderr
    assert load_program(out).cards
    assert stdout.startswith(f"wrote {out}") and "score on fresh seeds" in stdout
    deadline = time.monotonic() + 5  # the fork server and resource tracker end on our exit, a moment later
    while living_in_group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert living_in_group(process.pid) == []
