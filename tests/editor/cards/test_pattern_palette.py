"""The pattern palette: buttons and window-wide keys set the document's brush; sets follow the program."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget

from editor.document import Brush, ProgramDocument
from editor.widgets.cards.pattern_paint import group_color
from editor.widgets.cards.pattern_palette import PatternPalette, brush_weight
from engines.snake import Element
from matcher.editing import add_set, remove_set
from matcher.model import ALL_GROUPS, AND1, ElementSet, Group, GroupKind, Program, SetRef
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
RIVAL = ElementSet("any rival part", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))


class Window(QWidget):
    """A window holding the palette, a text field and a button, as the main window will."""

    def __init__(self, document: ProgramDocument) -> None:
        super().__init__()
        self.palette_panel = PatternPalette(document)
        self.field = QLineEdit()
        self.button = QPushButton("elsewhere")
        self.combo = QComboBox()
        self.combo.addItems(["alpha", "2 two", "Nine"])
        self.spin = QSpinBox()
        self.notes = QPlainTextEdit()
        layout = QVBoxLayout(self)
        for widget in (self.field, self.button, self.combo, self.spin, self.notes):
            layout.addWidget(widget)
        layout.addWidget(self.palette_panel)


def press(qtbot: QtBot, palette: PatternPalette, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key press in the palette's window, where the focus is on a widget that types no text."""
    qtbot.keyClick(palette.window().focusWidget(), key, modifier)


@pytest.fixture
def make_window(qtbot: QtBot) -> Callable[..., Window]:
    windows: list[Window] = []  # qtbot holds widgets weakly; tests often keep only the palette

    def make(sets: tuple[ElementSet, ...] = ()) -> Window:
        window = Window(ProgramDocument(Program(sets=sets)))
        qtbot.addWidget(window)
        window.resize(260, 980)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)  # window shortcuts only fire in the active window
        window.button.setFocus()  # keys go to a widget that does not type text
        windows.append(window)
        return window

    return make


