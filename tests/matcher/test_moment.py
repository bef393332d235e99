"""A card from a moment: the window exactly as the snake sees it, the head facing the move, the
trims, the insertion with its test in one edit, and the preview of what the card decides."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.snake import Board, Direction, Element, position_from_text
from matcher.editing import EditError
from matcher.model import AND1, Card, Head, Pattern, Program
from matcher.moment import (
    KEEP_ALL,
    KEEP_NONEMPTY,
    Keep,
    MomentError,
    card_from_moment,
    insert_moment_card,
    moment_test,
    preview_card,
    seen_window,
    situations_of_tests,
    trim_card,
)
from matcher.testing import run_tests
from tests.reference_matcher import element_at, possible_moves, reference_decide
from tests.strategies import REPLAYABLE, random_position

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT

# A (snake 0) near the top-left corner: head (1,1), body (1,2), tail (2,2); B's tail at (2,1).
CORNER = position_from_text("""
    6x5
    ......
    .Abbb.
    .aa.b.
    ....B.
    ......
""")


def test_the_window_is_what_the_snake_sees_with_border_outside_the_field() -> None:
    window = seen_window(CORNER, 0)
    assert len(window) == 48 and (3, 3) not in window
    assert window[(3, 4)] is Element.ENEMY_TAIL  # right of the head: B's tail
    assert window[(4, 3)] is Element.OWN_BODY and window[(4, 4)] is Element.OWN_TAIL
    assert window[(2, 3)] is Element.EMPTY  # above the head, the field's top row
    assert window[(1, 3)] is Element.BORDER and window[(3, 1)] is Element.BORDER
    assert seen_window(CORNER, 1)[(2, 1)] is Element.ENEMY_TAIL  # B sees A's tail up and to the left


def test_a_card_from_a_moment_faces_the_move_and_holds_every_cell_in_and1() -> None:
    card = card_from_moment(CORNER, 0, RIGHT, description="bite")
    assert card.head == Head(3, 3, RIGHT) and card.description == "bite"
    assert len(card.cells) == 48
    assert card.cells[(3, 4)] == Pattern(Element.ENEMY_TAIL, group=AND1)
    assert {p.group for p in card.cells.values()} == {AND1}


def test_the_new_card_decides_its_own_moment_for_that_move() -> None:
    card = card_from_moment(CORNER, 0, RIGHT)
    decision = reference_decide(Program(cards=(card,)), CORNER, 0)
    assert decision.card == 0 and decision.best == [RIGHT]


@settings(REPLAYABLE, max_examples=150)
@given(st.randoms(use_true_random=False), st.sampled_from([KEEP_ALL, KEEP_NONEMPTY, Keep(1), Keep(2), Keep(3)]))
def test_every_card_from_a_moment_is_valid_for_its_move_there(rnd: random.Random, keep: Keep) -> None:
    """Checked with the reference matcher's own geometry and element reading."""
    position = random_position(rnd)
    for me, snake in enumerate(position.snakes):
        moves = possible_moves(position, me)
        if snake.eaten or not moves:
            continue
        move = rnd.choice(moves)
        card = card_from_moment(position, me, move, keep)
        hx, hy = snake.cells[0]
        for (row, col), pattern in card.cells.items():
            assert pattern.match is element_at(position, me, hx + col - 3, hy + row - 3)
        if len(moves) >= 2:
            decision = reference_decide(Program(cards=(card,)), position, me)
            assert decision.card == 0 and move in decision.moves and decision.moves[move][0]


def test_trims_keep_the_cells_near_the_head_or_those_not_empty() -> None:
    full = card_from_moment(CORNER, 0, RIGHT)
    assert set(card_from_moment(CORNER, 0, RIGHT, Keep(1)).cells) == {(2, 3), (3, 2), (3, 4), (4, 3)}
    assert len(card_from_moment(CORNER, 0, RIGHT, Keep(3)).cells) == 24
    nonempty = card_from_moment(CORNER, 0, RIGHT, KEEP_NONEMPTY)
    assert all(p.match is not Element.EMPTY for p in nonempty.cells.values())
    assert trim_card(full, Keep(2, nonempty=True)) == card_from_moment(CORNER, 0, RIGHT, Keep(2, nonempty=True))
    assert Keep.parse("2,nonempty") == Keep(2, True) and Keep.parse("all") == KEEP_ALL
    for bad in ("7", "0", "some", "2,3"):  # "2,3" kept distance 3, the 2 ignored
        with pytest.raises(MomentError):
            Keep.parse(bad)


def test_a_move_the_snake_cannot_make_or_a_snake_that_is_not_there_is_refused() -> None:
    with pytest.raises(MomentError, match=r"snake 0 cannot move down from \[1, 1\] \(possible: up, right, left\)"):
        card_from_moment(CORNER, 0, DOWN)
    with pytest.raises(MomentError, match="snake 2 is out of range"):
        card_from_moment(CORNER, 2, UP)
    eaten = position_from_text("5x3\n.....\n.Aa.b\n.....\nb: eaten\n")
    with pytest.raises(MomentError, match="snake 1 is eaten"):
        card_from_moment(eaten, 1, UP)


def test_insert_with_its_test_is_one_edit_and_the_test_passes() -> None:
    program = Program("p", "", (), (Card(Head(3, 3, UP), {(2, 3): Pattern(Element.EMPTY)}),))
    card = card_from_moment(CORNER, 0, RIGHT, Keep(1))
    updated = insert_moment_card(program, card, 0, moment_test(CORNER, 0, RIGHT, "bite B"))
    assert updated.cards == (card, *program.cards)
    assert [t.name for t in updated.tests] == ["bite B"]
    assert all(r.passed for r in run_tests(updated))
    full = Program(cards=(Card(),) * 9)
    with pytest.raises(EditError, match="at most 9 cards"):
        insert_moment_card(full, card, 0)
    with pytest.raises(EditError, match="cannot insert a card at 3"):
        insert_moment_card(program, card, 2)


def test_the_preview_marks_the_positions_the_new_card_would_decide() -> None:
    program = Program("p", "", (), (Card(Head(3, 3, UP), {(2, 3): Pattern(Element.EMPTY)}),),
                      (moment_test(CORNER, 0, UP, "up"), moment_test(CORNER, 1, DOWN, "b")))
    card = card_from_moment(CORNER, 0, RIGHT, Keep(1))
    at_top = preview_card(program, card, 0, situations_of_tests(program))
    assert [p.decided for p in at_top] == [True, False]
    assert at_top[0].before.card == 0 and at_top[0].after.best == {RIGHT} and at_top[0].changed
    assert not at_top[1].changed  # B's view differs: the old card still decides it
    below = preview_card(program, card, 1, situations_of_tests(program))
    assert [p.decided for p in below] == [False, False]  # card 1 decides A's position first
    board = Board(CORNER)
    assert preview_card(program, card, 0, [(board, 0)])[0].decided  # a live board works too
