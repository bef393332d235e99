"""Undoing a card that was added or duplicated: no traceback, the card before it shows.

Issue 16: undoing Add card or Duplicate printed two IndexError tracebacks (the cell inspector and
the card editor read the current card, past the end of the program that had just come back)."""

from __future__ import annotations
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow


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
