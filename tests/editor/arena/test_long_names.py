"""A replay someone sent whose bots have long file names, at 1024 px: the summary wrapped its
winner's name nowhere and cut it at the column's edge, mid-letter; the seat log's seat chooser
grew to the longest name and left its search field a few pixels. A name is text, too: a seat
called ``<i>…</i>`` was drawn in italics."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane

LEGACY = Path(__file__).resolve().parents[2] / "arena" / "legacy" / "battle.jsonl"
WINNER = "a_<i>really</i>_long_bot_name_that_somebody_chose_for_their_bot_v2_final.snake.json"  # seat 1 wins it
OTHER = "anotherextremelylongdescriptivebotnamewithoutanyseparatorsatall.snake.json"


def long_named(tmp_path: Path) -> Path:
    lines = LEGACY.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"][1]["name"], header["seats"][2]["name"] = WINNER, OTHER
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    return path


def test_long_seat_names_wrap_in_the_summary_and_leave_the_seat_log_its_search(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    pane = make_pane()
    pane.resize(1024, 700)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(long_named(tmp_path))
    pane.playback.seek(len(pane.playback.frames) - 1)
    summary = pane.scoreboard.summary_label
    qtbot.waitUntil(lambda: "wins" in summary.text())
    assert summary.minimumSizeHint().width() <= summary.width(), (summary.minimumSizeHint(), summary.width())
    assert "&lt;i&gt;really&lt;/i&gt;" in summary.text().replace("\u200b", "")  # shown as written, not in italics
    log = pane.seat_log
    assert log.search.width() >= 150, log.search.width()
    box = log.seat_box
    assert box.view().minimumWidth() >= box.fontMetrics().horizontalAdvance(OTHER)  # its list shows names whole
    box.setCurrentIndex(3)
    assert OTHER in box.toolTip()
