"""The compiled matcher: a program turned once into numpy tables, then decisions as a handful of
vector operations over (cards × patterns × variants × views).

Layout. Every card's patterns are numbered ``0..n-1`` (``n`` = the largest card's pattern count;
smaller cards are padded with patterns that never match and weigh nothing). A **slot** is one
pattern in one of the card's 8 variants (``2 * direction + mirrored``), so the slot tables have
shape ``(C, n, 8)``. A view is the 13×13 window of board codes around a snake's head (a 7×7 card
whose head sits in a corner reaches 6 cells out). Views are the *last* axis throughout, so that
gathering slots from the windows copies whole rows.

Per card, one small matrix product turns the matched slots into the match count of each of the
8 groups and the score of each variant: ``W[c] @ matched[c]`` with ``W[c]`` of shape ``(9, n)``:
rows 0–7 are group membership (and1–and4, or1–or4), row 8 the pattern weights.

Dtype policy: board codes ``uint8``; element sets as ``uint8`` bitmasks (bit ``e`` for element
``e``); matched slots ``float32`` 0/1 so the products run in BLAS (exact: all sums are < 2**24);
scores stay ``float32`` (whole numbers) until a choice reports them as ``int32``.

Tie rule: moves are always listed and compared in the order up, right, down, left; the matcher
returns the whole set of best moves and the caller draws one with the battle's generator.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

from engines.snake import CODE_COUNT, ELEMENT_LUT, PAD, Board, Direction
from matcher.model import ALL_GROUPS, VARIANTS, CardCell, GroupKind, Program, variant_offset

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
    _single: dict[int, _SingleTables] = field(default_factory=dict, repr=False)
    _workspaces: threading.local = field(default_factory=threading.local, repr=False)

    def workspace(self, views: int) -> _Workspace:
        """This thread's buffers for batches of ``views`` (the last size asked for is kept)."""
        ws: _Workspace | None = getattr(self._workspaces, "current", None)
        if ws is None or ws.views != views:
            ws = self._workspaces.current = _Workspace(self, views)
        return ws

    def single_tables(self, stride: int) -> _SingleTables:
        tables = self._single.get(stride)
        if tables is None:
            tables = self._single[stride] = _SingleTables.build(self, stride)
        return tables


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


class _Workspace:
    """Buffers for one batch size, reused across calls. Fresh multi-megabyte temporaries on
    every call cost more in page faults than the arithmetic (measured: 4 µs vs 1.5 µs per view
    for 1000 views), so the batched path writes into these instead."""

    def __init__(self, compiled: CompiledProgram, views: int) -> None:
        cards, n = compiled.n_cards, compiled.n_patterns
        self.views = views
        self.codes = np.empty((views, WINDOW * WINDOW), dtype=np.uint8)
        self.bits = np.empty((views, WINDOW * WINDOW), dtype=np.uint8)
        self.rows = np.empty((WINDOW * WINDOW, views), dtype=np.uint8)
        self.gathered = np.empty((cards, n, N_VARIANTS, views), dtype=np.uint8)
        self.matched = np.empty((cards, n, N_VARIANTS, views), dtype=np.float32)
        self.sums = np.empty((cards, N_GROUPS + 1, N_VARIANTS, views), dtype=np.float32)
        self.passed = np.empty((cards, N_GROUPS, N_VARIANTS, views), dtype=bool)


