"""Bio-blots in the editor: the facts the setup forms show, and the board the arena pane shows a
match on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.game_view import BoardContext, GridBoard


class BioblotsBoard(GridBoard[BioblotsView]):
    """Both organisms on the substances; neutralised cells keep a trace of what they held."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, BioblotsView(), parent)
        self.view.organismClicked.connect(self.seatClicked)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events, origin=frames[0].state.board)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(seat)
