"""The common match API (arena/match.py): setups that cannot start, the tally of statuses and
times, per-round callbacks, snake battles as matches, and Stop in the middle of a round.

Bots here are small shell scripts written by the tests and the sample bots; every test that
starts bots checks afterwards that none of their processes is left (the seats' folders live
under the test's ``host`` folder, which every bot has in its environment)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.bots import BotHost, BotStatus, TurnRecord, reaper
from arena.bots.process import CANCELLED
from arena.match import (
    GAMES,
    MatchResult,
    MatchSetup,
    MatchSetupError,
    RoundInfo,
    SeatTally,
    run_match,
    seat_seed,
)
from arena.replay import read_replay, verify_replay
from arena.program_battle import BattleSettings, play_battle
from engines.worms import WormsState
from matcher import load_program
from tests.bots.survivors import BOTS, marked, processes_with, zombie_children

ROOT = Path(__file__).resolve().parents[2]
WORMS = ROOT / "samples" / "worms"
KINGDOMS = ROOT / "samples" / "kingdoms"
GREEDY = str(WORMS / "greedy.sh")
FARMER = str(KINGDOMS / "farmer.sh")
MEADOW = str(WORMS / "meadow.txt")
CANCEL_KILL_WITHIN = 10.0
"""Seconds from Stop until no bot process is left: well before the bots' 60 s round, on however
busy a machine. How fast it is (the brief's 0.2 s) is measured by `make bench`."""


def write_bot(folder: Path, name: str, body: str) -> str:
    """An executable ``/bin/sh`` bot in ``folder``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Path]:
    """The folder for a test's seats; afterwards no process that has it in its environment or
    command line is alive, and the test process has no new zombie children."""
    zombies = zombie_children()
    root = tmp_path / "host"
    root.mkdir()
    yield root
    deadline = time.monotonic() + 1.0
    while processes_with(str(root)) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert processes_with(str(root)) == []
    new = zombie_children() - zombies
    assert new == set(), [(pid, _command_name(pid)) for pid in new]


def _command_name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "?"


def worms_setup(*seats: str, seed: int = 1, **options: object) -> MatchSetup:
    return MatchSetup("worms", tuple(seats), seed, {"map": MEADOW, **options})


# --- setups that cannot start -------------------------------------------------------------------

BAD_SETUPS = [
    (MatchSetup("chess", (GREEDY,) * 2, 1), "unknown game 'chess'"),
    (MatchSetup("worms", (GREEDY,) * 3, 1, {"map": MEADOW}), "worms needs 4 seats, got 3"),
    (MatchSetup("snake", ("hunter",) * 5, 1), "snake needs 2..4 seats, got 5"),
    (MatchSetup("kingdoms", (FARMER,) * 4, 1, {"map": MEADOW}), "kingdoms takes no option 'map'"),
    (worms_setup(*(GREEDY,) * 4, time_limit=0), "option time_limit"),
    (worms_setup(*(GREEDY,) * 4, time_limit="soon"), "option time_limit"),
    (worms_setup(*(GREEDY,) * 4, rounds=0), "option rounds"),
    (worms_setup(*(GREEDY,) * 4, limits={"cpu_seconds": -1}), "option limits"),
    # these ended in "Invalid argument", "'<=' not supported ..." or "the sandbox of worm-2 is gone"
    (worms_setup(*(GREEDY,) * 4, limits={"processes": 4194304}), "option limits: processes must be a whole number "
                                                                  "from 1 to 4194303 or null (no limit), got 4194304"),
    (worms_setup(*(GREEDY,) * 4, limits={"memory": 1e300}), "option limits: memory must be a whole number"),
    (worms_setup(*(GREEDY,) * 4, limits={"cpu_seconds": "5"}), "option limits: cpu_seconds must be a whole number"),
    (worms_setup(*(GREEDY,) * 4, limits={"disk": None}), "option limits: disk must be a whole number from 1 to"),
    (worms_setup(*(GREEDY,) * 4, limits={"memory_mb": 64}), "option limits: unknown limit 'memory_mb' (limits: "),
    (worms_setup(*(GREEDY,) * 4, line_end="lfcr"), "option line_end"),
    (worms_setup(GREEDY, GREEDY, "/no/such/bot", GREEDY), "seat 2: bot program '/no/such/bot' does not exist"),
    (MatchSetup("worms", (GREEDY,) * 4, 1, {"map": "/no/such/map.txt"}), "/no/such/map.txt"),
    (MatchSetup("worms", (GREEDY,) * 4, 1), "worms needs a map"),
    (MatchSetup("kingdoms", (FARMER,) * 4, 1, {"playfield_text": "0/5: 1 2 3\n"}), "playfield_text line 1"),
    (MatchSetup("kingdoms", (FARMER,) * 4, 1, {"playfield_text": "0/9: " + "0 " * 28}), "over before it starts"),
    (MatchSetup("snake", ("hunter", "no_such_program"), 1), "seat 1"),
    (MatchSetup("snake", ("hunter", "tail_biter"), 1, {"width": 3}), "options width 3"),
]


@pytest.mark.parametrize(("setup", "message"), BAD_SETUPS)
def test_a_bad_setup_is_one_error_before_anything_starts(setup: MatchSetup, message: str, tmp_path: Path) -> None:
    record = tmp_path / "replay.jsonl"
    with pytest.raises(MatchSetupError) as error:
        run_match(setup, record=record, host_root=tmp_path, bot_env=marked(tmp_path))
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert not record.exists()
    assert list(tmp_path.iterdir()) == []  # no seat folders left behind either


def test_the_three_games_are_registered_with_their_seat_counts() -> None:
    seats = {name: (g.min_seats, g.max_seats) for name, g in GAMES.items()}
    assert seats.items() >= {("worms", (4, 4)), ("kingdoms", (4, 4)), ("snake", (2, 4))}


# --- statuses and times -------------------------------------------------------------------------

OK, TIMEOUT, CRASHED = BotStatus.OK, BotStatus.TIMEOUT, BotStatus.CRASHED
INVALID, KILLED, SKIPPED, DQ = BotStatus.INVALID_OUTPUT, BotStatus.KILLED, BotStatus.SKIPPED, BotStatus.DISQUALIFIED


@pytest.mark.parametrize(("turns", "label"), [
    ([OK, OK, OK], "ok"),
    ([SKIPPED, OK, SKIPPED], "ok"),
    ([OK, TIMEOUT, OK], "timeout"),
    ([INVALID, CRASHED, INVALID], "crashed"),
    ([TIMEOUT, KILLED, TIMEOUT, INVALID], "killed"),
    ([CRASHED, DQ, KILLED], "disqualified"),
    ([INVALID, TIMEOUT], "timeout"),
])
def test_a_seat_is_labelled_by_its_worst_misbehaviour(turns: list[BotStatus], label: str) -> None:
    tally = SeatTally(2)
    for status in turns:
        tally.add([TurnRecord(status, wall_time=0.25, cpu_time=0.125), TurnRecord(OK, wall_time=0.5)])
    assert tally.statuses() == (label, "ok")
    assert tally.times()[0] == (0.25 * len(turns), 0.125 * len(turns))
    assert tally.counts[0] == {s.label: turns.count(s) for s in set(turns)}


def test_seat_seeds_differ_by_seat_and_seed_and_do_not_depend_on_the_process() -> None:
    seeds = {seat_seed(seed, seat) for seed in (0, 1, 2) for seat in range(4)}
    assert len(seeds) == 12 and all(0 <= s < 2**63 for s in seeds)
    code = "from arena.match import seat_seed; print(seat_seed(5, 3))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert int(other.stdout) == seat_seed(5, 3)


# --- a match, round by round --------------------------------------------------------------------


def test_on_round_sees_every_round_with_the_engine_state(host: Path, tmp_path: Path) -> None:
    rounds: list[RoundInfo] = []
    started: list[WormsState] = []
    result = run_match(worms_setup(*(GREEDY,) * 4, rounds=6), record=tmp_path / "r.jsonl", host_root=host, bot_env=marked(host),
                       on_round=rounds.append, on_start=lambda run: started.append(run.state))
    assert [r.index for r in rounds] == [1, 2, 3, 4, 5, 6]
    assert started[0].round == 0 and started[0].max_rounds == 6
    assert [r.state.round for r in rounds] == [1, 2, 3, 4, 5, 6]
    assert all(r.scores == r.state.scores() for r in rounds)
    assert all(len(r.records or ()) == 4 and all(rec.ok for rec in r.records or ()) for r in rounds)
    assert rounds[-1].end == "round_limit" and result.end == "round_limit"
    assert (result.rounds, result.scores, result.ranks) == (6, rounds[-1].scores, rounds[-1].state.ranks())
    assert result.statuses == ("ok",) * 4
    assert all(t.wall > 0 and t.cpu >= 0 for t in result.seat_times)
    replay = read_replay(tmp_path / "r.jsonl")
    assert [line["moves"] for line in replay.rounds] == [list(r.moves) for r in rounds]
    assert replay.result is not None and replay.result["statuses"] == ["ok"] * 4


def test_a_snake_battle_is_a_match(tmp_path: Path) -> None:
    names = ("hunter", "tail_biter", "wall_hugger")
    setup = MatchSetup("snake", names, 9, {"width": 15, "height": 15, "length": 5, "steps": 60})
    result = run_match(setup, record=tmp_path / "s.jsonl")
    programs = [load_program(ROOT / "samples" / "snake" / f"{n}.snake.json") for n in names]
    battle = play_battle(programs, BattleSettings(9, 15, 15, 5, 60))
    assert (result.rounds, result.end, list(result.scores), list(result.ranks)) == (
        battle.steps, battle.end, battle.lengths, battle.ranks)
    assert result.statuses == ("ok",) * 3
    assert verify_replay(tmp_path / "s.jsonl").ok


def test_the_result_json_is_the_cli_line() -> None:
    result = MatchResult("worms", 3, 12, "round_limit", (4, 0, 2, 8), (2, 4, 3, 1), ("ok", "timeout", "ok", "ok"), ())
    assert json.loads(json.dumps(result.to_json())) == {
        "game": "worms", "rounds": 12, "scores": [4, 0, 2, 8], "ranks": [2, 4, 3, 1],
        "statuses": ["ok", "timeout", "ok", "ok"]}


# --- Stop -----------------------------------------------------------------------------------------


def test_cancel_kills_every_bot_mid_round_and_keeps_the_finished_rounds(host: Path, tmp_path: Path) -> None:
    """Round 1 is answered at once; in round 2 every bot sleeps through its 60 s. Stop comes
    while they sleep: all four are gone at once, the match returns cancelled after round 1,
    and the replay has round 1 and a cancelled result and verifies."""
    bot = write_bot(tmp_path, "slow_after_first.sh", 'read first < "$1"\ncase "$first" in 0\\ *) printf . ;; *) exec sleep 90 ;; esac\n')
    record = tmp_path / "cancelled.jsonl"
    cancel = threading.Event()
    first_round = threading.Event()
    outcome: list[MatchResult] = []
    thread = threading.Thread(target=lambda: outcome.append(run_match(
        worms_setup(*(bot,) * 4, time_limit=60.0), record=record, cancel=cancel, host_root=host, bot_env=marked(host),
        on_round=lambda info: first_round.set())))
    thread.start()
    try:
        assert first_round.wait(30.0)
        deadline = time.monotonic() + 30.0
        while len(processes_with(str(host))) < 4 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(processes_with(str(host))) == 4  # round 2's bots are asleep
        stopped = time.monotonic()
        cancel.set()
        while processes_with(str(host)) and time.monotonic() - stopped < CANCEL_KILL_WITHIN:
            time.sleep(0.002)
        assert time.monotonic() - stopped < CANCEL_KILL_WITHIN
    finally:
        cancel.set()
        thread.join(CANCEL_KILL_WITHIN)
    assert not thread.is_alive()
    assert time.monotonic() - stopped < CANCEL_KILL_WITHIN  # not the 60 s of the round
    result = outcome[0]
    assert (result.cancelled, result.end, result.rounds) == (True, "cancelled", 1)
    replay = read_replay(record)
    assert len(replay.rounds) == 1 and replay.result is not None and replay.result["end"] == "cancelled"
    assert verify_replay(record).ok


def test_cancel_before_the_start_plays_no_round(host: Path) -> None:
    cancel = threading.Event()
    cancel.set()
    result = run_match(worms_setup(*(GREEDY,) * 4), cancel=cancel, host_root=host, bot_env=marked(host))
    assert (result.rounds, result.end, result.scores) == (0, "cancelled", (0, 0, 0, 0))


def test_cancel_ends_a_persistent_bots_request_at_once(host: Path) -> None:
    """The persistent games' referees pass the same event to their requests."""
    cancel = threading.Event()
    with BotHost(root=host) as bots:
        bot = bots.start_bot(str(BOTS / "p_never_answers.py"))
        timer = threading.Timer(0.1, cancel.set)
        timer.start()
        begun = time.monotonic()
        record = bot.request("0", 60.0, cancel)
        timer.join()
        assert time.monotonic() - begun < 0.1 + CANCEL_KILL_WITHIN  # not its 60 s
        assert (record.status, record.reason) == (BotStatus.KILLED, CANCELLED)
        assert not bot.running and processes_with(str(host)) == []


@pytest.mark.parametrize("dying_group", [-1, 0])
def test_regression_the_group_of_a_dying_process_is_never_signalled(dying_group: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: Linux 6.x shows pgrp and session -1 in /proc/PID/stat of a process being
    released. The kill at the end of a turn passed that to killpg, whose EINVAL ended a whole
    match now and then ("snakepit: Invalid argument"). Older kernels show 0 there, which killpg
    would take for the host's own group."""
    signalled: list[int] = []
    monkeypatch.setattr("arena.bots.reaper.os.killpg", lambda group, sig: signalled.append(group))
    monkeypatch.setattr("arena.bots.reaper.os.kill", lambda pid, sig: None)
    monkeypatch.setattr(reaper, "proc_info", lambda pid: reaper.ProcInfo(pid, "X", 0, dying_group, dying_group))
    monkeypatch.setattr(reaper, "children", lambda pid, all_threads=True: [])
    monkeypatch.setattr(reaper, "marker_of", lambda pid: None)
    family = reaper.Family(marker=1)
    reaper.kill_tree(4242, family)
    assert (signalled, family.groups, family.pids) == ([], set(), {4242})
    assert not family.owns(reaper.ProcInfo(4343, "Z", 0, dying_group, dying_group))  # another bot's dying process
