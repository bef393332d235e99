"""``explain`` on hand-built programs and positions, every expected value worked out by hand.

Geometry reminders used in the comments: field cells are ``(x, y)`` with y downwards; a card's
head faces ``up`` unless said otherwise, so card row 2 / col 3 with the head at row 3 / col 3 is
"one ahead". A card turned to face ``right`` maps "ahead" to x+1; facing ``left`` maps it to
x-1. The mirror image of a variant flips left/right of the head for up/down moves and
above/below for left/right moves."""

from __future__ import annotations

from typing import Any

import pytest

from engines.snake import Board, Direction, Element, Position, position_from_text
from matcher import compile_program
from matcher.single import best_moves
from matcher.explain import explain
from matcher.model import Card, ElementSet, Group, GroupKind, Head, Pattern, Program, ProgramTest, SetRef
from matcher.testing import run_tests
from tests.positions import TAIL_ABOVE

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
AND1, AND2 = Group(GroupKind.AND, 1), Group(GroupKind.AND, 2)
OR1, OR2 = Group(GroupKind.OR, 1), Group(GroupKind.OR, 2)
CENTRE = Head(3, 3, UP)


def pos(text: str) -> Position:
    return position_from_text(text)


def program(*cards: Card, sets: tuple[ElementSet, ...] = ()) -> Program:
    return Program("hand-built", "", sets, tuple(cards))


def explained(prog: Program, position: Position, snake: int = 0) -> dict[str, Any]:
    """The JSON of explain, checked against the matcher's own decision and the spec's key rules."""
    compiled = compile_program(prog)
    result = explain(compiled, position, snake)
    data = result.to_json()
    assert {"possible", "card", "moves", "best"} <= set(data)
    order = [d.label for d in Direction]
    assert data["possible"] == sorted(data["possible"], key=order.index)
    assert data["best"] == sorted(data["best"], key=order.index)
    assert list(data["moves"]) == ([] if data["card"] is None else data["possible"])
    best, card = best_moves(compiled, Board(position), snake)
    assert data["best"] == [d.label for d in best] and data["card"] == card
    return data


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """Just the spec's keys, with moves reduced to ``valid`` and ``score``."""
    return {
        "possible": data["possible"],
        "card": data["card"],
        "moves": {m: {"valid": v["valid"], "score": v["score"]} for m, v in data["moves"].items()},
        "best": data["best"],
    }


# TAIL_ABOVE (tests/positions.py): snake A (0) can go up, right or left, not down; snake B's tail
# sits right above A's head.


def test_tail_ahead_weight_6_plus_not_enemy_head_weight_1() -> None:
    # and1: enemy_tail one ahead (weight 6); and2: NOT enemy_head two ahead (weight 1).
    card = Card(CENTRE, {(2, 3): Pattern(Element.ENEMY_TAIL, group=AND1),
                         (1, 3): Pattern(Element.ENEMY_HEAD, negate=True, group=AND2)})
    data = explained(program(card), TAIL_ABOVE)
    # up:    (3,2) enemy_tail ✓, (3,1) enemy_body is not a head ✓ -> both groups pass, 6 + 1 = 7
    # right: (4,3) empty ✗,      (5,3) empty ✓                    -> and2 passes, score 1
    # left:  (2,3) empty ✗,      (1,3) empty ✓                    -> and2 passes, score 1
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 7}, "right": {"valid": True, "score": 1},
                  "left": {"valid": True, "score": 1}},
        "best": ["up"],
    }
    up = data["moves"]["up"]
    assert up["variant"] == {"direction": "up", "mirrored": False}
    assert [(p["row"], p["col"], p["x"], p["y"], p["weight"], p["element"], p["matched"]) for p in up["patterns"]] == [
        (1, 3, 3, 1, 1, "enemy_body", True),
        (2, 3, 3, 2, 6, "enemy_tail", True),
    ]
    assert up["patterns"][0]["not"] is True and up["patterns"][0]["group"] == "and2"
    assert up["patterns"][1]["not"] is False and up["patterns"][1]["group"] == "and1"
    right = data["moves"]["right"]
    assert [(p["x"], p["y"], p["element"], p["matched"]) for p in right["patterns"]] == [
        (5, 3, "empty", True),
        (4, 3, "empty", False),
    ]
    assert data["snake"] == 0 and data["head"] == [3, 3]


