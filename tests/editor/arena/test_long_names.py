"""A replay someone sent whose bots have long file names, at 1024 px: the summary wrapped its
winner's name nowhere and cut it at the column's edge, mid-letter; the seat log's seat chooser
grew to the longest name and left its search field a few pixels. A name is text, too: a seat
called ``<i>…</i>`` was drawn in italics."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.games.kingdoms.kingdoms_game import KingdomsBoard
from tests.editor.arena.pane_driver import show_tab

LEGACY = Path(__file__).resolve().parents[2] / "arena" / "legacy" / "battle.jsonl"
GOLDEN = LEGACY.parents[1] / "golden"
WINNER = "a_<i>really</i>_long_bot_name_that_somebody_chose_for_their_bot_v2_final.snake.json"  # seat 1 wins it
OTHER = "anotherextremelylongdescriptivebotnamewithoutanyseparatorsatall.snake.json"


def long_named(tmp_path: Path) -> Path:
    lines = LEGACY.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"][1]["name"], header["seats"][2]["name"] = WINNER, OTHER
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    return path


def markup_named(tmp_path: Path) -> tuple[Path, list[str]]:
    """The golden Kingdoms replay with its seats named like markup ("<h1>BIG0</h1>"), and the names."""
    lines = (GOLDEN / "kingdoms.jsonl").read_text().splitlines(keepends=True)[:-1]  # less its test-only last line
    header = json.loads(lines[0])
    names = [f"<h1>BIG{seat}</h1>" for seat in range(len(header["seats"]))]
    for seat, name in zip(header["seats"], names):
        seat["name"] = name
    replay = tmp_path / "markup.jsonl"
    replay.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    return replay, names


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


def test_a_seat_named_like_markup_shows_its_name_as_written(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    """On the scoreboard's rows, a kingdom's card and the plots' legend, "<h1>…</h1>" was drawn as a
    large heading (the rest of the name gone)."""
    replay, names = markup_named(tmp_path)
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    show_tab(qtbot, pane, pane.score_plot)
    pane.playback.seek(3)
    qtbot.waitUntil(lambda: pane.score_plot.curve_count() == len(names))
    for row, name in zip(pane.scoreboard.rows, names):
        assert row.name_label.textFormat() == Qt.TextFormat.PlainText and name.startswith(row.name_label.text()[:5])
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    assert [card.name_label.textFormat() for card in board.view.cards] == [Qt.TextFormat.PlainText] * len(names)
    legend = pane.score_plot._legend  # what the legend draws, as plain text
    drawn = [legend.getLabel(curve).item.toPlainText() for curve in pane.score_plot._curves]
    assert drawn == names


def test_long_names_are_cut_in_their_middle_in_the_plots_legends(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    """At 1024 px a bot's long file name took half the Scores plot and was cut at its edge, and two
    seats of one bot ("… 2") could not be told apart; the scoreboard keeps the names whole."""
    lines = (GOLDEN / "kingdoms.jsonl").read_text().splitlines(keepends=True)[:-1]
    header = json.loads(lines[0])
    for seat in header["seats"]:
        seat["name"] = "another_extremely_long_descriptive_bot_name_random_player.py"
    replay = tmp_path / "same.jsonl"
    replay.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    pane = make_pane()
    pane.resize(1024, 700)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    show_tab(qtbot, pane, pane.score_plot)
    pane.playback.seek(3)
    qtbot.waitUntil(lambda: pane.score_plot.curve_count() == 4)
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    for legend in (pane.score_plot.legend_names(), board.history.legend_names()):
        assert len(set(legend)) == 4 and all(len(name) <= 24 for name in legend), legend
        assert legend[1].startswith("another_") and legend[1].endswith("player.py 2") and "…" in legend[1]
    assert [row.name_label.full_text() for row in pane.scoreboard.rows][1] == pane.names[1]  # whole there
