"""Single decisions: one view at a time, as a battle's snakes move one after another.

A single decision is too small for numpy: its per-call overhead (~1 µs a call) outweighs the
arithmetic. So the view becomes one Python integer and every test one big-integer AND:

* **The view.** The window cells any slot reads (``U`` of them) are gathered from the board's
  code grid in one ``take`` and mapped to element bits with ``bytes.translate``: byte ``u`` of
  the integer has bit ``e`` set when cell ``u`` shows element ``e``, and no other bit.
* **Groups.** Per card, variant and group, one mask: an OR group passes when the view meets the
  union of its patterns' elements (``view & mask``); an AND group passes when the view misses the
  union of the elements its patterns forbid. Patterns of one variant sit in different cells, so
  the unions never mix two patterns' bytes.
* **Scores.** ``view & elements`` has one bit per matched pattern, so a variant's score is a sum
  of popcounts over the patterns whose weight has bit 1, 2 and 4 set.

Cards are tried in order and the first with a valid possible move decides, so the cards after
it cost nothing, and a few masks per card (:attr:`CardMasks.required`) rule out most of the
cards before it with one AND each. Tie rule as in :mod:`matcher.compiled`.

Measured on the benchmark's 9-card program: about 8 µs a decision, of which the engine's
possible moves take 1.3 and building the view 1.1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from engines.snake import CODE_COUNT, ELEMENT_LUT, PAD, Board, Direction
from matcher.compiled import ELEMENT_BITS, N_DIRECTIONS
from matcher.model import VARIANTS, Card, CardCell, Group, GroupKind, Pattern, Program, Variant, variant_offset

if TYPE_CHECKING:
    from matcher.compiled import CompiledProgram

_WEIGHT_BITS = (1, 2, 4)  # a weight is 7 minus the pattern's element count: 0..7
_ALL_ELEMENTS = 0x7F

# Per viewer, the ``bytes.translate`` table from a cell code to the element bit the viewer sees.
_ELEMENT_BYTES = tuple(
    bytes(int(ELEMENT_BITS[viewer * CODE_COUNT + code]) if code < CODE_COUNT else 0 for code in range(256))
    for viewer in range(ELEMENT_LUT.shape[0])
)

Place = Callable[[Card, CardCell, Variant, int], int]
"""``place(card, cell, variant, bits)``: ``bits`` moved to the view byte that ``cell`` of
``variant`` reads."""


class VariantMasks(NamedTuple):
    """One card variant's masks over the view integer."""

    or_groups: tuple[int, ...]  # per OR group, its patterns' elements: each must meet the view
    and_groups: tuple[int, ...]  # per AND group, the elements it forbids: one must miss the view
    weights: tuple[tuple[int, int], ...]  # (elements of the patterns with this weight bit, bit)


@dataclass(frozen=True)
class CardMasks:
    required: tuple[int, ...]
    """Masks that the view meets whenever a variant of the card is valid: each OR group's union
    over the 8 variants and, if the card has AND groups, the union over the variants of one
    pattern of each (a passing AND group matches all of its patterns). The view missing one rules
    the whole card out with one AND."""
    moves: tuple[tuple[VariantMasks, VariantMasks], ...]
    """Per direction up, right, down, left: the plain and the mirrored variant."""


@dataclass(frozen=True)
class SingleTables:
    """A program's masks for boards of one row stride (see the module docstring)."""

    cell_offset: npt.NDArray[np.intp]  # (U,) each read cell's flat offset from the first one
    first_cell: int  # flat offset of the first read cell from the head
    cards: tuple[CardMasks, ...]

    @classmethod
    def build(cls, program: Program, stride: int) -> SingleTables:
        offsets = sorted({_flat(card, cell, variant, stride) for card in program.cards for cell in card.cells
                          for variant in VARIANTS})
        byte = {offset: u for u, offset in enumerate(offsets)}

        def place(card: Card, cell: CardCell, variant: Variant, bits: int) -> int:
            return bits << 8 * byte[_flat(card, cell, variant, stride)]

        cards = []
        for card in program.cards:
            variants = [_variant_masks(program, card, variant, place) for variant in VARIANTS]
            moves = tuple((variants[2 * d], variants[2 * d + 1]) for d in range(N_DIRECTIONS))
            cards.append(CardMasks(_required(program, card, variants, place), moves))
        first = offsets[0] if offsets else 0
        return cls(np.array(offsets, dtype=np.intp) - first, first, tuple(cards))

    def view(self, board: Board, snake: int) -> int:
        """What ``snake`` sees around its head, as the integer the masks test: byte ``u`` holds
        the element bit of the ``u``-th read cell."""
        x, y = board.head(snake)
        start = (y + PAD) * board.stride + x + PAD + self.first_cell
        codes = board.codes.reshape(-1)[start:].take(self.cell_offset).tobytes()
        return int.from_bytes(codes.translate(_ELEMENT_BYTES[snake]), "little")


