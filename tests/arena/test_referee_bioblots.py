"""The Bio-blots referee against scripted bots (arena/bots/scripted.py): what the bots read (the
board, their seat, the opponent's lines in canonical form), the time limit and the start grace
to the millisecond, faults as technical losses with the rule broken, and how the bots are ended;
no process and no clock. With real and hostile bots, boards, the command line and replays:
tests/arena/test_match_bioblots.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.bots.persistent import WAITING
from arena.bots.scripted import Reply, Request, Script, answer, crash, silent
from arena.replay import read_replay, verify_replay
from engines.bioblots import event_to_json
from tests.arena import scripted_match
from tests.arena.scripted_match import Played
from typing import Any

CHLORINE = ("2" * 26 + "\n") * 26
"""A board of chlorine only: every entered cell is worth 2, nothing grows or paralyses."""
ROWS = ["2" * 26] * 26
PLACE = ("aa ab ba bb", "yy yz zy zz")
"""Each seat's first line: a legal placement in its corner."""


def play(scripts: list[Script], record: Path | None = None, **options: Any) -> Played:
    """A match on the chlorine board."""
    return scripted_match.play("bioblots", scripts, record=record, board_text=CHLORINE, **options)


def test_bots_read_the_board_their_seat_and_the_opponents_lines_in_canonical_form() -> None:
    first = Script(answer(PLACE[0], wall=0.7), answer("1   aaac ", wall=0.25))
    second = Script(answer(PLACE[1]), answer("1 yyxz"))
    host, rounds, result = play([first, second], move_limit=2)
    assert first.received == [*ROWS, "0", "yy yz zy zz"]  # the last line is the end: no more relays
    assert second.received == [*ROWS, "1", "aa ab ba bb", "1 aaac"]  # canonical, not as written
    # The first line is read without a request; each bot's first line has the start grace on top.
    assert first.requests == [Request(None, 1.5), Request("yy yz zy zz", 0.5)]
    assert second.requests == [Request("aa ab ba bb", 1.5), Request("1 aaac", 0.5)]
    assert [info.moves for info in rounds] == [("aa ab ba bb", None), (None, "yy yz zy zz"), ("1 aaac", None),
                                                (None, "1 yyxz")]
    assert [info.bot_records[(info.index - 1) % 2].answer for info in rounds] == ["aa ab ba bb", "yy yz zy zz", "1   aaac ",
                                                                              "1 yyxz"]
    assert [info.bot_records[info.index % 2].reason for info in rounds] == ["the opponent's line"] * 4
    assert [info.scores for info in rounds] == [(8, 0), (8, 8), (10, 8), (10, 10)]
    assert (result.end, result.ranks, result.statuses, result.seat_times[0].wall) == ("move_limit", (1, 1), ("ok", "ok"), 0.95)
    assert [what for _, what in host.log[-4:]] == ["input closed", "input closed", "ended: ok: exited after its "
                                                   "input was closed", "ended: ok: exited after its input was closed"]


@pytest.mark.parametrize(("grace", "first_wall", "status"), [
    (1.0, 1.49, "ok"),        # 0.5 s a move and 1 s to start
    (1.0, 1.5, "timeout"),    # at the deadline is too late
    (0.0, 0.51, "timeout"),   # no grace
])
def test_a_bots_first_line_gets_the_start_grace(grace: float, first_wall: float, status: str) -> None:
    first = Script(answer(PLACE[0], wall=first_wall), answer("1 aaac", wall=0.49))
    _, _, result = play([first, Script(answer(PLACE[1]), answer("1 yyxz"))], start_grace=grace, move_limit=2)
    assert first.requests[0] == Request(None, 0.5 + grace)
    assert result.statuses[0] == status
    if status == "ok":
        assert first.requests[1] == Request("yy yz zy zz", 0.5)  # the grace is for the first line only


def test_a_line_at_the_time_limit_is_a_timeout_and_a_technical_loss_that_gives_the_winner_its_points() -> None:
    first = Script(answer(PLACE[0]), answer("1 aaac", wall=0.5, cpu=0.5))
    host, rounds, result = play([first, Script(answer(PLACE[1]))])
    last = rounds[-1]
    assert last.moves[0] == {"fault": "timeout", "rule": None, "detail": "timeout: no answer within 0.500 s"}
    assert (last.bot_records[0].status, last.bot_records[0].wall_time) == (BotStatus.TIMEOUT, 0.5)
    assert (result.end, result.scores, result.ranks, result.statuses) == ("fault", (0, 16), (2, 1), ("timeout", "ok"))
    # The offender is ended at once; the winner is told by its input closing and has a second to exit.
    assert [(seat, what) for seat, what in host.log if what.startswith("ended")] == [
        (0, "ended: timeout: no answer within 0.500 s"), (1, "ended: ok: exited after its input was closed")]


