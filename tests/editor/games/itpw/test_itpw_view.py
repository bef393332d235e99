from __future__ import annotations


import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPalette

from editor.screenshots import dark_palette
from editor.widgets.games.itpw.itpw_view import ItpwView
from editor.widgets.parts.seat_colors import seat_color
from engines.itpw import (
    Disqualification,
    Kind,
    Phase,
    Move,
    State,
    Step,
    Unit,
    apply_move,
    start_state,
)
from tests.editor.fixture_types import Shown
from tests.editor.games.board_views import assert_fits_with_square_cells, chroma, click_cell, color_at, distance
from pytestqt.qtbot import QtBot

SIDE = 50
# Player 1's worker and soldier side by side on owned fields, player 2's worker on a field of
# player 3, player 4's soldier on nobody's field, player 3 out with a worker.
WORKER, SOLDIER, FOREIGN, LONER, OUT = (10, 10), (12, 10), (30, 20), (40, 40), (5, 44)
OWNED_EMPTY = (11, 12)  # player 1's, no unit
FREE = (25, 30)


def board(out: bool = True) -> State:
    territory = bytearray(SIDE * SIDE)
    for (x, y), owner in ((WORKER, 1), (SOLDIER, 1), (OWNED_EMPTY, 1), (FOREIGN, 3), (OUT, 3), ((0, 0), 1)):
        territory[y * SIDE + x] = owner
    units = {WORKER: Unit(1, Kind.WORKER), SOLDIER: Unit(1, Kind.SOLDIER), FOREIGN: Unit(2, Kind.WORKER),
             LONER: Unit(4, Kind.SOLDIER), OUT: Unit(3, Kind.WORKER)}
    disqualified = (None, None, Disqualification(4, "timeout: no answer within the bank") if out else None, None)
    return State(units, bytes(territory), turn=5, kills=(0, 2, 0, 1), disqualified=disqualified)


@pytest.fixture
def view(shown: Shown) -> ItpwView:
    return shown(ItpwView(), (700, 820))






def hue_gap(a: QColor, b: QColor) -> float:
    gap = abs(a.hsvHueF() - b.hsvHueF())
    return min(gap, 1 - gap)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_soldier_and_a_worker_have_different_shapes(view: ItpwView, dark: bool) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.resize(1000, 1160)  # 19 pixels a field: room to tell shapes apart
    view.set_state(board())
    color = seat_color(0)
    # Both are the seat's colour in the middle of their field ...
    assert distance(color_at(view, WORKER), color) < 30
    assert distance(color_at(view, SOLDIER), color) < 30
    # ... but only the soldier's diamond reaches out to the field's edges, where the worker's
    # disc leaves the territory showing ...
    for dx, dy in ((0, -0.4), (0.4, 0), (0, 0.4), (-0.4, 0)):
        territory = color_at(view, OWNED_EMPTY, dx, dy)
        assert distance(color_at(view, SOLDIER, dx, dy), territory) > 60
        assert distance(color_at(view, WORKER, dx, dy), territory) < 30
    # ... and towards a corner the disc is still there where the diamond has ended.
    assert distance(color_at(view, WORKER, 0.14, 0.14), color) < 30
    assert distance(color_at(view, SOLDIER, 0.3, 0.3), color_at(view, OWNED_EMPTY, 0.3, 0.3)) < 30


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("cell, player", [(OWNED_EMPTY, 1), (FOREIGN, 3)])
def test_an_owned_field_is_tinted_with_its_owner_colour(view: ItpwView, dark: bool, cell: tuple[int, int], player: int) -> None:
    if dark:
        view.setPalette(dark_palette())
    view.set_state(board())
    field = view.palette().color(QPalette.ColorRole.Base)
    tint = color_at(view, cell, -0.4, -0.4)  # the field's corner: beside any unit on it
    assert distance(tint, field) > 30
    assert hue_gap(tint, seat_color(player - 1)) < 0.05
    assert chroma(tint) < chroma(seat_color(player - 1))  # a light tint, not the units' full colour
    assert distance(color_at(view, FREE, -0.4, -0.4), field) < 8


def test_a_disqualified_player_units_are_greyed(view: ItpwView) -> None:
    view.set_state(board(out=False))
    active = color_at(view, OUT, 0.2, 0)
    view.set_state(board(out=True))
    out = color_at(view, OUT, 0.2, 0)
    assert chroma(out) < chroma(active) - 60
    assert distance(out, active) > 60


@pytest.mark.parametrize("player, corner, outside", [(1, (0, 0), (-1, 1)), (2, (49, 0), (1, 1)),
                                                     (3, (0, 49), (-1, -1)), (4, (49, 49), (1, -1))])
def test_every_home_corner_is_bracketed_in_its_player_colour(view: ItpwView, player: int, corner: tuple[int, int], outside: tuple[int, int]) -> None:
    view.set_state(start_state())
    rect, width = view.cell_rect(*corner), 2
    x = rect.left() - width if outside[0] < 0 else rect.right() + width
    y = rect.center().y() + outside[1] * view.cell_size()  # along the board's side, a field away
    pixel = QColor(view.grab().toImage().pixel(QPoint(round(x), round(y))))
    assert distance(pixel, seat_color(player - 1)) < 40


