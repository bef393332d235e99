"""The problems list: live after every edit and undo, a "No problems" state, and clicking a problem
goes to its place (card and cell, set, or test)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTreeWidgetItem

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard, before any widget)
from editor.document import ProgramDocument
from editor.widgets.cards.problems_view import ProblemsView, place_text
from editor.widgets.cards.sets_editor import SetsEditor
from engines.snake import Direction, Element, start_position
from matcher.editing import replace_set
from matcher.model import Card, ElementSet, Head, Pattern, Program, ProgramTest, SetRef
from matcher.validate import Problem
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
RIVAL = ElementSet("rival", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
WALLS = ElementSet("walls", frozenset({Element.BORDER}))


def program() -> Program:
    """Set1 is used on card 2 (two cells), set2 on card 1."""
    card1 = Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(SetRef(1))}, "one")
    card2 = Card(Head(3, 3, Direction.UP), {(1, 3): Pattern(SetRef(0)), (2, 4): Pattern(SetRef(0), negate=True)}, "two")
    return Program("p", "", (RIVAL, WALLS), (card1, card2))


@pytest.fixture
def make_view(shown: Shown) -> Callable[..., ProblemsView]:
    def make(prog: Program | None = None) -> ProblemsView:
        return shown(ProblemsView(ProgramDocument(prog if prog is not None else program())), (600, 260))

    return make


def empty_set(view: ProblemsView, index: int) -> None:
    view.document.edit(lambda p: replace_set(p, index, ElementSet(p.sets[index].name, frozenset())), "empty a set")


def row_texts(view: ProblemsView) -> list[tuple[str, str]]:
    items = [view.item(i) for i in range(view.tree.topLevelItemCount())]
    return [(item.text(0), item.text(1)) for item in items]


def click(qtbot: QtBot, view: ProblemsView, item: QTreeWidgetItem, column: int = 1) -> None:
    rect = view.tree.visualItemRect(item)
    x = view.tree.header().sectionViewportPosition(column) + 10
    qtbot.mouseClick(view.tree.viewport(), LEFT, pos=QPoint(x, rect.center().y()))


def test_a_valid_program_shows_no_problems(make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    assert view.summary.text() == "No problems"
    assert view.stack.currentWidget() is view.none_label
    assert view.tree.topLevelItemCount() == 0


def test_emptying_a_used_set_lists_the_set_and_every_cell_using_it(make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    empty_set(view, 0)
    assert view.summary.text() == "3 problems"
    assert view.stack.currentWidget() is view.tree
    rows = row_texts(view)
    assert rows[0][0] == "set1" and "'rival' holds 0" in rows[0][1]
    assert [where for where, _ in rows[1:]] == ["Card 2, row 1 col 3", "Card 2, row 2 col 4"]
    assert all("uses set1" in message for _, message in rows[1:])
    assert not view.item(1).icon(0).isNull()


def test_problems_go_away_on_undo(make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    empty_set(view, 0)
    view.document.undo_stack.undo()
    assert view.summary.text() == "No problems"
    assert view.tree.topLevelItemCount() == 0


def test_clicking_a_cell_problem_selects_its_card_and_cell(qtbot: QtBot, make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    empty_set(view, 0)
    document = view.document
    assert document.current_card == 0
    with qtbot.waitSignal(document.selectedCellChanged) as selected:
        click(qtbot, view, view.item(2))
    assert document.current_card == 1
    assert document.selected_cell == (2, 4)
    assert selected.args == [(2, 4)]
    click(qtbot, view, view.item(1), column=0)
    assert document.selected_cell == (1, 3)


def test_enter_on_a_problem_goes_there_too(qtbot: QtBot, make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    empty_set(view, 1)
    view.tree.setFocus()
    view.tree.setCurrentItem(view.item(1))
    qtbot.keyClick(view.tree, Qt.Key.Key_Return)
    assert view.document.current_card == 0
    assert view.document.selected_cell == (2, 3)


def test_clicking_a_set_problem_asks_the_sets_editor_to_show_the_set(qtbot: QtBot, make_view: Callable[..., ProblemsView]) -> None:
    view = make_view()
    sets = SetsEditor(view.document)
    qtbot.addWidget(sets)
    sets.show()
    empty_set(view, 1)
    assert view.item(0).text(0) == "set2"
    with qtbot.waitSignal(view.document.focusSetRequested) as focus:
        click(qtbot, view, view.item(0))
    assert focus.args == [1]
    assert sets.row(1).highlighted and not sets.row(0).highlighted


def test_clicking_a_test_problem_asks_for_the_test(qtbot: QtBot, make_view: Callable[..., ProblemsView]) -> None:
    base = program()
    bad_test = ProgramTest("too far", start_position(2), 5, frozenset({Direction.UP}))
    view = make_view(Program(base.name, "", base.sets, base.cards, (bad_test,)))
    assert row_texts(view)[0][0] == "Test 1"
    with qtbot.waitSignal(view.document.focusTestRequested) as focus:
        click(qtbot, view, view.item(0))
    assert focus.args == [0]


@pytest.mark.parametrize(
    ("problem", "text"),
    [
        (Problem("m", card=1, cell=(0, 6)), "Card 2, row 0 col 6"),
        (Problem("m", card=0), "Card 1"),
        (Problem("m", set_index=3), "set4"),
        (Problem("m", test=2), "Test 3"),
        (Problem("m"), "Program"),
    ],
)
def test_place_text(problem: Problem, text: str) -> None:
    assert place_text(problem) == text
