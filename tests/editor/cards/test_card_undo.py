"""Undoing a card that was added or duplicated: no traceback, the card before it shows.

Issue 16: undoing Add card or Duplicate printed two IndexError tracebacks (the cell inspector and
the card editor read the current card, past the end of the program that had just come back)."""

from __future__ import annotations
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow
from engines.snake import Element
from matcher.editing import add_set, paint
from matcher.model import Pattern


@pytest.mark.parametrize("button", ["add_button", "duplicate_button"])
def test_undoing_add_card_or_duplicate_prints_no_traceback(qtbot: QtBot, make_window: Callable[[], MainWindow], button: str) -> None:
    window = make_window()
    cards = window.program_panel.cards
    window.document.set_current_card(len(window.document.program.cards) - 1)  # the last card
    before = window.document.program
    canvas = window.card_editor.canvas
    with qtbot.captureExceptions() as raised:
        qtbot.mouseClick(getattr(cards, button), Qt.MouseButton.LeftButton)
        assert len(window.document.program.cards) == len(before.cards) + 1
        qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center((0, 0)))  # select a cell there
        window.activateWindow()
        QApplication.processEvents()
        qtbot.keySequence(QApplication.focusWidget() or window, "Ctrl+Z")
        qtbot.keySequence(QApplication.focusWidget() or window, "Ctrl+Z")
    assert raised == []
    assert window.document.program == before
    last = len(before.cards)
    assert window.card_editor.title_label.text() == f"Card {last} of {last}"
    assert window.document.current_card == last - 1


FIELDS: dict[str, Callable[[MainWindow], QWidget]] = {
    "program name": lambda w: w.program_panel.name_edit,
    "program description": lambda w: w.program_panel.description_edit,
    "card description": lambda w: w.card_editor.description_edit,
    "set name": lambda w: w.program_panel.sets.row(0).name_edit,
}


@pytest.mark.parametrize("field_name", FIELDS)
def test_ctrl_z_in_a_text_field_undoes_the_programs_last_edit(qtbot: QtBot, make_window: Callable[[], MainWindow], field_name: str) -> None:
    """Regression: a text field took Ctrl+Z for its own history, so with the focus in it the
    paint stroke before could not be undone, and undoing typed text left a step that did
    nothing in History."""
    window = make_window()
    document = window.document
    document.edit(lambda p: add_set(p, "rivals", {Element.ENEMY_HEAD}), "Add set")
    document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(Element.BORDER)), "Paint border")
    painted = document.program
    field = FIELDS[field_name](window)
    window.activateWindow()
    field.setFocus()
    QApplication.processEvents()
    assert QApplication.focusWidget() is field
    qtbot.keyClicks(field, "XY")
    typed = document.program
    assert typed != painted and document.undo_stack.index() == 3
    qtbot.keySequence(field, "Ctrl+Z")
    assert document.program == painted and document.undo_stack.index() == 2
    qtbot.keySequence(field, "Ctrl+Z")  # the field has nothing left of its own: the paint goes
    assert document.program.cards[0].cells.get((0, 0)) is None and document.undo_stack.index() == 1
    qtbot.keySequence(field, "Ctrl+Shift+Z")
    qtbot.keySequence(field, "Ctrl+Shift+Z")
    assert document.program == typed
    assert [document.undo_stack.text(i) for i in range(document.undo_stack.count())][:2] == ["Add set", "Paint border"]
