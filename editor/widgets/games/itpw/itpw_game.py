"""ITPW in the editor: the facts the setup forms show, and the board the arena pane shows a match
on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.game_view import BoardAdapter, BoardContext, GameSpec, GameView
from editor.widgets.games.itpw.itpw_view import ItpwView


class ItpwBoard(BoardAdapter):
    """Territories, soldiers and workers; the players are numbered 1–4, the seats 0–3."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = ItpwView()
        self._fill_with(self.view)
        self.view.playerClicked.connect(lambda player: self.seatClicked.emit(player - 1))

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_player(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(None if seat is None else seat + 1)


ITPW = GameView(
    GameSpec("ITPW", "Player", default_seats=("heuristic_bot.py", "random_bot.py", "heuristic_bot.py", "random_bot.py"),
             time_option="bank", time_title="Time bank", round_noun="turn",
             flags=(("pause_bots", "Pause bots off their turn",
                     "Stop each bot (SIGSTOP) whenever it is not answering, so no bot computes on another's time; "
                     "its CPU time is counted either way"),),
             ends={"turns": "the turn limit", "all_disqualified": "every player disqualified"}),
    ItpwBoard,
)
