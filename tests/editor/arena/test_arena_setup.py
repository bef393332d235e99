"""The arena's setup form (games, seats, remembered setups, bad input on one line) and the arena
as a workspace of the main window."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QFileDialog, QLabel, QMenu, QToolButton, QWidget

from arena.bots import Limits
from arena.games.registry import built_in_games
from arena.match import GAMES, MatchSetup, MatchSetupError, run_match
from editor.seats import builtin_program
from editor.widgets.arena import arena_pane as arena_pane_module
from editor.widgets.arena.match_setup import MatchSetupPanel, MiB
from editor.widgets.games.registry import GAME_VIEWS
from editor.widgets.parts.seat_choices import EDITOR_SEAT, bot_samples
from matcher import load_program
from tests.editor.arena.pane_driver import KINGDOMS, WORMS, pick, start, wait_finished
from tests.editor.test_main_window import key
from pytestqt.qtbot import QtBot
from collections.abc import Callable
from editor.main_window import MainWindow
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.games.snake.snake_game import SnakeBoard


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def panel(qtbot: QtBot, settings: QSettings, tmp_path: Path) -> MatchSetupPanel:
    widget = MatchSetupPanel(settings, scratch=tmp_path / "scratch", editor_program=builtin_program)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_the_chooser_lists_the_registered_games_with_their_seat_counts(panel: MatchSetupPanel) -> None:
    listed = [panel.game_box.itemData(i) for i in range(panel.game_box.count())]
    assert listed == [game for game in GAME_VIEWS if game in GAMES] and {"snake", "worms", "kingdoms"} <= set(listed)
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


def test_bot_seats_offer_the_samples_and_take_a_command_line(panel: MatchSetupPanel) -> None:
    panel.set_game("worms")
    offered = [panel.seats[0].combo.itemData(i) for i in range(panel.seats[0].combo.count())]
    assert offered == [path for _, path in bot_samples("worms")] and str(WORMS / "greedy.sh") in offered
    panel.seats[2].combo.setEditText("python3 -u my_bot.py --fast")
    assert panel.seat_values()[2] == "python3 -u my_bot.py --fast"


@pytest.mark.parametrize(("action", "order"), [("rotate", [3, 0, 1, 2]), ("shuffle", None)])
def test_seats_rotate_and_shuffle(panel: MatchSetupPanel, action: str, order: list[int] | None) -> None:
    panel.set_game("kingdoms")
    before = ["a.sh", "b.sh", "c.sh", "d.sh"]
    panel.set_seats(before)
    (panel.rotate_button if action == "rotate" else panel.shuffle_button).click()
    after = panel.seat_values()
    assert sorted(after) == before and after != before
    if order is not None:
        assert after == [before[i] for i in order]


def test_the_last_setup_of_every_game_is_remembered(qtbot: QtBot, panel: MatchSetupPanel, settings: QSettings, tmp_path: Path) -> None:
    panel.set_game("worms")
    panel.set_seats([str(WORMS / "greedy.sh")] * 4)
    panel.seed_box.setValue(4242)
    panel.set_map(str(WORMS / "redbot-2012" / "stripes.txt"))
    panel.time_box.setValue(0.5)
    panel.memory_box.setValue(512)
    panel.cpu_box.setValue(9)
    panel.set_game("snake")
    panel.number_boxes["width"].setValue(31)
    panel.seed_box.setValue(99)
    panel.set_game("worms")
    assert panel.seat_values() == [str(WORMS / "greedy.sh")] * 4
    assert (panel.seed_box.value(), panel.time_box.value()) == (4242, 0.5)
    assert (panel.memory_box.value(), panel.cpu_box.value()) == (512, 9)
    assert panel.options()["limits"] == {"memory": 512 * MiB, "address_space": 512 * MiB, "cpu_seconds": 9}
    assert panel.map_box.currentData() == str(WORMS / "redbot-2012" / "stripes.txt")
    panel.remember()
    again = MatchSetupPanel(settings, scratch=tmp_path / "scratch")
    qtbot.addWidget(again)
    assert again.game() == "worms" and again.seed_box.value() == 4242
    assert (again.memory_box.value(), again.cpu_box.value()) == (512, 9)
    again.set_game("snake")
    assert again.number_boxes["width"].value() == 31 and again.seed_box.value() == 99


@pytest.mark.parametrize(("game", "seat", "value", "message"), [
    ("worms", 1, "", "seat 2: choose a bot"),
    # Counted as the form's rows, before any bot starts (the match's own check counts from 0).
    ("worms", 1, "/no/such/bot.py", "seat 2: bot program '/no/such/bot.py' does not exist"),
    ("kingdoms", 3, "/", "seat 4: bot program '/' is a folder: name the program in it that starts the bot"),
    ("snake", 2, "/no/such/file.snake.json", "seat 3: /no/such/file.snake.json"),
])
def test_a_bad_seat_is_named_on_one_line(qtbot: QtBot, make_pane: Callable[..., ArenaPane], game: str, seat: int, value: str, message: str) -> None:
    pane = make_pane()
    pane.setup_panel.set_game(game)
    pane.setup_panel.seats[seat].combo.setEditText(value)
    qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    shown = pane.setup_panel.message_label.text()
    assert shown.startswith(message) and "\n" not in shown and pane.setup_panel.message_label.isVisible()
    assert not pane.runner.is_running()


def test_a_bad_map_is_reported_with_its_place(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("0 100 5\n3 3\nxyz\n")
    pane = make_pane()
    pane.setup_panel.set_game("worms")
    pane.setup_panel.set_map(str(bad))
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    assert failed.args[0].startswith(f"{bad}:") and "\n" not in failed.args[0]


def test_a_snake_seat_plays_the_program_open_in_the_editor(panel: MatchSetupPanel) -> None:
    panel.set_game("snake")
    panel.set_seats([EDITOR_SEAT, "hunter"])
    setup = panel.setup()
    assert load_program(setup.seats[0]) == builtin_program() and setup.names == ("Built-in biter", "Hunter")
    nothing = MatchSetupPanel(QSettings(str(Path(setup.seats[0]).parent / "x.ini"), QSettings.Format.IniFormat),
                              scratch=Path(setup.seats[0]).parent, editor_program=lambda: None)
    nothing.set_game("snake")
    nothing.set_seats([EDITOR_SEAT, "hunter"])
    with pytest.raises(MatchSetupError, match="seat 1: there is no program open in the editor"):
        nothing.setup()


def test_the_arena_is_a_workspace_of_the_main_window(qtbot: QtBot, tmp_path: Path, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QMenu)
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


def test_the_tournament_is_a_workspace_that_sees_the_editors_program_and_opens_games_in_the_arena(qtbot: QtBot, tmp_path: Path, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QMenu)
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


def test_shuffle_always_changes_the_order_whatever_the_seed(panel: MatchSetupPanel) -> None:
    panel.set_game("kingdoms")
    before = ["a.sh", "b.sh", "c.sh", "d.sh"]
    for seed in range(60):  # with 4 seats, about 1 in 24 plain shuffles gives the same order back
        panel.seed_box.setValue(seed)
        panel.set_seats(before)
        panel.shuffle_button.click()
        assert sorted(panel.seat_values()) == before and panel.seat_values() != before


def test_new_seed_draws_another_seed(qtbot: QtBot, panel: MatchSetupPanel) -> None:
    seen = set()
    for _ in range(3):
        before = panel.seed_box.value()
        qtbot.mouseClick(panel.seed_button, Qt.MouseButton.LeftButton)
        assert panel.seed_box.value() != before or panel.seed_box.value() in seen
        seen.add(panel.seed_box.value())
    assert len(seen) >= 2 and panel.setup().seed == panel.seed_box.value()


@pytest.mark.parametrize("game", sorted(GAME_VIEWS))
def test_memory_and_cpu_limits_start_at_the_hosts_defaults_in_every_bot_game(panel: MatchSetupPanel, game: str) -> None:
    panel.set_game(game)
    limits = Limits()
    assert limits.address_space is not None
    bot_game = "limits" in GAMES[game].defaults
    assert panel.memory_box.isVisibleTo(panel) == bot_game == panel.cpu_box.isVisibleTo(panel)
    if not bot_game:
        assert "limits" not in panel.options()
        return
    assert (panel.memory_box.value(), panel.cpu_box.value()) == (limits.address_space // MiB, limits.cpu_seconds)
    assert panel.options()["limits"] == {"memory": limits.address_space, "address_space": limits.address_space, "cpu_seconds": limits.cpu_seconds}
    panel.memory_box.setValue(256)
    panel.cpu_box.setValue(5)
    assert panel.options()["limits"] == {"memory": 256 * MiB, "address_space": 256 * MiB, "cpu_seconds": 5}


def test_the_map_chooser_offers_the_original_redbot_maps(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Pick one through the combo's list, as a user does: the match plays on that map."""
    pane = make_pane()
    panel = pane.setup_panel
    panel.set_game("worms")
    box = panel.map_box
    labels = [box.itemText(i) for i in range(box.count())]
    originals = sorted(p.stem for p in (WORMS / "redbot-2012").glob("*.txt"))
    assert [label for label in labels if label.endswith(" (Redbot 2012)")] == [f"{o} (Redbot 2012)" for o in originals]
    assert len(originals) >= 4
    pick(qtbot, box, "stripes (Redbot 2012)")
    assert box.currentText() == "stripes (Redbot 2012)"
    assert panel.options()["map"] == str(WORMS / "redbot-2012" / "stripes.txt")
    panel.set_seats([str(WORMS / "greedy.sh")] * 4)
    panel.rounds_box.setValue(2)
    start(qtbot, pane)
    assert "stripes (Redbot 2012)" in pane.title_label.text()  # the title names the map as the chooser does
    assert pane.info is not None and pane.info.options["map_text"] == (WORMS / "redbot-2012" / "stripes.txt").read_text()
    wait_finished(qtbot, pane)


