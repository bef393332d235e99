"""Crash recovery: autosave after idle, cleanup on clean save/close, and restore after a crash —
a window destroyed without its close event, and a real process killed with SIGKILL."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QMessageBox

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RECOVERY_FORMAT, RecoveryStore, default_recovery_dir, read_recovery
from editor.seats import builtin_program
from engines.snake import Element
from matcher import Pattern, Program, SetRef, dumps_program, load_program
from matcher.editing import paint
from pytestqt.qtbot import QtBot
from tests.editor.conftest import show_main_window

Button = QMessageBox.StandardButton
ROOT = Path(__file__).resolve().parents[2]
AUTOSAVE_MS = 40


@pytest.fixture
def recovery_dir(tmp_path: Path) -> Path:
    return tmp_path / "recovery"


@pytest.fixture
def make_window(qtbot: QtBot, window_settings: QSettings, recovery_dir: Path, answers: list[Button]) -> Callable[..., MainWindow]:
    def make(program: Program | None = None, path: Path | None = None, register: bool = True) -> MainWindow:
        document = ProgramDocument(program if program is not None else builtin_program(), path)
        window = MainWindow(document, settings=window_settings, recovery=RecoveryStore(recovery_dir), autosave_ms=AUTOSAVE_MS)
        return show_main_window(qtbot, window, register=register)

    return make


def edit(window: MainWindow, cell: tuple[int, int] = (0, 0), element: Element = Element.ENEMY_TAIL) -> None:
    window.document.edit_card(lambda card: paint(card, [cell], Pattern(element)), "Paint")


def write_program(path: Path, name: str) -> Program:
    program = dataclasses.replace(builtin_program(), name=name)
    path.write_text(dumps_program(program), encoding="utf-8")
    return program


# --- autosave -----------------------------------------------------------------------------------


def test_an_edit_is_autosaved_after_the_idle_time(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window = make_window(write_program(path, "Mine"), path)
    store = window.recovery
    assert not store.has_file()
    edit(window)
    assert window.autosaver.pending() and not store.has_file()
    qtbot.waitUntil(store.has_file, timeout=2000)
    data = json.loads(store.file.read_text(encoding="utf-8"))
    assert data["format"] == RECOVERY_FORMAT and data["path"] == str(path)
    recovered = read_recovery(store.file)
    assert recovered.program == window.document.program and recovered.path == path


def test_saving_or_undoing_back_to_the_file_removes_the_recovery_file(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window = make_window(write_program(path, "Mine"), path)
    edit(window)
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    assert window.save()
    assert not window.recovery.has_file()
    edit(window, (0, 1))
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    window.document.undo_stack.undo()
    assert not window.recovery.has_file()


def test_a_clean_close_leaves_nothing_to_recover(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button], recovery_dir: Path) -> None:
    window = make_window()
    edit(window)
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    answers.append(Button.Discard)
    assert window.close()
    assert not list(recovery_dir.glob("*.recovery.json"))
    assert RecoveryStore(recovery_dir).abandoned() == []


def test_a_running_session_is_never_offered_to_another(qtbot: QtBot, make_window: Callable[..., MainWindow], recovery_dir: Path) -> None:
    window = make_window()
    edit(window)
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    assert RecoveryStore(recovery_dir).abandoned() == []


def test_the_default_folder_is_in_the_app_data_location() -> None:
    QStandardPaths.setTestModeEnabled(True)
    try:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        assert default_recovery_dir() == Path(base) / "recovery"
    finally:
        QStandardPaths.setTestModeEnabled(False)


# --- after a crash ------------------------------------------------------------------------------


def crash(window: MainWindow) -> None:
    """Destroy the window the way a crash ends it: no close event, no question, no cleanup."""
    shiboken6.delete(window)


def test_after_a_crash_the_next_window_restores_the_edited_program(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button], tmp_path: Path, recovery_dir: Path) -> None:
    path = tmp_path / "mine.snake.json"
    original = write_program(path, "Mine")
    window = make_window(original, path, register=False)
    edit(window, (0, 0), Element.ENEMY_TAIL)
    edit(window, (1, 1), Element.BORDER)
    edited = window.document.program
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    crash(window)
    assert len(list(recovery_dir.glob("*.recovery.json"))) == 1

    again = make_window(original, path)
    answers.append(Button.Yes)
    assert again.offer_recovery()
    assert again.document.program == edited
    assert again.document.path == path
    assert again.document.dirty and again.isWindowModified()
    assert again.windowTitle() == "mine.snake.json[*] — snakepit"
    # The restore is one undo step on top of the file as saved.
    again.document.undo_stack.undo()
    assert again.document.program == original
    # Nothing is offered twice; the restored program is this session's to autosave now.
    assert RecoveryStore(recovery_dir).abandoned() == []


def test_an_unsaved_program_comes_back_untitled_and_dirty(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button]) -> None:
    window = make_window(register=False)
    edit(window)
    edited = window.document.program
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    crash(window)
    again = make_window()
    answers.append(Button.Yes)
    assert again.offer_recovery()
    assert again.document.program == edited
    assert again.document.path is None and again.document.dirty


def test_a_program_with_problems_is_restored_not_thrown_away(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button], tmp_path: Path, recovery_dir: Path) -> None:
    """Regression: work in progress often breaks a rule for a while (a set just added is empty,
    its pattern names it). The recovery file of such a program was called broken and deleted at
    the next start: the crash's unsaved work was lost. Now it comes back, problems listed."""
    path = tmp_path / "mine.snake.json"
    original = write_program(path, "Mine")
    window = make_window(original, path, register=False)
    window.program_panel.sets.add_set()
    window.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(SetRef(0))), "Paint set1")
    edited = window.document.program
    assert window.document.problems()
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    crash(window)
    again = make_window(original, path)
    answers.append(Button.Yes)
    assert again.offer_recovery()
    assert again.document.program == edited and again.document.dirty
    assert [problem.set_index for problem in again.document.problems()] == [0, None]


