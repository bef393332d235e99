from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from editor.screenshots import dark_palette
from editor.widgets.games.worms.worms_view import WormsView
from engines.worms import Item, WormsState, playfield_from_text
from tests.editor.fixture_types import Shown
from tests.editor.games.board_views import assert_fits_with_square_cells, click_cell, distance
from pytestqt.qtbot import QtBot

ROOT = Path(__file__).resolve().parents[4]

# Worm 0 moves right at (3,1)-(2,1); worm 1 at (3,3)-(2,3) is frozen for FROZEN_1 rounds;
# worm 2 at (3,5)-(2,5) is dead; worm 3 at (3,6)-(2,6) moves. A flower, an ice and a bonus.
BOARD = """\
0 100 10
12 8
3 1 2 1 0 0 4
3 3 2 3 {frozen_1} 1 2
3 5 2 5 999999999 0 7
3 6 2 6 0 0 0
############
# bb   .   #
#          #
# ii   *   #
#          #
# pp   +   #
# xx       #
############
"""
FLOWER, ICE, BONUS, EMPTY = (7, 1), (7, 3), (7, 5), (9, 2)


def board(frozen_1: int = 5) -> WormsState:
    return playfield_from_text(BOARD.format(frozen_1=frozen_1))


@pytest.fixture
def view(shown: Shown) -> WormsView:
    return shown(WormsView(), (640, 520))


def centre(view: WormsView, cell: tuple[int, int]) -> QPoint:
    return view.cell_rect(*cell).center().toPoint()


def color_at(view: WormsView, cell: tuple[int, int], offset: QPoint = QPoint()) -> QColor:
    return QColor(view.grab().toImage().pixel(centre(view, cell) + offset))



