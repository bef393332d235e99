"""Issue 16: "Finished tournaments cannot be reopened: after a restart the tab forgets game,
entrants and settings; the only way back to old results is to retype the same setup and press
Start." Now Open… takes a tournament folder back (setup, standings, games; Start resumes an
unfinished one), a damaged folder is one line naming the file and line with nothing lost, and
the tab remembers its setup and its last tournament between sessions."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from arena.samples import SNAKE_SAMPLES
from arena.tournament import (
    CancelFlag, Entrant, Progress, ReadCancelled, TournamentRun, TournamentSpec, open_tournament, run_tournament,
)
from arena.tournament.store import FAILED_FILE, GAMES_FILE, SPEC_FILE
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.editor.conftest import show_main_window
from tests.editor.qt_items import table_item
from tests.editor.tournament.conftest import (
    LEFT, RUN_TIMEOUT_MS, SMALL, MakeTab, isolated_settings, out_of, play, reference_spec,
)

PAIRS = [("Tail biter", "tail_biter"), ("Hunter", "hunter"), ("Wall hugger", "wall_hugger")]


def open_by_clicks(qtbot: QtBot, tab: TournamentTab, folder: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    """Click Open…, choose ``folder`` in the dialog, wait until it is read; what was read."""
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    with qtbot.waitSignal(tab.folderOpened, timeout=RUN_TIMEOUT_MS) as opened:
        qtbot.mouseClick(tab.open_folder_button, LEFT)
    return opened.args[0]


def fresh_tab(qtbot: QtBot, tmp_path: Path, name: str = "fresh",
              read: Callable[[Path, CancelFlag], TournamentRun] = open_tournament) -> TournamentTab:
    """A tab as after a restart with nothing remembered (settings of its own); ``read`` reads a
    folder back (default: the tab's own)."""
    tab = TournamentTab(data_dir=tmp_path / "data", settings=QSettings(str(tmp_path / f"{name}.ini"),
                                                                         QSettings.Format.IniFormat), read=read)
    qtbot.addWidget(tab)
    tab.resize(1280, 760)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def test_open_restores_game_entrants_settings_and_shows_the_results(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = reference_spec(PAIRS, 17, seats=2, games_per_pairing=4)
    played = run_tournament(spec, tmp_path / "old", jobs=1)
    tab = fresh_tab(qtbot, tmp_path)
    assert open_by_clicks(qtbot, tab, tmp_path / "old", monkeypatch) is not None
    setup = tab.setup
    assert setup.game() == "snake" and setup.game_box.currentData() == "snake"
    assert [(r.name, Path(r.target).name) for r in setup.entrants.rows()] == [
        ("Tail biter", "tail_biter.snake.json"), ("Hunter", "hunter.snake.json"), ("Wall hugger", "wall_hugger.snake.json")]
    assert table_item(setup.entrants.table, 0, 1).text() == "tail_biter.snake.json"  # shown as the sample it is
    assert (setup.seed_box.value(), setup.seats_box.value(), setup.per_pairing_box.value()) == (17, 2, 4)
    assert {name: box.value() for name, box in setup.number_boxes.items()} == {"width": 15, "height": 15, "length": 3}
    assert setup.limit_box.value() == 100 and setup.out_folder() == tmp_path / "old" and not setup.out_is_default()
    expected = played.standings.table
    assert tab.results.column_texts("Entrant") == [s.name for s in expected]
    assert tab.results.column_texts("Points") == [f"{s.points:.1f}" for s in expected]
    assert tab.results.column_texts("#") == ["1", "2", "3"]
    assert tab.games.topLevelItemCount() == 12 and tab.games.game_text(0)[0] == "1" and tab.games.game_text(11)[0] == "12"
    assert tab.rating_plot.curve_count() == 3 and len(tab.rating_plot.curve_data(0)[0]) == 12
    assert tab.progress_bar.text() == "12 / 12 games"
    assert tab.status_label.text() == f"The tournament in {tmp_path / 'old'}: 12 of 12 games finished (all played)."
    assert not tab.error_label.isVisible()


def test_a_game_that_could_not_be_played_is_said_when_the_folder_is_opened(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It said '5 of 6 games finished (all played).', the sixth game nowhere."""
    spec = reference_spec(PAIRS, 3, seats=2, games_per_pairing=2)
    folder = tmp_path / "failed"
    run_tournament(spec, folder, jobs=1)
    games = (folder / GAMES_FILE).read_text().splitlines(keepends=True)
    (folder / GAMES_FILE).write_text("".join(line for line in games if not line.startswith('{"index":3,')))
    (folder / FAILED_FILE).write_text('{"index": 3, "seed": 1, "seats": ["a", "b"], "error": "its worker process died"}\n')
    tab = fresh_tab(qtbot, tmp_path)
    open_by_clicks(qtbot, tab, folder, monkeypatch)
    assert tab.games.topLevelItemCount() == 5
    assert tab.status_label.text() == (
        f"The tournament in {folder}: 5 of 6 games finished (nothing left to play); game 4 could not be played and "
        f"counts in no standing; it is not played again on resume: delete its line in {folder / FAILED_FILE} to retry.")
    assert tab.progress_bar.text() == "6 / 6 games"  # the failed game is done with, as a run counts it
    play(qtbot, tab)  # Start: nothing left to play (it said 'Finished: all 6 games.')
    assert tab.status_label.text() == (
        f"Finished: 5 of 6 games; game 4 could not be played and counts in no standing; it is not played again on "
        f"resume: delete its line in {folder / FAILED_FILE} to retry. The results, games and replays are in {folder}")
    assert tab.progress_bar.text() == "6 / 6 games"  # it went back to 5 / 6 at the end of the run


def test_a_cancel_counts_a_game_that_could_not_be_played_out_of_what_start_plays(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It said 'Start again … to play the other 596' where Start plays 595: the last game failed."""
    spec = reference_spec(PAIRS, 3, seats=2, games_per_pairing=200)
    folder = tmp_path / "failed"
    stop = threading.Event()

    def after_two(progress: Progress) -> None:
        if progress.done == 2:
            stop.set()

    run_tournament(spec, folder, jobs=1, on_progress=after_two, cancel=stop)
    (folder / FAILED_FILE).write_text('{"index": 599, "seed": 1, "seats": ["a", "b"], "error": "its worker process died"}\n')
    tab = fresh_tab(qtbot, tmp_path)
    open_by_clicks(qtbot, tab, folder, monkeypatch)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.records()) >= 4, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    done = len(tab.records())
    assert tab.status_label.text() == (
        f"Cancelled: {done} of 600 games finished and kept in {folder}; game 600 could not be played and counts in no "
        f"standing; it is not played again on resume: delete its line in {folder / FAILED_FILE} to retry. "
        f"Start again with the same settings to play the other {599 - done}.")


def test_an_interrupted_tournament_opened_again_resumes_to_the_same_results(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = reference_spec(PAIRS, 3, seats=2, games_per_pairing=2)
    stop = threading.Event()

    def after_two(progress: Progress) -> None:
        if progress.done == 2:
            stop.set()

    partial = run_tournament(spec, tmp_path / "half", jobs=1, on_progress=after_two, cancel=stop)
    assert len(partial.records) == 2
    tab = fresh_tab(qtbot, tmp_path)
    open_by_clicks(qtbot, tab, tmp_path / "half", monkeypatch)
    assert tab.games.topLevelItemCount() == 2 and tab.progress_bar.text() == "2 / 6 games"
    assert tab.status_label.text().endswith("2 of 6 games finished (Start resumes the other 4).")
    play(qtbot, tab)
    assert tab.out == tmp_path / "half" and tab.run is not None and tab.run.complete
    assert not tab.error_label.isVisible()
    whole = run_tournament(spec, tmp_path / "whole", jobs=1)
    assert tab.records() == whole.records
    assert tab.results.column_texts("Ordinal") == [f"{s.ordinal:.2f}" for s in whole.standings.table]


def test_a_tournament_the_command_line_started_with_fewer_options_resumes_from_the_tab(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The form states every option; a tournament started with ``--steps`` alone left the rest
    at the game's defaults, which are the same games."""
    entrants = [Entrant.parse("snake", "a=tail_biter"), Entrant.parse("snake", "b=hunter")]
    spec = TournamentSpec.build("snake", entrants, 8, games_per_pairing=4, options={"steps": 40})
    stop = threading.Event()
    run_tournament(spec, tmp_path / "cli", jobs=1, on_progress=lambda p: stop.set(), cancel=stop)
    tab = fresh_tab(qtbot, tmp_path)
    open_by_clicks(qtbot, tab, tmp_path / "cli", monkeypatch)
    assert tab.setup.number_boxes["width"].value() == 25 and tab.setup.limit_box.value() == 40
    play(qtbot, tab)
    assert not tab.error_label.isVisible(), tab.error_label.text()
    assert tab.run is not None and tab.run.complete and len(tab.records()) == 4
    assert json.loads((tmp_path / "cli" / SPEC_FILE).read_text())["options"] == {"steps": 40}


def _not_a_tournament(tmp: Path) -> Path:
    (tmp / "photos").mkdir()
    (tmp / "photos" / "cat.jpg").write_bytes(b"\xff\xd8")
    return tmp / "photos"


def _damaged_spec(tmp: Path) -> Path:
    run_tournament(reference_spec(PAIRS[:2], 1), tmp / "t", jobs=1)
    path = tmp / "t" / SPEC_FILE
    path.write_text(path.read_text().replace('"seed": 1,', '"seed": "one",'))
    return tmp / "t"


def _truncated_spec(tmp: Path) -> Path:
    run_tournament(reference_spec(PAIRS[:2], 1), tmp / "t", jobs=1)
    path = tmp / "t" / SPEC_FILE
    path.write_text("".join(path.read_text().splitlines(keepends=True)[:4]))  # cut off after "seed": 1,
    return tmp / "t"


def _damaged_games(tmp: Path) -> Path:
    run_tournament(reference_spec(PAIRS[:2], 1), tmp / "t", jobs=1)
    games = tmp / "t" / GAMES_FILE
    games.write_text(games.read_text() + '{"index": 1, "seed": "x"}\n')
    return tmp / "t"


@pytest.mark.parametrize(("arrange", "message"), [
    (_not_a_tournament, "Not opened: {tmp}/photos is not a tournament folder: it has no tournament.json"),
    (_damaged_spec, "Not opened: {tmp}/t/tournament.json: line 4: 'seed' must be a whole number, got 'one'"),
    (_truncated_spec, "Not opened: {tmp}/t/tournament.json: line 5, column 1: invalid JSON"),
    (_damaged_games, "Not opened: {tmp}/t/games.jsonl:3: missing key 'ranks'"),
])
def test_a_folder_that_cannot_be_opened_says_which_file_and_line_and_changes_nothing(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arrange: Callable[[Path], Path],
        message: str) -> None:
    tab = make_tab("Hunter", "Wall hugger")
    play(qtbot, tab)
    before = (tab.setup.entrants.rows(), tab.setup.seed_box.value(), tab.setup.out_folder(), tab.records(),
              tab.results.column_texts("Entrant"))
    folder = arrange(tmp_path)
    assert open_by_clicks(qtbot, tab, folder, monkeypatch) is None
    shown = tab.error_label.text()
    assert shown.startswith(message.replace("{tmp}", str(tmp_path))), shown
    assert tab.error_label.isVisible() and "\n" not in shown and "Traceback" not in shown
    assert (tab.setup.entrants.rows(), tab.setup.seed_box.value(), tab.setup.out_folder(), tab.records(),
            tab.results.column_texts("Entrant")) == before


def test_the_setup_and_the_last_tournament_come_back_after_a_restart(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    tab = make_tab("Tail biter", "Hunter", "Wall hugger", seed=42, seats=2, per_pairing=2)
    tab.setup.number_boxes["width"].setValue(17)
    tab.setup.jobs_box.setValue(1)
    play(qtbot, tab)
    folder = tab.out
    tab.setup.seed_box.setValue(43)  # changed after the run, before quitting
    tab.shutdown()  # as the app does when it closes

    again = TournamentTab(data_dir=tmp_path / "data", settings=isolated_settings(tmp_path))
    qtbot.addWidget(again)
    with qtbot.waitSignal(again.folderOpened, timeout=RUN_TIMEOUT_MS) as read:
        again.show()
    assert read.args[0] is not None
    setup = again.setup
    assert [r.name for r in setup.entrants.rows()] == ["Tail biter", "Hunter", "Wall hugger"]
    assert setup.entrants.rows() == tab.setup.entrants.rows()
    assert (setup.seed_box.value(), setup.seats_box.value(), setup.per_pairing_box.value()) == (43, 2, 2)
    assert setup.number_boxes["width"].value() == 17 and setup.limit_box.value() == SMALL["steps"]
    assert setup.jobs_box.value() == 1
    # the finished tournament's results are shown again; the next Start is a new tournament
    assert again.out == folder and again.records() == tab.records()
    assert again.results.column_texts("Entrant") == tab.results.column_texts("Entrant")
    assert setup.out_is_default() and setup.out_folder() != folder


def test_an_output_folder_the_user_chose_is_remembered_playing_unsandboxed_is_not(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    tab = make_tab()
    tab.setup.set_game("worms")
    tab.setup.set_out_folder(tmp_path / "mine")
    qtbot.mouseClick(tab.setup.unsandboxed_box, LEFT)
    assert tab.setup.options()["sandbox"] is False
    tab.shutdown()
    again = TournamentTab(data_dir=tmp_path / "data", settings=isolated_settings(tmp_path))
    qtbot.addWidget(again)
    assert again.setup.game() == "worms" and again.setup.out_folder() == tmp_path / "mine"
    assert not again.setup.unsandboxed_box.isChecked() and "sandbox" not in again.setup.options()


def test_a_damaged_remembered_setup_is_skipped(qtbot: QtBot, tmp_path: Path) -> None:
    settings = isolated_settings(tmp_path)
    settings.setValue("tournament/setup", "{not json")
    settings.setValue("tournament/folder", str(tmp_path / "gone"))
    tab = TournamentTab(data_dir=tmp_path / "data", settings=settings)
    qtbot.addWidget(tab)
    assert tab.setup.game() == "snake" and tab.setup.entrants.rows() == [] and not tab.error_label.isVisible()
    assert not tab.reader.is_running()  # a folder gone since is not read (nor mentioned)


def test_an_editor_program_entrant_reopens_as_the_copy_it_played(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = make_tab("Hunter")
    text = (SNAKE_SAMPLES / "tail_biter.snake.json").read_text()
    tab.set_editor_program(tmp_path / "mine.snake.json", text)
    qtbot.mouseClick(tab.setup.entrants.add_editor_button, LEFT)
    play(qtbot, tab)
    other = fresh_tab(qtbot, tmp_path, "other")
    open_by_clicks(qtbot, other, out_of(tab), monkeypatch)
    copy = Path(other.setup.entrants.rows()[1].target)
    assert copy.parent == tmp_path / "data" / "programs" and copy.read_text() == text


class HeldRead:
    """A folder read back that holds the read of ``held`` until the test releases it; then
    ``stopped`` says whether that read stopped (cancelled) rather than read the folder."""

    def __init__(self, held: Path) -> None:
        self.held = held
        self.reading = threading.Event()
        self.release = threading.Event()
        self.done = threading.Event()
        self.stopped = False

    def __call__(self, folder: Path, cancel: CancelFlag) -> TournamentRun:
        if folder != self.held:
            return open_tournament(folder, cancel)
        self.reading.set()
        self.release.wait(60)  # a deadline for a broken test, not a timing window
        try:
            return open_tournament(folder, cancel)
        except ReadCancelled:
            self.stopped = True
            raise
        finally:
            self.done.set()


def what_is_shown(tab: TournamentTab) -> tuple[object, ...]:
    return (tab.status_label.text(), [r.name for r in tab.setup.entrants.rows()], tab.setup.seed_box.value(),
            tab.results.column_texts("Entrant"), tab.games.topLevelItemCount(), tab.progress_bar.text(), tab.out)


def settled(tab: TournamentTab, held: HeldRead) -> None:
    """Let the held read end, then take everything its thread said: whatever it would show, shows."""
    held.release.set()
    assert tab.wait(30) and held.done.is_set()
    QCoreApplication.sendPostedEvents()


def test_opening_a_folder_while_another_is_read_never_waits_and_never_shows_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    run_tournament(reference_spec(PAIRS[:2], 1), tmp_path / "first", jobs=1)
    second = run_tournament(reference_spec(PAIRS, 2, seats=2), tmp_path / "second", jobs=1)
    held = HeldRead(tmp_path / "first")
    tab = fresh_tab(qtbot, tmp_path, read=held)
    opened: list[object] = []
    tab.folderOpened.connect(opened.append)
    assert tab.open_folder(tmp_path / "first")
    qtbot.waitUntil(held.reading.is_set, timeout=10_000)
    assert tab.open_folder(tmp_path / "second")
    assert not held.release.is_set()  # back already, the first read still held: nothing waited for it
    qtbot.waitUntil(lambda: tab.status_label.text().startswith(f"The tournament in {tmp_path / 'second'}:"),
                    timeout=RUN_TIMEOUT_MS)
    shown = what_is_shown(tab)
    assert shown[1:4] == (["Tail biter", "Hunter", "Wall hugger"], 2, [s.name for s in second.standings.table])
    settled(tab, held)
    assert what_is_shown(tab) == shown
    assert [run.out for run in opened if isinstance(run, TournamentRun)] == [tmp_path / "second"] and len(opened) == 1
    assert held.stopped  # the first folder's read stopped once superseded, rather than read on to its end


def test_a_tournament_started_while_a_folder_is_read_is_not_replaced_by_it(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    run_tournament(reference_spec(PAIRS[:2], 1), tmp_path / "first", jobs=1)
    held = HeldRead(tmp_path / "first")
    tab = make_tab("Hunter", "Wall hugger", seed=9, read=held)
    assert tab.open_folder(tmp_path / "first")
    qtbot.waitUntil(held.reading.is_set, timeout=10_000)
    play(qtbot, tab)
    shown = what_is_shown(tab)
    assert shown[1:3] == (["Hunter", "Wall hugger"], 9) and str(shown[0]).startswith("Finished: all")
    settled(tab, held)
    assert what_is_shown(tab) == shown and not tab.error_label.isVisible()


def test_the_tournament_restored_at_start_is_said_in_its_tab_not_in_the_window_status_bar(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    """QA: on app start, the last tournament, read back in the background, put "The tournament
    in …: 2 of 2 games finished" in the main window's status bar while the user was in the card
    editor: a message about something they did not do. It is kept, and said in the tab only;
    the user's own Open… is still said in the status bar."""
    tab = make_tab("Tail biter", "Hunter")
    play(qtbot, tab)
    tab.shutdown()  # as the app does when it closes: the folder is remembered

    window = MainWindow(settings=isolated_settings(tmp_path), recovery=RecoveryStore(tmp_path / "recovery"))
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    show_main_window(qtbot, window)
    again = window.tournament_tab
    qtbot.waitUntil(lambda: again.status_label.text().startswith("The tournament in"), timeout=RUN_TIMEOUT_MS)
    assert again.out == tab.out and len(again.records()) == len(tab.records())
    assert window.in_editor()
    assert not [text for text in said if "tournament" in text.lower()], said

    window.show_tournament()
    assert again.out is not None
    again.open_folder(again.out)
    qtbot.waitUntil(lambda: any(text.startswith("The tournament in") for text in said), timeout=RUN_TIMEOUT_MS)


def test_a_bug_while_reading_a_folder_is_said_plainly_in_the_tab(qtbot: QtBot, tmp_path: Path) -> None:
    """QA: "The tournament reader stopped: ZeroDivisionError: …" spoke Python to the user."""
    def broken(_folder: Path, _cancel: CancelFlag) -> TournamentRun:
        raise ZeroDivisionError("division by zero")

    tab = fresh_tab(qtbot, tmp_path, read=broken)
    with qtbot.waitSignal(tab.folderOpened, timeout=RUN_TIMEOUT_MS):
        tab.open_folder(tmp_path)
    assert tab.error_label.isVisible()
    assert tab.error_label.text() == "Not opened: The tournament reader stopped unexpectedly: division by zero"
