"""Batched decisions: many views (many snakes, many battles) decided in one pass of numpy
operations, views on the last axis so that every operation runs over whole rows of them.

The pass, for B views:

1. **Cells.** Only the window cells some slot reads (``U`` of the 13×13 around the head; 49 for
   cards whose head sits in the middle) are gathered from the stacked code grids, then turned
   into one element bit per view with :data:`~matcher.compiled.ELEMENT_BITS`: ``(U, B)`` uint8.
2. **Slots.** A slot is one pattern in one variant. Gathering rows of (1) gives every slot's
   element bit, ``(C, n, 8, B)``, and one AND with the slot's mask says whether the slot *hits*
   (nonzero). For a pattern of an AND group a hit is a match; for a pattern of an OR group the
   mask is the complement of its elements, so a hit is a *miss*.
3. **Hit bytes.** The patterns of a card are taken eight at a time (a **chunk**; ``K`` chunks,
   ``n`` padded to ``8K`` with slots that never hit): the hits of a chunk's slots in one variant
   become the bits of one byte, ``(C, K, 8, B)``. Everything a card decides about a variant is a
   function of its ``K`` bytes, so it is read from tables of 256 entries a chunk, built once per
   program instead of worked out per view (one ``minimum.reduce`` per group of every card cost
   more in calls than in arithmetic when a sub-turn has few views).
4. **Validity and score.** With one chunk (cards of up to 8 patterns), one look-up gives each
   variant's **value**: 0 when the variant is not valid (no AND group all hit — a card without AND
   groups passes that — or an OR group all missed), else its card's **rank** plus its score plus
   one, where ranks are multiples of a stride above any score and fall from the first card to the
   last, so that values of different cards never meet and an earlier card's are higher. A score is the
   card's OR weights plus the signed weights of its hits (AND patterns counted +w, OR patterns
   -w), never negative. With more chunks, a look-up per chunk gives the groups that chunk leaves
   all hit (ANDed over the chunks) and its share of the score (summed); a look-up of the group
   bits gives validity.
5. **Choice.** A move's value is the better of its two mirrors', 0 when it is not possible. The
   first card with a nonzero move value decides, and its top-valued moves are best: thanks to the
   ranks, those are the moves whose value is the top of all cards' values.

Measured (``python -m tests.bench.snake_matcher``, the 9-card bench program, 1000 views a call):
0.37 µs a view, where one ``minimum.reduce`` per group and a second gather for the scores took
0.48; a sub-turn of 50 battles is about 25 numpy calls here.

Dtype policy as in :mod:`matcher.compiled`: codes, element bits and hit bytes ``uint8``; values
``int32`` (ranks included); results ``bool``, ``uint8`` masks and ``int32`` cards. Tie
rule: moves in the order up, right, down, left; all best moves are returned and the caller draws
one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from engines.snake import CODE_COUNT
from matcher.compiled import (
    ELEMENT_BITS,
    N_DIRECTIONS,
    N_GROUPS,
    N_VARIANTS,
    WINDOW,
    BoolArray,
    CompiledProgram,
    IntArray,
    window_cell,
)
from matcher.model import ALL_GROUPS, VARIANTS, GroupKind, Program

CHUNK = 8  # patterns per hit byte
_BYTES = 1 << CHUNK
_AND_BITS = sum(1 << g for g, group in enumerate(ALL_GROUPS) if group.kind is GroupKind.AND)
_OR_BITS = ((1 << N_GROUPS) - 1) & ~_AND_BITS
_MOVE_BITS = np.array([1 << d for d in range(N_DIRECTIONS)], dtype=np.uint8)
_VIEWER_ROW = (np.arange(256) * CODE_COUNT % 256).astype(np.uint8)  # a viewer's row of ELEMENT_BITS


@dataclass(frozen=True)
class Decisions:
    """The decisions for a batch of views: ``best`` (B, 4) bool, the moves to draw from in the
    order up, right, down, left; ``card`` (B,) int32, the 0-based deciding card or -1."""

    best: BoolArray
    card: IntArray


@dataclass(frozen=True, eq=False)
class BatchTables:
    """A program's tables for :func:`decide_many` (see the module docstring).

    ``C`` cards, ``K`` chunks of 8 patterns per card (smaller cards padded with slots that never
    hit), ``U`` window cells read."""

    cells: npt.NDArray[np.intp]  # (U,) the window cells read, row-major in the 13×13 window
    slot_cell: npt.NDArray[np.intp]  # (C, 8K, 8) index into ``cells`` of each slot
    slot_mask: npt.NDArray[np.uint8]  # (C, 8K, 1, 1) AND pattern: its elements; OR: the others
    slot_bit: npt.NDArray[np.uint8]  # (1, 8K, 1, 1) the slot's bit in its chunk's byte
    chunk_base: npt.NDArray[np.intp]  # (C, K, 1, 1) where each chunk's 256 entries start
    card_base: npt.NDArray[np.intp]  # (C, 1, 1) where each card's 256 entries start
    value: npt.NDArray[np.int32]  # (C·256,) with one chunk, the value of a byte (else empty)
    groups: npt.NDArray[np.uint8]  # (C·K·256,) the groups a chunk's byte leaves all hit
    valid: npt.NDArray[np.int32]  # (C·256,) 1 when a card's all-hit groups make it valid, else 0
    score: npt.NDArray[np.int32]  # (C·K·256,) a chunk's share of the score (chunk 0: + rank + 1)
    stride: int  # ranks are multiples of it
    _workspaces: threading.local = field(default_factory=threading.local, repr=False)
    _offsets: dict[int, npt.NDArray[np.intp]] = field(default_factory=dict, repr=False)

    @property
    def chunks(self) -> int:
        return int(self.chunk_base.shape[1])

    def cell_offsets(self, stride: int) -> npt.NDArray[np.intp]:
        """Each read cell's flat offset from the window's top left corner, in rows of ``stride``."""
        offsets = self._offsets.get(stride)
        if offsets is None:
            offsets = self._offsets[stride] = (self.cells // WINDOW * stride + self.cells % WINDOW)[:, None]
        return offsets

    @classmethod
    def build(cls, program: Program) -> BatchTables:
        cards = program.cards
        chunks = max([1, *((len(card.cells) + CHUNK - 1) // CHUNK for card in cards)])
        n = chunks * CHUNK
        window = np.zeros((len(cards), n, N_VARIANTS), dtype=np.intp)
        slot_mask = np.zeros((len(cards), n, 1, 1), dtype=np.uint8)
        signed_weight = np.zeros((len(cards), n), dtype=np.intp)
        group_of = np.full((len(cards), n), -1, dtype=np.intp)  # padding slots are in no group
        for c, card in enumerate(cards):
            for k, (cell, pattern) in enumerate(card.sorted_cells()):
                window[c, k] = [window_cell(card, cell, variant) for variant in VARIANTS]
                elements = sum(1 << int(e) for e in program.allowed(pattern))
                group_of[c, k] = ALL_GROUPS.index(pattern.group)
                if pattern.group.kind is GroupKind.OR:
                    slot_mask[c, k], signed_weight[c, k] = ~elements & 0x7F, -program.weight(pattern)
                else:
                    slot_mask[c, k], signed_weight[c, k] = elements, program.weight(pattern)
        groups, valid, score, stride = _tables(group_of, signed_weight)
        card_base = np.arange(len(cards), dtype=np.intp).reshape(-1, 1, 1) * _BYTES
        # With one chunk a byte's groups are the card's: validity and score in one table.
        value = valid.take(groups + card_base.reshape(-1, 1)) * score if chunks == 1 else np.zeros(0)
        cells_read, slot_cell = np.unique(window, return_inverse=True)
        return cls(
            cells_read.astype(np.intp), slot_cell.reshape(window.shape).astype(np.intp), slot_mask,
            (1 << np.arange(n) % CHUNK).astype(np.uint8).reshape(1, n, 1, 1),
            (np.arange(len(cards) * chunks, dtype=np.intp) * _BYTES).reshape(len(cards), chunks, 1, 1), card_base,
            value.reshape(-1).astype(np.int32), groups.reshape(-1), valid.reshape(-1), score.reshape(-1), stride,
        )

    def workspace(self, views: int) -> _Workspace:
        """This thread's buffers, laid out for batches of ``views``."""
        ws: _Workspace | None = getattr(self._workspaces, "current", None)
        if ws is None or ws.capacity < views:
            ws = self._workspaces.current = _Workspace(self, bucket(views))
        ws.lay_out(views)
        return ws


