"""The field of one position of the new-card preview (the moment, a test, a battle step): the
snake highlighted, and the program's reasoning with the new card in place laid over it, the
deciding card's outline included, so the user sees how the new card matches there."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from editor.widgets.games.snake.battle_view import BattleView
from engines.snake import Board
from matcher import compile_program
from matcher.explain import Explanation, explain
from matcher.model import Program


class MomentView(BattleView):
    """A board at one snake's turn, explained with ``program`` (the program with the new card)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolTip("The position, with the program's choice once the new card is in: the deciding card's "
                        "outline and each possible move's score")

    def show_turn(self, board: Board, snake: int, program: Program) -> Explanation | None:
        """Show ``board`` with ``snake``'s choice under ``program`` (None: it could not choose)."""
        self.set_board(board)
        self.set_highlighted_snake(snake)
        if board.eaten[snake] or not board.possible_moves(snake):
            self.set_explanation(None)
            return None
        explanation = explain(compile_program(program), board, snake)
        card = program.cards[explanation.card] if explanation.card is not None else None
        self.set_explanation(explanation, card=card)
        return explanation

    def sizeHint(self) -> QSize:
        return QSize(280, 280)
