"""The board view of every game as the arena pane uses it: a :class:`BoardAdapter` per game in
:data:`BOARDS` shows a frame, highlights a seat and reports clicks on one. A snake battle's board
also explains a clicked snake's move; the kingdoms dashboard sits over its live history plot."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QSplitter, QVBoxLayout, QWidget

from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.bioblots.bioblots_view import BioblotsView
from editor.widgets.games.itpw.itpw_view import ItpwView
from editor.widgets.games.kingdoms.kingdoms_view import KingdomsView
from editor.widgets.games.snake.battle_view import BattleView
from editor.widgets.games.snake.turn_explanation import explanation_html
from editor.widgets.games.worms.worms_view import WormsView
from editor.widgets.parts.seat_plots import KingdomsHistoryPlot
from engines.snake import Board, Moved, Position, Skipped
from matcher import CompiledProgram, Program, compile_program
from matcher.explain import Explanation, explain


class BoardAdapter(QWidget):
    """A game's board view as the pane uses it: shows a frame, highlights a seat, reports clicks."""

    seatClicked = Signal(int)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        """A new match (or replay) starts."""

    def show_frame(self, frames: Sequence[Frame], index: int) -> None: ...

    def highlight(self, seat: int | None) -> None: ...

    def frame_widget(self) -> QWidget:
        """What "Export frame" grabs."""
        return self

    def refresh_history(self, frames: Sequence[Frame], index: int) -> None:
        """Live plots of the board (kingdoms' history) catch up (called at most every few 100 ms)."""


class SnakeBoard(BoardAdapter):
    """The battle view; a click on a snake shows why it moved in the shown step."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = BattleView()
        self.explain_label = QLabel()
        self.explain_label.setObjectName("explanationText")
        self.explain_label.setWordWrap(True)
        self.explain_label.setTextFormat(Qt.TextFormat.RichText)
        self.explain_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.explain_label.setMargin(6)
        self.explain_label.setMinimumHeight(self.explain_label.fontMetrics().lineSpacing() * 3 + 12)
        self.explain_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.explanation: Explanation | None = None
        self._programs: list[Program] = []
        self._compiled: list[CompiledProgram] = []
        self._names: list[str] = []
        self._frames: Sequence[Frame] = ()
        self._index = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.explain_label)
        self.view.snakeClicked.connect(self._clicked)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self._programs = list(info.programs)
        self._compiled = [compile_program(p) for p in self._programs]
        self._names = list(names)
        self.view.set_seat_names(names)
        self.view.set_highlighted_snake(None)
        self._clear_explanation()

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self._frames, self._index = frames, index
        snake = self.view.highlighted_snake()
        if snake is not None and self._programs:
            self.explain(snake)
        else:
            self.view.set_board(Board(frames[index].state))

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_snake(seat)
        if seat is None or not self._programs:
            self._clear_explanation()
        else:
            self.explain(seat)

    def frame_widget(self) -> QWidget:
        return self.view

    def explain(self, snake: int) -> Explanation | None:
        """Why ``snake`` moved as it did in the shown step (at step 0: its first move), shown as
        the board it saw at its turn with the matcher's reasoning over it."""
        frames, index = self._frames, self._index
        step = max(1, index)  # the frame of the step whose move is explained (at the start: the first)
        if step < len(frames):
            board = board_at_turn(frames[step - 1].state, frames[step].events, snake)
            turn = frames[step].turn
        else:  # nothing played yet: the start, as the snake sees it if it moves first
            board, turn = Board(frames[0].state), 1
        name = self._names[snake] if snake < len(self._names) else f"Snake {snake}"
        if board is None:
            self.view.set_board(Board(frames[index].state))
            self.view.set_explanation(None)
            self.explanation = None
            self.explain_label.setText(f"<b>{name}</b> had no turn in step {turn}: it was eaten, or the battle was over.")
            return None
        explanation = explain(self._compiled[snake], board, snake)
        program = self._programs[snake]
        card = program.cards[explanation.card] if explanation.card is not None else None
        self.view.set_board(board)
        self.view.set_explanation(explanation, card=card)
        self.explanation = explanation
        self.explain_label.setText(explanation_html(explanation, name, program, turn, index == 0))
        return explanation

    def _clicked(self, snake: int) -> None:
        self.seatClicked.emit(snake)

    def _clear_explanation(self) -> None:
        self.explanation = None
        self.view.set_explanation(None)
        if self._frames:
            self.view.set_board(Board(self._frames[self._index].state))
        self.explain_label.setText("<i>Click a snake to see why it moved in the shown step.</i>")


