"""Many battles of one field size and snake count, stepped together as arrays.

The rules are :class:`~engines.snake.board.Board`'s and :class:`~engines.snake.battle.Battle`'s,
restated over a batch axis: every battle's code grid is one slice of a stacked ``uint8`` array
(the layout the batched matcher reads), every snake's cells a ring buffer of flat grid indices
with a head pointer and a length. A step is the same three parts as :class:`Battle`'s: draw every
running battle's move order, then for each place ``t`` of the order one **sub-turn** in which the
``t``-th snake of every battle moves (all of them with one set of array operations), then the end
checks. Within a battle the snakes still move one after another and see each other's moves; only
different battles are combined, and battles never touch each other's cells.

Randomness: each battle draws from its own :class:`~engines.snake.streams.RandomStreams` row,
seeded like ``random.Random(seed)``, in the order a battle played alone draws: its move order at
the start of each step, then a tie-break at each turn whose policy left more than one move, so
every battle ends exactly as :class:`Battle` with that seed and those choices would.

Dtype policy: codes ``uint8`` (as :mod:`engines.snake.board`), cells and indices ``intp``,
directions ``intp`` 0-3 in the order up, right, down, left (-1 for "no move").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from engines.snake.board import BODY, CODE_COUNT, CODE_EMPTY, HEAD, PAD, TAIL, Board, snake_code
from engines.snake.position import Position
from engines.snake.streams import RandomStreams
from engines.snake.types import EndReason

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

# Four 0/1 bytes (up, right, down, left) read as one little-endian uint32 become a 4-bit mask
# (bit d for direction d) with one multiplication: byte d lands on bit 24 + d, nothing carries.
_BYTES_TO_MASK = np.uint32(0x01020408)
_COUNT = np.array([bin(mask).count("1") for mask in range(16)], dtype=np.intp)
# _NTH[mask * 4 + i]: the i-th direction (in order) of a mask; -1 past its last.
_NTH = np.array([([d for d in range(4) if mask >> d & 1] + [-1] * 4)[:4] for mask in range(16)], dtype=np.intp).reshape(-1)

Chooser = Callable[["Turn"], npt.NDArray[np.integer[Any]]]
"""Given the snakes of a sub-turn that have two or more possible moves, the moves each one picks
from at random: (R,) 4-bit masks (bit d for direction d, see :func:`move_masks`), each a
non-empty subset of the row's possible moves."""


def move_masks(moves: BoolArray) -> IntArray:
    """(R,) 4-bit masks of (R, 4) bool move sets (bit d for direction d)."""
    rows = np.ascontiguousarray(moves).view(np.uint32).reshape(-1)
    masks: IntArray = ((rows * _BYTES_TO_MASK) >> np.uint32(24)).astype(np.intp)
    return masks


@dataclass(frozen=True)
class Turn:
    """The snakes that move in one sub-turn, one row per battle that has one to move.

    ``battles`` (R,) battle index; ``snakes`` (R,) snake index; ``heads`` (R,) the head's index
    in the flattened stack of code grids (:attr:`ManyBattles.codes`); ``possible`` (R, 4) bool;
    ``rows`` (R,) the snakes' rows (``battle * snake_count + snake``)."""

    battles: IntArray
    snakes: IntArray
    heads: IntArray
    possible: BoolArray
    rows: IntArray

    def subset(self, keep: IntArray) -> Turn:
        return Turn(self.battles.take(keep), self.snakes.take(keep), self.heads.take(keep), self.possible[keep],
                    self.rows.take(keep))


