"""A test's expected moves change only when the user changes them: not when the program changes.

Issue 16: after "Save as test", breaking the program switched the Expect boxes to the broken
program's answer, and one click on "Update test" made the failing test pass."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolButton, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from engines.snake import Direction
from editor.main_window import MainWindow
from editor.widgets.bench.position_editor import PositionEditor, PositionView

ME = [(3, 3), (3, 4), (3, 5)]
"""Drawn head first: the head at (3, 3) with its body below, so "up" is ahead."""
RIVAL = [(1, 2), (2, 2), (3, 2)]
"""A rival whose tail lies right ahead of "me": card 1 of the built-in program bites it."""


def draw_snake(qtbot: QtBot, view: PositionView, cells: list[tuple[int, int]]) -> None:
    """Drag from the head to the tail over the bench's field, as a user draws a snake."""
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=view.cell_rect(*cells[0]).center().toPoint())
    for cell in cells[1:]:
        qtbot.mouseMove(view, view.cell_rect(*cell).center().toPoint())
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=view.cell_rect(*cells[-1]).center().toPoint())


def click_action_button(qtbot: QtBot, parent: QWidget, action: QAction) -> None:
    button = next(b for b in parent.findChildren(QToolButton) if b.defaultAction() is action)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def draw_me_and_rival(qtbot: QtBot, editor: PositionEditor, size: int | None = None) -> None:
    """Empty the bench's field (and make it ``size`` x ``size`` by typing, if given), then draw "me"
    and the rival."""
    click_action_button(qtbot, editor, editor.clear_action)
    if size is not None:
        for spin in (editor.width_spin, editor.height_spin):
            spin.selectAll()
            qtbot.keyClicks(spin, str(size))
            qtbot.keyClick(spin, Qt.Key.Key_Return)
    draw_snake(qtbot, editor.view, ME)
    draw_snake(qtbot, editor.view, RIVAL)


def test_update_test_never_accepts_a_regression(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_test_bench()
    bench = window.test_bench
    editor = bench.position_editor
    draw_me_and_rival(qtbot, editor, size=7)
    assert editor.position().width == 7 and editor.me() == 0
    assert bench.expected_moves() == {Direction.UP}  # the program's answer, offered as the default

    click_action_button(qtbot, bench.test_form, bench.save_test_action)
    assert bench.test_list.summary_text() == "1/1 passing"

    # Break card 1: select it and turn its head with R on the map.
    window.document.set_current_card(0)
    canvas = window.card_editor.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center((6, 6)))  # paints a blank corner
    qtbot.keyClick(canvas, Qt.Key.Key_R)
    assert bench.test_list.summary_text() == "0/1 passing"
    assert bench.expected_moves() == {Direction.UP}, "the boxes followed the broken program"

    click_action_button(qtbot, bench.test_form, bench.update_test_action)
    (test,) = window.document.program.tests
    assert test.expect == {Direction.UP}
    assert bench.test_list.summary_text() == "0/1 passing"


def test_ticking_a_box_still_changes_what_update_test_keeps(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_test_bench()
    bench = window.test_bench
    draw_me_and_rival(qtbot, bench.position_editor)
    click_action_button(qtbot, bench.test_form, bench.save_test_action)
    qtbot.mouseClick(bench.expect_boxes[Direction.LEFT], Qt.MouseButton.LeftButton)
    click_action_button(qtbot, bench.test_form, bench.update_test_action)
    (test,) = window.document.program.tests
    assert test.expect == {Direction.UP, Direction.LEFT}


def test_clear_empties_and_disables_the_expect_boxes(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Found: after Clear the boxes still showed the last decision's moves, for no snake at all."""
    window = make_window()
    window.show_test_bench()
    draw_me_and_rival(qtbot, window.test_bench.position_editor, size=7)
    bench, editor = window.test_bench, window.test_bench.position_editor
    assert bench.expected_moves() == {Direction.UP}
    click_action_button(qtbot, editor, editor.clear_action)
    boxes = list(bench.expect_boxes.values())
    assert bench.expected_moves() == frozenset()
    assert not any(box.isEnabled() for box in boxes)
    draw_snake(qtbot, editor.view, ME)
    assert all(box.isEnabled() for box in boxes) and bench.expected_moves()  # the new snake's answer
