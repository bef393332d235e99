"""Preferences (issue 16: there were none): folders, start speeds and sandbox options, typed into
the dialog, kept in QSettings for the next session and used by the window."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot
from tests.editor.conftest import show_main_window

import editor.widgets  # noqa: F401
from arena.bots.bwrap import BWRAP_ORIGIN_VARIABLE, BWRAP_VARIABLE, SandboxUnavailable, bwrap_program
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import builtin_program
from editor.widgets.arena.match_transport import DEFAULT_SPEED
from editor.window.preferences import (
    Preferences,
    PreferencesDialog,
    apply_environment,
    load_preferences,
)
from tests.editor.window.menus import choose

LEFT = Qt.MouseButton.LeftButton


def open_dialog(window: MainWindow) -> PreferencesDialog:
    choose(window, "Edit", "Preferences")
    dialog = window.findChild(PreferencesDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def type_into(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)


def window_on(qtbot: QtBot, settings: QSettings, tmp_path: Path) -> MainWindow:
    window = MainWindow(ProgramDocument(builtin_program()), settings=settings,
                        recovery=RecoveryStore(tmp_path / "recovery"))
    return show_main_window(qtbot, window)


@pytest.fixture(autouse=True)
def bwrap_variable_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """The preference writes the process's environment: whatever a test leaves there goes with it
    (a leaked SNAKEPIT_BWRAP made every later bot match fail to find bubblewrap)."""
    for variable in (BWRAP_VARIABLE, BWRAP_ORIGIN_VARIABLE):
        monkeypatch.setenv(variable, "recorded")  # so that teardown puts back what was there
        monkeypatch.delenv(variable)


def test_preferences_are_typed_kept_and_used(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = window_on(qtbot, settings, tmp_path)
    assert window.battle_tab.playback.speed() == DEFAULT_SPEED
    programs, positions = tmp_path / "programs", tmp_path / "positions"
    programs.mkdir()
    positions.mkdir()

    dialog = open_dialog(window)
    type_into(qtbot, dialog.programs_edit, str(programs))
    type_into(qtbot, dialog.positions_edit, str(positions))
    dialog.battle_speed_box.setCurrentText("0.5 steps/s")
    qtbot.mouseClick(dialog.network_boxes[1], LEFT)
    memory_line = dialog.memory_box.lineEdit()
    assert memory_line is not None
    type_into(qtbot, memory_line, "512")
    bwrap = tmp_path / "opt" / "bwrap"  # a bwrap of the user's own (any executable file will do here)
    bwrap.parent.mkdir()
    bwrap.write_text("#!/bin/sh\n")
    bwrap.chmod(0o755)
    type_into(qtbot, dialog.bwrap_edit, str(bwrap))
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert not dialog.isVisible()

    # Used at once ...
    assert window.battle_tab.playback.speed() == 0.5
    assert window.battle_tab.transport.speed_label.text() == "0.5 steps/s"
    assert window.test_bench.position_editor.folder() == str(positions)
    assert os.environ[BWRAP_VARIABLE] == str(bwrap)
    started: list[str] = []

    def save_dialog(parent: QWidget | None, caption: str, start: str, *args: object,
                    **kwargs: object) -> tuple[str, str]:
        started.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))
    window.save_as_action.trigger()
    assert Path(started[0]).parent == programs
    prefs = load_preferences(settings)
    # The arena's form: a game never set up before starts with the preferred limits, and the
    # preferred seat may use the network in its matches.
    panel = window.arena_pane.setup_panel
    panel.settings.remove("arena/setup/itpw")
    panel.set_game("itpw")
    panel.restore()
    assert panel.memory_box.value() == 512
    assert panel.options()["network"] == [1]
    assert panel.options()["limits"] == {"memory": 512 << 20, "address_space": 512 << 20, "cpu_seconds": 60}

    # ... and in the next session.
    again = window_on(qtbot, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    assert again.battle_tab.playback.speed() == 0.5
    dialog = open_dialog(again)
    assert dialog.preferences() == prefs
    # Restore Defaults then Cancel changes nothing kept.
    qtbot.mouseClick(dialog.defaults_button, LEFT)
    assert dialog.preferences() == Preferences()
    dialog.reject()
    assert load_preferences(settings) == prefs
    QApplication.processEvents()


@pytest.mark.parametrize(("kind", "why"), [("missing", "does not exist"), ("folder", "is a folder, not a program"),
                                           ("not executable", "is not executable")])
def test_a_bwrap_that_cannot_run_is_named_and_ok_keeps_nothing(qtbot: QtBot, tmp_path: Path, kind: str,
                                                                why: str) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = window_on(qtbot, settings, tmp_path)
    bad = {"missing": tmp_path / "no" / "bwrap", "folder": tmp_path, "not executable": tmp_path / "bwrap.txt"}[kind]
    (tmp_path / "bwrap.txt").write_text("not a program")
    dialog = open_dialog(window)
    type_into(qtbot, dialog.bwrap_edit, str(bad))
    qtbot.mouseClick(dialog.ok_button, LEFT)
    # Not "bubblewrap is not installed" at the next match: the field is named now, the dialog stays.
    assert dialog.isVisible() and dialog.message_label.isVisible()
    assert dialog.message_label.text().startswith(f"bwrap program: {str(bad)!r} {why}")
    assert QApplication.focusWidget() is dialog.bwrap_edit
    assert load_preferences(settings) == Preferences() and BWRAP_VARIABLE not in os.environ
    dialog.bwrap_edit.selectAll()
    qtbot.keyClick(dialog.bwrap_edit, Qt.Key.Key_Delete)  # empty: the system's bwrap
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert not dialog.isVisible()


def test_malformed_stored_values_take_their_defaults(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("preferences/battle_speed", 7)  # not a speed the slider has
    settings.setValue("preferences/memory_mib", "lots")
    settings.setValue("preferences/network_seats", ["1", "9", "x"])
    prefs = load_preferences(settings)
    assert prefs.battle_speed == DEFAULT_SPEED and prefs.memory_mib == Preferences().memory_mib
    assert prefs.network_seats == ()  # one bad entry: the whole value is its default


def test_an_empty_bwrap_preference_leaves_the_variable_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BWRAP_VARIABLE, "/usr/local/bin/bwrap")
    apply_environment(Preferences())
    assert os.environ[BWRAP_VARIABLE] == "/usr/local/bin/bwrap"
    apply_environment(Preferences(bwrap="/opt/bwrap"))
    assert os.environ[BWRAP_VARIABLE] == "/opt/bwrap"
    apply_environment(Preferences())  # cleared: back to how snakepit found it (here: unset)
    assert os.environ.get(BWRAP_VARIABLE) != "/opt/bwrap"


def test_a_bad_bwrap_preference_is_blamed_on_the_preference_not_on_the_environment(tmp_path: Path) -> None:
    """A preference kept from before the dialog checked it (or a program removed since) reaches
    the bot layer as the variable; its refusal names Preferences, and clearing it takes that back."""
    gone = str(tmp_path / "bwrap")
    apply_environment(Preferences(bwrap=gone))
    with pytest.raises(SandboxUnavailable) as refused:
        bwrap_program()
    assert f"{gone!r} set by the bwrap program in Preferences does not exist" in str(refused.value)
    assert "not installed" not in str(refused.value)
    apply_environment(Preferences())
    assert BWRAP_VARIABLE not in os.environ and BWRAP_ORIGIN_VARIABLE not in os.environ


def test_at_a_large_font_every_note_shows_whole(qtbot: QtBot) -> None:
    """Larger text (an application font of 14 pt): the dialog opened at the height its unwrapped
    notes need, so the wrapped last note was cut in half under the bwrap row."""
    default = QApplication.font()
    font = QFont(default)
    font.setPointSize(14)
    QApplication.setFont(font)
    try:
        dialog = PreferencesDialog(Preferences())
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        notes = [label for label in dialog.findChildren(QLabel) if label.wordWrap() and label.text()]
        assert len(notes) == 3
        QApplication.processEvents()  # the layout placed at the size it opened with
        for note in notes:
            assert note.height() >= note.heightForWidth(note.width()), note.text()
            bottom = note.mapTo(dialog, note.rect().bottomLeft()).y()
            assert bottom <= dialog.height(), note.text()
    finally:
        QApplication.setFont(default)
