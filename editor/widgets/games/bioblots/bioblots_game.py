"""Bio-blots in the editor: the facts the setup forms show, and the board the arena pane shows a
match on."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from arena.games.descriptor import GameDescriptor
from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.game_view import BoardContext, BoardDemo, GridBoard
from engines.bioblots import BioblotsError, State, board_from_text, generate_board, start_state


def _board_file(text: str, where: str) -> State:
    return start_state(board_from_text(text, where=where))


def _generated(descriptor: GameDescriptor, seed: int) -> State:
    return start_state(generate_board(random.Random(seed)))


class BioblotsBoard(GridBoard[BioblotsView]):
    """Both organisms on the substances; neutralised cells keep a trace of what they held."""

    demo = BoardDemo(size=(640, 720), interval_ms=300, start=_generated, read=_board_file, errors=(BioblotsError,))
    """A board file (or one generated from the seed), played by two random movers."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, BioblotsView(), parent)
        self.view.organismClicked.connect(self.seatClicked)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events, origin=frames[0].state.board)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(seat)
