"""Zoom, pan and coordinate axes on the bot games' boards (issue 16), as the arena shows them:
the wheel and +/-/0 zoom around the pointer, a drag moves the zoomed board, the axes name the
cell under the pointer as its tooltip does, zoomed or not. (The snake board's own test is in
tests/editor/battle/test_battle_tab.py; the code is one, editor/widgets/games/zoomable_board.py.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QHelpEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from editor.widgets.games.bioblots.bioblots_game import BioblotsBoard
from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.game_view import BoardContext
from editor.widgets.games.itpw.itpw_game import ItpwBoard
from editor.widgets.games.itpw.itpw_view import ItpwView
from editor.widgets.games.worms.worms_game import WormsBoard
from editor.widgets.games.worms.worms_view import WormsView
from engines import bioblots, itpw
from engines.worms import playfield_from_text

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
Cell = tuple[int, int]
View = WormsView | ItpwView | BioblotsView


@dataclass(frozen=True)
class Game:
    """A bot game's board as the arena makes it, a state to show, a cell to look at, what its
    tooltip calls that cell and the words its column and row have on the axes."""

    board: type[WormsBoard | ItpwBoard | BioblotsBoard]
    state: Callable[[], Any]  # the game's own state type
    cell: Cell
    name: str
    column: str
    row: str


GAMES = [
    # Worms: [x, y] from 0, x to the right (specs/worms.md).
    Game(WormsBoard, lambda: playfield_from_text((ROOT / "samples/worms/meadow.txt").read_text(encoding="latin-1")),
         (30, 10), "[30, 10]", "30", "10"),
    # ITPW: (x, y), both 0-49 (specs/itpw.md).
    Game(ItpwBoard, itpw.start_state, (20, 40), "(20, 40)", "20", "40"),
    # Bio-blots: (row, column), named by the row's letter then the column's (specs/bioblots.md).
    Game(BioblotsBoard, lambda: bioblots.start_state(bioblots.generate_board(random.Random(1))), (9, 3), "jd", "d", "j"),
]


_SHOWN: list[WormsBoard | ItpwBoard | BioblotsBoard] = []
"""The boards of the running test: the views live as long as their board's Python object."""


@pytest.fixture(autouse=True)
def _forget_boards() -> Iterator[None]:
    yield
    _SHOWN.clear()


def make_view(qtbot: QtBot, game: Game, size: tuple[int, int] = (640, 640)) -> View:
    """The game's board as the arena pane makes it (axes on, zoom and pan on), showing its state."""
    board = game.board(BoardContext(folder=lambda what: ROOT / "unused" / what))
    qtbot.addWidget(board)
    _SHOWN.append(board)
    board.resize(*size)
    board.show()
    QApplication.processEvents()  # the layout gives the view its size
    view = board.view
    view.set_state(game.state())
    return view


def wheel(view: View, point: QPoint, notches: int) -> None:
    """Turn the mouse wheel over ``view`` at ``point``, as a user does."""
    event = QWheelEvent(QPointF(point), QPointF(view.mapToGlobal(point)), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view, event)


def tooltip_at(view: View, point: QPoint) -> str:
    QApplication.sendEvent(view, QHelpEvent(QEvent.Type.ToolTip, point, view.mapToGlobal(point)))
    return QToolTip.text() if QToolTip.isVisible() else ""


def axis_words_at(view: View, point: QPointF) -> tuple[str, str]:
    """The column word shown nearest above ``point`` and the row word nearest left of it."""
    columns, rows = view.axis_labels()
    column = min(columns, key=lambda label: abs(label[0] - point.x()))
    row = min(rows, key=lambda label: abs(label[0] - point.y()))
    assert abs(column[0] - point.x()) <= view.cell_size() / 2 and abs(row[0] - point.y()) <= view.cell_size() / 2, \
        "the cell's column and row are numbered on the axes"
    return column[1], row[1]


@pytest.fixture(params=GAMES, ids=["worms", "itpw", "bioblots"])
def game(request: pytest.FixtureRequest) -> Game:
    assert isinstance(request.param, Game)
    return request.param


def test_the_axes_name_the_cell_under_the_pointer_as_its_tooltip_does(qtbot: QtBot, game: Game) -> None:
    view = make_view(qtbot, game, (1000, 900))
    left, top = view.axis_space()
    field = view.field_rect()
    assert left > 0 and top > 0 and field.left() >= left and field.top() >= top
    columns, rows = view.axis_labels()
    # From the top left, every column (row) or every few, as many as can be read apart.
    assert columns[0] == (view.cell_rect(0, 0).center().x(), view._axis_label(False, 0)) and len(columns) > 8
    assert rows[0] == (view.cell_rect(0, 0).center().y(), view._axis_label(True, 0)) and len(rows) > 5
    centre = view.cell_rect(*game.cell).center()
    assert axis_words_at(view, centre) == (game.column, game.row)
    assert game.name in tooltip_at(view, centre.toPoint())


