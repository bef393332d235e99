"""A tournament survives what happens to its processes (issues 12 and 14): a pool worker that dies
mid-game fails that game and the run goes on; a SIGKILLed ``snakepit tournament`` leaves no
worker, bot or scratch folder; SIGTERM stops it like Ctrl-C; two runs cannot share an ``--out``.

Workers are killed from here, found as the nearest ancestor of the game's bot that is a
multiprocessing child (a pool worker: a child of the fork server, whose command line it shares),
so the tests do not depend on what a bot can see of its own parents."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.cli_tournament import main
from arena.tournament.store import FAILED_FILE, GAMES_FILE, RESULTS_FILE, TournamentStore
from tests.arena.test_match_api import FARMER, ROOT
from tests.arena.test_tournament_cli import living_in_group
from tests.bots.survivors import MARK_VARIABLE, describe, new_marker, processes_with

MARGIN = 60.0
"""Seconds a test waits for what takes milliseconds to a second or two (on a machine busy with
other work, starting Python and the fork server can take many times that)."""

# A kingdoms strategy that hangs in the first game it is run in (until its worker is killed) and
# recruits everywhere else; with "slow" it takes 0.1 s a round, always.
SLEEPER = """#!/bin/sh
if [ "$1" = slow ]; then sleep 0.1; echo v; exit 0; fi
mkdir "{flag}" 2>/dev/null && sleep 60  # mkdir: exactly one of the seats started at once hangs
echo v
"""


UNSANDBOXED = ["--option", "sandbox=false"]
"""The sleeper's seats share a flag folder beside it, which a sandboxed bot cannot write to; and
a sandboxed bot cannot kill its worker, so here the test does, by hand (tests/arena/
test_sandbox_hostile.py shows that a sandboxed bot harms nobody)."""


def sleeper(folder: Path, marker: str) -> str:
    """The strategy's path; its folder's name is ``marker`` (so its processes can be found)."""
    home = folder / marker
    home.mkdir(parents=True, exist_ok=True)
    bot = home / "sleeper.sh"
    bot.write_text(SLEEPER.format(flag=home / "hung"))
    bot.chmod(0o755)
    return str(bot)


def wait_for(condition, what: str, seconds: float = MARGIN):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}: {found!r}")


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def worker_of(pid: int) -> int | None:
    """The nearest ancestor of ``pid`` that is a multiprocessing child (a pool or Dask worker)."""
    while pid > 1:
        pid = parent(pid)
        if b"multiprocessing" in cmdline(pid):
            return pid
    return None


def running_sleepers(marker: str) -> list[int]:
    """The sleeper strategies running now: shells whose script is the sleeper (not the
    tournament's own process, whose command line names the sleeper too)."""
    return [pid for pid in processes_with(marker) if cmdline(pid).split(b"\0")[1:2] != []
            and cmdline(pid).split(b"\0")[1].endswith(b"sleeper.sh")]


def hung_bot(marker: str) -> int | None:
    """The pid of the sleeper's shell while it hangs (its command line names its folder)."""
    for pid in running_sleepers(marker):
        if (Path(cmdline(pid).split(b"\0")[1].decode()).parent / "hung").exists():
            return pid
    return None


def tournament(bot: str, out: Path, jobs: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "arena.cli_tournament", "tournament", "kingdoms", "--entrant", f"a={bot}",
            "--entrant", f"b={FARMER}", "--games-per-pairing", "4", "--seed", "5", "--jobs", str(jobs),
            "--option", "rounds=3", "--option", "time_limit=100", "--out", str(out), *UNSANDBOXED, *extra]


def start(command: list[str], marker: str, tmp: Path) -> subprocess.Popen[str]:
    tmp.mkdir(exist_ok=True)
    env = {**os.environ, MARK_VARIABLE: marker, "TMPDIR": str(tmp)}
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_worker_killed_mid_game_hung_the_tournament_now_that_game_fails_and_the_rest_is_played(
    jobs: int, tmp_path: Path,
) -> None:
    """``--jobs 2`` waited forever with 0 games recorded; ``--jobs 1`` played in the tournament's
    own process, so what killed the game killed the runner (on every resume)."""
    marker, out = new_marker(), tmp_path / "out"
    process = start(tournament(sleeper(tmp_path, marker), out, jobs), marker, tmp_path / "tmp")
    bot = wait_for(lambda: hung_bot(marker), "the hanging strategy")
    worker = worker_of(bot)
    assert worker is not None and worker != process.pid, describe([bot])
    os.kill(worker, signal.SIGKILL)
    out_text, err = process.communicate(timeout=MARGIN)
    assert process.returncode == 0, err
    failed = [json.loads(line) for line in (out / FAILED_FILE).read_text().splitlines()]
    assert len(failed) == 1 and "its worker process died (killed by SIGKILL)" in failed[0]["error"]
    index, seats = failed[0]["index"], ", ".join(failed[0]["seats"])
    # the file keeps the schedule's index; what the user reads counts games from 1
    assert f"snakepit: game {index + 1} ({seats}) failed: its worker process died (killed by SIGKILL)" in err
    assert len((out / GAMES_FILE).read_text().splitlines()) == 3  # the other three were played
    results = json.loads((out / RESULTS_FILE).read_text())
    assert results["complete"] and results["games"] == 3 and [f["index"] for f in results["failed"]] == [index]
    assert (f"(game {index + 1} could not be played and counts in no standing; it is not played again on resume: "
            f"delete its line in {out / FAILED_FILE} to retry)") in out_text
    assert not list((out / "replays").glob("*.part"))
    wait_for(lambda: not processes_with(marker), "the tournament's processes to end: " + describe(processes_with(marker)))
    # A resume does not play the failed game again (its bot would kill its worker again).
    again = subprocess.run(tournament(sleeper(tmp_path, marker), out, jobs), cwd=ROOT, capture_output=True, text=True,
                           timeout=MARGIN)
    assert again.returncode == 0  # and says so: it said 'resuming: 4 of 4 games already played' (3 were)
    assert "snakepit: nothing left to play: 3 of 4 games already played, 1 could not be played (not played again)" in again.stderr


def test_a_sigkilled_tournament_left_workers_bots_and_scratch_folders_now_leaves_nothing(tmp_path: Path) -> None:
    """Issue 12: the pool's workers and their bots played on for seconds after a SIGKILL, writing
    replays nobody lists. Now each worker watches the tournament's process and ends at once."""
    marker, out, tmp = new_marker(), tmp_path / "out", tmp_path / "tmp"
    bot = sleeper(tmp_path, marker)
    process = start(tournament(f"{bot} slow", out, 2, "--option", "rounds=50"), marker, tmp)
    wait_for(lambda: len(running_sleepers(marker)) >= 2, "two sleepers")
    assert any(name.startswith("snakepit-") for name in os.listdir(tmp))  # the games' seat folders
    killed = time.monotonic()
    process.send_signal(signal.SIGKILL)
    err = process.communicate()[1]  # to its end: the workers, fork server and resource tracker write here too
    # The pool's stop was a multiprocessing Event (five named semaphores), which the resource
    # tracker reported: "There appear to be 5 leaked semaphore objects to clean up at shutdown".
    assert "leaked" not in err, err
    wait_for(lambda: not processes_with(marker), "no worker, fork server or bot left")
    wait_for(lambda: not os.listdir(tmp), "no scratch folder left")
    gone = time.monotonic() - killed
    assert gone < MARGIN
    assert not list((out / "replays").glob("*.part"))


def test_sigterm_exited_143_silently_leaking_semaphores_now_stops_like_ctrl_c(tmp_path: Path) -> None:
    marker, out = new_marker(), tmp_path / "out"
    command = [sys.executable, "-m", "arena.cli_tournament", "tournament", "snake", "--entrant", "tb=tail_biter",
               "--entrant", "ha=head_avoider", "--games-per-pairing", "400", "--seed", "1", "--jobs", "2",
               "--out", str(out), "--size", "15x15", "--length", "3", "--steps", "200"]
    process = start(command, marker, tmp_path / "tmp")
    wait_for(lambda: (out / GAMES_FILE).exists() and len((out / GAMES_FILE).read_bytes().splitlines()) >= 3,
             "three finished games")
    process.send_signal(signal.SIGTERM)  # to the tournament alone, as a service manager or `kill` does
    out_text, err = process.communicate(timeout=MARGIN)
    assert process.returncode == 143, err
    finished = len((out / GAMES_FILE).read_text().splitlines())
    assert err.splitlines()[-1] == (f"snakepit: stopped by SIGTERM with {finished}/400 games finished; "
                                    f"the same command with --out {out} resumes")
    assert "leaked" not in err and "Traceback" not in err
    *table, note = out_text.split("\n\n")[0].splitlines()  # the partial table, then that it is one (then head to head)
    assert note.startswith(f"(standings after {finished} of 400 games: the tournament is not finished")
    rows = [line.split() for line in table[1:]]
    assert sum(int(row[2]) for row in rows) == 2 * finished
    wait_for(lambda: not living_in_group(process.pid), "the workers to end")


def test_two_runs_with_the_same_out_mixed_their_games_now_the_second_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["tournament", "snake", "--entrant", "tb=tail_biter", "--entrant", "ha=head_avoider", "--seed", "1",
                 "--jobs", "1", "--out", str(tmp_path), "--size", "15x15", "--length", "3", "--steps", "20"]
    holder = TournamentStore(tmp_path)
    holder.lock()  # as the first run does while it plays
    try:
        assert main(arguments) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"snakepit: --out {tmp_path} is in use by another run (process {os.getpid()}:" in err
        assert not (tmp_path / GAMES_FILE).exists()
    finally:
        holder.unlock()
    assert main(arguments) == 0  # released: the folder is free again
