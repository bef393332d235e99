"""The seam between the games and the rest of the app, proved with a game the app does not
know: Nim (tests/games/nim/: an engine, a referee with its descriptor, a bot), registered from
the tests alone, plays through every door a built-in game does:

- as another package would add it, by a ``snakepit.games`` entry point: ``snakepit match``,
  ``snakepit replay --verify`` and ``snakepit tournament`` in a fresh process;
- registered in this process: the engine conformance suite, and a match in the app's arena pane
  (on the generic board, which shows the state's text) and its setup form.

Nothing outside tests/games/ names Nim.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games.conformance import check_game
from arena.match import MatchSetup, run_match
from arena.replay import read_replay, verify_replay
from tests.games.nim.referee import BOTS, DESCRIPTOR
from pytestqt.qtbot import QtBot

ROOT = Path(__file__).resolve().parents[2]
BOT = str(BOTS / "nim_bot.py")


@pytest.fixture
def plugin_path(tmp_path: Path) -> str:
    """A folder holding the metadata of an installed distribution whose entry point is Nim."""
    info = tmp_path / "plugins" / "snakepit_nim_example-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: snakepit-nim-example\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[snakepit.games]\nnim = tests.games.nim.referee:DESCRIPTOR\n")
    return os.pathsep.join([str(info.parent), str(ROOT)])


def snakepit(*args: str, path: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "editor.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=240)


def test_a_game_from_an_entry_point_plays_verifies_and_holds_a_tournament(plugin_path: str, tmp_path: Path) -> None:
    record = tmp_path / "nim.jsonl"
    played = snakepit("match", "nim", "--bot", BOT, "--bot", BOT, "--seed", "3", "--heaps", "3 4 5",
                      "--record", str(record), path=plugin_path, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout.splitlines()[-1])
    # 3 ^ 4 ^ 5 = 2: the first player has a winning move, and the bot (perfect play) takes it.
    assert result["game"] == "nim" and result["ranks"] == [1, 2] and result["statuses"] == ["ok", "ok"]
    assert read_replay(record).options["heaps"] == "3 4 5"
    verified = snakepit("replay", str(record), "--verify", path=plugin_path, cwd=tmp_path)
    assert verified.returncode == 0 and "agree" in verified.stdout, verified.stdout + verified.stderr
    help_text = snakepit("match", "--help", path=plugin_path, cwd=tmp_path).stdout
    assert "--heaps" in help_text and "nim: the heaps' sizes" in help_text  # its flag, from its descriptor
    tournament = snakepit("tournament", "nim", "--entrant", f"a={BOT}", "--entrant", f"b={BOT}", "--jobs", "1",
                          "--seed", "2", "--out", str(tmp_path / "out"), path=plugin_path, cwd=tmp_path)
    assert tournament.returncode == 0, tournament.stderr
    games = (tmp_path / "out" / "games.jsonl").read_text().splitlines()
    assert len(games) == 2 and all(json.loads(line)["statuses"] == ["ok", "ok"] for line in games)


def test_without_the_entry_point_the_game_is_unknown_in_one_line(tmp_path: Path) -> None:
    done = snakepit("match", "nim", "--bot", BOT, "--bot", BOT, path=str(ROOT), cwd=tmp_path)
    assert done.returncode == 2 and "invalid choice: 'nim'" in done.stderr and len(done.stderr.splitlines()) == 1


def test_the_conformance_suite_holds_for_it(nim_registered: None) -> None:
    check_game(DESCRIPTOR, range(5))


def test_a_tampered_replay_of_it_fails_verification(nim_registered: None, tmp_path: Path) -> None:
    record = tmp_path / "nim.jsonl"
    run_match(MatchSetup("nim", (BOT, BOT), 1, {"heaps": "2 2"}), record=record)
    assert verify_replay(record).ok
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    lines[1]["moves"][0] = "0 1" if lines[1]["moves"][0] != "0 1" else "1 1"
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = verify_replay(record)
    assert not report.ok and "round 1" in report.summary()


def test_it_plays_in_the_arena_pane_on_the_generic_board(qtbot: QtBot, nim_registered: None, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings, Qt

    from editor.widgets.arena.arena_pane import ArenaPane
    from editor.widgets.games.generic_board import GenericBoard

    pane = ArenaPane(QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat), host_root=tmp_path)
    qtbot.addWidget(pane, before_close_func=lambda p: p.shutdown())
    pane.resize(1200, 700)
    pane.show()
    panel = pane.setup_panel
    assert "nim" in [panel.game_box.itemData(i) for i in range(panel.game_box.count())]
    panel.set_game("nim")
    assert panel.game_box.currentText() == "Nim" and not panel.rounds_box.isVisibleTo(panel)
    # Its default seats, the names of its sample bots, found in its own folder.
    assert panel.seat_values() == [BOT, BOT]
    with qtbot.waitSignal(pane.runner.started, timeout=20_000):
        qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.runner.is_running() and not pane.playback.live, timeout=30_000)
    assert isinstance(pane.board, GenericBoard)
    assert pane.board.shown_text().startswith("heaps 0 0 0\nto_move 1\nwinner 0 taken")
    assert pane.outcome is not None and pane.outcome.ranks == (1, 2)
    assert "the last counter taken" in pane.scoreboard.summary_label.text()


def test_its_board_shows_on_its_own_from_its_start_or_a_state_file(qtbot: QtBot, nim_registered: None, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # The boards' stand-alone demo needs nothing of a game but its descriptor: the generic board,
    # the conformance suite's start, the engine's state text and its random legal moves.
    from editor.widgets.games.board_demo import open_demo
    from editor.widgets.games.generic_board import GenericBoard

    engine = DESCRIPTOR.engine
    state_file = tmp_path / "nim.txt"
    state_file.write_text(engine.to_text(engine.start(DESCRIPTOR.playout_options(3), 2)))
    for argv in ([], [str(state_file)]):
        opened = open_demo("nim", argv)
        assert opened is not None
        played = opened.show()
        qtbot.addWidget(played.board)
        assert isinstance(played.board, GenericBoard)
        assert played.board.shown_text() == engine.to_text(opened.state)
        while played.step():
            assert played.board.shown_text() == engine.to_text(played.play.state)
        assert played.over and len(played.frames) > 1
    state_file.write_text("heaps x\n")
    assert open_demo("nim", [str(state_file)]) is None  # its codec's KeyError, said on one line naming the file
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith(f"nim demo: {state_file}"), err
