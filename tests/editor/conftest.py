"""Factories for editor tests: shown, sized widgets registered with qtbot, and the main window."""

from __future__ import annotations

from collections.abc import Callable
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


@pytest.fixture
def make_window(qtbot: QtBot, tmp_path: Path) -> Callable[[], MainWindow]:
    """The app's main window on the built-in program, its settings and recovery in ``tmp_path``,
    shown, active and exposed; closed without asking to save."""

    def make() -> MainWindow:
        window = MainWindow(ProgramDocument(builtin_program()),
                            settings=QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat),
                            recovery=RecoveryStore(tmp_path / "recovery"))
        qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
        window.show()
        window.activateWindow()
        qtbot.waitExposed(window)
        return window

    return make
