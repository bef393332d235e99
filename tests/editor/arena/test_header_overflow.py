"""Export stays reachable when the header has no room for its button (a narrow pane with the
setup shown): the button goes under the tool bar's » button, which Qt disables for widgets, so
Ctrl+Shift+E opens the Export menu and a right click on the header offers every header button."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QWidget
from pytestqt.qtbot import QtBot

from editor.widgets.arena.arena_pane import ArenaPane
from tests.editor.arena.pane_driver import full_speed, start, wait_finished


@pytest.fixture
def narrow(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> ArenaPane:
    """A short snake battle (its board has buttons of its own) finished in a 1000x680 pane, then
    the setup shown beside the board."""
    pane = make_pane()
    pane.resize(1000, 680)
    pane.setup_panel.set_game("snake")
    pane.setup_panel.rounds_box.setValue(5)
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    if not pane.setup_scroll.isVisible():
        qtbot.keyClick(pane, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(pane.setup_scroll.isVisible, timeout=2_000)
    qtbot.waitUntil(lambda: not pane.export_button.isVisible(), timeout=2_000)  # under the »: the fault's setting
    return pane


def answer_save(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    def dialog(_parent: QWidget | None, _title: str, _start: str, _filter: str, *_rest: object) -> tuple[str, str]:
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)


def test_ctrl_shift_e_opens_the_export_menu_when_its_button_has_no_room(qtbot: QtBot, narrow: ArenaPane, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Ctrl+Shift+E" in narrow.export_button.toolTip()
    narrow.seat_log.table.setFocus()
    qtbot.keyClick(QApplication.focusWidget() or narrow, Qt.Key.Key_E,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    menu = narrow.export_menu
    qtbot.waitUntil(menu.isVisible, timeout=2_000)
    answer_save(monkeypatch, tmp_path / "log.csv")
    entry = narrow.export_log_action
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(entry).center())
    qtbot.waitUntil((tmp_path / "log.csv").exists, timeout=2_000)


def test_a_right_click_on_the_header_offers_every_header_button(qtbot: QtBot, narrow: ArenaPane) -> None:
    tools = narrow.header_tools  # where the » is: the title has no room left at all
    at = QPoint(tools.width() - 4, tools.height() // 2)
    QApplication.sendEvent(tools, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, tools.mapToGlobal(at)))
    qtbot.waitUntil(lambda: any(m.isVisible() for m in narrow.findChildren(QMenu)), timeout=2_000)
    menus = [m for m in narrow.findChildren(QMenu) if m.isVisible()]
    assert len(menus) == 1
    entries = [action.text() for action in menus[0].actions() if action.isEnabled()]
    assert entries[0] == "Setup" and "Export" in entries and "Pop out" in entries and "Save replay…" in entries
    menus[0].close()
