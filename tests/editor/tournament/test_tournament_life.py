"""Issue 16: "a tournament shows "0 / 12" for 9 s with no sign of life and 0:00 elapsed after a
resume"; "tournament games numbered from 0 but standings from 1"; "no confirmation when quitting
with a match or tournament running". Now Start says at once that it starts, each game shows as
it is played, the clock ticks and goes on from the earlier runs' time, games count from 1
everywhere, and the tab says when quitting would stop a tournament. Time is an injected clock
here: nothing waits for seconds to pass."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from arena.tournament import clock
from arena.tournament.store import CLOCK_FILE
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.editor.qt_items import top_item
from tests.editor.tournament.conftest import LEFT, RUN_TIMEOUT_MS, MakeTab, out_of, play, spec_of


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def played_time(tab: TournamentTab) -> str:
    """The time played, as the label shows it after the estimate of the time left (if any)."""
    return tab.eta_label.text().rpartition(" · ")[2]


def test_start_says_at_once_that_it_starts_then_shows_each_game_being_played(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", jobs=2, seats=2, per_pairing=200)
    shown: list[tuple[str, str, str]] = []
    # right after the tab's own slot, in the click: before the worker thread has said anything
    tab.start_button.clicked.connect(
        lambda: shown.append((tab.status_label.text(), tab.progress_bar.text(), tab.eta_label.text())))
    qtbot.mouseClick(tab.start_button, LEFT)
    status, bar, time_played = shown[0]
    assert status.startswith("Starting 2 workers… Results go to ")
    assert bar == "0 / 600 games" and time_played == "0:00"
    # (Waited for on the GUI's side, not with qtbot.waitSignal on the worker's gameStarted: that
    # signal comes from another thread again and again, and a call of the blocker's slot queued
    # before it disconnected reached it after it was freed: a segfault in a later wait.)
    qtbot.waitUntil(lambda: tab.games.playing() != [], timeout=RUN_TIMEOUT_MS)
    first = tab.games.playing()[0]
    number, result, _ = tab.games.game_text(first)
    spec = spec_of(tab)
    seats = " – ".join(spec.names[i] for i in spec.schedule()[first])
    assert number == str(first + 1) and result == f"{seats}: playing…"
    assert re.match(r"Playing games? \d+", tab.status_label.text()), tab.status_label.text()
    assert f"game {first + 1}" in tab.status_label.text() or f"games {first + 1}" in tab.status_label.text()
    qtbot.waitUntil(lambda: len(tab.records()) >= 2, timeout=RUN_TIMEOUT_MS)
    assert tab.games.indices() and set(tab.games.indices()).isdisjoint(tab.games.playing())
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    assert tab.games.playing() == [] and tab.games.topLevelItemCount() == len(tab.records())


def test_the_clock_ticks_while_games_run_and_goes_on_after_a_resume(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    fake = FakeClock()
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", seats=2, per_pairing=200, clock=fake)
    qtbot.mouseClick(tab.start_button, LEFT)
    assert played_time(tab) == "0:00"
    fake.now += 65
    qtbot.waitUntil(lambda: played_time(tab) == "1:05", timeout=5_000)  # the next tick shows it
    qtbot.waitUntil(lambda: len(tab.records()) >= 3, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    kept = json.loads((out_of(tab) / CLOCK_FILE).read_text())["seconds"]  # the run's own (real) time
    assert tab.run is not None
    assert kept == round(tab.run.seconds, 3) and tab.eta_label.text() == clock(tab.run.seconds)

    qtbot.mouseClick(tab.start_button, LEFT)  # resume
    assert tab.status_label.text().startswith("Resuming: ")
    assert played_time(tab) == clock(kept)  # on from the earlier run's time, not from 0:00
    fake.now += 600
    qtbot.waitUntil(lambda: played_time(tab) == clock(kept + 600), timeout=5_000)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)


def test_a_folder_from_before_the_clock_starts_at_zero(qtbot: QtBot, make_tab: MakeTab) -> None:
    fake = FakeClock()
    tab = make_tab("Tail biter", "Hunter", per_pairing=200, clock=fake)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.records()) >= 2, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    (out_of(tab) / CLOCK_FILE).unlink()
    qtbot.mouseClick(tab.start_button, LEFT)
    assert played_time(tab) == "0:00"
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)


def test_games_are_counted_from_one_like_the_standings(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter")
    play(qtbot, tab)
    games = tab.games
    assert [games.game_text(index)[0] for index in games.indices()] == ["1", "2"]
    assert tab.results.column_texts("#") == ["1", "2"]
    first = top_item(games, 0)
    assert first.toolTip(1).startswith(f"Game 1, seed {tab.records()[0].seed} (replays/game-0000.jsonl)\nseat 1: ")
    qtbot.mouseClick(games.viewport(), LEFT, pos=games.visualItemRect(first).center())
    with qtbot.waitSignal(tab.openReplay) as opened:
        qtbot.mouseClick(tab.open_button, LEFT)
    assert Path(opened.args[0]).name == "game-0000.jsonl"  # the files keep the schedule's index
    (out_of(tab) / "replays" / "game-0001.jsonl").unlink()
    assert not tab.open_game(1)
    # It said "Game 2 has no replay file yet." of a game that had finished: it never will.
    assert tab.status_label.text() == f"Game 2 has no replay: {out_of(tab) / 'replays' / 'game-0001.jsonl'} is missing."


def test_busy_reason_says_how_far_a_running_tournament_is(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", seats=2, per_pairing=200)
    assert tab.busy_reason() is None
    qtbot.mouseClick(tab.start_button, LEFT)
    assert tab.busy_reason() == "a tournament is running: 0 of 600 games played"
    qtbot.waitUntil(lambda: len(tab.records()) >= 3, timeout=RUN_TIMEOUT_MS)
    reason = tab.busy_reason()
    assert reason is not None
    said = re.fullmatch(r"a tournament is running: (\d+) of 600 games played", reason)
    assert said is not None, reason
    assert int(said.group(1)) >= 3
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    assert tab.busy_reason() is None
