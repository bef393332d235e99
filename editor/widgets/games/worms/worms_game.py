"""Redbot worms in the editor: the facts the setup forms show, and the board the arena pane shows a
match on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.game_view import BoardContext, GridBoard
from editor.widgets.games.worms.worms_view import WormsView


class WormsBoard(GridBoard[WormsView]):
    """The field with its worms; a click on a worm selects its seat."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, WormsView(), parent)
        self.view.wormClicked.connect(self.seatClicked)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_worm(seat)
