"""Snakes without a name are called "Snake 1" for snake 0, as the bench, the scoreboard and the
board's tooltips count: the explanation and the what-if dialog said "Snake 0"."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel

from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.games.snake.what_if_dialog import WhatIfDialog
from matcher import load_program
from arena.samples import resolve_program
from tests.editor.arena.test_arena_replay import snake_pane
from pytestqt.qtbot import QtBot


def test_the_what_if_dialog_counts_unnamed_snakes_from_1(qtbot: QtBot) -> None:
    program = load_program(resolve_program("hunter"))
    dialog = WhatIfDialog(["Alpha"], [program, program, program], 3)
    qtbot.addWidget(dialog)
    shown = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Alpha" in shown and "Snake 2" in shown and "Snake 3" in shown and "Snake 1" not in shown, shown


def test_the_explanation_of_an_unnamed_snake_counts_from_1(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane, board = snake_pane(qtbot, make_pane)
    pane.playback.seek(2)
    assert pane.info is not None
    board.begin(pane.info, [])  # a replay whose seats have no names
    pane.playback.seek(1)
    board.explain(0)
    assert "Snake 1" in board.explain_label.text() and "Snake 0" not in board.explain_label.text()
