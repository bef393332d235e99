"""A seat's name on the scoreboard: cut with "…" when the column is narrow, whole in its tooltip;
the row read as one sentence by a screen reader (it had no name: its labels were scattered words).

QA: at a scoreboard column of about 304 px "head_avoider.snake.json" was cut off mid-letter with
no sign that more followed."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.scoreboard import Scoreboard

NAMES = ["head_avoider.snake.json", "tail_biter.snake.json"]


def shown_board(qtbot: QtBot, width: int) -> Scoreboard:
    board = Scoreboard()
    qtbot.addWidget(board)
    board.set_seats(NAMES)
    board.set_sandbox(False)  # the "⚠ not sandboxed" tag beside the name: less room for it
    for row in board.rows:
        row.set_values(123, 1, "ok", "", "12 ms (cpu 9.0 ms)", False)
    board.resize(width, 260)
    board.show()
    qtbot.waitExposed(board)
    return board


def test_a_long_name_in_a_narrow_column_is_cut_in_its_middle_and_is_whole_in_its_tooltip(qtbot: QtBot) -> None:
    board = shown_board(qtbot, 304)
    row = board.rows[0]
    label = row.name_label
    shown = label.text()
    start, cut, end = shown.partition("…")
    assert cut and shown != NAMES[0], shown
    # Its start and its end (where two seats of one bot differ: "… 2"), not some other text.
    assert NAMES[0].startswith(start) and NAMES[0].endswith(end) and start and end, shown
    assert label.fontMetrics().horizontalAdvance(shown) <= label.width()
    assert label.toolTip() == NAMES[0] and label.full_text() == NAMES[0]
    assert row.toolTip() == NAMES[0]  # the row's tooltip names the seat whole too


def test_a_name_with_room_shows_whole(qtbot: QtBot) -> None:
    board = shown_board(qtbot, 700)
    assert [row.name_label.text() for row in board.rows] == NAMES
    board.resize(304, 260)
    qtbot.waitUntil(lambda: "…" in board.rows[0].name_label.text())
    board.resize(700, 260)
    qtbot.waitUntil(lambda: [row.name_label.text() for row in board.rows] == NAMES)


def test_two_seats_of_one_long_named_bot_read_apart(qtbot: QtBot) -> None:
    board = Scoreboard()
    qtbot.addWidget(board)
    name = "another_extremely_long_descriptive_bot_name_random_player.py"
    board.set_seats([name, f"{name} 2"])
    board.resize(304, 260)
    board.show()
    qtbot.waitExposed(board)
    first, second = (row.name_label.text() for row in board.rows)
    assert "…" in first and first != second and second.endswith(" 2"), (first, second)


def test_a_screen_reader_reads_each_row_as_a_sentence(qtbot: QtBot) -> None:
    """The row's labels alone are scattered words ("1st", "123"): its name says whose they are."""
    board = shown_board(qtbot, 600)
    board.rows[1].set_values(7, 2, "ok", "crashed", "", True)
    assert [row.accessibleName() for row in board.rows] == [
        "head_avoider.snake.json: 1st, score 123", "tail_biter.snake.json: 2nd, score 7"]
    assert board.rows[0].accessibleDescription() == "ok · 12 ms (cpu 9.0 ms)"
    assert board.rows[1].accessibleDescription().endswith(" · crashed")