def test_both_in_one_and_group_only_up_is_valid() -> None:
    # The same two patterns in and1: both must match, only "up" has both.
    card = Card(CENTRE, {(2, 3): Pattern(Element.ENEMY_TAIL, group=AND1),
                         (1, 3): Pattern(Element.ENEMY_HEAD, negate=True, group=AND1)})
    assert summary(explained(program(card), TAIL_ABOVE)) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 7}, "right": {"valid": False, "score": 0},
                  "left": {"valid": False, "score": 0}},
        "best": ["up"],
    }


def test_first_card_never_matches_so_card_2_decides_with_a_tie() -> None:
    never = Card(CENTRE, {(2, 3): Pattern(Element.ENEMY_HEAD)})  # no rival head next to A
    empty_ahead = Card(CENTRE, {(2, 3): Pattern(Element.EMPTY, group=OR1)})  # weight 6
    data = explained(program(never, empty_ahead), TAIL_ABOVE)
    # card 1: up sees the enemy tail, right (4,3) and left (2,3) are empty -> 6 each, a tie.
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 1,
        "moves": {"up": {"valid": False, "score": 0}, "right": {"valid": True, "score": 6},
                  "left": {"valid": True, "score": 6}},
        "best": ["right", "left"],
    }


def test_no_card_valid_gives_null_card_and_all_possible_moves() -> None:
    never = Card(CENTRE, {(2, 3): Pattern(Element.ENEMY_HEAD)})
    also_never = Card(Head(0, 0, LEFT), {(0, 1): Pattern(Element.OWN_TAIL, group=OR2)})  # own tail behind
    data = explained(program(never, also_never), TAIL_ABOVE)
    assert summary(data) == {"possible": ["up", "right", "left"], "card": None, "moves": {},
                             "best": ["up", "right", "left"]}
    assert data["moves"] == {}


def test_single_possible_move_gives_null_card_even_when_a_card_would_match() -> None:
    # A in the top-left corner: up and left are border, right is its own body: only down.
    corner = pos(
        """
        5x5
        Aaa..
        .....
        .....
        ...Bb
        .....
        """
    )
    anything = program(Card(CENTRE, {}))  # valid for every move
    data = explained(anything, corner)
    assert summary(data) == {"possible": ["down"], "card": None, "moves": {}, "best": ["down"]}
    assert data["head"] == [0, 0]


def test_no_possible_move_gives_empty_best() -> None:
    # A in the corner: right is its body, down is B's head (not a tail): no move at all.
    boxed = pos(
        """
        5x5
        Aaa..
        B....
        b....
        b....
        .....
        """
    )
    assert summary(explained(program(Card()), boxed)) == {"possible": [], "card": None, "moves": {}, "best": []}


def test_blank_card_is_valid_everywhere_with_score_0() -> None:
    data = explained(program(Card(Head(5, 1, DOWN), {}, "blank")), TAIL_ABOVE)
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {m: {"valid": True, "score": 0} for m in ("up", "right", "left")},
        "best": ["up", "right", "left"],
    }


