"""The arena pane running matches: every game started with sample bots ends with the result the
command line prints for the same setup; pause, step and seek while a match runs; Stop kills every
bot at once; the kingdoms history plot grows a point per round.

Bots get the test's marker in their environment, so a test can look for survivors; matches are
small (few rounds, short time limits) to keep the file fast."""

from __future__ import annotations

import gc
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.cli import main as cli_main
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.parts.seat_cards import ordinal
from editor.widgets.games.kingdoms.kingdoms_game import KingdomsBoard
from editor.widgets.games.registry import GAME_VIEWS
from tests.bots.survivors import BOTS, processes_with
from pytestqt.qtbot import QtBot
from tests.editor.arena.pane_driver import (
    BIOBLOTS,
    ITPW,
    KINGDOMS,
    SEED,
    WORMS,
    full_speed,
    set_up,
    show_tab,
    start,
    wait_finished,
)

MATCHES: dict[str, tuple[tuple[str, ...], dict[str, object], list[str]]] = {
    # game: (seats, pane options {box: value}, CLI flags)
    "snake": (("hunter", "tail_biter", "wall_hugger"), {"rounds": 120}, ["--rounds", "120"]),
    "worms": ((str(WORMS / "greedy.sh"), str(WORMS / "heuristic_bot.py"), str(WORMS / "greedy.sh"),
               str(WORMS / "random_bot.py")), {"rounds": 12, "time": 2.0, "map": str(WORMS / "meadow.txt")},
              ["--rounds", "12", "--time-limit", "2", "--map", str(WORMS / "meadow.txt")]),
    "kingdoms": ((str(KINGDOMS / "farmer.sh"), str(KINGDOMS / "heuristic_bot.py"), str(KINGDOMS / "random_bot.py"),
                  str(KINGDOMS / "farmer.sh")), {"rounds": 10, "time": 2.0}, ["--rounds", "10", "--time-limit", "2"]),
    "bioblots": ((str(BIOBLOTS / "heuristic_bot.py"), str(BIOBLOTS / "random_bot.py")), {"rounds": 12, "time": 2.0},
                 ["--rounds", "12", "--time-limit", "2"]),
    "itpw": ((str(ITPW / "heuristic_bot.py"), str(ITPW / "random_bot.py"), str(ITPW / "random_bot.py"),
              str(ITPW / "heuristic_bot.py")), {"rounds": 8}, ["--rounds", "8"]),
}


def cli_result(capsys: pytest.CaptureFixture[str], game: str, seats: tuple[str, ...], flags: list[str]) -> dict[str, object]:
    capsys.readouterr()
    args = ["match", game, "--seed", str(SEED), *flags]
    for seat in seats:
        args += ["--bot", seat]
    assert cli_main(args) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_match_at_full_speed_ends_with_the_command_lines_result(qtbot: QtBot, make_pane: Callable[..., ArenaPane], capsys: pytest.CaptureFixture[str], game: str) -> None:
    seats, options, flags = MATCHES[game]
    pane = make_pane()
    set_up(pane, game, seats, options)
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    expected = cli_result(capsys, game, seats, flags)
    assert pane.outcome is not None and pane.outcome.rounds == expected["rounds"]
    frames = pane.playback.frames
    assert pane.playback.index == len(frames) - 1 == expected["rounds"]
    shown = pane.scoreboard.shown()
    assert [int(score) for score, _, _ in shown] == expected["scores"]
    assert [rank for _, rank, _ in shown] == [ordinal(r) for r in expected["ranks"]]  # type: ignore[attr-defined]
    assert [line.split(" · ")[0] for _, _, line in shown] == expected["statuses"]
    noun = GAME_VIEWS[game].spec.round_noun.capitalize()  # the game's own word: Step, Move, Round, Turn
    assert f"{noun} {expected['rounds']} / {expected['rounds']}" in pane.transport.turn_text()
    assert all("cpu" in line for _, _, line in shown)  # bots and card programs are timed alike
    logged = {row.turn for row in pane.seat_log.shown_rows()}
    assert logged == set(range(1, expected["rounds"] + 1))
    summary = pane.scoreboard.summary_label.text()
    assert f"({GAME_VIEWS[game].spec.end_text(pane.outcome.end)})" in summary and "_" not in summary.split(")")[0]
    if game == "kingdoms":
        board = pane.board
        assert isinstance(board, KingdomsBoard)
        board.refresh_plots(frames, pane.playback.index)
        history = board.history
        assert history.curve_count() == 4
        for kingdom in range(4):
            x, y = history.curve_data(kingdom)
            assert list(x) == list(range(expected["rounds"] + 1))
            assert list(y) == [f.state.kingdoms[kingdom].territory for f in frames]


