"""The Head to head tab beside the standings: who beat whom, rows and columns in the standings'
order, each cell the row's wins–draws–losses against the column with the numbers in words in its
tooltip; kept up to date while the tournament plays, and shown again when a folder is reopened
(counted from its games, whatever wrote it)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from arena.tournament import run_tournament
from arena.tournament.crosstable import HeadToHead, head_to_head
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.editor.tournament.conftest import (
    LEFT, RUN_TIMEOUT_MS, MakeTab, cancel_if_running, isolated_settings, reference_spec, spec_of,
)


def show_head_to_head(qtbot: QtBot, tab: TournamentTab) -> None:
    """Click the tab's "Head to head" tab, as a user would."""
    bar = tab.result_tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Head to head")
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(index).center())
    assert tab.result_tabs.currentWidget() is tab.head_to_head_panel


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
        f"drew {meeting.level}, lost {meeting.behind}")


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
        f"level {meeting.level}, behind {meeting.behind} (by their places in each game)")
    assert not tab.stats_button.isVisible()  # it counts the selected standing's cards: with the standings only
