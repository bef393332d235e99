"""The mutable battle board and the rules of one move.

The board keeps, besides each snake's cells, a padded grid of cell codes that the matcher reads
directly. Codes (``uint8``): 0 empty, 1 border (the :data:`PAD` cells around the field), and
``2 + 3 * owner + part`` for snake cells with part 0 head, 1 body, 2 tail. :data:`ELEMENT_LUT`
turns a code into the :class:`Element` a given snake sees there.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engines.snake.position import Position, SnakeBody
from engines.snake.types import GAME_INFO, Cell, Direction, Element

PAD = 6
"""Border cells kept around the field: a 7×7 card with its head in a corner reaches 6 cells out."""

CODE_EMPTY = 0
CODE_BORDER = 1
HEAD, BODY, TAIL = 0, 1, 2
CODE_COUNT = 2 + 3 * GAME_INFO.max_snakes


def snake_code(owner: int, part: int) -> int:
    return 2 + 3 * owner + part


def _element_lut() -> npt.NDArray[np.uint8]:
    lut = np.zeros((GAME_INFO.max_snakes, CODE_COUNT), dtype=np.uint8)
    for viewer in range(GAME_INFO.max_snakes):
        lut[viewer, CODE_EMPTY] = Element.EMPTY
        lut[viewer, CODE_BORDER] = Element.BORDER
        for owner in range(GAME_INFO.max_snakes):
            own = owner == viewer
            # A snake's own head is never looked up: cards are anchored on it.
            lut[viewer, snake_code(owner, HEAD)] = Element.OWN_BODY if own else Element.ENEMY_HEAD
            lut[viewer, snake_code(owner, BODY)] = Element.OWN_BODY if own else Element.ENEMY_BODY
            lut[viewer, snake_code(owner, TAIL)] = Element.OWN_TAIL if own else Element.ENEMY_TAIL
    lut.setflags(write=False)
    return lut


ELEMENT_LUT = _element_lut()
"""``ELEMENT_LUT[viewer, code]`` is the element snake ``viewer`` sees in a cell holding ``code``."""


class IllegalMoveError(ValueError):
    """A move was asked for that the snake cannot make (programmer misuse, not a game event)."""


@dataclass(frozen=True)
class Moved:
    snake: int
    direction: Direction
    to: Cell


@dataclass(frozen=True)
class Bite:
    biter: int
    victim: int
    cell: Cell


@dataclass(frozen=True)
class Eaten:
    snake: int
    by: int


@dataclass(frozen=True)
class Skipped:
    snake: int


Event = Moved | Bite | Eaten | Skipped


class Board:
    """The field during a battle: snakes as deques of cells (head first) plus the code grid."""

    def __init__(self, position: Position, codes: npt.NDArray[np.uint8] | None = None) -> None:
        """``codes``, when given, is the (H+2·PAD, W+2·PAD) uint8 array the board keeps its code
        grid in, e.g. one slice of a stack shared by many battles for batched decisions."""
        self.width = position.width
        self.height = position.height
        self.stride = self.width + 2 * PAD
        shape = (self.height + 2 * PAD, self.stride)
        if codes is None:
            codes = np.empty(shape, dtype=np.uint8)
        elif codes.shape != shape or codes.dtype != np.uint8 or not codes.flags.c_contiguous:
            raise ValueError(f"codes must be a C-contiguous uint8 array of shape {shape}")
        self.codes = codes
        self.codes[...] = CODE_BORDER
        self.codes[PAD : PAD + self.height, PAD : PAD + self.width] = CODE_EMPTY
        self._flat = self.codes.reshape(-1)
        self.bodies: list[deque[Cell]] = [deque(s.cells) for s in position.snakes]
        self.eaten: list[bool] = [s.eaten for s in position.snakes]
        for index in range(len(self.bodies)):
            self._paint_all(index)

    # --- reading ---------------------------------------------------------------------------

    @property
    def snake_count(self) -> int:
        return len(self.bodies)

    def length(self, snake: int) -> int:
        return len(self.bodies[snake])

    def head(self, snake: int) -> Cell:
        return self.bodies[snake][0]

    def code_at(self, cell: Cell) -> int:
        return int(self._flat[(cell[1] + PAD) * self.stride + cell[0] + PAD])

    def element_at(self, viewer: int, cell: Cell) -> Element:
        return Element(int(ELEMENT_LUT[viewer, self.code_at(cell)]))

    def position(self) -> Position:
        return Position(
            self.width, self.height, tuple(SnakeBody(tuple(b), e) for b, e in zip(self.bodies, self.eaten))
        )

    def possible_moves(self, snake: int) -> list[Direction]:
        """Directions onto a free cell or a tail, except onto its own tail when only head and
        tail are left. Empty for an eaten snake."""
        if self.eaten[snake]:
            return []
        x, y = self.bodies[snake][0]
        own_tail = snake_code(snake, TAIL)
        short = len(self.bodies[snake]) == 2
        flat, stride = self._flat, self.stride
        base = (y + PAD) * stride + x + PAD
        moves = []
        for direction, delta in ((Direction.UP, -stride), (Direction.RIGHT, 1), (Direction.DOWN, stride), (Direction.LEFT, -1)):
            code = int(flat[base + delta])
            if code == CODE_EMPTY or (code >= 2 and (code - 2) % 3 == TAIL and not (short and code == own_tail)):
                moves.append(direction)
        return moves

    # --- the move ---------------------------------------------------------------------------

    def move(self, snake: int, direction: Direction) -> list[Event]:
        """Move ``snake`` one cell; return what happened. Raises :class:`IllegalMoveError` for a
        move that is not among :meth:`possible_moves`."""
        if direction not in self.possible_moves(snake):
            raise IllegalMoveError(f"snake {snake} cannot move {direction.label} from {list(self.head(snake))}")
        body = self.bodies[snake]
        x, y = body[0]
        target = (x + direction.dx, y + direction.dy)
        code = self.code_at(target)
        events: list[Event] = [Moved(snake, direction, target)]
        if code == CODE_EMPTY or code == snake_code(snake, TAIL):
            freed = body.pop()
            self._set(freed, CODE_EMPTY)
            body.appendleft(target)
        else:  # a rival's tail: bite it
            victim = (code - 2) // 3
            events.append(Bite(snake, victim, target))
            self._shrink(victim)
            if len(self.bodies[victim]) == 1 and not self.eaten[victim]:
                self.eaten[victim] = True
                events.append(Eaten(victim, snake))
            self._paint_ends(victim)
            body.appendleft(target)
        self._paint_ends(snake)
        return events

    def _shrink(self, victim: int) -> None:
        self.bodies[victim].pop()  # the biter's head takes the cell; no need to clear it

    # --- code grid maintenance ---------------------------------------------------------------

    def _set(self, cell: Cell, code: int) -> None:
        self._flat[(cell[1] + PAD) * self.stride + cell[0] + PAD] = code

    def _paint_all(self, snake: int) -> None:
        body = self.bodies[snake]
        for i, cell in enumerate(body):
            self._set(cell, snake_code(snake, BODY))
        self._paint_ends(snake)

    def _paint_ends(self, snake: int) -> None:
        """Repaint the cells whose part can change after a move: head, second cell, tail."""
        body = self.bodies[snake]
        if not body:
            return
        if self.eaten[snake]:
            self._set(body[0], snake_code(snake, TAIL))
            return
        self._set(body[0], snake_code(snake, HEAD))
        if len(body) > 2:
            self._set(body[1], snake_code(snake, BODY))
        self._set(body[-1], snake_code(snake, TAIL))
