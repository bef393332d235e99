"""Hand-built cases for the branches of the two fast paths (single: big-integer masks and the
card filter; batched: inverted OR masks, stand-in AND group, padding, forced views, several
boards), each checked against the literal reference."""

from __future__ import annotations

import numpy as np

from engines.snake import Board, Direction, Element, Position, position_from_text
from matcher import compile_program
from matcher.batched import decide_many
from matcher.compiled import possible_mask
from matcher.model import Card, Group, GroupKind, Head, Pattern, Program
from matcher.single import best_moves
from tests.positions import TAIL_ABOVE  # A (0) at (3,3) goes up, right or left; B's tail is above it
from tests.reference_matcher import reference_decide

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
AND1, AND2 = Group(GroupKind.AND, 1), Group(GroupKind.AND, 2)
OR1, OR3 = Group(GroupKind.OR, 1), Group(GroupKind.OR, 3)
CENTRE = Head(3, 3, UP)
AHEAD = (2, 3)  # the card cell right in front of a centred head


def program(*cards: Card) -> Program:
    return Program("hand-built", "", (), tuple(cards))


def decide(prog: Program, position: Position, snake: int = 0) -> tuple[list[Direction], int | None]:
    """The decision of the single and the batched path, asserted equal to the reference's."""
    compiled, board = compile_program(prog), Board(position)
    ref = reference_decide(prog, position, snake)
    assert best_moves(compiled, board, snake) == (ref.best, ref.card)
    choice = decide_many(compiled, board.codes[None], [0], [board.head(snake)], [snake],
                         possible_mask(board.possible_moves(snake))[None, :])
    assert [d for d in Direction if choice.best[0, d]] == ref.best
    assert (None if choice.card[0] < 0 else int(choice.card[0])) == ref.card
    return ref.best, ref.card


def test_second_and_group_passing_is_enough() -> None:
    # and1 never passes (no rival head ahead); and2 (empty ahead) passes right and left. The
    # single path's card filter must take a pattern of every AND group, not just the first.
    card = Card(CENTRE, {(1, 3): Pattern(Element.ENEMY_HEAD, group=AND1),
                         AHEAD: Pattern(Element.EMPTY, group=AND2)})
    assert decide(program(card), TAIL_ABOVE) == ([RIGHT, LEFT], 0)


def test_card_with_only_an_or_group() -> None:
    # No AND group: the batched path's always-passing stand-in; the OR mask is inverted.
    card = Card(CENTRE, {AHEAD: Pattern(Element.ENEMY_TAIL, group=OR3)})
    assert decide(program(card), TAIL_ABOVE) == ([UP], 0)


def test_negated_or_pattern() -> None:
    card = Card(CENTRE, {AHEAD: Pattern(Element.EMPTY, negate=True, group=OR1)})
    assert decide(program(card), TAIL_ABOVE) == ([UP], 0)


def test_empty_card_after_a_card_that_never_matches_decides_with_a_tie() -> None:
    never = Card(CENTRE, {AHEAD: Pattern(Element.ENEMY_HEAD)})
    small = Card(CENTRE, {})  # padded to the other card's pattern count, valid everywhere
    assert decide(program(never, small), TAIL_ABOVE) == ([UP, RIGHT, LEFT], 1)


def test_scores_pick_among_valid_moves() -> None:
    # and1: not own body ahead (weight 1); or1: enemy body two ahead or empty ahead-left (6 each).
    # Up: enemy tail ahead, B's body two ahead, (2,2) empty: 1 + 6 + 6 = 13. Right and left: only
    # the empty cell ahead-left (or ahead-right, mirrored) besides the first: 1 + 6 = 7.
    card = Card(CENTRE, {AHEAD: Pattern(Element.OWN_BODY, negate=True, group=AND1),
                         (1, 3): Pattern(Element.ENEMY_BODY, group=OR1),
                         (2, 2): Pattern(Element.EMPTY, group=OR1)})
    assert decide(program(card), TAIL_ABOVE) == ([UP], 0)


def test_head_in_a_card_corner_reads_six_cells_out() -> None:
    # The head in the card's top left corner facing right; and1: empty ahead. or1: the far
    # corner, 6 cells out on both axes, is past the 7x7 field's edge from A at (3,3) in every
    # variant. Right and left score 6 + 6; up has the enemy tail ahead.
    card = Card(Head(0, 0, RIGHT), {(6, 6): Pattern(Element.BORDER, group=OR1),
                                    (0, 1): Pattern(Element.EMPTY, group=AND1)})
    assert decide(program(card), TAIL_ABOVE) == ([RIGHT, LEFT], 0)


def test_a_batch_of_several_boards_with_forced_views() -> None:
    boxed = position_from_text(
        """
        7x7
        Aaa....
        .cC....
        .......
        ...Bb..
        .......
        .......
        .......
        """
    )
    prog = program(Card(CENTRE, {AHEAD: Pattern(Element.EMPTY, group=OR1)}),
                   Card(CENTRE, {(1, 3): Pattern(Element.EMPTY, group=AND1)}))
    compiled = compile_program(prog)
    positions = [TAIL_ABOVE, boxed]
    boards = [Board(p) for p in positions]
    views = [(b, s) for b, p in enumerate(positions) for s in range(len(p.snakes)) if not p.snakes[s].eaten]
    possible = np.array([possible_mask(boards[b].possible_moves(s)) for b, s in views])
    assert possible.sum(axis=1).min() < 2  # A of ``boxed`` has a forced move
    choice = decide_many(compiled, np.stack([b.codes for b in boards]), [b for b, _ in views],
                         [boards[b].head(s) for b, s in views], [s for _, s in views], possible)
    for row, (b, s) in enumerate(views):
        ref = reference_decide(prog, positions[b], s)
        assert [d for d in Direction if choice.best[row, d]] == ref.best, (b, s)
        assert (None if choice.card[row] < 0 else int(choice.card[row])) == ref.card, (b, s)
