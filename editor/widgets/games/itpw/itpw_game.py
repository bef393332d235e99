"""ITPW in the editor: the facts the setup forms show, and the board the arena pane shows a match
on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.game_view import BoardContext, GridBoard
from editor.widgets.games.itpw.itpw_view import ItpwView


class ItpwBoard(GridBoard[ItpwView]):
    """Territories, soldiers and workers; the players are numbered 1–4, the seats 0–3."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, ItpwView(), parent)
        self.view.playerClicked.connect(lambda player: self.seatClicked.emit(player - 1))

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(None if seat is None else seat + 1)
