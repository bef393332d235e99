"""A whole battle: the seeded move order, skips, the three end conditions, scores and ranks."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engines.snake.board import Board, Event, IllegalMoveError, Moved, Skipped
from engines.snake.position import Position
from engines.snake.types import GAME_INFO, Direction, EndReason

Policy = Callable[[Board, int, Sequence[Direction]], Direction]
"""Chooses a move for ``snake`` among its possible moves (never empty) at its turn in the step."""


@dataclass(frozen=True)
class StepReport:
    """What one step did: the order drawn, the events in order, and the end if it came."""

    step: int
    order: tuple[int, ...]
    events: tuple[Event, ...]
    end: EndReason | None = None


@dataclass
class Battle:
    """A battle in progress. All randomness (the move order, and the policies' random picks when
    they are given the same generator) comes from ``rng``, so a battle replays from its seed."""

    position: Position
    rng: random.Random
    max_steps: int = GAME_INFO.default_steps
    codes: npt.NDArray[np.uint8] | None = field(default=None, repr=False)
    """Where the board keeps its code grid (see :class:`Board`); its own array when None."""
    board: Board = field(init=False)
    steps: int = field(init=False, default=0)
    end: EndReason | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.board = Board(self.position, self.codes)
        self.end = self._end_before_moving()

    @property
    def over(self) -> bool:
        return self.end is not None

    def lengths(self) -> list[int]:
        return [self.board.length(i) for i in range(self.board.snake_count)]

    def scores(self) -> list[int]:
        """The score of each snake: its length (an eaten snake's leftover tail counts 1)."""
        return self.lengths()

    def ranks(self) -> list[int]:
        return ranks_of(self.scores())

    def draw_order(self) -> list[int]:
        n = self.board.snake_count
        return self.rng.sample(range(n), n)

    def step(self, policy: Policy | Mapping[int, Direction]) -> StepReport:
        """Play one step: every snake that is not eaten moves in a fresh random order.

        ``policy`` is a callback asked at each snake's turn (so it sees the earlier moves of the
        step), or a mapping of moves given in advance (replays, rule tests); a move the snake
        cannot make raises :class:`IllegalMoveError`."""
        choose = policy if callable(policy) else _fixed_moves(policy)
        for snake in self.begin_step():
            if self.end is not None:  # the battle ended in the middle of the step
                break
            self.turn(snake, choose)
        return self.finish_step()

    # The step in three parts, for callers that interleave many battles (batched decisions).

    def begin_step(self) -> list[int]:
        """Start a step: draw and return the move order."""
        if self.end is not None:
            raise IllegalMoveError(f"the battle is over ({self.end.value})")
        self._order = self.draw_order()
        self._events: list[Event] = []
        return self._order

    def turn(self, snake: int, choose: Policy) -> None:
        """Play ``snake``'s turn within the current step (nothing if it is eaten or the battle
        has ended)."""
        board = self.board
        if self.end is not None or board.eaten[snake]:
            return
        moves = board.possible_moves(snake)
        if not moves:
            self._events.append(Skipped(snake))
            return
        self._events.extend(board.move(snake, choose(board, snake, moves)))
        if self._alive_count() <= 1:
            self.end = EndReason.ONE_LEFT

    def finish_step(self) -> StepReport:
        self.steps += 1
        if self.end is None:
            self.end = self._end_after_step()
        return StepReport(self.steps, tuple(self._order), tuple(self._events), self.end)

    def _alive_count(self) -> int:
        return sum(1 for eaten in self.board.eaten if not eaten)

    def _end_before_moving(self) -> EndReason | None:
        if self._alive_count() <= 1:
            return EndReason.ONE_LEFT
        if not any(self.board.possible_moves(i) for i in range(self.board.snake_count)):
            return EndReason.NO_MOVES
        if self.steps >= self.max_steps:
            return EndReason.STEP_LIMIT
        return None

    def _end_after_step(self) -> EndReason | None:
        return self._end_before_moving()


def _fixed_moves(moves: Mapping[int, Direction]) -> Policy:
    def choose(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
        if snake not in moves:
            raise IllegalMoveError(f"no move given for snake {snake} (possible: {[d.label for d in possible]})")
        return moves[snake]

    return choose


def board_at_turn(before: Position, events: Sequence[Event], snake: int) -> Board | None:
    """The board ``snake`` saw at its turn in a step: the position before the step with the moves
    made before its turn (a step's events are in turn order; each move's bites follow from the
    move). None when it had no turn in the step (eaten, or the battle ended first)."""
    board = Board(before)
    for event in events:
        if isinstance(event, (Moved, Skipped)) and event.snake == snake:
            return board
        if isinstance(event, Moved):
            board.move(event.snake, event.direction)
    return None


def ranks_of(scores: Sequence[int]) -> list[int]:
    """Competition ranks: 1 + the number of strictly better scores, so equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]
