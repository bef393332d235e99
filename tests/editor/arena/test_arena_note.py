"""A bot that did not end cleanly after the game (ignored the end of its input, crashed on it)
keeps its status "ok": its game stands. The note in its last record showed in the seat log only;
the scoreboard row said a plain "ok". It says now that the seat has a note, on the row's reason
line (cut to the row, whole in the tooltip) — and only for that note, not for the reasons ok
records carry every turn (Bio-blots' "the opponent's line")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.bots import BotStatus, TurnRecord
from arena.closing import AFTER_GAME
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.match_runner import SeatTotal
from tests.bots.survivors import BOTS
from tests.arena.noted_replays import noted_bioblots
from tests.editor.arena.pane_driver import BIOBLOTS, set_up, start, wait_finished


def test_an_ok_seat_with_a_note_after_the_game_says_so_on_its_row(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    random = str(BIOBLOTS / "random_bot.py")
    stubborn = f"{BOTS / 'p_plays_ignores_eof.py'} {random}"  # plays legally, does not exit at the end
    set_up(pane, "bioblots", (random, stubborn), {"rounds": 4, "time": 2.0})
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    last = pane.seat_log.model.rows[-1]
    assert last.seat == 1 and last.status == "ok" and AFTER_GAME in last.reason  # what the seat log says
    board = pane.scoreboard
    assert [line.split(" · ")[0] for _, _, line in board.shown()] == ["ok", "ok"]
    reasons = board.reasons()
    assert reasons[0] == ""  # "the opponent's line" of every turn is no note
    assert reasons[1].startswith(f"note: {AFTER_GAME}: killed"), reasons
    row = board.rows[1]
    assert row.toolTip().endswith("still running 1.000 s after its input was closed"), row.toolTip()
    assert not row.status_label.text().startswith("⚠")


def test_only_the_note_after_the_game_counts_not_the_words_elsewhere() -> None:
    """The words "after the game" in a reason (a quoted line, a referee's remark) are no note; the
    note as a replay of any version holds it is, and stays for the later rounds."""
    total = SeatTotal().add(TurnRecord(BotStatus.SKIPPED, "it waits until after the game starts"))
    assert total.note == ""
    old = "the opponent's line; after the game: killed: still running 1.000 s after its input was closed"
    total = total.add(TurnRecord(BotStatus.OK, old)).add(TurnRecord(BotStatus.OK, ""))
    assert total.note == "after the game: killed: still running 1.000 s after its input was closed"


def test_a_note_on_a_seat_that_did_not_move_last_is_in_the_seat_log(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                                     tmp_path: Path) -> None:
    """In Bio-blots the seat that waited in the last move has a skipped record there: its note
    rode on it, and the seat log (which leaves skipped turns out) did not show it."""
    replay, index, seat = noted_bioblots(tmp_path)
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    rows = pane.seat_log.shown_rows()
    noted = [row for row in rows if AFTER_GAME in row.reason]
    assert [(row.turn, row.seat, row.status) for row in noted] == [(index, seat, "skipped")]
    assert sum(row.status == "skipped" for row in rows) == 1  # the other skipped turns stay out
