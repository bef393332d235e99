"""What the arena does at a live match's start so that the GUI thread does not stall (issue 16):
Start shows the game's board and hides the setup at once (the pane is laid out anew then, not
at the match's first round), and gives the setup back when the match fails to start; a worker
that computes its rounds in this process gives the GUI thread way while the GUI has not taken
its rounds yet, and every round still reaches the timeline; a snake board compiles a program for
its explanations only when one is asked."""

from __future__ import annotations

from collections.abc import Callable
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.match import MatchSetup
from editor.widgets.arena import match_runner
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.match_runner import Frame, MatchRunner
from editor.widgets.games.kingdoms.kingdoms_game import KingdomsBoard
from editor.widgets.games.snake import snake_game
from editor.widgets.games.snake.snake_game import SnakeBoard
from matcher import CompiledProgram, Program, compile_program
from tests.editor.arena.pane_driver import KINGDOMS, wait_finished

SNAKES = ("hunter", "tail_biter", "wall_hugger", "head_avoider")


def test_a_worker_ahead_of_the_gui_gives_way_after_each_round_and_every_round_arrives(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[int] = []
    monkeypatch.setattr(match_runner, "give_way", lambda: given.append(1))
    runner = MatchRunner()
    frames: list[Frame] = []
    runner.frames.connect(frames.extend)
    runner.gate.set_open(True)  # full speed
    runner.start_match(MatchSetup("snake", SNAKES, 7, {"steps": 60}))
    assert runner.wait(30.0)  # the GUI thread takes no round while it waits here: the worker is ahead
    with qtbot.waitSignal(runner.done, timeout=10_000):
        pass  # the reports queued meanwhile arrive
    played = frames[-1].turn
    assert [frame.turn for frame in frames] == list(range(1, played + 1))  # every round, in order
    assert played > 10 and len(given) == played - 1  # after every round but the first, none taken yet


def test_a_worker_whose_rounds_are_taken_does_not_wait(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[int] = []
    monkeypatch.setattr(match_runner, "give_way", lambda: given.append(1))
    runner = MatchRunner()
    frames: list[Frame] = []
    runner.frames.connect(frames.extend)
    with qtbot.waitSignal(runner.started, timeout=10_000):
        runner.start_match(MatchSetup("snake", SNAKES, 7, {"steps": 5}))
    for turn in range(1, 6):  # one round at a time, each taken before the next is allowed
        runner.gate.permit()
        qtbot.waitUntil(lambda: len(frames) == turn, timeout=10_000)
    runner.stop()
    assert runner.wait(10.0)
    assert given == []


def farmers(make_pane: Callable[..., ArenaPane], rounds: int) -> ArenaPane:
    """A pane set up for a kingdoms match of four farmers (quick shell bots) over ``rounds``."""
    pane = make_pane()
    panel = pane.setup_panel
    panel.set_game("kingdoms")
    panel.set_seats([str(KINGDOMS / "farmer.sh")] * 4)
    panel.rounds_box.setValue(rounds)
    return pane


def test_start_shows_the_board_and_hides_the_setup_before_the_match_reports(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = farmers(make_pane, 2)
    panel = pane.setup_panel
    qtbot.waitUntil(lambda: "kingdoms" in pane.boards, timeout=5_000)  # built when chosen
    board = pane.boards["kingdoms"]
    assert isinstance(board, KingdomsBoard)
    panel.start_button.click()  # (no event is handled until the test waits: nothing reported yet)
    assert pane.info is None
    assert pane.stack.currentWidget() is board and not pane.setup_scroll.isVisible()
    wait_finished(qtbot, pane)
    assert pane.info is not None and pane.board is board and pane.stack.currentWidget() is board
    assert not pane.setup_scroll.isVisible()
    # Laid out before its first state, the dashboard still makes room for the cards that came with it.
    dashboard = board.view
    layout = dashboard.layout()
    assert layout is not None and all(card.isVisible() for card in dashboard.cards)
    qtbot.waitUntil(lambda: dashboard.height() >= layout.minimumSize().height() > dashboard.cards[0].height())


def test_after_start_the_keys_go_to_the_match_not_to_the_setup_button(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = farmers(make_pane, 3)
    panel = pane.setup_panel
    pane.activateWindow()  # as the user's window is
    qtbot.waitUntil(lambda: QApplication.activeWindow() is pane)
    panel.start_button.setFocus()
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is not pane.setup_button  # (where Qt moved it from the hidden Start)
    wait_finished(qtbot, pane)
    qtbot.waitUntil(lambda: pane.playback.index == len(pane.playback.frames) - 1)

    def press(key: Qt.Key) -> None:
        focus = QApplication.focusWidget()
        assert focus is not None and pane.isAncestorOf(focus) or focus is pane
        qtbot.keyClick(focus, key)

    press(Qt.Key.Key_Space)  # at the end Play is disabled: the key must not click the Setup button
    assert not pane.setup_scroll.isVisible()
    press(Qt.Key.Key_Home)
    assert pane.playback.index == 0
    press(Qt.Key.Key_Space)
    assert pane.playback.playing and not pane.setup_scroll.isVisible()
    press(Qt.Key.Key_Space)
    assert not pane.playback.playing


def test_a_match_that_fails_to_start_gives_the_setup_back_with_the_reason(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("0 100 5\n3 3\nxyz\n")
    pane = make_pane()
    panel = pane.setup_panel
    panel.set_game("worms")
    panel.set_map(str(bad))
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000):
        qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert pane.setup_scroll.isVisible() and pane.stack.currentWidget() is pane.idle_label
    assert panel.message_label.isVisible() and panel.message_label.text().startswith(f"{bad}:")


def test_a_match_whose_replay_cannot_be_written_says_where_without_a_traceback_name(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = farmers(make_pane, 2)
    shutil.rmtree(pane.scratch)  # the app's scratch folder cleaned away under it (a tmp cleaner)
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    assert failed.args[0] == f"{pane.scratch / 'match-1.jsonl'}: No such file or directory"
    assert pane.setup_panel.message_label.isVisible() and pane.setup_panel.message_label.text() == failed.args[0]


def test_a_snake_battle_compiles_a_program_for_explanations_only_when_one_is_asked(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []

    def counted(program: Program) -> CompiledProgram:
        compiled.append(program.name)
        return compile_program(program)

    monkeypatch.setattr(snake_game, "compile_program", counted)
    pane = make_pane()
    panel = pane.setup_panel
    panel.set_game("snake")
    panel.set_seats(SNAKES)
    panel.rounds_box.setValue(5)
    panel.start_button.click()
    wait_finished(qtbot, pane)
    assert compiled == []  # nothing at the start (the worker compiles its own)
    pane.select_seat(1)
    pane.playback.seek(2)
    pane.playback.seek(4)
    assert len(compiled) == 1 and pane.board is not None and isinstance(pane.board, SnakeBoard)
    assert pane.board.explanation is not None and pane.board.explanation.snake == 1


def test_a_seat_the_match_refuses_is_named_as_the_form_counts_its_rows(qtbot: QtBot, tmp_path: Path) -> None:
    """The match counts seats from 0, as the command line and replays do ("seat 1" for the second
    row); the arena says the seat as its form does ("seat 2"), with the match's own reason."""
    gone = tmp_path / "gone.snake.json"
    runner = MatchRunner()
    with qtbot.waitSignal(runner.failed, timeout=10_000) as failed:
        runner.start_match(MatchSetup("snake", ("hunter", str(gone), "tail_biter", "wall_hugger"), 7, {"steps": 5}))
    assert failed.args == [f"seat 2: {gone}: cannot read it: No such file or directory"]
    assert runner.wait(10.0)
