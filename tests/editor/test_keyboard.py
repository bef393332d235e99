"""The editor with the keyboard alone: Tab goes everywhere and out again, the head moves, snakes
are drawn on the test bench, the palette is in the Tab order.

Issue 16: Tab was trapped in the Decision table (25-70 presses stayed in its cells); no key moved
a card's head; there was no keyboard way to draw snakes on the test bench; the palette and group
buttons were outside the Tab order."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from engines.snake import Element
from matcher.model import Group, GroupKind
from editor.main_window import MainWindow
from tests.editor.qt_items import table_item


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def tab_until(qtbot: QtBot, window: QWidget, found: Callable[[QWidget], bool], presses: int = 80,
              back: bool = False) -> int:
    """Press Tab (Shift+Tab with ``back``) until ``found(focus widget)``; how many presses it took."""
    window.activateWindow()
    QApplication.processEvents()
    for count in range(1, presses + 1):
        target = focused()
        if target is None or target.window() is not window:
            target = window
        qtbot.keyClick(target, Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab)
        now = focused()
        if now is not None and found(now):
            return count
    raise AssertionError(f"not reached in {presses} presses of Tab; focus on {focused()!r}")


def test_tab_leaves_the_decision_table(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_test_bench()
    table = window.test_bench.explanation_panel.moves_table
    window.test_bench.side_tabs.setCurrentIndex(0)
    assert table.rowCount() > 1
    window.activateWindow()
    QApplication.processEvents()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualItemRect(table_item(table, 0, 0)).center())
    assert focused() is table
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert focused() is not table, "Tab stayed in the table's cells"


def test_shift_arrows_move_the_cards_head(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    canvas = window.card_editor.canvas
    document = window.document
    document.set_current_card(1)
    head = document.card.head.cell
    canvas.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(canvas, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert document.card.head.cell == (head[0], head[1] + 1)
    qtbot.keyClick(canvas, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert document.card.head.cell == (head[0] - 1, head[1] + 1)
    # A pattern where the head lands swaps places with it, as a drag does.
    assert document.card.cells.get((head[0], head[1] + 1)) is None
    document.undo_stack.undo()
    assert document.card.head.cell == (head[0], head[1] + 1)
    # Plain arrows still move the selection.
    qtbot.keyClick(canvas, Qt.Key.Key_Left)
    assert document.selected_cell is not None


def test_a_snake_is_drawn_with_the_keyboard_alone(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_test_bench()
    editor = window.test_bench.position_editor
    editor.clear()
    view = editor.view
    tab_until(qtbot, window, lambda widget: widget is view)
    start = view.cursor_cell()
    assert start == (12, 12)  # mid-field on an empty 25 x 25 field
    qtbot.keyClick(view, Qt.Key.Key_Space)  # the head
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Down)  # the body, down to the tail
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert [s.cells for s in editor.position().snakes] == [((12, 12), (12, 13), (12, 14), (12, 15))]
    assert editor.me() == 0
    # A second snake beside it, then select it with Space, move it and make it "me".
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert [s.cells for s in editor.position().snakes][1] == ((14, 15), (14, 14))
    qtbot.keyClick(view, Qt.Key.Key_Space)  # on the second snake's tail: selects it
    assert editor.selected_snake() == 1
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert editor.position().snakes[1].cells == ((15, 15), (15, 14))
    qtbot.keyClick(view, Qt.Key.Key_M)
    assert editor.me() == 1
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert len(editor.position().snakes) == 1


def test_the_palette_and_group_buttons_are_in_the_tab_order(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Like radio buttons: Tab reaches each group at its chosen button, the arrows choose."""
    window = make_window()
    palette = window.card_editor.palette_panel
    canvas = window.card_editor.canvas
    canvas.setFocus(Qt.FocusReason.OtherFocusReason)
    empty = palette.match_buttons[Element.EMPTY]
    tab_until(qtbot, window, lambda widget: widget is empty, back=True)
    for _ in range(6):
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    assert focused() is palette.match_buttons[Element.ENEMY_TAIL]
    assert window.document.brush.match == Element.ENEMY_TAIL
    and1 = palette.group_buttons[Group(GroupKind.AND, 1)]
    tab_until(qtbot, window, lambda widget: widget is and1)
    qtbot.keyClick(and1, Qt.Key.Key_Down)  # the OR row under it
    qtbot.keyClick(focused(), Qt.Key.Key_Right)
    assert window.document.brush.group == Group(GroupKind.OR, 2)
    not_button = palette.not_button
    tab_until(qtbot, window, lambda widget: widget is not_button, back=True)
    qtbot.keyClick(not_button, Qt.Key.Key_Space)
    assert window.document.brush.negate
    # A click picks without taking the keys from the map.
    canvas.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.mouseClick(palette.match_buttons[Element.BORDER], Qt.MouseButton.LeftButton)
    assert window.document.brush.match == Element.BORDER and focused() is canvas


def test_after_f5_space_pauses_the_battle(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Issue 16: after F5 the card kept the keys, so Space painted a cell instead of pausing."""
    window = make_window()
    canvas = window.card_editor.canvas
    window.activateWindow()
    QApplication.processEvents()
    canvas.setFocus(Qt.FocusReason.OtherFocusReason)
    tab = window.battle_tab
    program = window.document.program
    qtbot.keyClick(canvas, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: tab.info is not None, timeout=20_000)
    assert window.bench_page() is tab and tab.playback.playing
    now = focused()
    assert now is not None and tab.isAncestorOf(now)
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    assert not tab.playback.playing
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    assert tab.playback.playing
    assert window.document.program == program, "Space painted the card"


def test_tab_goes_round_every_pane_of_the_editor_and_back(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """One full round of Tab from the map visits the program, the palette, the bench's field, the
    Decision tables and the test list, and comes back to the map: no pane keeps it."""
    window = make_window()
    window.show_test_bench()
    canvas = window.card_editor.canvas
    window.activateWindow()
    QApplication.processEvents()
    canvas.setFocus(Qt.FocusReason.OtherFocusReason)
    visited: list[QWidget] = []
    for _ in range(300):
        qtbot.keyClick(focused(), Qt.Key.Key_Tab)
        if focused() is canvas:
            break
        now = focused()
        assert now is not None, "Tab left no widget with the focus"
        visited.append(now)
    else:
        raise AssertionError(f"Tab never came back to the map; the last stops: {visited[-5:]}")
    bench = window.test_bench
    for name, widget in (("program name", window.program_panel.name_edit),
                         ("card list", window.program_panel.cards.view),
                         ("palette", window.card_editor.palette_panel.match_buttons[Element.EMPTY]),
                         ("bench field", bench.position_editor.view),
                         ("Decision table", bench.explanation_panel.moves_table)):
        assert any(w is widget or widget.isAncestorOf(w) for w in visited), f"Tab skipped the {name}"
    assert len(visited) < 120, "Tab wanders through too many stops"
