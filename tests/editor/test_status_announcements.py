"""The main window's status bar messages reach a screen reader; a menu item's status tip does not
(a reader says the item itself). Found: no message was announced — "Saved …", "Opened …", an
autosave that failed, the arena's "Over after …" were silent to a reader."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.main_window import MainWindow
from editor.widgets.parts import accessibility
from tests.editor.arena.pane_driver import full_speed, set_up, start, wait_finished


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(accessibility, "deliver", lambda _source, words: said.append(words))
    return said


def test_a_saved_file_is_announced_and_a_status_tip_is_not(qtbot: QtBot, make_window: Callable[..., MainWindow],
                                                           heard: list[str], tmp_path: Path) -> None:
    window = make_window()
    path = tmp_path / "mine.snake.json"
    window.save_as(path)
    assert window.statusBar().currentMessage() == f"Saved {path}"
    assert heard == [f"Saved {path}"]
    QCoreApplication.sendEvent(window, QStatusTipEvent("Open a program file"))  # a menu item hovered
    assert window.statusBar().currentMessage() == "Open a program file" and heard == [f"Saved {path}"]


def test_the_arenas_result_is_announced_once_through_the_status_bar(
        qtbot: QtBot, make_window: Callable[..., MainWindow], heard: list[str]) -> None:
    window = make_window()
    pane = window.arena_pane
    window.arena_action.trigger()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 10})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    qtbot.waitUntil(lambda: bool(heard), timeout=2_000)
    QApplication.processEvents()
    assert len(heard) == 1 and heard[0].startswith("Over after 10 steps")
    assert window.statusBar().currentMessage() == heard[0]