def test_the_wheel_zooms_around_the_pointer_and_zero_resets(qtbot: QtBot, game: Game) -> None:
    view = make_view(qtbot, game)
    fitted, whole = view.cell_size(), view.field_rect()
    under = view.cell_rect(*game.cell).center().toPoint()
    wheel(view, under, 4)
    assert view.zoom() > 2.3 and view.cell_size() > 2.3 * fitted
    assert view.cell_at(QPointF(under)) == game.cell  # the cell under the mouse stays under it
    # Zoomed, the axes and the tooltip still name the cell under the pointer.
    assert axis_words_at(view, QPointF(under)) == (game.column, game.row)
    assert game.name in tooltip_at(view, under)
    # The legend stays where it was, and the zoomed board never runs under it.
    assert view.legend_rect().top() > view.viewport().bottom()
    assert view.cell_at(view.legend_rect().center()) is None
    wheel(view, under, -1)
    assert view.cell_at(QPointF(under)) == game.cell
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.zoom() == 1.0 and view.cell_size() == fitted and view.field_rect() == whole


def test_plus_and_minus_zoom_and_a_drag_moves_the_zoomed_board(qtbot: QtBot, game: Game) -> None:
    view = make_view(qtbot, game)
    fitted = view.cell_size()
    qtbot.mouseClick(view, LEFT, pos=view.viewport().center().toPoint())  # a click gives the board the keys
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom() == pytest.approx(1.25 ** 3) and view.cell_size() > 1.8 * fitted
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.zoom() == pytest.approx(1.25 ** 2)

    middle = view.viewport().center().toPoint()
    held = view.cell_at(QPointF(middle))
    before = view.field_rect().topLeft()
    qtbot.mousePress(view, LEFT, pos=middle)
    qtbot.mouseMove(view, middle + QPoint(30, 20))
    qtbot.mouseRelease(view, LEFT, pos=middle + QPoint(30, 20))
    moved = view.field_rect().topLeft() - before
    assert moved.x() != 0 or moved.y() != 0
    assert view.cell_at(QPointF(middle + QPoint(round(moved.x()), round(moved.y())))) == held  # it went with the mouse
    field, shown = view.field_rect(), view.viewport()
    assert field.width() <= shown.width() or (field.left() <= shown.left() and field.right() >= shown.right())
    assert field.height() <= shown.height() or (field.top() <= shown.top() and field.bottom() >= shown.bottom())

    # Dragged as far as it goes, the board still covers the view; the axes follow what is in it.
    for _ in range(6):
        qtbot.mousePress(view, LEFT, pos=middle)
        qtbot.mouseMove(view, middle + QPoint(200, 200))
        qtbot.mouseRelease(view, LEFT, pos=middle + QPoint(200, 200))
    assert view.field_rect().left() == shown.left()
    columns, rows = view.axis_labels()
    assert columns[0][1] == view._axis_label(False, 0) and rows[0][1] == view._axis_label(True, 0)


def test_an_unzoomed_board_does_not_pan(qtbot: QtBot, game: Game) -> None:
    view = make_view(qtbot, game)
    before = view.field_rect()
    middle = before.center().toPoint()
    qtbot.mousePress(view, LEFT, pos=middle)
    qtbot.mouseMove(view, middle + QPoint(40, 40))
    qtbot.mouseRelease(view, LEFT, pos=middle + QPoint(40, 40))
    assert view.field_rect() == before


@pytest.mark.parametrize("zoom", [1.0, 3.0], ids=["fitted", "zoomed"])
def test_the_board_paints_fitted_and_zoomed(qtbot: QtBot, game: Game, zoom: float) -> None:
    view = make_view(qtbot, game)
    view.set_zoom(zoom, view.cell_rect(*game.cell).center())
    image = view.grab().toImage()
    assert not image.isNull()
    # The cell looked at is painted where the view says it is, in the viewport's colours (not the window's).
    centre = view.cell_rect(*game.cell).center().toPoint()
    assert view.viewport().contains(QPointF(centre))
    window = view.palette().color(view.backgroundRole()).rgb()
    assert image.pixel(centre) != window


def test_a_repaint_measures_only_the_axis_words_it_draws(qtbot: QtBot, game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: every cell's rectangle depends on the axes' room, and each time it was asked
    every row's word was measured again: a dozen times a paint, a hundred words each, which made
    a snake board's paint four times as slow (18 ms instead of 5). The widest word is measured
    once per grid and font; a repaint asks only for the words it draws."""
    view = make_view(qtbot, game, (1000, 900))
    view.repaint()  # the first paint measures the words
    asked: list[tuple[bool, int]] = []
    label = view._axis_label  # the view's own words, bound before the class is patched

    def counting(_self: View, vertical: bool, index: int) -> str:
        asked.append((vertical, index))
        return label(vertical, index)

    monkeypatch.setattr(type(view), "_axis_label", counting)
    columns, rows = view.axis_labels()
    asked.clear()
    for _ in range(3):
        view.repaint()
    assert len(asked) == 3 * (len(columns) + len(rows))
    # A larger font is measured anew: the axes make room for its wider words.
    before = view.axis_space()
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    view.setFont(font)
    assert view.axis_space()[0] > before[0] and view.axis_space()[1] > before[1]
