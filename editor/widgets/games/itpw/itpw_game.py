"""ITPW in the editor: the facts the setup forms show, and the board the arena pane shows a match
on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.game_view import BoardAdapter, BoardContext
from editor.widgets.games.itpw.itpw_view import ItpwView


class ItpwBoard(BoardAdapter):
    """Territories, soldiers and workers; the players are numbered 1–4, the seats 0–3."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = ItpwView()
        self.view.set_axes(True)  # tooltips name cells by their coordinates: the axes say which is which
        self.view.set_navigable(True)  # the wheel zooms, a drag moves the zoomed board
        self._fill_with(self.view)
        self.view.playerClicked.connect(lambda player: self.seatClicked.emit(player - 1))

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_player(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(None if seat is None else seat + 1)
