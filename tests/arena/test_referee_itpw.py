"""The ITPW referee against scripted bots (arena/bots/scripted.py): the exact lines each bot
reads, the time bank to the millisecond, disqualifications and what the others are told, the
end, pausing, a Stop; no process and no clock. The same referee with real and hostile bots, the
command line and replays: tests/arena/test_match_itpw.py."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.bots.persistent import WAITING
from arena.bots.scripted import Reply, ScriptedLineBot, Request, Script, answer, crash, silent, stop
from arena.match import RoundInfo
from arena.itpw_referee import BANK_HINT
from arena.replay import verify_replay
from engines.itpw import Awarded, State
from tests.arena import scripted_match
from tests.arena.scripted_match import Played
from typing import Any


def play(scripts: list[Script], seed: int = 1, record: Path | None = None, cancel: threading.Event | None = None,
         **options: Any) -> Played:
    return scripted_match.play("itpw", scripts, seed, record, cancel, **options)


def idle(wall: float = 0.0) -> Script:
    """A bot that moves nothing and takes a worker when it gets a new unit, every answer after ``wall`` s."""
    return Script(then=answer("0", wall=wall))


def owner(info: RoundInfo) -> int | None:
    """The player who got the round's new unit."""
    return next((event.player for event in info.events if isinstance(event, Awarded)), None)


def test_each_bot_reads_its_number_its_requests_with_its_bank_and_every_other_players_move_and_unit() -> None:
    scripts = [idle(wall=1.25) for _ in range(4)]
    _, rounds, result = play(scripts, turns=2)
    assert owner(rounds[0]) == 4 and owner(rounds[1]) is None  # seed 1 draws player 4's new unit in turn 1
    assert scripts[1].received == [
        "2",                                        # its number
        "1 0 0", "2 0 30", "3 0 0", "4 0 0",        # turn 1: the moves in turn order, its own request between
        "4 1 0",                                    # player 4's new unit: a worker
        "1 0 0", "2 0 28", "3 0 0", "4 0 0",        # turn 2: 30 - 1.25 s left, in whole seconds
    ]
    assert scripts[3].received[4:6] == ["4 0 30", "4 1 28"]  # its own new unit, on its bank too
    assert scripts[1].requests == [Request("2 0 30", 30.0), Request("2 0 28", 28.75)]  # the deadline: the bank left
    assert (result.end, result.statuses) == ("turns", ("ok",) * 4)
    assert [t.wall for t in result.seat_times] == [2.5, 2.5, 2.5, 3.75]


def test_the_bank_runs_out_exactly_at_the_bank_the_player_is_disqualified_and_the_others_told() -> None:
    scripts = [idle(), Script(then=answer("0", wall=10.0, cpu=9.0)), idle(), idle()]
    _, rounds, result = play(scripts, seed=3, turns=5)
    # Answers after 10 s each: at 10, 20 and 30 s of its bank; the third is at the bank's end, too late.
    assert scripts[1].requests == [Request("2 0 30", 30.0), Request("2 0 20", 20.0), Request("2 0 10", 10.0)]
    out = rounds[2]
    assert out.moves[1] == {"fault": "timeout: its time bank ran out (no answer within the 10.000 s left of its 30 s "
                                     f"time bank{BANK_HINT})"}  # two thirds spent on earlier turns: the hint
    assert (out.bot_records[1].status, out.bot_records[1].wall_time) == (BotStatus.TIMEOUT, 10.0)
    assert result.seat_times[1].wall == 30.0 and result.statuses[1] == "timeout"
    assert all("2 0 0" in scripts[seat].received[-10:] for seat in (0, 2, 3))  # its move, told as the empty move
    assert all(info.moves[1] is None and info.bot_records[1].status is BotStatus.SKIPPED for info in rounds[3:])
    assert (len(rounds), result.end) == (5, "turns")  # the others play on


def test_a_bank_with_less_than_a_second_left_is_told_0_and_still_lasts_to_its_end() -> None:
    scripts = [idle(), Script(answer("0", wall=10), answer("0", wall=10), answer("0", wall=9.75),
                              answer("0", wall=0.2), silent()), idle(), idle()]
    host, rounds, result = play(scripts, seed=3, turns=6)
    lines = [request.line for request in scripts[1].requests]
    assert lines == ["2 0 30", "2 0 20", "2 0 10", "2 1 0", "2 0 0"]  # its new unit in turn 4 (seed 3)
    assert [r.timeout for r in scripts[1].requests][3:] == pytest.approx([0.25, 0.05])
    assert result.seat_times[1].wall == pytest.approx(30.0) and result.statuses[1] == "timeout"
    # The bank's last 50 ms: said as the bank's end, not as a bot that "was waiting" for input
    # (how every seat of a 10,000-turn match ended, each blamed for waiting).
    timed_out = [info.bot_records[1] for info in rounds if info.bot_records[1].status is BotStatus.TIMEOUT]
    assert [record.reason for record in timed_out] == ["no answer within the 0.050 s left of its 30 s time bank"
                                                       + BANK_HINT]  # what the user can change is said
    assert BANK_HINT == ("; a long match may need a larger bank (snakepit match --bank, or the arena's Time bank"
                         " field)")
    host.assert_done()


