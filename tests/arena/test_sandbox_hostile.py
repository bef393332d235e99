"""Hostile bots against the sandbox, in real matches of both hosting styles: worms (a process per
round) and Bio-blots (one process for the game).

Each attack of tests/bots/hostile.py runs in seat 0 of a match whose seat 0 then plays exactly as
the baseline's (worms: ``.``; Bio-blots: the random sample with its seed), and each test checks
what the victim, the referee and the machine see afterwards: every seat's status is ``ok``, the
other seats' moves are the baseline's, the attack's own report says it failed, no file appeared
outside the seat, and nothing of the match is left running.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.bots import cgroups
from arena.match import MatchResult, MatchSetup, RoundInfo, run_match
from arena.replay import read_replay
from tests.bots.survivors import BOTS, assert_none_left, marked, new_marker, zombie_children

ROOT = Path(__file__).resolve().parents[2]
WORMS = ROOT / "samples" / "worms"
BIOBLOTS_RANDOM = ROOT / "samples" / "bioblots" / "random_bot.py"
HOSTILE = BOTS / "hostile.py"
STYLES = ["spawn", "persistent"]


def play(style: str, attack: str, marker: str, *args: str, options: dict[str, object] | None = None,
         hostile: str | None = None) -> tuple[list[RoundInfo], MatchResult]:
    """A short match with the attacker in seat 0 (``hostile``: another program for it)."""
    rounds: list[RoundInfo] = []
    if style == "spawn":
        seat0 = hostile or f"{HOSTILE} {attack} {marker} {' '.join(args)} --"
        seats = (seat0, str(WORMS / "greedy.sh"), str(WORMS / "heuristic_bot.py"), str(WORMS / "random_bot.py"))
        setup = MatchSetup("worms", seats, 5, {"map": "meadow", "rounds": 3, "time_limit": 10.0, **(options or {})})
    else:
        seat0 = hostile or f"{HOSTILE} {attack} {marker} {' '.join(args)} -- --play {BIOBLOTS_RANDOM}"
        setup = MatchSetup("bioblots", (seat0, str(BIOBLOTS_RANDOM)), 5,
                           {"move_limit": 4, "time_limit": 10.0, "start_grace": 5.0, **(options or {})})
    result = run_match(setup, on_round=rounds.append, bot_env=marked(marker))
    return rounds, result


def report(rounds: list[RoundInfo], attack: str) -> list[str]:
    """What the attacker said of its attack, every time it said it."""
    said = []
    for info in rounds:
        record = (info.records or ())[0]
        said += [line for line in record.stderr_tail.splitlines() if line.startswith(f"attack {attack}:")]
    assert said, [info.records[0] for info in rounds if info.records]
    return said


@functools.cache
def baseline(style: str) -> tuple[list[RoundInfo], MatchResult]:
    return play(style, "none", new_marker())


def assert_unharmed(style: str, marker: str, played: tuple[list[RoundInfo], MatchResult]) -> None:
    """Every seat ok, and every seat's moves those of the same match without the attack."""
    rounds, result = played
    base_rounds, base_result = baseline(style)
    assert result.statuses == base_result.statuses == ("ok",) * len(result.statuses)
    assert [info.moves for info in rounds] == [info.moves for info in base_rounds]
    assert (result.scores, result.ranks) == (base_result.scores, base_result.ranks)


@pytest.mark.parametrize("style", STYLES)
def test_a_bot_cannot_kill_its_rivals(style: str, marker: str) -> None:
    played = play(style, "kill_rivals", marker)
    # In its own PID namespace it sees only itself and its launcher (which signals cannot reach).
    assert all(line.startswith("attack kill_rivals: killed 0") for line in report(played[0], "kill_rivals"))
    assert_unharmed(style, marker, played)


def test_a_worm_cannot_rewrite_the_other_seats_playfields(marker: str) -> None:
    played = play("spawn", "rewrite_playfields", marker)
    assert all(line == "attack rewrite_playfields: found 0 " for line in report(played[0], "rewrite_playfields"))
    assert_unharmed("spawn", marker, played)


@pytest.mark.parametrize("style", STYLES)
def test_a_bot_cannot_read_secrets_the_project_or_the_referee(style: str, marker: str) -> None:
    me = os.getpid()  # the referee: the match runs in this process
    secrets = ["/etc/shadow", str(ROOT / "README.md"), str(ROOT / "pyproject.toml"), f"/proc/{me}/environ",
               f"/proc/{me}/cmdline", os.path.expanduser("~/.bash_history"), "/root"]
    played = play(style, "spy", marker, *(f"@{path}" for path in secrets))
    for line in report(played[0], "spy"):
        read = line.removeprefix("attack spy: read ").split()
        assert len(read) == len(secrets) and all(entry.startswith("!") for entry in read), line
    assert_unharmed(style, marker, played)


@pytest.mark.parametrize("style", STYLES)
def test_a_bot_writes_nowhere_but_in_its_seat(style: str, marker: str, tmp_path: Path) -> None:
    tmp_path.chmod(0o777)  # even a folder everybody may write to is out of its reach
    folders = [str(ROOT), str(tmp_path), str(BOTS), "/var/tmp"]
    played = play(style, "write_outside", marker, *(f"@{folder}" for folder in folders))
    for line in report(played[0], "write_outside"):
        wrote = line.removeprefix("attack write_outside: wrote ").split()
        # Its private /tmp works (and vanishes with the sandbox); nothing else does, and its
        # private /dev/shm holds no 65 MiB.
        assert [entry.split(":")[0] for entry in wrote] == [f"!{f}" for f in folders] + ["/tmp", "!/dev/shm"], line
    for folder in [*folders, "/tmp", "/dev/shm"]:
        assert not Path(folder, marker).exists(), folder
    assert_unharmed(style, marker, played)


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    server.setblocking(False)
    yield server
    server.close()


