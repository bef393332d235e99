"""The issue's "Done means" as one user session on the real main window, driven only by mouse
drags, clicks and key presses: a new user draws a program from scratch, tests it on a position,
keeps that position as a program test, watches the program fight, saves it and opens it again.

Each step asserts on the document (program, undo stack) and on what the window shows, so a
broken link anywhere in the chain (palette → brush → canvas → document → test bench → battle →
file) fails here even when every widget's own tests pass."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QMessageBox, QToolBar, QWidget

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import SNAKE_SAMPLES
from editor import cli
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.widgets.cards.card_list import DecidedRole
from engines.snake import Cell, Direction, Element
from matcher import load_program
from matcher.fileformat import save_position
from matcher.model import AND1, CardCell, Group, GroupKind, Pattern
from pathlib import Path
from pytestqt.qtbot import QtBot
from tests.editor.qt_items import top_item
from tests.editor.conftest import show_main_window
from typing import NoReturn
from editor.widgets.cards.card_canvas import CardCanvas
from PySide6.QtGui import QAction

OR1 = Group(GroupKind.OR, 1)
TAIL_AHEAD = Pattern(Element.ENEMY_TAIL, False, AND1)
NO_HEAD_BEYOND = Pattern(Element.ENEMY_HEAD, True, OR1)
FREE = Pattern(Element.EMPTY, False, AND1)
NAME = "Tail snapper"

# "me" (snake 1) points up with a rival's tail right in front of its head.
ME = [(12, 12), (12, 13), (12, 14)]
RIVAL = [(14, 11), (13, 11), (12, 11)]


@pytest.fixture
def window(qtbot: QtBot, window_settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    def no_questions(parent: object, title: str, text: str, *args: object, **kwargs: object) -> NoReturn:
        raise AssertionError(f"the walkthrough never expects a question, got {text!r}")

    monkeypatch.setattr(QMessageBox, "question", staticmethod(no_questions))
    sample = SNAKE_SAMPLES / "tail_biter.snake.json"
    document = ProgramDocument(load_program(sample), sample)  # "the last program" of an earlier session
    main = MainWindow(document, settings=window_settings, recovery=RecoveryStore(tmp_path / "recovery"))
    main.resize(1440, 900)
    return show_main_window(qtbot, main)


# --- driving the window like a user --------------------------------------------------------------


def key(qtbot: QtBot, window: MainWindow, sequence: str) -> None:
    """Press a shortcut on whatever has the focus in the active window."""
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, sequence)


def click(qtbot: QtBot, widget: QWidget, pos: QPoint | None = None,
          button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    assert widget.isVisible(), f"{widget!r} is not visible, a user could not click it"
    qtbot.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, pos if pos is not None else widget.rect().center())


def drag(qtbot: QtBot, widget: QWidget, points: Sequence[QPoint]) -> None:
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[0])
    for point in points[1:]:
        qtbot.mouseMove(widget, point)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[-1])


def button_for(window: MainWindow, action: QAction) -> QAbstractButton:
    """The visible tool button showing ``action`` (a tool bar's or a pane's)."""
    for bar in window.findChildren(QToolBar):
        widget = bar.widgetForAction(action)
        if isinstance(widget, QAbstractButton) and widget.isVisible():
            return widget
    for candidate in window.findChildren(QAbstractButton):
        if candidate.isVisible() and getattr(candidate, "defaultAction", lambda: None)() is action:
            return candidate
    raise AssertionError(f"no visible button for {action.text()!r}")


def type_into(qtbot: QtBot, widget: QWidget, text: str, enter: bool = True) -> None:
    click(qtbot, widget)
    qtbot.keySequence(widget, "Ctrl+A")
    qtbot.keyClicks(widget, text)
    if enter:
        qtbot.keyClick(widget, Qt.Key.Key_Return)


def focus_canvas(qtbot: QtBot, canvas: CardCanvas) -> None:
    """Click the canvas's margin, off the map: the keys go to the card, nothing is painted."""
    corner = QPoint(2, 2)
    assert canvas.cell_at(corner) is None
    click(qtbot, canvas, corner)
    assert canvas.hasFocus()


def canvas_point(window: MainWindow, cell: CardCell) -> QPoint:
    return window.card_editor.canvas.cell_center(cell)


def field_point(window: MainWindow, cell: Cell) -> QPoint:
    return window.test_bench.position_editor.view.cell_rect(*cell).center().toPoint()


def steps(document: ProgramDocument) -> int:
    return document.undo_stack.index()


# --- the walkthrough -------------------------------------------------------------------------------


