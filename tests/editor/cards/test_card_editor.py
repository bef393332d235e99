"""The card editor as the main window shows it: palette keys, canvas, head buttons, description,
cell inspector, driven with real mouse and key events."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from editor.document import Brush, ProgramDocument
from editor.widgets.cards.card_editor import HINT, CardEditor
from engines.snake import Direction, Element
from matcher.editing import insert_card
from matcher.model import AND1, Card, ElementSet, Group, GroupKind, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
TAIL = Pattern(Element.ENEMY_TAIL)
RIVAL = ElementSet("rival", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY}))


@pytest.fixture
def make_editor(qtbot: QtBot) -> Callable[..., CardEditor]:
    editors: list[CardEditor] = []

    def make(*cards: Card, sets: tuple[ElementSet, ...] = (RIVAL,)) -> CardEditor:
        program = Program(name="test", sets=sets, cards=cards or (Card(),))
        editor = CardEditor(ProgramDocument(program))
        qtbot.addWidget(editor)
        editor.resize(1100, 760)
        editor.show()
        editor.activateWindow()
        qtbot.waitUntil(editor.isActiveWindow)
        editors.append(editor)
        return editor

    return make


def click_cell(qtbot: QtBot, editor: CardEditor, cell: tuple[int, int], modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(editor.canvas, LEFT, modifier, editor.canvas.cell_center(cell))


def test_the_title_counts_cards_and_follows_the_current_card(make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor(Card(), Card(description="second"))
    assert editor.title_label.text() == "Card 1 of 2"
    editor.document.set_current_card(1)
    assert editor.title_label.text() == "Card 2 of 2"
    assert editor.description_edit.text() == "second"
    editor.document.edit(lambda p: insert_card(p, 2), "add card", show_card=2)
    assert editor.title_label.text() == "Card 3 of 3"
    assert editor.description_edit.text() == ""


def test_palette_keys_then_a_click_paint_that_pattern(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    click_cell(qtbot, editor, (0, 0))  # the canvas has the focus now: keys reach the palette's shortcuts
    for key in (Qt.Key.Key_8, Qt.Key.Key_N, Qt.Key.Key_G, Qt.Key.Key_G, Qt.Key.Key_G, Qt.Key.Key_G, Qt.Key.Key_G):
        qtbot.keyClick(editor.canvas, key)
    click_cell(qtbot, editor, (2, 3))
    assert editor.document.card.cells[(2, 3)] == Pattern(SetRef(0), True, Group(GroupKind.OR, 2))
    assert editor.inspector.title_label.text() == "Cell (row 2, col 3)"
    assert editor.inspector.weight_label.text() == "2"  # NOT of a 2-element set matches 5


def test_turn_buttons_and_keys_turn_the_head_with_undo(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    document = editor.document
    qtbot.mouseClick(editor.turn_right_button, LEFT)
    assert document.card.head.facing is Direction.RIGHT
    assert editor.head_label.text() == "head faces right"
    qtbot.mouseClick(editor.turn_left_button, LEFT)
    qtbot.mouseClick(editor.turn_left_button, LEFT)
    assert document.card.head.facing is Direction.LEFT
    editor.canvas.setFocus()
    qtbot.keyClick(editor.canvas, Qt.Key.Key_R)
    assert document.card.head.facing is Direction.UP
    qtbot.keyClick(editor.canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert document.card.head.facing is Direction.LEFT
    assert document.undo_stack.count() == 5
    for _ in range(5):
        document.undo_stack.undo()
    assert document.card.head.facing is Direction.UP
    document.undo_stack.redo()
    assert document.card.head.facing is Direction.RIGHT


def test_typing_r_in_the_description_types_it(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    editor.description_edit.setFocus()
    qtbot.keyClicks(editor.description_edit, "Run 7 R")
    assert editor.document.card.description == "Run 7 R"
    assert editor.document.card.head.facing is Direction.UP
    assert editor.document.brush.match is Element.EMPTY


def test_a_description_typing_session_is_one_undo_step(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    document = editor.document
    edit = editor.description_edit
    edit.setFocus()
    qtbot.keyClicks(edit, "bite")
    assert document.card.description == "bite"
    assert document.undo_stack.count() == 1
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # Enter ends the session
    qtbot.keyClicks(edit, " it")
    assert document.card.description == "bite it"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.card.description == "bite"
    assert edit.text() == "bite"
    document.undo_stack.undo()
    assert edit.text() == "" and document.card.description == ""
    document.undo_stack.redo()
    assert edit.text() == "bite"


def test_leaving_the_description_ends_its_undo_step(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    edit = editor.description_edit
    edit.setFocus()
    qtbot.keyClicks(edit, "a")
    click_cell(qtbot, editor, (1, 1))  # paints, and takes the focus from the field
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, "b")
    assert editor.document.card.description == "ab"
    assert editor.document.undo_stack.count() == 3


def test_the_inspector_says_when_no_cell_is_selected(make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor(Card(cells={(2, 3): TAIL}))
    assert editor.inspector.title_label.text() == "No cell selected"
    assert not editor.inspector.fields.isVisibleTo(editor.inspector)


def test_the_inspector_edits_the_selected_cells_match_not_and_group(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor(Card(cells={(2, 3): TAIL, (1, 3): TAIL}))
    document, inspector = editor.document, editor.inspector
    click_cell(qtbot, editor, (2, 3))
    assert inspector.title_label.text() == "Cell (row 2, col 3)"
    assert inspector.match_combo.currentText() == "enemy tail"
    assert inspector.weight_label.text() == "6"

    inspector.match_combo.setFocus()
    qtbot.keyClick(inspector.match_combo, Qt.Key.Key_Down)  # enemy tail → set1
    assert document.card.cells[(2, 3)] == Pattern(SetRef(0))
    assert inspector.weight_label.text() == "5"
    qtbot.mouseClick(inspector.not_check, LEFT)
    assert document.card.cells[(2, 3)] == Pattern(SetRef(0), True)
    inspector.group_combo.setFocus()
    qtbot.keyClick(inspector.group_combo, Qt.Key.Key_End)  # the last group: or4
    assert document.card.cells[(2, 3)] == Pattern(SetRef(0), True, Group(GroupKind.OR, 4))
    assert document.card.cells[(1, 3)] == TAIL  # the other cell is untouched
    assert document.selected_cell == (2, 3)  # still editing the same cell
    assert document.undo_stack.count() == 3
    document.undo_stack.undo()
    assert document.card.cells[(2, 3)] == Pattern(SetRef(0), True, AND1)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.card.cells[(2, 3)] == TAIL


def test_keys_typed_into_the_inspectors_combo_boxes_do_not_turn_the_head(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    """Regression: R (turn the head) and the palette's keys fired while a combo box had the
    focus, so typing an item's first letter turned the head or changed the brush."""
    editor = make_editor(Card(cells={(2, 3): TAIL}))
    document, inspector = editor.document, editor.inspector
    click_cell(qtbot, editor, (2, 3))
    inspector.match_combo.setFocus()
    qtbot.keyClick(inspector.match_combo, Qt.Key.Key_B)  # types into the combo: picks "border"
    assert document.card.cells[(2, 3)] == Pattern(Element.BORDER)
    qtbot.keyClick(inspector.match_combo, Qt.Key.Key_R)
    qtbot.keyClick(inspector.match_combo, Qt.Key.Key_2)
    assert document.card.head.facing is Direction.UP
    assert document.brush == Brush(Element.EMPTY)


