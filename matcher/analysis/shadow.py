"""Cards that never get to decide because of earlier cards: equal to an earlier card up to its
eight variants, or shadowed, proved (wherever the card is valid, an earlier card is valid for
the same move) or only observed (never decided in sampled positions).

The proof of shadowing is a sufficient condition, checked pattern by pattern: for every way the
card's variant can be valid (each AND group that can match; each OR group as a whole), some
variant of one earlier card asks for the same move and is valid then too, because each of its
patterns needed matches wherever the card's matching patterns do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engines.snake import Board, Position
from matcher.analysis.cards import CardFacts, Frame, Slot
from matcher.analysis.views import Mask, Offset, base
from matcher.compiled import board_window, choose, compile_program, evaluate_windows, possible_mask
from matcher.model import Program

BATCH = 2048


def equal_to(facts: CardFacts, earlier: Sequence[CardFacts]) -> CardFacts | None:
    """The first earlier card whose eight variants are this card's (group numbers aside)."""
    mine = facts.plain.canonical()
    for other in earlier:
        if mine in (other.plain.canonical(), other.mirror.canonical()):
            return other
    return None


def _implied(required: dict[Offset, Mask], slot: Slot) -> bool:
    """Wherever ``required`` holds, ``slot`` matches."""
    have = required.get(slot.offset, base(slot.offset))
    return not have & ~slot.mask


def _or_implied(required: dict[Offset, Mask], mine: Frame, group: tuple[Slot, ...]) -> bool:
    """Wherever ``required`` and all of ``mine``'s OR groups hold, one of ``group`` matches."""
    if any(_implied(required, slot) for slot in group):
        return True
    by_offset = {slot.offset: slot for slot in group}
    for own_group in mine.or_groups.values():
        if all(s.offset in by_offset and not (s.mask & base(s.offset)) & ~by_offset[s.offset].mask for s in own_group):
            return True
    return False


def implies(required: dict[Offset, Mask], mine: Frame, theirs: Frame) -> bool:
    """Proved: a view where ``required`` (one of ``mine``'s AND groups) and ``mine``'s OR groups
    hold makes ``theirs`` valid."""
    if not all(_or_implied(required, mine, group) for group in theirs.or_groups.values()):
        return False
    if not theirs.and_groups:
        return True
    return any(all(_implied(required, slot) for slot in group) for group in theirs.and_groups.values())


def shadowed_by(facts: CardFacts, earlier: Sequence[CardFacts]) -> list[int] | None:
    """The earlier cards (0-based) that together prove this card never decides, or None."""
    plain = facts.plain
    choices = [plain.and_groups[g] for g in facts.live_and] if plain.and_groups else [()]
    candidates = [c for c in earlier if not c.never_valid]
    used: list[int] = []
    for chosen in choices:
        required = {s.offset: s.mask for s in chosen}
        cover = next((c for c in candidates if implies(required, plain, c.plain) or implies(required, plain, c.mirror)), None)
        if cover is None:
            return None
        if cover.index not in used:
            used.append(cover.index)
    return sorted(used)


# --- sampling ---------------------------------------------------------------------------------


@dataclass
class SampleCounts:
    """How a program's cards did in sampled positions (those with two or more possible moves)."""

    positions: int = 0
    decided: Counter[int] = field(default_factory=Counter)
    valid: Counter[int] = field(default_factory=Counter)
    """Positions where the card had a valid possible move (whether or not it got to decide)."""
    preempted: dict[int, Counter[int]] = field(default_factory=dict)
    """Per card, which earlier cards decided the positions where it was valid but did not."""


def sample_counts(program: Program, situations: Sequence[tuple[Position | Board, int]]) -> SampleCounts:
    """Decide every ``(position, snake)`` with the compiled matcher (in batches) and count."""
    compiled = compile_program(program)
    counts = SampleCounts()
    windows, viewers, possible = [], [], []
    for position, snake in situations:
        board = position if isinstance(position, Board) else Board(position)
        if board.eaten[snake]:
            continue
        moves = board.possible_moves(snake)
        if len(moves) < 2:
            continue
        windows.append(board_window(board, snake))
        viewers.append(snake)
        possible.append(possible_mask(moves))
    for start in range(0, len(windows), BATCH):
        chunk = slice(start, start + BATCH)
        evaluation = evaluate_windows(compiled, np.array(windows[chunk], dtype=np.uint8),
                                      np.array(viewers[chunk], dtype=np.intp))
        choice = choose(evaluation, np.array(possible[chunk], dtype=bool))
        card_valid: npt.NDArray[np.bool_] = np.any(choice.move_valid, axis=2)  # (B, C)
        for row, card in enumerate(choice.card.tolist()):
            counts.positions += 1
            if card >= 0:
                counts.decided[card] += 1
            for valid in np.flatnonzero(card_valid[row]).tolist():
                counts.valid[valid] += 1
                if valid != card and card >= 0:
                    counts.preempted.setdefault(valid, Counter())[card] += 1
    return counts
