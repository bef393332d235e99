"""Bio-blots in the editor: the facts the setup forms show, and the board the arena pane shows a
match on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from arena.samples import SAMPLES_DIR
from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.game_view import BoardAdapter, BoardContext, GameSpec, GameView, text_files


class BioblotsBoard(BoardAdapter):
    """Both organisms on the substances; neutralised cells keep a trace of what they held."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = BioblotsView()
        self._fill_with(self.view)
        self.view.organismClicked.connect(self.seatClicked)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_player(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events, origin=frames[0].state.board)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(seat)


BIOBLOTS = GameView(
    GameSpec("Bio-blots", "Player", map_option="board", map_title="Board", tournament_map=False,
             maps=lambda: [("generated from the seed", ""), *text_files(SAMPLES_DIR / "bioblots")],
             default_seats=("heuristic_bot.py", "random_bot.py"), round_noun="move",
             ends={"all_neutralised": "every cell neutralised", "locked_in": "a player had no legal move",
                   "move_limit": "the move limit", "fault": "a bot broke a rule"}),
    BioblotsBoard,
)
