"""The arena pane running matches: every game started with sample bots ends with the result the
command line prints for the same setup; pause, step and seek while a match runs; Stop kills every
bot at once; the kingdoms history plot grows a point per round.

Bots get the test's marker in their environment, so a test can look for survivors; matches are
small (few rounds, short time limits) to keep the file fast."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.cli import main as cli_main
from editor.widgets.arena_pane import ArenaPane, KingdomsBoard
from editor.widgets.match_transport import FULL_SPEED, SPEEDS
from editor.widgets.scoreboard import ordinal
from tests.bots.survivors import BOTS, MARK_VARIABLE, new_marker, processes_with

ROOT = Path(__file__).resolve().parents[2]
WORMS, KINGDOMS = ROOT / "samples" / "worms", ROOT / "samples" / "kingdoms"
BIOBLOTS, ITPW = ROOT / "samples" / "bioblots", ROOT / "samples" / "itpw"
SEED = 7
MATCHES = {
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


@pytest.fixture
def marker() -> Iterator[str]:
    mark = new_marker()
    yield mark
    deadline = time.monotonic() + 2.0
    while processes_with(mark) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert processes_with(mark) == [], "bot processes outlived the test"


@pytest.fixture
def make_pane(qtbot, tmp_path, marker) -> Callable[..., ArenaPane]:
    def make(settings: QSettings | None = None, **kwargs: object) -> ArenaPane:
        settings = settings if settings is not None else QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat)
        pane = ArenaPane(settings, bot_env={MARK_VARIABLE: marker}, host_root=tmp_path, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(pane, before_close_func=lambda p: p.shutdown())
        pane.resize(1366, 680)
        pane.show()
        qtbot.waitExposed(pane)
        return pane

    return make


def set_up(pane: ArenaPane, game: str, seats: tuple[str, ...], options: dict[str, object]) -> None:
    panel = pane.setup_panel
    panel.set_game(game)
    panel.set_seats(seats)
    panel.seed_box.setValue(SEED)
    panel.rounds_box.setValue(int(options["rounds"]))  # type: ignore[call-overload]
    if "time" in options:
        panel.time_box.setValue(float(options["time"]))  # type: ignore[arg-type]
    if "map" in options:
        panel.set_map(str(options["map"]))


def full_speed(qtbot, pane: ArenaPane) -> None:
    qtbot.keyClick(pane.transport.speed_slider, Qt.Key.Key_End)
    assert SPEEDS[pane.transport.speed_slider.value()] == FULL_SPEED == pane.playback.speed()


def start(qtbot, pane: ArenaPane) -> None:
    with qtbot.waitSignal(pane.runner.started, timeout=10_000):
        qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)


def wait_finished(qtbot, pane: ArenaPane, timeout: int = 20_000) -> None:
    qtbot.waitUntil(lambda: not pane.runner.is_running() and not pane.playback.live, timeout=timeout)


def cli_result(capsys, game: str, seats: tuple[str, ...], flags: list[str]) -> dict[str, object]:
    capsys.readouterr()
    args = ["match", game, "--seed", str(SEED), *flags]
    for seat in seats:
        args += ["--bot", seat]
    assert cli_main(args) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_match_at_full_speed_ends_with_the_command_lines_result(qtbot, make_pane, capsys, game):
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
    assert f"Turn {expected['rounds']} / {expected['rounds']}" in pane.transport.turn_label.text()
    if game != "snake":  # bots have time and log rows; in-process programs neither
        assert all("cpu" in line for _, _, line in shown)
        logged = {row.turn for row in pane.seat_log.shown_rows()}
        assert logged == set(range(1, expected["rounds"] + 1))  # type: ignore[operator]
    if game == "kingdoms":
        board = pane.board
        assert isinstance(board, KingdomsBoard)
        board.refresh_history(frames, pane.playback.index)
        history = board.history
        assert history.curve_count() == 4
        for kingdom in range(4):
            x, y = history.curve_data(kingdom)
            assert list(x) == list(range(expected["rounds"] + 1))  # type: ignore[operator]
            assert list(y) == [f.state.kingdoms[kingdom].territory for f in frames]


def test_pause_step_and_seek_while_the_match_goes_on(qtbot, make_pane):
    pane = make_pane()
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 4, {"rounds": 40, "time": 2.0, "map": str(WORMS / "pinwheel.txt")})
    start(qtbot, pane)
    playback, transport = pane.playback, pane.transport
    qtbot.waitUntil(lambda: len(playback.frames) >= 3, timeout=10_000)
    qtbot.mouseClick(transport.play_button, Qt.MouseButton.LeftButton)  # Pause
    assert not playback.playing
    qtbot.wait(400)  # a round under way may still finish; then the worker waits
    paused = len(playback.frames)
    qtbot.wait(400)
    assert len(playback.frames) == paused, "the match went on while paused"
    assert playback.index == paused - 1  # following the newest turn

    with qtbot.waitSignal(pane.runner.frame, timeout=5_000):
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


def test_stop_kills_every_bot_at_once(qtbot, make_pane, marker):
    pane = make_pane()
    sleeper = str(BOTS / "sleep_forever.py")
    set_up(pane, "kingdoms", (sleeper, str(KINGDOMS / "farmer.sh"), sleeper, sleeper), {"rounds": 5, "time": 30.0})
    start(qtbot, pane)
    qtbot.waitUntil(lambda: len(processes_with(marker)) >= 3, timeout=10_000)  # the round is under way
    stopped = time.monotonic()
    qtbot.mouseClick(pane.transport.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not processes_with(marker), timeout=2_000)
    assert time.monotonic() - stopped < 1.0
    wait_finished(qtbot, pane)
    assert pane.outcome is not None and pane.outcome.cancelled
    assert not pane.transport.stop_button.isEnabled()
    assert "Stopped" in pane.scoreboard.summary_label.text()
