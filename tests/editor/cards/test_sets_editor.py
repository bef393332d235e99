"""The user sets editor driven by typing and clicking: names (one undo step per editing session),
element boxes, the weight label, adding up to 4 sets, removing a set in use after a question."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard, before any widget)
from editor.document import ProgramDocument
from editor.widgets.cards.sets_editor import SetsEditor, weight_text
from engines.snake import Direction, Element
from matcher.model import MAX_SETS, Card, ElementSet, Head, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
RIVAL = ElementSet("rival", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
WALLS = ElementSet("walls", frozenset({Element.BORDER, Element.OWN_BODY}))
MINE = ElementSet("mine", frozenset({Element.OWN_BODY, Element.OWN_TAIL}))


def program_with_sets(*sets: ElementSet, cells: dict[tuple[int, int], Pattern] | None = None) -> Program:
    card = Card(Head(3, 3, Direction.UP), cells or {}, "")
    return Program("sets", "", tuple(sets), (card, Card()))


@pytest.fixture
def make_editor(qtbot: QtBot) -> Callable[..., SetsEditor]:
    def make(program: Program) -> SetsEditor:
        editor = SetsEditor(ProgramDocument(program))
        qtbot.addWidget(editor)
        editor.resize(360, 700)
        editor.show()
        qtbot.waitExposed(editor)
        editor.activateWindow()  # so focus moves can be checked
        qtbot.waitUntil(lambda: QApplication.activeWindow() is editor, timeout=2000)
        return editor

    return make


def answer_question(qtbot: QtBot, editor: SetsEditor, button: str, asked: list[str]) -> None:
    """Click ``button`` ("remove" or "cancel") in the question box once it is open."""

    def click() -> None:
        box = editor.confirm_box
        if box is None:
            QTimer.singleShot(10, click)
            return
        asked.append(box.text() + " " + box.informativeText())
        target = box.findChild(QPushButton, "remove") if button == "remove" else box.button(box.StandardButton.Cancel)
        qtbot.mouseClick(target, LEFT)

    QTimer.singleShot(0, click)


# --- showing --------------------------------------------------------------------------------


def test_rows_show_name_ticked_elements_and_weight(make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL, WALLS))
    assert len(editor.rows) == 2
    row = editor.row(0)
    assert row.name_edit.text() == "rival"
    assert {e for e, box in row.boxes.items() if box.isChecked()} == RIVAL.elements
    assert row.weight_label.text() == "weight 4 · NOT: 3"
    assert editor.row(1).weight_label.text() == "weight 5 · NOT: 2"
    assert editor.count_label.text() == f"2 / {MAX_SETS}"


@pytest.mark.parametrize(("size", "text"), [(1, "weight 6 · NOT: 1"), (3, "weight 4 · NOT: 3"), (6, "weight 1 · NOT: 6")])
def test_weight_text_is_7_minus_size_and_with_not_the_size(size: int, text: str) -> None:
    assert weight_text(frozenset(list(Element)[:size])) == text


def test_uses_are_counted(make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL, WALLS, cells={(0, 0): Pattern(SetRef(0)), (0, 1): Pattern(SetRef(0))}))
    assert editor.row(0).uses_label.text() == "used by 2 patterns"
    assert editor.row(1).uses_label.text() == "unused"


# --- names ----------------------------------------------------------------------------------


def test_typing_a_name_is_one_undo_step(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL))
    edit = editor.row(0).name_edit
    qtbot.mouseClick(edit, LEFT)
    edit.selectAll()
    qtbot.keyClicks(edit, "foes")
    document = editor.document
    assert document.program.sets[0] == ElementSet("foes", RIVAL.elements)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.program.sets[0].name == "rival"
    assert edit.text() == "rival"
    document.undo_stack.redo()
    assert edit.text() == "foes"


def test_each_editing_session_of_a_name_is_its_own_step(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL))
    edit = editor.row(0).name_edit
    qtbot.mouseClick(edit, LEFT)
    edit.end(False)
    qtbot.keyClicks(edit, " A")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.keyClicks(edit, "B")
    document = editor.document
    assert document.program.sets[0].name == "rival AB"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert edit.text() == "rival A"


# --- element boxes --------------------------------------------------------------------------


def test_ticking_a_box_adds_the_element_and_undo_removes_it(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL))
    row = editor.row(0)
    qtbot.mouseClick(row.boxes[Element.OWN_TAIL], LEFT)
    document = editor.document
    assert document.program.sets[0].elements == RIVAL.elements | {Element.OWN_TAIL}
    assert row.weight_label.text() == "weight 3 · NOT: 4"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.program.sets[0].elements == RIVAL.elements
    assert not row.boxes[Element.OWN_TAIL].isChecked()
    assert row.weight_label.text() == "weight 4 · NOT: 3"


def test_unticking_a_box_removes_the_element(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL))
    qtbot.mouseClick(editor.row(0).boxes[Element.ENEMY_HEAD], LEFT)
    assert editor.document.program.sets[0].elements == {Element.ENEMY_BODY, Element.ENEMY_TAIL}


def test_a_set_may_be_emptied_and_the_problem_is_shown(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(WALLS))
    row = editor.row(0)
    for element in WALLS.elements:
        qtbot.mouseClick(row.boxes[element], LEFT)
    assert editor.document.program.sets[0].elements == frozenset()
    assert "empty" in row.weight_label.text()
    assert [p.set_index for p in editor.document.problems()] == [0]
    assert all(box.isEnabled() for box in row.boxes.values())


def test_a_set_may_be_filled_with_all_seven_and_the_problem_is_shown(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(WALLS))
    row = editor.row(0)
    for element in set(Element) - WALLS.elements:
        qtbot.mouseClick(row.boxes[element], LEFT)
    assert editor.document.program.sets[0].elements == frozenset(Element)
    assert "at most 6" in row.weight_label.text()
    assert editor.document.problems()


# --- adding and removing --------------------------------------------------------------------


@pytest.mark.parametrize("width", [300, 200])
def test_a_sets_problem_is_read_whole_in_a_narrow_pane(qtbot: QtBot, make_editor: Callable[..., SetsEditor], width: int) -> None:
    """Regression: in the program pane (about 300 px at 1440 x 900) the line under a set with
    all seven elements read "⚠ all 7 elements: a set hold", cut by "used by 2 patterns"."""
    everything = ElementSet("all", frozenset(Element))
    editor = make_editor(program_with_sets(everything, cells={(0, 0): Pattern(SetRef(0)), (0, 1): Pattern(SetRef(0))}))
    editor.resize(width, 700)
    row = editor.row(0)
    label = row.weight_label
    qtbot.waitUntil(lambda: row.width() <= width)
    assert label.text().endswith("a set holds at most 6") and row.uses_label.text() == "used by 2 patterns"
    whole = label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
    wrapped = label.wordWrap() and label.heightForWidth(label.contentsRect().width()) <= label.contentsRect().height()
    assert whole or wrapped
    assert row.uses_label.geometry().top() >= label.geometry().bottom() or \
        row.uses_label.geometry().left() >= label.geometry().right()


def test_add_set_appends_an_empty_named_set_with_the_name_ready_for_typing(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL))
    qtbot.mouseClick(editor.add_button, LEFT)
    assert editor.document.program.sets[1] == ElementSet("new set", frozenset())
    assert len(editor.rows) == 2
    assert editor.row(1).name_edit.hasFocus()
    assert editor.row(1).name_edit.selectedText() == "new set"
    editor.document.undo_stack.undo()
    assert len(editor.rows) == 1
    assert editor.document.program.sets == (RIVAL,)


def test_a_new_sets_name_is_free_and_a_click_selects_it_for_typing(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    """Issue 16: a new set was "set 1" (read as its label set1), and a click into the name put the
    cursor behind it, so typing made "set 1rival"."""
    editor = make_editor(program_with_sets(dataclasses.replace(RIVAL, name="new set")))
    qtbot.mouseClick(editor.add_button, LEFT)
    field = editor.row(1).name_edit
    assert field.text() == "new set 2"
    field.clearFocus()
    qtbot.mouseClick(field, LEFT, pos=field.rect().center())
    qtbot.keyClicks(field, "walls")
    assert editor.document.program.sets[1].name == "walls"
    # Once named, a click places the cursor as usual.
    qtbot.mouseClick(field, LEFT, pos=QPoint(field.width() - 4, field.height() // 2))
    qtbot.keyClicks(field, "!")
    assert editor.document.program.sets[1].name == "walls!"


def test_no_fifth_set(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL, WALLS, MINE))
    qtbot.mouseClick(editor.add_button, LEFT)
    assert len(editor.document.program.sets) == MAX_SETS
    assert not editor.add_button.isEnabled()
    assert f"at most {MAX_SETS} user sets" in editor.add_button.toolTip()
    qtbot.mouseClick(editor.add_button, LEFT)
    assert len(editor.document.program.sets) == MAX_SETS
    editor.add_set()  # past the disabled button: a message, not an exception
    assert len(editor.document.program.sets) == MAX_SETS
    assert f"at most {MAX_SETS} user sets" in editor.message.text()


def test_removing_an_unused_set_asks_nothing(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL, WALLS))
    qtbot.mouseClick(editor.row(0).remove_button, LEFT)
    assert editor.document.program.sets == (WALLS,)
    assert len(editor.rows) == 1
    assert editor.row(0).name_edit.text() == "walls"
    editor.document.undo_stack.undo()
    assert editor.document.program.sets == (RIVAL, WALLS)


def used_sets_program() -> Program:
    return program_with_sets(
        RIVAL, WALLS, MINE,
        cells={(0, 0): Pattern(SetRef(0)), (0, 1): Pattern(SetRef(1), negate=True), (0, 2): Pattern(SetRef(1)),
               (1, 1): Pattern(SetRef(2)), (2, 3): Pattern(Element.ENEMY_TAIL)},
    )


def test_removing_a_used_set_asks_first_and_cancel_keeps_it(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(used_sets_program())
    asked: list[str] = []
    answer_question(qtbot, editor, "cancel", asked)
    qtbot.mouseClick(editor.row(1).remove_button, LEFT)
    assert asked and "used by 2 patterns" in asked[0] and "card 1" in asked[0]
    assert editor.document.program == used_sets_program()
    assert editor.document.undo_stack.count() == 0


def test_removing_a_used_set_removes_its_patterns_and_renumbers_later_sets(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(used_sets_program())
    asked: list[str] = []
    answer_question(qtbot, editor, "remove", asked)
    qtbot.mouseClick(editor.row(1).remove_button, LEFT)
    assert asked and "2 patterns" in asked[0]
    document = editor.document
    assert document.program.sets == (RIVAL, MINE)
    assert dict(document.program.cards[0].cells) == {
        (0, 0): Pattern(SetRef(0)), (1, 1): Pattern(SetRef(1)), (2, 3): Pattern(Element.ENEMY_TAIL)
    }
    assert [row.name_edit.text() for row in editor.rows] == ["rival", "mine"]
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.program == used_sets_program()
    assert [row.name_edit.text() for row in editor.rows] == ["rival", "walls", "mine"]


# --- focus from the problems list -----------------------------------------------------------


def test_focus_set_request_highlights_the_set(qtbot: QtBot, make_editor: Callable[..., SetsEditor]) -> None:
    editor = make_editor(program_with_sets(RIVAL, WALLS, MINE))
    editor.resize(360, 220)  # too small for all three: the third must be scrolled to
    qtbot.wait(10)
    editor.document.focusSetRequested.emit(2)
    row = editor.row(2)
    assert row.highlighted
    assert not editor.row(0).highlighted
    viewport = editor.scroll_area.viewport()
    top = row.mapTo(viewport, row.rect().topLeft()).y()
    assert 0 <= top < viewport.height()
    assert row.name_edit.hasFocus()
    editor.document.focusSetRequested.emit(0)
    assert editor.row(0).highlighted and not row.highlighted


def test_a_long_set_name_shows_its_start(make_editor: Callable[..., SetsEditor]) -> None:
    """Regression: a name longer than its field showed its end ("mes near")."""
    name = "any rival part that could bite me or be bitten by me when it comes near"
    editor = make_editor(program_with_sets(dataclasses.replace(RIVAL, name=name)))
    field = editor.row(0).name_edit
    assert field.text() == name and field.cursorPosition() == 0