def test_pause_step_and_seek_while_the_match_goes_on(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": 40, "time": 2.0, "map": str(WORMS / "pinwheel.txt")})
    start(qtbot, pane)
    playback, transport = pane.playback, pane.transport
    qtbot.waitUntil(lambda: len(playback.frames) >= 3, timeout=10_000)
    qtbot.mouseClick(transport.play_button, Qt.MouseButton.LeftButton)  # Pause
    assert not playback.playing
    qtbot.wait(1000)  # a round under way may still finish (slowly on a busy machine); then the worker waits
    paused = len(playback.frames)
    qtbot.wait(400)
    assert len(playback.frames) == paused, "the match went on while paused"
    assert playback.index == paused - 1  # following the newest turn

    with qtbot.waitSignal(pane.runner.frames, timeout=5_000):
        qtbot.mouseClick(transport.step_button, Qt.MouseButton.LeftButton)
    qtbot.wait(300)
    assert len(playback.frames) == paused + 1 and playback.index == paused
    assert pane.board.view.state() is playback.frames[-1].state  # type: ignore[union-attr]

    pane.setFocus()
    qtbot.keyClick(pane, Qt.Key.Key_Home)
    assert playback.index == 0 and transport.seek_bar.value() == 0
    assert pane.board.view.state() is playback.frames[0].state  # type: ignore[union-attr]
    qtbot.keyClick(pane, Qt.Key.Key_Right)  # a finished turn: shown, no round is played
    assert playback.index == 1 and len(playback.frames) == paused + 1

    # Playing on from turn 1: the match continues while the view stays behind, turn by turn.
    transport.seek_bar.setValue(1)
    qtbot.mouseClick(transport.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(playback.frames) >= paused + 3, timeout=10_000)
    assert playback.index < len(playback.frames) - 1 and not playback.following
    qtbot.keyClick(pane, Qt.Key.Key_End)
    assert playback.following and playback.index == len(playback.frames) - 1
    pane.stop()
    wait_finished(qtbot, pane)


def test_stop_kills_every_bot_at_once(qtbot: QtBot, make_pane: Callable[..., ArenaPane], marker: str) -> None:
    pane = make_pane()
    sleeper = str(BOTS / "sleep_forever.py")
    set_up(pane, "kingdoms", (sleeper, str(KINGDOMS / "farmer.sh"), sleeper, sleeper), {"rounds": 5, "time": 30.0})
    start(qtbot, pane)
    qtbot.waitUntil(lambda: len(processes_with(marker)) >= 3, timeout=10_000)  # the round is under way
    qtbot.mouseClick(pane.transport.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not processes_with(marker), timeout=10_000)  # not the round's 30 s
    wait_finished(qtbot, pane)
    assert pane.outcome is not None and pane.outcome.cancelled
    assert not pane.transport.stop_button.isEnabled()
    assert "Stopped" in pane.scoreboard.summary_label.text()


def activate(qtbot: QtBot, pane: ArenaPane) -> None:
    """The pane's window active with the focus in it, as when a user works in it (keys need it)."""
    pane.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is pane, timeout=2_000)
    pane.setFocus()


def long_worms_match(qtbot: QtBot, pane: ArenaPane) -> None:
    """A worms match that runs for a while at the default pace (8 rounds a second)."""
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": 400, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    start(qtbot, pane)
    qtbot.waitUntil(lambda: len(pane.playback.frames) >= 3, timeout=10_000)


