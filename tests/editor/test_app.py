from __future__ import annotations

import dataclasses
import json
import sys

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor import app
from editor.main_window import MainWindow
from editor.program_files import remember_file
from editor.seats import builtin_program, sample_seats, seats_for_file, unique_names
from matcher import ProgramError, dumps_program
from pathlib import Path
from pytestqt.qtbot import QtBot
from collections.abc import Iterator
from matcher import Program
from matcher.model import ElementSet

DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


@pytest.fixture
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in DISPLAY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")


def test_without_any_display_run_app_prints_one_line_and_returns_2(no_display: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert app.display_problem() == app.NO_DISPLAY
    assert app.run_app(None) == 2
    err = capsys.readouterr().err
    assert err == app.NO_DISPLAY + "\n"
    assert "xvfb-run" in err and "QT_QPA_PLATFORM=offscreen" in err


@pytest.mark.parametrize("name, value", [("DISPLAY", ":0"), ("WAYLAND_DISPLAY", "wayland-0"), ("QT_QPA_PLATFORM", "offscreen")])
def test_any_display_or_platform_lets_qt_start(no_display: None, monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    assert app.display_problem() is None


def test_other_systems_are_not_checked(no_display: None) -> None:
    assert app.display_problem(platform="darwin") is None
    assert app.display_problem(platform="win32") is None


@pytest.fixture
def settings(tmp_path: Path) -> Iterator[QSettings]:
    old_format = QSettings.defaultFormat()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qsettings"))
    QStandardPaths.setTestModeEnabled(True)
    yield QSettings(str(tmp_path / "snakepit.ini"), QSettings.Format.IniFormat)
    QStandardPaths.setTestModeEnabled(False)
    QSettings.setDefaultFormat(old_format)


def write(path: Path, name: str = "Mine") -> Program:
    program = dataclasses.replace(builtin_program(), name=name)
    path.write_text(dumps_program(program), encoding="utf-8")
    return program


def test_edit_file_opens_that_file(settings: QSettings, tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    program = write(path)
    document, error = app.initial_document(str(path), settings)
    assert error is None and document.program == program and document.path == path


def test_edit_a_sample_name_opens_the_sample(settings: QSettings) -> None:
    document, error = app.initial_document("hunter", settings)
    assert error is None and document.program.name == "Hunter"


def test_edit_a_new_file_starts_a_fresh_program_saved_there(settings: QSettings, tmp_path: Path) -> None:
    path = tmp_path / "new.snake.json"
    document, error = app.initial_document(str(path), settings)
    assert error is None and document.path == path and len(document.program.cards) == 1
    assert not path.exists()


def test_edit_a_broken_file_reports_it_and_starts_fresh(settings: QSettings, tmp_path: Path) -> None:
    path = tmp_path / "broken.snake.json"
    path.write_text(json.dumps({"format": "snake-program/1", "name": "x", "cards": [], "colour": 1}), encoding="utf-8")
    document, error = app.initial_document(str(path), settings)
    assert error is not None and "colour" in error and "broken.snake.json" in error
    assert document.path is None


def test_a_plain_start_reopens_the_last_file(settings: QSettings, tmp_path: Path) -> None:
    path = tmp_path / "last.snake.json"
    program = write(path, "Last")
    remember_file(settings, path)
    document, error = app.initial_document(None, settings)
    assert error is None and document.program == program and document.path == path.resolve()


@pytest.mark.parametrize("named", [True, False])
def test_a_program_saved_with_problems_opens_at_the_start(settings: QSettings, tmp_path: Path, named: bool) -> None:
    """The editor saves work in progress that breaks a rule (an empty set): `snakepit edit FILE`
    and a plain start on the last file open it with its problems, not a fresh program."""
    path = tmp_path / "draft.snake.json"
    draft = dataclasses.replace(builtin_program(), name="Draft", sets=(ElementSet("new set", frozenset()),))
    path.write_text(dumps_program(draft), encoding="utf-8")
    remember_file(settings, path)
    document, error = app.initial_document(str(path) if named else None, settings)
    assert error is None and document.program == draft and document.problems()


def test_the_first_start_shows_a_sample_as_an_untitled_copy(settings: QSettings) -> None:
    document, error = app.initial_document(None, settings)
    assert error is None
    assert document.program.name == "Tail biter"
    assert document.path is None, "Save must not overwrite the shipped sample"


def test_run_app_opens_the_main_window_on_the_file(qtbot: QtBot, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "mine.snake.json"
    write(path)
    monkeypatch.setattr(QApplication, "exec", lambda self=None: 0)
    assert app.run_app(str(path)) == 0
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
    assert windows
    window = windows[-1]
    qtbot.addWidget(window)
    assert window.windowTitle() == "mine.snake.json[*] — snakepit"
    # The app used its own QSettings(), which the fixture points at a file of this test.
    assert QSettings().value("files/recent") in ([str(path.resolve())], str(path.resolve()))


def test_seats_for_a_missing_file_raise_a_program_error(tmp_path: Path) -> None:
    with pytest.raises(ProgramError, match="cannot read"):
        seats_for_file(str(tmp_path / "missing.snake.json"))


def test_sample_seats_are_four_distinctly_named_programs() -> None:
    seats = sample_seats()
    assert len(seats) == 4
    assert len({name for name, _ in seats}) == 4


def test_repeated_names_are_numbered() -> None:
    program = builtin_program()
    names = [name for name, _ in unique_names([("A", program), ("B", program), ("A", program), ("A", program)])]
    assert names == ["A", "B", "A 2", "A 3"]
