"""Snake battles in the editor: the facts the setup forms show, and the board the arena pane shows
a battle on. A click on a snake explains its move in the shown step; "Continue from here" plays a
what-if from the shown step with other programs (a match like any other from that position, so
its replay saves and verifies)."""

from __future__ import annotations

import html
import random
import secrets
from collections.abc import Sequence

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QFrame, QLabel, QMenu, QVBoxLayout, QWidget

from arena.games.descriptor import GameDescriptor
from arena.match import MatchSetup
from arena.program_battle import program_policy
from editor.seats import BATTLE_SEATS, sample_seats
from editor.widgets.arena.match_runner import REPLAY, Frame, MatchInfo
from editor.widgets.authoring.card_icon import new_card_icon
from editor.widgets.authoring.moment_source import battle_moment
from editor.widgets.games.game_view import BoardAdapter, BoardContext, BoardDemo, DemoSeats
from editor.widgets.games.snake.battle_view import BattleView, snake_name
from editor.widgets.games.snake.turn_explanation import explanation_html
from editor.widgets.games.snake.what_if_dialog import WhatIfDialog
from editor.widgets.parts.seat_names import numbered
from engines.snake import Board, Policy, board_at_turn, position_to_text
from engines.snake.game import GAME, SnakeState
from matcher import CompiledProgram, Program, compile_program, save_program
from matcher.explain import Explanation, explain
from matcher.fileformat import PROGRAM_SUFFIX


def _sample_start(descriptor: GameDescriptor, seed: int) -> SnakeState:
    """The default field, a snake for each sample program."""
    return GAME.start(descriptor.defaults, BATTLE_SEATS)


def _sample_programs() -> DemoSeats:
    """The sample programs, a snake each (the first again for a position of more snakes)."""
    seats = sample_seats()
    compiled = [compile_program(program) for _, program in seats]

    def choose(state: SnakeState, choices: random.Random, match_rng: random.Random) -> list[Policy]:
        return [program_policy(compiled[snake % len(compiled)], choices) for snake in range(len(state.position.snakes))]

    return DemoSeats(tuple(name for name, _ in seats), choose, tuple(program for _, program in seats))


