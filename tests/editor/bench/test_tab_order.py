"""The bench with the keyboard. Tab walks it as it is laid out: the field's controls, the field, the expected
moves, the name and its buttons, then the decision; only then the window's other panes.

Found: the field came before the size boxes above it, and after "Save as test" Tab left for the
History and Problems panes and came back to the decision tabs later, from the card editor."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow


def test_tab_walks_the_bench_top_to_bottom_before_leaving_it(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.resize(1024, 700)
    window.show_test_bench()
    bench = window.test_bench
    qtbot.waitUntil(bench.is_narrow)
    editor = bench.position_editor
    window.activateWindow()
    editor.width_spin.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor.width_spin)
    walk: list[QWidget] = []
    for _ in range(30):
        now = QApplication.focusWidget()
        assert now is not None
        if not bench.isAncestorOf(now):
            break
        walk.append(now)
        qtbot.keyClick(now, Qt.Key.Key_Tab)
    expected = [editor.width_spin, editor.height_spin, editor.me_combo, editor.buttons[editor.clear_action], editor.view,
                *bench.expect_boxes.values(), bench.test_name_edit, bench.save_test_button, bench.side_tabs.tabBar(),
                bench.explanation_panel.moves_table, bench.explanation_panel.patterns_table]
    assert walk == expected


def test_enter_in_the_name_box_saves_the_test(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Found: Enter after typing the new test's name did nothing; the mouse or Ctrl+T was needed."""
    window = make_window()
    window.show_test_bench()
    bench = window.test_bench
    tests = len(window.document.program.tests)
    qtbot.keyClicks(bench.test_name_edit, "bites the tail")
    qtbot.keyClick(bench.test_name_edit, Qt.Key.Key_Return)
    assert [t.name for t in window.document.program.tests[tests:]] == ["bites the tail"]
    assert bench.test_name_edit.text() == ""
