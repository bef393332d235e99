"""The arena's setup form (games, seats, remembered setups, bad input on one line) and the arena
as a workspace of the main window."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from arena.match import GAMES, MatchSetup, MatchSetupError, run_match
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import builtin_program
from editor.widgets.match_setup import EDITOR_SEAT, SPECS, MatchSetupPanel, bot_samples
from matcher import load_program
from tests.editor.test_main_window import key
from tests.editor.test_arena_match import WORMS, make_pane, marker, start, wait_finished  # noqa: F401  (fixtures)


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def panel(qtbot, settings, tmp_path) -> MatchSetupPanel:
    widget = MatchSetupPanel(settings, scratch=tmp_path / "scratch", editor_program=builtin_program)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_the_chooser_lists_the_registered_games_with_their_seat_counts(panel):
    listed = [panel.game_box.itemData(i) for i in range(panel.game_box.count())]
    assert listed == [game for game in SPECS if game in GAMES] and {"snake", "worms", "kingdoms"} <= set(listed)
    for game in listed:
        panel.set_game(game)
        referee = GAMES[game]
        assert referee.min_seats <= len(panel.seats) <= referee.max_seats
        panel.remove_button.click()
        panel.remove_button.click()
        assert len(panel.seats) == referee.min_seats
        for _ in range(4):
            panel.add_button.click()
        assert len(panel.seats) == referee.max_seats
        assert panel.add_button.isVisibleTo(panel) == (referee.min_seats != referee.max_seats)


def test_bot_seats_offer_the_samples_and_take_a_command_line(panel):
    panel.set_game("worms")
    offered = [panel.seats[0].combo.itemData(i) for i in range(panel.seats[0].combo.count())]
    assert offered == [path for _, path in bot_samples("worms")] and str(WORMS / "greedy.sh") in offered
    panel.seats[2].combo.setEditText("python3 -u my_bot.py --fast")
    assert panel.seat_values()[2] == "python3 -u my_bot.py --fast"


@pytest.mark.parametrize(("action", "order"), [("rotate", [3, 0, 1, 2]), ("shuffle", None)])
def test_seats_rotate_and_shuffle(panel, action, order):
    panel.set_game("kingdoms")
    before = ["a.sh", "b.sh", "c.sh", "d.sh"]
    panel.set_seats(before)
    (panel.rotate_button if action == "rotate" else panel.shuffle_button).click()
    after = panel.seat_values()
    assert sorted(after) == before and after != before
    if order is not None:
        assert after == [before[i] for i in order]


def test_the_last_setup_of_every_game_is_remembered(qtbot, panel, settings, tmp_path):
    panel.set_game("worms")
    panel.set_seats([str(WORMS / "greedy.sh")] * 4)
    panel.seed_box.setValue(4242)
    panel.set_map(str(WORMS / "redbot-2012" / "stripes.txt"))
    panel.time_box.setValue(0.5)
    panel.set_game("snake")
    panel.number_boxes["width"].setValue(31)
    panel.seed_box.setValue(99)
    panel.set_game("worms")
    assert panel.seat_values() == [str(WORMS / "greedy.sh")] * 4
    assert (panel.seed_box.value(), panel.time_box.value()) == (4242, 0.5)
    assert panel.map_box.currentData() == str(WORMS / "redbot-2012" / "stripes.txt")
    panel.remember()
    again = MatchSetupPanel(settings, scratch=tmp_path / "scratch")
    qtbot.addWidget(again)
    assert again.game() == "worms" and again.seed_box.value() == 4242
    again.set_game("snake")
    assert again.number_boxes["width"].value() == 31 and again.seed_box.value() == 99


@pytest.mark.parametrize(("game", "seat", "value", "message"), [
    ("worms", 1, "", "seat 1: choose a bot"),
    ("snake", 2, "/no/such/file.snake.json", "seat 2: /no/such/file.snake.json"),
])
def test_a_bad_seat_is_named_on_one_line(qtbot, make_pane, game, seat, value, message):
    pane = make_pane()
    pane.setup_panel.set_game(game)
    pane.setup_panel.seats[seat].combo.setEditText(value)
    qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    shown = pane.setup_panel.message_label.text()
    assert shown.startswith(message) and "\n" not in shown and pane.setup_panel.message_label.isVisible()
    assert not pane.runner.is_running()


def test_a_bad_map_is_reported_with_its_place(qtbot, make_pane, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("0 100 5\n3 3\nxyz\n")
    pane = make_pane()
    pane.setup_panel.set_game("worms")
    pane.setup_panel.set_map(str(bad))
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    assert failed.args[0].startswith(f"{bad}:") and "\n" not in failed.args[0]


def test_a_snake_seat_plays_the_program_open_in_the_editor(panel):
    panel.set_game("snake")
    panel.set_seats([EDITOR_SEAT, "hunter"])
    setup = panel.setup()
    assert load_program(setup.seats[0]) == builtin_program() and setup.names == ("Built-in biter", "Hunter")
    nothing = MatchSetupPanel(QSettings(str(Path(setup.seats[0]).parent / "x.ini"), QSettings.Format.IniFormat),
                              scratch=Path(setup.seats[0]).parent, editor_program=lambda: None)
    nothing.set_game("snake")
    nothing.set_seats([EDITOR_SEAT, "hunter"])
    with pytest.raises(MatchSetupError, match="seat 0: there is no program open in the editor"):
        nothing.setup()


def test_the_arena_is_a_workspace_of_the_main_window(qtbot, tmp_path):
    window = MainWindow(ProgramDocument(builtin_program()), settings=QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat),
                        recovery=RecoveryStore(tmp_path / "recovery"))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.arena_action in view.actions() and window.arena_action.shortcut().toString() == "Ctrl+3"
    assert window.history_dock.isVisible()
    window.history_dock.toggleViewAction().trigger()  # the editor's layout, as the user left it
    window.arena_action.trigger()
    QApplication.processEvents()
    assert window.in_arena() and window.arena_pane.isVisible() and not window.card_editor.isVisible()
    assert not any(d.isVisible() for d in (window.program_dock, window.bench_dock, window.problems_dock))
    assert window.minimumSizeHint().width() <= 1366
    window.show_battle()  # F5's pane lives in the editor: back there, the panes as they were
    QApplication.processEvents()
    assert not window.in_arena() and window.program_dock.isVisible() and not window.history_dock.isVisible()
    assert window.editor_action.isChecked()


def test_the_tournament_is_a_workspace_that_sees_the_editors_program_and_opens_games_in_the_arena(qtbot, tmp_path):
    window = MainWindow(ProgramDocument(builtin_program()), settings=QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat),
                        recovery=RecoveryStore(tmp_path / "recovery"))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.tournament_action in view.actions() and window.tournament_action.shortcut().toString() == "Ctrl+4"
    key(qtbot, window, "Ctrl+4")
    QApplication.processEvents()
    assert window.tournament_tab.isVisible() and not window.card_editor.isVisible() and not window.arena_pane.isVisible()
    assert not window.program_dock.isVisible() and window.minimumSizeHint().width() <= 1366
    # The program open in the editor is what an "editor's program" entrant plays, edits included.
    setup = window.tournament_tab.setup
    window.document.edit(lambda program: dataclasses.replace(program, name="Renamed in the editor"), "rename")
    assert setup._editor_text is not None and "Renamed in the editor" in setup._editor_text
    # A finished game opens in the arena.
    replay = tmp_path / "game.jsonl"
    run_match(MatchSetup("snake", ("tail_biter", "hunter"), 5, {"steps": 20, "width": 15, "height": 15, "length": 5}), record=replay)
    window.tournament_tab.openReplay.emit(str(replay))
    qtbot.waitUntil(lambda: window.in_arena() and window.arena_pane.isVisible(), timeout=5000)
    window.show_editor()
    QApplication.processEvents()
    assert window.program_dock.isVisible() and window.editor_action.isChecked()


def test_shuffle_always_changes_the_order_whatever_the_seed(panel):
    panel.set_game("kingdoms")
    before = ["a.sh", "b.sh", "c.sh", "d.sh"]
    for seed in range(60):  # with 4 seats, about 1 in 24 plain shuffles gives the same order back
        panel.seed_box.setValue(seed)
        panel.set_seats(before)
        panel.shuffle_button.click()
        assert sorted(panel.seat_values()) == before and panel.seat_values() != before