class ManyBattles:
    """Battles from ``positions`` (same field size and snake count), battle ``i`` seeded
    ``seeds[i]`` and limited to ``max_steps[i]`` steps.

    A snake is a **row** ``battle * snake_count + snake``. Its body is a ring of ``capacity``
    cells in :attr:`_ring` (flat grid indices, battle offset included), the head at slot
    ``_head[row]`` and the tail ``length - 1`` slots after it; :attr:`_head_cell` mirrors the
    head's cell, the one read most."""

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
        self.capacity = 1 << (first.width * first.height).bit_length()  # > any snake's length
        self._mask = self.capacity - 1
        self._deltas = np.array([-self.stride, 1, self.stride, -1], dtype=np.intp)
        self.codes = np.empty((self.count, first.height + 2 * PAD, self.stride), dtype=np.uint8)
        self._flat = self.codes.reshape(-1)
        rows = self.count * self.snake_count
        self._ring = np.zeros(rows * self.capacity, dtype=np.intp)
        self._ring_start = np.arange(rows, dtype=np.intp) * self.capacity
        self._head = np.zeros(rows, dtype=np.intp)
        self._head_cell = np.zeros(rows, dtype=np.intp)
        self.length = np.zeros(rows, dtype=np.intp)
        self.eaten = np.zeros(rows, dtype=bool)
        snake = np.tile(np.arange(self.snake_count, dtype=np.intp), self.count)
        self._snake_of, self._battle_of = snake, np.repeat(np.arange(self.count, dtype=np.intp), self.snake_count)
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
        """Paint every battle's grid (by :class:`Board`, each distinct position once) and fill
        the rings."""
        laid: dict[Position, int] = {}
        for battle, position in enumerate(positions):
            source = laid.setdefault(position, battle)
            self.codes[battle] = self.codes[source] if source != battle else Board(position).codes
            for snake, body in enumerate(position.snakes):
                row = battle * self.snake_count + snake
                cells = [self.cell_index(battle, x, y) for x, y in body.cells]
                self._ring[row * self.capacity : row * self.capacity + len(cells)] = cells
                # A snake eaten to nothing keeps a head cell inside the grid, never read.
                self._head_cell[row] = cells[0] if cells else self.cell_index(battle, 0, 0)
                self.length[row], self.eaten[row] = len(cells), body.eaten

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
        """(R, 4) the possible moves of snake rows whose heads are at ``heads`` (eaten snakes
        excluded by the caller)."""
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
        self._order[:, self._moving] = (self._moving[:, None] * self.snake_count + order).T

    def turn(self, place: int) -> Turn:
        """The ``place``-th snake of every battle that is still in its step, if not eaten."""
        if self._ended_in_step:
            self._moving = self._moving[self.end[self._moving] == RUNNING]
            self._ended_in_step = False
        rows = self._order[place].take(self._moving)
        eaten = self.eaten.take(rows)
        if eaten.any():
            rows = rows[~eaten]
        heads = self._head_cell.take(rows)
        return Turn(self._battle_of.take(rows), self._snake_of.take(rows), heads, self._possible(rows, heads), rows)

    def play_turn(self, place: int, choose: Chooser) -> None:
        """One sub-turn: snakes without a possible move skip, those with one take it, the others
        ask ``choose`` and draw among its moves with their battle's generator."""
        turn = self.turn(place)
        masks = move_masks(turn.possible)
        moves = _NTH.take(masks * 4)  # the first possible move, -1 for none
        asked = (_COUNT.take(masks) >= 2).nonzero()[0]
        if asked.size == len(masks):
            moves = self._draw(turn, choose)
        elif asked.size:
            moves[asked] = self._draw(turn.subset(asked), choose)
        self.move(turn, moves)

    def _draw(self, turn: Turn, choose: Chooser) -> IntArray:
        """One of each row's chosen moves: the only one, or one drawn like ``rng.randrange``.
        (``choose`` is trusted to pick a non-empty subset of the possible moves: checking it
        would cost a tenth of a sub-turn.)"""
        masks = choose(turn)
        counts = _COUNT.take(masks)
        ties = (counts > 1).nonzero()[0]
        if not ties.size:
            first: IntArray = _NTH.take(masks * 4)
            return first
        pick = np.zeros(len(counts), dtype=np.intp)
        pick[ties] = self.streams.below(turn.battles.take(ties), counts.take(ties))
        moves: IntArray = _NTH.take(masks * 4 + pick)  # the pick-th best in the order up, right, down, left
        return moves

    def move(self, turn: Turn, moves: IntArray) -> None:
        """Move each snake of ``turn`` in its direction (-1: it skips). The moves must be possible."""
        go = moves >= 0
        if not go.all():
            turn, moves = turn.subset(go.nonzero()[0]), moves[go]
        rows = turn.rows
        start = self._ring_start.take(rows)
        target = turn.heads + self._deltas.take(moves)
        code = self._flat.take(target)
        tail_code = self._tail_code.take(rows)
        head = self._head.take(rows)
        tail = (head + self.length.take(rows) - 1) & self._mask  # the tail's slot before the move
        bite = (code != CODE_EMPTY) & (code != tail_code)
        if bite.any():
            bites = bite.nonzero()[0]
            self._bite(turn.battles.take(bites), rows.take(bites), code.take(bites).astype(np.intp))
            plain = (~bite).nonzero()[0]
            start_plain, tail, tail_code = start.take(plain), tail.take(plain), tail_code.take(plain)
        else:
            start_plain = start
        # Onto an empty cell or its own tail: the tail cell is freed (and maybe taken again), the
        # one before it becomes the tail. After a bite the tail stays where it is.
        self._flat[self._ring.take(start_plain + tail)] = CODE_EMPTY
        new_tail = self._ring.take(start_plain + ((tail - 1) & self._mask))
        head = (head - 1) & self._mask
        self._head[rows] = head
        self._ring[start + head] = target
        self._head_cell[rows] = target
        self._flat[target] = self._head_code.take(rows)
        self._flat[turn.heads] = self._body_code.take(rows)  # the old head; the tail if 2 long
        self._flat[new_tail] = tail_code

    def _bite(self, battles: IntArray, biters: IntArray, code: IntArray) -> None:
        """Biters take their victims' tails: the victim shrinks (and is eaten when only its head
        is left), the biter grows; a battle with one snake left ends at once."""
        rows = battles * self.snake_count + (code - 2) // 3
        self.length[rows] -= 1
        self.length[biters] += 1
        eaten = (self.length[rows] == 1) & ~self.eaten[rows]
        left = rows[self.length[rows] >= 1]
        self._flat[self._tail(left)] = self._tail_code[left]
        if eaten.any():
            self.eaten[rows[eaten]] = True
            ended = battles[eaten]
            self._alive[ended] -= 1  # one battle has one mover a sub-turn: no repeats
            self.end[ended[self._alive[ended] <= 1]] = _ONE_LEFT
            self._ended_in_step = True

    def _tail(self, rows: IntArray) -> IntArray:
        """The tail cell of each row's body."""
        slot = (self._head[rows] + self.length[rows] - 1) & self._mask
        cells: IntArray = self._ring[self._ring_start[rows] + slot]
        return cells

    def finish_step(self) -> None:
        """Count the step and check the ends of the battles that played it."""
        self.steps[self._started] += 1
        self._check_end(self._started[self.end.take(self._started) == RUNNING])

    def _check_end(self, battles: IntArray) -> None:
        """:meth:`Battle._end_before_moving` for ``battles``: one left, no moves, step limit."""
        rows = (battles[:, None] * self.snake_count + np.arange(self.snake_count)).reshape(-1)
        can_move = (move_masks(self._possible(rows, self._head_cell.take(rows))) != 0) & ~self.eaten.take(rows)
        by_battle = can_move.reshape(len(battles), self.snake_count)
        stuck = ~by_battle[:, 0]
        for snake in range(1, self.snake_count):
            stuck &= ~by_battle[:, snake]
        end = np.where(self.steps.take(battles) >= self.max_steps.take(battles), _STEP_LIMIT, RUNNING)
        end[stuck] = _NO_MOVES
        end[self._alive.take(battles) <= 1] = _ONE_LEFT
        self.end[battles] = end
