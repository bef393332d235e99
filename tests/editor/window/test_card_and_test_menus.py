"""The Card and Test menus (issue 16: there were none): each entry does what the pane's button
does and shows its key; Previous and Next card have keys; a key of a pane stays live only where the
pane is (Decide's Ctrl+Return in the menu bar clashed with the arena's Start match)."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from engines.snake import Direction
from tests.editor.window.menus import choose, entry, menu
from editor.main_window import MainWindow


def keys(qtbot: QtBot, window: MainWindow, sequence: str) -> None:
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keySequence(QApplication.focusWidget() or window, sequence)


def test_the_card_menu_adds_duplicates_moves_and_steps_through_cards(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    doc = window.document
    assert [a.text().split("\t")[0].replace("&", "") for a in menu(window, "Card").actions() if a.text()][:5] == \
        ["Add", "Duplicate", "Delete", "Move up", "Move down"]
    assert entry(window, "Card", "Duplicate").text().endswith("\tCtrl+Shift+D")
    first = doc.program.cards[0]
    choose(window, "Card", "Duplicate")
    assert len(doc.program.cards) == 4 and doc.program.cards[1] == first and doc.current_card == 1
    choose(window, "Card", "Move down")
    assert doc.program.cards[2] == first and doc.current_card == 2
    choose(window, "Card", "Add")
    assert len(doc.program.cards) == 5 and not doc.card.cells and doc.current_card == 3
    keys(qtbot, window, "Ctrl+PgUp")
    assert doc.current_card == 2
    keys(qtbot, window, "Ctrl+PgDown")
    keys(qtbot, window, "Ctrl+PgDown")
    assert doc.current_card == 4
    choose(window, "Card", "Previous Card")
    assert doc.current_card == 3
    # At the first card Move up is disabled in the menu, as the button is.
    doc.set_current_card(0)
    menu(window, "Card").aboutToShow.emit()
    assert not entry(window, "Card", "Move up").isEnabled()


def test_the_test_menu_decides_saves_a_test_and_finds_the_next_failing_one(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    doc = window.document
    bench = window.test_bench
    window.show_battle()  # the Test menu brings the bench back
    choose(window, "Test", "Decide")
    assert window.bench_page() is bench and bench.explanation is not None
    before = len(doc.program.tests)
    bench.set_expected_moves(frozenset({Direction.DOWN}))  # what the program does not answer
    choose(window, "Test", "Save as test")
    assert len(doc.program.tests) == before + 1
    failing = len(doc.program.tests) - 1
    assert not doc.test_results()[failing].passed
    bench.test_list.choose_test(0) if failing else None
    choose(window, "Test", "Next failing")
    assert bench.test_list.current_test() == failing
    assert entry(window, "Test", "Decide").text().endswith("\tCtrl+Return")


def test_a_panes_key_in_a_menu_stays_the_panes(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """In the arena, Ctrl+Return is Start match, not Decide on the hidden bench."""
    window = make_window()
    decided: list[object] = []
    window.test_bench.decided.connect(decided.append)
    window.show_arena()
    pane = window.arena_pane
    pane.setup_panel.set_game("snake")
    pane.setup_panel.seed_box.setFocus(Qt.FocusReason.OtherFocusReason)
    try:
        keys(qtbot, window, "Ctrl+Return")
        qtbot.waitUntil(lambda: pane.info is not None or pane.runner.is_running(), timeout=20_000)
        assert not decided
    finally:
        pane.stop()
        qtbot.waitUntil(lambda: not pane.runner.is_running(), timeout=20_000)
