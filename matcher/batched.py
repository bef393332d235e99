"""Batched decisions: many views (many snakes, many battles) decided in one pass of numpy
operations, views on the last axis so that every operation runs over whole rows of them.

The pass, for B views:

1. **Cells.** Only the window cells some slot reads (``U`` of the 13×13 around the head; 49 for
   cards whose head sits in the middle) are gathered from the stacked code grids, then turned
   into one element bit per view with :data:`~matcher.compiled.ELEMENT_BITS`: ``(U, B)`` uint8.
2. **Slots.** A slot is one pattern in one variant. Gathering rows of (1) gives every slot's
   element bit, ``(C, n, 8, B)``, and one AND with the slot's mask says whether the slot *hits*
   (nonzero). For a pattern of an AND group a hit is a match; for a pattern of an OR group the
   mask is the complement of its elements, so a hit is a *miss*. Either way a group is decided
   by "every slot of the group hits": the AND group passes, the OR group fails.
3. **Groups.** Patterns are numbered group by group, so each group is a run of slot rows and
   one ``minimum.reduce`` per (card, group) gives "all hit" as ``(8, B)`` nonzero/zero.
   (``minimum.reduceat`` would do all runs in one call, but runs 25× slower along this axis.)
4. **Validity.** A variant is valid when an AND group passes (a card without AND groups has a
   constant always-passing stand-in) and no OR group fails.
5. **Choice.** The first card with a valid possible move decides. Only the deciding card's
   scores are needed, so only its ``n × 8`` slots per view are gathered again. A hit of an OR
   slot is a miss, so a variant's score is the card's OR weights plus the signed weights of its
   hits (AND patterns counted +w, OR patterns -w).

Dtype policy as in :mod:`matcher.compiled`: codes and element bits ``uint8``; weights and scores
``int16`` (at most 48 × 6); results ``bool`` and ``int32``. Tie rule: moves in the order up,
right, down, left; all best moves are returned and the caller draws one.

Measured on the benchmark's 9-card program, 1000 views a call: about 0.45 µs a view, of which
0.14 reading cells and slots, 0.07 groups and validity, 0.22 the choice (half of that scoring).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import cached_property
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

_AND_GROUPS = slice(0, 4)  # and1..and4 in ALL_GROUPS order
_OR_GROUPS = slice(4, 8)  # or1..or4


@dataclass(frozen=True)
class Decisions:
    """The decisions for a batch of views: ``best`` (B, 4) bool, the moves to draw from in the
    order up, right, down, left; ``card`` (B,) int32, the 0-based deciding card or -1."""

    best: BoolArray
    card: IntArray


@dataclass(frozen=True, eq=False)
class BatchTables:
    """A program's tables for :func:`decide_many` (see the module docstring).

    ``C`` cards, ``n`` patterns per card (smaller cards padded with slots that belong to no group
    and weigh nothing), ``U`` window cells read."""

    cells: npt.NDArray[np.intp]  # (U,) the window cells read, row-major in the 13×13 window
    slot_cell: npt.NDArray[np.intp]  # (C, n, 8) index into ``cells`` of each slot
    slot_mask: npt.NDArray[np.uint8]  # (C, n, 1, 1) AND pattern: its elements; OR: the others
    signed_weight: npt.NDArray[np.int16]  # (C, n) the weight, negated for an OR pattern
    or_weight: npt.NDArray[np.int16]  # (C,) the weights of the card's OR patterns
    runs: tuple[tuple[int, int, int, int], ...]  # (card, group, first, stop): patterns of a group
    no_and: BoolArray  # (C,) the card has no AND group
    _workspaces: threading.local = field(default_factory=threading.local, repr=False)
    _offsets: dict[int, npt.NDArray[np.intp]] = field(default_factory=dict, repr=False)

    @cached_property
    def single_runs(self) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """(cards, groups, slots) of the groups with one pattern: "all hit" is that slot's hit,
        copied for all of them at once."""
        singles = [(c, g, first) for c, g, first, stop in self.runs if stop - first == 1]
        return tuple(np.array([run[i] for run in singles], dtype=np.intp) for i in range(3))  # type: ignore[return-value]

    @cached_property
    def longer_runs(self) -> tuple[tuple[int, int, int, int], ...]:
        return tuple(run for run in self.runs if run[3] - run[2] > 1)

    def cell_offsets(self, stride: int) -> npt.NDArray[np.intp]:
        """Each read cell's flat offset from the window's top left corner, in rows of ``stride``."""
        offsets = self._offsets.get(stride)
        if offsets is None:
            offsets = self._offsets[stride] = (self.cells // WINDOW * stride + self.cells % WINDOW)[:, None]
        return offsets

    @classmethod
    def build(cls, program: Program) -> BatchTables:
        cards = program.cards
        n = max([1, *(len(card.cells) for card in cards)])
        window = np.zeros((len(cards), n, N_VARIANTS), dtype=np.intp)
        slot_mask = np.zeros((len(cards), n, 1, 1), dtype=np.uint8)
        signed_weight = np.zeros((len(cards), n), dtype=np.int16)
        no_and = np.zeros(len(cards), dtype=bool)
        runs = []
        for c, card in enumerate(cards):
            cells = sorted(card.cells.items(), key=lambda item: (ALL_GROUPS.index(item[1].group), item[0]))
            groups = [ALL_GROUPS.index(pattern.group) for _, pattern in cells]
            for k, (cell, pattern) in enumerate(cells):
                window[c, k] = [window_cell(card, cell, variant) for variant in VARIANTS]
                elements = sum(1 << int(e) for e in program.allowed(pattern))
                if pattern.group.kind is GroupKind.OR:
                    slot_mask[c, k], signed_weight[c, k] = ~elements & 0x7F, -program.weight(pattern)
                else:
                    slot_mask[c, k], signed_weight[c, k] = elements, program.weight(pattern)
            for g in sorted(set(groups)):
                runs.append((c, g, groups.index(g), len(groups) - groups[::-1].index(g)))
            no_and[c] = not any(ALL_GROUPS[g].kind is GroupKind.AND for g in groups)
        cells_read, slot_cell = np.unique(window, return_inverse=True)
        return cls(
            cells_read.astype(np.intp), slot_cell.reshape(window.shape).astype(np.intp), slot_mask, signed_weight,
            np.maximum(-signed_weight, 0).sum(axis=1, dtype=np.int16), tuple(runs), no_and,
        )

    def workspace(self, views: int) -> _Workspace:
        """This thread's buffers, laid out for batches of ``views``."""
        ws: _Workspace | None = getattr(self._workspaces, "current", None)
        if ws is None or ws.capacity < views:
            ws = self._workspaces.current = _Workspace(self, bucket(views))
        ws.lay_out(views)
        return ws


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
    hits: npt.NDArray[np.uint8]  # (C, n, 8, B)
    all_hit: npt.NDArray[np.uint8]  # (C, 8 groups, 8 variants, B)
    and_passed: npt.NDArray[np.uint8]  # (C, 8, B)
    or_failed: npt.NDArray[np.uint8]
    valid: BoolArray  # (C, 8, B)
    index: npt.NDArray[np.intp]
    move_rows: npt.NDArray[np.intp]
    variant_rows: npt.NDArray[np.intp]
    slot_rows: npt.NDArray[np.intp]

    def __init__(self, tables: BatchTables, capacity: int) -> None:
        cards, n = tables.signed_weight.shape
        self.tables, self.capacity, self.views = tables, capacity, -1
        shapes = {
            "index": ((len(tables.cells),), np.intp),
            "codes": ((len(tables.cells),), np.uint8),
            "bits": ((len(tables.cells),), np.uint8),
            "hits": ((cards, n, N_VARIANTS), np.uint8),
            "all_hit": ((cards, N_GROUPS, N_VARIANTS), np.uint8),
            "and_passed": ((cards, N_VARIANTS), np.uint8),
            "or_failed": ((cards, N_VARIANTS), np.uint8),
            "valid": ((cards, N_VARIANTS), np.bool_),
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
        if views == self.views:
            return
        self.views = views
        layout = self._layouts.pop(views, None)
        if layout is None:
            slots = self._sizes["hits"][1]  # n * 8 slots a card
            layout = _Layout._make([*(self._flat[name][: size * views].reshape(*shape, views)
                                      for name, (shape, size) in self._sizes.items()),
                                    np.arange(views), (np.arange(N_DIRECTIONS) * views)[:, None],
                                    (np.arange(N_VARIANTS) * views)[:, None],
                                    (np.arange(slots // self._sizes["hits"][0][0]) * views)[:, None]])
            if len(self._layouts) >= KEPT_LAYOUTS:
                del self._layouts[next(iter(self._layouts))]
        self._layouts[views] = layout
        (self.cell_index, self.codes, self.bits, self.hits, self.all_hit, self.and_passed, self.or_failed, self.valid,
         self.index, self.move_rows, self.variant_rows, self.slot_rows) = layout
        # "All hit" per group. Groups a card does not use stay 0 (an empty AND group never
        # passes, an empty OR group never fails); a card without AND groups gets one that passes.
        self.all_hit[...] = 0
        self.all_hit[self.tables.no_and, 0] = 0xFF  # and1


KEPT_LAYOUTS = 64


class _Layout(NamedTuple):
    """A workspace's buffers shaped for one number of views, and the row starts of its flat
    (rows, views) layouts for ``take`` gathers."""

    cell_index: npt.NDArray[np.intp]
    codes: npt.NDArray[np.uint8]
    bits: npt.NDArray[np.uint8]
    hits: npt.NDArray[np.uint8]
    all_hit: npt.NDArray[np.uint8]
    and_passed: npt.NDArray[np.uint8]
    or_failed: npt.NDArray[np.uint8]
    valid: BoolArray
    views: npt.NDArray[np.intp]
    move_rows: npt.NDArray[np.intp]
    variant_rows: npt.NDArray[np.intp]
    slot_rows: npt.NDArray[np.intp]


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
    tables = compiled.batch_tables
    corner_arr = np.asarray(corners, dtype=np.intp).reshape(-1)
    allowed = np.asarray(possible, dtype=bool).reshape(-1, N_DIRECTIONS)
    if not len(corner_arr):
        return Decisions(np.zeros((0, N_DIRECTIONS), dtype=bool), np.zeros(0, dtype=np.int32))
    ws = tables.workspace(len(corner_arr))
    _read_cells(tables, ws, codes, corner_arr, np.asarray(snakes, dtype=np.intp).reshape(-1))
    _match_groups(tables, ws)
    best, card = _choose(tables, ws, allowed)
    return Decisions(np.ascontiguousarray(best.T), card)


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
    tables = compiled.batch_tables
    ws = tables.workspace(len(corners))
    _read_cells(tables, ws, codes, corners, snakes)
    _match_groups(tables, ws)
    best, _ = _choose(tables, ws, possible)
    masks: npt.NDArray[np.uint8] = np.packbits(best, axis=0, bitorder="little")[0]
    return masks


def _read_cells(
    tables: BatchTables, ws: _Workspace, codes: npt.NDArray[np.uint8], corner: npt.NDArray[np.intp],
    viewers: npt.NDArray[np.intp],
) -> None:
    """Steps 1–2: ``ws.hits`` (C, n, 8, B), nonzero where a slot hits."""
    # Each read cell from the window's top left corner in the flattened stack.
    np.add(tables.cell_offsets(codes.shape[-1]), corner, out=ws.cell_index)
    codes.reshape(-1).take(ws.cell_index, out=ws.codes)
    np.add(ws.codes, (viewers * CODE_COUNT).astype(np.uint8), out=ws.codes)  # row of ELEMENT_BITS
    ELEMENT_BITS.take(ws.codes, out=ws.bits, mode="clip")
    ws.bits.take(tables.slot_cell, axis=0, out=ws.hits, mode="clip")
    np.bitwise_and(ws.hits, tables.slot_mask, out=ws.hits)


def _match_groups(tables: BatchTables, ws: _Workspace) -> None:
    """Steps 3–4: ``ws.valid`` (C, 8, B)."""
    cards, groups, slots = tables.single_runs
    if len(cards):
        ws.all_hit[cards, groups] = ws.hits[cards, slots]
    for card, group, first, stop in tables.longer_runs:
        np.minimum.reduce(ws.hits[card, first:stop], axis=0, out=ws.all_hit[card, group])
    np.bitwise_or.reduce(ws.all_hit[:, _AND_GROUPS], axis=1, out=ws.and_passed)
    np.bitwise_or.reduce(ws.all_hit[:, _OR_GROUPS], axis=1, out=ws.or_failed)
    np.logical_and(ws.and_passed, ws.or_failed == 0, out=ws.valid)


def _choose(tables: BatchTables, ws: _Workspace, possible: BoolArray) -> tuple[BoolArray, IntArray]:
    """Step 5: the first card with a valid possible move decides; its top-scoring valid moves are
    best. With fewer than two possible moves, or no deciding card, all possible moves are best.
    The best moves (4, B) and the deciding card (B,), -1 for none.

    Views stay on the last axis here too: numpy reduces a short last axis (4 moves, 2 mirrors)
    one row at a time, ten times slower than combining whole rows of views. Only the views whose
    deciding card leaves two or more valid moves are scored, and only that card's slots are
    gathered for them (flat ``take``: a fancy index into a transposed view costs twice as much)."""
    views, index = ws.views, ws.index
    allowed = possible.T  # (4, B)
    move_valid = (ws.valid[:, 0::2] | ws.valid[:, 1::2]) & allowed  # (C, 4, B)
    card_valid = np.logical_or.reduce(move_valid, axis=1)  # (C, B)
    card = card_valid.argmax(axis=0)
    decided = np.logical_or.reduce(card_valid, axis=0) & (np.add.reduce(allowed, axis=0, dtype=np.uint8) >= 2)
    # The deciding card's valid moves: move_valid[card[b], d, b] for every view b.
    chosen = move_valid.reshape(-1).take(card * (N_DIRECTIONS * views) + index + ws.move_rows)
    best = np.where(decided, chosen, allowed)  # (4, B)
    scored = (decided & (np.add.reduce(chosen, axis=0, dtype=np.uint8) >= 2)).nonzero()[0]
    if scored.size:
        best[:, scored] = _top_moves(tables, ws, card[scored], scored, chosen[:, scored])
    return best, np.where(decided, card, -1).astype(np.int32)


def _top_moves(tables: BatchTables, ws: _Workspace, card: npt.NDArray[np.intp], views: npt.NDArray[np.intp],
               valid_moves: BoolArray) -> BoolArray:
    """(4, R) the top-scoring valid moves of each view's deciding ``card``; ``valid_moves`` (4, R)."""
    cards, n, _, batch = ws.hits.shape
    slots = n * N_VARIANTS
    # hits[card, k, v, view] for every slot (k, v) of the deciding card: (n, 8, R).
    where = card * (slots * batch) + views
    hit = ws.hits.reshape(-1).take(where + ws.slot_rows).reshape(n, N_VARIANTS, -1) != 0
    # A hit of an AND slot scores +w, of an OR slot (a miss) -w, on top of the card's OR weights.
    score = np.add.reduce(hit * tables.signed_weight.T[:, card][:, None, :], axis=0) + tables.or_weight[card]
    variant_valid = ws.valid.reshape(-1).take(card * (N_VARIANTS * batch) + views + ws.variant_rows)
    variant_score = np.where(variant_valid, score, -1).reshape(N_DIRECTIONS, 2, -1)  # (4 moves, 2 mirrors, R)
    move_score = np.where(valid_moves, np.maximum.reduce(variant_score, axis=1), -1)  # (4, R)
    # Every view here has two or more valid moves, so the top score is one of a valid move.
    top_moves: BoolArray = move_score == np.maximum.reduce(move_score, axis=0)
    return top_moves
