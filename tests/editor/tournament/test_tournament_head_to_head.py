"""The Head to head tab beside the standings: who beat whom, rows and columns in the standings'
order, each cell the row's wins–draws–losses against the column with the numbers in words in its
tooltip; kept up to date while the tournament plays, and shown again when a folder is reopened
(counted from its games, whatever wrote it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from arena.tournament import run_tournament
from arena.tournament.crosstable import HeadToHead, crosstable_text, head_to_head
from editor.main_window import MainWindow
from editor.widgets.tournament.head_to_head import HeadToHeadTable
from editor.widgets.tournament.tournament_tab import TournamentTab
from editor.widgets.tournament.tournament_views import GameList
from tests.arena.test_tournament_results import record
from tests.editor.tournament.conftest import (
    LEFT, RUN_TIMEOUT_MS, MakeTab, cancel_if_running, isolated_settings, reference_spec, spec_of,
)


def show_head_to_head(qtbot: QtBot, tab: TournamentTab) -> None:
    """Click the tab's "Head to head" tab, as a user would."""
    bar = tab.result_tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Head to head")
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(index).center())
    assert tab.result_tabs.currentWidget() is tab.head_to_head_panel


def double_click(qtbot: QtBot, table: HeadToHeadTable, row: int, column: int) -> None:
    """A double-click on a cell: a press first (a view acts on a double-click at the cell it was
    pressed on), then the double-click."""
    item = table.item(row, column)
    assert item is not None
    center = table.visualItemRect(item).center()
    qtbot.mouseClick(table.viewport(), LEFT, pos=center)
    qtbot.mouseDClick(table.viewport(), LEFT, pos=center)


def expected_cells(tab: TournamentTab, expected: HeadToHead) -> dict[tuple[str, str], str]:
    order = [s.name for s in tab.standings().table]
    return {(a, b): "×" if a == b else expected.meeting(a, b).text().replace("-", "–") if expected.meeting(a, b).games
            else "·" for a in order for b in order}


def shown_cells(tab: TournamentTab) -> dict[tuple[str, str], str]:
    table = tab.head_to_head_panel.table
    return {(a, b): table.cell_text(a, b) for a in table.order() for b in table.order()}


def test_the_table_follows_the_games_while_they_play_and_shows_when_its_tab_is_clicked(
        qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", jobs=2, seats=2, per_pairing=40)
    checked: list[int] = []

    def check() -> None:  # after the tab's own slot: what the user sees now
        finished = tab.records()
        expected = head_to_head(spec_of(tab).names, finished.values())
        assert tab.head_to_head_panel.table.order() == [s.name for s in tab.standings().table]
        assert shown_cells(tab) == expected_cells(tab, expected)
        checked.append(len(finished))

    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.records()) >= 2 or not tab.is_running(), timeout=RUN_TIMEOUT_MS)
    show_head_to_head(qtbot, tab)  # drawn at once, from the games finished by now
    assert tab.head_to_head_panel.table.order() == [s.name for s in tab.standings().table]
    tab._refresh_timer.timeout.connect(check)
    qtbot.waitUntil(lambda: len(checked) >= 3 or not tab.is_running(), timeout=RUN_TIMEOUT_MS)
    cancel_if_running(qtbot, tab)
    assert len(checked) >= 3 and checked[-1] > 0
    final = head_to_head(spec_of(tab).names, tab.records().values())
    assert shown_cells(tab) == expected_cells(tab, final)
    first, second = tab.head_to_head_panel.table.order()[:2]
    meeting = final.meeting(first, second)
    assert tab.head_to_head_panel.table.cell_tip(first, second) == (
        f"{first} against {second}, {meeting.games} game{'s' * (meeting.games != 1)}: won {meeting.ahead}, "
        f"drew {meeting.level}, lost {meeting.behind}\nDouble-click (or Enter) to list their games")


def test_a_reopened_four_seat_tournament_shows_places_with_the_full_numbers_in_the_tooltip(
        qtbot: QtBot, tmp_path: Path) -> None:
    spec = reference_spec([("tb", "tail_biter"), ("hu", "hunter"), ("wh", "wall_hugger"), ("ha", "head_avoider")], 2,
                          seats=4)
    played = run_tournament(spec, tmp_path / "four", jobs=1)
    tab = TournamentTab(data_dir=tmp_path / "data", settings=isolated_settings(tmp_path))
    qtbot.addWidget(tab)
    tab.resize(1024, 700)
    tab.show()
    show_head_to_head(qtbot, tab)  # in sight before the folder is read: drawn when it is
    with qtbot.waitSignal(tab.folderOpened, timeout=RUN_TIMEOUT_MS):
        tab.open_folder(tmp_path / "four")
    order = [s.name for s in played.standings.table]
    assert tab.head_to_head_panel.table.order() == order
    assert shown_cells(tab) == expected_cells(tab, played.head_to_head())
    assert "finished ahead–level–behind" in tab.head_to_head_panel.legend.text()
    a, b = order[0], order[-1]
    meeting = played.head_to_head().meeting(a, b)
    assert meeting.games == len(played.records)  # four entrants in four seats: every game meets everyone
    assert tab.head_to_head_panel.table.cell_tip(a, b) == (
        f"{a} against {b}, in the {meeting.games} games they played together: finished ahead {meeting.ahead}, "
        f"level {meeting.level}, behind {meeting.behind} (by their places in each game)\nDouble-click (or Enter) to list their games")
    assert not tab.stats_button.isVisible()  # it counts the selected standing's cards: with the standings only