def test_a_move_leaves_a_trail_and_a_death_is_crossed(view: ItpwView) -> None:
    state = board(out=False)
    # Player 4's soldier is not on the way; player 1's worker steps right, then its soldier kills
    # player 2's worker after walking there.
    state = State(dict(state.units) | {(13, 10): Unit(2, Kind.WORKER)}, state.territory, turn=5)
    after, events = apply_move(state, 1, Move((Step(WORKER, (11, 10)), Step(SOLDIER, (13, 10)))))
    view.set_state(after)
    trail = color_at(view, WORKER, 0.5, 0)  # between the worker's old and new field
    died = color_at(view, (13, 10), 0.25, 0.25)
    view.set_state(after, events)
    assert distance(color_at(view, WORKER, 0.5, 0), trail) > 30
    red = color_at(view, (13, 10), 0.25, 0.25)
    assert distance(red, died) > 60 and red.red() > red.green() + 80


def test_the_highlighted_player_units_are_ringed(view: ItpwView) -> None:
    view.set_state(board())
    beside = color_at(view, LONER, 0.6, 0)
    view.set_highlighted_player(4)
    assert distance(color_at(view, LONER, 0.6, 0), beside) > 20


@pytest.mark.parametrize("size", [(260, 300), (900, 420), (420, 900), (1300, 1000)])
def test_fields_stay_square_and_the_board_keeps_its_aspect_at_any_size(view: ItpwView, size: tuple[int, int]) -> None:
    view.set_state(board())
    view.resize(*size)
    assert_fits_with_square_cells(view)
    assert view.field_rect().width() == view.field_rect().height() == SIDE * view.cell_size()


@pytest.mark.parametrize("cell, player", [(WORKER, 1), (SOLDIER, 1), (FOREIGN, 2), (OUT, 3), (LONER, 4),
                                          (FREE, None), ((49, 0), None)])
def test_clicks_map_to_the_field_and_the_unit_player(qtbot: QtBot, view: ItpwView, cell: tuple[int, int], player: int | None) -> None:
    view.set_state(board())
    click_cell(qtbot, view, cell, view.playerClicked, player)


@pytest.mark.parametrize(
    "cell, expected",
    [
        (WORKER, ["(10, 10) owned by heuristic (player 1)", "heuristic's worker (player 1)"]),
        (FOREIGN, ["owned by Player 3 (player 3)", "random's worker (player 2)"]),
        (OUT, ["Player 3's worker", "disqualified in turn 4: timeout: no answer within the bank"]),
        (FREE, ["(25, 30) nobody's field"]),
        ((49, 49), ["home corner of player 4"]),
    ],
)
def test_the_tooltip_names_the_owner_and_the_unit(view: ItpwView, cell: tuple[int, int], expected: list[str]) -> None:
    view.set_seat_names(["heuristic", "random"])
    view.set_state(board())
    text = view.describe_cell(cell)
    assert all(part in text for part in expected), text


def test_the_legend_has_territory_and_kills_per_player(view: ItpwView) -> None:
    view.set_seat_names(["heuristic", "random", "greedy"])
    view.set_state(board())
    text = "\n".join(view.legend_texts())
    assert "heuristic (player 1) · 4 pts · 4 fields + 0 kills · 1 worker, 1 soldier · to move" in text
    assert "random (player 2) · 2 pts · 0 fields + 2 kills" in text
    assert "greedy (player 3) · 2 pts · 2 fields + 0 kills · 1 worker, 0 soldiers · out in turn 4: timeout" in text
    assert "Player 4 · 1 pt · 0 fields + 1 kill · 0 workers, 1 soldier" in text
    assert "turn 6 / 500" in text


def test_the_fixture_is_what_the_tests_assume() -> None:
    state = board()
    assert state.owner(OWNED_EMPTY) == 1 and state.unit(OWNED_EMPTY) is None
    assert state.owner(FREE) == 0 and state.unit(FREE) is None
    assert not state.active(3) and state.unit(OUT) == Unit(3, Kind.WORKER)


@pytest.mark.parametrize(("turn", "out_in", "said"), [
    (0, 1, "over after 1 turn: "),  # every bot out in the first turn: that turn counts, as the arena's "Turn 1 / 1"
    (3, 4, "over after 4 turns: "),
    (5, 2, "over after 5 turns: "),  # out long before the last full turn
])
def test_the_end_counts_the_turn_cut_short_by_the_last_disqualification(view: ItpwView, turn: int, out_in: int,
                                                                        said: str) -> None:
    out = tuple(Disqualification(out_in if p == 3 else 1, "crashed") for p in range(1, 5))
    state = State(board().units, board().territory, turn=turn, phase=Phase.OVER, to_move=None, disqualified=out)
    view.set_state(state)
    counter = view.legend_texts()[-1]
    assert counter.startswith(said), counter


def test_a_long_seat_name_is_cut_in_its_middle_and_leaves_the_points_in_the_line(view: ItpwView) -> None:
    """A bot's long file name filled its legend line: the points and the rest were cut off."""
    long = "a_really_long_bot_name_that_somebody_chose_for_their_crashing_bot_v2_final.py"
    view.set_seat_names([long, f"{long} 2"])
    view.set_state(board())
    lines = view.legend_texts()
    first = next(line for line in lines if "(player 1)" in line)
    second = next(line for line in lines if "(player 2)" in line)
    assert "a_really_lon" in first and "final.py (player 1) · 4 pts · 4 fields" in first, first
    assert "final.py 2 (player 2) · 2 pts" in second, second
