"""The compiled matcher: a program turned once into numpy tables, then decisions as a handful of
vector operations over (views × slots).

A **slot** is one pattern of one card in one of its 8 variants. Slots are ordered by card, then
variant (``2 * direction + mirrored``), then group, then card cell, so every group and every
variant is a contiguous run of slots; run sums are differences of cumulative sums, which handles
empty runs (cards without patterns) for free.

Dtype policy: board codes and element bitmasks are ``uint8``; per-viewer code masks ``uint16``
(one bit per board code); counts and scores ``int32``.

Tie rule: moves are always listed and compared in the order up, right, down, left; the matcher
returns the whole set of best moves and the caller draws one with the battle's generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engines.snake import CODE_COUNT, ELEMENT_LUT, GAME_INFO, PAD, Board, Direction
from matcher.model import ALL_GROUPS, VARIANTS, CardCell, GroupKind, Program, iter_variant_cells

N_VARIANTS = len(VARIANTS)
N_DIRECTIONS = len(Direction)
_OR_FAIL = 1 << 8  # an OR group without a match counts this much in a variant's group sum

IntArray = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, eq=False)
class CompiledProgram:
    """Numpy tables for all 8 variants of every card of a program (see the module docstring)."""

    program: Program
    n_cards: int
    slot_dx: IntArray  # (S,) offset from the snake's head in field coordinates
    slot_dy: IntArray
    slot_card_cell: npt.NDArray[np.int8]  # (S, 2) (row, col) on the card, for explanations
    slot_weight: IntArray  # (S,)
    slot_codemask: npt.NDArray[np.uint16]  # (max_snakes, S) bit c set when board code c matches
    group_start: IntArray  # (G,) slot run of each non-empty group of each variant
    group_end: IntArray
    group_target: IntArray  # (G,) count that makes the group pass (its size for AND, 1 for OR)
    group_is_and: BoolArray  # (G,)
    variant_group_start: IntArray  # (C*8,) run of groups of each card variant
    variant_group_end: IntArray
    variant_slot_start: IntArray  # (C*8,) run of slots of each card variant
    variant_slot_end: IntArray
    variant_has_and: BoolArray  # (C*8,) whether the card has a non-empty AND group
    _flat_offsets: dict[int, IntArray] = field(default_factory=dict, repr=False)

    @property
    def slot_count(self) -> int:
        return int(self.slot_dx.shape[0])

    def flat_offsets(self, stride: int) -> IntArray:
        """Slot offsets into a flattened padded code grid of row length ``stride``."""
        offsets = self._flat_offsets.get(stride)
        if offsets is None:
            offsets = (self.slot_dy * stride + self.slot_dx).astype(np.intp)
            self._flat_offsets[stride] = offsets
        return offsets


def compile_program(program: Program) -> CompiledProgram:
    """Turn a (valid) program into the tables of :class:`CompiledProgram`."""
    dx: list[int] = []
    dy: list[int] = []
    card_cells: list[CardCell] = []
    weights: list[int] = []
    element_masks: list[int] = []
    g_start: list[int] = []
    g_end: list[int] = []
    g_target: list[int] = []
    g_and: list[bool] = []
    v_gstart: list[int] = []
    v_gend: list[int] = []
    v_sstart: list[int] = []
    v_send: list[int] = []
    v_has_and: list[bool] = []
    for card in program.cards:
        has_and = any(p.group.kind is GroupKind.AND for p in card.cells.values())
        for variant in VARIANTS:
            v_sstart.append(len(dx))
            v_gstart.append(len(g_start))
            cells = list(iter_variant_cells(card, variant))
            for group in ALL_GROUPS:
                members = [(cell, p, off) for cell, p, off in cells if p.group == group]
                if not members:
                    continue
                g_start.append(len(dx))
                for cell, pattern, (ox, oy) in members:
                    dx.append(ox)
                    dy.append(oy)
                    card_cells.append(cell)
                    weights.append(program.weight(pattern))
                    element_masks.append(sum(1 << int(e) for e in program.allowed(pattern)))
                g_end.append(len(dx))
                is_and = group.kind is GroupKind.AND
                g_and.append(is_and)
                g_target.append(len(members) if is_and else 1)
            v_send.append(len(dx))
            v_gend.append(len(g_start))
            v_has_and.append(has_and)
    masks = np.array(element_masks, dtype=np.uint16)
    # For each viewer, which board codes satisfy each slot: folds the element lookup into the mask.
    codemask = np.zeros((GAME_INFO.max_snakes, len(dx)), dtype=np.uint16)
    for viewer in range(GAME_INFO.max_snakes):
        for code in range(CODE_COUNT):
            element = int(ELEMENT_LUT[viewer, code])
            codemask[viewer] |= (((masks >> element) & 1) << code).astype(np.uint16)

    def i32(values: list[int]) -> IntArray:
        return np.array(values, dtype=np.int32)

    return CompiledProgram(
        program=program,
        n_cards=len(program.cards),
        slot_dx=i32(dx),
        slot_dy=i32(dy),
        slot_card_cell=np.array(card_cells, dtype=np.int8).reshape(-1, 2),
        slot_weight=i32(weights),
        slot_codemask=codemask,
        group_start=i32(g_start),
        group_end=i32(g_end),
        group_target=i32(g_target),
        group_is_and=np.array(g_and, dtype=bool),
        variant_group_start=i32(v_gstart),
        variant_group_end=i32(v_gend),
        variant_slot_start=i32(v_sstart),
        variant_slot_end=i32(v_send),
        variant_has_and=np.array(v_has_and, dtype=bool),
    )


@dataclass(frozen=True)
class Evaluation:
    """Per view: which slots matched, and each card variant's validity and score.

    Shapes: ``matched`` (B, S) bool; ``valid`` (B, C, 4, 2) bool; ``score`` (B, C, 4, 2) int32,
    axes card, direction, mirrored."""

    matched: BoolArray
    valid: BoolArray
    score: IntArray


def _run_sums(values: npt.NDArray[np.int32], start: IntArray, end: IntArray) -> IntArray:
    """Sums of ``values[:, start:end]`` for every run, via one cumulative sum. (B, runs)."""
    sums = np.zeros((values.shape[0], values.shape[1] + 1), dtype=np.int32)
    np.cumsum(values, axis=1, dtype=np.int32, out=sums[:, 1:])
    result: IntArray = sums[:, end] - sums[:, start]
    return result


def evaluate_codes(compiled: CompiledProgram, codes: npt.NDArray[np.uint8], viewers: npt.NDArray[np.intp]) -> Evaluation:
    """Match every slot against board codes already gathered per slot.

    ``codes``: (B, S) uint8, the board code under each slot for each view; ``viewers``: (B,)
    snake index of each view."""
    matched = ((compiled.slot_codemask[viewers] >> codes) & 1).astype(np.int32)
    counts = _run_sums(matched, compiled.group_start, compiled.group_end)
    passed = counts >= compiled.group_target
    group_value = np.where(compiled.group_is_and, passed, np.where(passed, 0, _OR_FAIL)).astype(np.int32)
    per_variant = _run_sums(group_value, compiled.variant_group_start, compiled.variant_group_end)
    valid = (per_variant < _OR_FAIL) & (((per_variant & (_OR_FAIL - 1)) > 0) | ~compiled.variant_has_and)
    score = _run_sums(matched * compiled.slot_weight, compiled.variant_slot_start, compiled.variant_slot_end)
    shape = (codes.shape[0], compiled.n_cards, N_DIRECTIONS, 2)
    return Evaluation(matched.astype(bool), valid.reshape(shape), score.reshape(shape))


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
    """Apply the spec's choice over cards: first card with a valid possible move decides; its
    top-scoring valid moves are best. Fewer than two possible moves, or no deciding card: all
    possible moves are best and ``card`` is -1."""
    valid = evaluation.valid.any(axis=3) & possible[:, None, :]  # (B, C, 4)
    score = np.where(evaluation.valid, evaluation.score, 0).max(axis=3)
    score = np.where(valid, score, 0).astype(np.int32)
    card_valid = np.asarray(valid.any(axis=2))  # (B, C)
    card = card_valid.argmax(axis=1)
    rows = np.arange(valid.shape[0])
    decided = card_valid[rows, card] & (possible.sum(axis=1) >= 2)
    chosen_valid = valid[rows, card]
    chosen_score = np.where(chosen_valid, score[rows, card], -1)
    top = chosen_score.max(axis=1, keepdims=True)
    best = np.where(decided[:, None], chosen_valid & (chosen_score == top), possible)
    return Choice(best, np.where(decided, card, -1).astype(np.int32), valid, score)


def gather_codes(
    compiled: CompiledProgram, flat_codes: npt.NDArray[np.uint8], head_index: npt.NDArray[np.intp], stride: int
) -> npt.NDArray[np.uint8]:
    """Board codes under every slot for heads at ``head_index`` in ``flat_codes`` (B, S)."""
    index = head_index[:, None] + compiled.flat_offsets(stride)[None, :]
    codes: npt.NDArray[np.uint8] = flat_codes[index]
    return codes


def possible_mask(moves: Sequence[Direction]) -> BoolArray:
    mask = np.zeros(N_DIRECTIONS, dtype=bool)
    for d in moves:
        mask[int(d)] = True
    return mask


def evaluate_board(compiled: CompiledProgram, board: Board, snake: int) -> Evaluation:
    """Evaluate one view: ``snake`` on ``board``."""
    x, y = board.head(snake)
    head = np.array([(y + PAD) * board.stride + x + PAD], dtype=np.intp)
    codes = gather_codes(compiled, board.codes.reshape(-1), head, board.stride)
    return evaluate_codes(compiled, codes, np.array([snake], dtype=np.intp))


def best_moves(
    compiled: CompiledProgram, board: Board, snake: int, moves: Sequence[Direction] | None = None
) -> tuple[list[Direction], int | None]:
    """The moves the snake picks from at random and the deciding card (None if none decided).
    ``moves`` are the snake's possible moves when the caller already has them."""
    moves = list(board.possible_moves(snake) if moves is None else moves)
    if len(moves) < 2:
        return moves, None
    choice = choose(evaluate_board(compiled, board, snake), possible_mask(moves)[None, :])
    card = int(choice.card[0])
    return [d for d in Direction if choice.best[0, d]], (card if card >= 0 else None)