def test_mirrored_variant_decides() -> None:
    # B's tail is at (2,3), left of A's head. The card wants an enemy tail right of the head
    # (row 3, col 4): only the mirror image of the "up" variant sees it.
    left_tail = pos(
        """
        7x7
        .......
        .......
        .......
        BbbA...
        ...a...
        ...a...
        .......
        """
    )
    card = Card(CENTRE, {(3, 4): Pattern(Element.ENEMY_TAIL)})
    data = explained(program(card), left_tail)
    # up:    plain (4,3) empty, mirrored (2,3) enemy_tail ✓ -> valid, 6
    # right: plain looks below (3,4) own body, mirrored above (3,2) empty -> invalid
    # left:  plain looks above (3,2) empty, mirrored below (3,4) own body -> invalid
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 6}, "right": {"valid": False, "score": 0},
                  "left": {"valid": False, "score": 0}},
        "best": ["up"],
    }
    up = data["moves"]["up"]
    assert up["variant"] == {"direction": "up", "mirrored": True}
    assert [(p["x"], p["y"], p["element"], p["matched"]) for p in up["patterns"]] == [(2, 3, "enemy_tail", True)]
    assert data["moves"]["right"]["variant"]["mirrored"] is False  # an invalid move shows the plain variant


def test_mirror_of_a_left_right_move_flips_above_and_below() -> None:
    # A: head (3,3), body (2,3), tail (1,3); it can go up, right or down. B's tail at (3,4),
    # below A's head. The card faces right and wants an enemy tail on its left-hand side
    # (row 2, col 3 with the head at row 3, col 3 facing right = above the head).
    below = pos(
        """
        7x7
        .......
        .......
        .......
        .aaA...
        ...b...
        ...b...
        ...B...
        """
    )
    card = Card(Head(3, 3, RIGHT), {(2, 3): Pattern(Element.ENEMY_TAIL)})
    data = explained(program(card), below)
    # right: plain looks above (3,2) empty, mirrored below (3,4) enemy_tail ✓
    # up:    turned to face up, "left-hand side" is x-1: (2,3) own body; mirrored (4,3) empty
    # down:  left-hand side of facing down is x+1: (4,3) empty; mirrored (2,3) own body
    assert summary(data) == {
        "possible": ["up", "right", "down"],
        "card": 0,
        "moves": {"up": {"valid": False, "score": 0}, "right": {"valid": True, "score": 6},
                  "down": {"valid": False, "score": 0}},
        "best": ["right"],
    }
    assert data["moves"]["right"]["variant"] == {"direction": "right", "mirrored": True}


def test_head_off_centre_in_the_card() -> None:
    # Head in the bottom-left corner of the card, facing right; the pattern two cells ahead of it.
    # B's tail is two cells above A's head, so only "up" matches.
    two_above = pos(
        """
        7x7
        .......
        .Bbb...
        .......
        ...A...
        ...a...
        ...a...
        .......
        """
    )
    card = Card(Head(6, 0, RIGHT), {(6, 2): Pattern(Element.ENEMY_TAIL)})
    data = explained(program(card), two_above)
    # up: (3,1) enemy_tail ✓ 6; right: (5,3) empty; left: (1,3) empty
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 6}, "right": {"valid": False, "score": 0},
                  "left": {"valid": False, "score": 0}},
        "best": ["up"],
    }
    up = data["moves"]["up"]["patterns"]
    assert [(p["row"], p["col"], p["x"], p["y"], p["element"]) for p in up] == [(6, 2, 3, 1, "enemy_tail")]


def test_pattern_beyond_the_field_sees_border() -> None:
    # A's head at (1,1) near the top-left corner; card head in the bottom-right corner of the card,
    # the pattern at the card's top-left: 6 ahead and 6 to the left -> far outside the field.
    near_corner = pos(
        """
        6x6
        ......
        .A....
        .a....
        .a...B
        .....b
        .....b
        """
    )
    card = Card(Head(6, 6, UP), {(0, 0): Pattern(Element.BORDER, group=OR1)})
    data = explained(program(card), near_corner)
    # up:    (1-6, 1-6) = (-5,-5) border ✓
    # right: 6 ahead (x+6) and 6 to the left (y-6): (7,-5) border ✓
    # left:  6 ahead (x-6) and 6 to the left (y+6): (-5,7) border ✓
    # so all three possible moves are valid with weight 6: a three-way tie.
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {m: {"valid": True, "score": 6} for m in ("up", "right", "left")},
        "best": ["up", "right", "left"],
    }
    assert data["moves"]["up"]["patterns"][0]["x"] == -5 and data["moves"]["up"]["patterns"][0]["y"] == -5


