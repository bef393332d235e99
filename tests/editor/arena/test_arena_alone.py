"""A bot the sandbox shows without its folder (a file straight in /tmp or a home folder) says so
on its scoreboard row: it sees no file beside it, so a helper module it imports is missing and it
crashes with a bare ModuleNotFoundError. ``snakepit match`` says it on stderr; the app said it only
in the row's "sandboxed" tooltip, where nobody looks when a bot crashes."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from tests.editor.arena.pane_driver import WORMS, set_up, start, wait_finished


@pytest.fixture
def lone_bot() -> Iterator[Path]:
    """A bot straight in /tmp that imports a helper module beside it."""
    name = f"snakepit_alone_app_{os.getpid()}"
    bot, helper = Path("/tmp") / f"{name}.py", Path("/tmp") / f"{name}_helper.py"
    helper.write_text("MOVE = 'l'\n")
    bot.write_text(f"import {name}_helper\nprint({name}_helper.MOVE)\n")
    try:
        yield bot
    finally:
        bot.unlink(missing_ok=True)
        helper.unlink(missing_ok=True)


def test_a_bot_shown_without_its_folder_says_so_on_its_row(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                           lone_bot: Path) -> None:
    pane = make_pane()
    greedy = str(WORMS / "greedy.sh")
    set_up(pane, "worms", (greedy, str(lone_bot), greedy, greedy), {"rounds": 1, "time": 2.0, "map": str(WORMS / "meadow.txt")})
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    board = pane.scoreboard
    if board.sandbox_tags()[1] != "sandboxed":
        pytest.skip("no sandbox on this machine: every file is seen where it is")
    assert board.shown()[1][2].startswith("⚠ crashed")  # the crash the note explains
    notes = board.folder_notes()
    assert notes[0] == notes[2] == notes[3] == ""
    assert notes[1] == "⚠ Shown without its folder: no file beside it", notes
    tip = board.rows[1].folder_label.toolTip()
    assert str(lone_bot) in tip and "folder of its own" in tip