def evaluate_windows(
    compiled: CompiledProgram,
    windows: npt.NDArray[np.uint8],
    viewers: npt.NDArray[np.intp],
    workspace: _Workspace | None = None,
) -> Evaluation:
    """Match every slot of every card against a batch of views.

    ``windows``: (B, 169) uint8, the 13×13 board codes around each view's head, row-major;
    ``viewers``: (B,) the snake index of each view. With a ``workspace`` the result's ``matched``
    lives in it and is overwritten by the next call that uses it."""
    views = windows.shape[0]
    ws = workspace if workspace is not None else _Workspace(compiled, views)
    np.add(windows, (viewers * CODE_COUNT).astype(np.uint8)[:, None], out=ws.codes)
    ELEMENT_BITS.take(ws.codes, out=ws.bits, mode="clip")
    np.copyto(ws.rows, ws.bits.T)  # (169, B): a slot gather then copies whole rows
    np.take(ws.rows, compiled.window_index, axis=0, out=ws.gathered, mode="clip")  # (C, n, 8, B)
    np.bitwise_and(ws.gathered, compiled.element_mask, out=ws.gathered)
    np.not_equal(ws.gathered, 0, out=ws.matched, casting="unsafe")  # 0.0 / 1.0
    cards, n = compiled.n_cards, compiled.n_patterns
    np.matmul(
        compiled.matrix,
        ws.matched.reshape(cards, n, N_VARIANTS * views),
        out=ws.sums.reshape(cards, N_GROUPS + 1, N_VARIANTS * views),
    )
    passed = np.greater_equal(ws.sums[:, :N_GROUPS], compiled.group_target, out=ws.passed)
    any_and = passed[:, 0] | passed[:, 1] | passed[:, 2] | passed[:, 3] | compiled.no_and
    all_or = passed[:, 4] & passed[:, 5] & passed[:, 6] & passed[:, 7]
    shape = (cards, N_DIRECTIONS, 2, views)
    valid = (any_and & all_or).reshape(shape)
    score = ws.sums[:, N_GROUPS].reshape(shape)  # a view: whole numbers as float32
    return Evaluation(ws.matched, valid, score)


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


# --- single decisions -------------------------------------------------------------------------
# One decision at a time (a battle's snakes move one after another) is dominated by numpy's
# per-call overhead, not by arithmetic, so this path is arranged for the fewest calls: gather the
# slots' codes, look up matches, one product for group counts and scores, group results packed
# to a byte per variant, then the choice over cards in plain Python with an early exit.

# A variant's 8 group results packed into one byte, AND groups in bits 0-3, OR groups in 4-7;
# the variant is valid when every OR bit is set and an AND bit is (or the card has no AND group).
_VALID_BYTE = {
    free: [(b >> 4) == 0xF and (free or bool(b & 0xF)) for b in range(256)] for free in (False, True)
}


@dataclass(frozen=True)
class _SingleTables:
    slot_offset: npt.NDArray[np.intp]  # (C*8*n,) flat offset of each slot from the window corner
    lookup_base: npt.NDArray[np.intp]  # (C*8*n,) slot * CODE_COUNT
    lookup: FloatArray  # (viewers, C*8*n * CODE_COUNT) 1.0 where the code matches the slot
    matrix: FloatArray  # (C, n, 9) the compiled matrix, transposed for (C, 8, n) slots
    target: FloatArray  # (C, 1, 8) group targets
    valid_byte: tuple[list[bool], ...]  # per card: is a packed group byte a valid variant
    corner: int  # flat distance from the window corner to the head

    @classmethod
    def build(cls, compiled: CompiledProgram, stride: int) -> _SingleTables:
        # Slots ordered (card, variant, pattern) so one product gives (C, 8, 9) rows per variant.
        offset = compiled.offset.transpose(0, 2, 1, 3)  # (C, 8, n, 2)
        dx = offset[..., 0].astype(np.intp).reshape(-1)
        dy = offset[..., 1].astype(np.intp).reshape(-1)
        corner = PAD * stride + PAD
        masks = np.broadcast_to(compiled.element_mask[:, None, :, 0, 0], offset.shape[:3]).reshape(-1)
        slots = masks.shape[0]
        lookup = np.zeros((ELEMENT_LUT.shape[0], slots, CODE_COUNT), dtype=np.float32)
        for viewer in range(ELEMENT_LUT.shape[0]):
            for code in range(CODE_COUNT):
                lookup[viewer, :, code] = (masks >> ELEMENT_LUT[viewer, code]) & 1
        return cls(
            slot_offset=(dy * stride + dx + corner).astype(np.intp),
            lookup_base=np.arange(slots, dtype=np.intp) * CODE_COUNT,
            lookup=lookup.reshape(ELEMENT_LUT.shape[0], -1),
            matrix=np.ascontiguousarray(compiled.matrix.transpose(0, 2, 1)),
            target=np.ascontiguousarray(compiled.group_target[:, :, 0, 0][:, None, :]),
            valid_byte=tuple(_VALID_BYTE[bool(free)] for free in compiled.no_and[:, 0, 0]),
            corner=corner,
        )