def test_escape_while_typing_in_the_log_search_or_a_seat_field_does_not_stop_the_match(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Regression: Escape in the seat log's search field (or a seat's command line) stopped the
    match and killed every bot; the pane-wide Stop shortcut took every Escape. Typing widgets keep
    their keys now (Escape, Home, End, Space, the arrows); elsewhere in the pane Escape stops."""
    pane = make_pane()
    activate(qtbot, pane)
    long_worms_match(qtbot, pane)
    search = pane.seat_log.search
    search.setFocus()
    qtbot.keyClicks(search, "greedy")
    qtbot.keyClick(search, Qt.Key.Key_Home)
    assert search.cursorPosition() == 0 and pane.playback.index > 0  # Home moved the cursor, not the view
    qtbot.keyClick(search, Qt.Key.Key_Escape)
    assert search.text() == ""  # Escape clears the search
    qtbot.keyClick(search, Qt.Key.Key_Escape)
    pane.show_setup(True)
    field = pane.setup_panel.seats[1].combo.lineEdit()
    assert field is not None
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_End)
    qtbot.keyClicks(field, " --fast")
    assert field.text().endswith("greedy.sh --fast")
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    qtbot.wait(300)
    assert pane.runner.is_running() and pane.playback.live and pane.outcome is None, "Escape while typing stopped the match"
    pane.setFocus()
    qtbot.keyClick(pane, Qt.Key.Key_Escape)
    wait_finished(qtbot, pane)
    assert pane.outcome is not None and pane.outcome.cancelled


def test_the_pane_keys_start_pause_play_and_stop(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": 400, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    activate(qtbot, pane)
    with qtbot.waitSignal(pane.runner.started, timeout=10_000):
        qtbot.keyClick(pane, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(pane.playback.frames) >= 2, timeout=10_000)
    assert pane.playback.playing and pane.transport.play_button.text() == "Pause"
    pane.setFocus()
    qtbot.keyClick(pane, Qt.Key.Key_Space)
    assert not pane.playback.playing and pane.transport.play_button.text() == "Play"
    qtbot.keyClick(pane, Qt.Key.Key_Space)
    assert pane.playback.playing
    qtbot.keyClick(pane, Qt.Key.Key_Escape)
    wait_finished(qtbot, pane)
    assert pane.outcome is not None and pane.outcome.cancelled and "Stopped after" in pane.scoreboard.summary_label.text()


def test_a_crashing_bot_shows_its_status_and_why_on_the_scoreboard(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """The reason was only in a hover tooltip; it is a line of the seat's row now (cut to the
    row, whole in the tooltip). A command line with ``python3 -c`` was named "-c"."""
    pane = make_pane()
    inline = "python3 -c 'import sys; print(\"no strategy\", file=sys.stderr); sys.exit(3)'"
    seats = (str(WORMS / "greedy.sh"), str(BOTS / "exit_nonzero.sh"), inline, str(WORMS / "greedy.sh"))
    set_up(pane, "worms", seats, {"rounds": 3, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert pane.names[:3] == ["greedy.sh", "exit_nonzero.sh", f"{Path(sys.executable).name} -c"]
    shown, reasons = pane.scoreboard.shown(), pane.scoreboard.reasons()
    for seat in (1, 2):
        status_line = shown[seat][2]
        assert status_line.startswith("⚠ crashed · ")
        assert reasons[seat].startswith("exited with code 3 without answering")
        assert row_tip(pane, seat).endswith("(the latest of 3 bad turns)")
        row = pane.scoreboard.rows[seat]
        assert row.reason_label.isVisible() and row.reason_label.width() <= row.width()
        assert row.toolTip().endswith(row.reason_label.full_text())
    assert "giving up" in pane.scoreboard.rows[1].reason_label.full_text()
    assert reasons[0] == reasons[3] == "" and shown[0][2].startswith("ok · ")


def row_tip(pane: ArenaPane, seat: int) -> str:
    return pane.scoreboard.rows[seat].toolTip()


def test_snake_seats_have_think_times_in_the_plot_the_scoreboard_and_the_log(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """The think-time tab was disabled for snakes: card programs were not timed."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 40})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert pane.tabs.isTabEnabled(pane.tabs.indexOf(pane.time_plot))
    show_tab(qtbot, pane, pane.time_plot)
    frames = pane.playback.frames
    for seat in range(3):
        x, y = pane.time_plot.curve_data(seat)
        assert list(x) == [f.turn for f in frames[1:]]
        moved = [f.moves[seat] is not None for f in frames[1:]]
        assert [bool(v == v and v > 0) for v in y] == moved  # a time where it moved, a gap where not
    for _score, _rank, line in pane.scoreboard.shown():
        assert line.startswith("ok · ") and "cpu" in line and not line.startswith("ok · 0.0 ms")
    rows = pane.seat_log.shown_rows()
    assert rows and all(row.status == "ok" and row.wall is not None and row.answer in ("up", "down", "left", "right")
                        for row in rows)