def test_or_group_with_no_match_makes_the_variant_invalid() -> None:
    # A: head (3,3), body (3,4), tail (3,5). B: head (5,3), body (4,3), tail (4,2).
    # A can go up or left (right is B's body).
    beside = pos(
        """
        7x7
        .......
        .......
        ....b..
        ...AbB.
        ...a...
        ...a...
        .......
        """
    )
    card = Card(CENTRE, {
        (2, 3): Pattern(Element.EMPTY, group=AND1),        # one ahead empty, weight 6
        (3, 2): Pattern(Element.ENEMY_HEAD, group=OR1),    # left of the head, weight 6
        (3, 4): Pattern(Element.ENEMY_BODY, group=OR1),    # right of the head, weight 6
    })
    data = explained(program(card), beside)
    # up:   ahead (3,2) empty ✓; or1: left (2,3) empty ✗, right (4,3) enemy_body ✓ -> valid 6 + 6
    #       (mirrored: left (4,3) is no head, right (2,3) no body -> invalid)
    # left: ahead (2,3) empty ✓; or1 looks at (3,4) own body and (3,2) empty -> no match -> invalid
    assert summary(data) == {
        "possible": ["up", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 12}, "left": {"valid": False, "score": 0}},
        "best": ["up"],
    }
    left = data["moves"]["left"]["patterns"]
    # the and1 pattern of "left" matched, yet the move scores 0 because the variant is invalid
    assert [(p["row"], p["col"], p["group"], p["matched"]) for p in left] == [
        (2, 3, "and1", True), (3, 2, "or1", False), (3, 4, "or1", False)
    ]


def test_user_sets_with_not_and_their_weights() -> None:
    rival = ElementSet("any rival part", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
    free = ElementSet("free or tail", frozenset({Element.EMPTY, Element.ENEMY_TAIL}))
    card = Card(CENTRE, {
        (2, 3): Pattern(SetRef(1), group=AND1),               # ahead empty or a tail: weight 5
        (1, 3): Pattern(SetRef(0), negate=True, group=AND1),  # two ahead no rival part: weight 3
    })
    data = explained(program(card, sets=(rival, free)), TAIL_ABOVE)
    # up:    (3,2) enemy_tail ✓ but (3,1) enemy_body is a rival part ✗ -> invalid
    # right: (4,3) empty ✓, (5,3) empty ✓ -> 5 + 3 = 8;  left: (2,3) ✓, (1,3) ✓ -> 8
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": False, "score": 0}, "right": {"valid": True, "score": 8},
                  "left": {"valid": True, "score": 8}},
        "best": ["right", "left"],
    }
    weights = {(p["row"], p["col"]): p["weight"] for p in data["moves"]["right"]["patterns"]}
    assert weights == {(2, 3): 5, (1, 3): 3}


def test_scores_count_every_matched_pattern_whatever_its_group() -> None:
    # and1 passes for up and right; the or2 pattern only adds weight (and is needed by OR).
    card = Card(CENTRE, {
        (2, 3): Pattern(Element.BORDER, negate=True, group=AND1),   # ahead not border: weight 1
        (3, 4): Pattern(Element.EMPTY, group=OR2),                  # right of head empty: 6
        (4, 3): Pattern(Element.OWN_BODY, group=AND2),              # behind own body: 6
        (0, 0): Pattern(Element.ENEMY_HEAD, group=AND2),            # never matches: and2 fails
    })
    data = explained(program(card), TAIL_ABOVE)
    # up:    ahead (3,2) tail ✓1; right-hand (4,3) empty ✓6; behind (3,4) own body ✓6; (0,0)->(0,0) empty
    #        -> and1 passes, or2 passes: 1 + 6 + 6 = 13
    # right: ahead (4,3) ✓1; right-hand is below (3,4) own body ✗ / mirrored above (3,2) tail ✗ -> or2 fails
    # left:  ahead (2,3) ✓1; right-hand is above (3,2) tail ✗ / mirrored below (3,4) own body ✗ -> invalid
    assert summary(data) == {
        "possible": ["up", "right", "left"],
        "card": 0,
        "moves": {"up": {"valid": True, "score": 13}, "right": {"valid": False, "score": 0},
                  "left": {"valid": False, "score": 0}},
        "best": ["up"],
    }