def test_the_title_names_the_playfield_as_the_chooser_does(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """It said "default_playfield" while the chooser said "default playfield"."""
    pane = make_pane()
    panel = pane.setup_panel
    panel.set_game("kingdoms")
    panel.set_seats([str(KINGDOMS / "farmer.sh")] * 4)
    panel.rounds_box.setValue(1)
    start(qtbot, pane)
    assert panel.map_box.currentText() == "default playfield"
    assert "default playfield" in pane.title_label.text() and "default_playfield" not in pane.title_label.text()
    wait_finished(qtbot, pane)


def test_itpw_offers_pausing_the_bots_off_their_turn_and_remembers_it(qtbot: QtBot, panel: MatchSetupPanel, settings: QSettings, tmp_path: Path) -> None:
    panel.set_game("itpw")
    check = panel.flag_boxes["pause_bots"]
    qtbot.waitUntil(check.isVisible, timeout=2_000)
    assert not check.isChecked() and "SIGSTOP" in check.toolTip()
    assert check.text() == "Pause bots off their turn" and panel.options()["pause_bots"] is False
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert check.isChecked() and panel.options()["pause_bots"] is True
    panel.set_game("worms")
    assert "pause_bots" not in panel.flag_boxes and "pause_bots" not in panel.options()
    panel.set_game("itpw")
    assert panel.flag_boxes["pause_bots"].isChecked()
    panel.remember()
    again = MatchSetupPanel(settings, scratch=tmp_path / "scratch")
    qtbot.addWidget(again)
    assert again.game() == "itpw" and again.flag_boxes["pause_bots"].isChecked()


def test_the_setup_is_remembered_when_the_app_closes_without_a_start(qtbot: QtBot, make_pane: Callable[..., ArenaPane], settings: QSettings) -> None:
    """Regression: only Start and a game switch kept the setup; edits before closing were lost."""
    pane = make_pane(settings)
    panel = pane.setup_panel
    panel.set_game("kingdoms")
    panel.set_seats([str(KINGDOMS / "farmer.sh"), str(KINGDOMS / "random_bot.py")] * 2)
    panel.seed_box.setValue(31337)
    panel.memory_box.setValue(300)
    panel.cpu_box.setValue(7)
    panel.time_box.setValue(1.25)
    pane.close()  # what closing the main window does: the pane shuts down
    again = make_pane(settings)
    restored = again.setup_panel
    assert restored.game() == "kingdoms"
    assert restored.seat_values() == [str(KINGDOMS / "farmer.sh"), str(KINGDOMS / "random_bot.py")] * 2
    assert (restored.seed_box.value(), restored.memory_box.value(), restored.cpu_box.value()) == (31337, 300, 7)
    assert restored.time_box.value() == 1.25


@pytest.mark.parametrize("game", sorted(built_in_games()))  # each has engines.<game>.EndReason
def test_every_end_reason_of_every_game_reads_as_words(game: str) -> None:
    """The summary printed raw codes: "Over after 6 rounds (rounds)"."""
    engine = importlib.import_module(f"engines.{game}")
    spec = GAME_VIEWS[game].spec
    codes = [reason.value for reason in engine.EndReason]
    assert sorted(spec.ends) == sorted(codes)
    for code in codes:
        words = spec.end_text(code)
        assert words and "_" not in words and words != code and words == spec.ends[code]
    assert spec.end_text("cancelled") == "stopped"


def board_buttons(pane: ArenaPane) -> list[str]:
    """The texts of the header buttons a board brought that show."""
    header = pane.header_tools
    buttons = [header.widgetForAction(action) for action in header.actions()]
    shared = {pane.save_button, pane.export_button}
    return [button.text() for button in buttons if isinstance(button, QToolButton) and button.isVisible()
            and button not in shared and button.defaultAction() is not pane.popout_action]


def export_entries(pane: ArenaPane) -> list[str]:
    return [action.text() for action in pane.export_menu.actions() if action.isVisible()]


SHARED_EXPORTS = ["Frame as PNG…", "Score plot as PNG…", "Think-time plot as PNG…", "Seat log as CSV (the rows listed)…"]
KINGDOMS_EXPORTS = ["History plot as PNG…", "History file (original format)…"]


def test_each_board_brings_its_own_header_buttons_and_exports(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Continue from here shows for a snake battle only, the history exports for kingdoms only."""
    pane = make_pane()
    for game in GAME_VIEWS:
        pane.setup_panel.set_game(game)
        assert board_buttons(pane) == [], game  # before any match there is nothing to continue
    pane.setup_panel.set_game("kingdoms")
    pane.setup_panel.set_seats([str(KINGDOMS / "farmer.sh")] * 4)
    pane.setup_panel.rounds_box.setValue(1)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert board_buttons(pane) == [] and export_entries(pane) == SHARED_EXPORTS + KINGDOMS_EXPORTS
    pane.setup_panel.set_game("snake")
    pane.setup_panel.set_seats(["hunter", "tail_biter"])
    pane.setup_panel.rounds_box.setValue(3)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    snake_board = pane.boards["snake"]
    assert isinstance(snake_board, SnakeBoard)
    what_if = snake_board.what_if_action
    assert board_buttons(pane) == ["New card from here", "Continue from here"] and what_if.isEnabled()  # a button drops the "…"
    assert not snake_board.new_card_action.isEnabled()  # until a snake is clicked (issue 17)
    assert export_entries(pane) == SHARED_EXPORTS
    pane.setup_panel.set_game("kingdoms")  # back to a game without one: the battle's button goes
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert board_buttons(pane) == [] and export_entries(pane) == SHARED_EXPORTS + KINGDOMS_EXPORTS


def test_the_arena_pane_names_no_game() -> None:
    """Issue 15: what differs between games comes from their boards and facts in GAME_VIEWS; the
    shared pane had "kingdoms" exports and a snake what-if of its own."""
    source = inspect.getsource(arena_pane_module)
    names = {game for game in built_in_games()} | {GAME_VIEWS[game].spec.title for game in built_in_games()}
    named = sorted(name for name in names if re.search(rf"\b{re.escape(name)}\b", source, re.IGNORECASE))
    assert named == []


def test_arena_dialogs_start_in_the_users_last_folder_not_the_current_one(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Open replay, Save replay, Export and a seat's "…" started in the process's current folder."""
    elsewhere, mine, bots = tmp_path / "started-here", tmp_path / "my replays", tmp_path / "my bots"
    for folder in (elsewhere, mine, bots):
        folder.mkdir()
    monkeypatch.chdir(elsewhere)
    asked: list[str] = []
    answer: list[str] = [""]

    def dialog(_parent: QWidget | None, _title: str, start: str, *_rest: object,
               **_kw: object) -> tuple[str, str]:
        asked.append(str(start))
        return answer[0], ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    settings = QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat)
    pane = make_pane(settings)
    replay = mine / "old.jsonl"
    replay.write_text("")  # chosen only; what it holds does not matter here
    answer[0] = str(replay)
    qtbot.mouseClick(pane.setup_panel.replay_button, Qt.MouseButton.LeftButton)
    assert not asked[-1].startswith(str(elsewhere))
    pane.runner.wait()
    answer[0] = ""
    again = make_pane(settings)  # a later session: the same settings
    qtbot.mouseClick(again.setup_panel.replay_button, Qt.MouseButton.LeftButton)
    assert asked[-1] == str(mine.resolve())

    again.setup_panel.set_game("worms")
    bot = bots / "mine.py"
    bot.write_text("print('.')\n")
    answer[0] = str(bot)
    qtbot.mouseClick(again.setup_panel.seats[0].browse, Qt.MouseButton.LeftButton)
    assert not asked[-1].startswith(str(elsewhere)) and again.setup_panel.seat_values()[0] == str(bot)
    answer[0] = ""
    qtbot.mouseClick(again.setup_panel.seats[1].browse, Qt.MouseButton.LeftButton)
    assert asked[-1] == str(bots.resolve())


def _raw_names(text: str, names: set[str]) -> list[str]:
    """Option names that ``text`` says as they are spelled in code (``move_limit``, "option width")."""
    found = [name for name in names if "_" in name and re.search(rf"\b{re.escape(name)}\b", text)]
    return found + re.findall(r"\boption \w+", text, flags=re.IGNORECASE)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_help_text_says_a_raw_option_name(qtbot: QtBot, make_pane: Callable[..., ArenaPane], game: str) -> None:
    """Bio-blots' limit read "Option move_limit: a limit on the number of move_limit"."""
    from arena.games.registry import games

    descriptor = games()[game]
    names = {option.name for option in descriptor.options}
    for option in descriptor.options:
        assert not _raw_names(option.help, names), (option.name, option.help)
    panel = make_pane().setup_panel
    panel.set_game(game)
    shown = [w for w in panel.findChildren(QWidget) if w.isVisibleTo(panel)]
    for widget in shown:
        for text in (widget.toolTip(), widget.text() if isinstance(widget, (QLabel, QCheckBox)) else ""):
            assert not _raw_names(text, names), (type(widget).__name__, text)
    if descriptor.round_limit is not None:
        assert panel.rounds_box.toolTip() and panel.rounds_label.text()


def test_bioblots_moves_per_player_agree_with_the_moves_the_match_ends_after(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """"Move limit 60" ended "after 120 moves": the limit is each player's (spec: 80 moves per
    player), the match counts every player's moves."""
    pane = make_pane()
    panel = pane.setup_panel
    pick(qtbot, panel.game_box, GAME_VIEWS["bioblots"].spec.title)
    assert panel.rounds_label.text() == "Moves per player"
    assert "each player" in panel.rounds_box.toolTip() and "twice as many" in panel.rounds_box.toolTip()
    panel.rounds_box.setFocus()
    panel.rounds_box.selectAll()
    qtbot.keyClicks(panel.rounds_box, "3")
    seats = panel.seat_values()
    assert len(seats) == 2
    with qtbot.waitSignal(pane.runner.finished, timeout=20_000):
        qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    outcome = pane.outcome
    assert outcome is not None
    summary = pane.scoreboard.summary_label.text()
    assert outcome.end == "move_limit" and outcome.rounds == 6  # 3 each: too few to end it otherwise
    assert "Over after 6 moves (each player's move limit)" in summary


def test_the_chosen_games_board_is_built_before_its_match_starts(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Issue 16: building the kingdoms board (its plot) stalled the GUI thread ~60 ms at the
    match's first round; it is built when the game is chosen, its header buttons hidden until a
    match of it is shown, and its match uses that board."""
    pane = make_pane()
    panel = pane.setup_panel
    pick(qtbot, panel.game_box, GAME_VIEWS["kingdoms"].spec.title)
    qtbot.waitUntil(lambda: "kingdoms" in pane.boards, timeout=5_000)
    built = pane.boards["kingdoms"]
    assert pane.stack.currentWidget() is pane.idle_label  # built, not shown
    assert all(not button.isVisible() for buttons in pane._board_buttons.values() for button in buttons)
    panel.set_seats([str(KINGDOMS / "farmer.sh")] * 4)
    panel.rounds_box.setValue(1)
    start(qtbot, pane)
    assert pane.stack.currentWidget() is built
    wait_finished(qtbot, pane)


def test_the_time_box_says_what_the_games_own_option_says(panel: MatchSetupPanel) -> None:
    """Its tooltip is the descriptor's help for the game's time option: the form names no option."""
    panel.set_game("itpw")
    assert panel.time_box.toolTip() == "Each player's time bank for the game, in seconds"
    panel.set_game("bioblots")
    assert panel.time_box.toolTip() == "Seconds a bot has for each move"
