"""Replays and exports in the arena pane, and what only snake battles have: why a clicked snake
moved, and continuing a battle from a step with other programs."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QFileDialog

from arena.cli import main as cli_main
from arena.match import GAMES, MatchSetup, run_match
from arena.replay import read_replay, verify_replay
from arena.samples import resolve_program
from arena.program_battle import BattleSettings, SnakeMatch, explain_turn
from editor.seats import builtin_program
from editor.widgets.arena.match_runner import WHAT_IF
from editor.widgets.games.registry import GAME_VIEWS
from editor.widgets.games.snake.snake_game import SnakeBoard
from editor.widgets.parts.seat_cards import ordinal
from engines.kingdoms import history_to_text
from engines.snake import board_at_turn, position_to_text
from matcher import best_moves, compile_program, load_program, save_program
from matcher.fileformat import PROGRAM_SUFFIX
from tests.arena.legacy_battles import OLD_FILE
from tests.editor.file_choosers import assert_remembered_only_in
from tests.editor.arena.pane_driver import BIOBLOTS, ITPW, KINGDOMS, WORMS, pick, set_up, start, wait_finished
from pytestqt.qtbot import QtBot
from collections.abc import Callable
from editor.widgets.arena.arena_pane import ArenaPane

WORM_SEATS = (str(WORMS / "greedy.sh"),) * 3 + (str(WORMS / "random_bot.py"),)


@pytest.fixture
def worms_replay(tmp_path: Path) -> Path:
    path = tmp_path / "worms.jsonl"
    run_match(MatchSetup("worms", WORM_SEATS, 5, {"map": "pinwheel", "rounds": 12, "time_limit": 2.0}), record=path,
              host_root=tmp_path)
    return path


def test_a_replay_plays_in_the_same_view_and_scrubs_to_any_round(qtbot: QtBot, make_pane: Callable[..., ArenaPane], worms_replay: Path) -> None:
    replay = read_replay(worms_replay)
    referee = GAMES["worms"]
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(worms_replay)
    playback, transport = pane.playback, pane.transport
    assert len(playback.frames) == len(replay.rounds) + 1 and playback.index == 0  # a replay starts at its start
    assert "replay worms.jsonl" in pane.title_label.text()
    transport.seek_bar.setFocus()
    for _ in range(7):
        qtbot.keyClick(transport.seek_bar, Qt.Key.Key_Right)
    assert playback.index == 7
    shown = pane.board.view.state()  # type: ignore[union-attr]
    assert referee.digest(shown) == replay.rounds[6]["state"]
    assert [int(s) for s, _, _ in pane.scoreboard.shown()] == replay.rounds[6]["scores"]
    qtbot.keyClick(transport.seek_bar, Qt.Key.Key_Left)
    assert referee.digest(pane.board.view.state()) == replay.rounds[5]["state"]  # type: ignore[union-attr]

    qtbot.mouseClick(transport.play_button, Qt.MouseButton.LeftButton)  # plays on from round 6 to the end
    qtbot.waitUntil(lambda: playback.index == len(playback.frames) - 1 and not playback.playing, timeout=10_000)
    result = replay.result
    assert result is not None
    assert [int(s) for s, _, _ in pane.scoreboard.shown()] == result["scores"]
    assert [line.split(" · ")[0] for _, _, line in pane.scoreboard.shown()] == result["statuses"]
    assert "Over after 12 rounds" in pane.scoreboard.summary_label.text()


def test_a_cut_off_replay_shows_its_finished_rounds_and_a_broken_one_says_where(qtbot: QtBot, make_pane: Callable[..., ArenaPane], worms_replay: Path, tmp_path: Path) -> None:
    lines = worms_replay.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:6]) + lines[6][:20])  # header, 5 rounds, half a line: a killed match
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(cut)
    assert len(pane.playback.frames) == 6 and pane.outcome is None
    pane.playback.seek(5)
    assert "Round 5 of 5" in pane.scoreboard.summary_label.text()  # worms: the game says round

    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(lines[:3]) + "{not json\n")
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        pane.open_replay(broken)
    assert failed.args[0].startswith(f"{broken}:4: not JSON")
    assert pane.setup_panel.message_label.text() == failed.args[0] and "\n" not in failed.args[0]


def test_a_replay_that_cannot_be_opened_says_why_in_sight_while_the_shown_one_stays(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], worms_replay: Path, tmp_path: Path) -> None:
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(worms_replay)
    assert not pane.setup_scroll.isVisible()  # watching: the board has the setup's room
    header = worms_replay.read_text().splitlines(keepends=True)[0]
    gone = tmp_path / "deleted.jsonl"  # a tournament's game deleted since the table listed it
    cases = [(tmp_path / "broken.jsonl", ":2: not JSON"), (gone, ": cannot read it: No such file or directory"),
             (tmp_path, ": cannot read it: Is a directory")]
    cases[0][0].write_text(header + "{not json\n")
    label = pane.failure_label  # over the board, which keeps its room and the match shown
    for path, reason in cases:
        pane.open_replay(path)
        qtbot.waitUntil(lambda: label.isVisible() and label.text().startswith(str(path)))
        assert label.text().startswith(f"{path}{reason}"), label.text()
        assert "Error" not in label.text()  # no exception class names
        assert "replay worms.jsonl" in pane.title_label.text() and len(pane.playback.frames) > 1
        assert not pane.setup_scroll.isVisible()
        assert label.geometry().bottom() < pane.stack.geometry().top()  # above the board, not over it
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(worms_replay)  # the next replay that opens takes the reason away
    assert not label.isVisible()


def test_a_replay_whose_header_lacks_an_option_names_it(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                       tmp_path: Path) -> None:
    replay = tmp_path / "renamed.jsonl"  # a bio-blots header relabelled worms: no map among its options
    replay.write_text('{"type":"header","format":"match-replay/1","game":"worms","seed":5,'
                      '"seats":[{"name":"a","command":"a"},{"name":"b","command":"b"}],"options":{}}\n')
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        pane.open_replay(replay)
    assert failed.args[0] == f"{replay}:1: the header of a worms replay: no 'map_text' among its options"
    assert pane.setup_panel.message_label.isVisible()


def test_saved_replays_verify_and_exports_write_the_frame_the_plots_and_the_history(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    pane = make_pane()
    seats = (str(KINGDOMS / "farmer.sh"), str(KINGDOMS / "random_bot.py"), str(KINGDOMS / "farmer.sh"),
             str(KINGDOMS / "heuristic_bot.py"))
    set_up(pane, "kingdoms", seats, {"rounds": 8, "time": 2.0})
    pane.playback.set_speed(0)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    saved = tmp_path / "saved.jsonl"
    assert pane.save_replay(saved)
    report = verify_replay(saved)
    assert report.ok and report.finished and len(report.rounds) == 8

    frame = pane.export("frame", tmp_path / "frame.png")
    image = QImage(str(frame))
    assert not image.isNull() and image.size() == pane.board.frame_widget().size()  # type: ignore[union-attr]
    for what in ("score", "time", "history plot"):
        assert not QImage(str(pane.export(what, tmp_path / f"{what}.png"))).isNull()
    history = pane.export("history", tmp_path / "kingdoms.lastplay")
    # The original format, as the referee writes it with --history for the same match.
    reference = tmp_path / "reference.lastplay"
    run_match(MatchSetup("kingdoms", seats, 7, {"rounds": 8, "time_limit": 2.0, "history": str(reference)}),
              host_root=tmp_path)
    assert history.read_text() == reference.read_text() == history_to_text([f.state for f in pane.playback.frames])


def snake_pane(qtbot: QtBot, make_pane: Callable[..., ArenaPane], **kwargs: object) -> tuple[ArenaPane, SnakeBoard]:
    pane = make_pane(**kwargs)
    set_up(pane, "snake", ("tail_biter", "hunter", "wall_hugger"), {"rounds": 60})
    for name, value in (("width", 15), ("height", 15), ("length", 5)):
        pane.setup_panel.number_boxes[name].setValue(value)
    pane.playback.set_speed(0)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    board = pane.board
    assert isinstance(board, SnakeBoard)
    return pane, board


@pytest.mark.parametrize("step", [0, 1, 23])
def test_clicking_a_snake_shows_why_it_moved_in_the_shown_step(qtbot: QtBot, make_pane: Callable[..., ArenaPane], step: int) -> None:
    pane, board = snake_pane(qtbot, make_pane)
    pane.playback.seek(step)
    snake = 1
    head = pane.playback.frames[step].state.position.snakes[snake].head
    centre = board.view.cell_rect(*head).center()
    qtbot.mouseClick(board.view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))
    programs = [load_program(resolve_program(n)) for n in ("tail_biter", "hunter", "wall_hugger")]
    expected = explain_turn(programs, BattleSettings(7, 15, 15, 5, 60), max(1, step), snake)
    assert board.explanation == expected and expected is not None
    assert board.view.explanation() == expected
    assert "Hunter" in board.explain_label.text() and f"step {max(1, step)}" in board.explain_label.text()
    assert pane.scoreboard.rows[snake].is_selected()
    assert pane.seat_log.seat_box.currentData() == snake
    # The board now shows the snake where it was at its turn: a click on it there clears it all.
    again = board.view.cell_rect(*expected.head).center()
    qtbot.mouseClick(board.view, Qt.MouseButton.LeftButton, pos=QPoint(int(again.x()), int(again.y())))
    assert board.explanation is None and board.view.explanation() is None
    shown = board.view.board()
    assert shown is not None and shown.position() == pane.playback.frames[step].state.position


def test_the_board_a_snake_saw_is_rebuilt_from_the_frames_as_the_seeded_replay_has_it(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Every snake at every step: the position before the step with the moves made before its turn.
    The frames hold what a battle replayed from its seed holds, and on the board rebuilt from them
    each snake's program would make the move it made."""
    pane, _board = snake_pane(qtbot, make_pane)
    frames = pane.playback.frames
    programs = [load_program(resolve_program(n)) for n in ("tail_biter", "hunter", "wall_hugger")]
    compiled = [compile_program(p) for p in programs]
    seeded = SnakeMatch(programs, BattleSettings(7, 15, 15, 5, 60))
    moved_before = 0
    for step in range(1, len(frames)):
        assert frames[step - 1].state.position == seeded.battle.board.position()
        assert frames[step].events == seeded.step().events, step
        for snake in range(3):
            seen = board_at_turn(frames[step - 1].state.position, frames[step].events, snake)
            move = frames[step].moves[snake]
            if seen is None or move is None:
                continue
            possible = seen.possible_moves(snake)
            assert move in [d.label for d in best_moves(compiled[snake], seen, snake, possible)[0]], (step, snake)
            moved_before += seen.position() != frames[step - 1].state.position
    assert moved_before > 0  # the cases where earlier movers changed what a snake saw were there


