"""A replay someone sent with a seat named "<h1>BIG0</h1>": its labels showed the name as written,
but every tooltip that says a seat's name (a scoreboard row, the seat log's cells and seat chooser,
a kingdom's card, the board's cells) drew it as a heading, the name itself gone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6 import QtGui
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QToolTip
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.seat_log import SEAT
from editor.widgets.games.kingdoms.kingdoms_game import KingdomsBoard
from editor.widgets.games.snake.what_if_dialog import WhatIfDialog
from editor.widgets.games.worms.worms_view import WormsView
from editor.widgets.parts.seat_names import plain_tip
from arena.samples import resolve_program
from engines.worms import playfield_from_text
from tests.editor.arena.test_long_names import markup_named
from matcher import load_program

ROOT = Path(__file__).resolve().parents[3]


def shown(tip: str) -> str:
    """What a tooltip shows, as QToolTip decides: rich text when it might be, else as it is."""
    document = QTextDocument()
    if QtGui.Qt.mightBeRichText(tip):
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    return document.toPlainText()


def test_plain_tip_shows_text_as_written_and_leaves_plain_text_alone() -> None:
    for text in ("<h1>x</h1>", "a <b>bold</b> &amp; claim\n  second line", "<i>x", "x < y > z"):
        assert shown(plain_tip(text)) == text
    assert plain_tip("Seat 1: crashed") == "Seat 1: crashed"


def test_tooltips_naming_a_seat_show_its_name_as_written(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    replay, names = markup_named(tmp_path)
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(replay)
    pane.playback.seek(3)
    for row, name in zip(pane.scoreboard.rows, names):
        assert shown(row.name_label.toolTip()) == name and shown(row.toolTip()).startswith(name)
    board = pane.board
    assert isinstance(board, KingdomsBoard)
    assert [shown(card.name_label.toolTip()) for card in board.view.cards] == names
    log = pane.seat_log
    model = log.table.model()
    qtbot.waitUntil(lambda: model.rowCount() > 0)
    tips = {shown(model.data(model.index(row, SEAT, QModelIndex()), Qt.ItemDataRole.ToolTipRole))
            for row in range(model.rowCount())}
    assert tips == set(names)
    assert [shown(log.seat_box.itemData(i, Qt.ItemDataRole.ToolTipRole)) for i in range(1, len(names) + 1)] == names
    log.seat_box.setCurrentIndex(1)
    assert shown(log.seat_box.toolTip()).endswith(names[0])


def test_a_boards_cell_tooltip_with_a_name_shows_it_as_written(qtbot: QtBot) -> None:
    view = WormsView()
    qtbot.addWidget(view)
    view.resize(640, 640)
    view.show()
    view.set_state(playfield_from_text((ROOT / "samples/worms/meadow.txt").read_text()))
    view.set_seat_names(["<h1>BIG0</h1>", "<b>b</b>", "c", "d"])
    state = view.state()
    assert state is not None
    where = view.cell_rect(*state.worms[0].head).center().toPoint()
    QApplication.sendEvent(view, QHelpEvent(QEvent.Type.ToolTip, where, view.mapToGlobal(where)))
    assert QToolTip.isVisible() and "<h1>BIG0</h1>" in shown(QToolTip.text()), QToolTip.text()


def test_the_what_if_dialog_shows_a_seats_name_as_written(qtbot: QtBot) -> None:
    program = load_program(resolve_program("hunter"))
    dialog = WhatIfDialog(["<h1>BIG0</h1>"], [program, program], 3)
    qtbot.addWidget(dialog)
    label = next(label for label in dialog.findChildren(QLabel) if label.text() == "<h1>BIG0</h1>")
    assert label.textFormat() == Qt.TextFormat.PlainText
