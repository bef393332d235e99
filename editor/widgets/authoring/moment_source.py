"""Where a card from a moment comes from: one snake's turn shown somewhere in the editor (the
test bench's position, a step of a battle or replay), with the move it made there and the
battle's other turns of that snake, the evidence the new card's preview is checked against.

Qt-free on purpose: the bench and the snake board build a :class:`CardMoment`, the new-card
dialog (:mod:`editor.widgets.authoring.new_card_dialog`) reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.snake import Board, Direction, Moved, Position, board_at_turn
from matcher.model import Program
from matcher.moment import decide


@dataclass(frozen=True)
class Evidence:
    """A position in which a snake chose: ``label`` names it to the user (``step 14``)."""

    label: str
    board: Board
    snake: int


@dataclass(frozen=True)
class CardMoment:
    """``snake``'s turn in ``board`` (the board as it saw it at its turn), shown at ``where``
    (``step 212 of the battle``); ``made`` is the move it made there (None on the test bench,
    where no move was made); ``steps`` are the battle's turns of the same snake in which it
    chose between two or more moves (empty on the bench)."""

    board: Board
    snake: int
    made: Direction | None
    where: str
    snake_name: str
    steps: tuple[Evidence, ...] = ()
    wished: Direction | None = None
    """The move the user expects here (the bench's one ticked expected move), if any."""

    @property
    def position(self) -> Position:
        return self.board.position()

    @property
    def possible(self) -> tuple[Direction, ...]:
        return tuple(self.board.possible_moves(self.snake))

    def default_move(self, program: Program | None) -> Direction | None:
        """The move the user wishes (the bench's expected move), else the one the snake made, else
        the program's choice (its first best move, when ``program`` is given and valid), else the
        first possible move."""
        possible = self.possible
        for move in (self.wished, self.made):
            if move is not None and move in possible:
                return move
        if program is not None:
            best = decide(program, [(self.board, self.snake)])[0].best
            chosen = [d for d in possible if d in best]
            if chosen:
                return chosen[0]
        return possible[0] if possible else None


def move_made(events: Sequence[Any], snake: int) -> Direction | None:
    """The direction ``snake`` moved in a step's events (None: it skipped or had no turn)."""
    return next((e.direction for e in events if isinstance(e, Moved) and e.snake == snake), None)


def battle_moment(frames: Sequence[Any], index: int, snake: int, name: str, noun: str = "battle") -> CardMoment | None:
    """The moment ``snake`` had in the step shown at frame ``index`` (at frame 0: its first
    turn) of a battle's ``frames`` (:class:`editor.widgets.arena.match_runner.Frame`), with its
    turns in every step played so far; None when it had no turn there (eaten, or the end)."""
    if len(frames) < 2:
        return None
    step = max(1, index)
    board = board_at_turn(frames[step - 1].state.position, frames[step].events, snake)
    if board is None:
        return None
    where = f"step {frames[step].turn} of the {noun}"
    return CardMoment(board, snake, move_made(frames[step].events, snake), where, name, battle_steps(frames, snake))


def battle_steps(frames: Sequence[Any], snake: int) -> tuple[Evidence, ...]:
    """``snake``'s turns in every step of ``frames`` in which it chose between two or more moves."""
    steps = []
    for before, after in zip(frames, frames[1:]):
        board = board_at_turn(before.state.position, after.events, snake)
        if board is not None and len(board.possible_moves(snake)) >= 2:
            steps.append(Evidence(f"step {after.turn}", board, snake))
    return tuple(steps)
