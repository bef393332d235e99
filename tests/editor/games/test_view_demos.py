"""The boards' stand-alone demo (editor/widgets/games/board_demo.py), as ``python -m
editor.widgets.games.<game>.<game>_view [FILE]`` opens it: every registered game's board shows a
game read from a file or started, played on a step at a time from a seed (the same seed, the same
game), a click on a seat's piece highlights it and a second clears it; a bad or a missing file is
reported on one line naming the file (and the place in it), with exit 2, not a traceback.

The steps are played by calling the demo's step directly: no timer is waited on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from arena.games import registry
from editor.widgets.games import board_demo
from editor.widgets.games.bioblots.bioblots_view import main as bioblots_main
from editor.widgets.games.board_demo import BoardDemoPlay, DemoGame, open_demo, run_demo
from editor.widgets.games.game_view import BoardAdapter
from editor.widgets.games.itpw.itpw_view import main as itpw_main
from editor.widgets.games.kingdoms.kingdoms_view import main as kingdoms_main
from editor.widgets.games.snake.battle_view import main as snake_main
from editor.widgets.games.worms.worms_view import main as worms_main

Demo = Callable[[Sequence[str] | None], int]
GAMES = sorted(registry.built_in_games())  # the shipped boards (an installed package's game has the generic one)
STEPS = 6


def opened(game: str, argv: Sequence[str], seed: int = 1) -> DemoGame:
    found = open_demo(game, argv, seed)
    assert found is not None
    return found


def shown(qtbot: QtBot, demo: DemoGame) -> BoardDemoPlay:
    played = demo.show()
    qtbot.addWidget(played.board)
    played.board.resize(*demo.board.demo.size)
    return played


def picture(played: BoardDemoPlay) -> QImage:
    return played.board.grab().toImage()


def texts_of_a_game(qtbot: QtBot, game: str, argv: Sequence[str], seed: int) -> list[str]:
    """The state texts of a demo's first steps."""
    played = shown(qtbot, opened(game, argv, seed))
    engine = played.descriptor.engine
    texts = [engine.to_text(played.play.state)]
    for _ in range(STEPS):
        assert played.step()
        texts.append(engine.to_text(played.play.state))
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_plays_on_from_the_start_and_shows_every_step(qtbot: QtBot, game: str) -> None:
    demo = opened(game, [])
    played = shown(qtbot, demo)
    assert demo.title.startswith(f"{demo.board.__name__} — ")
    first = picture(played)
    for index in range(1, STEPS + 1):
        assert played.step() and not played.over
        assert played.frames[-1].turn == index and played.frames[-1].state is played.play.state
    assert picture(played) != first


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game(qtbot: QtBot, game: str) -> None:
    first = texts_of_a_game(qtbot, game, [], seed=4)
    assert texts_of_a_game(qtbot, game, [], seed=4) == first
    assert len(set(first)) > 1


def a_file_of(game: str, tmp_path: Path) -> Path:
    """A file the demo of ``game`` opens: for a game with maps (boards, playfields), the one the
    conformance suite starts from (its start options name it ``<map option>_text``), else the
    text of the demo's start state (the engine's codec)."""
    descriptor = registry.game(game)
    demo = opened(game, [])
    if descriptor.map_option is not None:
        text = str(descriptor.playout_options(0)[f"{descriptor.map_option}_text"])
    else:
        text = descriptor.engine.to_text(demo.state)
    path = tmp_path / f"{game}.txt"
    path.write_text(text, encoding=demo.board.demo.encoding)
    return path


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_plays_on_from_a_file(qtbot: QtBot, game: str, tmp_path: Path) -> None:
    path = a_file_of(game, tmp_path)
    demo = opened(game, [str(path)])
    assert demo.title.endswith(f" — {path.name}")
    if demo.descriptor.map_option is None:  # the file is a state's text: the game goes on from that state
        assert demo.descriptor.engine.to_text(demo.state) == path.read_text(encoding=demo.board.demo.encoding)
    texts = texts_of_a_game(qtbot, game, [str(path)], seed=2)
    assert texts == texts_of_a_game(qtbot, game, [str(path)], seed=2) and len(set(texts)) > 1


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_a_seat_highlights_it_and_a_second_clears_it(qtbot: QtBot, game: str) -> None:
    played = shown(qtbot, opened(game, []))
    for _ in range(STEPS):
        played.step()
    plain = picture(played)
    played.board.seatClicked.emit(0)  # what a click on a piece of seat 0 says (the view tests click)
    assert played.highlighted == 0 and picture(played) != plain
    played.board.seatClicked.emit(0)
    assert played.highlighted is None and picture(played) == plain


def test_the_demo_opens_its_window_and_plays_on_a_timer(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    windows = []

    def run_alone(make: Callable[[], BoardAdapter], title: str, size: tuple[int, int]) -> int:
        board = make()
        qtbot.addWidget(board)
        windows.append((type(board).__name__, title, size, [t.interval() for t in board.findChildren(QTimer)
                                                            if t.isActive()]))
        return 0

    monkeypatch.setattr(board_demo, "run_alone", run_alone)
    assert worms_main([]) == 0
    assert windows == [("WormsBoard", "WormsBoard — meadow.txt", (760, 560), [120])]


BAD_FILES = [
    # demo, file text, what its one line says ({bad}: the file's path)
    pytest.param(bioblots_main, "12358D" * 4 + "12\n" + "12358X" * 4 + "12\n", ["{bad}:2:6", "'X'"], id="bioblots board"),
    pytest.param(itpw_main, "itpw turn 0/500 move 1\nkills 0 0 0\n", ["{bad}", "line 2"], id="itpw state"),
    pytest.param(kingdoms_main, "0/500: 25 10 1\n", ["{bad}", "line 1"], id="kingdoms playfield"),
    pytest.param(worms_main, "0 100 x\n", ["{bad}", "line 1"], id="worms map"),
    pytest.param(snake_main, "5x3\n.....\n..a?.\n.....\n", ["{bad}", "row 1, column 3", "'?'"], id="snake position"),
]
DEMOS = [
    pytest.param(bioblots_main, id="bioblots"),
    pytest.param(itpw_main, id="itpw"),
    pytest.param(kingdoms_main, id="kingdoms"),
    pytest.param(snake_main, id="snake"),
    pytest.param(worms_main, id="worms"),
]


@pytest.mark.parametrize(("demo", "text", "where"), BAD_FILES)
def test_a_bad_file_is_reported_on_one_line(demo: Demo, text: str, where: list[str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    assert demo([str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and all(part.format(bad=bad) in err for part in where), err


@pytest.mark.parametrize("demo", DEMOS)
def test_a_missing_file_is_reported_on_one_line(demo: Demo, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert demo([str(tmp_path / "nope.txt")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope.txt" in err, err


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_file_of_any_game_is_named_with_exit_2(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty.txt").write_text("")
    assert run_demo(game, [str(tmp_path / "empty.txt")]) == 2
    assert "empty.txt" in capsys.readouterr().err
