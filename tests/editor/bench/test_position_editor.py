"""The position editor driven by real mouse drags and key presses: drawing snakes head to tail,
choosing "me", moving and deleting snakes, the field size and position files."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

import editor.widgets as _guard  # noqa: F401  (the fixture `editor` takes the name)
from editor.widgets.bench.position_editor import PositionEditor
from engines.snake import Cell, Position, SnakeBody
from matcher.fileformat import load_position, save_position
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot
from pathlib import Path


@pytest.fixture
def editor(shown: Shown) -> PositionEditor:
    widget = shown(PositionEditor(), (640, 680))
    widget.set_position(Position(9, 9))
    return widget


def centre(editor: PositionEditor, cell: Cell) -> QPoint:
    return editor.view.cell_rect(*cell).center().toPoint()


def drag(qtbot: QtBot, editor: PositionEditor, cells: Sequence[Cell], modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Press on the first cell, move through the others, release on the last: a real drag."""
    view = editor.view
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, modifier, centre(editor, cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(view, centre(editor, cell))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, modifier, centre(editor, cells[-1]))


def bodies(editor: PositionEditor) -> list[tuple[Cell, ...]]:
    return [s.cells for s in editor.position().snakes]


def test_a_drag_draws_a_snake_from_head_to_tail_and_the_first_snake_is_me(qtbot: QtBot, editor: PositionEditor) -> None:
    with qtbot.waitSignal(editor.positionChanged):
        drag(qtbot, editor, [(2, 2), (2, 3), (2, 4), (3, 4)])
    assert bodies(editor) == [((2, 2), (2, 3), (2, 4), (3, 4))]
    assert editor.me() == 0
    assert editor.me_combo.currentText() == "Snake 1"
    board = editor.view.board()
    assert board is not None and board.bodies[0][0] == (2, 2)  # the field shows it, head where the drag began


def test_every_new_drag_makes_a_new_snake(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (2, 1), (3, 1)])
    drag(qtbot, editor, [(1, 5), (1, 6)])
    assert bodies(editor) == [((1, 1), (2, 1), (3, 1)), ((1, 5), (1, 6))]
    assert editor.me() == 0
    assert [editor.me_combo.itemText(i) for i in range(editor.me_combo.count())] == ["Snake 1", "Snake 2"]


def test_a_fast_drag_that_skips_cells_fills_them_in(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 5)])
    assert bodies(editor) == [((1, 1), (1, 2), (1, 3), (1, 4), (1, 5))]


def test_dragging_back_over_the_last_cell_takes_it_back(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(4, 4), (5, 4), (6, 4), (5, 4), (5, 5)])
    assert bodies(editor) == [((4, 4), (5, 4), (5, 5))]


def test_drawing_over_another_snake_is_refused_with_a_message(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(3, 0), (3, 1), (3, 2), (3, 3)])
    drag(qtbot, editor, [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert bodies(editor)[1] == ((1, 2), (2, 2))
    assert "(3, 2) is taken by Snake 1" in editor.status_text()


def test_drawing_back_over_itself_is_refused(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(2, 2), (3, 2), (3, 3), (2, 3), (2, 2)])
    assert bodies(editor) == [((2, 2), (3, 2), (3, 3), (2, 3))]
    assert "cannot cross itself" in editor.status_text()


def test_a_click_on_an_empty_cell_draws_nothing(qtbot: QtBot, editor: PositionEditor) -> None:
    with qtbot.assertNotEmitted(editor.positionChanged):
        qtbot.mouseClick(editor.view, Qt.MouseButton.LeftButton, pos=centre(editor, (4, 4)))
    assert bodies(editor) == []
    assert "head and a tail" in editor.status_text()


def test_a_fifth_snake_is_refused(qtbot: QtBot, editor: PositionEditor) -> None:
    for x in (0, 2, 4, 6):
        drag(qtbot, editor, [(x, 0), (x, 1)])
    drag(qtbot, editor, [(8, 0), (8, 1)])
    assert len(bodies(editor)) == 4
    assert "at most 4 snakes" in editor.status_text()


def test_ctrl_click_on_a_snake_makes_it_me(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (2, 1)])
    drag(qtbot, editor, [(5, 5), (5, 6), (5, 7)])
    with qtbot.waitSignal(editor.meChanged) as changed:
        qtbot.mouseClick(editor.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, centre(editor, (5, 6)))
    assert changed.args == [1]
    assert editor.me() == 1
    assert editor.me_combo.currentText() == "Snake 2"
    assert editor.view.highlighted_snake() == 1
    assert bodies(editor)[1] == ((5, 5), (5, 6), (5, 7))  # a ctrl+click does not move it


