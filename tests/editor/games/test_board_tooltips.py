from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.itpw.itpw_view import ItpwView
from editor.widgets.games.worms.worms_view import WormsView
from engines import bioblots, itpw
from engines.worms import playfield_from_text
from pytestqt.qtbot import QtBot
from collections.abc import Callable
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("view, state, cell, expected", [
    (WormsView, lambda: playfield_from_text((ROOT / "samples/worms/meadow.txt").read_text()), (0, 0), "[0, 0] wall"),
    (ItpwView, itpw.start_state, (0, 0), "home corner of player 1"),
    (BioblotsView, lambda: bioblots.start_state(bioblots.generate_board(random.Random(1))), (3, 3), "dd (row 4, column 4)"),
], ids=["worms", "itpw", "bioblots"])
def test_resting_the_mouse_on_a_cell_shows_its_tooltip(qtbot: QtBot, view: type[WormsView | ItpwView | BioblotsView], state: Callable[[], Any], cell: tuple[int, int], expected: str) -> None:
    # Regression: the views read QHelpEvent.position(), which does not exist; every tooltip raised.
    widget = view()
    qtbot.addWidget(widget)
    widget.resize(640, 640)
    widget.show()
    widget.set_state(state())
    where = widget.cell_rect(*cell).center().toPoint()
    QApplication.sendEvent(widget, QHelpEvent(QEvent.Type.ToolTip, where, widget.mapToGlobal(where)))
    assert QToolTip.isVisible() and expected in QToolTip.text()


def test_resting_the_mouse_on_a_snake_in_a_battle_shows_whose_part_it_is(qtbot: QtBot) -> None:
    from editor.widgets.games.snake.battle_view import BattleView
    from engines.snake import Board, start_position

    view = BattleView()
    qtbot.addWidget(view)
    view.resize(640, 640)
    view.show()
    board = Board(start_position(2))
    view.set_board(board)
    head = board.bodies[0][0]
    where = view.cell_rect(*head).center().toPoint()
    QApplication.sendEvent(view, QHelpEvent(QEvent.Type.ToolTip, where, view.mapToGlobal(where)))
    assert QToolTip.isVisible() and "head" in QToolTip.text()
