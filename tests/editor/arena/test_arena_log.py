"""The arena's seat log: it fits the side panel, searches, follows a seat, shows a row's whole
story under the table, and a double click on a row shows that turn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.seat_log import COLUMNS, NOTE, SEAT
from tests.bots.survivors import BOTS
from tests.editor.arena.pane_driver import WORMS, full_speed, set_up, start, wait_finished
from pytestqt.qtbot import QtBot
from collections.abc import Callable
from pathlib import Path

SEATS = (str(WORMS / "greedy.sh"), str(BOTS / "exit_nonzero.sh"), str(WORMS / "heuristic_bot.py"),
         str(WORMS / "random_bot.py"))
ROUNDS = 6


@pytest.fixture
def played(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> ArenaPane:
    """A short worms match with a crashing seat, finished, in a window of the default size."""
    pane = make_pane()
    pane.resize(1440, 820)
    set_up(pane, "worms", SEATS, {"rounds": ROUNDS, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    return pane


def test_before_any_match_the_seat_chooser_says_so(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """The chooser was an empty combo box before the first match."""
    log = make_pane().seat_log
    assert log.seat_box.count() == 0 and log.seat_box.placeholderText() == "No match yet"
    assert not log.seat_box.isEnabled() and not log.search.isEnabled()


def test_the_log_fits_the_side_panel_at_the_default_window_size(qtbot: QtBot, played: ArenaPane) -> None:
    """At 1440 px the six columns overflowed the ~400 px panel: "Stderr · reason" was cut to
    "Stde" and a horizontal scroll bar showed even when the log was empty."""
    log = played.seat_log
    table, header = log.table, log.table.horizontalHeader()
    assert 330 <= log.width() <= 440
    assert not table.horizontalScrollBar().isVisible()
    visible = [c for c in range(len(COLUMNS)) if not table.isColumnHidden(c)]
    assert sum(header.sectionSize(c) for c in visible) <= table.viewport().width()
    assert table.model().headerData(0, Qt.Orientation.Horizontal) == "Round"  # worms says round, not turn
    for column in visible:  # every header reads whole
        text = table.model().headerData(column, Qt.Orientation.Horizontal) or ""
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(text)
    assert header.sectionSize(NOTE) >= 110  # the note has room to say something
    seat_box = log.seat_box
    for index in range(seat_box.count()):  # every seat's name reads whole in the chooser
        seat_box.setCurrentIndex(index)
        assert seat_box.width() >= seat_box.sizeHint().width()


def test_choosing_a_seat_lists_its_turns_without_the_seat_column(qtbot: QtBot, played: ArenaPane) -> None:
    log = played.seat_log
    assert not log.table.isColumnHidden(SEAT) and {row.seat for row in log.shown_rows()} == {0, 1, 2, 3}
    log.seat_box.setCurrentIndex(log.seat_box.findData(1))
    assert log.table.isColumnHidden(SEAT)
    assert [row.turn for row in log.shown_rows()] == list(range(1, ROUNDS + 1))
    assert {row.seat for row in log.shown_rows()} == {1}
    played.scoreboard.rows[2].clicked.emit(2)  # a click on a seat's row follows it too
    assert log.seat_box.currentData() == 2 and {row.seat for row in log.shown_rows()} == {2}
    played.scoreboard.rows[2].clicked.emit(2)
    assert not log.table.isColumnHidden(SEAT) and len(log.shown_rows()) == 4 * ROUNDS


def test_the_search_field_filters_the_rows_as_one_types(qtbot: QtBot, played: ArenaPane) -> None:
    log = played.seat_log
    assert len(log.shown_rows()) == 4 * ROUNDS
    log.search.setFocus()
    qtbot.keyClicks(log.search, "GIVING up")  # any case
    rows = log.shown_rows()
    assert [(row.seat, row.status) for row in rows] == [(1, "crashed")] * ROUNDS
    assert log.table.model().rowCount() == ROUNDS
    log.search.clear()
    qtbot.keyClicks(log.search, "greedy")  # a seat's name matches too
    assert {row.seat for row in log.shown_rows()} == {0}
    qtbot.keyClick(log.search, Qt.Key.Key_Escape)
    assert log.search.text() == "" and len(log.shown_rows()) == 4 * ROUNDS


def test_a_rows_whole_story_shows_under_the_table(qtbot: QtBot, played: ArenaPane) -> None:
    log = played.seat_log
    log.set_seat(1)
    index = log.table.model().index(2, 0)
    qtbot.mouseClick(log.table.viewport(), Qt.MouseButton.LeftButton, pos=log.table.visualRect(index).center())
    text = log.detail.toPlainText()
    assert text.startswith("Round 3 · exit_nonzero.sh · crashed")
    assert "Reason: exited with code 3 without answering" in text and "Stderr:\ngiving up" in text
    assert log.detail.isVisible() and log.detail.isReadOnly()


def test_a_double_click_on_a_row_shows_its_turn(qtbot: QtBot, played: ArenaPane) -> None:
    log, playback = played.seat_log, played.playback
    assert playback.index == ROUNDS
    log.set_seat(2)
    index = log.table.model().index(1, 0)  # seat 2's turn 2
    assert log.shown_rows()[1].turn == 2
    where = log.table.visualRect(index).center()
    qtbot.mouseClick(log.table.viewport(), Qt.MouseButton.LeftButton, pos=where)  # the first click of two
    qtbot.mouseDClick(log.table.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert playback.frames[playback.index].turn == 2 and not playback.playing
    assert played.transport.seek_bar.value() == playback.index
    assert "Round 2 / 6" in played.transport.turn_text()  # worms: the game says round


def test_a_snake_replay_logs_the_same_words_and_has_think_times_like_its_live_match(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    """The log said "ok" live but "moved" in the replay of the same match, and the Think time
    tab was off in replays (a snake replay holds no times: its programs are timed again as it plays)."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 30})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    live = [(row.turn, row.seat, row.status, row.answer) for row in pane.seat_log.shown_rows()]
    assert live and {status for _, _, status, _ in live} == {"ok"}
    saved = tmp_path / "snake.jsonl"
    assert pane.save_replay(saved)
    with qtbot.waitSignal(pane.runner.finished, timeout=20_000):
        pane.open_replay(saved)
    replayed = pane.seat_log.shown_rows()
    assert [(row.turn, row.seat, row.status, row.answer) for row in replayed] == live
    assert all(row.wall is not None for row in replayed)
    tabs = pane.tabs
    assert tabs.isTabEnabled(tabs.indexOf(pane.time_plot))
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=tabs.tabBar().tabRect(tabs.indexOf(pane.time_plot)).center())
    assert tabs.currentWidget() is pane.time_plot
    turns = [f.turn for f in pane.playback.frames[1:]]
    qtbot.waitUntil(lambda: list(pane.time_plot.curve_data(0)[0]) == turns)  # the plot redraws on a timer
    assert all(v > 0 for v in pane.time_plot.curve_data(0)[1] if v == v)
    assert all(line.startswith("ok · ") and "cpu" in line for _, _, line in pane.scoreboard.shown())


