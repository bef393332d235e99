"""The tournament tab with the keyboard alone and with a screen reader, as an organizer uses it.

Every label beside a field is its buddy (the field is announced by it), icon-only buttons and the
views that a reader cannot otherwise tell apart (the entrants, the standings, the head-to-head
table, the rating plot, the games, the progress bar) have names, Tab goes setup → Start →
results, Enter in the setup starts (the Start button is drawn as the default, and promised it),
Enter on a game opens it and Escape stops a running tournament.

Found: the Field's "×" and "length", and the Game, Field, Map, Steps and Output labels linked to no
field; the "…" buttons and every view had no name; Enter did nothing anywhere; the rating plot
was a Tab stop that showed no focus."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QHeaderView, QLabel,
                               QProgressBar, QTreeWidgetItem, QWidget)
from pytestqt.qtbot import QtBot

from editor.main_window import MainWindow
from editor.widgets.tournament.rating_plot import RatingPlot
from editor.window.card_menus import mnemonic
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.editor.test_accessible_names import FIELDS, letter_clashes, row_pairs, widgets
from tests.editor.tournament.conftest import RUN_TIMEOUT_MS, MakeTab, play

VIEWS = (QAbstractItemView, QProgressBar, RatingPlot)


def focus(qtbot: QtBot, widget: QWidget) -> None:
    """Give ``widget`` the keys, its window active as the user's is."""
    widget.window().activateWindow()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def faults(tab: TournamentTab) -> list[str]:
    found: list[str] = []
    for widget in widgets(tab, []):
        if widget.window() is not tab.window():
            continue  # a combo box's list, shown only as its popup (Qt names it by the box)
        if isinstance(widget, QAbstractButton) and not any(c.isalnum() for c in widget.text()) \
                and not widget.accessibleName():
            found.append(f"icon-only {type(widget).__name__} {widget.text()!r} without a name")
        if isinstance(widget, VIEWS) and not isinstance(widget, QHeaderView) and not widget.objectName().startswith("qt_") and not widget.accessibleName():
            found.append(f"{type(widget).__name__} without a name")
        for label, field in row_pairs(widget.layout()):
            if isinstance(label, QLabel) and isinstance(field, (*FIELDS, QAbstractButton)) and label.text() \
                    and label.buddy() is None:
                found.append(f"label {label.text()!r} names no field (its {type(field).__name__})")
    return sorted(set(found))


