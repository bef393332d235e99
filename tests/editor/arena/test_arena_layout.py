"""The arena at small sizes: at 1024 × 700 every part of the pane is on screen and usable (the
setup, the board, the scoreboard, the log and plots, the transport), and moving between the
window's workspaces does not grow the window (the arena's least width was 1054 px)."""

from __future__ import annotations
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from arena.match import MatchSetup, run_match
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.games.kingdoms.kingdoms_game import KingdomsBoard
from tests.editor.arena.pane_driver import KINGDOMS, WORMS, full_speed, set_up, start, wait_finished
from editor.main_window import MainWindow

SMALL = (1024, 700)


def on_screen(widget: QWidget, window: QWidget) -> QRect:
    """``widget``'s rectangle in ``window``'s coordinates."""
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def assert_usable(pane: ArenaPane, window: QWidget) -> None:
    inside = window.rect()
    parts = [pane.stack, pane.scoreboard, pane.tabs, pane.transport, *pane.scoreboard.rows,
             pane.transport.play_button, pane.transport.step_button, pane.transport.turn_box,
             pane.transport.last_button, pane.transport.speed_slider, pane.transport.seek_bar]
    for part in parts:
        assert part.isVisible(), part
        assert inside.contains(on_screen(part, window)), f"{type(part).__name__} is cut off: {on_screen(part, window)}"
    assert pane.stack.width() >= 300 and pane.stack.height() >= 300  # a board worth looking at
    assert pane.tabs.width() >= 280 and pane.tabs.height() >= 200
    assert pane.transport.seek_bar.width() >= 100


def small_worms_match(qtbot: QtBot, make_pane: Callable[..., ArenaPane], rounds: int) -> ArenaPane:
    """A pane at 1024 x 700 that has played a worms match of greedy bots to its end."""
    pane = make_pane()
    pane.resize(*SMALL)
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": rounds, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    QApplication.processEvents()
    return pane