def _flat(card: Card, cell: CardCell, variant: Variant, stride: int) -> int:
    """Flat offset, in a code grid of row ``stride``, from the head to ``cell`` of ``variant``."""
    dx, dy = variant_offset(card, cell, variant)
    return dy * stride + dx


def _elements(program: Program, pattern: Pattern) -> int:
    """The pattern's elements as a bitmask (bit ``e`` for element ``e``)."""
    return sum(1 << int(e) for e in program.allowed(pattern))


def _variant_masks(program: Program, card: Card, variant: Variant, place: Place) -> VariantMasks:
    or_groups: dict[Group, int] = {}
    and_groups: dict[Group, int] = {}
    weights = dict.fromkeys(_WEIGHT_BITS, 0)
    for cell, pattern in card.sorted_cells():
        elements = _elements(program, pattern)
        if pattern.group.kind is GroupKind.OR:
            or_groups[pattern.group] = or_groups.get(pattern.group, 0) | place(card, cell, variant, elements)
        else:
            forbidden = place(card, cell, variant, ~elements & _ALL_ELEMENTS)
            and_groups[pattern.group] = and_groups.get(pattern.group, 0) | forbidden
        for bit in _WEIGHT_BITS:
            if program.weight(pattern) & bit:
                weights[bit] |= place(card, cell, variant, elements)
    return VariantMasks(
        tuple(or_groups.values()), tuple(and_groups.values()), tuple((mask, bit) for bit, mask in weights.items() if mask)
    )


def _required(program: Program, card: Card, variants: list[VariantMasks], place: Place) -> tuple[int, ...]:
    """The masks of :attr:`CardMasks.required`."""
    required = [0] * len(variants[0].or_groups)
    for masks in variants:
        for g, mask in enumerate(masks.or_groups):
            required[g] |= mask
    and_groups: dict[Group, list[tuple[int, CardCell, Pattern]]] = {}
    for cell, pattern in card.sorted_cells():
        if pattern.group.kind is GroupKind.AND:
            and_groups.setdefault(pattern.group, []).append((len(program.allowed(pattern)), cell, pattern))
    if and_groups:
        union = 0
        for patterns in and_groups.values():
            _, cell, pattern = min(patterns)  # the pattern with the fewest elements filters best
            for variant in VARIANTS:
                union |= place(card, cell, variant, _elements(program, pattern))
        required.append(union)
    return tuple(required)


def best_moves(
    compiled: CompiledProgram, board: Board, snake: int, moves: Sequence[Direction] | None = None
) -> tuple[list[Direction], int | None]:
    """The moves the snake picks from at random and the deciding card (None if none decided).
    ``moves`` are the snake's possible moves when the caller already has them."""
    moves = list(board.possible_moves(snake) if moves is None else moves)
    if len(moves) < 2:
        return moves, None
    tables = compiled.single_tables(board.stride)
    view = tables.view(board, snake)
    for index, card in enumerate(tables.cards):
        if not _meets_all(view, card.required):
            continue
        scores = [_move_score(view, card.moves[m]) for m in moves]
        top = max(scores)
        if top >= 0:
            return [m for m, score in zip(moves, scores) if score == top], index
    return moves, None


def _meets_all(view: int, masks: tuple[int, ...]) -> bool:
    for mask in masks:
        if not view & mask:
            return False
    return True


def _move_score(view: int, variants: tuple[VariantMasks, VariantMasks]) -> int:
    """The best score of the move's valid variants, -1 when neither is valid."""
    best = -1
    for or_groups, and_groups, weights in variants:
        if not _meets_all(view, or_groups):  # an OR group without a matching pattern
            continue
        if and_groups and _meets_all(view, and_groups):  # no AND group has all its patterns
            continue
        score = 0
        for mask, bit in weights:
            score += (view & mask).bit_count() * bit
        best = max(best, score)
    return best
