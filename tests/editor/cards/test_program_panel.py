"""The program panel: name and description typed in are undoable, one step per editing session;
the card list and the sets editor inside it edit the same document."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard, before any widget)
from editor.document import ProgramDocument
from editor.widgets.cards.program_panel import ProgramPanel
from engines.snake import Element
from matcher.model import Card, ElementSet, Program
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
PROGRAM = Program("Biter", "Bites tails.", (ElementSet("rival", frozenset({Element.ENEMY_TAIL, Element.ENEMY_BODY})),),
                  (Card(description="first"), Card(description="second")))


@pytest.fixture
def make_panel(qtbot: QtBot) -> Callable[..., ProgramPanel]:
    def make(program: Program = PROGRAM) -> ProgramPanel:
        panel = ProgramPanel(ProgramDocument(program))
        qtbot.addWidget(panel)
        panel.resize(360, 900)
        panel.show()
        qtbot.waitExposed(panel)
        panel.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is panel, timeout=2000)
        return panel

    return make


def test_shows_name_and_description(make_panel: Callable[..., ProgramPanel]) -> None:
    panel = make_panel()
    assert panel.name_edit.text() == "Biter"
    assert panel.description_edit.toPlainText() == "Bites tails."


def test_typing_a_name_is_one_undo_step(qtbot: QtBot, make_panel: Callable[..., ProgramPanel]) -> None:
    panel = make_panel()
    qtbot.mouseClick(panel.name_edit, LEFT)
    panel.name_edit.selectAll()
    qtbot.keyClicks(panel.name_edit, "Chomper")
    document = panel.document
    assert document.program.name == "Chomper"
    assert document.undo_stack.count() == 1
    assert document.dirty
    document.undo_stack.undo()
    assert document.program.name == "Biter"
    assert panel.name_edit.text() == "Biter"
    assert not document.dirty
    document.undo_stack.redo()
    assert panel.name_edit.text() == "Chomper"


def test_typing_a_description_is_one_undo_step_per_session(qtbot: QtBot, make_panel: Callable[..., ProgramPanel]) -> None:
    panel = make_panel()
    edit = panel.description_edit
    qtbot.mouseClick(edit.viewport(), LEFT)
    edit.moveCursor(edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(edit, " Fast.")
    document = panel.document
    assert document.program.description == "Bites tails. Fast."
    assert document.undo_stack.count() == 1

    qtbot.mouseClick(panel.name_edit, LEFT)  # focus leaves the description: the session ends
    qtbot.mouseClick(edit.viewport(), LEFT)
    edit.moveCursor(edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(edit, "!")
    assert document.program.description == "Bites tails. Fast.!"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert edit.toPlainText() == "Bites tails. Fast."
    document.undo_stack.undo()
    assert edit.toPlainText() == "Bites tails."
    assert document.undo_stack.count() == 2, "undo does not push edits of its own"


def test_opening_another_program_shows_it(make_panel: Callable[..., ProgramPanel]) -> None:
    panel = make_panel()
    panel.document.replace_all(Program("Other", "", (), (Card(),)), None)
    assert panel.name_edit.text() == "Other"
    assert panel.description_edit.toPlainText() == ""
    assert panel.cards.model.rowCount() == 1
    assert panel.sets.rows == []
    assert panel.document.undo_stack.count() == 0


def test_cards_and_sets_inside_edit_the_same_document(qtbot: QtBot, make_panel: Callable[..., ProgramPanel]) -> None:
    panel = make_panel()
    qtbot.mouseClick(panel.cards.add_button, LEFT)
    qtbot.mouseClick(panel.sets.add_button, LEFT)
    program = panel.document.program
    assert len(program.cards) == 3
    assert len(program.sets) == 2
    assert panel.document.undo_stack.count() == 2
    assert panel.name_edit.text() == "Biter"


def test_a_long_program_name_shows_its_start(make_panel: Callable[..., ProgramPanel]) -> None:
    name = "A program whose name is far longer than the field that shows it in the program pane"
    panel = make_panel(Program(name, cards=(Card(),)))
    assert panel.name_edit.text() == name and panel.name_edit.cursorPosition() == 0
