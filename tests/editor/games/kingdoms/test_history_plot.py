from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from editor.screenshots import dark_palette
from editor.widgets.games.kingdoms.history_plot import KingdomsHistoryPlot
from editor.widgets.parts.seat_colors import seat_color
from editor.widgets.parts.seat_plots import PlotError, SeriesPlot
from engines.kingdoms import KINGDOM_FIELDS, Action, ActionCode, State, history_from_text, play_round, start_state
from tests.editor.fixture_types import Shown
from pytestqt.qtbot import QtBot
from pathlib import Path

ROUNDS = 9
# Kingdom 0 recruits and attacks kingdom 1 with everything every third round, 1 trains, 2 improves
# arms, 3 harvests: the seven numbers all move, differently per kingdom.
CODES = (ActionCode.RECRUIT, ActionCode.TRAIN, ActionCode.IMPROVE_ARMS, ActionCode.HARVEST)


def played(rounds: int = ROUNDS) -> list[State]:
    states = [start_state(100)]
    for r in range(rounds):
        state = states[-1]
        actions = [Action(code) for code in CODES]
        if r % 3 == 2 and state.kingdoms[0].soldiers:
            actions[0] = Action(ActionCode.ATTACK, 1, state.kingdoms[0].soldiers)
        states.append(play_round(state, actions).state)
    return states


@pytest.fixture
def history(shown: Shown) -> KingdomsHistoryPlot:
    return shown(KingdomsHistoryPlot(), (640, 400))


def test_one_curve_per_kingdom_with_one_point_per_round_live(history: KingdomsHistoryPlot) -> None:
    states = played()
    for state in states:
        history.append_state(state)
    assert history.curve_count() == 4
    for k in range(4):
        x, y = history.curve_data(k)
        assert list(x) == list(range(ROUNDS + 1))
        assert list(y) == [s.kingdoms[k].territory for s in states]


@pytest.mark.parametrize("quantity", [name for name in KINGDOM_FIELDS if name != "territory"])
def test_choosing_another_number_in_the_selector_plots_it(qtbot: QtBot, history: KingdomsHistoryPlot, quantity: str) -> None:
    states = played()
    history.set_history(states)
    territory = [history.curve_data(k)[1].copy() for k in range(4)]
    history.quantity_box.setCurrentIndex(history.quantity_box.findData(quantity))  # what a pick in the list does
    assert history.quantity() == quantity
    shown = [history.curve_data(k)[1] for k in range(4)]
    for k in range(4):
        assert list(shown[k]) == [getattr(s.kingdoms[k], quantity) for s in states]
    assert any(not np.array_equal(a, b) for a, b in zip(shown, territory))
    assert quantity in history.plot_widget.getPlotItem().titleLabel.text.lower()


def test_an_unknown_number_is_refused_by_name(history: KingdomsHistoryPlot) -> None:
    with pytest.raises(PlotError, match="'gold'"):
        history.set_quantity("gold")


def test_a_state_from_an_earlier_round_replaces_the_rest_of_the_history(history: KingdomsHistoryPlot) -> None:
    states = played()
    history.set_history(states)
    history.append_state(states[4])
    x, _ = history.curve_data(0)
    assert list(x) == [0, 1, 2, 3, 4]
    assert history.states() == states[:5]


def test_the_history_file_is_the_original_format_and_reads_back(history: KingdomsHistoryPlot, tmp_path: Path) -> None:
    states = played()
    history.set_history(states)
    path = history.export_history(tmp_path / "default_playfield.txt.lastplay")
    assert history_from_text(path.read_text()) == [State(s.round, s.total_rounds, s.kingdoms) for s in states]


def test_an_empty_history_is_not_written(history: KingdomsHistoryPlot, tmp_path: Path) -> None:
    with pytest.raises(PlotError, match="no rounds"):
        history.export_history(tmp_path / "h.lastplay")


@pytest.mark.parametrize("shown", [True, False], ids=["shown", "never-shown"])
@pytest.mark.parametrize("kind", ["history", "series"])
def test_png_export_writes_an_image_of_the_plot(qtbot: QtBot, tmp_path: Path, kind: str, shown: Shown) -> None:
    plot: KingdomsHistoryPlot | SeriesPlot
    if kind == "history":
        plot = KingdomsHistoryPlot()
        plot.set_history(played())
    else:
        plot = SeriesPlot("Score per turn", "points")
        for turn in range(1, 6):
            plot.append(turn, [turn, 2 * turn, None, 1])
    qtbot.addWidget(plot)
    if shown:
        plot.resize(500, 320)
        plot.show()
        qtbot.waitExposed(plot)
    path = plot.export_png(tmp_path / "plot.png")
    image = QImage(str(path))
    assert path.stat().st_size > 1000 and not image.isNull()
    assert image.width() >= 300 and image.height() >= 150
    colors = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colors) > 5  # curves, axes and text, not a blank rectangle


def test_png_export_at_a_chosen_width(history: KingdomsHistoryPlot, tmp_path: Path) -> None:
    history.set_history(played())
    image = QImage(str(history.export_png(tmp_path / "wide.png", width=1000)))
    assert image.width() == 1000


def test_series_plot_has_a_curve_per_seat_with_gaps_where_a_seat_had_no_value(qtbot: QtBot) -> None:
    plot = SeriesPlot("Think time per turn", "think time", "s", noun="Worm")
    qtbot.addWidget(plot)
    rows: list[list[float | None]] = [[0.1, 0.2, None], [0.3, None, 0.05], [0.2, 0.4, 0.06]]
    for turn, row in enumerate(rows, 1):
        plot.append(turn, row)
    assert plot.curve_count() == 3
    x, y = plot.curve_data(1)
    assert list(x) == [1, 2, 3]
    assert y[0] == 0.2 and math.isnan(y[1]) and y[2] == 0.4


