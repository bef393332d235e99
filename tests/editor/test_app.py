from __future__ import annotations

import dataclasses
import json
import sys

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from arena.snake_battle import BattleSettings
from editor import app
from editor.main_window import MainWindow
from editor.seats import builtin_program, sample_seats, seats_for_file, unique_names
from matcher import ProgramError, dumps_program

DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")


@pytest.fixture
def no_display(monkeypatch):
    for name in DISPLAY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")


def test_without_any_display_run_app_prints_one_line_and_returns_2(no_display, capsys):
    assert app.display_problem() == app.NO_DISPLAY
    assert app.run_app(None) == 2
    err = capsys.readouterr().err
    assert err == app.NO_DISPLAY + "\n"
    assert "xvfb-run" in err and "QT_QPA_PLATFORM=offscreen" in err


@pytest.mark.parametrize("name, value", [("DISPLAY", ":0"), ("WAYLAND_DISPLAY", "wayland-0"), ("QT_QPA_PLATFORM", "offscreen")])
def test_any_display_or_platform_lets_qt_start(no_display, monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    assert app.display_problem() is None


def test_other_systems_are_not_checked(no_display):
    assert app.display_problem(platform="darwin") is None
    assert app.display_problem(platform="win32") is None


@pytest.fixture
def window(qtbot, seats):
    window = MainWindow(seats, BattleSettings(seed=5))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_main_window_has_its_title_menus_and_a_player(window):
    assert window.windowTitle() == "snakepit"
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Help"]
    assert window.quit_action.text() == "&Quit"
    assert window.about_action.text() == "&About snakepit"
    assert window.player.step_label.text() == "Step 0 / 1000"


def test_quit_closes_the_window(qtbot, window):
    window.quit_action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())


def test_opening_a_program_plays_it_against_three_rivals(qtbot, window, tmp_path):
    path = tmp_path / "mine.snake.json"
    mine = dataclasses.replace(builtin_program(), name="Mine")
    path.write_text(dumps_program(mine), encoding="utf-8")
    assert window.open_program(str(path))
    assert window.player.names[0] == "Mine"
    assert len(window.player.names) == 4
    assert window.player.is_playing()
    window.player.pause()


def test_a_bad_program_file_is_reported_in_a_message_box(qtbot, window, tmp_path):
    path = tmp_path / "broken.snake.json"
    path.write_text(json.dumps({"format": "snake-program/1", "name": "x", "cards": [], "colour": 1}), encoding="utf-8")
    seen = []

    def answer_box():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append((box.text(), box.informativeText()))
            box.accept()
        else:
            QTimer.singleShot(10, answer_box)

    QTimer.singleShot(0, answer_box)
    before = window.player
    assert not window.open_program(str(path))
    assert window.player is before
    assert seen and "broken.snake.json" in seen[0][0]
    assert "colour" in seen[0][1]


def test_seats_for_a_missing_file_raise_a_program_error(tmp_path):
    with pytest.raises(ProgramError, match="cannot read"):
        seats_for_file(str(tmp_path / "missing.snake.json"))


def test_sample_seats_are_four_distinctly_named_programs():
    seats = sample_seats()
    assert len(seats) == 4
    assert len({name for name, _ in seats}) == 4


def test_repeated_names_are_numbered():
    program = builtin_program()
    names = [name for name, _ in unique_names([("A", program), ("B", program), ("A", program), ("A", program)])]
    assert names == ["A", "B", "A 2", "A 3"]