def test_a_finished_match_is_usable_at_1024_by_700(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = small_worms_match(qtbot, make_pane, 10)
    assert pane.size().width() == SMALL[0] and pane.minimumSizeHint().width() <= SMALL[0]
    assert_usable(pane, pane)
    qtbot.mouseClick(pane.setup_button, Qt.MouseButton.LeftButton)  # the setup shown again beside it all
    QApplication.processEvents()
    assert pane.setup_scroll.isVisible() and pane.setup_scroll.width() >= 200
    assert pane.width() == SMALL[0]
    assert_usable(pane, pane)


def test_the_arena_fits_a_1024_by_700_window_and_switching_does_not_grow_it(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    QApplication.processEvents()  # the window's own first sizing is over
    window.show_arena()
    window.resize(*SMALL)
    qtbot.waitUntil(lambda: window.width() == SMALL[0])
    pane = window.arena_pane
    assert pane.minimumSizeHint().width() <= SMALL[0]
    assert window.size().toTuple() == SMALL
    window.show_tournament()
    QApplication.processEvents()
    window.show_arena()
    QApplication.processEvents()
    assert window.size().toTuple() == SMALL


@pytest.mark.parametrize("size", [(1440, 900)])
def test_back_from_the_arena_the_window_keeps_its_size(qtbot: QtBot, make_window: Callable[[], MainWindow], size: tuple[int, int]) -> None:
    window = make_window()
    QApplication.processEvents()
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    for _ in range(2):
        window.show_arena()
        QApplication.processEvents()
        assert window.size().toTuple() == size
        window.show_editor()
        QApplication.processEvents()
        assert window.size().toTuple() == size


def test_the_board_pops_out_into_a_window_of_its_own_and_comes_back(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": 8, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    board = pane.board
    assert board is not None and board.window() is pane.window()
    button = next(b for b in pane.findChildren(QToolButton) if b.defaultAction() is pane.popout_action)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    window = board.window()
    assert window is not pane.window() and window.isVisible() and "seed" in window.windowTitle()
    assert pane.popout.note.isVisible()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    last = pane.playback.index
    def focus_in_window() -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and (focus is window or window.isAncestorOf(focus))

    qtbot.waitUntil(focus_in_window)
    focused = QApplication.focusWidget()
    qtbot.keyClick(focused, Qt.Key.Key_Home)  # the transport's keys work in the window
    assert pane.playback.index == 0
    qtbot.keyClick(focused, Qt.Key.Key_Right)
    assert pane.playback.index == 1 and last > 1
    window.close()  # closing it puts the board back
    qtbot.waitUntil(lambda: board.window() is pane.window())
    assert board.isVisible() and not pane.popout.note.isVisible() and not pane.popout_action.isChecked()


def test_a_kingdoms_match_at_1024_by_700_keeps_the_window_and_its_cards_scroll(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Two rows of kingdom cards (the flow at this width) need more height than the window has:
    they grew the window to 760 px, past a 700-px screen; now the dashboard scrolls, every card
    keeps its height and can be scrolled to, and the plot keeps its room."""
    window = make_window()
    QApplication.processEvents()
    window.show_arena()
    window.resize(*SMALL)
    qtbot.waitUntil(lambda: window.size().toTuple() == SMALL)
    pane = window.arena_pane
    set_up(pane, "kingdoms", (str(KINGDOMS / "farmer.sh"),) * 4, {"rounds": 3, "time": 2.0})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    qtbot.waitUntil(lambda: board.view.columns() == 2 and board.dashboard.verticalScrollBar().maximum() > 0)
    QApplication.processEvents()
    assert window.size().toTuple() == SMALL
    assert_usable(pane, window)
    assert board.history.plot_widget.height() >= 140
    for card in board.view.cards:
        assert card.height() >= card.minimumSizeHint().height()  # not squeezed
        board.dashboard.ensureWidgetVisible(card, 0, 0)
        QApplication.processEvents()
        shown = board.dashboard.viewport().rect()
        assert shown.contains(QRect(card.mapTo(board.dashboard.viewport(), card.rect().topLeft()), card.size()))


def test_a_long_match_title_is_cut_with_an_ellipsis_and_whole_in_its_tooltip(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    replay = tmp_path / "a-tournament-game-0007.jsonl"
    run_match(MatchSetup("snake", ("tail_biter", "hunter", "wall_hugger", "head_avoider"), 77,
                         {"steps": 5, "width": 21, "height": 21}), record=replay, host_root=tmp_path)
    whole = "Snake · replay a-tournament-game-0007.jsonl · seed 77 · 21 × 21"
    pane = make_pane()  # 1366 px wide: the title fits
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    title = pane.title_label
    assert title.plain_text() == whole
    path = f"Replay file: {replay}"  # which file, said whether the title is cut or not
    qtbot.waitUntil(lambda: title.toolTip() == path)  # (once laid out beside the shown board's buttons)
    assert QTextDocumentFragment.fromHtml(title.text()).toPlainText() == whole
    pane.resize(*SMALL)  # five header buttons beside it: a cut title says so and keeps the rest at hand
    qtbot.waitUntil(lambda: title.toolTip() == f"{whole}\n{path}")
    shown = QTextDocumentFragment.fromHtml(title.text()).toPlainText()
    assert shown.endswith("…") and whole.startswith(shown[:-1]) and shown.startswith("Snake · replay")
    assert title.fontMetrics().horizontalAdvance(shown) <= title.contentsRect().width()
    qtbot.mouseClick(pane.setup_button, Qt.MouseButton.LeftButton)  # the setup beside it: the pane keeps its width
    QApplication.processEvents()
    assert pane.setup_scroll.isVisible() and pane.minimumSizeHint().width() <= SMALL[0] == pane.width()


def test_the_title_keeps_the_game_s_name_whole_beside_the_setup_at_1024_px(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    pane.resize(*SMALL)  # idle: the setup column, the title and the header's buttons share the width
    title = pane.title_label
    bold = QFont(title.font())
    bold.setBold(True)
    qtbot.waitUntil(lambda: pane.width() == SMALL[0])
    QApplication.processEvents()
    assert pane.setup_scroll.isVisible() and title.plain_text() == "Arena"
    assert title.contentsRect().width() >= QFontMetrics(bold).horizontalAdvance("Arena")


@pytest.mark.parametrize("game", ["snake", "worms", "bioblots"])
def test_the_setup_shown_beside_a_snake_board_at_1024_px_is_whole(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, game: str) -> None:
    """QA: beside a snake board at 1024 px, Setup gave the setup column 240 px for a 282-px form
    (its right edge cut). The column was held at a fixed 240 px, which a splitter takes at its
    word (it does not see through a scroll area), and the snake board's header buttons held its
    own column at 451 px: now the column is as wide as its form, and header buttons that do not
    fit go under the header's » button."""
    replay = tmp_path / "battle.jsonl"
    run_match(MatchSetup("snake", ("tail_biter", "hunter", "wall_hugger", "head_avoider"), 77,
                         {"steps": 5, "width": 21, "height": 21}), record=replay, host_root=tmp_path)
    pane = make_pane()
    pane.setup_panel.set_game(game)  # the form of the last match set up: worms' is 282 px, bio-blots' wider
    pane.resize(*SMALL)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    qtbot.waitUntil(lambda: pane.width() == SMALL[0] and not pane.setup_scroll.isVisible())
    qtbot.mouseClick(pane.setup_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    form, scroll = pane.setup_panel, pane.setup_scroll
    assert scroll.isVisible() and pane.width() == SMALL[0] and pane.minimumSizeHint().width() <= SMALL[0]
    assert form.width() >= form.minimumSizeHint().width(), "the setup form is cut at its right edge"
    assert scroll.viewport().width() >= form.minimumSizeHint().width()
    for part in (form.start_button, form.seed_box):
        assert scroll.viewport().rect().contains(QRect(part.mapTo(scroll.viewport(), part.rect().topLeft()), part.size()))
    assert_usable(pane, pane)
    assert pane.stack.width() >= 360  # the board keeps its room: the scoreboard's column gave way first


def test_the_side_column_gets_back_the_room_the_setup_took_when_a_match_is_run_again(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """At 1024 px, Setup takes its room from the board's column and then the side column's (down
    to its least width); Start hid the setup but left the side column at that least width, so
    every match run again had a seat log whose "Reason · stderr" column read "n · s"."""
    pane = small_worms_match(qtbot, make_pane, 3)
    first = pane.tabs.width()
    for _ in range(2):
        qtbot.mouseClick(pane.setup_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        assert pane.setup_scroll.isVisible()
        start(qtbot, pane)
        wait_finished(qtbot, pane)
        QApplication.processEvents()
        assert not pane.setup_scroll.isVisible()
        assert pane.tabs.width() == first and pane.width() == SMALL[0]


def test_kingdom_cards_keep_their_height_when_the_pane_narrows_on_a_replay(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    """At 1440 px the four cards stand in one row; narrowed to 1024 px they flow into two rows,
    and the dashboard fitted them with the grid's height for one row (its cached least size, read
    before the reflow's new one): each card was squeezed to about half its height."""
    replay = tmp_path / "kingdoms.jsonl"
    run_match(MatchSetup("kingdoms", (str(KINGDOMS / "farmer.sh"),) * 4, 5, {"rounds": 3}), record=replay,
              host_root=tmp_path)
    pane = make_pane()
    pane.resize(1440, 900)
    pane.runner.gate.set_open(True)
    with qtbot.waitSignal(pane.runner.finished, timeout=20_000):
        pane.open_replay(replay)
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    qtbot.waitUntil(lambda: board.view.columns() == 4)
    pane.resize(*SMALL)
    qtbot.waitUntil(lambda: board.view.columns() == 2)
    for _ in range(5):
        QApplication.processEvents()
    for card in board.view.cards:
        assert card.height() >= card.minimumSizeHint().height()  # not squeezed