def test_the_inspector_clears_and_paints_its_cell(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor(Card(cells={(2, 3): TAIL}))
    document, inspector = editor.document, editor.inspector
    click_cell(qtbot, editor, (2, 3))
    qtbot.mouseClick(inspector.clear_button, LEFT)
    assert document.card.cells == {}
    assert inspector.summary_label.text() == "Blank: no condition."
    assert inspector.paint_button.isVisibleTo(inspector)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_4)  # own tail
    qtbot.mouseClick(inspector.paint_button, LEFT)
    assert document.card.cells == {(2, 3): Pattern(Element.OWN_TAIL)}


def test_eyedropper_then_paint_copies_a_pattern(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    pattern = Pattern(SetRef(0), True, Group(GroupKind.OR, 3))
    editor = make_editor(Card(cells={(0, 0): pattern}))
    click_cell(qtbot, editor, (0, 0), Qt.KeyboardModifier.AltModifier)
    assert editor.palette_panel.match_buttons[SetRef(0)].isChecked()
    assert editor.palette_panel.not_button.isChecked()
    assert editor.hint_label.text().startswith("Brush: NOT set1")
    click_cell(qtbot, editor, (6, 6))
    assert editor.document.card.cells[(6, 6)] == pattern


def test_hovering_a_cell_marks_it_in_the_variants(qtbot: QtBot, make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor(Card(cells={(2, 3): TAIL}))
    qtbot.mouseMove(editor.canvas, editor.canvas.cell_center((2, 3)))
    assert editor.variants.marked_cell() == (2, 3)
    assert editor.hint_label.text() == HINT


def test_a_narrow_editor_puts_inspector_and_variants_under_the_map(make_editor: Callable[..., CardEditor]) -> None:
    editor = make_editor()
    assert not editor.side_panel_below()  # 1100 × 760: beside the map
    beside = editor.canvas.cell_size()
    editor.resize(760, 660)  # what the main window leaves between its docks
    assert editor.side_panel_below()
    assert editor.side_panel.geometry().top() >= editor.canvas.geometry().bottom()
    assert editor.canvas.cell_size() >= 36
    editor.resize(1100, 760)
    assert not editor.side_panel_below()
    assert editor.canvas.cell_size() == beside


def test_at_a_large_font_the_columns_widen_to_their_contents(qtbot: QtBot) -> None:
    """A user's larger text (an application font of 14 pt): the palette, the inspector and the
    side panel had fixed widths fitted to the default font and cut their text ("Cell (row 2, c",
    "NOT (anyth", "group AND 1")."""
    default = QApplication.font()
    font = QFont(default)
    font.setPointSize(14)
    QApplication.setFont(font)
    try:
        editor = CardEditor(ProgramDocument(Program(name="test", sets=(RIVAL,), cards=(Card(),))))
        qtbot.addWidget(editor)
        editor.resize(760, 700)
        editor.show()
        qtbot.waitExposed(editor)
        editor.document.select_cell((2, 3))
        inspector = editor.inspector_box
        for size, below in (((760, 700), True), ((1500, 900), False)):
            editor.resize(*size)
            assert editor.side_panel_below() is below
            assert editor.palette_scroll.width() >= editor.palette_panel.minimumSizeHint().width() + 10
            qtbot.waitUntil(lambda: inspector.width() >= inspector.minimumSizeHint().width())
            assert editor.inspector.not_check.width() >= editor.inspector.not_check.sizeHint().width(), size
    finally:
        QApplication.setFont(default)