def test_the_kingdoms_history_grows_while_the_match_runs(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "kingdoms", (str(KINGDOMS / "farmer.sh"),) * 4, {"rounds": 60, "time": 2.0})
    pane.playback.set_speed(20)
    start(qtbot, pane)
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    qtbot.waitUntil(lambda: len(board.history.curve_data(0)[0]) >= 4, timeout=10_000)
    assert pane.playback.live and pane.outcome is None  # points came before the end, nobody asked for them
    x, y = board.history.curve_data(0)
    frames = pane.playback.frames
    assert list(x) == [f.state.round for f in frames[: len(x)]]
    pane.stop()
    wait_finished(qtbot, pane)


def test_the_score_plot_has_a_curve_per_seat_with_its_scores(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    seats = (str(WORMS / "greedy.sh"), str(WORMS / "heuristic_bot.py"), str(WORMS / "greedy.sh"), str(WORMS / "random_bot.py"))
    set_up(pane, "worms", seats, {"rounds": 10, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    plot = pane.score_plot
    show_tab(qtbot, pane, plot)  # a hidden plot is drawn when its tab is chosen
    assert plot.curve_count() == 4
    frames = pane.playback.frames[1:]
    for seat in range(4):
        x, y = plot.curve_data(seat)
        assert list(x) == [f.turn for f in frames] and list(y) == [f.scores[seat] for f in frames]


def test_the_cycle_collector_runs_on_the_gui_thread_while_a_match_runs(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """Regression: now and then a test hung for ever. The worker's allocations ran Python's cycle
    collector in the worker thread, which destroyed old garbage holding Qt objects (a closed pane's
    wrappers) there, and Qt objects destroyed off the GUI thread deadlocked both threads."""
    threads: list[str] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            threads.append(threading.current_thread().name)

    gc.callbacks.append(note)
    try:
        pane = make_pane()
        long_worms_match(qtbot, pane)
        for _ in range(3000):  # garbage in cycles, as closed widgets leave it
            cycle: list[object] = []
            cycle.append(cycle)
        qtbot.waitUntil(lambda: len(threads) >= 2, timeout=5_000)
        assert not gc.isenabled() and pane.runner.is_running()
        pane.stop()
        wait_finished(qtbot, pane)
        qtbot.waitUntil(gc.isenabled, timeout=2_000)  # on again once no worker runs
    finally:
        gc.callbacks.remove(note)
    assert set(threads) == {threading.main_thread().name}


def test_each_seat_says_it_is_sandboxed_and_an_unsandboxed_match_is_flagged(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    """The scoreboard tags every bot's row "sandboxed", with what holds for it in its tooltip.
    Running unsandboxed takes ticking a box (which renames Start), is never carried over, and
    is shown on the scoreboard as a warning and on every row."""
    pane = make_pane()
    seats = (str(WORMS / "greedy.sh"),) * 4
    set_up(pane, "worms", seats, {"rounds": 2, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    panel = pane.setup_panel
    assert not panel.unsandboxed_box.isChecked() and panel.start_button.text() == "Start match"
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    board = pane.scoreboard
    assert board.sandbox_tags() == ["sandboxed"] * 4 and not board.warning_label.isVisible()
    tip = board.rows[0].sandbox_label.toolTip()
    assert tip.startswith("Sandboxed") and "no network (own network namespace)" in tip and "/seat" in tip

    pane.show_setup(True)
    qtbot.mouseClick(panel.unsandboxed_box, Qt.MouseButton.LeftButton)
    assert panel.unsandboxed_box.isChecked() and panel.start_button.text() == "Start unsandboxed"
    assert panel.options()["sandbox"] is False
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert board.sandbox_tags() == ["⚠ not sandboxed"] * 4 and board.warning_label.isVisible()
    assert "Not sandboxed" in board.warning_label.text()

    panel.set_game("kingdoms")
    panel.set_game("worms")
    assert not panel.unsandboxed_box.isChecked()  # never carried over


def test_a_snake_match_has_no_sandbox_tags(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 5})
    assert not pane.setup_panel.unsandboxed_box.isVisibleTo(pane.setup_panel)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert pane.scoreboard.sandbox_tags() == ["", ""]
