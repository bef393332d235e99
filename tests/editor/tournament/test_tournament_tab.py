"""The tournament tab, driven by clicks: entrants from samples and the editor, a run in a worker
thread whose table and plot match ``run_tournament`` on the same spec, cancel that keeps the
finished games (and a resume), opening a game in the arena, and bad input shown in words."""

from __future__ import annotations

import gc
import json
import re
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QFormLayout, QLabel, QLayoutItem, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import SNAKE_SAMPLES
from arena.tournament import Standing, run_tournament
from arena.tournament.store import GAMES_FILE
from editor.main_window import MainWindow
from editor.widgets.parts.dialog_folders import BOTS, LAST_KEY, MAPS, remember_file
from editor.widgets.tournament.tournament_entrants import EDITOR
from editor.widgets.tournament.tournament_tab import TournamentTab
from matcher import Program, dumps_program
from matcher.fileformat import read_text
from tests.editor.qt_items import table_item, top_item
from tests.editor.tournament.conftest import (
    LEFT, RUN_TIMEOUT_MS, SAMPLE_NAMES, SMALL, MakeTab, add_sample, out_of, play, reference_spec,
)


def test_the_results_table_shows_what_run_tournament_computes_for_the_same_spec(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Head avoider", seed=11, jobs=2, per_pairing=6)
    play(qtbot, tab)
    spec = reference_spec([("Tail biter", "tail_biter"), ("Head avoider", "head_avoider")], 11, games_per_pairing=6)
    assert tab.spec == spec
    expected = run_tournament(spec, None, jobs=1).standings.table  # the pool's results equal one job's
    table = tab.results
    assert table.column_texts("Entrant") == [s.name for s in expected]
    assert table.column_texts("#") == ["1", "2"]
    columns: tuple[tuple[str, Callable[[Standing], float], Callable[[float], str]], ...] = (
        ("Games", lambda s: s.games, str), ("W", lambda s: s.wins, str), ("D", lambda s: s.draws, str),
        ("L", lambda s: s.losses, str), ("Mean score", lambda s: s.mean_score, "{:.2f}".format),
        ("Points", lambda s: s.points, "{:.1f}".format), ("μ", lambda s: s.mu, "{:.2f}".format),
        ("σ", lambda s: s.sigma, "{:.2f}".format), ("Ordinal", lambda s: s.ordinal, "{:.2f}".format),
    )
    for column, value, text in columns:
        assert table.column_values(column) == pytest.approx([value(s) for s in expected]), column
        assert table.column_texts(column) == [text(value(s)) for s in expected], column
    assert tab.games.indices() == list(range(6))
    assert tab.progress_bar.value() == tab.progress_bar.maximum() == 6
    assert tab.status_label.text().startswith(f"Finished: all 6 games. The results, games and replays are in {out_of(tab)}")
    assert len((out_of(tab) / GAMES_FILE).read_text().splitlines()) == 6
    assert out_of(tab).parent == tab.setup.data_dir / "tournaments"
    assert Path(tab.setup.out_edit.text()) != out_of(tab)  # the next Start is a new tournament in a fresh folder


def test_the_rating_plot_has_a_curve_per_entrant_with_a_point_per_game(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Wall hugger")
    text = read_text(SNAKE_SAMPLES / "tail_biter.snake.json")
    tab.set_editor_program(None, text)
    qtbot.mouseClick(tab.setup.entrants.add_editor_button, LEFT)
    tab.setup.seats_box.setValue(2)
    play(qtbot, tab)
    names = ["Hunter", "Wall hugger", "Tail biter"]
    assert tab.spec is not None and tab.spec.names == names
    assert tab.spec.entrants[2].source == text  # the editor's program, as it was at Start
    plot = tab.rating_plot
    assert plot.curve_count() == 3 and plot.legend_names() == names
    history = tab.standings().history
    assert len(history) == 6
    for index, name in enumerate(names):
        x, y = plot.curve_data(index)
        assert list(x) == [1, 2, 3, 4, 5, 6]
        assert list(y) == pytest.approx([point[name] for point in history])
    final = {s.name: s.ordinal for s in tab.standings().table}
    assert [plot.curve_data(i)[1][-1] for i in range(3)] == pytest.approx([final[n] for n in names])


def test_cancel_keeps_the_finished_games_says_so_and_start_resumes(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Head avoider", "Hunter", per_pairing=200, seats=2)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: len(tab.records()) >= 3, timeout=RUN_TIMEOUT_MS)
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.cancel_button, LEFT)
    finished = len((out_of(tab) / GAMES_FILE).read_text().splitlines())
    assert 3 <= finished < 600
    assert tab.run is not None and not tab.run.complete and len(tab.run.records) == finished
    assert tab.games.topLevelItemCount() == finished
    assert sum(s.games for s in tab.standings().table) == 2 * finished
    assert tab.status_label.text() == (f"Cancelled: {finished} of 600 games finished and kept in {out_of(tab)}. "
                                       f"Start again with the same settings to play the other {600 - finished}.")
    assert tab.start_button.isEnabled() and not tab.cancel_button.isEnabled() and not tab.is_running()
    assert Path(tab.setup.out_edit.text()) == out_of(tab)  # kept for the resume

    folder = out_of(tab)
    qtbot.mouseClick(tab.start_button, LEFT)
    assert tab.out == folder
    assert tab.status_label.text().startswith(f"Resuming: {finished} of 600 games were played before.")
    assert tab.games.topLevelItemCount() >= finished
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        tab.cancel()
    assert len(tab.run.records) >= finished


def test_a_double_click_or_open_in_arena_asks_for_an_existing_replay(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Wall hugger")
    play(qtbot, tab)
    games = tab.games
    assert not tab.open_button.isEnabled()  # no game chosen yet
    item = top_item(games, 1)
    where = games.visualItemRect(item).center()
    with qtbot.waitSignal(tab.openReplay) as opened:
        qtbot.mouseClick(games.viewport(), LEFT, pos=where)  # a real double-click starts as a click
        qtbot.mouseDClick(games.viewport(), LEFT, pos=where)
    path = Path(opened.args[0])
    assert path == out_of(tab) / "replays" / "game-0001.jsonl" and path.is_file()
    header = json.loads(path.read_text().splitlines()[0])
    assert header["seed"] == tab.records()[1].seed
    assert [seat["name"] for seat in header["seats"]] == list(tab.records()[1].seats)

    qtbot.mouseClick(games.viewport(), LEFT, pos=games.visualItemRect(top_item(games, 0)).center())
    assert tab.open_button.isEnabled()
    with qtbot.waitSignal(tab.openReplay) as opened:
        qtbot.mouseClick(tab.open_button, LEFT)
    assert opened.args == [str(out_of(tab) / "replays" / "game-0000.jsonl")]


def _not_a_directory(tab: TournamentTab, tmp: Path) -> None:
    (tmp / "plain-file").write_text("x")
    tab.setup.set_out_folder(tmp / "plain-file" / "out")


def _another_tournament(tab: TournamentTab, tmp: Path) -> None:
    spec = reference_spec([("a", "tail_biter"), ("b", "hunter")], 99)
    run_tournament(spec, tmp / "old", jobs=1)
    tab.setup.set_out_folder(tmp / "old")


def _broken_record(tab: TournamentTab, tmp: Path) -> None:
    run_tournament(reference_spec([("Tail biter", "tail_biter"), ("Hunter", "hunter")], 5), tmp / "old", jobs=1)
    (tmp / "old" / GAMES_FILE).write_text("{not json\n")
    tab.setup.set_out_folder(tmp / "old")


def _rename_second(tab: TournamentTab, _tmp: Path) -> None:
    table_item(tab.setup.entrants.table, 1, 0).setText("Tail biter")


def _vanished_file(tab: TournamentTab, tmp: Path) -> None:
    path = tmp / "mine.snake.json"
    path.write_text(read_text(SNAKE_SAMPLES / "hunter.snake.json"))
    tab.setup.entrants.add(str(path), "mine")
    path.unlink()


@pytest.mark.parametrize(("arrange", "message"), [
    (lambda tab, tmp: tab.setup.entrants.remove_selected(), "A tournament needs at least 2 entrants, got 1"),
    (lambda tab, tmp: tab.setup.per_pairing_box.setValue(3), "Games per pairing 3: must be a positive multiple of 2 "
                                                             "(2 entrants in games of 2 seats: each entrant sits in each "
                                                             "seat equally often)"),
    (lambda tab, tmp: (tab.setup.entrants.add_sample("Veteran"), tab.setup.per_pairing_box.setValue(2)),
     "Games per pairing 2: must be a positive multiple of 3 (3 entrants in games of 3 seats: each entrant sits in each "
     "seat equally often); games of 3 snakes are the default for 3 entrants: set Seats to 2 for head-to-head games"),
    (lambda tab, tmp: (tab.setup.number_boxes["width"].setValue(5), tab.setup.number_boxes["height"].setValue(5),
                       tab.setup.number_boxes["length"].setValue(9)), "2 snakes of length 9 do not fit"),
    (_rename_second, "Entrant Tail biter: two entrants have that name"),
    (_vanished_file, "Entrant mine: {tmp}/mine.snake.json: cannot read"),
    (_not_a_directory, "Output folder {tmp}/plain-file/out: Not a directory"),
    (_another_tournament, "Output folder {tmp}/old holds another tournament: seed 5, the folder has 99; entrants Tail "
                          "biter, Hunter, the folder has a, b; choose another folder (or the same settings to resume it)"),
    (_broken_record, "{tmp}/old/games.jsonl:1: invalid JSON"),
])
def test_bad_input_is_one_line_in_the_tab_and_nothing_starts(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path, arrange: Callable[[TournamentTab, Path], None], message: str) -> None:
    tab = make_tab("Tail biter", "Hunter")
    arrange(tab, tmp_path)
    qtbot.mouseClick(tab.start_button, LEFT)
    assert not tab.is_running() and tab.spec is None
    shown = tab.error_label.text()
    assert tab.error_label.isVisible() and "\n" not in shown and "Traceback" not in shown
    assert message.replace("{tmp}", str(tmp_path)) in shown
    summary = tab.setup.summary_label  # not said twice, one box above the other
    assert not (summary.isVisible() and summary.text().rstrip(".") == shown.rstrip("."))


def test_a_file_that_is_no_program_is_not_added_and_says_why(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    tab = make_tab()
    (tmp_path / "bad.snake.json").write_text("{\n")
    assert tab.setup.entrants.add(str(tmp_path / "bad.snake.json")) is None
    assert tab.setup.entrants.rows() == []
    assert f"Not added: {tmp_path}/bad.snake.json: line 2, column 1: invalid JSON" in tab.error_label.text()


def test_names_are_numbered_editable_and_a_blank_name_returns(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Hunter")
    entrants = tab.setup.entrants
    assert [r.name for r in entrants.rows()] == ["Hunter", "Hunter 2"]
    table = entrants.table
    where = table.visualItemRect(table_item(table, 1, 0)).center()
    qtbot.mouseClick(table.viewport(), LEFT, pos=where)
    qtbot.mouseDClick(table.viewport(), LEFT, pos=where)
    editor = table.viewport().findChild(QLineEdit)
    assert editor is not None and editor.isVisible()
    editor.selectAll()
    qtbot.keyClicks(editor, "Chaser")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the view commits in a queued call
    qtbot.waitUntil(lambda: [r.name for r in entrants.rows()] == ["Hunter", "Chaser"], timeout=2000)
    table_item(table, 0, 0).setText("   ")
    assert entrants.rows()[0].name == "Hunter"
    assert entrants.rows()[1].target == str(SNAKE_SAMPLES / "hunter.snake.json")
    table.selectRow(0)
    qtbot.mouseClick(entrants.remove_button, LEFT)
    assert [r.name for r in entrants.rows()] == ["Chaser"]


def test_each_game_offers_its_own_samples_and_settings_and_keeps_its_entrants(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Veteran")
    setup = tab.setup
    assert not setup.entrants.add_editor_button.isEnabled()  # no program handed over yet
    tab.set_editor_program(Path("/x/mine.snake.json"), dumps_program(setup_program()))
    assert setup.entrants.add_editor_button.isEnabled()
    setup.set_game("kingdoms")
    samples = [setup.entrants.sample_box.itemText(i) for i in range(setup.entrants.sample_box.count())]
    assert {"heuristic_bot", "random_bot", "farmer"} <= set(samples)
    assert setup.entrants.rows() == [] and not setup.entrants.add_editor_button.isVisible()
    assert not setup.seats_box.isEnabled() and setup.seats_box.value() == 4
    assert not setup.number_boxes["width"].isVisible() and setup.map_box.isVisible()
    add_sample(qtbot, tab, "heuristic_bot")
    add_sample(qtbot, tab, "farmer")
    spec, out = setup.build()
    assert spec.game == "kingdoms" and spec.seats == 4 and spec.names == ["heuristic_bot", "farmer"]
    assert out.name.startswith("kingdoms-")
    setup.set_game("snake")
    assert [r.name for r in setup.entrants.rows()] == ["Hunter", "Veteran"]
    assert setup.entrants.rows()[0].target != EDITOR


def setup_program() -> Program:
    from matcher import load_program

    return load_program(SNAKE_SAMPLES / "beginner.snake.json")


def test_three_entrants_in_four_seats_are_explained_and_every_entrant_plays_what_the_games_column_says(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Hunter", "Veteran", seats=4)
    summary = tab.setup.summary_label.text()
    assert summary.startswith("3 games of 4 seats; every entrant plays 3, in every seat equally often.")
    assert "3 entrants in 4 seats: one entrant takes two seats in each game, in turn" in summary
    assert not tab.setup.summary_warns()
    play(qtbot, tab)
    assert tab.results.column_values("Games") == [3, 3, 3]
    wins, draws, losses = (whole_numbers(tab.results.column_values(c)) for c in ("W", "D", "L"))
    assert [w + d + lost for w, d, lost in zip(wins, draws, losses)] == [3, 3, 3]  # one result per game each


def whole_numbers(values: list[object]) -> list[int]:
    """A results column's raw values, which are counts."""
    assert all(isinstance(v, int) for v in values), values
    return [v for v in values if isinstance(v, int)]


def test_a_very_long_schedule_is_a_warning_with_the_head_to_head_size(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab(*(name for name, _ in SAMPLE_NAMES), "Hunter")
    assert len(tab.setup.entrants.rows()) == 10
    summary = tab.setup.summary_label
    assert summary.text().startswith("840 games of 4 seats; every entrant plays 336")
    assert summary.text().endswith(" A long tournament: every 4 of the 10 entrants meet (210 groups × 4 games); "
                                   "2 seats would make it 90 head-to-head games.")
    assert tab.setup.summary_warns() and summary.styleSheet()
    tab.setup.seats_box.setValue(2)
    assert summary.text() == "90 games of 2 seats; every entrant plays 18, in every seat equally often."
    assert not tab.setup.summary_warns() and not summary.styleSheet()


def test_the_eta_label_shows_the_time_left_then_the_run_time(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Head avoider", per_pairing=40)
    shown: list[str] = []
    tab.worker.progressed.connect(lambda _p: shown.append(tab.eta_label.text()))  # after the tab's own slot
    play(qtbot, tab)
    assert len(shown) == 40
    assert re.fullmatch(r"\d+:\d\d", shown[0])  # no pace yet: only the time since Start
    assert all(re.fullmatch(r"ETA \d+:\d\d · \d+:\d\d", text) for text in shown[1:-1]), shown
    assert re.fullmatch(r"\d+:\d\d", shown[-1]) and re.fullmatch(r"\d+:\d\d", tab.eta_label.text())


def test_a_game_opened_from_the_tab_plays_in_the_app_s_arena(qtbot: QtBot, tmp_path: Path, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    window.show_tournament()
    tab = window.tournament_tab
    tab.setup.data_dir = tmp_path / "data"
    tab.setup.new_out_folder()
    for name in ("Tail biter", "Hunter"):
        add_sample(qtbot, tab, name)
    for option, value in SMALL.items():
        (tab.setup.limit_box if option == "steps" else tab.setup.number_boxes[option]).setValue(value)
    tab.setup.jobs_box.setValue(1)
    play(qtbot, tab)
    game = tab.records()[1]
    games = tab.games
    where = games.visualItemRect(top_item(games, 1)).center()
    pane = window.arena_pane
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        qtbot.mouseClick(games.viewport(), LEFT, pos=where)
        qtbot.mouseDClick(games.viewport(), LEFT, pos=where)
    assert window.in_arena() and pane.isVisible() and not tab.isVisible()
    assert "replay game-0001.jsonl" in pane.title_label.text() and f"seed {game.seed}" in pane.title_label.text()
    assert [row.name_label.text() for row in pane.scoreboard.rows] == list(game.seats)
    assert pane.playback.frames[-1].turn == game.rounds
    assert pane.scoreboard.summary_label.text() == f"Step 0 of {game.rounds}."  # snake's round noun


def test_the_cycle_collector_runs_on_the_gui_thread_while_a_tournament_runs(qtbot: QtBot, make_tab: MakeTab) -> None:
    """The tournament's worker thread allocates too; a collection there could destroy Qt objects
    off the GUI thread (see :mod:`editor.gui_collector`)."""
    threads: list[str] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            threads.append(threading.current_thread().name)

    tab = make_tab("Tail biter", "Head avoider", "Hunter", per_pairing=200, seats=2)
    gc.callbacks.append(note)
    try:
        qtbot.mouseClick(tab.start_button, LEFT)
        assert not gc.isenabled() and tab.is_running()
        qtbot.waitUntil(lambda: len(tab.records()) >= 3, timeout=RUN_TIMEOUT_MS)
        for _ in range(3000):  # garbage in cycles
            cycle: list[object] = []
            cycle.append(cycle)
        qtbot.waitUntil(lambda: len(threads) >= 1, timeout=5_000)
        with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
            qtbot.mouseClick(tab.cancel_button, LEFT)
        qtbot.waitUntil(gc.isenabled, timeout=2_000)  # on again once no worker runs
    finally:
        gc.callbacks.remove(note)
    assert set(threads) == {threading.main_thread().name}


def test_bots_play_sandboxed_unless_the_box_is_ticked_for_this_tournament(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Veteran")
    setup = tab.setup
    assert not setup.unsandboxed_box.isVisibleTo(setup)  # snake programs run inside snakepit: no box
    setup.set_game("worms")
    assert setup.unsandboxed_box.isVisibleTo(setup) and not setup.unsandboxed_box.isChecked()
    assert "sandbox" not in setup.options()
    qtbot.mouseClick(setup.unsandboxed_box, Qt.MouseButton.LeftButton)
    assert setup.options()["sandbox"] is False
    setup.set_game("kingdoms")
    assert not setup.unsandboxed_box.isChecked()  # never carried over


def test_add_file_and_a_map_start_in_the_folder_of_the_last_chosen_one(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path, window_settings: QSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (window_settings: the app's own QSettings() go below tmp_path, as in any editor test)
    mine, theirs = tmp_path / "my bots", tmp_path / "their bots"
    for folder in (mine, theirs):
        folder.mkdir()
        (folder / "bot.py").write_text("print('.')\n")
    (mine / "field.txt").write_text("")
    given = window_settings  # the settings the tab is given (the main window's), not the default QSettings()
    remember_file(given, BOTS, mine / "bot.py")  # chosen earlier, in the arena's seat
    remember_file(given, MAPS, mine / "field.txt")
    asked: list[str] = []
    answers = [str(theirs / "bot.py"), str(theirs / "bot.py"), ""]

    def choose(parent: object, caption: str, start: str, *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(start)
        return answers.pop(0), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    tab = make_tab(settings=given)
    tab.setup.set_game("worms")
    entrants = tab.setup.entrants
    qtbot.mouseClick(entrants.add_file_button, LEFT)
    assert asked == [str(mine)] and [row.target for row in entrants.rows()][-1] == str(theirs / "bot.py")
    qtbot.mouseClick(entrants.add_file_button, LEFT)  # the next one starts where this one came from
    assert asked[1] == str(theirs)
    qtbot.mouseClick(tab.setup.map_browse, LEFT)
    assert asked[2] == str(mine)
    assert given.value(LAST_KEY.format(kind=BOTS)) == str(theirs.resolve())  # kept where the tab was told
    assert QSettings().value(LAST_KEY.format(kind=BOTS)) is None  # not in the app's default settings


@pytest.mark.parametrize("game", ["snake", "worms", "kingdoms", "bioblots", "itpw"])
def test_while_a_tournament_runs_every_setting_in_the_form_is_locked(qtbot: QtBot, make_tab: MakeTab, game: str) -> None:
    """What runs is what the form said at Start: the sandbox box stayed clickable during a run."""
    tab = make_tab()
    setup = tab.setup
    setup.set_game(game)
    setup.set_editable(False)  # what Start does
    form = setup.form
    fields = [form.itemAt(row, QFormLayout.ItemRole.FieldRole) for row in range(form.rowCount())]
    shown = [w for w in _widgets_of(fields) if w.isVisibleTo(setup) and not isinstance(w, QLabel)]  # inputs
    assert shown and [w for w in shown if w.isEnabled()] == []
    setup.set_editable(True)
    assert all(w.isEnabled() for w in shown if w is not setup.seats_box)


def _widgets_of(items: list[QLayoutItem | None]) -> list[QWidget]:
    """The widgets of ``items``, and those inside their layouts (a box beside its browse button)."""
    found: list[QWidget] = []
    for item in items:
        if item is None:
            continue
        widget, layout = item.widget(), item.layout()
        if widget is not None:
            found.append(widget)
        elif layout is not None:
            found += _widgets_of([layout.itemAt(i) for i in range(layout.count())])
    return found