def test_a_double_clicked_cell_lists_the_games_of_its_two_entrants_until_show_all(qtbot: QtBot, tmp_path: Path) -> None:
    spec = reference_spec([("tb", "tail_biter"), ("hu", "hunter"), ("wh", "wall_hugger")], 2, seats=2)
    played = run_tournament(spec, tmp_path / "three", jobs=1)
    tab = TournamentTab(data_dir=tmp_path / "data", settings=isolated_settings(tmp_path))
    qtbot.addWidget(tab)
    tab.resize(1440, 900)
    tab.show()
    with qtbot.waitSignal(tab.folderOpened, timeout=RUN_TIMEOUT_MS):
        tab.open_folder(tmp_path / "three")
    show_head_to_head(qtbot, tab)
    table = tab.head_to_head_panel.table
    a, b = table.order()[0], table.order()[2]
    double_click(qtbot, table, 0, 2)
    theirs = [index for index, r in sorted(played.records.items()) if {a, b} <= set(r.seats)]
    assert theirs and len(theirs) < len(played.records)
    assert tab.games.shown() == theirs
    assert tab.games_filter.isVisible() and tab.games_filter.text() == f"Only the games of {a} and {b}"
    assert tab.games_filter.toolTip() == f"The games {a} and {b} played together"
    assert "Double-click (or Enter) to list their games" in table.cell_tip(a, b)
    double_click(qtbot, table, 1, 1)  # an entrant against itself: nothing
    assert tab.games.shown() == theirs
    qtbot.mouseClick(tab.all_games_button, LEFT)
    assert tab.games.shown() == sorted(played.records) and not tab.all_games_button.isVisible()
    assert not tab.games_filter.isVisible()
    table.setCurrentCell(2, 1)  # from the keyboard: Enter on the current cell
    qtbot.keyClick(table, Qt.Key.Key_Return)
    c, d = table.order()[2], table.order()[1]
    assert tab.games.shown() == [index for index, r in sorted(played.records.items()) if {c, d} <= set(r.seats)]


def test_games_that_end_while_two_entrants_games_are_listed_join_only_when_theirs(qtbot: QtBot) -> None:
    games = GameList()
    qtbot.addWidget(games)
    games.add_game(record(0, ("a", "b"), (1, 2)))
    games.show_pair(("b", "a"))
    games.start_game(1, ("a", "c"))
    games.start_game(2, ("c", "b", "a"))
    games.add_game(record(3, ("c", "b"), (1, 2)))
    assert games.shown() == [0, 2]
    games.add_game(record(1, ("a", "c"), (1, 2)))
    assert games.shown() == [0, 2]
    games.show_pair(None)
    assert games.shown() == [0, 1, 2, 3]


def test_the_games_of_two_long_names_do_not_widen_a_1024_window(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_tournament()
    window.resize(1024, 700)
    tab = window.tournament_tab
    qtbot.waitUntil(lambda: tab.isVisible() and window.width() == 1024, timeout=2_000)
    tab.head_to_head_panel.table.pairChosen.emit("a_rather_long_entrant_name", "another_long_entrant_name")
    assert tab.games_filter.text() == "Only the games of a_rather_long… and another_long_…"
    assert tab.all_games_button.isVisible()
    panel = tab.games_filter.parentWidget()  # its layout counts the new label at once (the window's, later)
    assert panel is not None and panel.minimumSizeHint().width() <= panel.width()
    label = tab.games_filter  # and it shows every word of its text (it was cut mid-name: "…of Hunter and Tai")
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()) > 0, timeout=2_000)
    assert label.wordWrap()


@pytest.mark.parametrize("in_window", [False, True], ids=["alone", "in-a-window-with-copy-cells"])
def test_ctrl_c_copies_the_table_as_the_command_prints_it_names_whole(qtbot: QtBot, tmp_path: Path,
                                                                     in_window: bool) -> None:
    """In the main window, Copy Cells has Ctrl+C wherever the window is: as a second shortcut of
    the key, the table's Copy made Ctrl+C ambiguous, and Qt ran neither (the second case)."""
    spec = reference_spec([("a_rather_long_entrant_name", "tail_biter"), ("hu", "hunter")], 2, seats=2)
    played = run_tournament(spec, tmp_path / "two", jobs=1)
    tab = TournamentTab(data_dir=tmp_path / "data", settings=isolated_settings(tmp_path))
    copied_cells: list[bool] = []
    if in_window:
        window = QMainWindow()
        qtbot.addWidget(window)
        cells = QAction("&Copy Cells", window)
        cells.setShortcut(QKeySequence.StandardKey.Copy)
        cells.triggered.connect(lambda: copied_cells.append(True))
        window.addAction(cells)
        window.setCentralWidget(tab)
        window.show()
    else:
        qtbot.addWidget(tab)
        tab.show()
    with qtbot.waitSignal(tab.folderOpened, timeout=RUN_TIMEOUT_MS):
        tab.open_folder(tmp_path / "two")
    show_head_to_head(qtbot, tab)
    table = tab.head_to_head_panel.table
    table.setFocus()
    QGuiApplication.clipboard().setText("")
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    order = [s.name for s in played.standings.table]
    assert QGuiApplication.clipboard().text() == crosstable_text(played.head_to_head(), order, width=10**6)
    assert "a_rather_long_entrant_name" in QGuiApplication.clipboard().text()
    assert copied_cells == []