def test_series_plot_set_series_replaces_everything_and_checks_lengths(qtbot: QtBot) -> None:
    plot = SeriesPlot("Score per turn", "points")
    qtbot.addWidget(plot)
    plot.append(1, [5, 5])
    plot.set_series([10, 20], [[1, 2, 3, 4], [2, 3, 4, 5]])
    assert plot.curve_count() == 4
    assert list(plot.curve_data(3)[0]) == [10, 20] and list(plot.curve_data(3)[1]) == [4, 5]
    with pytest.raises(PlotError, match="2 turns but 1 rows"):
        plot.set_series([1, 2], [[1]])


def test_seat_names_label_the_legend_and_default_to_the_game_ids(history: KingdomsHistoryPlot) -> None:
    history.set_history(played())
    history.set_seat_names(["farmer.sh", "", "random"])
    assert history.legend_names() == ["farmer.sh", "Kingdom 1", "random", "Kingdom 3"]


def test_the_curves_take_the_seat_colours_and_the_background_follows_the_palette(history: KingdomsHistoryPlot) -> None:
    from editor.widgets.parts.seat_colors import seat_color

    history.set_history(played())
    assert [history.curve_pen(k).color().name() for k in range(4)] == [seat_color(k).name() for k in range(4)]
    light = history.plot_widget.backgroundBrush().color()
    history.setPalette(dark_palette())
    dark = history.plot_widget.backgroundBrush().color()
    assert dark.lightness() < 80 < light.lightness()
    assert dark == QColor(dark_palette().color(dark_palette().ColorRole.Base))


@pytest.mark.parametrize("size", [(260, 180), (1400, 900)])
def test_plots_resize_without_errors(history: KingdomsHistoryPlot, size: tuple[int, int]) -> None:
    history.set_history(played())
    history.resize(*size)
    assert not history.grab().toImage().isNull()


@pytest.mark.parametrize("rounds", [1, 3, 6])
def test_a_short_history_ticks_whole_rounds_only(qtbot: QtBot, history: KingdomsHistoryPlot, rounds: int) -> None:
    """The x axis read 0.5, 1.5, … on short matches: rounds are whole (and so are the numbers)."""
    history.set_history(played(rounds))
    qtbot.wait(50)
    item = history.plot_widget.getPlotItem()
    axis = item.getAxis("bottom")
    low, high = item.getViewBox().viewRange()[0]
    ticks = [value for _spacing, values in axis.tickValues(low, high, axis.geometry().width()) for value in values]
    assert ticks and all(float(value).is_integer() for value in ticks)
    assert {0, rounds} <= set(ticks) or rounds == 6
    left = item.getAxis("left")  # the seven numbers are counts: whole on the y axis too
    low, high = item.getViewBox().viewRange()[1]
    assert all(float(v).is_integer() for _s, values in left.tickValues(low, high, left.geometry().height()) for v in values)
    series = SeriesPlot("Score per turn", "score")
    qtbot.addWidget(series)
    series.set_series([1, 2], [[1, 2], [3, 4]])
    series.resize(640, 400)
    series.show()
    qtbot.waitExposed(series)
    item = series.plot_widget.getPlotItem()
    low, high = item.getViewBox().viewRange()[0]
    axis = item.getAxis("bottom")
    assert all(float(v).is_integer() for _s, values in axis.tickValues(low, high, axis.geometry().width()) for v in values)


def equal_kingdoms(rounds: int = 6) -> list[State]:
    """Four kingdoms that do the same every round: their lines are the same line."""
    states = [start_state(100)]
    for _ in range(rounds):
        states.append(play_round(states[-1], [Action(ActionCode.HARVEST)] * 4).state)
    return states


def test_equal_lines_stay_apart_and_the_legend_covers_none(qtbot: QtBot, history: KingdomsHistoryPlot) -> None:
    """Issue 16: the legend sat over the curves, and equal territories drew one line over the
    other (only the last kingdom's showed)."""
    states = equal_kingdoms()
    history.set_history(states)
    qtbot.wait(50)  # the plot lays itself out
    ys = [tuple(history.curve_data(k)[1]) for k in range(4)]
    assert len(set(ys)) == 1  # the same values: the case that hid lines
    pens = [history.curve_pen(k) for k in range(4)]
    assert len({(pen.style(), pen.widthF()) for pen in pens}) == 4  # each line its own dash and width
    assert [pen.widthF() for pen in pens] == sorted((pen.widthF() for pen in pens), reverse=True)  # later on top, narrower
    assert not history.legend_covers_curves()
    image = history.plot_widget.grab().toImage()
    view = history.plot_widget.getPlotItem().getViewBox()
    rect = history.plot_widget.mapFromScene(view.sceneBoundingRect()).boundingRect()
    seen = {image.pixelColor(x, y).getRgb()[:3] for x in range(rect.left(), rect.right())
            for y in range(rect.top(), rect.bottom())}

    def shows(color: QColor) -> bool:  # a pixel of (about) the colour: lines are antialiased
        want = (color.red(), color.green(), color.blue())
        return any(max(abs(a - b) for a, b in zip(pixel, want)) <= 24 for pixel in seen)

    missing = [k for k in range(4) if not shows(seat_color(k))]
    assert not missing, f"kingdoms {missing} cannot be seen under the others"
