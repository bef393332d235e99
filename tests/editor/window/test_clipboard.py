"""Copy and paste of cells and cards, within a program and between programs (issue 16: there was
none): the clipboard holds snakepit's MIME type and the same JSON as text; a paste is one undo
step; a copied card keeps the meaning of the user sets it uses."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from tests.editor.conftest import show_main_window

import editor.widgets  # noqa: F401
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import builtin_program
from editor.window.clipboard import FORMAT, MIME_TYPE, Clip, put
from engines.snake import Element
from matcher.editing import paint
from matcher.model import ElementSet, Pattern, Program, SetRef

LEFT = Qt.MouseButton.LeftButton
WALLS = ElementSet("walls", frozenset({Element.BORDER, Element.OWN_BODY}))


def keys(qtbot: QtBot, window: MainWindow, sequence: str) -> None:
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, sequence)


def click_cell(qtbot: QtBot, window: MainWindow, cell: tuple[int, int]) -> None:
    canvas = window.card_editor.canvas
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_center(cell))


@pytest.fixture
def second_window(qtbot: QtBot, tmp_path: Path) -> Callable[[Program], MainWindow]:
    def make(program: Program) -> MainWindow:
        window = MainWindow(ProgramDocument(program), recovery=RecoveryStore(tmp_path / "recovery2"),
                            settings=make_settings(tmp_path))
        return show_main_window(qtbot, window)

    return make


def make_settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "second.ini"), QSettings.Format.IniFormat)


def test_a_copied_cell_pastes_onto_another_card_as_one_undo_step(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    doc = window.document
    click_cell(qtbot, window, (2, 3))  # card 1's painted cell: the click selects it
    assert doc.selected_cell == (2, 3)
    keys(qtbot, window, "Ctrl+C")
    mime = QApplication.clipboard().mimeData()
    assert mime.hasFormat(MIME_TYPE) and FORMAT in mime.text()
    assert json.loads(mime.text())["cells"] == [{"row": 2, "col": 3, "match": "enemy_tail", "group": "and1"}]
    doc.set_current_card(2)  # the blank card, nothing selected: the cell lands where it was
    keys(qtbot, window, "Ctrl+V")
    assert doc.card.cells == {(2, 3): Pattern(Element.ENEMY_TAIL)}
    # Onto a selected cell of another card: it takes the copied pattern.
    doc.set_current_card(1)
    click_cell(qtbot, window, (1, 3))
    keys(qtbot, window, "Ctrl+V")
    assert doc.card.cells[(1, 3)] == Pattern(Element.ENEMY_TAIL)
    assert window.statusBar().currentMessage() == "Pasted 1 cell."
    doc.undo_stack.undo()
    assert doc.card.cells[(1, 3)] == builtin_program().cards[1].cells[(1, 3)]


def test_a_card_using_a_set_pastes_into_another_program_with_that_set(qtbot: QtBot, make_window: Callable[[], MainWindow], second_window: Callable[[Program], MainWindow]) -> None:
    source = builtin_program()
    card = paint(source.cards[1], [(0, 0)], Pattern(SetRef(0), negate=True))
    source = dataclasses.replace(source, sets=(WALLS,), cards=(source.cards[0], card, source.cards[2]))
    window = make_window()
    window.document.replace_all(source, None)
    window.document.set_current_card(1)
    keys(qtbot, window, "Ctrl+Shift+C")

    other = Program("Other", sets=(ElementSet("mine", frozenset({Element.OWN_TAIL, Element.EMPTY})),))
    target = second_window(other)
    keys(qtbot, target, "Ctrl+V")
    pasted = target.document.program
    assert len(pasted.cards) == 2 and target.document.current_card == 1
    assert pasted.sets[1] == WALLS, "the set the card uses came with it"
    assert pasted.cards[1].cells[(0, 0)] == Pattern(SetRef(1), negate=True)
    assert pasted.cards[1].cells[(2, 3)] == card.cells[(2, 3)]
    target.document.undo_stack.undo()
    assert target.document.program == other

    # A program with a set of the same elements uses it rather than adding one.
    same = Program("Same", sets=(ElementSet("edges", WALLS.elements),))
    third = second_window(same)
    keys(qtbot, third, "Ctrl+Shift+V")
    assert third.document.program.sets == same.sets
    assert third.document.program.cards[1].cells[(0, 0)] == Pattern(SetRef(0), negate=True)


def test_what_cannot_be_pasted_is_said_and_changes_nothing(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    doc = window.document
    before = doc.program
    QApplication.clipboard().setText("just some text")  # another program's copy
    keys(qtbot, window, "Ctrl+V")
    assert doc.program == before
    assert "Cannot paste" in window.statusBar().currentMessage()
    # A card using a set, into a program that has 4 other sets: refused with the reason.
    others = (Element.EMPTY, Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL, Element.EMPTY)
    full = dataclasses.replace(before, sets=tuple(ElementSet(f"s{i}", frozenset(others[i:i + 2])) for i in range(4)))
    doc.replace_all(full, None)
    card = paint(full.cards[2], [(0, 0)], Pattern(SetRef(0)))
    put(Clip("cards", cards=(card,), sets=(WALLS,)))
    keys(qtbot, window, "Ctrl+V")
    assert doc.program == full
    assert "4 user sets" in window.statusBar().currentMessage()


def test_a_shift_clicked_rectangle_is_copied_and_pasted_at_the_selected_cell(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    doc = window.document
    canvas = window.card_editor.canvas
    roam = builtin_program().cards[1]
    doc.set_current_card(1)
    click_cell(qtbot, window, (1, 3))
    qtbot.mouseClick(canvas, LEFT, Qt.KeyboardModifier.ShiftModifier, canvas.cell_center((2, 4)))
    assert canvas.selected_cells() == [(1, 3), (1, 4), (2, 3), (2, 4)]
    assert doc.program.cards[1] == roam, "Shift+click paints nothing"
    keys(qtbot, window, "Ctrl+C")
    assert window.statusBar().currentMessage() == "Copied 2 cells of card 2."
    doc.set_current_card(2)
    canvas.setFocus(Qt.FocusReason.OtherFocusReason)
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Left):  # from beside the head to (4, 0)
        qtbot.keyClick(canvas, key)
    assert doc.selected_cell == (4, 0)
    keys(qtbot, window, "Ctrl+V")
    assert doc.card.cells == {(4, 0): roam.cells[(1, 3)], (5, 0): roam.cells[(2, 3)]}
    # Too near the edge: refused, with the reason.
    doc.undo_stack.undo()
    doc.select_cell((6, 6))
    keys(qtbot, window, "Ctrl+V")
    assert not doc.card.cells and "fall off the card" in window.statusBar().currentMessage()
