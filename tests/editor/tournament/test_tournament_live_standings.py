"""While a tournament plays, the tab keeps its standings up to date game by game (issue 16: the
GUI thread must not recount every game after every few): what it shows at each refresh is what
:func:`compute_standings` gives for the games finished by then, even when a pool of workers
finishes them out of order; and a game that could not be played leaves the list of games being
played with a note naming it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from arena.tournament import GameRecord, compute_standings
from arena.tournament.runner import GameFailure, GameStart
from editor.widgets.tournament.tournament_views import ResultsTable
from tests.editor.qt_items import table_item
from tests.editor.tournament.conftest import LEFT, RUN_TIMEOUT_MS, MakeTab, cancel_if_running, spec_of


def test_each_refresh_shows_the_standings_of_the_games_finished_so_far(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", jobs=2, seats=2, per_pairing=40)
    checked: list[int] = []

    def check() -> None:  # after the tab's own slot: what the user sees now
        finished = tab.records()
        expected = compute_standings(spec_of(tab).names, finished.values())
        assert tab.results.column_texts("Entrant") == [s.name for s in expected.table]
        assert tab.results.column_values("Games") == [s.games for s in expected.table]
        assert tab.results.column_texts("Points") == [f"{s.points:.1f}" for s in expected.table]
        assert tab.results.column_texts("Ordinal") == [f"{s.ordinal:.2f}" for s in expected.table]
        checked.append(len(finished))

    tab._refresh_timer.timeout.connect(check)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(checked) >= 3 or not tab.is_running(), timeout=RUN_TIMEOUT_MS)
    cancel_if_running(qtbot, tab)
    assert len(checked) >= 3 and checked[-1] > 0
    final = compute_standings(spec_of(tab).names, tab.records().values())
    assert tab.results.column_texts("Entrant") == [s.name for s in final.table]


def test_a_game_that_could_not_be_played_leaves_the_playing_list_and_is_named(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter")
    notes: list[str] = []
    tab.message.connect(notes.append)
    # what the worker says when a game's worker process died (the run goes on)
    tab.worker.gameStarted.emit(GameStart(2, ("Tail biter", "Hunter")))
    tab.worker.gameStarted.emit(GameStart(3, ("Hunter", "Tail biter")))
    assert tab.games.playing() == [2, 3]
    assert tab.status_label.text().startswith("Playing games 3 and 4 · ")
    tab.worker.gameFailed.emit(GameFailure(2, ("Tail biter", "Hunter"), "its worker process died"))
    assert tab.games.playing() == [3]
    assert tab.status_label.text().startswith("Playing game 4 · ")  # it still said games 3 and 4
    assert notes == ["Game 3 (Tail biter, Hunter) could not be played: its worker process died"]


def test_after_a_resume_the_standings_count_the_earlier_games_too(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", jobs=2, seats=2, per_pairing=40)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.records()) >= 4 or not tab.is_running(), timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    earlier = set(tab.records())
    checked: list[int] = []

    def check() -> None:
        finished = tab.records()
        expected = compute_standings(spec_of(tab).names, finished.values())
        assert tab.results.column_values("Games") == [s.games for s in expected.table]
        assert tab.results.column_texts("Ordinal") == [f"{s.ordinal:.2f}" for s in expected.table]
        checked.append(len(finished))

    tab._refresh_timer.timeout.connect(check)
    qtbot.mouseClick(tab.start_button, LEFT)  # resumes: the same settings and folder
    qtbot.waitUntil(lambda: len(checked) >= 2 or not tab.is_running(), timeout=RUN_TIMEOUT_MS)
    cancel_if_running(qtbot, tab)
    assert earlier and earlier < set(tab.records()) and checked and min(checked) > len(earlier)


def test_an_entrant_whose_bot_misbehaved_says_how_often_in_its_tooltip(qtbot: QtBot) -> None:
    table = ResultsTable()
    qtbot.addWidget(table)
    crashed = GameRecord(0, 0, ("a", "b"), (4.0, 1.0), (1, 2), ("crashed", "ok"), 9)
    table.show_standings(["a", "b"], compute_standings(["a", "b"], [crashed]))
    tips = [table_item(table, row, 1).toolTip() for row in range(2)]
    assert tips == ["Its bot misbehaved: crashed in 1 of 1 games (counted as the game scored them)", ""]
    table.show_standings(["a", "b"], compute_standings(["a", "b"], []))  # a tournament started again
    assert [table_item(table, row, 1).toolTip() for row in range(2)] == ["", ""]