def test_the_me_combo_chooses_me(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (2, 1)])
    drag(qtbot, editor, [(5, 5), (5, 6)])
    editor.me_combo.setFocus()
    with qtbot.waitSignal(editor.meChanged) as changed:
        qtbot.keyClick(editor.me_combo, Qt.Key.Key_Down)
    assert changed.args == [1]
    assert editor.me() == 1


def test_dragging_a_snake_moves_its_whole_body(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 2), (2, 2)])
    with qtbot.waitSignal(editor.positionChanged):
        drag(qtbot, editor, [(1, 2), (2, 2), (3, 2), (3, 3)])
    assert bodies(editor) == [((3, 2), (3, 3), (4, 3))]
    assert editor.selected_snake() == 0


def test_a_snake_cannot_be_moved_onto_another_or_off_the_field(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 2)])
    drag(qtbot, editor, [(4, 1), (4, 2)])
    drag(qtbot, editor, [(1, 1), (2, 1), (3, 1), (4, 1)])  # the last step would overlap snake 2
    assert bodies(editor)[0] == ((3, 1), (3, 2))
    assert "taken by Snake 2" in editor.status_text()
    drag(qtbot, editor, [(3, 2), (3, 1), (3, 0)])  # the tail would leave the field at the top
    assert bodies(editor)[0] == ((3, 0), (3, 1))
    assert "cannot leave the field" in editor.status_text()


def test_escape_cancels_a_drag(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 2)])
    view = editor.view
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=centre(editor, (1, 1)))
    qtbot.mouseMove(view, centre(editor, (5, 1)))
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=centre(editor, (5, 1)))
    assert bodies(editor) == [((1, 1), (1, 2))]


def test_delete_removes_the_selected_snake_and_me_follows_the_renumbering(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 2)])
    drag(qtbot, editor, [(4, 1), (4, 2)])
    drag(qtbot, editor, [(7, 1), (7, 2)])
    qtbot.mouseClick(editor.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, centre(editor, (7, 1)))
    assert editor.me() == 2
    qtbot.mouseClick(editor.view, Qt.MouseButton.LeftButton, pos=centre(editor, (4, 2)))
    assert editor.selected_snake() == 1
    with qtbot.waitSignal(editor.positionChanged):
        qtbot.keyClick(editor.view, Qt.Key.Key_Delete)
    assert bodies(editor) == [((1, 1), (1, 2)), ((7, 1), (7, 2))]
    assert editor.me() == 1  # still the snake at (7, 1), now the second one
    assert editor.me_combo.currentText() == "Snake 2"


def test_right_click_deletes_a_snake(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(1, 1), (1, 2)])
    qtbot.mouseClick(editor.view, Qt.MouseButton.RightButton, pos=centre(editor, (1, 2)))
    assert bodies(editor) == []
    assert editor.me() is None
    assert not editor.me_combo.isEnabled()


def test_the_field_size_spin_boxes_resize_the_field(qtbot: QtBot, editor: PositionEditor) -> None:
    spin = editor.width_spin
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    with qtbot.waitSignal(editor.positionChanged):
        qtbot.keyClick(spin, Qt.Key.Key_Enter)
    assert (editor.position().width, editor.position().height) == (7, 9)
    board = editor.view.board()
    assert board is not None and board.width == 7


def test_the_field_cannot_shrink_over_a_snake(qtbot: QtBot, editor: PositionEditor) -> None:
    drag(qtbot, editor, [(8, 8), (7, 8)])
    editor.height_spin.setFocus()
    with qtbot.assertNotEmitted(editor.positionChanged):
        qtbot.keyClick(editor.height_spin, Qt.Key.Key_Down)
    assert editor.position().height == 9
    assert editor.height_spin.value() == 9
    assert "Snake 1 would be outside it" in editor.status_text()