FAULTS = {
    "not a neighbour": (answer("1 0 0 5 5"), "invalid move: unit 1 at (0,0) cannot move to (5,5): not a neighbour",
                        BotStatus.DISQUALIFIED),
    "too short": (answer("2 0 0"), "invalid move: 2 unit(s) need 8 coordinates after the count, got 2",
                  BotStatus.DISQUALIFIED),
    "not UTF-8": (answer(b"\xff\n"), "invalid_output: answer is not UTF-8: b'\\xff'", BotStatus.INVALID_OUTPUT),
    "crash": (crash(1, stderr="RuntimeError: lost track\n"),
              "crashed: exited with code 1 without answering: RuntimeError: lost track", BotStatus.CRASHED),
    "silent": (silent(), f"timeout: its time bank ran out (no answer within the 30.000 s left of its 30 s time bank"
                         f"{WAITING})", BotStatus.TIMEOUT),
}


@pytest.mark.parametrize(("reply", "fault", "status"), FAULTS.values(), ids=FAULTS.keys())
def test_a_faulty_move_disqualifies_its_player_its_bot_is_ended_and_the_others_get_the_empty_move(
    reply: Reply, fault: str, status: BotStatus, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    scripts = [Script(reply), idle(), idle(), idle()]
    host, rounds, result = play(scripts, turns=3, record=record)
    first = rounds[0]
    assert first.moves[0] == {"fault": fault} and first.bot_records[0].status is status
    assert scripts[0].received == ["1", "1 0 30"]  # nothing more once it is out
    assert [script.received[1] for script in scripts[1:]] == ["1 0 0"] * 3  # its move: the empty move
    ended = next(i for i, (seat, what) in enumerate(host.log) if seat == 0 and what.startswith("ended"))
    assert host.log.index((1, "sent '1 0 0'")) > ended  # it is ended before the others hear of it
    final: State = rounds[-1].state
    assert final.disqualified[0] is not None and final.disqualified[0].reason == fault
    assert len(final.units_of(1)) == 6 and result.scores[0] == 3  # its units stay and its fields score
    assert (len(rounds), result.statuses[0]) == (3, status.label)
    assert all(r.status is BotStatus.SKIPPED for r in (info.bot_records[0] for info in rounds[1:]))
    assert verify_replay(record).ok


def test_a_bad_new_unit_disqualifies_and_is_told_nobody(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    scripts = [idle(), idle(), idle(), Script(answer("0"), answer("7"))]  # player 4 gets turn 1's unit (seed 1)
    _, rounds, result = play(scripts, turns=2, record=record)
    assert rounds[0].moves[3] == {"move": "0", "unit_fault": "invalid new unit: a new unit is 0 (worker) or 1 "
                                                             "(soldier), got '7'"}
    assert rounds[0].bot_records[3].status is BotStatus.DISQUALIFIED and rounds[0].bot_records[3].answer == "0 | 7"
    assert not any(line.startswith("4 1") for script in scripts[:3] for line in script.received)
    assert result.statuses == ("ok", "ok", "ok", "disqualified")
    assert verify_replay(record).ok


def test_a_bot_that_exits_after_a_move_misses_the_broadcasts_and_is_out_at_its_next_request(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    scripts = [idle(), Script(answer("0", exit_code=1)), idle(), idle()]
    _, rounds, result = play(scripts, turns=3, record=record)
    assert scripts[1].received == ["2", "1 0 0", "2 0 30"]  # what was sent after it exited is read by nobody
    out = rounds[1]
    assert out.moves[1] == {"fault": "crashed: exited with code 1 without answering"}
    assert (out.bot_records[1].status, out.bot_records[1].wall_time, out.bot_records[1].exit_code) == (BotStatus.CRASHED, 0.0, 1)
    assert result.statuses == ("ok", "crashed", "ok", "ok") and verify_replay(record).ok


def test_at_the_end_every_input_is_closed_before_any_bot_is_waited_for_and_a_bot_ignoring_it_is_noted() -> None:
    scripts = [idle(), Script(then=answer("0"), exit_after=None), Script(then=answer("0"), exit_code=3), idle()]
    host, rounds, result = play(scripts, turns=1)
    ends = [(seat, what) for seat, what in host.log if what == "input closed" or what.startswith("ended")]
    assert [what for _, what in ends[:4]] == ["input closed"] * 4
    assert ends[4:] == [(0, "ended: ok: exited after its input was closed"),
                        (1, "ended: killed: still running 1.000 s after its input was closed"),
                        (2, "ended: crashed: exited with code 3 after its input was closed"),
                        (3, "ended: ok: exited after its input was closed")]
    last = rounds[-1].bot_records
    assert last[0].reason == "" and last[1].reason == "after the game: killed: still running 1.000 s after its input was closed"
    assert last[2].reason == "after the game: crashed: exited with code 3 after its input was closed"
    assert result.statuses == ("ok",) * 4  # the game was over: no fault


@pytest.mark.parametrize("pause", [False, True])
def test_paused_bots_are_stopped_whenever_they_are_not_answering(pause: bool) -> None:
    scripts = [idle() for _ in range(4)]
    host, _, _ = play(scripts, turns=1, pause_bots=pause)
    seat_1 = [what for seat, what in host.log if seat == 1 and (what in ("paused", "resumed") or what.startswith("ok"))]
    assert seat_1 == (["paused", "resumed", "ok '0' after 0.000 s", "paused", "resumed"] if pause else
                      ["ok '0' after 0.000 s"])  # paused after its number; resumed for its request and at the end


def test_a_stop_while_a_bot_thinks_drops_the_round_and_the_match_ends_cancelled() -> None:
    scripts = [idle(), Script(answer("0"), stop(wall=3.0)), idle(), idle()]
    host, rounds, result = play(scripts, turns=5, cancel=threading.Event())
    assert (result.end, result.rounds, len(rounds)) == ("cancelled", 1, 1)
    assert sorted(result.ranks) == [1, 2, 3, 4] and host.closed
    assert all(isinstance(bot, ScriptedLineBot) and not bot.running for bot in host.bots)
