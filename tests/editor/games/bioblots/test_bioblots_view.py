from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette

from editor.screenshots import dark_palette
from editor.widgets.games.bioblots.bioblots_view import SUBSTANCE_HUE, BioblotsView, last_move
from editor.widgets.parts.seat_colors import seat_color
from engines.bioblots import (
    SIZE,
    Moved,
    Placement,
    Shift,
    Skip,
    Substance,
    board_from_text,
    generate_board,
    random_move,
    single_cell_moves,
    start_state,
)
from tests.editor.fixture_types import Shown
from tests.editor.games.board_views import assert_fits_with_square_cells, chroma, click_cell, color_at, distance
from pytestqt.qtbot import QtBot
from engines.bioblots import Event, Move, State
from editor.widgets.games.bioblots.bioblots_view import LastMove

CHARS = "12358D"
"""Cell (r, c) holds CHARS[(r + c) % 6]: every substance on every row, easy to look up."""
BOARD = board_from_text("".join("".join(CHARS[(r + c) % 6] for c in range(26)) + "\n" for r in range(26)))
SQUARE_0 = ((10, 3), (10, 4), (11, 3), (11, 4))  # chlorine, arsenic, arsenic, lead: no mercury
SQUARE_1 = ((2, 20), (2, 21), (3, 20), (3, 21))  # (2, 20) is mercury: player 1 is paralysed
SOURCE, TARGET = (10, 3), (9, 4)  # player 0's first move: one cell up and right, onto chlorine
LIVE = (15, 15)
PLAYER_1_CELL = (3, 21)


def known(move: LastMove | None) -> LastMove:
    assert move is not None, "no last move"
    return move


def legal(move: Move | None) -> Move:
    assert move is not None, "no legal move"
    return move


def substance_at(cell: tuple[int, int]) -> Substance:
    return Substance.from_char(CHARS[(cell[0] + cell[1]) % 6])


def play(*moves: Move) -> tuple[State, tuple[Event, ...]]:
    """The game on BOARD after ``moves``, with the events of the last one."""
    state, events = start_state(BOARD), tuple[Event, ...]()
    for move in moves:
        state, events = state.apply(move)
    return state, events


OPENING = (Placement(SQUARE_0), Placement(SQUARE_1), Shift(((SOURCE, TARGET),)))


@pytest.fixture
def view(shown: Shown) -> BioblotsView:
    return shown(BioblotsView(), (700, 820))




def tile_at(view: BioblotsView, cell: tuple[int, int]) -> QColor:
    """The tile's own colour: off the value in its middle, inside any outline along its edge."""
    return color_at(view, cell, -0.25, -0.25)