@pytest.mark.parametrize("kind", ["battle", "legacy"])
def test_a_battle_recorded_by_snakepit_battle_opens_in_the_arena(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    """``snakepit battle --record`` writes the one replay format the arena reads; a file of the
    format it wrote before (``snake-replay/1``) opens too. Either plays to its end with the
    programs, so a click explains a move."""
    if kind == "battle":
        path = tmp_path / "b.jsonl"
        assert cli_main(["battle", "hunter", "tail_biter", "wall_hugger", "--seed", "5", "--size", "13x13",
                         "--length", "5", "--steps", "60", "--record", str(path)]) == 0
        capsys.readouterr()
    else:
        path = OLD_FILE  # the same battle, as the old battle command wrote it
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=20_000):
        pane.open_replay(path)
    assert pane.info is not None and pane.info.game == "snake" and pane.outcome is not None
    assert pane.names == ["hunter.snake.json", "tail_biter.snake.json", "wall_hugger.snake.json"]
    assert len(pane.playback.frames) == 61 and pane.outcome.rounds == 60 and pane.outcome.end == "step_limit"
    pane.transport.seek_bar.setValue(30)
    board = pane.board
    assert isinstance(board, SnakeBoard)
    pane.select_seat(1)
    programs = [load_program(resolve_program(n)) for n in ("hunter", "tail_biter", "wall_hugger")]
    assert board.explanation == explain_turn(programs, BattleSettings(5, 13, 13, 5, 60), 30, 1)