def test_only_and_groups_need_one_full_group_not_all() -> None:
    card = Card(CENTRE, {
        (2, 3): Pattern(Element.EMPTY, group=AND1),
        (1, 3): Pattern(Element.EMPTY, group=AND1),
        (4, 3): Pattern(Element.OWN_BODY, group=AND2),
        (5, 3): Pattern(Element.BORDER, group=AND2),
    })
    data = explained(program(card), TAIL_ABOVE)
    # up: and1 fails ((3,2) is a tail); and2: behind (3,4) own body ✓, (3,5) own tail ✗ -> invalid
    # right: and1 (4,3), (5,3) empty ✓✓ -> valid, 6 + 6; behind (2,3) is not own body
    # left: and1 (2,3), (1,3) empty ✓✓ -> valid 12
    assert summary(data)["moves"] == {"up": {"valid": False, "score": 0}, "right": {"valid": True, "score": 12},
                                      "left": {"valid": True, "score": 12}}


def test_own_tail_of_a_two_cell_snake_is_not_a_possible_move() -> None:
    # A: head (1,1), tail (1,2). It may not turn onto its own tail; B (length 4) may.
    short = pos(
        """
        5x5
        .....
        .A...
        .a...
        ..Bb.
        ..bb.
        b: 2,3 3,3 3,4 2,4
        """
    )
    empty = program(Card())
    assert explained(empty, short, 0)["possible"] == ["up", "right", "left"]
    # B: head (2,3), body (3,3) (3,4), tail (2,4) right below its head: up, down (own tail), left.
    assert explained(empty, short, 1)["possible"] == ["up", "down", "left"]


def test_explain_agrees_with_run_tests_and_the_snake_argument() -> None:
    card = Card(CENTRE, {(2, 3): Pattern(Element.ENEMY_TAIL, group=AND1),
                         (1, 3): Pattern(Element.ENEMY_HEAD, negate=True, group=AND2)})
    tests = (
        ProgramTest("bite", TAIL_ABOVE, 0, frozenset({UP})),
        ProgramTest("B's view", TAIL_ABOVE, 1, frozenset({DOWN})),
    )
    prog = Program("p", "", (), (card,), tests)
    results = run_tests(prog)
    assert [r.passed for r in results] == [True, False]
    b_view = explained(prog, TAIL_ABOVE, 1)
    # B's head (1,1): up (1,0), down (1,2), left (0,1) free; right is its body.
    # Card for B: ahead must be an enemy tail (none) -> and1 fails; and2 two ahead no enemy head:
    # up (1,-1) border ✓ 1, down (1,3) empty ✓ 1, left (-1,1) border ✓ 1 -> a three-way tie.
    assert summary(b_view) == {
        "possible": ["up", "down", "left"],
        "card": 0,
        "moves": {m: {"valid": True, "score": 1} for m in ("up", "down", "left")},
        "best": ["up", "down", "left"],
    }
    assert results[1].best == frozenset({UP, DOWN, LEFT}) and results[1].card == 0


def test_explain_rejects_a_snake_index_out_of_range() -> None:
    compiled = compile_program(program(Card()))
    with pytest.raises(IndexError, match="snake 2 is out of range"):
        explain(compiled, TAIL_ABOVE, 2)