def board_at_turn(before: Position, events: Sequence[object], snake: int) -> Board | None:
    """The board ``snake`` saw at its turn in a step: the position before the step with the moves
    made before its turn (the step's events are in turn order). None when it had no turn."""
    board = Board(before)
    for event in events:
        if isinstance(event, (Moved, Skipped)) and event.snake == snake:
            return board
        if isinstance(event, Moved):
            board.move(event.snake, event.direction)
    return None


class WormsBoard(BoardAdapter):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = WormsView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.view.wormClicked.connect(self.seatClicked)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_worm(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_worm(seat)


class KingdomsBoard(BoardAdapter):
    """The dashboard over the live history (the original contest's gnuplot, in the app)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = KingdomsView()
        self.history = KingdomsHistoryPlot()
        self.history.plot_widget.setMinimumHeight(140)
        self.round_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen((128, 128, 128), width=1))
        self.history.plot_widget.getPlotItem().addItem(self.round_line, ignoreBounds=True)
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.view)
        splitter.addWidget(self.history)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.view.kingdomClicked.connect(self.seatClicked)
        self.view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The cards flow into 4, 2 or 1 columns as the width allows; the dashboard keeps the height
        # its cards need in that flow (the view's own minimum is one card), the plot takes the rest.
        if watched is self.view and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._fit_dashboard)  # after the view's own resize has reflowed the cards
        return False

    def _fit_dashboard(self) -> None:
        layout = self.view.layout()
        needed = layout.minimumSize().height() if layout is not None else 0
        if needed and needed != self.view.minimumHeight():
            self.view.setMinimumHeight(needed)
            total = sum(self.splitter.sizes())
            self.splitter.setSizes([needed, max(0, total - needed)])

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.history.set_seat_names(names)
        self.history.clear()
        self.view.set_highlighted_kingdom(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index - 1].state if index else None)
        self.round_line.setValue(frames[index].state.round)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_kingdom(seat)

    def frame_widget(self) -> QWidget:
        return self.view

    def refresh_history(self, frames: Sequence[Frame], index: int) -> None:
        if len(self.history.states()) != len(frames):
            self.history.set_history([f.state for f in frames])


class BioblotsBoard(BoardAdapter):
    """Both organisms on the substances; neutralised cells keep a trace of what they held."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = BioblotsView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.view.organismClicked.connect(self.seatClicked)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_player(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events, origin=frames[0].state.board)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(seat)


class ItpwBoard(BoardAdapter):
    """Territories, soldiers and workers; the players are numbered 1–4, the seats 0–3."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = ItpwView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.view.playerClicked.connect(lambda player: self.seatClicked.emit(player - 1))

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.view.set_highlighted_player(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self.view.set_state(frames[index].state, frames[index].events)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_player(None if seat is None else seat + 1)


BOARDS: dict[str, Callable[[], BoardAdapter]] = {
    "snake": SnakeBoard, "worms": WormsBoard, "kingdoms": KingdomsBoard, "bioblots": BioblotsBoard, "itpw": ItpwBoard,
}
"""The board view of every game the pane shows; a game plays here once it is in this registry,
in :data:`editor.widgets.arena.match_setup.SPECS` and in :data:`arena.match.GAMES`."""