def test_every_label_field_button_and_view_of_the_tab_has_a_name(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    tab.result_tabs.setCurrentWidget(tab.head_to_head_panel)
    assert faults(tab) == [], "\n".join(faults(tab))
    assert letter_clashes(tab) == []
    for game in ("worms", "snake"):  # a game's own rows (the worms' map) come and go
        tab.setup.set_game(game)
        assert faults(tab) == [], game


def first_game(tab: TournamentTab) -> QTreeWidgetItem:
    item = tab.games.topLevelItem(0)
    assert item is not None, "no game listed"
    return item


def tab_stops(tab: TournamentTab, first: QWidget, last: QWidget) -> list[QWidget]:
    """The widgets Tab reaches from ``first`` until ``last`` (pressed as the user would)."""
    first.window().activateWindow()
    first.setFocus(Qt.FocusReason.TabFocusReason)
    stops = [first]
    for _ in range(60):
        QApplication.processEvents()
        focused = QApplication.focusWidget()
        if focused is None or focused is last:
            break
        QtBot.keyClick(focused, Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        assert focused is not None and tab.isAncestorOf(focused), "Tab left the tab"
        stops.append(focused)
    return stops


def test_tab_goes_from_the_setup_to_start_and_then_to_the_results(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    tab.games.setCurrentItem(first_game(tab))
    stops = tab_stops(tab, tab.setup.game_box, tab.games)
    order = [tab.setup.game_box, tab.setup.entrants.table, tab.setup.seed_box, tab.setup.out_edit, tab.start_button,
             tab.results, tab.games]
    where = [next((i for i, stop in enumerate(stops) if stop is widget or widget.isAncestorOf(stop)), -1)
             for widget in order]
    assert -1 not in where and where == sorted(where), [type(stop).__name__ for stop in stops]
    assert tab.rating_plot not in stops and not any(tab.rating_plot.isAncestorOf(stop) for stop in stops), \
        "the plot takes Tab and shows no focus"


def test_enter_in_the_setup_starts_and_escape_cancels(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger", per_pairing=400)
    focus(qtbot, tab.setup.seed_box)
    qtbot.keyClick(tab.setup.seed_box, Qt.Key.Key_Return)
    assert tab.is_running()
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.keyClick(tab.results, Qt.Key.Key_Escape)
    assert tab.status_label.text().startswith("Cancelled: ")


def test_enter_on_a_game_opens_it_and_on_an_entrant_shows_its_cards(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    opened: list[str] = []
    tab.openReplay.connect(opened.append)
    focus(qtbot, tab.games)
    tab.games.setCurrentItem(first_game(tab))
    qtbot.keyClick(tab.games, Qt.Key.Key_Return)
    assert opened == [str(tab.replay_path(0))] and not tab.is_running()
    focus(qtbot, tab.results)
    tab.results.setCurrentCell(0, 1)
    qtbot.keyClick(tab.results, Qt.Key.Key_Return)
    assert tab.stats_dialog is not None and tab.stats_dialog.isVisible()
    assert tab.stats_dialog.windowTitle() == f"Card statistics: {tab.results.selected_name()}"
    tab.stats_dialog.cancel()
    tab.stats_dialog.close()


def test_enter_on_a_sample_adds_it_and_delete_removes_the_selected_entrant(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter")
    entrants = tab.setup.entrants
    entrants.sample_box.setCurrentIndex(entrants.sample_box.findText("Wall hugger"))
    focus(qtbot, entrants.sample_box)
    qtbot.keyClick(entrants.sample_box, Qt.Key.Key_Return)
    assert [row.name for row in entrants.rows()] == ["Hunter", "Wall hugger"] and not tab.is_running()
    focus(qtbot, entrants.table)
    entrants.table.selectRow(0)
    qtbot.keyClick(entrants.table, Qt.Key.Key_Delete)
    assert [row.name for row in entrants.rows()] == ["Wall hugger"]


def test_while_a_tournament_runs_no_entrant_can_be_removed(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger", per_pairing=400)
    qtbot.mouseClick(tab.start_button, Qt.MouseButton.LeftButton)
    entrants = tab.setup.entrants
    focus(qtbot, entrants.table)
    entrants.table.selectRow(0)
    qtbot.keyClick(entrants.table, Qt.Key.Key_Delete)
    assert not entrants.remove_button.isEnabled() and len(entrants.rows()) == 2
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        tab.cancel()
    assert entrants.remove_button.isEnabled()  # the selection made meanwhile, usable again


def test_a_list_or_table_with_the_keys_shows_it(qtbot: QtBot, make_tab: MakeTab) -> None:
    """A frame in the highlight colour (Fusion drew none: a selected row looks the same with the
    keys anywhere else)."""
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    highlight = tab.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    for view in (tab.setup.entrants.table, tab.results, tab.games, tab.head_to_head_panel.table):
        tab.result_tabs.setCurrentWidget(tab.head_to_head_panel if view is tab.head_to_head_panel.table
                                         else tab.results)
        other = tab.start_button
        focus(qtbot, other)
        assert view.grab().toImage().pixelColor(0, view.height() // 2) != highlight
        focus(qtbot, view)
        assert view.grab().toImage().pixelColor(0, view.height() // 2) == highlight, view.accessibleName()


def test_the_keys_go_to_cancel_while_a_run_plays_and_back_to_start_after(qtbot: QtBot, make_tab: MakeTab) -> None:
    """Start and the setup are disabled while a tournament plays: the keys were passed on to the
    results' tab bar, past Cancel, so Space stopped nothing."""
    tab = make_tab("Hunter", "Wall hugger", per_pairing=400)
    focus(qtbot, tab.start_button)
    qtbot.keyClick(tab.start_button, Qt.Key.Key_Space)
    assert tab.is_running() and tab.cancel_button.hasFocus()
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.keyClick(tab.cancel_button, Qt.Key.Key_Space)
    assert tab.start_button.hasFocus()


def test_a_screen_reader_hears_the_head_to_head_cells_in_words(qtbot: QtBot, make_tab: MakeTab) -> None:
    """A cell read "3–0–4" under a column called "2"; its words were in the tooltip only."""
    tab = make_tab("Hunter", "Wall hugger", "Tail biter")
    play(qtbot, tab)
    tab.result_tabs.setCurrentWidget(tab.head_to_head_panel)
    table = tab.head_to_head_panel.table
    first, second = table.order()[:2]
    reader = QAccessible.queryAccessibleInterface(table)
    assert reader is not None
    heard = [child.text(QAccessible.Text.Name) for child in map(reader.child, range(reader.childCount()))
             if child is not None]
    assert table.cell_tip(first, second).split("\n")[0] in heard
    assert f"2. {second}" in heard  # the column's header
    header = table.horizontalHeaderItem(1)
    assert header is not None and header.data(Qt.ItemDataRole.AccessibleTextRole) == f"2. {second}"


def test_a_screen_reader_hears_the_standings_columns_by_name(qtbot: QtBot, make_tab: MakeTab) -> None:
    """"W", "D", "L", "μ", "σ" are letters to a reader; it hears what they stand for."""
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    reader = QAccessible.queryAccessibleInterface(tab.results)
    assert reader is not None
    heard = [child.text(QAccessible.Text.Name) for child in map(reader.child, range(reader.childCount()))
             if child is not None]
    assert {"Place", "Wins", "Draws", "Losses", "Rating mean", "Rating uncertainty", "Points"} <= set(heard)


def test_alt_and_a_letter_reaches_each_setting_and_no_menu_shares_it(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_tournament()
    tab = window.tournament_tab
    menus = {mnemonic(action.text()) for action in window.menuBar().actions()}
    setup = tab.setup
    fields = {"g": setup.game_box, "r": setup.entrants.table, "p": setup.per_pairing_box, "a": setup.seats_box,
              "d": setup.seed_box, "j": setup.jobs_box, "l": setup.number_boxes["width"], "i": setup.time_box,
              "n": setup.unsandboxed_box, "o": setup.out_edit}
    letters = {mnemonic(label.text()): label.buddy() for label in setup.findChildren(QLabel)
               if mnemonic(label.text()) is not None}
    assert letters == fields and not menus & set(letters)
    assert letter_clashes(tab) == []
    window.activateWindow()
    focus(qtbot, setup.game_box)
    qtbot.keyClick(setup.game_box, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    assert setup.seed_box.hasFocus()
    window.show_editor()  # a window closed on the tournament saves its docks hidden
