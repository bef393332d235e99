"""Every key of the main window does one thing: no two shortcuts that can be live at the same time
share a key, the platform's standard keys are used where it has them, and the tool bar's Undo and
Redo buttons keep their size.

Issue 16: Ctrl+Q did nothing on Linux (Quit had ``StandardKey.Quit`` and ``"Ctrl+Q"``, the same
key there, so Qt called it ambiguous and ignored it); the Undo button grew with the command's
text and re-flowed the tool bar."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QMenu, QToolBar, QToolButton, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow
from editor.keys import standard_keys
from tests.conftest import ROOT, skip_without

Context = Qt.ShortcutContext
X11_QUIT = [QKeySequence("Ctrl+Q"), QKeySequence(Qt.Key.Key_Exit)]


@dataclass(frozen=True)
class Binding:
    """One key of one shortcut, where it is live: ``widget`` (and its children, unless the
    context is a widget's own) of workspace ``space`` ("window": wherever the window is)."""

    key: str
    owner: int
    """The shortcut's identity: an action bound to several widgets is still one shortcut."""
    name: str
    context: Context
    widget: QWidget
    space: str


def workspace(window: MainWindow, widget: QWidget) -> str:
    """Which page of the window ``widget`` lives on: the arena, the tournament, the editor (the
    card editor and its panes) or the window itself (menus, tool bar, its own actions)."""
    for page, name in ((window.arena_pane, "arena"), (window.tournament_tab, "tournament")):
        if widget is page or page.isAncestorOf(widget):
            return name
    if widget is window or isinstance(widget, QMenu) or widget is window.menuBar():
        return "window"
    return "editor"


def bindings(window: MainWindow) -> list[Binding]:
    found: list[Binding] = []

    def add(owner: QObject, keys: list[QKeySequence], name: str, context: Context,
            widgets: Sequence[QObject | None]) -> None:
        for widget in widgets:
            if not isinstance(widget, QWidget):
                continue
            for key in keys:
                if not key.isEmpty():
                    found.append(Binding(key.toString(), id(owner), name, context, widget, workspace(window, widget)))

    for action in window.findChildren(QAction):
        add(action, action.shortcuts(), action.text() or action.objectName(), action.shortcutContext(),
            action.associatedObjects())
    for shortcut in window.findChildren(QShortcut):
        parent = shortcut.parent()
        add(shortcut, shortcut.keys(), f"QShortcut of {type(parent).__name__}", shortcut.context(), [parent])
    return found


def overlap(a: Binding, b: Binding) -> bool:
    """Whether ``a`` and ``b`` can both be live for one focused widget."""
    if a.space != b.space and "window" not in (a.space, b.space):
        return False  # pages of the window never show at once
    wide = (Context.WindowShortcut, Context.ApplicationShortcut)
    if a.context in wide or b.context in wide:
        return True
    reach_a = a.widget.isAncestorOf(b.widget) and a.context == Context.WidgetWithChildrenShortcut
    reach_b = b.widget.isAncestorOf(a.widget) and b.context == Context.WidgetWithChildrenShortcut
    return a.widget is b.widget or reach_a or reach_b


def quiet_on_pages(window: MainWindow) -> dict[str, set[int]]:
    """The window's actions that are disabled while each page shows ("arena", "tournament"):
    Copy, Paste and the card steps are the editor's, and leave their keys to the other pages."""
    quiet: dict[str, set[int]] = {}
    for space, show in (("arena", window.show_arena), ("tournament", window.show_tournament)):
        show()
        quiet[space] = {id(action) for action in window.findChildren(QAction) if not action.isEnabled()}
    window.show_editor()
    return quiet


def conflicts(window: MainWindow) -> list[str]:
    found = bindings(window)
    quiet = quiet_on_pages(window)
    clashes = []
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if {a.space, b.space} & {"arena", "tournament"} and "window" in (a.space, b.space):
                page, wide = (a, b) if a.space != "window" else (b, a)
                if wide.owner in quiet[page.space]:
                    continue  # the window's action is off while that page shows
            if a.key == b.key and a.owner != b.owner and overlap(a, b):
                clashes.append(f"{a.key}: {a.name!r} ({a.space}) and {b.name!r} ({b.space})")
    return clashes


def test_no_two_shortcuts_of_the_main_window_share_a_key(make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    assert len(bindings(window)) > 30  # the menus' actions, the panes' and the palette's keys
    assert conflicts(window) == []


def test_no_two_shortcuts_share_a_key_with_a_linux_desktops_standard_keys(make_window: Callable[[], MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    """The offscreen platform uses the Windows key scheme, which has no Quit key: emulate the
    X11 scheme's (the one where the bug was) for the keys the window asks for."""
    x11 = {QKeySequence.StandardKey.Quit: X11_QUIT,
           QKeySequence.StandardKey.Redo: [QKeySequence("Ctrl+Shift+Z"), QKeySequence(Qt.Key.Key_Redo)]}
    real = QKeySequence.keyBindings
    # editor.keys asks PySide6's QKeySequence itself, so patching the class is what it sees.
    monkeypatch.setattr(QKeySequence, "keyBindings",
                        staticmethod(lambda key: x11.get(key, real(key))))
    window = make_window()
    assert [k.toString() for k in window.quit_action.shortcuts()] == ["Ctrl+Q", "Exit"]
    assert "Ctrl+Y" in [k.toString() for k in window.redo_action.shortcuts()]  # ours, kept beside the platform's
    assert conflicts(window) == []


def test_ctrl_q_quits(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, "Ctrl+Q")
    assert not window.isVisible()


def test_standard_keys_lists_each_key_once_and_adds_only_missing_alternates() -> None:
    keys = standard_keys(QKeySequence.StandardKey.Undo, "Ctrl+Z", "Ctrl+Alt+Z")
    texts = [k.toString() for k in keys]
    assert texts[0] == "Ctrl+Z" and texts.count("Ctrl+Z") == 1 and texts[-1] == "Ctrl+Alt+Z"
    assert [k.toString() for k in standard_keys(None, "F5")] == ["F5"]


QUIT_ON_X11 = """
import sys
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
import editor.widgets
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import builtin_program
from tests.editor.test_shortcuts import conflicts

app = QApplication([])
folder = sys.argv[1]
window = MainWindow(ProgramDocument(builtin_program()), settings=QSettings(folder + "/s.ini", QSettings.Format.IniFormat),
                    recovery=RecoveryStore(__import__("pathlib").Path(folder) / "recovery"))
window.show()
QTest.qWaitForWindowExposed(window)
window.activateWindow()
QTest.qWait(200)
print("quit keys", [k.toString() for k in window.quit_action.shortcuts()])
print("conflicts", conflicts(window))
QTest.keySequence(QApplication.focusWidget() or window, "Ctrl+Q")
print("visible after Ctrl+Q", window.isVisible())
"""


def test_ctrl_q_quits_under_a_real_x11_display(tmp_path: Path) -> None:
    """The bug only shows with an X11 platform theme (Quit is Ctrl+Q there): run the window on
    a virtual X display."""
    if shutil.which("xvfb-run") is None:
        skip_without("xvfb-run (apt-get install xvfb) to test the X11 key scheme")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "xcb"
    result = subprocess.run(["xvfb-run", "-a", sys.executable, "-c", QUIT_ON_X11, str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    lines = [line for line in result.stdout.splitlines() if line.startswith(("quit keys", "conflicts", "visible"))]
    assert lines == ["quit keys ['Ctrl+Q', 'Exit']", "conflicts []", "visible after Ctrl+Q False"], result.stderr[-2000:]


def test_the_undo_button_keeps_its_size_whatever_the_command(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    toolbar = window.findChild(QToolBar, "mainToolBar")
    assert toolbar is not None
    undo = toolbar.widgetForAction(window.undo_action)
    battle = toolbar.widgetForAction(window.battle_action)
    assert isinstance(undo, QToolButton) and battle is not None
    before = (undo.width(), battle.x(), undo.text())
    canvas = window.card_editor.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center((0, 0)))
    qtbot.keyClick(canvas, Qt.Key.Key_R)
    qtbot.wait(1)
    assert window.undo_action.text() == "&Undo Turn head clockwise"
    assert "Turn head clockwise" in window.undo_action.toolTip()
    assert (undo.width(), battle.x(), undo.text()) == before == (before[0], before[1], "Undo")