def test_discard_deletes_the_recovery_and_cancel_keeps_it_for_next_time(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button], recovery_dir: Path) -> None:
    window = make_window(register=False)
    edit(window)
    qtbot.waitUntil(window.recovery.has_file, timeout=2000)
    crash(window)
    again = make_window()
    before = again.document.program
    answers.append(Button.Cancel)
    assert not again.offer_recovery()
    assert again.document.program == before and len(RecoveryStore(recovery_dir).abandoned()) == 1
    answers.append(Button.Discard)
    assert not again.offer_recovery()
    assert RecoveryStore(recovery_dir).abandoned() == []


def test_a_broken_recovery_file_is_removed_without_asking(make_window: Callable[..., MainWindow], recovery_dir: Path) -> None:
    recovery_dir.mkdir(parents=True)
    (recovery_dir / "dead.recovery.json").write_text('{"format": "snakepit-recovery/1", "program": {"cards": 1}}')
    window = make_window()
    assert not window.offer_recovery()  # `answers` fails the test if anything is asked
    assert not (recovery_dir / "dead.recovery.json").exists()
    assert "recovery" in window.statusBar().currentMessage()


CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    import editor.widgets
    from editor.document import ProgramDocument
    from editor.main_window import MainWindow
    from editor.recovery import RecoveryStore
    from engines.snake import Element
    from matcher import Pattern, load_program
    from matcher.editing import paint

    program_path, recovery_dir, settings_file = (Path(a) for a in sys.argv[1:4])
    app = QApplication([])
    window = MainWindow(ProgramDocument(load_program(program_path), program_path),
                        settings=QSettings(str(settings_file), QSettings.Format.IniFormat),
                        recovery=RecoveryStore(recovery_dir), autosave_ms=20)
    window.show()
    window.document.edit_card(lambda c: paint(c, [(6, 6)], Pattern(Element.OWN_TAIL)), "Paint")
    window.autosaver.saved.connect(lambda: os.kill(os.getpid(), signal.SIGKILL))
    app.exec()
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_after_the_process_is_killed_the_next_start_restores(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: list[Button], tmp_path: Path, recovery_dir: Path) -> None:
    path = tmp_path / "mine.snake.json"
    original = write_program(path, "Mine")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    child = subprocess.run([sys.executable, "-c", CHILD, str(path), str(recovery_dir), str(tmp_path / "child.ini")],
                           env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert len(list(recovery_dir.glob("*.lock"))) == 1, "a killed process leaves its lock behind"

    window = make_window(original, path)
    answers.append(Button.Yes)
    assert window.offer_recovery()
    assert window.document.program.cards[0].cells[(6, 6)] == Pattern(Element.OWN_TAIL)
    assert window.document.path == path and window.document.dirty
    assert load_program(path) == original, "restoring does not write the file; saving does"


# --- issue 16: continuous editing is saved; dead sessions' locks go ---------------------------


def test_continuous_editing_is_autosaved_within_the_upper_bound(qtbot: QtBot, tmp_path: Path) -> None:
    """The quiet timer alone restarts with every stroke; the bound saves anyway. The quiet time
    here is an hour, so only the bound can write the file."""
    from editor.recovery import Autosaver

    document = ProgramDocument(builtin_program())
    store = RecoveryStore(tmp_path / "recovery")
    autosaver = Autosaver(document, store, idle_ms=3_600_000, max_wait_ms=AUTOSAVE_MS)
    for strokes in range(2000):  # a stroke every few milliseconds (10 s at least): never quiet for an hour
        if store.has_file():
            break
        element = (Element.BORDER, Element.EMPTY)[strokes % 2]  # each stroke changes the corner
        document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(element)), "Paint")
        qtbot.wait(5)
    assert store.has_file(), "continuous editing was never autosaved"
    assert read_recovery(store.file).program.cards[0].cells  # strokes up to the bound are in it
    autosaver.shutdown()
    autosaver.deleteLater()


LOCK_AND_DIE = textwrap.dedent(
    """
    import os, sys
    from PySide6.QtCore import QLockFile
    lock = QLockFile(sys.argv[1])
    assert lock.tryLock(0)
    os._exit(0)  # as a kill would: the lock stays, its owner is gone
    """
)


def test_the_locks_of_gone_sessions_with_nothing_to_recover_are_removed(qtbot: QtBot, make_window: Callable[..., MainWindow], recovery_dir: Path) -> None:
    recovery_dir.mkdir(parents=True)
    dead = recovery_dir / "0123456789abcdef.lock"
    subprocess.run([sys.executable, "-c", LOCK_AND_DIE, str(dead)], check=True, timeout=60)
    assert dead.is_file()
    window = make_window()  # a live session: its lock must stay
    live = recovery_dir / f"{window.recovery.session}.lock"
    assert live.is_file()
    assert not window.offer_recovery()
    assert not dead.exists(), "the lock of a session that is gone stays forever"
    assert live.is_file()
    assert RecoveryStore(recovery_dir).abandoned() == [] and live.is_file()
