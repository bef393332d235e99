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


def part_of(pane: ArenaPane, widget: QWidget) -> str:
    """Which part of the pane ``widget`` is in, by the reading order's names."""
    parts: list[tuple[str, QWidget]] = [("setup", pane.setup_scroll), ("transport", pane.transport),
                                        ("header", pane.setup_button), ("header", pane.header_tools),
                                        ("board", pane.stack), ("scoreboard", pane.scoreboard),
                                        ("seat log", pane.tabs)]
    return next(name for name, part in parts if part is widget or part.isAncestorOf(widget))


def parts_visited(qtbot: QtBot, pane: ArenaPane, first: QWidget, key: Qt.Key, presses: int) -> list[str]:
    """The parts Tab (or Shift+Tab: ``key``) goes through from ``first``, each once as reached."""
    first.activateWindow()
    first.setFocus()
    qtbot.waitUntil(first.hasFocus, timeout=2_000)
    names = [part_of(pane, first)]
    for _ in range(presses):
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, key)
        after = QApplication.focusWidget()
        assert after is not None and after is not focused
        if part_of(pane, after) != names[-1]:
            names.append(part_of(pane, after))
    return names


READING_ORDER = ["transport", "header", "board", "scoreboard", "seat log"]


def test_tab_goes_in_reading_order_before_and_after_a_match(qtbot: QtBot,
                                                            make_pane: Callable[..., ArenaPane]) -> None:
    """Found: after a match the board, its own header buttons and the scoreboard (made after the
    rest) came after the seat log, and the scoreboard's rows were no Tab stops at all."""
    pane = make_pane()
    setup = pane.setup_panel
    before = parts_visited(qtbot, pane, setup.start_button, Qt.Key.Key_Tab, 8)
    assert before[:4] == ["setup", "transport", "header", "seat log"]  # (no board nor scores yet)
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 10})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    first = pane.transport.first_button
    after = parts_visited(qtbot, pane, first, Qt.Key.Key_Tab, 25)
    assert after[:6] == [*READING_ORDER, "transport"]  # and round again (the setup is hidden)
    back = parts_visited(qtbot, pane, pane.seat_log.table, Qt.Key.Key_Backtab, 16)
    assert back[:5] == READING_ORDER[::-1]
    assert pane.board is not None
    own = [pane.action_button(action) for action in pane.board.board_actions()]
    assert own and own[0] is not None  # the board's own header buttons: reached before Save, as shown
    stops = tab_stops(qtbot, pane.setup_button, pane.save_button)
    assert own[0] in stops and stops.index(own[0]) < stops.index(pane.save_button)


def test_a_scoreboard_row_takes_the_keys_and_enter_selects_its_seat(qtbot: QtBot,
                                                                     make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 5})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    row = pane.scoreboard.rows[1]
    highlight = row.palette().color(QPalette.ColorRole.Highlight)
    assert row.grab().toImage().pixelColor(row.width() // 2, 1) != highlight
    row.activateWindow()
    row.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(row.hasFocus, timeout=2_000)
    assert row.accessibleName().startswith("Tail biter: ")  # what a reader says as it gets the keys
    assert row.grab().toImage().pixelColor(row.width() // 2, 1) == highlight  # the focus frame
    qtbot.keyClick(row, Qt.Key.Key_Return)
    assert row.is_selected() and pane.seat_log.seat_box.currentData() == 1


def test_after_start_from_the_keyboard_tab_goes_to_the_transport_first(qtbot: QtBot,
                                                                      make_pane: Callable[..., ArenaPane]) -> None:
    """Found: Start hides the setup and the pane keeps the keys; Tab from there went to the
    header's Setup, past the transport, and Shift+Tab to the last scoreboard row."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 10})
    full_speed(qtbot, pane)
    button = pane.setup_panel.start_button
    button.activateWindow()
    button.setFocus()
    qtbot.waitUntil(button.hasFocus, timeout=2_000)
    qtbot.keyClick(button, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    wait_finished(qtbot, pane)
    assert QApplication.focusWidget() is pane
    qtbot.keyClick(pane, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is pane.transport.first_button
    pane.setFocus()
    qtbot.waitUntil(pane.hasFocus, timeout=2_000)
    qtbot.keyClick(pane, Qt.Key.Key_Backtab)
    focused = QApplication.focusWidget()
    assert focused is not None and part_of(pane, focused) == "seat log"


def test_with_the_board_popped_out_tab_goes_from_the_header_to_the_scoreboard(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """The board in a window of its own is no stop on the pane's way: Tab handed the focus to a
    widget of the other window, and the pane showed no focus anywhere."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 10})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    pane.popout_action.trigger()
    assert pane.popout.is_out()
    pane.activateWindow()
    last = pane.popout_button
    last.setFocus()
    qtbot.waitUntil(last.hasFocus, timeout=2_000)
    qtbot.keyClick(last, Qt.Key.Key_Tab)
    focused = QApplication.focusWidget()
    assert focused is pane.scoreboard.rows[0]
    pane.popout.pop_in()
