"""The compiled matcher: a program turned once into tables, then decisions as a few vector or
big-integer operations. Three paths read the same program, each laid out for its use:

* :func:`matcher.single.best_moves`: one decision (a battle's snakes move one after another),
  big-integer masks, cards tried in order;
* :func:`matcher.batched.decide_many`: many decisions at once (many battles in lock-step),
  numpy over a batch axis;
* :func:`evaluate_windows` and :func:`choose` (here): every card variant's validity, score and
  matched patterns, for :mod:`matcher.explain`.

The tables of this module serve the last (the other two build theirs on first use, see
:meth:`CompiledProgram.single_tables` and :attr:`CompiledProgram.batch_tables`, and state their
own dtype policies). Every card's patterns are numbered ``0..n-1`` (``n`` = the
largest card's pattern count; smaller cards are padded with patterns that never match and weigh
nothing). A **slot** is one pattern in one of the card's 8 variants (``2 * direction +
mirrored``), so the slot tables have shape ``(C, n, 8)``. A view is the 13×13 window of board
codes around a snake's head (a 7×7 card whose head sits in a corner reaches 6 cells out). Per
card, one small matrix product turns the matched slots into the match count of each of the 8
groups and the score of each variant: ``W[c] @ matched[c]`` with ``W[c]`` of shape ``(9, n)``:
rows 0–7 are group membership (and1–and4, or1–or4), row 8 the pattern weights.

Dtype policy: board codes ``uint8``; element sets as ``uint8`` bitmasks (bit ``e`` for element
``e``); matched slots ``float32`` 0/1 so the products run in BLAS (exact: all sums are < 2**24);
scores stay ``float32`` (whole numbers) until a choice reports them as ``int32``.

Tie rule: moves are always listed and compared in the order up, right, down, left; the matcher
returns the whole set of best moves and the caller draws one with the battle's generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from engines.snake import CODE_COUNT, ELEMENT_LUT, PAD, Board, Direction
from matcher.model import ALL_GROUPS, VARIANTS, Card, CardCell, GroupKind, Program, Variant, variant_offset

if TYPE_CHECKING:
    from matcher.batched import BatchTables
    from matcher.single import SingleTables

N_VARIANTS = len(VARIANTS)
N_DIRECTIONS = len(Direction)
N_GROUPS = len(ALL_GROUPS)
WINDOW = 2 * PAD + 1
_AND = slice(0, 4)
_OR = slice(4, 8)
_NEVER = np.float32(1 << 20)  # target of an empty AND group: it never counts as passed

IntArray = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float32]

# ELEMENT_BITS[viewer * CODE_COUNT + code] = 1 << (the element ``viewer`` sees for ``code``)
ELEMENT_BITS = (np.uint8(1) << ELEMENT_LUT.astype(np.uint8)).astype(np.uint8).reshape(-1)


@dataclass(frozen=True, eq=False)
class CompiledProgram:
    """Numpy tables for all 8 variants of every card of a program (see the module docstring)."""

    program: Program
    n_cards: int
    n_patterns: int
    card_cells: tuple[tuple[CardCell, ...], ...]
    """Per card, the card cell of each pattern number (padding patterns are not listed)."""
    offset: npt.NDArray[np.int8]  # (C, n, 8, 2) (dx, dy) of each slot from the snake's head
    window_index: npt.NDArray[np.intp]  # (C, n, 8) index of each slot in the flat 13×13 window
    element_mask: npt.NDArray[np.uint8]  # (C, n, 1, 1) elements each pattern matches
    matrix: FloatArray  # (C, 9, n) group membership rows, then the weight row
    group_target: FloatArray  # (C, 8, 1, 1) count that passes each group
    no_and: BoolArray  # (C, 1, 1) the card has no non-empty AND group
    _single: dict[int, SingleTables] = field(default_factory=dict, repr=False)

    def single_tables(self, stride: int) -> SingleTables:
        """The masks of :mod:`matcher.single` for boards whose code grid rows are ``stride`` long."""
        tables = self._single.get(stride)
        if tables is None:
            from matcher.single import SingleTables  # here: matcher.single imports this module

            tables = self._single[stride] = SingleTables.build(self.program, stride)
        return tables

    @cached_property
    def batch_tables(self) -> BatchTables:
        """The tables of :mod:`matcher.batched` (built on first use)."""
        from matcher.batched import BatchTables  # here: matcher.batched imports this module

        return BatchTables.build(self.program)


def window_cell(card: Card, cell: CardCell, variant: Variant) -> int:
    """The index in the flat 13×13 window around the head that ``cell`` of ``variant`` reads."""
    dx, dy = variant_offset(card, cell, variant)
    return (dy + PAD) * WINDOW + dx + PAD


def compile_program(program: Program) -> CompiledProgram:
    """Turn a (valid) program into the tables of :class:`CompiledProgram`."""
    cards = program.cards
    n = max([1, *(len(card.cells) for card in cards)])
    offset = np.zeros((len(cards), n, N_VARIANTS, 2), dtype=np.int8)
    element_mask = np.zeros((len(cards), n, 1, 1), dtype=np.uint8)
    matrix = np.zeros((len(cards), N_GROUPS + 1, n), dtype=np.float32)
    group_target = np.zeros((len(cards), N_GROUPS, 1, 1), dtype=np.float32)
    no_and = np.zeros((len(cards), 1, 1), dtype=bool)
    card_cells = []
    for c, card in enumerate(cards):
        cells = card.sorted_cells()
        card_cells.append(tuple(cell for cell, _ in cells))
        for k, (cell, pattern) in enumerate(cells):
            for v, variant in enumerate(VARIANTS):
                offset[c, k, v] = variant_offset(card, cell, variant)
            element_mask[c, k] = sum(1 << int(e) for e in program.allowed(pattern))
            matrix[c, ALL_GROUPS.index(pattern.group), k] = 1
            matrix[c, N_GROUPS, k] = program.weight(pattern)
        sizes = matrix[c, :N_GROUPS].sum(axis=1)
        for g, group in enumerate(ALL_GROUPS):
            if group.kind is GroupKind.AND:
                group_target[c, g] = sizes[g] if sizes[g] else _NEVER
            else:
                group_target[c, g] = 1 if sizes[g] else 0  # an empty OR group always passes
        no_and[c] = not sizes[_AND].any()
    window_index = ((offset[..., 1].astype(np.intp) + PAD) * WINDOW + offset[..., 0] + PAD).astype(np.intp)
    return CompiledProgram(
        program, len(cards), n, tuple(card_cells), offset, window_index, element_mask, matrix, group_target, no_and
    )


@dataclass(frozen=True)
class Evaluation:
    """Every card variant's validity and score for a batch of views, views on the last axis.

    ``matched`` (C, n, 8, B) 1.0 where a slot matched, else 0.0; ``valid`` (C, 4, 2, B) bool and
    ``score`` (C, 4, 2, B) float32 (whole numbers), axes card, direction, mirrored, view."""

    matched: FloatArray
    valid: BoolArray
    score: FloatArray


def evaluate_windows(
    compiled: CompiledProgram, windows: npt.NDArray[np.uint8], viewers: npt.NDArray[np.intp]
) -> Evaluation:
    """Match every slot of every card against a batch of views.

    ``windows``: (B, 169) uint8, the 13×13 board codes around each view's head, row-major;
    ``viewers``: (B,) the snake index of each view."""
    views = windows.shape[0]
    bits = ELEMENT_BITS.take(windows + (viewers * CODE_COUNT).astype(np.uint8)[:, None], mode="clip")
    gathered = bits.T.take(compiled.window_index, axis=0)  # (C, n, 8, B)
    matched = ((gathered & compiled.element_mask) != 0).astype(np.float32)  # 0.0 / 1.0
    cards, n = compiled.n_cards, compiled.n_patterns
    sums = np.matmul(compiled.matrix, matched.reshape(cards, n, N_VARIANTS * views))
    sums = sums.reshape(cards, N_GROUPS + 1, N_VARIANTS, views)
    passed = sums[:, :N_GROUPS] >= compiled.group_target
    any_and = passed[:, 0] | passed[:, 1] | passed[:, 2] | passed[:, 3] | compiled.no_and
    all_or = passed[:, 4] & passed[:, 5] & passed[:, 6] & passed[:, 7]
    shape = (cards, N_DIRECTIONS, 2, views)
    valid = (any_and & all_or).reshape(shape)
    score = sums[:, N_GROUPS].reshape(shape)  # whole numbers as float32
    return Evaluation(matched, valid, score)


@dataclass(frozen=True)
class Choice:
    """The decision for a batch of views: ``best`` (B, 4) bool in the order up, right, down,
    left; ``card`` (B,) the 0-based deciding card or -1; ``move_valid``/``move_score`` (B, C, 4)
    each card's per-move validity and score (the best valid variant's score, 0 when invalid)."""

    best: BoolArray
    card: IntArray
    move_valid: BoolArray
    move_score: IntArray


def choose(evaluation: Evaluation, possible: BoolArray) -> Choice:
    """Apply the spec's choice over cards: the first card with a valid possible move decides and
    its top-scoring valid moves are best. With fewer than two possible moves, or no deciding
    card, all possible moves are best and ``card`` is -1. ``possible``: (B, 4) bool."""
    valid, score = evaluation.valid, evaluation.score
    allowed = possible.T  # (4, B)
    move_valid = (valid[:, :, 0] | valid[:, :, 1]) & allowed  # (C, 4, B)
    move_score = np.maximum(np.where(valid[:, :, 0], score[:, :, 0], -1), np.where(valid[:, :, 1], score[:, :, 1], -1))
    move_score = np.where(move_valid, move_score, -1)
    card_valid = move_valid[:, 0] | move_valid[:, 1] | move_valid[:, 2] | move_valid[:, 3]  # (C, B)
    card = card_valid.argmax(axis=0)
    views = np.arange(possible.shape[0])
    decided = card_valid[card, views] & (possible.sum(axis=1) >= 2)
    chosen = move_score[card, :, views]  # (B, 4)
    top = chosen.max(axis=1, keepdims=True)
    best = np.where(decided[:, None], (chosen == top) & (chosen >= 0), possible)
    return Choice(
        best,
        np.where(decided, card, -1).astype(np.int32),
        np.moveaxis(move_valid, 2, 0),
        np.moveaxis(np.maximum(move_score, 0), 2, 0).astype(np.int32),
    )


def possible_mask(moves: Sequence[Direction]) -> BoolArray:
    mask = np.zeros(N_DIRECTIONS, dtype=bool)
    for d in moves:
        mask[int(d)] = True
    return mask


def board_window(board: Board, snake: int) -> npt.NDArray[np.uint8]:
    """The 13×13 codes around ``snake``'s head, flattened (169,)."""
    x, y = board.head(snake)
    window: npt.NDArray[np.uint8] = board.codes[y : y + WINDOW, x : x + WINDOW].reshape(-1)
    return window


def evaluate_board(compiled: CompiledProgram, board: Board, snake: int) -> Evaluation:
    """Evaluate one view: ``snake`` on ``board``."""
    return evaluate_windows(compiled, board_window(board, snake)[None, :], np.array([snake], dtype=np.intp))