def best_moves(
    compiled: CompiledProgram, board: Board, snake: int, moves: Sequence[Direction] | None = None
) -> tuple[list[Direction], int | None]:
    """The moves the snake picks from at random and the deciding card (None if none decided).
    ``moves`` are the snake's possible moves when the caller already has them."""
    moves = list(board.possible_moves(snake) if moves is None else moves)
    if len(moves) < 2:
        return moves, None
    tables = compiled.single_tables(board.stride)
    x, y = board.head(snake)
    start = (y + PAD) * board.stride + x + PAD - tables.corner
    codes = board.codes.reshape(-1)[start:].take(tables.slot_offset)
    matched = tables.lookup[snake].take(tables.lookup_base + codes)
    cards = compiled.n_cards
    sums = np.matmul(matched.reshape(cards, N_VARIANTS, compiled.n_patterns), tables.matrix)  # (C, 8, 9)
    passed = sums[:, :, :N_GROUPS] >= tables.target
    group_bytes = np.packbits(passed, axis=2, bitorder="little").reshape(cards, N_VARIANTS).tolist()
    for card in range(cards):
        valid, packed = tables.valid_byte[card], group_bytes[card]
        valid_moves = [m for m in moves if valid[packed[2 * m]] or valid[packed[2 * m + 1]]]
        if len(valid_moves) < 2:
            if valid_moves:
                return valid_moves, card
            continue
        scores = sums[card, :, N_GROUPS].tolist()
        move_scores = [
            max(scores[2 * m] if valid[packed[2 * m]] else -1.0, scores[2 * m + 1] if valid[packed[2 * m + 1]] else -1.0)
            for m in valid_moves
        ]
        top = max(move_scores)
        return [m for m, score in zip(valid_moves, move_scores) if score == top], card
    return moves, None


def gather_windows(
    codes: npt.NDArray[np.uint8], board_index: npt.ArrayLike, heads: npt.ArrayLike
) -> npt.NDArray[np.uint8]:
    """The 13×13 windows (B, 169) around ``heads`` (B, 2) of ``(x, y)`` in the stacked padded
    code grids ``codes`` (N, H+2·PAD, W+2·PAD), view ``i`` reading grid ``board_index[i]``."""
    heads_arr = np.asarray(heads, dtype=np.intp).reshape(-1, 2)
    windows = sliding_window_view(codes, (WINDOW, WINDOW), axis=(1, 2))
    picked: npt.NDArray[np.uint8] = windows[np.asarray(board_index, dtype=np.intp), heads_arr[:, 1], heads_arr[:, 0]]
    return picked.reshape(-1, WINDOW * WINDOW)


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
    :attr:`Board.codes` of N battles); ``board_index`` (B,) which grid each view reads; ``heads``
    (B, 2) head ``(x, y)``; ``snakes`` (B,) the viewer's snake index; ``possible`` (B, 4) bool."""
    windows = gather_windows(codes, board_index, heads)
    viewers = np.asarray(snakes, dtype=np.intp)
    evaluation = evaluate_windows(compiled, windows, viewers, compiled.workspace(len(viewers)))
    return choose(evaluation, np.asarray(possible, dtype=bool).reshape(-1, N_DIRECTIONS))