def _tables(group_of: npt.NDArray[np.intp], signed_weight: npt.NDArray[np.intp]) -> tuple[
        npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.int32], int]:
    """The look-up tables of :class:`BatchTables` (``groups`` and ``score`` (C, K·256), ``valid``
    (C, 256)), and the ranks' stride, from each slot's group (-1: none) and signed weight, (C, 8K)
    both."""
    cards, n = group_of.shape
    chunks = n // CHUNK
    byte = np.arange(_BYTES)
    hit = (byte[:, None] >> np.arange(CHUNK)) & 1  # (256, 8): the slots a byte says hit
    groups = np.empty((cards, chunks, _BYTES), dtype=np.uint8)
    score = np.empty((cards, chunks, _BYTES), dtype=np.int32)
    valid = np.empty((cards, _BYTES), dtype=np.int32)
    stride = 2 + int(np.abs(signed_weight).sum(axis=1).max(initial=0))  # > any score + 1
    for c in range(cards):
        used = 0
        for j in range(chunks):
            members = group_of[c, j * CHUNK : (j + 1) * CHUNK]
            all_hit = np.full(_BYTES, (1 << N_GROUPS) - 1)
            for k, g in enumerate(members):
                if g >= 0:
                    all_hit &= ~((1 - hit[:, k]) << g)  # a slot that misses breaks its group
                    used |= 1 << g
            groups[c, j] = all_hit
            score[c, j] = hit @ signed_weight[c, j * CHUNK : (j + 1) * CHUNK]
        # The OR weights, and one: a valid variant's value is never 0; and the card's rank.
        score[c, 0] += 1 + np.maximum(-signed_weight[c], 0).sum() + (cards - 1 - c) * stride
        # Groups the card does not use never pass (AND) and never fail (OR); a card without AND
        # groups passes as if one did.
        and_passed = (byte & used & _AND_BITS) != 0 if used & _AND_BITS else np.ones(_BYTES, dtype=bool)
        or_failed = (byte & used & _OR_BITS) != 0
        valid[c] = and_passed & ~or_failed
    return groups.reshape(cards, -1), valid, score.reshape(cards, -1), stride