def test_a_new_user_draws_tests_fights_saves_and_reopens_a_program(qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    doc = window.document
    editor = window.card_editor
    canvas = editor.canvas
    palette = editor.palette_panel

    # File > New (the tool bar's New button): one blank card, head in the centre facing up.
    click(qtbot, button_for(window, window.new_action))
    assert doc.path is None and not doc.dirty and steps(doc) == 0
    assert len(doc.program.cards) == 1 and not doc.card.cells
    assert window.windowTitle().startswith("Untitled[*]")
    assert window.program_panel.cards.model.rowCount() == 1

    # Name it in the program panel: typing is one undo step.
    type_into(qtbot, window.program_panel.name_edit, NAME)
    assert doc.program.name == NAME and steps(doc) == 1

    # Card 1, "bite a tail right ahead": key 7 picks enemy tail, a click paints it ahead of the head.
    focus_canvas(qtbot, canvas)  # the name field took the keys until now
    key(qtbot, window, "7")
    assert doc.brush.pattern() == TAIL_AHEAD
    assert palette.match_buttons[Element.ENEMY_TAIL].isChecked()
    click(qtbot, canvas, canvas_point(window, (2, 3)))
    assert doc.card.cells == {(2, 3): TAIL_AHEAD}
    assert doc.dirty and window.isWindowModified()

    # NOT enemy head (keys 5 and N) in group or1 (a click on its palette button), dragged over the
    # row beyond: one stroke over three cells is one undo step.
    key(qtbot, window, "5")
    key(qtbot, window, "N")
    click(qtbot, palette.group_buttons[OR1])
    assert doc.brush.pattern() == NO_HEAD_BEYOND
    assert palette.not_button.isChecked() and palette.group_buttons[OR1].isChecked()
    before = steps(doc)
    drag(qtbot, canvas, [canvas_point(window, c) for c in [(1, 2), (1, 3), (1, 4)]])
    assert steps(doc) == before + 1
    assert {cell: doc.card.cells[cell] for cell in [(1, 2), (1, 3), (1, 4)]} == dict.fromkeys(
        [(1, 2), (1, 3), (1, 4)], NO_HEAD_BEYOND
    )
    tip = canvas.tooltip_for((1, 3))  # what hovering the cell shows
    assert "row 1, col 3" in tip and "NOT" in tip and "weight: 1" in tip

    # A click on a painted cell selects it; Delete clears it by mistake; Ctrl+Z brings it back.
    click(qtbot, canvas, canvas_point(window, (2, 3)))
    assert doc.selected_cell == (2, 3) and doc.card.cells[(2, 3)] == TAIL_AHEAD
    key(qtbot, window, "Delete")
    assert (2, 3) not in doc.card.cells
    key(qtbot, window, "Ctrl+Z")
    assert doc.card.cells[(2, 3)] == TAIL_AHEAD

    type_into(qtbot, editor.description_edit, "bite a tail right ahead")
    assert doc.card.description == "bite a tail right ahead"

    # Card 2 (Ctrl+Shift+N), "go where it is free": key 1 and N off, and1, head turned right (R),
    # a free cell painted in front of it.
    key(qtbot, window, "Ctrl+Shift+N")
    assert len(doc.program.cards) == 2 and doc.current_card == 1
    assert doc.card.head.facing is Direction.UP and not doc.card.cells
    assert editor.title_label.text() == "Card 2 of 2"
    focus_canvas(qtbot, canvas)
    key(qtbot, window, "1")
    key(qtbot, window, "N")
    click(qtbot, palette.group_buttons[AND1])
    assert doc.brush.pattern() == FREE
    key(qtbot, window, "R")
    assert doc.card.head.facing is Direction.RIGHT
    assert "right" in editor.head_label.text()
    click(qtbot, canvas, canvas_point(window, (3, 4)))
    assert doc.card.cells == {(3, 4): FREE}

    # Nothing is wrong with it.
    problems = window.problems_view
    assert doc.problems() == [] and problems.problems == []
    # No errors; the analysis (issue 17) notes weights that never change the choice, no more.
    assert problems.summary.text() == "No problems · 2 warnings"
    assert {w.kind.value for w in problems.warnings} == {"idle-weight"}
    assert window.summary_label.text().startswith("✓ valid · 2 cards")

    # The test bench (Ctrl+1) starts on the 25x25 start position: right-click deletes its two
    # snakes, then two drags draw "me" and a rival whose tail is right in front of my head.
    key(qtbot, window, "Ctrl+1")
    bench = window.test_bench
    positions = bench.position_editor
    assert window.bench_page() is bench and bench.isVisible()
    start = positions.position()
    assert (start.width, start.height) == (25, 25) and len(start.snakes) == 2
    for snake in reversed(start.snakes):
        click(qtbot, positions.view, field_point(window, snake.head), Qt.MouseButton.RightButton)
    assert positions.snake_count() == 0 and positions.me() is None
    drag(qtbot, positions.view, [field_point(window, c) for c in ME])
    drag(qtbot, positions.view, [field_point(window, c) for c in RIVAL])
    assert [s.cells for s in positions.position().snakes] == [tuple(ME), tuple(RIVAL)]
    assert positions.me() == 0

    # Decide (its button): card 1 decides, "up" bites the tail; the card list marks card 1.
    click(qtbot, button_for(window, bench.decide_action))
    explanation = bench.explanation()
    assert explanation is not None
    assert list(explanation.possible) == [Direction.UP, Direction.RIGHT, Direction.LEFT]
    assert explanation.card == 0 and list(explanation.best) == [Direction.UP]
    assert doc.decided_card == 0
    panel = bench.explanation_panel
    assert panel.headline.text() == "Snake 1 at (12, 12) moves up"
    assert panel.best_label.text() == "up"
    assert "card 1" in panel.card_label.text() and "bite a tail right ahead" in panel.card_label.text()
    assert panel.moves_table.rowCount() == 3
    assert positions.view.explanation() == explanation  # laid over the field
    card_model = window.program_panel.cards.model
    assert [card_model.data(card_model.index(row, 0), DecidedRole) for row in (0, 1)] == [True, False]

    # Keep it as a program test: a name, "Save as test" (expecting the best move shown, up); it passes.
    type_into(qtbot, bench.test_name_edit, "bite the tail ahead", enter=False)  # Enter would save it already
    assert bench.expected_moves() == {Direction.UP}
    click(qtbot, button_for(window, bench.save_test_action))
    [test] = doc.program.tests
    assert (test.name, test.snake, test.expect) == ("bite the tail ahead", 0, frozenset({Direction.UP}))
    assert test.position == positions.position()
    tests = bench.test_list
    assert [r.passed for r in tests.results()] == [True]
    assert tests.summary_text() == "1/1 passing"
    assert top_item(tests.tree, 0).text(0) == "bite the tail ahead"

    # Tests rerun after every edit: card 1 (a click in the card list) with its head turned (R)
    # no longer bites, the test fails; Ctrl+Z and it passes again.
    cards = window.program_panel.cards
    click(qtbot, cards.view.viewport(), cards.card_rect(0).center())
    assert doc.current_card == 0
    focus_canvas(qtbot, canvas)  # R in the card list would search it, not turn the head
    key(qtbot, window, "R")
    assert doc.card.head.facing is Direction.RIGHT
    assert [r.passed for r in tests.results()] == [False] and tests.summary_text() == "0/1 passing"
    key(qtbot, window, "Ctrl+Z")
    assert doc.card.head.facing is Direction.UP
    assert tests.summary_text() == "1/1 passing"

    # A quick battle against the default sample opponents: the Battle tab (Ctrl+2), a fixed seed
    # typed in so the battle replays, F5; pause it, step it, step back, click my snake to see why
    # it moved.
    key(qtbot, window, "Ctrl+2")
    fight = window.battle_tab
    assert window.bench_page() is fight
    type_into(qtbot, fight.setup.seed_box, "7")
    assert fight.setup.settings().seed == 7 and fight.info is None
    key(qtbot, window, "F5")
    qtbot.waitUntil(lambda: fight.info is not None, timeout=20_000)
    playback, transport = fight.playback, fight.transport
    assert playback.playing and fight.names[0] == NAME and fight.info.seed == 7
    click(qtbot, transport.play_button)
    assert not playback.playing
    qtbot.waitUntil(lambda: fight.runner.gate.waiting, timeout=20_000)  # the worker holds: no step under way
    QApplication.processEvents()
    shown = playback.frames[playback.index].turn
    click(qtbot, transport.step_button)
    qtbot.waitUntil(lambda: playback.frames[playback.index].turn == shown + 1, timeout=20_000)
    click(qtbot, transport.back_button)
    assert playback.frames[playback.index].turn == shown
    click(qtbot, transport.step_button)
    qtbot.waitUntil(lambda: fight.board.view.board().position() == playback.frames[-1].state.position)
    head = fight.board.view.board().head(0)
    click(qtbot, fight.board.view, fight.board.view.cell_rect(*head).center().toPoint())
    assert fight.explanation is not None
    assert NAME in fight.board.explain_label.text()
    assert fight.board.view.explanation() is fight.explanation

    # Save As (Ctrl+Shift+S): the file dialog answers "snapper"; the suffix is added, the save is
    # atomic and the window is clean.
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "snapper"), "")))
    key(qtbot, window, "Ctrl+Shift+S")
    saved = tmp_path / "snapper.snake.json"
    assert saved.is_file() and doc.path == saved
    assert not doc.dirty and not window.isWindowModified()
    assert window.windowTitle().startswith("snapper.snake.json")
    assert not list(tmp_path.glob(".*.tmp"))
    program = doc.program
    assert load_program(saved) == program

    # The command line explains the bench's position exactly as the bench showed it.
    position_file = tmp_path / "bite.position.json"
    save_position(position_file, positions.position())
    capsys.readouterr()
    assert cli.main(["explain", str(saved), str(position_file)]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(bench.explanation().to_json()))

    # New, then Open (Ctrl+O) the saved file: the same program, its test passing again.
    key(qtbot, window, "Ctrl+N")
    assert doc.path is None and doc.program.name != NAME and len(doc.program.cards) == 1
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    key(qtbot, window, "Ctrl+O")
    assert doc.program == program and doc.path == saved and not doc.dirty
    assert window.program_panel.name_edit.text() == NAME
    assert cards.model.rowCount() == 2
    assert [r.passed for r in doc.test_results()] == [True] and tests.summary_text() == "1/1 passing"
    assert str(saved.resolve()) in window.recent_files()