def test_continue_from_here_plays_on_from_the_shown_step_with_other_programs(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pane, board = snake_pane(qtbot, make_pane)
    pane.playback.seek(20)
    branch = pane.playback.frames[20]
    others = [load_program(resolve_program(n)) for n in ("ouroboros", "ouroboros", "hunter")]
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        assert board.continue_from_here(others, seed=3)
    info = pane.info
    assert info is not None
    assert info.kind == WHAT_IF and info.branch == 20 and info.programs == tuple(others)
    frames = pane.playback.frames
    assert pane.outcome is not None
    assert frames[0].state.position == branch.state.position and len(frames) - 1 == pane.outcome.rounds <= 40
    assert pane.names == ["Ouroboros", "Ouroboros 2", "Hunter"]
    assert "what-if from step 20" in pane.title_label.text()

    # Regression: a what-if had no replay (its run was no match), so Save was off. It is a match
    # from the shown position now: the saved replay verifies, by the API and `snakepit replay`.
    assert pane.save_action.isEnabled()
    saved = tmp_path / "what-if.jsonl"
    assert pane.save_replay(saved)
    replay = read_replay(saved)
    assert replay.options["start"] == position_to_text(branch.state.position) and replay.options["steps"] == 40
    assert [seat["name"] for seat in replay.seats] == ["Ouroboros", "Ouroboros 2", "Hunter"]
    assert pane.outcome is not None
    assert replay.seed == 3 and len(replay.rounds) == pane.outcome.rounds
    report = verify_replay(saved)
    assert report.ok and report.finished, report.summary()
    capsys.readouterr()
    assert cli_main(["replay", str(saved), "--verify"]) == 0
    assert "agree" in capsys.readouterr().out

    # Opened again, the replay starts where the what-if branched off and ends as it ended.
    played = [f.state for f in frames]
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(saved)
    assert [f.state for f in pane.playback.frames] == played


REPLAYS: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    # game: (seats, options) of a small match recorded with the API and opened in the pane
    "snake": (("hunter", "tail_biter", "wall_hugger"), {"steps": 50, "width": 15, "height": 15, "length": 5}),
    "kingdoms": ((str(KINGDOMS / "farmer.sh"), str(KINGDOMS / "heuristic_bot.py"), str(KINGDOMS / "random_bot.py"),
                  str(KINGDOMS / "farmer.sh")), {"rounds": 8, "time_limit": 2.0}),
    "bioblots": ((str(BIOBLOTS / "heuristic_bot.py"), str(BIOBLOTS / "random_bot.py")),
                 {"move_limit": 10, "time_limit": 2.0}),
    "itpw": ((str(ITPW / "heuristic_bot.py"), str(ITPW / "random_bot.py"), str(ITPW / "random_bot.py"),
              str(ITPW / "heuristic_bot.py")), {"turns": 12}),
}


