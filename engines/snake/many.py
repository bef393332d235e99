"""Many battles of one field size and snake count, stepped together as arrays.

The rules are :class:`~engines.snake.board.Board`'s and :class:`~engines.snake.battle.Battle`'s,
restated over a batch axis: every battle's code grid is one slice of a stacked ``uint8`` array
(the layout the batched matcher reads), every snake its head cell, tail cell and length, its body
linked cell to cell (see :class:`ManyBattles`). A step is the same three parts as :class:`Battle`'s: draw every
running battle's move order, then for each place ``t`` of the order one **sub-turn** in which the
``t``-th snake of every battle moves (all of them with one set of array operations), then the end
checks. Within a battle the snakes still move one after another and see each other's moves; only
different battles are combined, and battles never touch each other's cells.

Speed: with few battles (50) a sub-turn is bound by the number of numpy calls, about 1 µs each,
not by the arrays, so a sub-turn is written as a fixed sequence of calls with no branches for
the common cases (a bite somewhere, a snake with two moves) and none of the per-snake work a
ring buffer needs.

Randomness: each battle draws from its own :class:`~engines.snake.streams.RandomStreams` row,
seeded like ``random.Random(seed)``, in the order a battle played alone draws: its move order at
the start of each step, then a tie-break at each turn whose policy left more than one move, so
every battle ends exactly as :class:`Battle` with that seed and those choices would.

Dtype policy: codes ``uint8`` (as :mod:`engines.snake.board`), cells and indices ``intp``,
directions ``intp`` 0-3 in the order up, right, down, left (-1 for "no move").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from engines.snake.board import BODY, CODE_COUNT, CODE_EMPTY, HEAD, PAD, TAIL, Board, snake_code
from engines.snake.position import Position
from engines.snake.streams import RandomStreams
from engines.snake.types import GAME_INFO, EndReason

IntArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]

RUNNING = 0
END_CODES: tuple[EndReason, ...] = (EndReason.ONE_LEFT, EndReason.NO_MOVES, EndReason.STEP_LIMIT)
"""``end`` values 1, 2, 3 stand for these reasons; 0 is a battle still running."""
_ONE_LEFT, _NO_MOVES, _STEP_LIMIT = 1, 2, 3

# A cell a snake may enter: empty, or any tail (its own only when it is longer than two).
_ENTERABLE = np.zeros(256, dtype=np.uint8)
_ENTERABLE[CODE_EMPTY] = 1
_ENTERABLE[[snake_code(owner, TAIL) for owner in range((CODE_COUNT - 2) // 3)]] = 1

_COUNT = np.array([bin(mask).count("1") for mask in range(16)], dtype=np.intp)
# _NTH[mask * 4 + i]: the i-th direction (in order) of a mask; -1 past its last.
_NTH = np.array([([d for d in range(4) if mask >> d & 1] + [-1] * 4)[:4] for mask in range(16)], dtype=np.intp).reshape(-1)
# _TAKEN[snake * CODE_COUNT + code]: the row, from the mover's, whose tail a move onto a cell of
# ``code`` takes: 0 for an empty cell or the mover's own tail, ``victim - snake`` for a rival's.
_TAKEN = np.zeros(GAME_INFO.max_snakes * CODE_COUNT, dtype=np.intp)
for _snake in range(GAME_INFO.max_snakes):
    for _victim in range(GAME_INFO.max_snakes):
        _TAKEN[_snake * CODE_COUNT + snake_code(_victim, TAIL)] = _victim - _snake

Chooser = Callable[["Turn"], npt.NDArray[np.integer[Any]]]
"""Given the snakes of a sub-turn that have a possible move, the moves each one picks from at
random: (R,) 4-bit masks (bit d for direction d), each a non-empty subset
of the row's possible moves (so the only one for a snake that has one)."""


def _any_move(possible: BoolArray) -> npt.NDArray[np.uint32]:
    """(R,) nonzero where a row of (R, 4) possible moves (contiguous) has one: its four bytes
    read as one number."""
    return possible.view(np.uint32).reshape(-1)


class Turn(NamedTuple):
    """The snakes that move in one sub-turn, one row per battle whose snake at this place of the
    order has a possible move.

    ``rows`` (R,) the snakes' rows (``battle * snake_count + snake``); ``snakes`` (R,) snake
    index; ``heads`` (R,) the head's index in the flattened stack of code grids
    (:attr:`ManyBattles.codes`); ``possible`` (R, 4) bool."""

    rows: IntArray
    snakes: IntArray
    heads: IntArray
    possible: BoolArray


