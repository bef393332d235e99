"""The editor at 1024 x 700: the window can be made that small, and every editor pane fits and
stays usable (nothing under another pane's edge, nothing squeezed under its minimum).

Issue 16: the editor's minimum was 1272 x 669, so on a 1024- or 1280-wide screen the window ran
off the edge."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyleOptionComboBox, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from arena.samples import resolve_program
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.seats import builtin_program
from editor.widgets.parts.eliding_combo import ElidingComboBox
from engines.snake import Element
from matcher import dumps_program, load_program

SMALL = (1024, 700)


def inside(widget: QWidget, window: QWidget) -> bool:
    """``widget`` shows whole within the window (its rectangle, mapped to the window's)."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    return window.rect().contains(QRect(top_left, widget.size()))


def whole_in(widget: QWidget, parent: QWidget) -> bool:
    top_left = widget.mapTo(parent, QPoint(0, 0))
    return parent.rect().contains(QRect(top_left, widget.size()))


def across(widget: QWidget, parent: QWidget) -> bool:
    """``widget`` shows from its left edge to its right within ``parent``."""
    left = widget.mapTo(parent, QPoint(0, 0)).x()
    return 0 <= left and left + widget.width() <= parent.width()


def small_window(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    window = make_window()
    qtbot.wait(20)  # the first start's sizing, which happens once the window shows
    path = resolve_program("hunter")  # the sample with a user set and long card descriptions
    window.document.replace_all(load_program(path), path)
    window.resize(*SMALL)
    window.reset_layout()
    qtbot.wait(20)
    QApplication.processEvents()
    return window


def after_a_battle(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    """The window at 1024 x 700 with the Battle tab clicked and a 30-step battle played in it."""
    window = small_window(make_window, qtbot)
    qtbot.mouseClick(window.bench_tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.bench_tabs.tabBar().tabRect(1).center())
    tab = window.battle_tab
    tab.setup.steps_box.setValue(30)
    qtbot.mouseClick(tab.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.outcome is not None, timeout=20_000)
    return window


def test_the_editor_fits_a_1024_by_700_window(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = small_window(make_window, qtbot)
    hint = window.minimumSizeHint()
    assert hint.width() <= SMALL[0] and hint.height() <= SMALL[1], hint
    assert (window.width(), window.height()) == SMALL
    editor, cards, bench = window.card_editor, window.program_panel.cards, window.test_bench
    panes = {
        "map": editor.canvas, "palette": editor.palette_scroll, "inspector": editor.inspector,
        "variants": editor.variants, "card list": cards.view, "add card": cards.add_button,
        "delete card": cards.delete_button, "move up": cards.move_up_button, "sets": window.program_panel.sets,
        "bench field": bench.position_editor.view, "expect left": bench.expect_boxes[next(reversed(bench.expect_boxes))],
        "test name": bench.test_name_edit, "problems": window.problems_view, "history": window.history_view,
    }
    for name, widget in panes.items():
        assert widget.isVisible(), name
        assert inside(widget, window), f"{name} runs off the window"
        hint = widget.minimumSizeHint()
        assert widget.width() >= min(hint.width(), widget.minimumWidth() or hint.width()), f"{name} is squeezed"
    # A set's element boxes stay inside its row (one column when the pane is narrow).
    row = window.program_panel.sets.row(0)
    assert all(whole_in(box, row) for box in row.boxes.values())
    # History is not a sliver beside an empty problems list.
    assert window.history_view.width() >= 0.6 * window.problems_view.width()


def test_the_editor_at_1024_by_700_is_usable_with_the_mouse(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = small_window(make_window, qtbot)
    canvas = window.card_editor.canvas
    assert canvas.cell_size() >= 20
    card = window.document.card
    blank = next((r, c) for r in range(7) for c in range(7) if (r, c) not in card.cells and (r, c) != card.head.cell)
    qtbot.keyClick(canvas, Qt.Key.Key_5)  # the palette's key for "enemy head"
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center(blank))
    assert window.document.card.cells[blank].match == Element.ENEMY_HEAD
    qtbot.mouseClick(window.bench_tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.bench_tabs.tabBar().tabRect(1).center())
    QApplication.processEvents()
    assert window.bench_page() is window.battle_tab
    assert (window.width(), window.height()) == SMALL, "the battle tab widened the window"


def test_a_program_opened_at_1024_wide_keeps_the_window_that_wide(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path) -> None:
    window = small_window(make_window, qtbot)
    nine = resolve_program("nine_cards")
    window.document.replace_all(load_program(nine), nine)
    qtbot.wait(20)
    assert window.width() == SMALL[0]
    assert isinstance(window.document, ProgramDocument)


def test_the_battle_tab_fits_the_bench_dock_at_1024_by_700_with_its_setup_shown_or_hidden(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """The battle tab was 60 px wider than the bench dock of a 1024-wide window: its transport, its
    opponents beside their title and the board beside the seats made the dock scroll sideways, with
    Start battle, the seat names and the log's columns cut at its edge."""
    window = after_a_battle(make_window, qtbot)
    tab, scroll = window.battle_tab, window.battle_scroll
    for shown in (True, False):
        if tab.setup.isVisible() != shown:
            qtbot.mouseClick(tab.setup_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        assert tab.setup.isVisible() == shown
        assert (window.width(), window.height()) == SMALL
        assert tab.width() <= scroll.viewport().width(), f"the tab scrolls sideways (setup shown: {shown})"
        for part in (tab.start_button, tab.transport.play_button, tab.transport.turn_box, tab.split):
            if part.isVisible():
                assert whole_in(part, scroll.viewport()), f"{type(part).__name__} is cut (setup shown: {shown})"
        for seat in tab.scoreboard.rows:  # under the board they scroll up and down in their tab (the next test)
            fits = whole_in(seat, scroll.viewport()) if tab.split.side_beside() else across(seat, scroll.viewport())
            assert fits, f"a seat's row is cut (setup shown: {shown})"


def test_the_battle_s_seat_rows_are_never_squeezed_at_1024_by_700_they_scroll_in_their_tab(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """The setup shown beside a finished battle leaves the seats' tab lower than its rows: they
    were squeezed from 40 to 29 px, their names and timings cut in half. Now they keep their
    height and scroll in their tab, and the transport stays in sight."""
    window = after_a_battle(make_window, qtbot)
    tab, scroll = window.battle_tab, window.battle_scroll
    if not tab.setup.isVisible():
        qtbot.mouseClick(tab.setup_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert tab.setup.isVisible() and (window.width(), window.height()) == SMALL
    assert not tab.split.side_beside()  # the seats are a tab under the board
    for seat in tab.scoreboard.rows:
        assert seat.height() >= seat.minimumSizeHint().height(), "a seat's row is squeezed"
    seats = tab.split.seats_area
    for seat in tab.scoreboard.rows:
        seats.ensureWidgetVisible(seat)
        QApplication.processEvents()
        assert whole_in(seat, seats.viewport()), "a seat's row cannot be scrolled into view"
    assert whole_in(tab.transport.play_button, scroll.viewport())


def shows_whole(combo: QComboBox) -> bool:
    """The combo's chosen entry fits its text field (Qt draws it 1 px in from either side and
    clips the rest: "Head avoide")."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    return combo.fontMetrics().horizontalAdvance(combo.currentText()) <= field.width() - 2


def test_the_battle_s_opponents_show_their_whole_names_at_1024_by_700(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """QA: three opponents' boxes in one row of the bench dock cut "Head avoider" to "Head avoide".
    Where all three do not fit at their longest entry's width they wrap to rows of two."""
    window = small_window(make_window, qtbot)
    qtbot.mouseClick(window.bench_tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.bench_tabs.tabBar().tabRect(1).center())
    setup, scroll = window.battle_tab.setup, window.battle_scroll
    last = setup.opponent_boxes[-1]

    def fits(box: QComboBox) -> bool:
        return shows_whole(box) and box.height() >= box.minimumSizeHint().height() and whole_in(box, scroll.viewport())

    for name in ("Head avoider", "Dead-end dodger"):  # the default, and the longest sample's name
        last.setCurrentIndex(last.findText(name))
        # the grid rewraps in more than one layout pass: wait for where it settles, not its first step
        qtbot.waitUntil(lambda: all(fits(box) for box in setup.opponent_boxes))
        assert last.currentText() == name and (window.width(), window.height()) == SMALL
    assert setup.opponent_columns() < len(setup.opponent_boxes)  # no room for three in a row here


@pytest.mark.parametrize("size", [SMALL, (1440, 900)])
def test_a_long_opponent_name_ends_in_an_ellipsis_and_shows_whole_in_its_tooltip(
        qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path, size: tuple[int, int]) -> None:
    """QA: a user's program with a long name was cut mid-letter in the battle's opponent box
    ("Aggressive corner hunter, second v"), with no way to read the rest."""
    window = small_window(make_window, qtbot)
    window.resize(*size)
    qtbot.mouseClick(window.bench_tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.bench_tabs.tabBar().tabRect(1).center())
    path = tmp_path / "my_aggressive_corner_hunter_v2.snake.json"
    name = "Aggressive corner hunter, second version"
    path.write_text(dumps_program(dataclasses.replace(builtin_program(), name=name)), encoding="utf-8")
    setup = window.battle_tab.setup
    assert setup.add_opponent_file(path, 2)
    box = setup.opponent_boxes[2]
    assert isinstance(box, ElidingComboBox)
    QApplication.processEvents()
    shown = box.shown_text()
    assert not shows_whole(box) and shown.endswith("…") and shown[:-1] in box.currentText()
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    field = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                       QStyle.SubControl.SC_ComboBoxEditField, box)
    assert box.fontMetrics().horizontalAdvance(shown) <= field.width() - 2  # drawn whole, "…" included
    assert name in box.toolTip() and str(path) in box.toolTip()
    short = setup.opponent_boxes[0]
    assert isinstance(short, ElidingComboBox) and short.shown_text() == short.currentText() == "Hunter"
