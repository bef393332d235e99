"""The ITPW referee with real bots: hostile persistent bots (disqualified, the others go on,
nothing left behind), a crash mid-game, bots ignoring the end, pausing bots off their turn (their
CPU), the command line with its replays, cancelling. The exact lines each bot reads, the time
bank to the millisecond and every kind of fault, without processes: tests/arena/test_referee_itpw.py."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from arena import itpw_referee
from arena.bots import BotStatus
from arena.cli import main
from arena.match import MatchResult, MatchSetup, MatchSetupError, RoundInfo, run_match
from arena.replay import read_replay, verify_replay
from engines.itpw import State
from tests.arena.test_match_api import ROOT, host  # noqa: F401
from tests.bots.survivors import BOTS, marked, processes_with
from typing import Any
from engines.itpw import GAME_INFO as ITPW_INFO

SAMPLES = ROOT / "samples" / "itpw"
RANDOM = str(SAMPLES / "random_bot.py")
HEURISTIC = str(SAMPLES / "heuristic_bot.py")
SLACK = 5.0
"""How late after its bank ran out a bot may be stopped: generous, for a machine whose cores are
busy with other work (the bots here never answer, or answer seconds late)."""

# Answers its requests: a move (default "0": nothing moves) and a new unit's kind (default "1"),
# after --sleep seconds. With --log it appends every line it reads to that file; with --busy it
# computes whenever it is not answering; at the end of its input it creates the --eof file.
RECORDER = '''import os, select, sys, time
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
sleep, me = float(args.get("--sleep", 0)), None
log = open(args["--log"], "a") if "--log" in args else None
stdin = sys.stdin.buffer.raw
pending = b""
while True:
    if "--busy" in args:
        while not select.select([stdin], [], [], 0)[0]:
            sum(range(1000))
    chunk = stdin.read(65536)
    if not chunk:
        break
    pending += chunk
    while b"\\n" in pending:
        raw, pending = pending.split(b"\\n", 1)
        line = raw.decode()
        if log:
            log.write(repr(line) + "\\n")
            log.flush()
        words = line.split()
        if me is None:
            me = words[0]
        elif words[0] == me and len(words) == 3:
            time.sleep(sleep)
            answer = args.get("--move", "0") if words[1] == "0" else args.get("--unit", "1")
            sys.stdout.write(answer + "\\n")
            sys.stdout.flush()
if "--eof" in args:
    open(args["--eof"], "w").close()
'''


def recorder(tmp_path: Path, *args: str) -> str:
    bot = tmp_path / "recorder.py"
    bot.write_text(RECORDER)
    return " ".join([str(bot), *(f"'{a}'" for a in args)])


def play(setup: MatchSetup, host: Path, **kwargs: Any) -> tuple[list[RoundInfo], MatchResult]:
    rounds: list[RoundInfo] = []
    result = run_match(setup, host_root=host, bot_env=marked(host), on_round=rounds.append, **kwargs)
    return rounds, result


HOSTILE = [  # player 2's bot; the others are random samples
    ("p_never_answers.py", BotStatus.TIMEOUT),
    ("p_never_reads.py", BotStatus.TIMEOUT),
    ("p_no_newline.py", BotStatus.TIMEOUT),
    ("p_no_flush.py", BotStatus.TIMEOUT),
    ("p_closes_stdout.py", BotStatus.CRASHED),
    ("exit_nonzero.sh", BotStatus.CRASHED),
    ("p_floods.py", BotStatus.KILLED),
    ("non_utf8.py", BotStatus.INVALID_OUTPUT),
    ("p_ignores_eof.py", BotStatus.DISQUALIFIED),  # answers "ok" to its number: not a move
]


@pytest.mark.parametrize(("bot", "status"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_bot_is_disqualified_the_others_play_on_and_nothing_is_left(
    bot: str, status: BotStatus, host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    setup = MatchSetup("itpw", (RANDOM, str(BOTS / bot), RANDOM, RANDOM), 6, {"turns": 3, "bank": 1.0})
    rounds, result = play(setup, host, record=record)
    first = rounds[0]
    assert first.bot_records[1].status is status and "fault" in first.moves[1]
    assert all(info.moves[1] is None and info.bot_records[1].status is BotStatus.SKIPPED for info in rounds[1:])
    assert all(r.status is BotStatus.OK for info in rounds for i, r in enumerate(info.bot_records) if i != 1)
    final: State = rounds[-1].state
    assert not final.active(2) and len(final.units_of(2)) == 6 and result.scores[1] == 3
    assert (len(rounds), result.end, result.statuses[1]) == (3, "turns", status.label)
    if status is BotStatus.TIMEOUT:
        assert "time bank ran out" in first.moves[1]["fault"] and 0.99 <= first.bot_records[1].wall_time < 1.0 + SLACK
    assert verify_replay(record).ok


def play_watching(
    setup: MatchSetup, host: Path, **kwargs: Any,
) -> tuple[list[RoundInfo], MatchResult, list[int], list[float]]:
    """Play; also the bot processes still alive once the last round is told (the referee ends
    every bot before it tells the last round), and when each round was told."""
    rounds: list[RoundInfo] = []
    left: list[int] = []
    told_at: list[float] = []

    def seen(info: RoundInfo) -> None:
        told_at.append(time.monotonic())
        rounds.append(info)
        if info.end is not None:
            left.extend(processes_with(str(host)))

    return rounds, run_match(setup, host_root=host, bot_env=marked(host), on_round=seen, **kwargs), left, told_at


def fault_of(info: RoundInfo, seat: int) -> str | None:
    entry = info.moves[seat] or {}
    return entry.get("fault") or entry.get("unit_fault")


def test_a_bot_crashing_mid_game_while_others_move_is_disqualified_and_broadcasts_go_on(
    host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    # Player 2 plays one legal move, then crashes reading player 3's move; player 4 takes 0.1 s,
    # so the lines told about player 4's move (and every later one) go to a dead bot's pipe.
    crasher = f"{BOTS / 'p_crashes.py'} --play {RANDOM} 1"
    slow = recorder(tmp_path, "--sleep", "0.1")
    rounds, result, left, _ = play_watching(MatchSetup("itpw", (RANDOM, crasher, slow, slow), 6, {"turns": 4}), host,
                                            record=record)
    assert left == []
    assert "move" in rounds[0].moves[1] and rounds[0].bot_records[1].status is BotStatus.OK  # a legal move first
    out = next(info for info in rounds if fault_of(info, 1) is not None)
    assert out.index == 2 and out.bot_records[1].status is BotStatus.CRASHED and out.bot_records[1].exit_code == 1
    assert fault_of(out, 1) == "crashed: exited with code 1 without answering: RuntimeError: lost track of the board"
    assert out.bot_records[1].wall_time < SLACK  # it was dead before it was asked: no wait for its 30 s bank
    assert all(info.moves[1] is None and info.bot_records[1].status is BotStatus.SKIPPED for info in rounds[2:])
    assert all(r.status is BotStatus.OK for info in rounds for i, r in enumerate(info.bot_records) if i != 1)
    final: State = rounds[-1].state
    assert not final.active(2) and len(final.units_of(2)) >= 6 and result.scores[1] >= 3  # its units stay and score
    assert (len(rounds), result.end, result.statuses) == (4, "turns", ("ok", "crashed", "ok", "ok"))
    assert verify_replay(record).ok


def test_bots_ignoring_the_end_share_one_exit_grace_and_it_is_recorded(
    host: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(itpw_referee, "GAME_INFO", dataclasses.replace(ITPW_INFO, exit_grace_seconds=2.0))
    ignores = f"{BOTS / 'p_plays_ignores_eof.py'} {RANDOM}"  # plays legally, does not exit at the end
    rounds, result, left, told_at = play_watching(MatchSetup("itpw", (ignores,) * 4, 2, {"turns": 2}), host)
    assert left == []
    # After the last turn's moves the four bots are told the end at once and killed together
    # after one grace (2 s here), not one after another (8 s).
    assert 2.0 <= told_at[1] - told_at[0] < 6.0, told_at[1] - told_at[0]
    assert (len(rounds), result.end, result.statuses) == (2, "turns", ("ok",) * 4)  # the game was over: no fault
    assert sorted(result.ranks) == [1, 2, 3, 4]
    last = rounds[-1]
    for record in last.bot_records:
        assert record.status is BotStatus.OK
        assert "after the game: killed: still running" in record.reason and "after its input was closed" in record.reason
    assert all("after the game" not in r.reason for r in rounds[0].bot_records)


@pytest.mark.parametrize("pause", [False, True])
def test_paused_bots_do_not_compute_off_their_turn_and_cpu_is_recorded(pause: bool, host: Path, tmp_path: Path) -> None:
    busy = recorder(tmp_path, "--busy", "1")
    others = recorder(tmp_path, "--sleep", "0.3")
    setup = MatchSetup("itpw", (busy, others, others, others), 1, {"turns": 3, "pause_bots": pause})
    rounds, result = play(setup, host)
    assert result.statuses == ("ok",) * 4
    cpu = sum(info.bot_records[0].cpu_time for info in rounds[1:])  # the first request has its start too
    # Unpaused it computes through the others' turns (1.8 s of their sleeps: more than 0.15 s of
    # CPU unless the cores are over 20 times oversubscribed); paused only in the moments between
    # its answer and the stop, a few ms a turn (up to 33 ms measured on a loaded machine).
    assert cpu < 0.15 if pause else cpu > 0.15, cpu
    assert result.seat_times[0].cpu >= cpu


def test_the_command_line_plays_the_samples_and_the_replay_verifies_until_tampered(
    c_bot: Callable[[str], Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    greedy = str(c_bot("itpw/greedy"))
    record = tmp_path / "m.jsonl"
    assert main(["match", "itpw", "--bot", HEURISTIC, "--bot", RANDOM, "--bot", greedy, "--bot", HEURISTIC,
                 "--seed", "4", "--rounds", "30", "--bank", "20", "--pause-bots", "--record", str(record)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    replay = read_replay(record)
    assert replay.options == {"bank": 20.0, "turns": 30, "pause_bots": True}
    assert set(out) == {"game", "rounds", "scores", "ranks", "statuses"}
    assert (out["game"], out["rounds"], out["statuses"]) == ("itpw", 30, ["ok"] * 4)
    assert replay.result is not None
    assert out["scores"] == replay.result["scores"] == replay.rounds[-1]["scores"]
    assert all(out["scores"][a] >= out["scores"][b] for a in range(4) for b in range(4) if out["ranks"][a] < out["ranks"][b])
    assert main(["replay", "--verify", str(record)]) == 0
    assert "all 30 rounds agree" in capsys.readouterr().out

    lines = record.read_text().splitlines()
    round_5 = json.loads(lines[5])
    assert round_5["moves"][0] != {"move": "0"}
    round_5["moves"][0] = {"move": "0"}
    lines[5] = json.dumps(round_5)
    tampered = tmp_path / "t.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    report = verify_replay(tampered)
    assert report.first_bad is not None and report.first_bad.round == 5 and not report.ok
    assert main(["replay", "--verify", str(tampered)]) == 1


@pytest.mark.parametrize(("options", "message"), [
    ({"bank": 0}, "option bank: expected a positive number of seconds, got 0"),
    ({"bank": math.inf}, "option bank"),
    ({"turns": 0}, "option turns: expected a positive whole number from 1 to 1,000,000, got 0"),
    ({"pause_bots": "yes"}, "option pause_bots: expected true or false, got 'yes'"),
    ({"time_limit": 1}, "itpw takes no option 'time_limit'"),
])
def test_a_bad_option_is_one_error_before_anything_starts(options: dict[str, object], message: str, tmp_path: Path) -> None:
    with pytest.raises(MatchSetupError, match=re.escape(message)):
        run_match(MatchSetup("itpw", (RANDOM,) * 4, 1, options), host_root=tmp_path, bot_env=marked(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_cancel_stops_the_match_and_kills_every_bot(host: Path) -> None:
    cancel = threading.Event()

    def after(info: RoundInfo) -> None:
        if info.index == 2:
            cancel.set()

    result = run_match(MatchSetup("itpw", (RANDOM,) * 4, 3), host_root=host, bot_env=marked(host), cancel=cancel, on_round=after)
    assert (result.end, result.rounds, sorted(result.ranks)) == ("cancelled", 2, [1, 2, 3, 4])