def test_small_fields_get_large_cells(editor: PositionEditor) -> None:
    editor.set_position(Position(7, 7))
    assert editor.view.cell_size() >= 48


def test_position_file_round_trip(qtbot: QtBot, editor: PositionEditor, tmp_path: Path) -> None:
    drag(qtbot, editor, [(2, 2), (2, 3), (3, 3)])
    drag(qtbot, editor, [(6, 6), (6, 5), (6, 4), (5, 4)])
    path = tmp_path / "two.position.json"
    assert editor.save(path)
    assert load_position(path) == editor.position()
    saved = editor.position()
    editor.clear()
    assert bodies(editor) == []
    with qtbot.waitSignal(editor.positionChanged):
        assert editor.load(path)
    assert editor.position() == saved
    assert "Loaded two.position.json" in editor.status_text()


def test_a_bad_position_file_is_a_one_line_message(editor: PositionEditor, tmp_path: Path) -> None:
    path = tmp_path / "bad.position.json"
    path.write_text('{"format": "snake-position/1", "width": 5, "height": 5, "snakes": [{"cells": [[0, 0], [3, 3]]}]}')
    before = editor.position()
    assert not editor.load(path)
    assert editor.position() == before
    assert editor.status_text().startswith("Could not load the position:")
    assert "body is broken" in editor.status_text()
    assert "\n" not in editor.status_text()


def test_a_bad_position_file_names_the_snake_as_the_field_numbers_it(editor: PositionEditor, tmp_path: Path) -> None:
    """Regression: the file's errors counted snakes from 0 ("snake 1: ... overlaps snake 0")
    while the field calls its first snake Snake 1."""
    path = tmp_path / "overlap.position.json"
    path.write_text('{"width": 5, "height": 5, "snakes": [{"cells": [[0, 0], [0, 1]]}, {"cells": [[1, 1], [0, 1]]}]}')
    assert not editor.load(path)
    assert "snake 2 (snakes[1]): cell [0, 1] overlaps snake 1" in editor.status_text()


def test_a_loaded_eaten_snake_can_be_me_and_moved(qtbot: QtBot, editor: PositionEditor) -> None:
    editor.set_position(Position(9, 9, (SnakeBody(((1, 1), (1, 2))), SnakeBody(((5, 5),), eaten=True))), me=1)
    assert editor.me() == 1
    assert editor.me_combo.currentText() == "Snake 2 (eaten)"
    drag(qtbot, editor, [(5, 5), (6, 5)])
    assert editor.position().snakes[1] == SnakeBody(((6, 5),), eaten=True)
    QApplication.processEvents()


@pytest.mark.parametrize("answer", [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
def test_save_position_asks_before_replacing_the_file_its_suffix_names(editor: PositionEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> None:
    """Regression: typing "wall" in the save dialog saves wall.position.json; the dialog asked
    about "wall" only, so an existing wall.position.json was replaced without a word."""
    kept = Position(5, 5, (SnakeBody(((1, 1), (1, 2))),))
    target = tmp_path / "wall.position.json"
    save_position(target, kept)
    editor.set_position(Position(9, 9, (SnakeBody(((4, 4), (4, 5), (4, 6))),)))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "wall"), "")))
    asked: list[str] = []

    def question(parent: object, title: str, text: str, *args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    saved = editor.save()
    assert asked and "wall.position.json already exists" in asked[0]
    assert saved == (answer == QMessageBox.StandardButton.Yes)
    assert load_position(target) == (editor.position() if saved else kept)


def test_a_snake_without_cells_is_deleted_after_choosing_it_as_me(qtbot: QtBot, editor: PositionEditor) -> None:
    """QA: an eaten snake with no cell left (loaded from a file) could not be clicked, so it could
    not be selected and deleted; choosing it in the Me box selects it, as a Ctrl+click does."""
    gone = Position(9, 9, (SnakeBody(((1, 1), (1, 2))), SnakeBody(((4, 4), (4, 5))), SnakeBody((), True)))
    editor.set_position(gone, 0)
    combo = editor.me_combo
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert editor.me() == 2 and editor.selected_snake() == 2
    qtbot.mouseClick(editor.buttons[editor.delete_action], Qt.MouseButton.LeftButton)
    assert editor.snake_count() == 2 and editor.status_text() == "Deleted Snake 3"
