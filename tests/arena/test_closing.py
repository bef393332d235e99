"""The note :func:`arena.closing.after_game` adds on a bot that did not end cleanly after the game is
found again by :func:`arena.closing.split_note` — in new records and in the wording old replays
hold — and the stderr kept follows the match's stderr-tail limit, not the default one."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus, Limits, TurnRecord
from arena.closing import after_game, split_note
from arena.match import MatchSetup, RoundInfo, run_match
from arena.samples import SAMPLES_DIR

KILLED = TurnRecord(BotStatus.KILLED, "still running 1.000 s after its input was closed", stderr_tail="bye\n")


@pytest.mark.parametrize("own", ["", "the opponent's line", "its line 'after the game' was fine"])
def test_the_note_added_after_the_game_is_found_again_with_the_reason_before_it(own: str) -> None:
    record = after_game(TurnRecord(BotStatus.OK, own), KILLED, Limits().stderr_tail)
    assert record.status is BotStatus.OK  # the game stands
    assert split_note(record.reason) == (own, "after the game: killed: still running 1.000 s after its input was closed (bye)")


def test_the_note_in_an_old_replays_wording_is_found() -> None:
    written = "the opponent's line; after the game: crashed: exited with code 1 (Traceback: boom)"  # as replays hold it
    assert split_note(written) == ("the opponent's line", "after the game: crashed: exited with code 1 (Traceback: boom)")


@pytest.mark.parametrize("reason", [
    "", "the opponent's line", "after the game", "invalid_output: 'after the game: i win' is no move",
    "x; after the game: ok: fine", "xafter the game: killed: y",
])
def test_the_words_after_the_game_elsewhere_are_no_note(reason: str) -> None:
    assert split_note(reason) == (reason, "")


def test_a_bots_last_stderr_line_cannot_move_where_the_note_starts() -> None:
    said = TurnRecord(BotStatus.CRASHED, "exited with code 1", stderr_tail="x; after the game: killed: fake\n")
    own, note = split_note(after_game(TurnRecord(BotStatus.OK, "mine"), said, 100).reason)
    assert own == "mine" and note.startswith("after the game: crashed: exited with code 1 (x; after"), note


@pytest.mark.parametrize("limit", [10, 6000])
def test_the_stderr_kept_follows_the_matchs_limit(limit: int) -> None:
    record = TurnRecord(BotStatus.OK, stderr_tail="a" * 3000)
    ended = TurnRecord(BotStatus.OK, stderr_tail="b" * 3000)
    kept = after_game(record, ended, limit).stderr_tail
    assert kept == ("a" * 3000 + "b" * 3000)[-limit:]  # 6000 is more than the default 4096: all of it kept


@pytest.mark.parametrize("tail", [4096, 8192])
def test_a_match_keeps_as_much_stderr_after_the_game_as_its_own_limit(tmp_path: Path, tail: int) -> None:
    """Set to keep 8 KiB of stderr, the last record still cut what a bot wrote at the end to the
    default 4 KiB."""
    bot = tmp_path / "goodbye.py"  # plays 0 (no unit moves) for its player, writes 6000 x at the end
    bot.write_text("import sys\nme = sys.stdin.readline()\n"
                   "for line in sys.stdin:\n    if line.split()[0] == me.strip(): print(0, flush=True)\n"
                   "sys.stderr.write('x' * 6000)\n")
    random = str(SAMPLES_DIR / "itpw" / "random_bot.py")
    seen: list[RoundInfo] = []
    run_match(MatchSetup("itpw", (str(bot), random, random, random), 1,
                         {"turns": 1, "limits": {"stderr_tail": tail}, "sandbox": False}),
              on_round=seen.append, host_root=tmp_path)
    last = seen[-1].bot_records[0]
    assert last.status is BotStatus.OK and len(last.stderr_tail) == min(tail, 6000), len(last.stderr_tail)