def test_clicking_a_snake_lists_its_turns_and_marks_the_shown_one(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """A click on a snake filtered the log to that seat but left the mark (and the scroll) on a
    row of the turn the log had marked among all seats, not the shown turn of that snake."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 60})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    pane.transport.turn_box.setFocus()
    pane.transport.turn_box.selectAll()
    qtbot.keyClicks(pane.transport.turn_box, "20")
    qtbot.keyClick(pane.transport.turn_box, Qt.Key.Key_Return)
    view = pane.board.view  # type: ignore[union-attr]
    for snake in (1, 2):
        cell = view.board().bodies[snake][1]
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.cell_rect(*cell).center().toPoint())
        log = pane.seat_log
        rows = log.shown_rows()
        assert rows and {row.seat for row in rows} == {snake}
        assert [row.turn for row in rows] == sorted(row.turn for row in rows)
        current = log.table.currentIndex()
        assert current.isValid() and rows[current.row()].turn == 20 and rows[current.row()].seat == snake
        assert log.table.viewport().rect().intersects(log.table.visualRect(current))  # in sight


def test_a_replay_at_its_start_shows_the_log_from_its_top(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                         tmp_path: Path) -> None:
    """Found: a replay opened at step 0 after a match had been watched to its end showed the log
    scrolled to steps 14-15 with an old row current, not its first rows."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 60})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    saved = tmp_path / "sixty.jsonl"
    assert pane.save_replay(saved)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(saved)
    qtbot.waitUntil(lambda: pane.seat_log.filter.rowCount() == 180, timeout=5_000)
    assert pane.playback.index == 0
    table = pane.seat_log.table
    top = table.indexAt(table.viewport().rect().topLeft())
    assert top.row() == 0 and pane.seat_log.shown_rows()[0].turn == 1
    assert not table.currentIndex().isValid()  # Tab into the log starts at its first row
