"""The Improve window, driven by clicks: a search started from the document on tiny battles (an
injected clock makes the budget a number of generations), its progress in the plot and the labels,
pause and resume, stop, the best program as a diff, "Take this program" as one undo step that
undo reverses exactly, the check on fresh seeds, closing while it runs, and bad input in one line."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from typing import NoReturn
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, QSize, Qt
from PySide6.QtGui import QKeySequence, QValidator
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.improve import fresh_report
from arena.cli_improve import MOST_BUDGET
from arena.improve.runners import InlineRunner
from arena.samples import resolve_program
from arena.tournament import TournamentError
from engines.snake import Element
from editor.document import ProgramDocument
from editor.widgets.improve import improve_dialog
from editor.widgets.improve.improve_dialog import ImproveDialog, take_text
from editor.widgets.improve.improve_setup import DurationBox, ImproveSetupError, format_duration, parse_sizes
from matcher import Card, Head, Pattern, Program, dumps_program, load_program, save_program
from matcher.model import SetRef
from tests.editor.file_choosers import assert_remembered_only_in, two_program_folders
from editor.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
Button = QMessageBox.StandardButton
RUN_TIMEOUT_MS = 60_000
FOREVER = 24 * 3600
"""A budget the tests never spend: they stop the search."""


class StepClock:
    """A clock that advances a quarter second per reading: a search reads it about four times per
    generation, so its budget in seconds is about its number of generations."""

    def __init__(self) -> None:
        self.now = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            self.now += 0.25
            return self.now


@pytest.fixture
def make_dialog(qtbot: QtBot, answers: list[Button]) -> Callable[..., ImproveDialog]:
    """``make_dialog(program, budget=…, …)``: the window on ``program`` (default: one blank card,
    which the search improves in its first generation), shown, set to tiny battles against
    Hunter and Tail biter."""

    def make(program: Program | None = None, *, budget: int = 3, check: int = 0, jobs: int = 1,
             seed: int = 2, opponents: tuple[str, ...] = ("hunter", "tail_biter"),
             settings: QSettings | None = None) -> ImproveDialog:
        document = ProgramDocument(program if program is not None else Program())
        dialog = ImproveDialog(document, clock=StepClock(), settings=settings)
        qtbot.addWidget(dialog, before_close_func=lambda d: d.shutdown())
        dialog.resize(1240, 800)
        dialog.show()
        qtbot.waitExposed(dialog)
        setup = dialog.setup
        setup.set_opponents(opponents)
        setup.sizes_edit.setText("11x11")
        setup.length_box.setValue(3)
        setup.steps_box.setValue(60)
        setup.budget_box.setValue(budget)
        setup.seed_box.setValue(seed)
        setup.jobs_box.setValue(jobs)
        setup.check_box.setValue(check)
        return dialog

    return make


def run(qtbot: QtBot, dialog: ImproveDialog) -> None:
    """Click Start and wait (the GUI stays live) until the search has ended."""
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(dialog.start_button, LEFT)
        assert dialog.is_running() and not dialog.start_button.isEnabled() and dialog.stop_button.isEnabled()
        assert not dialog.setup.budget_box.isEnabled()


def test_a_search_shows_its_progress_and_its_best_program_as_a_diff(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=3)
    run(qtbot, dialog)
    generations = dialog.generations
    assert generations >= 2
    # One point per generation, both curves, an interval band around the best.
    assert dialog.plot.points() == generations
    x, best = dialog.plot.curve_data(0)
    assert list(x) == [float(g) for g in range(1, generations + 1)]
    low, high = dialog.plot.band()
    assert len(low) == generations and all(lo <= b <= hi for lo, b, hi in zip(low, best, high))
    assert dialog.plot.legend_names() == ["best program", "your program"]
    assert dialog.plot.kept_generations()  # the blank card is beaten at once: a star marks it
    assert dialog.progress.score_label.text().startswith(f"Generation {generations}: best")
    assert "gain" in dialog.progress.score_label.text() and "battles/s" in dialog.progress.rate_label.text()
    assert dialog.progress.progress_bar.value() == 1000  # the whole budget spent
    assert dialog.status_label.text().startswith("Done:")
    # The best program is shown against the document, card by card.
    found = dialog.best
    assert found is not None
    best_program = found.program
    assert found.changes and best_program != dialog.document.program
    assert dialog.diff_view.headlines() and dialog.diff_view.diff is not None
    assert dialog.take_button.isEnabled() and dialog.start_button.isEnabled()


def test_take_this_program_is_one_undo_step_and_undo_restores_the_document_exactly(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=2)
    run(qtbot, dialog)
    document = dialog.document
    before, before_text, steps = document.program, document.to_text(), document.undo_stack.count()
    best = dialog.best
    assert best is not None
    qtbot.mouseClick(dialog.take_button, LEFT)
    assert document.program == best.program
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == take_text(best) and "Take improved program" in take_text(best)
    assert document.dirty
    # Nothing left to take: the best program is the document's now.
    assert not dialog.take_button.isEnabled()
    assert dialog.diff_view.headlines() == []
    document.undo_stack.undo()
    assert document.program == before and document.to_text() == before_text
    assert not document.dirty
    # The diff follows the document: the best program differs again and can be taken again.
    assert dialog.diff_view.headlines() and dialog.take_button.isEnabled()
    document.undo_stack.redo()
    assert document.program == best.program


def test_taking_after_the_document_changed_asks_first(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], answers: list[Button]) -> None:
    dialog = make_dialog(budget=2)
    run(qtbot, dialog)
    document = dialog.document
    document.edit(lambda p: Program(p.name, "edited meanwhile", p.sets, p.cards, p.tests), "Describe")
    answers.append(Button.Cancel)
    assert not dialog.take() and document.program.description == "edited meanwhile"
    answers.append(Button.Yes)
    assert dialog.best is not None
    assert dialog.take() and document.program == dialog.best.program
    assert not answers


def test_pause_holds_the_search_between_generations_and_resume_goes_on(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=FOREVER)
    qtbot.mouseClick(dialog.start_button, LEFT)
    qtbot.waitUntil(lambda: dialog.generations >= 1, timeout=RUN_TIMEOUT_MS)
    qtbot.mouseClick(dialog.pause_button, LEFT)
    assert dialog.pause_button.text() == "Resume" and "Paused" in dialog.status_label.text()
    done = dialog.worker.generations_done()  # the window's count may lag: signals are queued
    qtbot.wait(900)
    assert dialog.worker.generations_done() <= done + 1  # at most the generation under way
    qtbot.waitUntil(lambda: dialog.generations >= dialog.worker.generations_done(), timeout=RUN_TIMEOUT_MS)
    assert dialog.generations <= done + 1 and dialog.plot.points() == dialog.generations
    qtbot.mouseClick(dialog.pause_button, LEFT)
    assert dialog.pause_button.text() == "Pause"
    qtbot.waitUntil(lambda: dialog.generations > done + 1, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(dialog.stop_button, LEFT)


def test_stop_ends_the_search_after_the_generation_under_way_and_keeps_its_best(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=FOREVER, check=5)
    qtbot.mouseClick(dialog.start_button, LEFT)
    qtbot.waitUntil(lambda: dialog.generations >= 2, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS) as finished:
        qtbot.mouseClick(dialog.stop_button, LEFT)
        assert not dialog.stop_button.isEnabled() and not dialog.pause_button.isEnabled()
        assert dialog.status_label.text().startswith("Stopping")
    assert not dialog.is_running() and dialog.start_button.isEnabled() and dialog.setup.budget_box.isEnabled()
    assert dialog.status_label.text().startswith(f"Stopped after {dialog.generations} generations")
    assert finished.args[0] == dialog.best and dialog.best is not None and dialog.best.changes
    assert dialog.report is None and dialog.report_table.isHidden()  # no check after Stop
    assert dialog.take_button.isEnabled()


def test_the_check_on_fresh_seeds_is_what_fresh_report_computes(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=2, check=6, jobs=2)  # the pool's results equal one process's
    run(qtbot, dialog)
    job, best = dialog.job, dialog.best
    assert job is not None and best is not None
    expected = fresh_report(job.program, best.program, job.field, InlineRunner(), 6)
    assert dialog.report == expected
    table = dialog.report_table
    assert table.isVisible() and table.rowCount() == 3
    rows = table.texts()
    assert rows[0] == ["Hunter", expected.opponents[0].before.text(), expected.opponents[0].after.text(),
                       expected.opponents[0].change.text(signed=True)]
    assert rows[2][0] == "All opponents" and rows[2][3] == expected.overall_change.text(signed=True)
    assert expected.overall_change.text(signed=True) in dialog.status_label.text()


def test_pinned_cards_are_taken_from_the_document_and_never_change(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    # A card that bites a tail ahead (kept) and one that checks nothing (for the search to change).
    bite = Card(Head(), {(2, 3): Pattern(Element.ENEMY_TAIL)}, "bite a tail ahead")
    program = Program("two", "", (), (bite, Card()))
    dialog = make_dialog(program, budget=3, seed=5)  # seed 5 adds a card before the kept one
    assert dialog.setup.pin_list.count() == len(program.cards)
    dialog.setup.pin_list.item(0).setCheckState(Qt.CheckState.Checked)
    run(qtbot, dialog)
    assert dialog.job is not None and dialog.job.settings.pinned == frozenset({0})
    assert dialog.best is not None and dialog.best.changes and dialog.best.program.cards.index(bite) > 0  # moved, never changed


def test_closing_while_a_search_runs_asks_then_stops_it_and_leaves_no_worker(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], answers: list[Button]) -> None:
    dialog = make_dialog(budget=FOREVER, jobs=2)
    qtbot.mouseClick(dialog.start_button, LEFT)
    qtbot.waitUntil(lambda: dialog.generations >= 1, timeout=RUN_TIMEOUT_MS)
    answers.append(Button.Cancel)
    dialog.close()
    assert dialog.isVisible() and dialog.is_running() and not dialog.worker.stopping
    answers.append(Button.Yes)
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS):
        dialog.close()
        assert not dialog.isVisible()
    assert dialog.wait(30) and not dialog.is_running()
    assert not multiprocessing.active_children()  # the pool's processes are gone
    assert dialog.best is not None and dialog.best.changes  # kept, to take when the window reopens
    assert not answers


def test_the_window_opens_from_the_battle_menu_and_closes_with_the_app(qtbot: QtBot, make_window: Callable[[], MainWindow], answers: list[Button]) -> None:
    window = make_window()
    QApplication.processEvents()
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(ImproveDialog)
    assert dialog is not None and dialog.isVisible() and dialog.document is window.document
    assert window.improve_action.shortcut() == QKeySequence("Ctrl+I")
    window.improve_action.trigger()
    assert window.findChildren(ImproveDialog) == [dialog]
    setup = dialog.setup
    setup.sizes_edit.setText("11x11")
    setup.length_box.setValue(3)
    setup.steps_box.setValue(60)
    setup.budget_box.setValue(FOREVER)
    setup.jobs_box.setValue(1)
    qtbot.mouseClick(dialog.start_button, LEFT)
    qtbot.waitUntil(lambda: dialog.generations >= 1, timeout=RUN_TIMEOUT_MS)
    window.close()  # no question: the app is closing, the search is stopped and waited for
    assert not window.isVisible() and not dialog.is_running()


def test_on_a_small_screen_the_window_opens_within_it_with_its_buttons_in_reach(
        qtbot: QtBot, make_window: Callable[[], MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    room = QSize(1024, 668)  # a 1024 x 700 screen less a title bar (tests have no real screen to ask)
    monkeypatch.setattr(improve_dialog, "screen_room", lambda widget: room)
    window = make_window()
    QApplication.processEvents()
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(ImproveDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.close_button.isVisible())
    assert dialog.width() <= room.width() and dialog.height() <= room.height()
    for button in (dialog.start_button, dialog.close_button):
        corner = button.mapTo(dialog, QPoint(button.width(), button.height()))
        assert corner.x() <= room.width() and corner.y() <= room.height(), button.text()
    qtbot.mouseClick(dialog.close_button, LEFT)
    assert not dialog.isVisible()


def test_add_file_starts_in_the_last_program_folder_and_remembers_the_one_chosen(
        qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], window_settings: QSettings, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (window_settings: the main window's settings; the app's default QSettings() go below tmp_path)
    mine, theirs, asked = two_program_folders(tmp_path, window_settings, monkeypatch)
    dialog = make_dialog(settings=window_settings)  # an untitled program: no folder of its own
    qtbot.mouseClick(dialog.setup.add_file_button, LEFT)
    qtbot.mouseClick(dialog.setup.add_file_button, LEFT)
    assert asked == [str(mine), str(theirs)]
    assert_remembered_only_in(window_settings, theirs)


# --- bad input -----------------------------------------------------------------------------------


def test_a_bad_opponent_file_is_one_line_and_nothing_starts(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], tmp_path: Path) -> None:
    dialog = make_dialog()
    rival = tmp_path / "rival.snake.json"
    save_program(rival, load_program(resolve_program("hunter")))
    count = dialog.setup.opponent_list.count()
    assert dialog.setup.add_opponent_file(rival)
    assert dialog.setup.opponent_list.count() == count + 1
    rival.write_text('{"format": "snake-program", "cards": [', encoding="utf-8")  # broken after it was added
    qtbot.mouseClick(dialog.start_button, LEFT)
    assert not dialog.is_running() and dialog.job is None
    text = dialog.error_label.text()
    assert dialog.error_label.isVisible() and "\n" not in text
    assert text.startswith("Opponent Hunter 2:") and "rival.snake.json: line 1" in text
    # A file that is no program is not added, and says why.
    assert not dialog.setup.add_opponent_file(rival)
    assert dialog.error_label.text().startswith("Not added:") and "rival.snake.json" in dialog.error_label.text()


def test_a_search_that_fails_on_its_way_says_why_in_one_line(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(jobs: int | None, cluster: str | None) -> NoReturn:
        raise TournamentError("--cluster tcp://10.9.9.9:8786: cannot reach the Dask scheduler:\n  timed out")

    monkeypatch.setattr("editor.widgets.improve.improve_worker.make_runner", unreachable)
    dialog = make_dialog()
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS) as finished:
        qtbot.mouseClick(dialog.start_button, LEFT)
    assert finished.args == [None] and not dialog.is_running() and dialog.start_button.isEnabled()
    assert dialog.error_label.text() == "Cluster tcp://10.9.9.9:8786: cannot reach the Dask scheduler: timed out"
    assert dialog.status_label.text() == "The search failed after 0 generations."


@pytest.mark.parametrize("arrange, message", [
    (lambda d: d.setup.sizes_edit.setText("25by25"), "Field size '25by25': expected width x height"),
    (lambda d: d.setup.sizes_edit.setText("5x5"), "Field 5x5 with 2 snakes of length 3:"),
    (lambda d: d.setup.set_opponents([]), "Opponents: tick at least one"),
    (lambda d: d.setup.set_pinned([0]), "Keep cards: every card is kept"),
    (lambda d: d.setup.cluster_edit.setText("nonsense://x"), "Cluster"),
])
def test_bad_settings_are_one_line_and_nothing_starts(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog], arrange: Callable[[ImproveDialog], object], message: str) -> None:
    dialog = make_dialog()
    arrange(dialog)
    assert not dialog.start()
    assert not dialog.is_running() and dialog.error_label.isVisible()
    assert message in dialog.error_label.text() and "\n" not in dialog.error_label.text()


def test_a_program_with_problems_is_not_searched(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    broken = Program(cards=(Card(Head(), {(2, 3): Pattern(SetRef(2))}),))
    dialog = make_dialog(broken)
    assert not dialog.start()
    assert dialog.error_label.text().startswith("The program has 1 problem to fix first:")


def test_a_budget_reads_and_shows_as_the_command_line_takes_it(qtbot: QtBot) -> None:
    box = DurationBox()
    qtbot.addWidget(box)
    box.setRange(1, FOREVER)
    for typed, seconds, shown in (("90", 90, "90s"), ("2m", 120, "2m"), ("1h", 3600, "1h"), ("45s", 45, "45s")):
        box.lineEdit().setText(typed)
        box.interpretText()
        assert box.value() == seconds and box.text() == shown
    assert format_duration(600) == "10m"
    assert parse_sizes("25x25, 15X15;25x25") == ((25, 25), (15, 15))
    with pytest.raises(ImproveSetupError, match="at least one"):
        parse_sizes(" ")


def test_typing_a_budget_that_is_no_duration_is_refused_keystroke_by_keystroke(qtbot: QtBot) -> None:
    """QA: a letter typed in Budget raised (the validator let the command line's ArgumentTypeError
    through), so Qt got no answer for the keystroke."""
    dialog_box = DurationBox()
    qtbot.addWidget(dialog_box)
    dialog_box.setRange(1, int(MOST_BUDGET))
    dialog_box.show()
    dialog_box.lineEdit().clear()
    qtbot.keyClicks(dialog_box.lineEdit(), "2x")  # "2" stays, "x" is refused
    assert dialog_box.lineEdit().text() == "2"
    for text in ("abc", "0s", "25h"):  # no duration, none at all, more than a day
        assert dialog_box.validate(text, 0)[0] is not QValidator.State.Acceptable, text
    assert dialog_box.validate("24h", 0)[0] is QValidator.State.Acceptable


def test_the_editor_s_program_is_searched_as_it_was_at_start(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog]) -> None:
    dialog = make_dialog(budget=FOREVER)
    start = dialog.document.program
    qtbot.mouseClick(dialog.start_button, LEFT)
    dialog.document.edit(lambda p: Program("renamed", p.description, p.sets, p.cards, p.tests), "Rename")
    qtbot.waitUntil(lambda: dialog.generations >= 1, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(dialog.runFinished, timeout=RUN_TIMEOUT_MS):
        dialog.stop()
    assert dialog.job is not None and dialog.job.program == start and dumps_program(dialog.job.program) == dumps_program(start)


def test_enter_in_a_field_starts_the_search(qtbot: QtBot, make_dialog: Callable[..., ImproveDialog],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyboard only: Enter in the budget box is Start, the dialog's default (it was "Add
    file…", the first button, which opened a file chooser instead)."""
    chooser: list[str] = []

    def choose_file(*_args: object, **_kw: object) -> tuple[str, str]:
        chooser.append("asked")
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose_file)
    dialog = make_dialog(budget=3)
    box = dialog.setup.budget_box
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert not chooser, "Enter opened the file chooser"
    assert dialog.is_running() and not dialog.start_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.status_label.text().startswith("Done:"), timeout=RUN_TIMEOUT_MS)
    qtbot.waitUntil(lambda: not dialog.is_running())