@pytest.mark.parametrize("style", STYLES)
def test_a_bot_has_no_network_not_even_the_hosts_loopback(style: str, marker: str, listener: socket.socket) -> None:
    port = listener.getsockname()[1]
    played = play(style, "network", marker, str(port))
    assert all(line == "attack network: !connect:111" for line in report(played[0], "network"))  # refused
    with pytest.raises(BlockingIOError):
        listener.accept()
    assert_unharmed(style, marker, played)


def test_a_seat_allowed_the_network_reaches_it(marker: str, listener: socket.socket) -> None:
    port = listener.getsockname()[1]
    rounds, result = play("spawn", "network", marker, str(port), options={"network": [0]})
    assert all(line == "attack network: connected" for line in report(rounds, "network"))
    listener.accept()[0].close()
    assert result.statuses == ("ok",) * 4


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("attack", ["escape", "locks_escape"])
def test_an_escaped_daemon_dies_with_the_bot(style: str, attack: str, marker: str) -> None:
    played = play(style, attack, marker)
    assert report(played[0], attack)
    assert_none_left(marker)  # the daemon carries the marker in its command line
    assert_unharmed(style, marker, played)


ESCAPE_C = r"""
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {            /* before anything else: setsid and a grandchild that sleeps on */
        setsid();
        if (fork() == 0) { execl("/bin/sleep", "sleep", "300", "MARKER", (char *)0); }
        _exit(0);
    }
    printf(".\n");
    fflush(stdout);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler (make test installs one)")
def test_a_compiled_bot_that_escapes_at_once_is_gone_after_its_round(marker: str, tmp_path: Path) -> None:
    source = tmp_path / "escape.c"
    source.write_text(ESCAPE_C.replace("MARKER", marker))
    program = tmp_path / "escape"
    subprocess.run(["cc", "-O2", "-o", str(program), str(source)], check=True, timeout=60)
    rounds, result = play("spawn", "", marker, hostile=str(program))
    assert result.statuses == ("ok",) * 4 and [info.moves[0] for info in rounds] == ["."] * 3
    assert_none_left(marker)  # sleep 300 MARKER, three times over, killed at every round's end


@pytest.mark.parametrize("style", STYLES)
def test_a_setsid_fork_bomb_stops_at_the_seats_process_cap(style: str, marker: str) -> None:
    played = play(style, "fork_bomb", marker, options={"limits": {"processes": 32}})
    assert report(played[0], "fork_bomb")
    assert_none_left(marker)
    assert_unharmed(style, marker, played)


@pytest.mark.skipif(bool(cgroups.availability()), reason=f"needs seat cgroups: {cgroups.availability()}")
@pytest.mark.parametrize("style", STYLES)
def test_four_children_share_the_seats_memory(style: str, marker: str) -> None:
    # 4 x 300 MiB, each well under the per-process limit: the seat's 512 MiB holds one at most.
    # (A generous time limit: a machine busy elsewhere pages slowly.)
    limits = {"memory": 512 << 20, "address_space": 1 << 30}
    played = play(style, "memory", marker, "4", "300", options={"limits": limits, "time_limit": 30.0})
    for line in report(played[0], "memory"):
        managed = int(line.split()[3])
        assert managed <= 1, line
    assert_unharmed(style, marker, played)


@pytest.mark.parametrize("style", STYLES)
def test_a_bot_cannot_kill_its_parent(style: str, marker: str) -> None:
    # Its parent is its sandbox's launcher, the PID namespace's init: SIGKILL from inside is ignored.
    played = play(style, "kill_parent", marker)
    assert all(line == "attack kill_parent: killed parent 1" for line in report(played[0], "kill_parent"))
    assert_unharmed(style, marker, played)



def test_a_parent_killer_in_a_tournament_with_two_jobs_harms_nobody(tmp_path: Path) -> None:
    """``kill -9 $PPID`` from a tournament entrant hung ``--jobs 2`` forever before the sandbox:
    its parent was the pool worker. Now it is its sandbox's launcher, which that cannot kill."""
    zombies = zombie_children()
    marker = new_marker()
    killer = tmp_path / "killer.sh"
    killer.write_text(f"#!/bin/sh\n# {marker}\nkill -9 $PPID\necho .\n")
    killer.chmod(0o755)
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "editor.cli", "tournament", "worms", "--entrant", f"killer={killer}",
         "--entrant", f"greedy={WORMS / 'greedy.sh'}", "--option", "map=meadow", "--option", "rounds=3",
         "--jobs", "2", "--seed", "4", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert [(game["statuses"], game["rounds"]) for game in games] == [(["ok"] * 4, 3)] * 2
    replays = sorted((out / "replays").iterdir())
    assert len(replays) == 2 and all(read_replay(path).result is not None for path in replays)
    assert_none_left(marker)
    # The CLI's pool helpers that outlive it by a moment come to this process if an in-process
    # bot test made it a child subreaper.
    for pid in zombie_children() - zombies:
        os.waitpid(pid, 0)