def test_clicking_an_element_button_picks_it(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    palette = make_window().palette_panel
    qtbot.mouseClick(palette.match_buttons[Element.ENEMY_TAIL], LEFT)
    assert palette.document.brush == Brush(Element.ENEMY_TAIL)
    assert palette.match_buttons[Element.ENEMY_TAIL].isChecked()
    assert not palette.match_buttons[Element.EMPTY].isChecked()
    assert palette.weight_label.text() == "weight 6"


@pytest.mark.parametrize(("key", "element"), [(Qt.Key.Key_2, Element.BORDER), (Qt.Key.Key_5, Element.ENEMY_HEAD),
                                              (Qt.Key.Key_7, Element.ENEMY_TAIL)])
def test_number_keys_pick_elements_anywhere_in_the_window(qtbot: QtBot, make_window: Callable[..., Window], key: Qt.Key, element: Element) -> None:
    window = make_window()
    qtbot.keyClick(window.button, key)
    assert window.palette_panel.document.brush.match is element
    assert window.palette_panel.match_buttons[element].isChecked()


def test_typing_digits_into_a_text_field_does_not_change_the_brush(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    window = make_window()
    window.field.setFocus()
    qtbot.keyClicks(window.field, "75N")
    assert window.field.text() == "75N"
    assert window.palette_panel.document.brush == Brush()


def test_n_toggles_not_and_the_weight_follows(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    palette = make_window().palette_panel
    press(qtbot, palette, Qt.Key.Key_7)
    press(qtbot, palette, Qt.Key.Key_N)
    assert palette.document.brush == Brush(Element.ENEMY_TAIL, True)
    assert palette.not_button.isChecked()
    assert palette.weight_label.text() == "weight 1"
    qtbot.mouseClick(palette.not_button, LEFT)
    assert palette.document.brush == Brush(Element.ENEMY_TAIL, False)
    assert palette.weight_label.text() == "weight 6"


def test_group_buttons_and_g_keys_pick_groups(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    palette = make_window().palette_panel
    or3 = Group(GroupKind.OR, 3)
    qtbot.mouseClick(palette.group_buttons[or3], LEFT)
    assert palette.document.brush.group == or3
    assert palette.group_buttons[or3].isChecked() and not palette.group_buttons[AND1].isChecked()
    press(qtbot, palette, Qt.Key.Key_G)
    assert palette.document.brush.group == Group(GroupKind.OR, 4)
    press(qtbot, palette, Qt.Key.Key_G)
    assert palette.document.brush.group == AND1  # wraps round
    press(qtbot, palette, Qt.Key.Key_G, Qt.KeyboardModifier.ShiftModifier)
    assert palette.document.brush.group == Group(GroupKind.OR, 4)


def test_user_sets_get_buttons_keys_and_weights(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    palette = make_window(sets=(RIVAL,)).palette_panel
    button = palette.set_button(0)
    assert button is not None and button.text() == "any rival part"
    assert palette.set_button(1) is None
    press(qtbot, palette, Qt.Key.Key_8)
    assert palette.document.brush.match == SetRef(0)
    assert palette.weight_label.text() == "weight 4"
    press(qtbot, palette, Qt.Key.Key_N)
    assert palette.weight_label.text() == "weight 3"
    press(qtbot, palette, Qt.Key.Key_9)  # no second set: ignored
    assert palette.document.brush.match == SetRef(0)


def test_set_buttons_follow_set_edits_and_undo(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    palette = make_window().palette_panel
    document = palette.document
    assert palette.set_button(0) is None and palette.no_sets_label.isVisibleTo(palette)
    document.edit(lambda p: add_set(p, "walls", [Element.BORDER, Element.OWN_BODY]), "add set")
    assert (button := palette.set_button(0)) is not None and button.text() == "walls"
    assert not palette.no_sets_label.isVisibleTo(palette)
    qtbot.mouseClick(palette.set_button(0), LEFT)
    assert document.brush.match == SetRef(0)
    assert palette.weight_label.text() == "weight 5"
    document.undo_stack.undo()
    assert palette.set_button(0) is None
    assert document.brush.match is Element.EMPTY  # no brush left pointing at a deleted set


def test_removing_an_earlier_set_renames_the_buttons(make_window: Callable[..., Window]) -> None:
    palette = make_window(sets=(RIVAL, ElementSet("walls", frozenset({Element.BORDER})))).palette_panel
    palette.document.edit(lambda p: remove_set(p, 0), "remove set")
    assert (button := palette.set_button(0)) is not None and button.text() == "walls"
    assert palette.set_button(1) is None


@pytest.mark.parametrize("brush_on, after_removal", [(0, Element.EMPTY), (1, SetRef(0))])
def test_the_brush_keeps_its_set_when_an_earlier_one_is_removed(qtbot: QtBot, make_window: Callable[..., Window], brush_on: int, after_removal: object) -> None:
    """Regression: with "rivals" (set1) removed, a brush on set1 went on painting "walls" (the
    set now first) and a brush on "walls" (set2) fell back to empty. The brush follows its set:
    gone with it (to empty), up one place with it, back again with Undo."""
    palette = make_window(sets=(RIVAL, ElementSet("walls", frozenset({Element.BORDER})))).palette_panel
    document = palette.document
    qtbot.mouseClick(palette.set_button(brush_on), LEFT)
    document.edit(lambda p: remove_set(p, 0), "Remove set1")
    assert document.brush.match == after_removal
    document.undo_stack.undo()
    assert document.brush.match == (SetRef(1) if brush_on == 1 else Element.EMPTY)


def test_and_groups_are_framed_solid_and_or_groups_dashed(make_window: Callable[..., Window]) -> None:
    palette = make_window().palette_panel

    def frame_runs(group: Group) -> list[int]:
        """The lengths of the stretches of the group's colour along the swatch's top frame line."""
        button = palette.group_buttons[group]
        image = button.grab().toImage()
        icon = button.icon_rect()
        y = int(icon.top() + 3)  # inside the frame's line (2 px inset, at least 2 px wide)
        want = group_color(group)
        runs = [0]
        for x in range(int(icon.left() + 3), int(icon.right() - 3)):
            c = QColor(image.pixel(QPoint(x, y)))
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 60:
                runs[-1] += 1
            elif runs[-1]:
                runs.append(0)
        return [r for r in runs if r]

    for group in ALL_GROUPS:
        runs = frame_runs(group)
        if group.kind is GroupKind.AND:
            assert len(runs) == 1 and runs[0] >= 10, (group, runs)  # one unbroken line
        else:
            assert len(runs) >= 2, (group, runs)  # dashes with gaps


def test_the_brush_weight_is_seven_minus_what_it_matches() -> None:
    program = Program(sets=(RIVAL,))
    assert brush_weight(program, Brush(Element.ENEMY_TAIL)) == 6
    assert brush_weight(program, Brush(Element.ENEMY_TAIL, True)) == 1
    assert brush_weight(program, Brush(SetRef(0))) == 4
    assert brush_weight(program, Brush(SetRef(1))) is None


def test_palette_keys_do_not_fire_while_a_combo_box_spin_box_or_text_field_takes_typing(qtbot: QtBot, make_window: Callable[..., Window]) -> None:
    """Regression: the window-wide 1–7, N and G keys fired while a combo box had the focus, so
    typing there picked brushes instead of items."""
    window = make_window()
    document = window.palette_panel.document
    window.combo.setFocus()
    qtbot.keyClick(window.combo, Qt.Key.Key_2)
    assert window.combo.currentText() == "2 two"  # the key reached the combo box: it jumped to the item
    qtbot.keyClick(window.combo, Qt.Key.Key_N)
    assert document.brush == Brush(Element.EMPTY)
    window.spin.setFocus()
    window.spin.selectAll()
    qtbot.keyClicks(window.spin, "27")
    assert window.spin.value() == 27 and document.brush == Brush(Element.EMPTY)
    window.notes.setFocus()
    qtbot.keyClicks(window.notes, "G2N")
    assert window.notes.toPlainText() == "G2N" and document.brush == Brush(Element.EMPTY)
    window.button.setFocus()  # a widget that does not type: the keys are the palette's again
    qtbot.keyClick(window.button, Qt.Key.Key_2)
    qtbot.keyClick(window.button, Qt.Key.Key_N)
    assert document.brush == Brush(Element.BORDER, negate=True)
