"""ITPW in the editor: the facts the setup forms show, and the board the arena pane shows a match
on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.game_view import BoardContext, BoardDemo, GridBoard
from editor.widgets.games.itpw.itpw_view import ItpwView
from engines.itpw import ItpwError, start_state, state_from_text


class ItpwBoard(GridBoard[ItpwView]):
    """Territories, soldiers and workers; the players are numbered 1–4, the seats 0–3."""

    demo = BoardDemo(size=(680, 760), interval_ms=160, start=lambda descriptor, seed: start_state(),
                     read=state_from_text, errors=(ItpwError,))
    """A state text (or the start of a whole game), played on by four random players."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, ItpwView(), parent)
        self.view.playerClicked.connect(lambda player: self.seatClicked.emit(player - 1))

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(None if seat is None else seat + 1)
