"""The program tests list: pass/fail after every edit, the summary, choosing, renaming and
deleting tests with real clicks and keys, all undoable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLineEdit

import editor.widgets  # noqa: F401
from editor.document import ProgramDocument
from editor.widgets.bench.program_tests import FAILING, TestList
from engines.snake import Direction, Element, Position, SnakeBody
from matcher.editing import paint, remove_card
from matcher.model import Card, Head, Pattern, Program, ProgramTest, SetRef
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot
from collections.abc import Callable
from tests.editor.qt_items import top_item

UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT

# One card: go where the cell ahead is free.
FREE_AHEAD = Card(Head(3, 3, UP), {(2, 3): Pattern(Element.EMPTY)}, "free ahead: go")
# Snake 0 has its head in the top-left corner and can only go down.
CORNER = Position(5, 5, (SnakeBody(((0, 0), (1, 0), (2, 0))), SnakeBody(((4, 4), (4, 3)))))
# Snake 0 in the open, its body below its head: up, right and left are free.
OPEN = Position(7, 7, (SnakeBody(((3, 3), (3, 4), (3, 5))), SnakeBody(((0, 0), (1, 0)))))


def program(*tests: ProgramTest) -> Program:
    return Program("Tests", cards=(FREE_AHEAD,), tests=tests)


PASSING = ProgramTest("corner", CORNER, 0, frozenset({DOWN}))
FAILING_TEST = ProgramTest("open field: only up", OPEN, 0, frozenset({UP}))


@pytest.fixture
def make_list(shown: Shown) -> Callable[[Program], TestList]:
    def make(prog: Program) -> TestList:
        return shown(TestList(ProgramDocument(prog)), (480, 260))

    return make


def click_row(qtbot: QtBot, tests: TestList, row: int, double: bool = False) -> None:
    tree = tests.tree
    pos = tree.visualItemRect(top_item(tree, row)).center()
    if double:
        qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    else:
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_each_test_shows_pass_or_fail_and_the_summary_counts_them(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    assert tests.summary_text() == "1/2 passing"
    passing, failing = (top_item(tests.tree, i) for i in range(2))
    assert [passing.text(c) for c in range(4)] == ["corner", "down", "down", "none"]
    assert [failing.text(c) for c in range(4)] == ["open field: only up", "up", "up, right, left", "1"]
    assert failing.foreground(0).color() == FAILING
    assert passing.foreground(0).color() != FAILING
    assert "FAILS" in failing.toolTip(0)


def test_results_rerun_after_every_edit_and_undo(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    document = tests.document
    # Free cells beside the head too: in the open field only "up" keeps its body out of them.
    document.edit_card(lambda card: paint(card, [(3, 2), (3, 4)], Pattern(Element.EMPTY)), "Paint")
    assert tests.summary_text() == "2/2 passing"
    assert top_item(tests.tree, 1).foreground(0).color() != FAILING
    assert top_item(tests.tree, 1).text(2) == "up"
    document.undo_stack.undo()
    assert tests.summary_text() == "1/2 passing"
    assert top_item(tests.tree, 1).foreground(0).color() == FAILING
    document.undo_stack.redo()
    assert tests.summary_text() == "2/2 passing"


def test_clicking_a_test_chooses_it(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    with qtbot.waitSignal(tests.testChosen) as chosen:
        click_row(qtbot, tests, 1)
    assert chosen.args == [1]
    assert tests.current_test() == 1


def test_enter_on_a_test_chooses_it(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    tests.select_test(0)
    tests.tree.setFocus()
    with qtbot.waitSignal(tests.testChosen) as chosen:
        qtbot.keyClick(tests.tree, Qt.Key.Key_Return)
    assert chosen.args == [0]


def test_f8_jumps_to_the_next_failing_test(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST, PASSING))
    with qtbot.waitActive(tests):
        tests.activateWindow()
    tests.select_test(0)
    with qtbot.waitSignal(tests.testChosen) as chosen:
        qtbot.keyClick(tests.tree, Qt.Key.Key_F8)
    assert chosen.args == [1]
    assert tests.current_test() == 1


def test_next_failing_is_disabled_when_all_pass(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING))
    assert tests.summary_text() == "1/1 passing"
    assert not tests.next_failing_action.isEnabled()


def test_delete_key_removes_the_test_and_undo_brings_it_back(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    with qtbot.waitActive(tests):
        tests.activateWindow()
    click_row(qtbot, tests, 0)
    tests.tree.setFocus()
    qtbot.keyClick(tests.tree, Qt.Key.Key_Delete)
    assert tests.document.program.tests == (FAILING_TEST,)
    assert tests.tree.topLevelItemCount() == 1
    assert tests.summary_text() == "0/1 passing"
    tests.document.undo_stack.undo()
    assert tests.document.program.tests == (PASSING, FAILING_TEST)
    assert tests.tree.topLevelItemCount() == 2


def test_f2_renames_a_test_undoably(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING))
    with qtbot.waitActive(tests):
        tests.activateWindow()
    click_row(qtbot, tests, 0)
    tests.tree.setFocus()
    qtbot.keyClick(tests.tree, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "head in the corner")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tests.document.program.tests[0].name == "head in the corner")
    assert tests.document.program.tests[0].position == CORNER
    assert top_item(tests.tree, 0).text(0) == "head in the corner"
    tests.document.undo_stack.undo()
    assert tests.document.program.tests[0].name == "corner"


def test_tests_are_not_run_while_the_program_has_problems(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    tests.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(SetRef(0))), "Paint a missing set")
    assert tests.summary_text() == "2 tests not run: fix the program's problems first"
    assert top_item(tests.tree, 0).text(2) == "—"
    assert "not run" in top_item(tests.tree, 0).toolTip(0)


def test_an_empty_list_says_how_to_add_a_test(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program())
    assert "Save as test" in tests.summary_text()
    assert not tests.delete_action.isEnabled()


def test_focus_test_requested_chooses_the_test(qtbot: QtBot, make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(program(PASSING, FAILING_TEST))
    with qtbot.waitSignal(tests.testChosen) as chosen:
        tests.document.focusTestRequested.emit(1)
    assert chosen.args == [1]
    assert tests.current_test() == 1


def test_the_summary_turns_red_when_a_test_fails(make_list: Callable[[Program], TestList]) -> None:
    tests = make_list(Program("Two cards", cards=(FREE_AHEAD, FREE_AHEAD), tests=(PASSING,)))
    green = tests.summary_label.palette().color(tests.summary_label.foregroundRole())
    tests.document.edit(lambda p: remove_card(p, 0), "Delete card 1")
    assert tests.summary_text() == "1/1 passing"  # the other card decides the same
    tests.document.edit(lambda p: Program(p.name, cards=p.cards, tests=(FAILING_TEST,)), "Swap tests")
    red = tests.summary_label.palette().color(tests.summary_label.foregroundRole())
    assert tests.summary_text() == "0/1 passing"
    assert red != green and red.red() > red.green()
    assert QColor(green).green() > QColor(green).red()