class ManyBattles:
    """Battles from ``positions`` (same field size and snake count), battle ``i`` seeded
    ``seeds[i]`` and limited to ``max_steps[i]`` steps.

    A snake is a **row** ``battle * snake_count + snake``, kept as its head cell, its tail cell
    and its length (cells are indices in the flattened stack of code grids). Its body is linked
    through :attr:`_next`, a cell index per cell of the stack: a body cell's is the next cell
    towards the head, a head's is itself (so is an eaten snake's leftover tail's). A move is then
    a handful of writes per snake whatever its length. An eaten snake's head cell is moved to a
    cell of its battle's border whose neighbours are all border, so it never has a possible move."""

    def __init__(self, positions: Sequence[Position], seeds: Sequence[int], max_steps: Sequence[int]) -> None:
        if not positions or len({(p.width, p.height, len(p.snakes)) for p in positions}) != 1:
            raise ValueError("ManyBattles needs at least one position, all of one field size and snake count")
        if not len(positions) == len(seeds) == len(max_steps):
            raise ValueError(f"{len(positions)} positions, {len(seeds)} seeds, {len(max_steps)} step limits")
        first = positions[0]
        self.count, self.snake_count = len(positions), len(first.snakes)
        self.width, self.height = first.width, first.height
        self.stride = first.width + 2 * PAD
        self.area = (first.height + 2 * PAD) * self.stride
        self._deltas = np.array([-self.stride, 1, self.stride, -1], dtype=np.intp)
        self.codes = np.empty((self.count, first.height + 2 * PAD, self.stride), dtype=np.uint8)
        self._flat = self.codes.reshape(-1)
        self._next = np.zeros(self._flat.size, dtype=np.intp)
        rows = self.count * self.snake_count
        self._head_cell = np.zeros(rows, dtype=np.intp)
        self._tail_cell = np.zeros(rows, dtype=np.intp)
        self.length = np.zeros(rows, dtype=np.intp)
        self.eaten = np.zeros(rows, dtype=bool)
        snake = np.tile(np.arange(self.snake_count, dtype=np.intp), self.count)
        self._snake_of, self._battle_of = snake, np.repeat(np.arange(self.count, dtype=np.intp), self.snake_count)
        self._code_row = snake * CODE_COUNT  # where a row's snake's entries of _TAKEN start
        self._head_code, self._body_code, self._tail_code = ((3 * snake + 2 + part).astype(np.uint8) for part in (HEAD, BODY, TAIL))
        self._lay_out(positions)
        self._alive = (~self.eaten).reshape(self.count, self.snake_count).sum(axis=1)
        self.streams = RandomStreams(seeds)
        self.max_steps = np.asarray(max_steps, dtype=np.intp)
        self.steps = np.zeros(self.count, dtype=np.intp)
        self.end = np.zeros(self.count, dtype=np.int8)
        self._order = np.zeros((self.snake_count, self.count), dtype=np.intp)  # rows, by place
        self._started = np.arange(self.count, dtype=np.intp)  # the battles that began this step
        self._moving = self._started  # ... less those that ended in it
        self._ended_in_step = False
        self._check_end(self._started)

    # --- set-up --------------------------------------------------------------------------------

    def _lay_out(self, positions: Sequence[Position]) -> None:
        """Paint every battle's grid (by :class:`Board`, each distinct position once) and link
        the bodies."""
        laid: dict[Position, int] = {}
        for battle, position in enumerate(positions):
            source = laid.setdefault(position, battle)
            self.codes[battle] = self.codes[source] if source != battle else Board(position).codes
            for snake, body in enumerate(position.snakes):
                row = battle * self.snake_count + snake
                cells = [self.cell_index(battle, x, y) for x, y in body.cells]
                for cell, towards_head in zip(cells, cells[:1] + cells):
                    self._next[cell] = towards_head
                # A snake eaten to nothing keeps a tail cell inside the grid, never read.
                self._tail_cell[row] = cells[-1] if cells else self._sink(battle)
                self._head_cell[row] = self._sink(battle) if body.eaten else cells[0]
                self.length[row], self.eaten[row] = len(cells), body.eaten

    def _sink(self, battle: int | IntArray) -> Any:
        """A border cell of ``battle`` with only border around it: an eaten snake's head cell."""
        return battle * self.area + PAD // 2 * self.stride + PAD // 2

    # --- reading -------------------------------------------------------------------------------

    @property
    def running(self) -> IntArray:
        """The battles not over."""
        running: IntArray = (self.end == RUNNING).nonzero()[0]
        return running

    @property
    def over(self) -> bool:
        return not bool((self.end == RUNNING).any())

    def lengths(self) -> npt.NDArray[np.intp]:
        """(B, S) every snake's length (an eaten snake's leftover tail counts 1)."""
        return self.length.reshape(self.count, self.snake_count)

    def end_reason(self, battle: int) -> EndReason | None:
        code = int(self.end[battle])
        return None if code == RUNNING else END_CODES[code - 1]

    def cell_index(self, battle: int, x: int, y: int) -> int:
        """Where field cell ``(x, y)`` of ``battle`` is in the flattened stack of code grids."""
        return battle * self.area + (y + PAD) * self.stride + x + PAD

    def _possible(self, rows: IntArray, heads: IntArray) -> BoolArray:
        """(R, 4) the possible moves of snake rows whose heads are at ``heads`` (none for an
        eaten snake: its head cell is its battle's sink)."""
        around = self._flat.take(heads[:, None] + self._deltas)
        possible: BoolArray = _ENTERABLE.take(around).view(np.bool_)
        short = (self.length.take(rows) == 2).nonzero()[0]  # cannot turn round onto its own tail
        if short.size:
            possible[short] &= around[short] != self._tail_code[rows[short], None]
        return possible

    # --- a step --------------------------------------------------------------------------------

    def step(self, choose: Chooser) -> None:
        """Play one step of every running battle: :meth:`begin_step`, the sub-turns, the ends."""
        self.begin_step()
        for place in range(self.snake_count):
            self.play_turn(place, choose)
        self.finish_step()

    def begin_step(self) -> None:
        """Draw the move order of every running battle."""
        self._moving = self._started = self.running
        self._ended_in_step = False
        order = self.streams.sample_orders(self._moving, self.snake_count)
        order += (self._moving * self.snake_count)[:, None]
        self._order[:, self._moving] = order.T

    def turn(self, place: int) -> Turn:
        """The ``place``-th snake of every battle that is still in its step, if it has a
        possible move (an eaten snake has none)."""
        if self._ended_in_step:
            self._moving = self._moving[self.end.take(self._moving) == RUNNING]
            self._ended_in_step = False
        rows = self._order[place].take(self._moving)
        heads = self._head_cell.take(rows)
        possible = self._possible(rows, heads)
        keep = _any_move(possible).nonzero()[0]
        if keep.size < rows.size:  # snakes without a possible move skip
            rows, heads, possible = rows.take(keep), heads.take(keep), possible[keep]
        return Turn(rows, self._snake_of.take(rows), heads, possible)

    def play_turn(self, place: int, choose: Chooser) -> None:
        """One sub-turn: snakes without a possible move skip, those with one take it, the others
        ask ``choose`` and draw among its moves with their battle's generator."""
        turn = self.turn(place)
        if not turn.rows.size:
            return
        best = choose(turn)  # (asked even when every snake has one move: that is rare)
        counts = _COUNT.take(best)
        ties = (counts > 1).nonzero()[0]
        index = np.multiply(best, 4, dtype=np.intp)
        if ties.size:  # drawn like ``rng.randrange``: the pick-th best in the order up, right, down, left
            index[ties] += self.streams.below(self._battle_of.take(turn.rows.take(ties)), counts.take(ties))
        self.move(turn.rows, turn.heads, _NTH.take(index))

    def move(self, rows: IntArray, heads: IntArray, moves: IntArray) -> None:
        """Move each snake of ``rows`` (heads at ``heads``) in its direction; the moves must be
        possible. At most one snake of a battle moves at a time.

        The snake whose tail goes is the mover itself onto an empty cell or its own tail, the
        victim onto a rival's tail (the biter grows, the victim shrinks). Its tail cell is freed
        (and taken again by the head, onto a tail) and the next cell becomes its tail. The writes
        are ordered so that the last one wins where cells coincide: a 2-long mover's old head
        becomes its tail, a victim bitten to nothing leaves its cell to the biter's head."""
        target = heads + self._deltas.take(moves)
        taker = rows + _TAKEN.take(self._code_row.take(rows) + self._flat.take(target))
        bite = taker != rows  # (nearly every sub-turn has one: no branch for none)
        self.length[taker] -= bite
        self.length[rows] += bite
        eaten = (self.length.take(taker) == 1).nonzero()[0]  # a victim left with its last cell
        if eaten.size:
            self._eaten(taker.take(eaten))
        tail = self._tail_cell.take(taker)
        new_tail = self._next.take(tail)
        self._flat[tail] = CODE_EMPTY
        self._flat[heads] = self._body_code.take(rows)
        self._flat[new_tail] = self._tail_code.take(taker)
        self._flat[target] = self._head_code.take(rows)
        self._next[heads] = target
        self._next[target] = target
        self._tail_cell[taker] = new_tail
        self._head_cell[rows] = target

    def _eaten(self, victims: IntArray) -> None:
        """Snakes bitten down to their last cell are eaten (their head cell moves to the sink);
        a battle with one snake left ends at once."""
        battles = self._battle_of.take(victims)
        self.eaten[victims] = True
        self._head_cell[victims] = self._sink(battles)
        self._alive[battles] -= 1  # one battle has one mover a sub-turn: no repeats
        self.end[battles[self._alive.take(battles) <= 1]] = _ONE_LEFT
        self._ended_in_step = True

    def finish_step(self) -> None:
        """Count the step and check the ends of the battles that played it."""
        self.steps[self._started] += 1
        self._check_end(self._started[self.end.take(self._started) == RUNNING])

    def _check_end(self, battles: IntArray) -> None:
        """:meth:`Battle._end_before_moving` for ``battles``: one left, no moves, step limit."""
        rows = (battles[:, None] * self.snake_count + np.arange(self.snake_count)).reshape(-1)
        can_move = _any_move(self._possible(rows, self._head_cell.take(rows))).reshape(len(battles), self.snake_count)
        end = np.where(self.steps.take(battles) >= self.max_steps.take(battles), _STEP_LIMIT, RUNNING)
        end[~np.logical_or.reduce(can_move, axis=1)] = _NO_MOVES
        end[self._alive.take(battles) <= 1] = _ONE_LEFT
        self.end[battles] = end
