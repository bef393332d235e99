"""Quitting while something runs asks first, once, naming what runs (issue 16: the app quit
without a word with a match or a tournament running)."""

from __future__ import annotations
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
import pytest

import editor.widgets  # noqa: F401
from arena.match import MatchSetup, run_match
from editor.widgets.arena.match_transport import SPEEDS
from editor.main_window import MainWindow
from tests.editor.conftest import Answers

Button = QMessageBox.StandardButton
WAIT = 20_000


def quit_by_keys(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, window.quit_action.shortcut())


def start_arena_match(qtbot: QtBot, window: MainWindow) -> None:
    """A snake match in the arena at one turn a second: it runs for minutes."""
    window.show_arena()
    pane = window.arena_pane
    pane.setup_panel.set_game("snake")
    pane.setup_panel.set_seats(("hunter", "tail_biter"))
    pane.transport.speed_slider.setValue(SPEEDS.index(1))
    qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.playback.live and pane.runner.is_running(), timeout=WAIT)


def stop_arena_match(qtbot: QtBot, window: MainWindow) -> None:
    window.arena_pane.stop()
    qtbot.waitUntil(lambda: not window.arena_pane.runner.is_running(), timeout=WAIT)


def test_quitting_during_an_arena_match_asks_and_cancel_keeps_it_running(qtbot: QtBot, make_window: Callable[[], MainWindow], answers: Answers) -> None:
    window = make_window()
    start_arena_match(qtbot, window)
    answers.append(Button.Cancel)
    quit_by_keys(qtbot, window)
    assert answers.asked == ["Quitting now stops what runs:\n• A match is running in the arena\n\nQuit anyway?"]
    assert window.isVisible() and window.arena_pane.runner.is_running()
    answers.append(Button.Yes)
    quit_by_keys(qtbot, window)
    assert not window.isVisible()
    qtbot.waitUntil(lambda: not window.arena_pane.runner.is_running(), timeout=WAIT)


def test_one_question_names_the_tournament_and_the_match(qtbot: QtBot, make_window: Callable[[], MainWindow], answers: Answers, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    # The tournament tab says what it runs (a real tournament would end before the keys come).
    monkeypatch.setattr(window.tournament_tab, "busy_reason",
                        lambda: "a tournament is running: 3 of 12 games played")
    start_arena_match(qtbot, window)
    answers.append(Button.Cancel)
    quit_by_keys(qtbot, window)
    assert answers.asked == ["Quitting now stops what runs:\n• A tournament is running: 3 of 12 games played\n"
                             "• A match is running in the arena\n\nQuit anyway?"]
    assert window.isVisible()
    monkeypatch.undo()  # nothing runs when the test closes the window
    stop_arena_match(qtbot, window)


def test_nothing_running_nothing_asked(qtbot: QtBot, make_window: Callable[[], MainWindow], answers: Answers) -> None:
    window = make_window()
    quit_by_keys(qtbot, window)
    assert answers.asked == [] and not window.isVisible()


def test_opening_a_replay_from_elsewhere_during_an_arena_match_asks_first(
        qtbot: QtBot, make_window: Callable[[], MainWindow], answers: Answers, tmp_path: Path) -> None:
    replay = tmp_path / "game-0003.jsonl"
    run_match(MatchSetup("snake", ("wall_hugger", "hunter"), 3, {"steps": 4, "width": 11, "height": 11, "length": 3}),
              record=replay, host_root=tmp_path)
    window = make_window()
    start_arena_match(qtbot, window)
    window.show_tournament()  # the match is out of sight: a game of the tournament is asked for
    answers.append(Button.Cancel)
    window.tournament_tab.openReplay.emit(str(replay))
    assert answers.asked == ["A match is running in the arena. Stop it and open game-0003.jsonl?"]
    assert window.arena_pane.runner.is_running() and window.arena_pane.playback.live
    assert window.workspace.currentWidget() is window.tournament_tab
    answers.append(Button.Yes)
    assert window.open_dropped(replay)  # a replay dropped on the window asks the same
    assert len(answers.asked) == 2 and window.workspace.currentWidget() is window.arena_pane
    qtbot.waitUntil(lambda: window.arena_pane.info is not None and window.arena_pane.info.record == replay,
                    timeout=WAIT)
