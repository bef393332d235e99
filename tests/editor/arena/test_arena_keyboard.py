"""The arena pane with the keyboard alone: Tab goes round a finished match's controls and
never gets stuck.

Found: Tab in the seat log's table moved from cell to cell (Qt's default for a table), so a
keyboard user who tabbed into the log could not Tab out of it again. In the setup, Tab went from
the game to the form and Start, and only then to the seats and the game's own rows (made later). The board took focus only
from a click, so its zoom keys (+, -, 0) were out of a keyboard user's reach, and showed no
focus."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.games.cell_hover import SeatBoard
from tests.editor.arena.pane_driver import full_speed, set_up, start, wait_finished


def test_tab_leaves_the_seat_log_and_comes_round_again(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    pane.show()
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 10})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    table = pane.seat_log.table
    pane.activateWindow()
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=2_000)
    visited: list[QWidget] = []
    for _ in range(40):  # more than the pane's Tab stops
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        visited.append(focused)
    stops = {id(widget) for widget in visited}
    assert len(stops) > 5, "Tab stays among a few controls"
    assert id(pane.transport.speed_slider) in stops and visited.count(table) < 10
    boards = [widget for widget in visited if isinstance(widget, SeatBoard)]
    assert boards, "Tab never reaches the board"
    board = boards[0]
    highlight = board.palette().color(QPalette.ColorRole.Highlight)
    board.setFocus()
    qtbot.waitUntil(board.hasFocus, timeout=2_000)
    assert board.grab().toImage().pixelColor(1, 1) == highlight  # the focus frame
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=2_000)
    assert board.grab().toImage().pixelColor(1, 1) != highlight


def tab_stops(qtbot: QtBot, first: QWidget, last: QWidget) -> list[QWidget]:
    """The widgets Tab visits from ``first`` up to ``last`` (at most 60 presses)."""
    first.activateWindow()
    first.setFocus()
    qtbot.waitUntil(first.hasFocus, timeout=2_000)
    visited = [first]
    while visited[-1] is not last and len(visited) < 60:
        qtbot.keyClick(visited[-1], Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        assert focused is not None
        visited.append(focused)
    return visited


@pytest.mark.parametrize("game", ["snake", "worms"])
def test_tab_goes_down_the_setup_as_it_reads(qtbot: QtBot, make_pane: Callable[..., ArenaPane], game: str) -> None:
    pane = make_pane()
    pane.show()
    setup = pane.setup_panel
    setup.set_game(game)
    visited = tab_stops(qtbot, setup.game_box, setup.start_button)
    assert visited[-1] is setup.start_button
    seats = [visited.index(seat.combo) for seat in setup.seats]
    assert seats == sorted(seats) and seats[0] < visited.index(setup.seed_box)
    assert all(visited.index(box) < visited.index(setup.seed_box) for box in setup.number_boxes.values())