def bucket(views: int) -> int:
    """The capacity a workspace for ``views`` gets: the next of 2**k and 1.5·2**k, so that a
    caller whose batch grows bit by bit reallocates a few times only."""
    if views <= 8:
        return 8
    power = 1 << (views - 1).bit_length()  # the next power of two >= views
    return power * 3 // 4 if power * 3 // 4 >= views else power


class _Workspace:
    """Buffers reused across calls: fresh multi-megabyte temporaries on every call cost more in
    page faults than the arithmetic (measured: 4 µs vs 1.5 µs per view). Each buffer is flat,
    for up to ``capacity`` views; a call of ``views`` views uses its first part, reshaped so that
    views are the last axis (contiguous, whatever the batch size)."""

    cell_index: npt.NDArray[np.intp]
    codes: npt.NDArray[np.uint8]
    bits: npt.NDArray[np.uint8]
    hits: npt.NDArray[np.uint8]  # (C, 8K, 8, B)
    bytes: npt.NDArray[np.uint8]  # (C, K, 8, B)
    lut_index: npt.NDArray[np.intp]  # (C, K, 8, B)
    value: npt.NDArray[np.int32]  # (C, 8, B)
    move_value: npt.NDArray[np.int32]  # (C, 4, B)

    def __init__(self, tables: BatchTables, capacity: int) -> None:
        cards, n = tables.slot_cell.shape[:2]
        self.tables, self.capacity, self.size = tables, capacity, -1
        shapes = {
            "cell_index": ((len(tables.cells),), np.intp),
            "codes": ((len(tables.cells),), np.uint8),
            "bits": ((len(tables.cells),), np.uint8),
            "hits": ((cards, n, N_VARIANTS), np.uint8),
            "bytes": ((cards, tables.chunks, N_VARIANTS), np.uint8),
            "lut_index": ((cards, tables.chunks, N_VARIANTS), np.intp),
            "value": ((cards, N_VARIANTS), np.int32),
            "move_value": ((cards, N_DIRECTIONS), np.int32),
        }
        self._sizes = {name: (shape, int(np.prod(shape))) for name, (shape, _) in shapes.items()}
        self._flat: dict[str, Any] = {name: np.empty(self._sizes[name][1] * capacity, dtype=dtype)
                                      for name, (_, dtype) in shapes.items()}
        self._layouts: dict[int, _Layout] = {}

    def lay_out(self, views: int) -> None:
        """Shape the buffers for ``views`` views (nothing to do when the last call had as many).
        The shapes of the last :data:`KEPT_LAYOUTS` sizes are kept: a many-battle engine asks
        for a different size nearly every call, and reshaping eight buffers costs as much as a
        small batch's matching."""
        if views == self.size:
            return
        self.size = views
        layout = self._layouts.pop(views, None)
        if layout is None:
            layout = _Layout._make(self._flat[name][: size * views].reshape(*shape, views)
                                   for name, (shape, size) in self._sizes.items())
            if len(self._layouts) >= KEPT_LAYOUTS:
                del self._layouts[next(iter(self._layouts))]
        self._layouts[views] = layout
        (self.cell_index, self.codes, self.bits, self.hits, self.bytes, self.lut_index, self.value,
         self.move_value) = layout


