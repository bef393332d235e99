from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from editor.widgets.games.snake.battle_view import BattleView
from engines.snake import Board, Position, SnakeBody, start_position
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot


@pytest.fixture
def view(shown: Shown) -> BattleView:
    return shown(BattleView(), (600, 500))


def centre(view: BattleView, x: int, y: int) -> QPoint:
    return view.cell_rect(x, y).center().toPoint()


def test_cells_are_square_and_the_field_is_centred(view: BattleView) -> None:
    view.set_board(Board(start_position(4)))
    cell = view.cell_rect(0, 0)
    field = view.field_rect()
    assert cell.width() == cell.height() == view.cell_size() >= 10
    assert field.width() == field.height() == 25 * view.cell_size()
    assert abs(field.center().x() - view.width() / 2) <= 1
    assert abs(field.center().y() - view.height() / 2) <= 1


@pytest.mark.parametrize("index", range(4))
def test_clicking_a_snakes_head_emits_snake_clicked_with_its_index(qtbot: QtBot, view: BattleView, index: int) -> None:
    board = Board(start_position(4))
    view.set_board(board)
    head = board.head(index)
    with qtbot.waitSignal(view.snakeClicked) as snake, qtbot.waitSignal(view.cellClicked) as cell:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centre(view, *head))
    assert snake.args == [index]
    assert cell.args == list(head)


def test_clicking_an_empty_cell_emits_only_cell_clicked(qtbot: QtBot, view: BattleView) -> None:
    view.set_board(Board(start_position(2)))
    with qtbot.assertNotEmitted(view.snakeClicked), qtbot.waitSignal(view.cellClicked) as cell:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centre(view, 3, 20))
    assert cell.args == [3, 20]


def test_clicking_outside_the_field_emits_nothing(qtbot: QtBot, view: BattleView) -> None:
    view.set_board(Board(start_position(2)))
    with qtbot.assertNotEmitted(view.cellClicked), qtbot.assertNotEmitted(view.snakeClicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))


def saturation_at(view: BattleView, point: QPoint) -> float:
    return QColor(view.grab().toImage().pixel(point)).hsvSaturationF()


def test_snakes_are_painted_and_an_eaten_leftover_is_dimmed(view: BattleView) -> None:
    live = SnakeBody(((5, 5), (6, 5), (7, 5), (8, 5)))
    leftover = SnakeBody(((10, 10),), eaten=True)
    view.set_board(Board(Position(15, 15, (live, leftover))))
    size = view.cell_size()
    body = centre(view, 6, 5)
    # The leftover's edge, off its centre cross.
    leftover_edge = centre(view, 10, 10) + QPoint(0, round(size * 0.2))
    empty = centre(view, 2, 12)
    assert saturation_at(view, empty) < 0.05
    assert saturation_at(view, body) > 0.5
    assert 0.05 < saturation_at(view, leftover_edge) < saturation_at(view, body) * 0.7


def test_the_view_repaints_a_board_changed_in_place(view: BattleView) -> None:
    board = Board(start_position(2))
    view.set_board(board)
    before = view.grab().toImage()
    board.move(0, board.possible_moves(0)[0])
    view.set_board(board)
    assert view.grab().toImage() != before


def test_without_a_board_the_view_says_so_and_ignores_clicks(qtbot: QtBot, view: BattleView) -> None:
    view.set_board(None)
    assert view.cell_at(view.rect().center().toPointF()) is None
    with qtbot.assertNotEmitted(view.cellClicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.rect().center())