@pytest.mark.parametrize("game", sorted(REPLAYS))
def test_a_recorded_match_of_every_game_opens_and_ends_with_its_result(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, game: str) -> None:
    seats, options = REPLAYS[game]
    path = tmp_path / f"{game}.jsonl"
    result = run_match(MatchSetup(game, seats, 11, options), record=path, host_root=tmp_path)
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=20_000):
        pane.open_replay(path)
    assert pane.info is not None and pane.info.game == game and f"replay {path.name}" in pane.title_label.text()
    assert len(pane.playback.frames) == result.rounds + 1 and pane.outcome is not None
    pane.transport.seek_bar.setValue(pane.transport.seek_bar.maximum())  # to the end, as a drag does
    shown = pane.scoreboard.shown()
    assert [int(score) for score, _, _ in shown] == list(result.scores)
    assert [rank for _, rank, _ in shown] == [ordinal(r) for r in result.ranks]
    assert [line.split(" · ")[0] for _, _, line in shown] == list(result.statuses)
    assert f"({GAME_VIEWS[game].spec.end_text(result.end)})" in pane.scoreboard.summary_label.text()


def test_continue_from_here_offers_the_editors_program_and_a_file(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The what-if dialog offered only "as played" and the samples."""
    mine = dataclasses.replace(load_program(resolve_program("hunter")), name="My hunter")
    mine_path = tmp_path / f"mine{PROGRAM_SUFFIX}"
    save_program(mine_path, mine)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: (str(mine_path), "")))
    pane, board = snake_pane(qtbot, make_pane, editor_program=builtin_program)
    pane.playback.seek(10)
    branch = pane.playback.frames[10].state
    assert pane.info is not None
    played = pane.info.programs
    failures: list[BaseException] = []

    def drive() -> None:
        try:
            dialog = board.what_if_dialog
            assert dialog is not None and dialog.isVisible()
            offered = [dialog.boxes[0].itemText(i) for i in range(dialog.boxes[0].count())]
            assert offered[:2] == ["Tail biter (as played)", "The program in the editor"] and offered[-1] == "File…"
            pick(qtbot, dialog.boxes[0], "The program in the editor")
            pick(qtbot, dialog.boxes[1], "File…")  # asks for the file, then shows it as the choice
            assert dialog.boxes[1].currentText() == "mine"
            dialog.seed_box.setValue(5)
            qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
        except BaseException as error:  # the modal dialog must close, or the test waits for ever
            failures.append(error)
            modal = QApplication.activeModalWidget()
            if isinstance(modal, QDialog):
                modal.reject()

    QTimer.singleShot(0, drive)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        button = pane.action_button(board.what_if_action)
        assert button is not None and button.isVisible()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        if failures:
            raise failures[0]
    info = pane.info
    assert info is not None
    assert info.kind == WHAT_IF and info.branch == 10 and info.seed == 5
    assert info.programs == (builtin_program(), mine, played[2])
    assert pane.names == ["Built-in biter", "My hunter", "Wall hugger"]
    assert pane.playback.frames[0].state.position == branch.position
    assert_remembered_only_in(pane.settings, tmp_path)  # the pane's settings, not the app's default


def test_the_plots_count_in_the_game_s_own_word_as_the_transport_does(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], worms_replay: Path, tmp_path: Path) -> None:
    battle = tmp_path / "battle.jsonl"
    run_match(MatchSetup("snake", ("wall_hugger", "hunter"), 3, {"steps": 4, "width": 11, "height": 11, "length": 3}),
              record=battle, host_root=tmp_path)
    pane = make_pane()
    for replay, noun in ((battle, "step"), (worms_replay, "round")):
        with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
            pane.open_replay(replay)
        assert pane.transport.noun_label.text() == noun.capitalize()  # beside the seek bar
        for plot, what in ((pane.score_plot, "Score"), (pane.time_plot, "Think time")):
            item = plot.plot_widget.getPlotItem()
            assert item.titleLabel.text == f"{what} per {noun}"
            assert item.getAxis("bottom").labelText == noun


def test_a_bug_while_a_replay_opens_is_said_plainly_and_logged_with_its_traceback(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], worms_replay: Path,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """QA: an unexpected failure read "the match stopped: <ExceptionClassName>: …", and its
    traceback was lost for a bug report."""
    def broken(_path: Path) -> object:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("editor.widgets.arena.match_runner.read_replay", broken)
    pane = make_pane()
    with caplog.at_level(logging.ERROR), qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        pane.open_replay(worms_replay)
    assert failed.args[0] == "The match stopped unexpectedly: division by zero"
    assert "Error" not in pane.setup_panel.message_label.text()
    assert "Traceback" in caplog.text and "ZeroDivisionError" in caplog.text and "broken" in caplog.text
