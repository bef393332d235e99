"""With a large application font the bench (and the battle setup) keep their words: rows stack
instead of cutting.

Found: at 14 pt (QT_SCALE_FACTOR=1.25 changes device pixels only, so the logical widths are the
same as 14 pt alone) the bench dock of a 1024-wide window, 334 px, cut its texts: "dowr" for
down, "Sav…est" and "Upd…est" for the buttons, the delete and clear buttons off its edge."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from pytestqt.qtbot import QtBot

from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.seats import builtin_program
from editor.widgets.bench.position_bench import TestBench

DOCK_WIDTH = 334
"""The bench dock's width in a 1024-wide window with a 14 pt font (it is the dock's minimum)."""


def cut_texts(pane: QWidget, right_edge: int) -> list[str]:
    """The labels and buttons of ``pane`` narrower than their text or past ``right_edge`` (in
    ``pane``'s coordinates)."""
    found = []
    for widget in pane.findChildren(QWidget):
        if not isinstance(widget, (QLabel, QAbstractButton)) or not widget.isVisibleTo(pane) or not widget.text():
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            continue
        right = widget.mapTo(pane, widget.rect().topRight()).x()
        if widget.width() < widget.sizeHint().width() or right > right_edge:
            found.append(f"{widget.text()!r}: {widget.width()} of {widget.sizeHint().width()} px, right edge {right}")
    return found


def test_a_large_font_stacks_the_bench_rows_instead_of_cutting_them(qtbot: QtBot) -> None:
    bench = TestBench(ProgramDocument(builtin_program()))
    qtbot.addWidget(bench)
    font = QFont(bench.font())
    font.setPointSizeF(14)
    bench.setFont(font)
    bench.resize(DOCK_WIDTH, 760)
    bench.show()
    pane = bench.field_pane
    qtbot.waitUntil(lambda: cut_texts(pane, pane.width()) == [])  # once the rows have stacked
    assert bench.expect_row.stacked() and bench.name_row.stacked()
    assert bench.minimumSizeHint().width() <= DOCK_WIDTH  # the bench does not widen the window
    # The decision scrolls up and down only: it must fit the area's width ("up, right, dow").
    panel = bench.explanation_panel
    area = panel.parentWidget()
    assert area is not None
    qtbot.waitUntil(lambda: panel.width() <= area.width())
    assert panel.minimumSizeHint().width() <= area.width()
    # Wide again, each row is one line.
    bench.resize(1200, 760)
    qtbot.waitUntil(lambda: not bench.expect_row.stacked())
    assert not bench.name_row.stacked()


def test_at_the_default_font_the_bench_rows_stay_one_line(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    window.resize(1024, 700)
    window.reset_layout()
    window.show_test_bench()
    bench = window.test_bench
    qtbot.waitUntil(lambda: bench.is_narrow() and bench.width() < 600)
    for row in (bench.expect_row, bench.name_row):
        assert not row.stacked()
    editor = bench.position_editor
    assert editor.me_combo.y() == editor.width_spin.y()  # the size and "me" share their line
    assert cut_texts(bench.field_pane, bench.field_pane.width()) == []


def test_a_large_font_puts_the_battle_length_under_the_field_size(qtbot: QtBot) -> None:
    """Found: at 14 pt "Field 25 × 25 Length 4" alone was wider than the bench dock."""
    from editor.widgets.battle.battle_setup import BattleSetup

    setup = BattleSetup()
    qtbot.addWidget(setup)
    font = QFont(setup.font())
    font.setPointSizeF(14)
    setup.setFont(font)
    assert setup.minimumSizeHint().width() <= DOCK_WIDTH - 20  # the tab's margins
    setup.resize(DOCK_WIDTH - 20, 400)
    setup.show()
    qtbot.waitUntil(lambda: cut_texts(setup, setup.width()) == [])
    assert setup.field_row.stacked()


def test_before_a_battle_the_board_does_not_squeeze_the_battle_setup(qtbot: QtBot) -> None:
    """Found: at 14 pt in a 1024x700 window (575 px of tab) the unseen board's minimum height
    left the setup's opponent boxes a few pixels each, their names cut."""
    from editor.widgets.battle.battle_tab import BattleTab

    tab = BattleTab(ProgramDocument(builtin_program()))
    qtbot.addWidget(tab, before_close_func=lambda t: t.shutdown())
    font = QFont(tab.font())
    font.setPointSizeF(14)
    tab.setFont(font)
    tab.resize(DOCK_WIDTH, 575)
    tab.show()
    assert tab.minimumSizeHint().height() <= 575
    boxes = tab.setup.opponent_boxes
    qtbot.waitUntil(lambda: all(box.height() >= box.sizeHint().height() for box in boxes))
