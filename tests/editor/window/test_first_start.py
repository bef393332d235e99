"""A first start as a new user sees it (issue 16): the title names the sample shown, Save As
proposes the program's name in the user's own folder (never the shipped samples'), the folders
dialogs start in are remembered between sessions."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot
from tests.editor.conftest import show_main_window
import pytest

import editor.widgets  # noqa: F401
from arena.samples import SNAKE_SAMPLES, resolve_program
from editor.app import FIRST_SAMPLE, initial_document
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.window.folders import PROGRAMS, default_folder, set_default_folder
from matcher import load_program


def first_start(qtbot: QtBot, tmp_path: Path, settings: QSettings) -> MainWindow:
    document, error = initial_document(None, settings)
    assert error is None
    window = MainWindow(document, settings=settings, recovery=RecoveryStore(tmp_path / "recovery"))
    return show_main_window(qtbot, window)


def save_as_dialog(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, window: MainWindow, answer: Path) -> list[str]:
    """Press Save As's keys; the dialog answers ``answer``; what it was asked to start at."""
    started: list[str] = []

    def dialog(parent: QWidget | None, caption: str, start: str, *args: object,
               **kwargs: object) -> tuple[str, str]:
        started.append(start)
        return str(answer), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, window.save_as_action.shortcut())
    return started


def test_the_first_start_titles_the_sample_and_save_as_proposes_its_name_in_the_users_folder(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    documents = tmp_path / "Documents"
    documents.mkdir()
    set_default_folder(settings, PROGRAMS, documents)
    window = first_start(qtbot, tmp_path, settings)
    assert window.windowTitle() == "Tail biter[*] — snakepit"
    mine = tmp_path / "mine"
    mine.mkdir()
    started = save_as_dialog(monkeypatch, qtbot, window, mine / "biter")
    assert started == [str(documents / "Tail biter.snake.json")]
    assert Path(started[0]).parent != SNAKE_SAMPLES
    assert load_program(mine / "biter.snake.json") == load_program(resolve_program(FIRST_SAMPLE))
    assert window.windowTitle() == "biter.snake.json[*] — snakepit"

    # Renaming an unsaved program renames the title; the next session's Save As starts in the
    # folder used last.
    window.new_action.trigger()
    window.program_panel.name_edit.clear()
    qtbot.keyClicks(window.program_panel.name_edit, "Wall hugger II")
    assert window.windowTitle() == "Wall hugger II[*] — snakepit"
    again = first_start(qtbot, tmp_path, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    again.new_action.trigger()
    started = save_as_dialog(monkeypatch, qtbot, again, mine / "other")
    assert started == [str(mine.resolve() / "Untitled.snake.json")]


def test_a_sample_opened_from_the_samples_is_saved_elsewhere(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = first_start(qtbot, tmp_path, settings)
    sample = SNAKE_SAMPLES / "hunter.snake.json"
    assert window.open_file(sample)
    started = save_as_dialog(monkeypatch, qtbot, window, tmp_path / "h")
    assert Path(started[0]).parent == default_folder(settings, PROGRAMS)
    assert Path(started[0]).name == "hunter.snake.json"
