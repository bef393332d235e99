"""Factories for editor tests: shown, sized widgets registered with qtbot, and the main window."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from pytestqt.qtbot import QtBot
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QWidget

import editor.widgets  # noqa: F401  (applies the PySide6 6.12.0 None-refcount guard first)
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import builtin_program
from matcher import Program
from tests.editor.fixture_types import Shown

W = TypeVar("W", bound=QWidget)
Button = QMessageBox.StandardButton


@pytest.fixture
def shown(qtbot: QtBot) -> Shown:
    """``shown(widget, (width, height))``: ``widget`` registered with qtbot, sized, shown and
    exposed."""

    def show(widget: W, size: tuple[int, int]) -> W:
        qtbot.addWidget(widget)
        widget.resize(*size)
        widget.show()
        qtbot.waitExposed(widget)
        return widget

    return show


class Answers(list[Button]):
    """Answers queued for the window's questions, and the questions asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    """Answers for the questions asked (``QMessageBox.question``), in order, and the questions
    (``answers.asked``); an unexpected question fails the test."""
    queue = Answers()

    def question(parent: object, title: str, text: str, *args: object, **kwargs: object) -> Button:
        queue.asked.append(text)
        assert queue, f"unexpected question: {text!r}"
        return queue.pop(0)

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return queue


@pytest.fixture(autouse=True)
def default_settings(tmp_path: Path) -> Iterator[None]:
    """``QSettings()`` of every test goes below ``tmp_path``, never to the user's settings: a
    widget that wrongly uses the app's default settings leaves nothing behind for the next test
    (or the user) and its test can see that it did."""
    old_format = QSettings.defaultFormat()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qsettings"))
    yield
    QSettings.setDefaultFormat(old_format)


@pytest.fixture
def window_settings(tmp_path: Path) -> QSettings:
    """Main-window settings (recent files, window state) in a file of the test's own, never the
    user's (``QSettings()`` goes below ``tmp_path`` too: :func:`default_settings`)."""
    return QSettings(str(tmp_path / "snakepit.ini"), QSettings.Format.IniFormat)


def show_main_window(qtbot: QtBot, window: MainWindow, *, register: bool = True) -> MainWindow:
    """``window`` shown, active and exposed; with ``register`` qtbot closes it after the test,
    its unsaved changes dropped first so that nothing asks."""
    if register:
        qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def make_window(qtbot: QtBot, window_settings: QSettings, tmp_path: Path) -> Callable[..., MainWindow]:
    """``make_window(program=None, path=None)``: the app's main window on ``program`` (the
    built-in one by default) opened from ``path``, its settings (``window_settings``) and
    recovery in ``tmp_path``, shown by ``show_main_window``."""

    def make(program: Program | None = None, path: Path | None = None) -> MainWindow:
        document = ProgramDocument(program if program is not None else builtin_program(), path)
        window = MainWindow(document, settings=window_settings, recovery=RecoveryStore(tmp_path / "recovery"))
        return show_main_window(qtbot, window)

    return make
