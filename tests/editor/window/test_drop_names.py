"""A dropped file goes where its name says, whatever its case: ``GAME.JSONL`` (from a system that
writes names in capitals) was opened as a program and refused ("not a valid program") instead of
playing in the arena; ``CORNER.POSITION.JSON`` likewise missed the test bench."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor import main_window as main_window_module
from editor.main_window import MainWindow, is_position_file, is_replay_file
from engines.snake import position_from_text
from matcher.fileformat import save_position
from tests.editor.test_main_window import drop_file

GOLDEN = Path(__file__).resolve().parents[2] / "arena" / "golden"


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What would have shown in an error box (none may open in a test)."""
    said: list[str] = []
    monkeypatch.setattr(main_window_module, "show_error", lambda parent, headline, error: said.append(f"{headline}: {error}"))
    return said


def test_a_replay_named_in_capitals_plays_in_the_arena(qtbot: QtBot, make_window: Callable[..., MainWindow],
                                                       tmp_path: Path, errors: list[str]) -> None:
    replay = tmp_path / "GAME.JSONL"
    replay.write_text("".join((GOLDEN / "kingdoms.jsonl").read_text().splitlines(keepends=True)[:-1]))  # less its test-only line
    window = make_window()
    program = window.document.program
    drop_file(window, replay)
    qtbot.waitUntil(lambda: window.in_arena() and window.arena_pane.info is not None)
    info = window.arena_pane.info
    assert info is not None and info.game == "kingdoms"
    assert not errors and window.document.program == program


def test_a_position_named_in_capitals_goes_onto_the_test_bench(qtbot: QtBot, make_window: Callable[..., MainWindow],
                                                               tmp_path: Path, errors: list[str]) -> None:
    path = tmp_path / "CORNER.POSITION.JSON"
    position = position_from_text("6x5\n......\n.Aaa..\n......\n..Bbb.\n......\n")
    save_position(path, position)
    window = make_window()
    drop_file(window, path)
    qtbot.waitUntil(lambda: window.test_bench.position_editor.position() == position)
    assert window.bench_page() is window.test_bench and not errors


def test_names_are_routed_in_any_case() -> None:
    assert all(is_replay_file(Path(name)) for name in ("a.jsonl", "A.JSONL", "a.Jsonl", "a.jsonl.gz", "A.JSONL.GZ"))
    assert not any(is_replay_file(Path(name)) for name in ("a.json", "a.snake.json", "jsonl", "a.jsonl.txt"))
    assert is_position_file(Path("/nowhere/CORNER.POSITION.JSON"))