@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_frozen_worm_is_drawn_iced_and_a_live_one_in_its_seat_colour(view: WormsView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    tail = (2, 3)  # worm 1's tail: body colour, no eyes or badge on it
    view.set_state(board(frozen_1=0))
    live = color_at(view, tail)
    view.set_state(board(frozen_1=5))
    frozen = color_at(view, tail)
    assert distance(live, frozen) > 60
    assert frozen.blue() > live.blue() + 40  # iced over: towards the pale blue of ice
    assert frozen.hsvSaturationF() < live.hsvSaturationF()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_dead_worm_is_grey_and_a_moving_one_is_saturated(view: WormsView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.set_state(board())
    neck = QPoint(-round(view.cell_size() * 0.45), 0)  # between head and tail, on the body
    assert color_at(view, (3, 1), neck).hsvSaturationF() > 0.5  # worm 0 moves
    assert color_at(view, (3, 5), neck).hsvSaturationF() < 0.3  # worm 2 is dead


@pytest.mark.parametrize(
    "cell, off", [(FLOWER, (0, 0)), (ICE, (0, 0)), (BONUS, (0.25, 0.1))], ids=["flower", "ice", "bonus"]
)
def test_every_item_is_painted_on_its_cell(view: WormsView, cell: tuple[int, int], off: tuple[float, float]) -> None:
    view.set_state(board())
    offset = QPoint(round(off[0] * view.cell_size()), round(off[1] * view.cell_size()))  # the bonus's plus is white
    assert distance(color_at(view, cell, offset), color_at(view, EMPTY)) > 100


def test_the_three_items_look_different(view: WormsView) -> None:
    view.set_state(board())
    image = view.grab().toImage()
    colors = [QColor(image.pixel(centre(view, cell))) for cell in (FLOWER, ICE, BONUS)]
    assert min(distance(a, b) for i, a in enumerate(colors) for b in colors[i + 1:]) > 60


def test_walls_are_darker_than_the_field_in_the_light_palette(view: WormsView) -> None:
    view.set_state(board())
    assert color_at(view, (0, 4)).lightness() < color_at(view, EMPTY).lightness() - 60


@pytest.mark.parametrize("size", [(260, 220), (900, 380), (380, 900), (1300, 800)])
def test_cells_stay_square_and_the_board_keeps_its_aspect_at_any_size(view: WormsView, size: tuple[int, int]) -> None:
    state = playfield_from_text((ROOT / "samples/worms/meadow.txt").read_text())
    view.set_state(state)
    view.resize(*size)
    assert_fits_with_square_cells(view)
    assert view.field_rect().width() / view.field_rect().height() == pytest.approx(state.width / state.height)


def test_hiding_the_legend_gives_the_board_more_room(view: WormsView) -> None:
    view.resize(640, 420)
    view.set_state(board())
    with_legend = view.cell_size()
    view.set_legend_visible(False)
    assert view.legend_rect().isEmpty()
    assert view.cell_size() > with_legend


@pytest.mark.parametrize("index, cell", [(0, (3, 1)), (1, (2, 3)), (2, (3, 5)), (3, (2, 6))])
def test_clicking_any_worm_emits_its_index(qtbot: QtBot, view: WormsView, index: int, cell: tuple[int, int]) -> None:
    view.set_state(board())
    click_cell(qtbot, view, cell, view.wormClicked, index)


def test_clicking_an_item_emits_only_the_cell(qtbot: QtBot, view: WormsView) -> None:
    view.set_state(board())
    click_cell(qtbot, view, FLOWER, view.wormClicked, None)


@pytest.mark.parametrize(
    "cell, expected",
    [
        ((3, 1), ["heuristic (worm 0), head", "moving right", "4 pts"]),
        ((2, 3), ["random (worm 1), tail", "frozen for 5 more rounds", "bonus 1"]),
        ((3, 5), ["Worm 2 (worm 2), head", "dead", "7 pts"]),
        (FLOWER, ["[7, 1] flower"]),
        ((0, 0), ["[0, 0] wall"]),
    ],
)
def test_the_tooltip_names_the_seat_and_what_state_it_is_in(view: WormsView, cell: tuple[int, int], expected: list[str]) -> None:
    view.set_seat_names(["heuristic", "random"])
    view.set_state(board())
    text = view.describe_cell(cell)
    assert all(part in text for part in expected), text


def test_the_highlighted_worm_gets_a_halo(view: WormsView) -> None:
    view.set_state(board())
    beside = QPoint(0, round(view.cell_size() * 0.5))  # just below worm 3's body, outside it
    plain = color_at(view, (2, 6), beside)
    view.set_highlighted_worm(3)
    assert distance(color_at(view, (2, 6), beside), plain) > 20


def test_a_new_state_on_the_same_walls_shows_the_worms_where_they_are_now(view: WormsView) -> None:
    # States of one game share their walls, so the painted walls are reused; the worms must not be.
    state = board()
    view.set_state(state)
    before = color_at(view, (4, 1))
    moved = dataclasses.replace(state.worms[0], cells=((4, 1), (3, 1)))
    view.set_state(dataclasses.replace(state, worms=(moved, *state.worms[1:])))
    assert distance(color_at(view, (4, 1)), before) > 60


def test_items_on_the_board_match_the_state(view: WormsView) -> None:
    # The board above relies on playfield letters; a wrong fixture would make the pixel tests vacuous.
    state = board()
    assert state.items == {FLOWER: Item.FLOWER, ICE: Item.ICE, BONUS: Item.BONUS}
    assert [w.moving for w in state.worms] == [True, False, False, True]
    assert not state.worms[2].alive and state.worms[1].frozen == 5


def test_items_are_painted_once_per_cell_size_not_every_frame(view: WormsView, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: every repaint painted every item anew (a flower is six antialiased discs), a
    third of a worms frame at full speed. Each kind is painted once per cell size and reused."""
    import editor.widgets.games.worms.worms_view as worms_view

    view.set_state(board())
    view.repaint()
    painted: list[Item] = []
    paint_item = worms_view.paint_item

    def counting(painter: QPainter, rect: QRectF, item: Item) -> None:
        painted.append(item)
        paint_item(painter, rect, item)

    monkeypatch.setattr(worms_view, "paint_item", counting)
    flower = color_at(view, FLOWER)
    for _ in range(3):
        view.repaint()
    assert painted == []
    assert color_at(view, FLOWER) == flower  # the same flower where it was
    view.resize(view.width() * 2, view.height() * 2)  # larger cells: each kind is painted again, once
    view.repaint()
    view.repaint()
    assert sorted(painted, key=lambda item: item.value) == sorted(Item, key=lambda item: item.value)
    assert distance(color_at(view, FLOWER), color_at(view, EMPTY)) > 100


def test_a_game_over_at_its_flower_limit_says_so_not_that_every_flower_was_eaten(view: WormsView) -> None:
    # Eaten flowers regrow: the game ends at the map's count of flowers eaten, with flowers left.
    ended = dataclasses.replace(board(), flowers_left=0)
    view.set_state(ended)
    text = "\n".join(view.legend_texts())
    assert ended.items[FLOWER] is Item.FLOWER
    assert "over: the flower limit reached" in text
    assert "every flower eaten" not in text