FAULTS = [  # seat 1's second line, after "aa ab ba bb" / "yy yz zy zz" / "1 aaac"
    ("1 yyyx", "illegal_move", "target_not_adjacent", "target yx is not adjacent to the stationary part"),
    ("1 yyzz", "illegal_move", "target_occupied", "target zz is occupied by its own organism"),
    ("2 yyxy zzxz", "illegal_move", "stationary_disconnected", "yz is cut off from zy"),
    ("3 yyxy yzxz zyxx", "illegal_move", "source_not_adjacent", "source yy is not adjacent"),
    ("1 aaab", "illegal_move", "source_not_own", "source aa is not a cell of player 1's organism"),
    ("0", "illegal_move", "skip_not_allowed", "player 1 is not paralysed"),
    ("2 aaab", "unreadable", None, "the count says 2 moving cell(s) but 1"),
    ("hello", "unreadable", None, "field 1 'hello'"),
]


@pytest.mark.parametrize(("line", "kind", "rule", "detail"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_bad_line_is_a_technical_loss_with_the_rule_it_breaks(
    line: str, kind: str, rule: str | None, detail: str, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    host, rounds, result = play([Script(answer(PLACE[0]), answer("1 aaac")), Script(answer(PLACE[1]), answer(line))],
                                record=record)
    last = rounds[-1]
    assert len(rounds) == 4 and last.moves[1]["fault"] == kind and last.moves[1]["rule"] == rule
    assert detail in last.moves[1]["detail"]
    seat = last.bot_records[1]
    assert seat.status is BotStatus.DISQUALIFIED and seat.answer == line and detail in seat.reason
    assert rule is None or f"({rule})" in seat.reason
    forfeited = [e for e in map(event_to_json, last.events) if e["type"] == "forfeited"]
    assert forfeited == [{"type": "forfeited", "player": 1, "kind": kind, "rule": rule, "detail": last.moves[1]["detail"]}]
    # The loser's 8 points go to the winner: 10 + 8.
    assert (result.end, result.scores, result.ranks, result.statuses) == ("fault", (18, 0), (1, 2), ("ok", "disqualified"))
    host.assert_done()
    assert verify_replay(record).ok


@pytest.mark.parametrize(("reply", "status", "kind", "detail"), [
    (silent(), BotStatus.TIMEOUT, "timeout", f"timeout: no answer within 1.500 s{WAITING}"),
    (crash(1, stderr="Traceback\nRuntimeError: lost\n"), BotStatus.CRASHED, "exited",
     "crashed: exited with code 1 without answering: RuntimeError: lost"),
    (answer(b"\xff\n"), BotStatus.INVALID_OUTPUT, "unreadable", "invalid_output: answer is not UTF-8: b'\\xff'"),
], ids=["silent", "crash", "not UTF-8"])
def test_a_bot_failing_its_first_line_loses_technically_with_its_status(
    reply: Reply, status: BotStatus, kind: str, detail: str, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    _, rounds, result = play([Script(answer(PLACE[0])), Script(reply)], record=record)
    last = rounds[-1]
    assert last.moves[1] == {"fault": kind, "rule": None, "detail": detail} and last.bot_records[1].status is status
    assert (len(rounds), result.end, result.statuses) == (2, "fault", ("ok", status.label))
    assert verify_replay(record).ok


def test_every_line_counts_a_line_written_early_is_the_next_move_at_once() -> None:
    early = Script(answer(f"{PLACE[1]}\n1 yyxz", wall=0.3))  # its first two moves in one go
    _, rounds, result = play([Script(answer(PLACE[0]), answer("1 aaac")), early], move_limit=2)
    assert [info.moves[1] for info in rounds[1::2]] == ["yy yz zy zz", "1 yyxz"]
    assert [info.bot_records[1].wall_time for info in rounds[1::2]] == [0.3, 0.0]
    assert early.requests == [Request("aa ab ba bb", 1.5), Request("1 aaac", 0.5)]
    assert result.statuses == ("ok", "ok")


def test_a_winner_that_does_not_exit_at_the_end_is_noted_and_its_status_stays() -> None:
    stubborn = Script(answer(PLACE[1]), answer("1 yyxz"), exit_after=None)
    host, rounds, result = play([Script(answer(PLACE[0]), answer("1 aaac")), stubborn], move_limit=2)
    assert rounds[-1].bot_records[1].reason == "after the game: killed: still running 1.000 s after its input was closed"
    assert rounds[-1].bot_records[0].reason == "the opponent's line" and result.statuses == ("ok", "ok")


# --- regression: a fault by a player with no points was ranked a draw ---------------------------


def test_a_fault_by_a_player_with_0_points_ranked_a_draw_now_ranks_it_last(tmp_path: Path) -> None:
    """specs/bioblots.md, Decision (faults): "the game ends, the offender loses and its points go to
    the opponent". The first player's unreadable first line left both at 0 points, and ranks()
    ranked by points only: ``[1, 1]``, although the game's own ``ended`` event named the winner."""
    record = tmp_path / "r.jsonl"
    _, rounds, result = play([Script(answer("hello")), Script()], record=record)
    ended = [e for e in map(event_to_json, rounds[-1].events) if e["type"] == "ended"]
    assert ended[0]["winner"] == 1
    assert (result.end, result.scores, result.ranks) == ("fault", (0, 0), (2, 1))
    assert (read_replay(record).result or {}).get("ranks") == [2, 1]
    assert verify_replay(record).ok
