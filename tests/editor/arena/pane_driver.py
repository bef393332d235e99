"""Driving the arena pane as a user does (choose a game and seats, start, wait for the end) and
the sample bot folders its tests seat, for the arena pane test modules."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.match_transport import FULL_SPEED, SPEEDS

ROOT = Path(__file__).resolve().parents[3]
WORMS, KINGDOMS = ROOT / "samples" / "worms", ROOT / "samples" / "kingdoms"
BIOBLOTS, ITPW = ROOT / "samples" / "bioblots", ROOT / "samples" / "itpw"
SEED = 7


def set_up(pane: ArenaPane, game: str, seats: tuple[str, ...], options: dict[str, object]) -> None:
    panel = pane.setup_panel
    panel.set_game(game)
    panel.set_seats(seats)
    panel.seed_box.setValue(SEED)
    panel.rounds_box.setValue(int(options["rounds"]))  # type: ignore[call-overload]
    if "time" in options:
        panel.time_box.setValue(float(options["time"]))  # type: ignore[arg-type]
    if "map" in options:
        panel.set_map(str(options["map"]))


def pick(qtbot: QtBot, box: QComboBox, text: str) -> None:
    """Choose ``text`` in ``box`` as a user does: open its list and click the item."""
    row = box.findText(text)
    assert row >= 0, f"{text!r} is not offered"
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    view = box.view()
    qtbot.waitUntil(view.isVisible, timeout=2_000)
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # the list ignores a release right after it opened
    index = view.model().index(row, 0)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=2_000)


def show_tab(qtbot: QtBot, pane: ArenaPane, page: QWidget) -> None:
    """Click the side panel's tab of ``page`` (a plot, the log)."""
    bar = pane.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(pane.tabs.indexOf(page)).center())
    assert pane.tabs.currentWidget() is page


def full_speed(qtbot: QtBot, pane: ArenaPane) -> None:
    qtbot.keyClick(pane.transport.speed_slider, Qt.Key.Key_End)
    assert SPEEDS[pane.transport.speed_slider.value()] == FULL_SPEED == pane.playback.speed()


def start(qtbot: QtBot, pane: ArenaPane) -> None:
    with qtbot.waitSignal(pane.runner.started, timeout=10_000):
        qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)


def wait_finished(qtbot: QtBot, pane: ArenaPane, timeout: int = 20_000) -> None:
    qtbot.waitUntil(lambda: not pane.runner.is_running() and not pane.playback.live, timeout=timeout)