KEPT_LAYOUTS = 64


class _Layout(NamedTuple):
    """A workspace's buffers shaped for one number of views."""

    cell_index: npt.NDArray[np.intp]
    codes: npt.NDArray[np.uint8]
    bits: npt.NDArray[np.uint8]
    hits: npt.NDArray[np.uint8]
    bytes: npt.NDArray[np.uint8]
    lut_index: npt.NDArray[np.intp]
    value: npt.NDArray[np.int32]
    move_value: npt.NDArray[np.int32]


def decide_many(
    compiled: CompiledProgram,
    codes: npt.NDArray[np.uint8],
    board_index: npt.ArrayLike,
    heads: npt.ArrayLike,
    snakes: npt.ArrayLike,
    possible: npt.ArrayLike,
) -> Decisions:
    """Decide for many views in one call.

    ``codes``: (N, H+2·PAD, W+2·PAD) uint8, stacked padded code grids of same-size boards (e.g.
    :attr:`Board.codes` of N battles); ``board_index`` (B,) which grid each view reads; ``heads``
    (B, 2) head ``(x, y)``; ``snakes`` (B,) the viewer's snake index; ``possible`` (B, 4) bool.
    Views with fewer than two possible moves get them all as best and no card."""
    _, rows, stride = codes.shape
    heads_arr = np.asarray(heads, dtype=np.intp).reshape(-1, 2)
    # In padded coordinates the 13×13 window around a head at (x, y) starts at (x, y).
    corners = np.asarray(board_index, dtype=np.intp) * (rows * stride) + heads_arr[:, 1] * stride + heads_arr[:, 0]
    return decide_at(compiled, codes, corners, snakes, possible)


def decide_at(
    compiled: CompiledProgram,
    codes: npt.NDArray[np.uint8],
    corners: npt.ArrayLike,
    snakes: npt.ArrayLike,
    possible: npt.ArrayLike,
) -> Decisions:
    """:func:`decide_many` with each view given by ``corners`` (B,): the index, in
    ``codes.reshape(-1)``, of the top left cell of the 13×13 window around its head.

    ``snakes`` (B,) intp and ``possible`` (B, 4) bool, as for :func:`decide_many`."""
    corner_arr = np.asarray(corners, dtype=np.intp).reshape(-1)
    allowed = np.asarray(possible, dtype=bool).reshape(-1, N_DIRECTIONS)
    if not len(corner_arr):
        return Decisions(np.zeros((0, N_DIRECTIONS), dtype=bool), np.zeros(0, dtype=np.int32))
    ws = _values(compiled.batch_tables, codes, corner_arr, np.asarray(snakes, dtype=np.intp).reshape(-1))
    best, top = _choose(ws, allowed)
    # A view is decided when a card has a valid possible move (the top value tells which), and
    # it has two.
    decided = (top > 0) & (allowed.sum(axis=1) >= 2)
    card = len(ws.value) - 1 - (top - 1) // compiled.batch_tables.stride
    return Decisions(np.ascontiguousarray(best.T), np.where(decided, card, -1).astype(np.int32))