def decide_many(
    compiled: CompiledProgram,
    codes: npt.NDArray[np.uint8],
    board_index: npt.ArrayLike,
    heads: npt.ArrayLike,
    snakes: npt.ArrayLike,
    possible: npt.ArrayLike,
) -> Choice:
    """Decide for many views in one call.

    ``codes``: (N, H+2·PAD, W+2·PAD) uint8, stacked padded code grids of same-size boards (e.g.
    :attr:`Board.codes` of N battles sharing one buffer); ``board_index`` (B,) which grid each view
    reads; ``heads`` (B, 2) head ``(x, y)``; ``snakes`` (B,) the viewer's snake index;
    ``possible`` (B, 4) bool possible moves."""
    n, height, stride = codes.shape
    heads_arr = np.asarray(heads, dtype=np.intp).reshape(-1, 2)
    index = (np.asarray(board_index, dtype=np.intp) * height + heads_arr[:, 1] + PAD) * stride + heads_arr[:, 0] + PAD
    gathered = gather_codes(compiled, codes.reshape(-1), index, stride)
    evaluation = evaluate_codes(compiled, gathered, np.asarray(snakes, dtype=np.intp))
    return choose(evaluation, np.asarray(possible, dtype=bool).reshape(-1, N_DIRECTIONS))