class SnakeBoard(BoardAdapter):
    """The battle view; a click on a snake shows why it moved in the shown step."""

    demo = BoardDemo(size=(640, 700), interval_ms=150, start=_sample_start, seats=_sample_programs)
    """A battle of the sample programs on the default field (or from a position's text)."""

    explained = Signal(object)
    """A snake's move was explained (:class:`Explanation`), or the explanation went (None)."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = BattleView()
        self.view.set_axes(True)  # explanations name cells "(x, y)": the axes say which is which
        self.view.set_navigable(True)  # the wheel zooms, a drag moves the zoomed field
        self.explain_label = QLabel()
        self.explain_label.setObjectName("explanationText")
        self.explain_label.setWordWrap(True)
        self.explain_label.setTextFormat(Qt.TextFormat.RichText)
        self.explain_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.explain_label.setMargin(6)
        self.explain_label.setMinimumHeight(self.explain_label.fontMetrics().lineSpacing() * 3 + 12)
        self.explain_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.what_if_action = QAction("Continue from here…", self)
        self.what_if_action.setToolTip("A what-if: play on from the shown step with other programs")
        self.what_if_action.triggered.connect(lambda: self.continue_from_here())
        self.new_card_action = QAction(new_card_icon(), "New card from here…", self)
        self.new_card_action.setToolTip("A card for the editor's program from what the clicked snake saw in the "
                                        "shown step")
        self.new_card_action.triggered.connect(lambda: self.request_card())
        self.new_card_action.setEnabled(False)
        self.what_if_dialog: WhatIfDialog | None = None
        """The open what-if dialog (tests drive the modal dialog through it)."""
        self.explanation: Explanation | None = None
        self._info: MatchInfo | None = None
        self._programs: list[Program] = []
        self._compiled: dict[int, CompiledProgram] = {}
        """Per seat its program compiled for explanations, when first asked (not at the start of
        a battle, on the GUI thread while the battle's worker starts: issue 16)."""
        self._names: list[str] = []
        self._frames: Sequence[Frame] = ()
        self._index = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.explain_label)
        self.view.snakeClicked.connect(self.seatClicked)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.context_menu: QMenu | None = None
        """The menu of the last right-click on a snake (tests pick from it)."""

    # --- the board ---------------------------------------------------------------------------

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self._info = info
        self._programs = list(info.programs)
        self._compiled = {}
        self._names = list(names)
        self.what_if_action.setEnabled(bool(self._programs))
        self.view.set_seat_names(names)
        self.view.set_highlighted_snake(None)
        self._clear_explanation()

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        self._frames, self._index = frames, index
        snake = self.view.highlighted_snake()
        if snake is not None and self._programs:
            self.explain(snake)
        else:
            self.view.set_board(Board(frames[index].state.position))

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_snake(seat)
        if seat is None or not self._programs:
            self._clear_explanation()
        else:
            self.explain(seat)

    def frame_widget(self) -> QWidget:
        return self.view

    def board_actions(self) -> Sequence[QAction]:
        return (self.new_card_action, self.what_if_action)

    # --- why a snake moved -------------------------------------------------------------------

    def explain(self, snake: int) -> Explanation | None:
        """Why ``snake`` moved as it did in the shown step (at step 0: its first move), shown as
        the board it saw at its turn with the matcher's reasoning over it."""
        frames, index = self._frames, self._index
        step = max(1, index)  # the frame of the step whose move is explained (at the start: the first)
        if step < len(frames):
            board = board_at_turn(frames[step - 1].state.position, frames[step].events, snake)
            turn = frames[step].turn
        else:  # nothing played yet: the start, as the snake sees it if it moves first
            board, turn = Board(frames[0].state.position), 1
        name = snake_name(self._names, snake)
        if board is None:
            self.view.set_board(Board(frames[index].state.position))
            self.view.set_explanation(None)
            self._set_explanation(None)
            self.explain_label.setText(f"<b>{html.escape(name)}</b> had no turn in step {turn}: it was eaten, or the "
                                       "battle was over.")
            return None
        if snake not in self._compiled:
            self._compiled[snake] = compile_program(self._programs[snake])
        explanation = explain(self._compiled[snake], board, snake)
        program = self._programs[snake]
        card = program.cards[explanation.card] if explanation.card is not None else None
        self.view.set_board(board)
        self.view.set_explanation(explanation, card=card)
        self.explain_label.setText(explanation_html(explanation, name, program, turn, index == 0))
        self._set_explanation(explanation)
        return explanation

    def _set_explanation(self, explanation: Explanation | None) -> None:
        had = self.explanation is not None
        self.explanation = explanation
        self.new_card_action.setEnabled(explanation is not None and self.context.editor_program is not None)
        if had or explanation is not None:
            self.explained.emit(explanation)

    def _clear_explanation(self) -> None:
        self._set_explanation(None)
        self.view.set_explanation(None)
        if self._frames:
            self.view.set_board(Board(self._frames[self._index].state.position))
        self.explain_label.setText("<i>Click a snake to see why it moved in the shown step.</i>")

    def _context_menu(self, point: QPoint) -> None:
        """A right-click on a snake selects it (as a click does) and offers its actions."""
        cell = self.view.cell_at(QPointF(point))
        snake = self.view.snake_at(cell) if cell is not None else None
        if snake is None:
            return
        if snake != self.view.highlighted_snake():
            self.seatClicked.emit(snake)
        self.context_menu = QMenu(self)
        self.context_menu.addActions([self.new_card_action, self.what_if_action])
        self.context_menu.popup(self.view.mapToGlobal(point))

    def request_card(self) -> bool:
        """"New card from here": the explained snake's moment in the shown step, for the editor
        (:attr:`cardRequested`); False when no snake is explained."""
        snake = self.view.highlighted_snake()
        if self.explanation is None or snake is None or self._info is None:
            return False
        name = snake_name(self._names, snake)
        noun = "replay" if self._info.kind == REPLAY else "battle"
        moment = battle_moment(self._frames, self._index, snake, name, noun)
        if moment is None:
            self.message.emit(f"{name} had no turn in this step: no card to make of it.")
            return False
        self.cardRequested.emit(moment)
        return True

    # --- what-if -----------------------------------------------------------------------------

    def continue_from_here(self, programs: Sequence[Program] | None = None, seed: int | None = None) -> bool:
        """A what-if: the battle from the shown step on, with ``programs`` (asked for when None)
        and a new seed. The seats keep their snakes; only who steers them changes. It is a match
        whose ``start`` option is the shown position; the pane runs it (:attr:`branchRequested`)."""
        info, frames = self._info, self._frames
        if info is None or not frames or not info.programs:
            return False
        frame = frames[self._index]
        if programs is None:
            chosen = self._ask_what_if(info, frame.turn)
            if chosen is None:
                return False
            programs, seed = chosen
        folder = self.context.folder("what-if")
        seats = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for seat, program in enumerate(programs):  # seats are program files, as in any snake match
                seats.append(str(folder / f"seat-{seat}{PROGRAM_SUFFIX}"))
                save_program(seats[-1], program)
        except OSError as error:
            self.message.emit(f"Could not write the what-if's programs to {folder}: {error.strerror or error}")
            return False
        steps = max(1, int(info.options.get("steps", 1000)) - frame.turn)
        options = {"start": position_to_text(frame.state.position), "steps": steps}
        seed = secrets.randbelow(1_000_000) if seed is None else seed
        self.branchRequested.emit(MatchSetup("snake", tuple(seats), seed, options,
                                             numbered([p.name for p in programs])), frame.turn)
        return True

    def _ask_what_if(self, info: MatchInfo, turn: int) -> tuple[list[Program], int] | None:
        dialog = WhatIfDialog(self._names, info.programs, turn, editor_program=self.context.editor_program,
                              settings=self.context.settings, parent=self)
        self.what_if_dialog = dialog
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.programs(), dialog.seed()
        finally:
            self.what_if_dialog = None
            dialog.deleteLater()