def best_masks_at(
    compiled: CompiledProgram,
    codes: npt.NDArray[np.uint8],
    corners: npt.NDArray[np.intp],
    snakes: npt.NDArray[np.intp],
    possible: BoolArray,
) -> npt.NDArray[np.uint8]:
    """:func:`decide_at`'s best moves as (B,) 4-bit masks, bit ``d`` for direction ``d``: what a
    many-battle engine draws from, without the (B, 4) table it would turn into masks again."""
    if not len(corners):
        return np.zeros(0, dtype=np.uint8)
    ws = _values(compiled.batch_tables, codes, corners, snakes)
    best, _ = _choose(ws, possible)
    masks: npt.NDArray[np.uint8] = np.dot(_MOVE_BITS, best)
    return masks


def _values(tables: BatchTables, codes: npt.NDArray[np.uint8], corner: npt.NDArray[np.intp],
            viewers: npt.NDArray[np.intp]) -> _Workspace:
    """Steps 1–4: ``ws.value`` (C, 8, B), each card variant's value (0: not valid)."""
    ws = tables.workspace(len(corner))
    # Each read cell from the window's top left corner in the flattened stack.
    np.add(tables.cell_offsets(codes.shape[-1]), corner, out=ws.cell_index)
    codes.reshape(-1).take(ws.cell_index, out=ws.codes)
    np.add(ws.codes, _VIEWER_ROW.take(viewers), out=ws.codes)  # row of ELEMENT_BITS
    ELEMENT_BITS.take(ws.codes, out=ws.bits, mode="clip")
    hits = ws.hits
    ws.bits.take(tables.slot_cell, axis=0, out=hits, mode="clip")
    np.bitwise_and(hits, tables.slot_mask, out=hits)
    np.not_equal(hits, 0, out=hits.view(np.bool_))  # 0/1 (numpy's uint8 minimum is 20x slower)
    np.multiply(hits, tables.slot_bit, out=hits)  # a hit becomes its bit in the chunk's byte
    cards, n, variants, views = hits.shape
    np.bitwise_or.reduce(hits.reshape(cards, n // CHUNK, CHUNK, variants, views), axis=2, out=ws.bytes)
    np.add(ws.bytes, tables.chunk_base, out=ws.lut_index)
    if n == CHUNK:
        tables.value.take(ws.lut_index.reshape(cards, variants, views), out=ws.value)
    else:
        groups = np.bitwise_and.reduce(tables.groups.take(ws.lut_index), axis=1)
        valid = tables.valid.take(groups + tables.card_base)
        np.multiply(np.add.reduce(tables.score.take(ws.lut_index), axis=1), valid, out=ws.value)
    return ws


def _choose(ws: _Workspace, possible: BoolArray) -> tuple[BoolArray, npt.NDArray[np.int32]]:
    """Step 5: the first card with a valid possible move decides; its top-valued moves are best.
    With no deciding card all possible moves are best. The best moves (4, B) and the top value
    (B,), 0 for no deciding card.

    Views stay on the last axis here too: numpy reduces a short last axis (4 moves, 2 mirrors)
    one row at a time, ten times slower than combining whole rows of views."""
    allowed = possible.T  # (4, B)
    move_value = ws.move_value
    np.maximum(ws.value[:, 0::2], ws.value[:, 1::2], out=move_value)  # variant 2d + mirrored
    np.multiply(move_value, allowed, out=move_value)
    cards, _, views = move_value.shape
    top: npt.NDArray[np.int32] = np.maximum.reduce(move_value.reshape(cards * N_DIRECTIONS, views), axis=0)
    # Undecided views have only zeros: all their possible moves are "top".
    best: BoolArray = np.logical_or.reduce(move_value == top, axis=0) & allowed
    return best, top
