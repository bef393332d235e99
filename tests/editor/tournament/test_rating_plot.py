"""Issue 16: "plot legends cover lines (the tournament rating plot…)". The legend now has its
own column beside the plot, and entrants whose ratings coincide are drawn so that each shows:
its own dash, marker and width, the narrower on top."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from arena.tournament import GameRecord, compute_standings
from editor.widgets.tournament.rating_plot import LEGEND_NAME, RatingPlot
from tests.editor.fixture_types import Shown
from tests.editor.tournament.conftest import MakeTab, play


def test_after_a_tournament_the_legend_lies_beside_the_curves_not_on_them(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", "Head avoider", seats=2)
    play(qtbot, tab)
    plot = tab.rating_plot
    qtbot.waitUntil(lambda: not plot.legend_rect().isEmpty(), timeout=2_000)
    legend, data = plot.legend_rect(), plot.data_rect()
    assert legend.width() > 40 and legend.height() > 4 * 10 and data.width() > 100
    assert not legend.intersects(data), (legend, data)
    assert legend.left() >= data.right()
    scene = plot.plot_widget.getPlotItem().sceneBoundingRect()
    assert scene.contains(legend)  # shown whole, inside the plot's own area
    assert plot.legend_names() == ["Tail biter", "Hunter", "Wall hugger", "Head avoider"]


def test_entrants_whose_ratings_coincide_stay_distinguishable(qtbot: QtBot, shown: Shown) -> None:
    names = ["Copy A", "Copy B", "Copy C"]
    draws = [GameRecord(i, i, tuple(names), (5.0,) * 3, (1, 1, 1), ("ok",) * 3, 10) for i in range(6)]
    standings = compute_standings(names, draws)
    history = [[point[name] for name in names] for point in standings.history]
    assert all(row[0] == row[1] == row[2] for row in history)  # three lines on one
    plot = shown(RatingPlot(), (700, 400))
    plot.show_standings(names, standings)
    pens = [plot.curve_pen(i) for i in range(3)]
    assert len({pen.style() for pen in pens}) == 3  # solid, dashed, dotted
    widths = [pen.widthF() for pen in pens]
    assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1]
    assert [plot.curve_z(i) for i in range(3)] == sorted(plot.curve_z(i) for i in range(3))  # narrower on top
    assert len({plot.curve_symbol(i) for i in range(3)}) == 3


def test_a_long_name_is_cut_in_the_legend_only(qtbot: QtBot, shown: Shown) -> None:
    long = "A program with a very long name indeed"
    plot = shown(RatingPlot(), (700, 400))
    standings = compute_standings([long, "B"], [GameRecord(0, 0, (long, "B"), (1.0, 0.0), (1, 2), ("ok", "ok"), 3)])
    plot.show_standings([long, "B"], standings)
    shown_name = plot.legend_names()[0]
    assert len(shown_name) == LEGEND_NAME and shown_name.endswith("…") and long.startswith(shown_name[:-1])


def test_a_plot_narrowed_to_its_minimum_still_shows_every_name_whole(qtbot: QtBot, shown: Shown) -> None:
    names = ["Tail biter", "Hunter", "Wall hugger", "Head avoider", "A program named at length"]
    records = [GameRecord(i, i, (names[i % 5], names[(i + 1) % 5]), (1.0, 0.0), (1, 2), ("ok", "ok"), 3) for i in range(10)]
    plot = shown(RatingPlot(), (700, 400))
    plot.show_standings(names, compute_standings(names, records))
    plot.resize(1, 400)  # as narrow as a splitter lets it be
    qtbot.waitUntil(lambda: plot.width() == plot.minimumWidth(), timeout=2_000)
    qtbot.waitUntil(lambda: plot.legend_rect().right() <= plot.width(), timeout=2_000)
    legend, data = plot.legend_rect(), plot.data_rect()
    assert plot.width() < 700 and data.width() > 100 and legend.left() >= data.right()
    assert plot.plot_widget.getPlotItem().sceneBoundingRect().contains(legend)
