"""The card canvas, driven with real mouse and key events; asserts on the document and the pixels."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from editor.document import Brush, ProgramDocument
from editor.widgets.cards.card_canvas import CardCanvas, cells_between
from editor.widgets.cards.pattern_paint import ELEMENT_LOOK
from engines.snake import Direction, Element
from matcher.model import Card, ElementSet, Group, GroupKind, Head, Pattern, Program, SetRef
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
TAIL = Pattern(Element.ENEMY_TAIL)
OR2 = Group(GroupKind.OR, 2)


def program_with(card: Card, sets: tuple[ElementSet, ...] = ()) -> Program:
    return Program(name="test", sets=sets, cards=(card,))


@pytest.fixture
def make_canvas(shown: Shown) -> Callable[..., CardCanvas]:
    def make(card: Card = Card(), sets: tuple[ElementSet, ...] = ()) -> CardCanvas:
        return shown(CardCanvas(ProgramDocument(program_with(card, sets))), (480, 480))

    return make


def at(canvas: CardCanvas, row: int, col: int) -> QPoint:
    return canvas.cell_center((row, col))


def drag(qtbot: QtBot, canvas: CardCanvas, cells: list[tuple[int, int]], button: Qt.MouseButton = LEFT) -> None:
    qtbot.mousePress(canvas, button, pos=at(canvas, *cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(canvas, at(canvas, *cell))
    qtbot.mouseRelease(canvas, button, pos=at(canvas, *cells[-1]))


def color_at(canvas: CardCanvas, point: QPoint) -> QColor:
    return QColor(canvas.grab().toImage().pixel(point))


def test_the_map_is_square_and_cells_map_back_to_themselves(make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    board = canvas.board_rect()
    assert board.width() == board.height() == 7 * canvas.cell_size() >= 7 * 40
    for row in range(7):
        for col in range(7):
            assert canvas.cell_at(canvas.cell_rect((row, col)).center()) == (row, col)
    assert canvas.cell_at(QPoint(1, 1)) is None


def test_a_click_on_a_blank_cell_paints_the_brush_and_selects_it(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    document = canvas.document
    document.set_brush(Brush(Element.OWN_BODY, False, OR2))
    before = color_at(canvas, at(canvas, 1, 1))
    qtbot.mouseClick(canvas, LEFT, pos=at(canvas, 1, 1))
    assert document.card.cells == {(1, 1): Pattern(Element.OWN_BODY, False, OR2)}
    assert document.selected_cell == (1, 1)
    assert document.undo_stack.count() == 1
    painted = color_at(canvas, at(canvas, 1, 1))
    assert painted != before
    assert abs(painted.hue() - ELEMENT_LOOK[Element.OWN_BODY].color.hue()) < 12  # the own-body icon is there
    document.undo_stack.undo()
    assert document.card.cells == {}
    document.undo_stack.redo()
    assert document.card.cells == {(1, 1): Pattern(Element.OWN_BODY, False, OR2)}


def test_a_drag_paints_every_cell_on_the_way_as_one_undo_step(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    document = canvas.document
    document.set_brush(Brush(Element.ENEMY_TAIL))
    drag(qtbot, canvas, [(0, 0), (0, 2), (0, 6)])  # the pointer jumps; no cell in between is skipped
    assert set(document.card.cells) == {(0, c) for c in range(7)}
    assert set(document.card.cells.values()) == {TAIL}
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.card.cells == {}
    document.undo_stack.redo()
    assert len(document.card.cells) == 7


def test_two_strokes_are_two_undo_steps(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    drag(qtbot, canvas, [(0, 0), (0, 1)])
    drag(qtbot, canvas, [(6, 0), (6, 1)])
    assert canvas.document.undo_stack.count() == 2
    canvas.document.undo_stack.undo()
    assert set(canvas.document.card.cells) == {(0, 0), (0, 1)}


def test_a_drag_across_the_head_leaves_the_head_alone(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    drag(qtbot, canvas, [(3, 0), (3, 6)])
    assert set(canvas.document.card.cells) == {(3, c) for c in range(7) if c != 3}
    assert canvas.document.card.head == Head(3, 3, Direction.UP)


def test_a_click_on_a_painted_cell_selects_it_without_repainting(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(2, 3): TAIL}))
    document = canvas.document
    document.set_brush(Brush(Element.BORDER))
    qtbot.mouseClick(canvas, LEFT, pos=at(canvas, 2, 3))
    assert document.card.cells == {(2, 3): TAIL}
    assert document.selected_cell == (2, 3)
    assert document.undo_stack.count() == 0


def test_a_drag_starting_on_a_painted_cell_repaints_it(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(2, 3): TAIL}))
    document = canvas.document
    document.set_brush(Brush(Element.BORDER))
    drag(qtbot, canvas, [(2, 3), (2, 4)])
    assert document.card.cells == {(2, 3): Pattern(Element.BORDER), (2, 4): Pattern(Element.BORDER)}
    assert document.undo_stack.count() == 1


def test_right_click_and_right_drag_clear_cells_one_step_per_stroke(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(0, c): TAIL for c in range(7)}))
    document = canvas.document
    qtbot.mouseClick(canvas, RIGHT, pos=at(canvas, 0, 0))
    assert (0, 0) not in document.card.cells
    drag(qtbot, canvas, [(0, 2), (0, 5)], button=RIGHT)
    assert set(document.card.cells) == {(0, 1), (0, 6)}
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert set(document.card.cells) == {(0, c) for c in range(1, 7)}
    document.undo_stack.undo()
    assert len(document.card.cells) == 7


@pytest.mark.parametrize("key", [Qt.Key.Key_Delete, Qt.Key.Key_Backspace])
def test_delete_clears_the_selected_cell(qtbot: QtBot, make_canvas: Callable[..., CardCanvas], key: Qt.Key) -> None:
    canvas = make_canvas(Card(cells={(2, 3): TAIL, (1, 3): TAIL}))
    document = canvas.document
    qtbot.mouseClick(canvas, LEFT, pos=at(canvas, 2, 3))
    qtbot.keyClick(canvas, key)
    assert document.card.cells == {(1, 3): TAIL}
    assert document.selected_cell is None
    document.undo_stack.undo()
    assert document.card.cells == {(2, 3): TAIL, (1, 3): TAIL}


def test_dragging_the_head_moves_it_and_swaps_a_pattern_where_it_lands(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(5, 3): TAIL}))
    document = canvas.document
    qtbot.mousePress(canvas, LEFT, pos=at(canvas, 3, 3))
    qtbot.mouseMove(canvas, at(canvas, 4, 3))
    qtbot.mouseMove(canvas, at(canvas, 5, 3))
    assert canvas.head_drag_target() == (5, 3)
    assert canvas.displayed_card().head.cell == (5, 3)  # the preview shows the drop
    assert document.card.head.cell == (3, 3)  # nothing is edited until the drop
    qtbot.mouseRelease(canvas, LEFT, pos=at(canvas, 5, 3))
    assert document.card.head == Head(5, 3, Direction.UP)
    assert document.card.cells == {(3, 3): TAIL}
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.card.head.cell == (3, 3) and document.card.cells == {(5, 3): TAIL}
    document.undo_stack.redo()
    assert document.card.head.cell == (5, 3)


def test_a_head_drag_past_the_edge_drops_it_on_the_edge_cell(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    qtbot.mousePress(canvas, LEFT, pos=at(canvas, 3, 3))
    outside = QPoint(at(canvas, 3, 3).x(), int(canvas.board_rect().bottom()) + 5)
    qtbot.mouseMove(canvas, outside)
    qtbot.mouseRelease(canvas, LEFT, pos=outside)
    assert canvas.document.card.head.cell == (6, 3)


def test_escape_cancels_a_head_drag(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    qtbot.mousePress(canvas, LEFT, pos=at(canvas, 3, 3))
    qtbot.mouseMove(canvas, at(canvas, 0, 0))
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    qtbot.mouseRelease(canvas, LEFT, pos=at(canvas, 0, 0))
    assert canvas.document.card.head.cell == (3, 3)
    assert canvas.document.undo_stack.count() == 0


def test_r_turns_the_head_clockwise_and_shift_r_back(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    document = canvas.document
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_R)
    assert document.card.head.facing is Direction.RIGHT
    qtbot.keyClick(canvas, Qt.Key.Key_R)
    assert document.card.head.facing is Direction.DOWN
    qtbot.keyClick(canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(canvas, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert document.card.head.facing is Direction.LEFT
    assert document.undo_stack.count() == 5
    document.undo_stack.undo()
    assert document.card.head.facing is Direction.UP
    document.undo_stack.redo()
    assert document.card.head.facing is Direction.LEFT


def test_turning_keeps_the_selection(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(2, 3): TAIL}))
    qtbot.mouseClick(canvas, LEFT, pos=at(canvas, 2, 3))
    qtbot.keyClick(canvas, Qt.Key.Key_R)
    assert canvas.document.selected_cell == (2, 3)


def test_alt_click_picks_the_cells_pattern_into_the_brush(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    pattern = Pattern(SetRef(0), True, OR2)
    canvas = make_canvas(Card(cells={(1, 1): pattern}), sets=(ElementSet("rival", frozenset({Element.ENEMY_HEAD})),))
    messages: list[str] = []
    canvas.statusMessage.connect(messages.append)
    qtbot.mouseClick(canvas, LEFT, Qt.KeyboardModifier.AltModifier, at(canvas, 1, 1))
    assert canvas.document.brush == Brush(SetRef(0), True, OR2)
    assert canvas.document.undo_stack.count() == 0
    assert "rival" in messages[-1]
    qtbot.mouseClick(canvas, LEFT, Qt.KeyboardModifier.AltModifier, at(canvas, 5, 5))  # blank: a hint only
    assert canvas.document.brush == Brush(SetRef(0), True, OR2)
    assert canvas.document.card.cells == {(1, 1): pattern}


def test_arrow_keys_move_the_selection_and_space_paints_it(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    document = canvas.document
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Up)  # from the head
    assert document.selected_cell == (2, 3)
    qtbot.keyClick(canvas, Qt.Key.Key_Left)
    qtbot.keyClick(canvas, Qt.Key.Key_Space)
    assert document.card.cells == {(2, 2): Pattern(Element.EMPTY)}
    assert document.selected_cell == (2, 2)
    qtbot.keyClick(canvas, Qt.Key.Key_Right)
    qtbot.keyClick(canvas, Qt.Key.Key_Down)  # onto the head: jumps over it
    assert document.selected_cell == (4, 3)


def test_tooltips_name_the_pattern_group_and_weight_or_the_head(make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(2, 3): Pattern(Element.ENEMY_TAIL, True, OR2)}))
    assert canvas.tooltip_for((2, 3)) == "row 2, col 3: NOT enemy tail\ngroup: OR 2\nweight: 1"
    assert "own head, facing up: the move this card asks for" in canvas.tooltip_for((3, 3))
    assert canvas.tooltip_for((0, 0)).startswith("row 0, col 0: blank")


def test_cells_with_problems_are_marked(make_canvas: Callable[..., CardCanvas]) -> None:
    emptied = ElementSet("gone", frozenset())
    canvas = make_canvas(Card(cells={(2, 3): Pattern(SetRef(0))}), sets=(emptied,))
    assert "⚠ uses set1 ('gone'), which must hold 1..6 elements" in canvas.tooltip_for((2, 3))
    rect = canvas.cell_rect((2, 3))
    badge = QPoint(int(rect.right() - rect.width() * 0.28), int(rect.bottom() - rect.height() * 0.19))  # beside the "!"
    red = color_at(canvas, badge)
    assert red.red() > 200 and red.green() < 90


def test_edits_from_elsewhere_repaint_the_canvas(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas()
    blank = color_at(canvas, at(canvas, 0, 6))
    canvas.document.edit_card(lambda card: Card(card.head, {(0, 6): Pattern(Element.OWN_BODY)}), "paint")
    assert color_at(canvas, at(canvas, 0, 6)) != blank


def test_cells_between_covers_the_whole_line() -> None:
    assert cells_between((0, 0), (0, 3)) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert cells_between((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]
    assert cells_between((4, 4), (4, 4)) == [(4, 4)]


def test_dropping_the_head_on_the_selected_cell_drops_the_selection(qtbot: QtBot, make_canvas: Callable[..., CardCanvas]) -> None:
    canvas = make_canvas(Card(cells={(2, 3): TAIL}))
    qtbot.mouseClick(canvas, LEFT, pos=at(canvas, 2, 3))
    drag(qtbot, canvas, [(3, 3), (2, 3)])
    assert canvas.document.card.head.cell == (2, 3)
    assert canvas.document.card.cells == {(3, 3): TAIL}
    assert canvas.document.selected_cell is None