def inner(view: BioblotsView, cell: tuple[int, int]) -> list[QColor]:
    """Every pixel of the middle half of ``cell``."""
    image: QImage = view.grab().toImage()
    rect = view.cell_rect(*cell).toRect()
    middle = QRect(rect.left() + rect.width() // 4, rect.top() + rect.height() // 4, rect.width() // 2, rect.height() // 2)
    return [QColor(image.pixel(x, y)) for x in range(middle.left(), middle.right()) for y in range(middle.top(), middle.bottom())]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_neutralised_cell_is_grey_and_a_live_one_is_tinted(view: BioblotsView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.set_state(*play(*OPENING))
    neutral, live = tile_at(view, SOURCE), tile_at(view, LIVE)
    assert chroma(neutral) < 10  # as grey as the palette's own text-on-field greys
    assert chroma(live) > chroma(neutral) + 20
    assert distance(neutral, live) > 25


@pytest.mark.parametrize("substance", list(Substance), ids=lambda s: s.name.lower())
def test_every_substance_is_tinted_with_its_own_hue(view: BioblotsView, substance: Substance) -> None:
    view.set_state(start_state(BOARD))
    cell = next((5, c) for c in range(26) if substance_at((5, c)) is substance)
    hue = tile_at(view, cell).hsvHueF()
    expected = SUBSTANCE_HUE[substance].hsvHueF()
    assert min(abs(hue - expected), 1 - abs(hue - expected)) < 0.05


def test_a_cell_shows_its_value(view: BioblotsView) -> None:
    # The value's glyph sits in the middle of the tile, in a darker ink than the tile.
    view.set_state(start_state(BOARD))
    cell = (5, 0)  # uranium, 13
    assert substance_at(cell) is Substance.URANIUM
    assert min(c.lightness() for c in inner(view, cell)) < tile_at(view, cell).lightness() - 80


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_organisms_are_in_their_seat_colours_and_moved_cells_are_lighter(view: BioblotsView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.set_state(*play(*OPENING))
    stationary, moved = color_at(view, (11, 3)), color_at(view, TARGET)
    assert distance(stationary, seat_color(0)) < 30
    # Player 1 is paralysed, so hatched: of four points along a stripe's width, one is clear of the stripes.
    assert min(distance(color_at(view, PLAYER_1_CELL, d, 0.3), seat_color(1)) for d in (0.25, 0.3, 0.35, 0.4)) < 30
    assert moved.lightness() > stationary.lightness() + 40
    assert moved.hsvHueF() == pytest.approx(seat_color(0).hsvHueF(), abs=0.03)  # still the seat's hue


def test_the_last_move_is_drawn_only_with_its_events(view: BioblotsView) -> None:
    state, events = play(*OPENING)
    view.set_state(state)
    plain = view.grab().toImage().copy(view.cell_rect(*SOURCE).toRect())
    view.set_state(state, events)
    marked = view.grab().toImage().copy(view.cell_rect(*SOURCE).toRect())
    assert plain != marked  # the vacated source keeps an outline and the arrow starts there
    assert color_at(view, TARGET).lightness() > color_at(view, (11, 3)).lightness() + 40


def test_a_paralysed_organism_is_hatched_until_it_skips(view: BioblotsView) -> None:
    state, events = play(*OPENING)
    assert state.paralysed[1]
    view.set_state(state, events)
    seat = seat_color(1)
    assert any(c.lightness() > seat.lightness() + 40 for c in inner(view, PLAYER_1_CELL))
    view.set_state(*state.apply(Skip()))
    assert all(distance(c, seat) < 30 for c in inner(view, PLAYER_1_CELL))


def test_the_highlighted_organism_gets_a_halo(view: BioblotsView) -> None:
    view.set_state(*play(*OPENING))
    beside = (9, 3)  # a free tile left of player 0's cell (9, 4): the halo spills onto its right edge
    before = color_at(view, beside, 0.42, 0.0)
    view.set_highlighted_player(0)
    assert distance(color_at(view, beside, 0.42, 0.0), before) > 30


@pytest.mark.parametrize("size", [(260, 300), (900, 400), (400, 900), (1300, 1000)])
def test_cells_stay_square_and_the_board_keeps_its_aspect_at_any_size(view: BioblotsView, size: tuple[int, int]) -> None:
    view.set_state(*play(*OPENING))
    view.resize(*size)
    assert_fits_with_square_cells(view)
    assert view.field_rect().width() == view.field_rect().height() == 26 * view.cell_size()


def test_rows_and_columns_are_lettered_as_moves_name_cells(view: BioblotsView) -> None:
    view.set_state(start_state(BOARD))
    view.resize(900, 1000)
    left, top = view.axis_space()
    assert view.axes_shown() and left > 0 and top > 0 and view.field_rect().left() >= left
    view.set_axes(False)
    assert view.axis_space() == (0, 0)


@pytest.mark.parametrize("size", [(700, 820), (300, 340)], ids=["lettered", "small"])
@pytest.mark.parametrize("cell, player", [((11, 4), 0), (PLAYER_1_CELL, 1), ((0, 0), None), ((25, 25), None)])
def test_clicks_map_to_the_cell_and_its_organism(qtbot: QtBot, view: BioblotsView, size: tuple[int, int], cell: tuple[int, int], player: int | None) -> None:
    view.resize(*size)
    view.set_state(*play(*OPENING))
    click_cell(qtbot, view, cell, view.organismClicked, player)


def test_a_click_beside_the_board_emits_nothing(qtbot: QtBot, view: BioblotsView) -> None:
    view.set_state(start_state(BOARD))
    with qtbot.assertNotEmitted(view.cellClicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))


@pytest.mark.parametrize(
    "cell, expected",
    [
        ((5, 0), ["fa (row 6, column 1)", "uranium: 13 pts"]),
        ((0, 0), ["aa", "carbon", "divides"]),
        (SOURCE, ["kd", "neutralised (was chlorine, 2)", "vacated by the last move"]),
        (TARGET, ["greedy (player 0)", "moved here from kd", "4 cells, 15 pts"]),
        ((11, 3), ["stationary"]),
        (PLAYER_1_CELL, ["Player 1 (player 1)", "paralysed by mercury"]),
    ],
)
def test_the_tooltip_says_what_is_on_a_cell(view: BioblotsView, cell: tuple[int, int], expected: list[str]) -> None:
    view.set_seat_names(["greedy"])
    view.set_state(start_state(BOARD))
    view.set_state(*play(*OPENING))
    text = view.describe_cell(cell)
    assert all(part in text for part in expected), text


def test_the_legend_names_the_players_and_what_they_are_doing(view: BioblotsView) -> None:
    view.set_seat_names(["greedy", "random"])
    view.set_state(*play(*OPENING))
    text = "\n".join(view.legend_texts())
    assert "greedy · 15 pts · 4 cells" in text  # placed on 2 + 3 + 3 + 5, then moved onto chlorine (2)
    assert "random · 35 pts · 4 cells · paralysed" in text  # placed on 8 + 13 + 13 + 1
    assert "moves 2 and 1 of 80" in text


def test_the_legend_says_who_won(view: BioblotsView) -> None:
    rng = random.Random(2)
    state, events = start_state(generate_board(rng)), tuple[Event, ...]()
    while not state.over:
        state, events = state.apply(legal(random_move(state, rng)))
    view.set_state(state, events)
    result = state.result()
    text = "\n".join(view.legend_texts())
    assert f"{result.scores[0]} : {result.scores[1]}" in text
    assert ("won" in text and "lost" in text) or "draw" in text


def test_a_small_view_drops_the_key_but_keeps_the_players(view: BioblotsView) -> None:
    view.set_state(*play(*OPENING))
    assert any("uranium" in line for line in view.legend_texts())
    view.resize(300, 340)
    texts = view.legend_texts()
    assert not any("uranium" in line for line in texts)
    assert texts[0].startswith("Player 0")


def test_neutralised_cells_remember_what_they_held_until_another_game(view: BioblotsView) -> None:
    view.set_state(start_state(BOARD))
    state, _ = play(*OPENING)
    view.set_state(state)
    assert view.former_value(SOURCE) == 2
    other = generate_board(random.Random(9))
    view.set_state(start_state(other))
    assert view.former_value(SOURCE) == other.at(SOURCE)


def test_last_move_reads_placements_moves_growth_and_skips() -> None:
    state, events = play(Placement(SQUARE_0))
    assert known(last_move(events)).placed == SQUARE_0 and known(last_move(events)).player == 0
    state, events = state.apply(Placement(SQUARE_1))
    assert known(last_move(events)).paralysed
    move = next(m for m in single_cell_moves(state) if substance_at(m.pairs[0][1]) is Substance.CARBON)
    state, events = state.apply(move)
    (source, carbon), = move.pairs
    assert known(last_move(events)).moves == ((source, carbon, True),)
    assert len(state.organisms[0]) == 5
    assert any(isinstance(e, Moved) and e.divided for e in events)
    assert known(last_move(state.apply(Skip())[1])).skipped
    assert last_move(()) is None


def test_a_played_game_shows_every_new_state(view: BioblotsView) -> None:
    rng = random.Random(4)
    state, events = start_state(generate_board(rng)), tuple[Event, ...]()
    view.set_state(state)
    first = view.grab().toImage()
    for _ in range(12):
        state, events = state.apply(legal(random_move(state, rng)))
        view.set_state(state, events)
        view.grab()
    assert view.state() is state
    assert view.grab().toImage() != first


def test_the_fixture_board_is_what_the_tests_assume() -> None:
    # The pixel tests lean on these cells; a wrong fixture would make them vacuous.
    assert substance_at(LIVE) is not None and BOARD.at(SOURCE) == Substance.CHLORINE
    assert [substance_at(c) for c in SQUARE_0] == [Substance.CHLORINE, Substance.ARSENIC, Substance.ARSENIC, Substance.LEAD]
    assert substance_at(SQUARE_1[0]) is Substance.MERCURY


def test_a_frame_lays_the_board_out_once_not_per_cell(view: BioblotsView, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: every cell's rectangle asked the layout (and the legend's height) again, ~200
    times a frame, 60 ms of a live match's GUI thread; while painting the geometry is fixed."""
    view.set_state(*play(*OPENING))
    calls: list[int] = []
    space_below = BioblotsView._space_below  # the legend's height: what made each call costly

    def counted(self: BioblotsView) -> int:
        calls.append(1)
        return space_below(self)

    monkeypatch.setattr(BioblotsView, "_space_below", counted)
    view.grab()
    assert 1 <= len(calls) <= 20  # a few times around the paint (geometry, zoom, axes), never per cell (400)


def test_a_move_repaints_only_the_tiles_it_changed_and_the_board_reads_as_if_painted_afresh(
        shown: Shown, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: every move painted all 256 tiles with their values again (half the board's paint,
    a frame of a match at full speed). Now only the tiles whose value changed are; seeking back
    (tiles coming back) works the same way, and what shows is what the board painted afresh shows."""
    view = shown(BioblotsView(), (700, 820))
    painted: list[int] = []
    paint_tiles = BioblotsView._paint_tiles

    def counting(self: BioblotsView, painter: QPainter, state: State, palette: QPalette, size: int,
                 only: set[int] | None = None) -> None:
        painted.append(SIZE * SIZE if only is None else len(only))
        paint_tiles(self, painter, state, palette, size, only)

    rng = random.Random(3)
    states = [start_state(BOARD)]
    for _ in range(12):
        states.append(states[-1].apply(legal(random_move(states[-1], rng)))[0])
    view.set_state(states[0])
    view.grab()
    monkeypatch.setattr(BioblotsView, "_paint_tiles", counting)
    changes = []
    for state in [*states[1:], states[4]]:  # the game played on, then a seek back
        view.set_state(state)
        image = view.grab().toImage()
        changes.append(sum(painted))
        painted.clear()
        view._board_cache = None  # the same board painted afresh, every tile
        assert image == view.grab().toImage() and painted == [SIZE * SIZE]
        painted.clear()
    assert max(changes) < 40 and 0 < sum(changes) < SIZE * SIZE
    assert changes[-1] > 0  # the seek back repainted the tiles that came back
