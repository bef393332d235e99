"""Redbot worms in the editor: the facts the setup forms show, and the board the arena pane shows a
match on."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from arena.samples import SAMPLES_DIR
from editor.widgets.arena.match_runner import Frame
from editor.widgets.games.game_view import BoardContext, BoardDemo, DemoSeats, GridBoard
from editor.widgets.games.worms.worms_view import WormsView, safe_turns


class WormsBoard(GridBoard[WormsView]):
    """The field with its worms; a click on a worm selects its seat."""

    demo = BoardDemo(size=(760, 560), interval_ms=120, file=SAMPLES_DIR / "worms" / "meadow.txt", encoding="latin-1",
                     seats=lambda: DemoSeats(choose=safe_turns))
    """A sample map (or a playfield file), the worms turning at random where it is safe."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, WormsView(), parent)
        self.view.wormClicked.connect(self.seatClicked)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_worm(seat)
