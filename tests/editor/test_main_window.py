"""The main window driven by its shortcuts and menu actions: files, title, dirty flag, undo/redo,
closing with unsaved changes, recent files, drag-and-drop, window state and the Battle action."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor import main_window as main_window_module
from editor.main_window import MainWindow
from editor.program_files import MAX_RECENT, with_program_suffix
from editor.seats import builtin_program
from engines.snake import Direction, Element, position_from_text
from matcher import Pattern, Program, dumps_program, load_program
from matcher.fileformat import save_position
from matcher.editing import paint, turn_head
from matcher.model import CARD_SIZE
from pytestqt.qtbot import QtBot
from matcher import SetRef
from tests.editor.conftest import Answers

Button = QMessageBox.StandardButton


# The window's questions are answered from ``answers`` in every test here: an unexpected one fails
# the test instead of waiting for a click.
pytestmark = pytest.mark.usefixtures("answers")


def key(qtbot: QtBot, window: MainWindow, sequence: str) -> None:
    """Press a shortcut the way a user does: on the focused widget of the active window."""
    window.activateWindow()
    QApplication.processEvents()
    target = QApplication.focusWidget() or window
    qtbot.keySequence(target, sequence)


def paint_corner(window: MainWindow, element: Element = Element.ENEMY_TAIL) -> None:
    window.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(element)), "Paint")


def write_program(path: Path, name: str) -> Program:
    program = dataclasses.replace(builtin_program(), name=name)
    path.write_text(dumps_program(program), encoding="utf-8")
    return program


def open_edited(make_window: Callable[..., MainWindow], path: Path) -> tuple[MainWindow, Program]:
    """A window on the program "Mine" saved at ``path``, with one unsaved change; and the program
    as it is in the file."""
    saved = write_program(path, "Mine")
    window = make_window(saved, path)
    paint_corner(window)
    return window, saved


# --- title and dirty flag ---------------------------------------------------------------------


def test_title_shows_the_file_name_and_a_dirty_mark(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window = make_window(write_program(path, "Mine"), path)
    assert window.windowTitle() == "mine.snake.json[*] — snakepit"
    assert not window.isWindowModified()
    paint_corner(window)
    assert window.isWindowModified()
    window.document.undo_stack.undo()
    assert not window.isWindowModified()


def test_ctrl_s_saves_to_the_file_and_clears_the_dirty_mark(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window = make_window(write_program(path, "Mine"), path)
    paint_corner(window)
    key(qtbot, window, "Ctrl+S")
    assert not window.isWindowModified()
    assert load_program(path) == window.document.program
    assert load_program(path).cards[0].cells[(0, 0)] == Pattern(Element.ENEMY_TAIL)
    assert not list(tmp_path.glob(".*.tmp")), "the atomic save left its temporary file behind"


def test_save_as_then_new_then_open_round_trips_the_program(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    paint_corner(window, Element.BORDER)
    edited = window.document.program
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "round"), "")))
    key(qtbot, window, "Ctrl+Shift+S")
    saved = tmp_path / "round.snake.json"
    assert saved.is_file()
    assert window.windowTitle() == "round.snake.json[*] — snakepit"

    key(qtbot, window, "Ctrl+N")
    assert window.document.path is None
    assert window.windowTitle() == "Untitled[*] — snakepit"
    card = window.document.program.cards[0]
    assert len(window.document.program.cards) == 1 and not card.cells
    assert (card.head.row, card.head.col, card.head.facing) == (CARD_SIZE // 2, CARD_SIZE // 2, Direction.UP)

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    key(qtbot, window, "Ctrl+O")
    assert window.document.program == edited
    assert window.document.path == saved
    assert not window.document.dirty


@pytest.mark.parametrize("typed, saved", [("a", "a.snake.json"), ("b.json", "b.snake.json"), ("c.snake.json", "c.snake.json")])
def test_save_as_adds_the_program_suffix(typed: str, saved: str) -> None:
    assert with_program_suffix(typed) == saved


def test_a_failing_save_is_reported_and_keeps_the_changes(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    paint_corner(window)
    errors = []
    monkeypatch.setattr(main_window_module, "show_error", lambda parent, headline, err: errors.append((headline, str(err))))
    assert not window.save_as(tmp_path / "no-such-folder" / "x.snake.json")
    assert errors and "x.snake.json" in errors[0][0]
    assert window.document.dirty and window.isWindowModified()


def test_a_save_into_a_read_only_folder_names_the_file_not_a_temporary_one(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the message read "[Errno 13] Permission denied: '…/.mine.snake.json.4242-
    k3j2h1g0.tmp'", a hidden file the user never named (the atomic save's temporary file)."""
    window = make_window()
    paint_corner(window)
    folder = tmp_path / "read-only"
    folder.mkdir()

    def refuse(prefix: str = "", suffix: str = "", dir: str = "") -> tuple[int, str]:  # as the kernel does (tests run as root)
        raise PermissionError(13, "Permission denied", os.path.join(dir, f"{prefix}k3j2h1g0{suffix}"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(main_window_module, "show_error", lambda parent, headline, err: errors.append((headline, str(err))))
    assert not window.save_as(folder / "mine.snake.json")
    assert errors == [("Could not save mine.snake.json; the program is still open, nothing is lost.",
                       f"{folder / 'mine.snake.json'}: cannot write it: Permission denied")]
    assert window.document.dirty


def test_opening_a_broken_file_shows_a_message_box_and_keeps_the_program(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    window = make_window()
    before = window.document.program
    broken = tmp_path / "broken.snake.json"
    broken.write_text(json.dumps({"format": "snake-program/1", "name": "x", "cards": [], "colour": 1}), encoding="utf-8")
    seen: list[tuple[str, str]] = []

    def answer_box() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append((box.text(), box.informativeText()))
            box.accept()
        else:
            QTimer.singleShot(10, answer_box)

    QTimer.singleShot(0, answer_box)
    assert not window.open_file(broken)
    assert seen and "broken.snake.json" in seen[0][0] and "colour" in seen[0][1]
    assert "Traceback" not in seen[0][1]
    assert window.document.program == before



def test_a_program_saved_with_problems_opens_again_with_them_listed(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    """Regression: the editor saved a program with problems (a set just added is empty), then
    refused to open the file it had written ("Could not open": a user set holds 1..6 elements).
    Now it opens, the problems in the Problems pane; a file that is not a program still fails."""
    window = make_window()
    window.program_panel.sets.add_set()
    saved = window.document.program
    path = tmp_path / "draft.snake.json"
    assert window.save_as(path)
    assert "problem" in window.statusBar().currentMessage()
    key(qtbot, window, "Ctrl+N")
    assert window.open_file(path)
    assert window.document.program == saved and window.document.path == path
    assert [problem.set_index for problem in window.document.problems()] == [0]
    assert window.problems_view.isVisible()

# --- undo / redo --------------------------------------------------------------------------------


def test_undo_and_redo_shortcuts_and_menu_texts(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    original = window.document.program
    window.document.edit_card(lambda card: turn_head(card), "Turn head")
    turned = window.document.program
    assert window.undo_action.text() == "&Undo Turn head"
    key(qtbot, window, "Ctrl+Z")
    assert window.document.program == original
    assert window.redo_action.text() == "&Redo Turn head"
    key(qtbot, window, "Ctrl+Shift+Z")
    assert window.document.program == turned
    key(qtbot, window, "Ctrl+Z")
    key(qtbot, window, "Ctrl+Y")
    assert window.document.program == turned
    assert window.history_view.stack() is window.document.undo_stack


# --- closing with unsaved changes ---------------------------------------------------------------


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers) -> None:
    window = make_window()
    paint_corner(window)
    answers.append(Button.Cancel)
    key(qtbot, window, "Ctrl+Q")
    assert window.isVisible()
    assert answers.asked == ["Save the changes to Built-in biter?"]
    assert window.document.dirty


def test_closing_with_discard_closes_without_saving(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers, tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window, original = open_edited(make_window, path)
    answers.append(Button.Discard)
    assert window.close()
    assert not window.isVisible()
    assert load_program(path) == original


def test_closing_with_save_writes_the_file(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers, tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window, _ = open_edited(make_window, path)
    answers.append(Button.Save)
    assert window.close()
    assert load_program(path) == window.document.program


def test_a_clean_window_closes_without_asking(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers) -> None:
    window = make_window()
    assert window.close()
    assert answers.asked == []


def test_new_with_unsaved_changes_asks_first(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers) -> None:
    window = make_window()
    paint_corner(window)
    edited = window.document.program
    answers.append(Button.Cancel)
    key(qtbot, window, "Ctrl+N")
    assert window.document.program == edited
    answers.append(Button.Discard)
    key(qtbot, window, "Ctrl+N")
    assert window.document.program != edited and not window.document.dirty


def test_revert_reloads_the_file_after_confirming(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers, tmp_path: Path) -> None:
    window, original = open_edited(make_window, tmp_path / "mine.snake.json")
    answers.append(Button.Cancel)
    window.revert_action.trigger()
    assert window.document.dirty
    answers.append(Button.Discard)
    window.revert_action.trigger()
    assert window.document.program == original and not window.document.dirty


def test_saving_over_a_file_changed_on_disk_asks_first(qtbot: QtBot, make_window: Callable[..., MainWindow], answers: Answers, tmp_path: Path) -> None:
    """Regression: two windows on one file (or another program writing it): the second Save
    replaced the first's work without a word. Now Save asks; Cancel keeps theirs on disk and
    ours open and unsaved; Yes replaces it, and a later Save asks no more."""
    path = tmp_path / "mine.snake.json"
    window, _saved = open_edited(make_window, path)
    ours = window.document.program
    theirs = write_program(path, "Theirs, saved by another window")
    os.utime(path, ns=(1, 1))  # a different time even where the clock is coarse
    answers.append(Button.Cancel)
    key(qtbot, window, "Ctrl+S")
    assert answers.asked and "mine.snake.json was changed on disk" in answers.asked[0]
    assert load_program(path) == theirs
    assert window.document.dirty and window.document.program == ours
    answers.append(Button.Yes)
    key(qtbot, window, "Ctrl+S")
    assert load_program(path) == ours and not window.document.dirty
    paint_corner(window, Element.BORDER)
    key(qtbot, window, "Ctrl+S")  # our own save changed the file: nothing to ask
    assert len(answers.asked) == 2 and load_program(path) == window.document.program


def back_in_the_app() -> None:
    """What Qt says when the user comes back to snakepit from another program."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)


def test_a_file_changed_on_disk_is_reloaded_when_nothing_was_changed_here(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    """A program changed by another program (or snakepit window) while open here unchanged was
    shown as it was when opened: a battle fought the old one, and Save wrote it back over the
    new one. Back in the window it is shown as it is now; Undo shows the version before."""
    path = tmp_path / "mine.snake.json"
    mine = write_program(path, "Mine")
    window = make_window(mine, path)
    back_in_the_app()
    assert window.document.program == mine and window.document.undo_stack.count() == 0
    theirs = write_program(path, "Theirs")
    os.utime(path, ns=(1, 1))
    back_in_the_app()
    assert window.document.program == theirs and not window.document.dirty
    assert "changed on disk" in window.statusBar().currentMessage()
    window.document.undo_stack.undo()
    assert window.document.program == mine and window.document.dirty


def test_a_file_changed_on_disk_is_not_reloaded_over_changes_made_here(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window, _saved = open_edited(make_window, path)
    ours = window.document.program
    write_program(path, "Theirs")
    os.utime(path, ns=(1, 1))
    back_in_the_app()
    assert window.document.program == ours and window.document.dirty
    assert "Save asks before replacing it" in window.statusBar().currentMessage()


def test_saving_a_file_deleted_on_disk_puts_it_back_without_asking(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "mine.snake.json"
    window, _saved = open_edited(make_window, path)
    path.unlink()
    key(qtbot, window, "Ctrl+S")
    assert load_program(path) == window.document.program and not window.document.dirty

# --- recent files -------------------------------------------------------------------------------


def recent_menu_entries(window: MainWindow) -> list[str]:
    window.recent_menu.aboutToShow.emit()
    return [a.statusTip() for a in window.recent_menu.actions() if a.statusTip()]


def test_opened_and_saved_files_are_recent_newest_first_and_missing_ones_pruned(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    window = make_window()
    files = [tmp_path / f"p{i}.snake.json" for i in range(3)]
    for i, path in enumerate(files):
        write_program(path, f"P{i}")
        assert window.open_file(path)
    assert recent_menu_entries(window) == [str(p.resolve()) for p in reversed(files)]
    files[1].unlink()
    assert recent_menu_entries(window) == [str(files[2].resolve()), str(files[0].resolve())]
    window.recent_menu.actions()[1].trigger()  # "&2 p0.snake.json"
    assert window.document.path == files[0].resolve() or window.document.path == Path(str(files[0].resolve()))
    assert recent_menu_entries(window)[0] == str(files[0].resolve())


def test_a_recent_file_with_an_ampersand_shows_its_whole_name(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    """Regression: "Tom & Jerry.snake.json" showed as "Tom  Jerry.snake.json" with the J
    underlined (a menu's & marks the key letter)."""
    window = make_window()
    path = tmp_path / "Tom & Jerry.snake.json"
    assert window.save_as(path)
    window.recent_menu.aboutToShow.emit()
    entry = window.recent_menu.actions()[0]
    assert entry.text() == "&1 Tom && Jerry.snake.json" and entry.statusTip() == str(path.resolve())


def test_recent_files_keep_at_most_eight(make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    window = make_window()
    for i in range(MAX_RECENT + 3):
        path = tmp_path / f"p{i}.snake.json"
        write_program(path, f"P{i}")
        window.open_file(path)
    entries = recent_menu_entries(window)
    assert len(entries) == MAX_RECENT
    assert entries[0].endswith(f"p{MAX_RECENT + 2}.snake.json")


# --- drag and drop ------------------------------------------------------------------------------


def test_dropping_a_program_file_opens_it(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path) -> None:
    window = make_window()
    path = tmp_path / "dropped.snake.json"
    dropped = write_program(path, "Dropped")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    point = QPointF(window.width() / 2, window.height() / 2)
    enter = QDragEnterEvent(point.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    event = QDropEvent(point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert event.isAccepted()
    qtbot.waitUntil(lambda: window.document.path == path)
    assert window.document.program == dropped
    assert window.windowTitle().startswith("dropped.snake.json")


def drop_file(window: MainWindow, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(window.width() / 2, window.height() / 2), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert event.isAccepted()


def test_dropping_a_position_file_puts_it_on_the_test_bench(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: a dropped .position.json was opened as a program (and refused as one)."""
    errors: list[str] = []
    monkeypatch.setattr(main_window_module, "show_error", lambda parent, headline, err: errors.append(headline))
    path = tmp_path / "corner.position.json"
    position = position_from_text("6x5\n......\n.Aaa..\n......\n..Bbb.\n......\n")
    save_position(path, position)
    window = make_window()
    window.show_battle()
    program = window.document.program
    drop_file(window, path)
    qtbot.waitUntil(lambda: window.test_bench.position_editor.position() == position)
    assert window.bench_page() is window.test_bench
    assert window.document.program == program and window.document.path is None  # the program stayed
    assert not errors
    assert "corner.position.json" in window.statusBar().currentMessage()
    explanation = window.test_bench.explanation()
    assert explanation is not None and explanation.possible  # decided on the dropped position


def test_file_open_on_a_position_puts_it_on_the_test_bench(qtbot: QtBot, make_window: Callable[..., MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: File → Open on a position (All files) said "unknown key 'height' in the
    program"; it goes where a dropped one goes."""
    errors: list[str] = []
    monkeypatch.setattr(main_window_module, "show_error", lambda parent, headline, err: errors.append(str(err)))
    path = tmp_path / "corner.position.json"
    position = position_from_text("6x5\n......\n.Aaa..\n......\n..Bbb.\n......\n")
    save_position(path, position)
    window = make_window()
    program = window.document.program
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    key(qtbot, window, "Ctrl+O")
    assert not errors
    assert window.test_bench.position_editor.position() == position and window.bench_page() is window.test_bench
    assert window.document.program == program


def test_a_json_file_that_holds_a_position_is_a_position(tmp_path: Path) -> None:
    plain = tmp_path / "situation.json"
    save_position(plain, position_from_text("3x2\nAa.\n...\n"))
    program = tmp_path / "mine.json"
    write_program(program, "Mine")
    assert main_window_module.is_position_file(plain)
    assert not main_window_module.is_position_file(program)
    assert main_window_module.is_position_file(tmp_path / "missing.position.json")  # by its name


def test_dropping_text_is_refused(make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    mime = QMimeData()
    mime.setText("not a file")
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert not event.isAccepted()


# --- window state -------------------------------------------------------------------------------


def test_dock_visibility_is_restored_in_the_next_window(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    assert window.history_dock.isVisible()
    window.history_dock.toggleViewAction().trigger()
    assert not window.history_dock.isVisible()
    window.close()
    again = make_window()
    assert not again.history_dock.isVisible()
    assert again.program_dock.isVisible()


def test_the_bench_docks_tab_comes_back(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    qtbot.mouseClick(window.bench_tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=window.bench_tabs.tabBar().tabRect(1).center())
    assert window.bench_page() is window.battle_tab
    window.close()
    again = make_window()
    assert again.bench_page() is again.battle_tab


@pytest.mark.parametrize("workspace", ["arena", "tournament"])
def test_closing_in_a_workspace_keeps_the_editors_panes_for_the_next_window(make_window: Callable[..., MainWindow], workspace: str) -> None:
    """Regression: closing the window in the tournament workspace (where the editor's panes step
    aside) saved the layout as shown there, so every later window opened with its panes hidden."""
    window = make_window()
    window.history_dock.toggleViewAction().trigger()  # the editor's layout, as the user left it
    (window.show_arena if workspace == "arena" else window.show_tournament)()
    assert not window.program_dock.isVisible()
    window.close()
    again = make_window()
    assert again.in_editor()
    assert again.program_dock.isVisible() and again.bench_dock.isVisible() and again.problems_dock.isVisible()
    assert not again.history_dock.isVisible()


def test_view_menu_toggles_every_pane(make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QMenu)
    texts = [a.text().replace("&", "") for a in view.actions() if a.text()]
    for title in ("Program", "Problems", "History", "Test Bench", "Battle"):
        assert title in texts


# --- battle -------------------------------------------------------------------------------------


def test_f5_switches_to_the_battle_tab_and_starts_a_battle(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    assert window.bench_page() is window.test_bench
    key(qtbot, window, "F5")
    tab = window.battle_tab
    assert window.bench_page() is tab
    qtbot.waitUntil(lambda: tab.info is not None, timeout=20_000)
    assert tab.playback.playing and tab.board.view.isVisible()
    assert tab.info is not None
    assert tab.names[0] == window.document.program.name and tab.info.programs[0] == window.document.program


def test_f5_on_an_invalid_program_says_why_instead_of_starting(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    program = builtin_program()
    broken = dataclasses.replace(program, cards=(paint(program.cards[0], [(0, 0)], Pattern(_missing_set())),))
    window = make_window(broken)
    assert window.document.problems()
    key(qtbot, window, "F5")
    assert window.battle_tab.info is None and not window.battle_tab.runner.is_running()
    message = window.battle_tab.message_label
    assert message.isVisible() and "problems" in message.text() and "set1" in message.text()
    assert "set1" in window.statusBar().currentMessage()


def test_ctrl_return_decides_in_the_window_and_f5_stays_the_battle(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    """Decide is Ctrl+Return here as in the standalone bench (it was F5 there, remapped here)."""
    window = make_window()
    bench = window.test_bench
    assert bench.decide_action.shortcut().toString() == "Ctrl+Return"
    assert "(Ctrl+Return)" in bench.decide_action.toolTip() and "F5" not in bench.decide_action.toolTip()
    window.activateWindow()
    window.card_editor.canvas.setFocus()
    with qtbot.waitSignal(bench.decided) as decided:
        key(qtbot, window, "Ctrl+Return")
    assert decided.args[0] is not None
    assert window.bench_page() is bench and window.battle_tab.info is None


# --- focus ----------------------------------------------------------------------------------------


def test_a_click_on_a_card_hands_the_keyboard_to_the_canvas(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    """Regression: after a click in the card list the list kept the focus, so R / Shift+R and
    the arrow keys did nothing to the card (and letters searched the list)."""
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    cards = window.program_panel.cards
    cards.view.setFocus()
    qtbot.mouseClick(cards.view.viewport(), Qt.MouseButton.LeftButton, pos=cards.card_rect(1).center())
    assert window.document.current_card == 1
    assert QApplication.focusWidget() is window.card_editor.canvas
    facing = window.document.card.head.facing
    key(qtbot, window, "R")
    assert window.document.card.head.facing is facing.turned(1)
    assert window.document.current_card == 1
    key(qtbot, window, "Ctrl+Shift+Up")  # moving the card still works from the canvas
    assert window.document.current_card == 0
    assert window.document.program.cards[0].head.facing is facing.turned(1)


def _missing_set() -> SetRef:
    from matcher import SetRef

    return SetRef(0)


def test_the_status_hint_drops_whole_phrases_where_the_window_is_narrow(
        qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    """Found: at 1024x700 the hint was cut mid-word ("…to move i ✓ valid"). Now the phrases that
    fit show whole, "…" says there are more, and the tooltip holds them all."""
    from editor.widgets.cards.card_editor import HINT

    window = make_window()
    window.resize(1024, 700)
    hint = window.hint_label
    qtbot.waitUntil(lambda: hint.text() != HINT)
    shown = hint.text()
    assert shown.endswith(" · …") and HINT.startswith(shown[:-len(" · …")] + " · ")
    assert hint.fontMetrics().horizontalAdvance(shown) <= hint.width()
    assert hint.toolTip() == HINT
    window.resize(1800, 900)
    qtbot.waitUntil(lambda: hint.text() == HINT)
