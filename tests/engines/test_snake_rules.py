"""The battle rules of specs/snake.md, case by case, written in the text form of positions.

Every expected value here is worked out by hand from the spec; none is copied from a run.
Coordinates are ``(x, y)``: x to the right, y downwards. Snakes ``a``-``d`` are seats 0-3.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from textwrap import dedent

import pytest

from engines.snake import (
    Battle,
    Bite,
    Board,
    Direction,
    Eaten,
    Element,
    EndReason,
    Event,
    IllegalMoveError,
    Moved,
    Position,
    PositionError,
    SnakeBody,
    Skipped,
    position_from_text,
    position_to_text,
    ranks_of,
    start_position,
)

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT


def pos(text: str) -> Position:
    return position_from_text(dedent(text))


def text_of(board: Board) -> str:
    return position_to_text(board.position())


# --- single moves on the board -------------------------------------------------------------------


@dataclass(frozen=True)
class MoveCase:
    name: str
    before: str
    moves: tuple[tuple[int, Direction], ...]
    """Applied one after another with Board.move, as the snakes of one step would be."""
    after: str
    events: tuple[Event, ...]


MOVE_CASES = [
    MoveCase(
        "empty cell straight on: head advances, tail retracts, length kept",
        """\
        5x3
        .....
        .Aaa.
        ...bB
        """,
        ((0, LEFT),),
        """\
        5x3
        .....
        Aaa..
        ...bB
        """,
        (Moved(0, LEFT, (0, 1)),),
    ),
    MoveCase(
        "empty cell after a turn",
        """\
        5x3
        .....
        .Aaa.
        ...bB
        """,
        ((0, UP),),
        """\
        5x3
        .A...
        .aa..
        ...bB
        """,
        (Moved(0, UP, (1, 0)),),
    ),
    MoveCase(
        "two-long snake: the old head becomes the tail",
        """\
        4x2
        .Aa.
        ....
        """,
        ((0, DOWN),),
        """\
        4x2
        .a..
        .A..
        """,
        (Moved(0, DOWN, (1, 1)),),
    ),
    MoveCase(
        "own tail, 4-long coil: allowed, the tail moves on, no bite",
        """\
        4x4
        ....
        .Aa.
        .aa.
        ....
        a: 1,1 2,1 2,2 1,2
        """,
        ((0, DOWN),),
        """\
        4x4
        ....
        .aa.
        .Aa.
        ....
        a: 1,2 1,1 2,1 2,2
        """,
        (Moved(0, DOWN, (1, 2)),),
    ),
    MoveCase(
        "own tail, 6-long loop: allowed, the tail moves on",
        """\
        5x4
        .....
        .Aaa.
        .aaa.
        .....
        a: 1,1 2,1 3,1 3,2 2,2 1,2
        """,
        ((0, DOWN),),
        """\
        5x4
        .....
        .aaa.
        .Aaa.
        .....
        a: 1,2 1,1 2,1 3,1 3,2 2,2
        """,
        (Moved(0, DOWN, (1, 2)),),
    ),
    MoveCase(
        "bite a rival's tail: rival loses it, biter grows by one",
        """\
        6x3
        ......
        Aaa...
        bbB...
        """,
        ((0, DOWN),),
        """\
        6x3
        ......
        aaa...
        AbB...
        """,
        (Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2))),
    ),
    MoveCase(
        "bite a 2-long snake: it is eaten, its head becomes a leftover tail",
        """\
        5x3
        .....
        Aaa..
        bB...
        """,
        ((0, DOWN),),
        """\
        5x3
        .....
        aaa..
        Ab...
        b: eaten
        """,
        (Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2)), Eaten(1, 0)),
    ),
    MoveCase(
        "bite an eaten snake's leftover tail: biter grows, the eaten snake has no cell left",
        """\
        5x3
        .....
        Aaa..
        b....
        b: eaten
        """,
        ((0, DOWN),),
        """\
        5x3
        .....
        aaa..
        A....
        b: eaten
        """,
        (Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2))),
    ),
    MoveCase(
        "a snake eaten earlier in the step leaves a tail a later mover can bite",
        """\
        5x4
        .....
        Aaa..
        bB...
        .Cc..
        """,
        ((0, DOWN), (2, UP)),
        """\
        5x4
        .....
        aaa..
        AC...
        .cc..
        b: eaten
        """,
        (
            Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2)), Eaten(1, 0),
            Moved(2, UP, (1, 2)), Bite(2, 1, (1, 2)),
        ),
    ),
    MoveCase(
        "a tail vacated earlier in the step is an empty cell for a later mover: no bite",
        """\
        5x3
        .Aaa.
        ...B.
        ...b.
        """,
        ((0, LEFT), (1, UP)),
        """\
        5x3
        AaaB.
        ...b.
        .....
        """,
        (Moved(0, LEFT, (0, 0)), Moved(1, UP, (3, 0))),
    ),
    MoveCase(
        "the same moves in the other order: the tail is bitten first",
        """\
        5x3
        .Aaa.
        ...B.
        ...b.
        """,
        ((1, UP), (0, LEFT)),
        """\
        5x3
        Aa.B.
        ...b.
        ...b.
        """,
        (Moved(1, UP, (3, 0)), Bite(1, 0, (3, 0)), Moved(0, LEFT, (0, 0))),
    ),
    MoveCase(
        "the bitten snake's new tail can be bitten next",
        """\
        5x3
        .....
        Aaaa.
        bbB..
        """,
        ((0, DOWN), (0, RIGHT)),
        """\
        5x3
        .....
        aaaa.
        aAb..
        a: 1,2 0,2 0,1 1,1 2,1 3,1
        b: eaten
        """,
        (Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2)), Moved(0, RIGHT, (1, 2)), Bite(0, 1, (1, 2)), Eaten(1, 0)),
    ),
]


@pytest.mark.parametrize("case", MOVE_CASES, ids=[c.name for c in MOVE_CASES])
def test_move_rules(case: MoveCase) -> None:
    board = Board(pos(case.before))
    events: list[Event] = []
    for snake, direction in case.moves:
        events.extend(board.move(snake, direction))
    assert text_of(board) == dedent(case.after)
    assert tuple(events) == case.events


def test_eaten_snake_lengths_and_view() -> None:
    board = Board(pos("""\
        5x3
        .....
        Aaa..
        bB...
        """))
    board.move(0, DOWN)
    assert [board.length(0), board.length(1)] == [4, 1]
    assert board.eaten == [False, True]
    assert board.possible_moves(1) == []
    # the leftover is a rival tail to the others
    assert board.element_at(0, (1, 2)) is Element.ENEMY_TAIL
    board.move(0, RIGHT)  # bite the leftover
    assert [board.length(0), board.length(1)] == [5, 0]
    assert board.element_at(0, (1, 2)) is Element.OWN_BODY  # now a's head; own head reads as own body


def test_bitten_snake_keeps_its_head_and_body() -> None:
    board = Board(pos("""\
        6x3
        ......
        Aaa...
        bbbB..
        """))
    board.move(0, DOWN)
    assert board.position().snakes[1] == SnakeBody(((3, 2), (2, 2), (1, 2)))
    assert board.element_at(0, (1, 2)) is Element.ENEMY_TAIL
    assert board.element_at(0, (2, 2)) is Element.ENEMY_BODY
    assert board.element_at(0, (3, 2)) is Element.ENEMY_HEAD
    assert board.position().snakes[0] == SnakeBody(((0, 2), (0, 1), (1, 1), (2, 1)))


# --- possible moves ------------------------------------------------------------------------------


POSSIBLE_CASES = [
    ("heading left: order up, down, left", """\
        5x3
        .....
        .Aa..
        .....
        """, 0, [UP, DOWN, LEFT]),
    ("heading up: order up, right, left", """\
        5x4
        .....
        ..A..
        ..a..
        ..a..
        """, 0, [UP, RIGHT, LEFT]),
    ("heading down: order right, down, left", """\
        5x4
        ..a..
        ..a..
        ..A..
        .....
        """, 0, [RIGHT, DOWN, LEFT]),
    ("heading right: order up, right, down", """\
        5x3
        .....
        .aaA.
        .....
        """, 0, [UP, RIGHT, DOWN]),
    ("2-long snake cannot turn round onto its own tail", """\
        3x1
        Aa.
        """, 0, []),
    ("2-long snake: own tail excluded, other ways open", """\
        3x3
        ...
        .Aa
        ...
        """, 0, [UP, DOWN, LEFT]),
    ("4-long coil in a corner: its own tail is its only way", """\
        3x3
        Aa.
        aa.
        ...
        a: 0,0 1,0 1,1 0,1
        """, 0, [DOWN]),
    ("rival head and body block, own body blocks, border blocks (a)", """\
        4x3
        bbb.
        BAaa
        ....
        """, 0, [DOWN]),
    ("rival head and body block, own body blocks, border blocks (b)", """\
        4x3
        bbb.
        BAaa
        ....
        """, 1, [DOWN]),
    ("border blocks at the bottom-right corner", """\
        3x3
        ...
        ...
        .aA
        """, 0, [UP]),
    ("boxed in by a rival head, own body and the border: a rival tail is the way out", """\
        4x3
        Bbb.
        Aaa.
        cC..
        """, 0, [DOWN]),
    ("a rival's tail is enterable", """\
        4x2
        Aaa.
        bB..
        """, 0, [DOWN]),
    ("an eaten snake's leftover tail is enterable", """\
        4x2
        Aaa.
        b...
        b: eaten
        """, 0, [DOWN]),
    ("an eaten snake has no moves", """\
        4x2
        Aaa.
        ..b.
        b: eaten
        """, 1, []),
    ("no free neighbour and no tail: no moves", """\
        4x2
        Aa..
        Bbb.
        """, 0, []),
]


@pytest.mark.parametrize(
    "before, snake, expected", [c[1:] for c in POSSIBLE_CASES], ids=[c[0] for c in POSSIBLE_CASES]
)
def test_possible_moves(before: str, snake: int, expected: list[Direction]) -> None:
    assert Board(pos(before)).possible_moves(snake) == expected


ILLEGAL_CASES = [
    ("into the border", "4x2\nAaa.\n..Bb\n", 0, LEFT),
    ("into its own body", "4x2\nAaa.\n..Bb\n", 0, RIGHT),
    ("into a rival head", "4x2\n.Aa.\n.Bb.\n", 0, DOWN),
    ("into a rival body", "4x2\n.Aa.\nbbB.\n", 0, DOWN),
    ("2-long onto its own tail", "4x2\nAa..\n..Bb\n", 0, RIGHT),
    ("an eaten snake", "4x2\nAa..\n..b.\nb: eaten\n", 1, UP),
]


@pytest.mark.parametrize("before, snake, direction", [c[1:] for c in ILLEGAL_CASES], ids=[c[0] for c in ILLEGAL_CASES])
def test_illegal_move_raises_and_changes_nothing(before: str, snake: int, direction: Direction) -> None:
    board = Board(pos(before))
    with pytest.raises(IllegalMoveError, match=f"snake {snake}"):
        board.move(snake, direction)
    assert text_of(board) == position_to_text(pos(before))


# --- steps of a battle ---------------------------------------------------------------------------


def test_skip_when_no_neighbour_is_free_or_a_tail() -> None:
    before = pos("""\
        4x3
        Aa..
        Bbb.
        ....
        """)
    after = dedent("""\
        4x3
        Aa..
        bb..
        B...
        """)
    orders = set()
    for seed in range(20):
        battle = Battle(before, random.Random(seed))
        report = battle.step({1: DOWN})  # no move is given for a: it must not be asked
        orders.add(report.order)
        if report.order == (0, 1):
            assert report.events == (Skipped(0), Moved(1, DOWN, (0, 2)))
        else:
            assert report.order == (1, 0)
            assert report.events == (Moved(1, DOWN, (0, 2)), Skipped(0))
        assert text_of(battle.board) == after
        assert report.end is None and report.step == 1
    assert orders == {(0, 1), (1, 0)}


def test_policy_is_not_asked_for_a_skipping_snake() -> None:
    asked: list[tuple[int, list[Direction]]] = []

    def policy(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
        asked.append((snake, list(possible)))
        return possible[0]

    battle = Battle(pos("4x3\nAa..\nBbb.\n....\n"), random.Random(1))
    battle.step(policy)
    assert asked == [(1, [DOWN])]


def test_later_mover_sees_the_earlier_moves_of_the_step() -> None:
    before = pos("""\
        5x3
        .Aaa.
        ...B.
        ...b.
        """)
    a_first = dedent("""\
        5x3
        AaaB.
        ...b.
        .....
        """)
    b_first = dedent("""\
        5x3
        Aa.B.
        ...b.
        ...b.
        """)
    orders = set()
    for seed in range(20):
        battle = Battle(before, random.Random(seed))
        report = battle.step({0: LEFT, 1: UP})
        orders.add(report.order)
        if report.order == (0, 1):
            assert text_of(battle.board) == a_first
            assert report.events == (Moved(0, LEFT, (0, 0)), Moved(1, UP, (3, 0)))
            assert battle.lengths() == [3, 2]
        else:
            assert text_of(battle.board) == b_first
            assert report.events == (Moved(1, UP, (3, 0)), Bite(1, 0, (3, 0)), Moved(0, LEFT, (0, 0)))
            assert battle.lengths() == [2, 3]
    assert orders == {(0, 1), (1, 0)}


def test_a_cell_taken_earlier_in_the_step_is_closed_to_later_movers() -> None:
    # Both 2-long snakes have (1,0) as their only way; whoever moves second finds it taken and skips.
    before = pos("""\
        3x2
        A.B
        a.b
        """)
    asked: list[tuple[int, list[Direction]]] = []

    def policy(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
        asked.append((snake, list(possible)))
        return possible[0]

    orders = set()
    for seed in range(20):
        asked.clear()
        battle = Battle(before, random.Random(seed))
        report = battle.step(policy)
        orders.add(report.order)
        if report.order == (0, 1):
            assert asked == [(0, [RIGHT])]
            assert report.events == (Moved(0, RIGHT, (1, 0)), Skipped(1))
            assert text_of(battle.board) == "3x2\naAB\n..b\n"
        else:
            assert asked == [(1, [LEFT])]
            assert report.events == (Moved(1, LEFT, (1, 0)), Skipped(0))
            assert text_of(battle.board) == "3x2\nABb\na..\n"
        assert report.end is None  # the mover can go on down to (1,1)
    assert orders == {(0, 1), (1, 0)}


def test_possible_moves_follow_the_board_during_the_step() -> None:
    before = pos("""\
        3x3
        aab
        A.B
        ccC
        """)
    # a: (0,1),(0,0),(1,0). b: (2,1),(2,0). c: (2,2),(1,2),(0,2).
    # a: up own body, right (1,1) empty, down (0,2) c's tail. b: up own tail (2-long), down c's head.
    board = Board(before)
    assert board.possible_moves(0) == [RIGHT, DOWN]
    assert board.possible_moves(1) == [LEFT]
    board.move(0, RIGHT)
    assert board.possible_moves(1) == []  # (1,1) now holds a's head
    assert board.possible_moves(0) == [UP]  # (1,0), a's old tail cell, is free now; b and c block the rest


def test_eaten_snake_does_not_move_later_in_the_step_nor_after() -> None:
    before = pos("""\
        5x3
        .....
        Aaa..
        bBaa.
        """)
    # a: (0,1),(1,1),(2,1),(2,2),(3,2). b: (1,2),(0,2): up a body, right a body, left own tail -> stuck.
    after = dedent("""\
        5x3
        .....
        aaa..
        Abaa.
        b: eaten
        """)
    orders = set()
    for seed in range(20):
        battle = Battle(before, random.Random(seed))
        report = battle.step({0: DOWN})
        orders.add(report.order)
        bite = (Moved(0, DOWN, (0, 2)), Bite(0, 1, (0, 2)), Eaten(1, 0))
        if report.order == (0, 1):
            assert report.events == bite  # b was eaten before its turn: no event for it
        else:
            assert report.events == (Skipped(1), *bite)
        assert report.end is EndReason.ONE_LEFT
        assert battle.over and battle.end is EndReason.ONE_LEFT
        assert text_of(battle.board) == after
        assert battle.scores() == [6, 1]
        assert battle.ranks() == [1, 2]
        with pytest.raises(IllegalMoveError):
            battle.step({0: DOWN})
    assert orders == {(0, 1), (1, 0)}


def test_one_left_ends_the_battle_mid_step() -> None:
    # three snakes: c already eaten; a eats b. The step ends at once with one_left.
    before = pos("""\
        6x3
        ....c.
        Aaa...
        bBaa..
        c: eaten
        """)
    for seed in range(10):
        battle = Battle(before, random.Random(seed))
        report = battle.step({0: DOWN})
        assert report.end is EndReason.ONE_LEFT
        assert report.events[-1] == Eaten(1, 0)
        assert [e for e in report.events if isinstance(e, Moved)] == [Moved(0, DOWN, (0, 2))]
        assert battle.scores() == [6, 1, 1]
        assert battle.ranks() == [1, 2, 2]


def test_one_left_at_the_start() -> None:
    battle = Battle(pos("4x2\nAa..\n..b.\nb: eaten\n"), random.Random(0))
    assert battle.over and battle.end is EndReason.ONE_LEFT


def test_no_moves_at_the_start() -> None:
    battle = Battle(pos("5x1\nAa.bB\n"), random.Random(0))
    assert battle.over and battle.end is EndReason.NO_MOVES


def test_no_moves_after_a_step() -> None:
    for seed in range(6):
        battle = Battle(pos("6x1\naA..Bb\n"), random.Random(seed))
        assert not battle.over
        report = battle.step({0: RIGHT, 1: LEFT})
        assert text_of(battle.board) == "6x1\n.aABb.\n"
        assert report.end is EndReason.NO_MOVES and battle.end is EndReason.NO_MOVES
        assert sorted(report.events, key=lambda e: e.snake if isinstance(e, Moved) else -1) == [Moved(0, RIGHT, (2, 0)), Moved(1, LEFT, (3, 0))]
        assert battle.scores() == [2, 2]
        assert battle.ranks() == [1, 1]


# Four 2x2 coils in the corners; each can always step onto its own tail, so a battle runs for ever.
COILS = """\
    6x6
    Aa..bB
    aa..bb
    ......
    ......
    cc..dd
    Cc..dD
    a: 0,0 1,0 1,1 0,1
    b: 5,0 4,0 4,1 5,1
    c: 0,5 1,5 1,4 0,4
    d: 5,5 4,5 4,4 5,4
    """


def onto_own_tail(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
    x, y = board.head(snake)
    tail = board.bodies[snake][-1]
    (move,) = [d for d in possible if (x + d.dx, y + d.dy) == tail]
    return move


def test_step_limit() -> None:
    battle = Battle(pos(COILS), random.Random(3), max_steps=5)
    for step in range(1, 5):
        report = battle.step(onto_own_tail)
        assert report.step == step and report.end is None
    report = battle.step(onto_own_tail)
    assert report.step == 5 and report.end is EndReason.STEP_LIMIT
    assert battle.steps == 5
    assert battle.scores() == [4, 4, 4, 4]
    assert battle.ranks() == [1, 1, 1, 1]
    with pytest.raises(IllegalMoveError):
        battle.step(onto_own_tail)


def test_zero_step_limit_ends_at_once() -> None:
    assert Battle(pos(COILS), random.Random(3), max_steps=0).end is EndReason.STEP_LIMIT


def test_coils_turn_full_circle_in_four_steps() -> None:
    battle = Battle(pos(COILS), random.Random(3))
    battle.step(onto_own_tail)
    assert text_of(battle.board) == dedent("""\
        6x6
        aa..bb
        Aa..bB
        ......
        ......
        Cc..dD
        cc..dd
        a: 0,1 0,0 1,0 1,1
        b: 5,1 5,0 4,0 4,1
        c: 0,4 0,5 1,5 1,4
        d: 5,4 5,5 4,5 4,4
        """)
    for _ in range(3):
        battle.step(onto_own_tail)
    assert battle.board.position() == pos(COILS)


def test_order_is_a_fresh_seeded_permutation_each_step() -> None:
    def orders(seed: int, steps: int) -> list[tuple[int, ...]]:
        battle = Battle(pos(COILS), random.Random(seed), max_steps=steps)
        result = []
        while not battle.over:
            report = battle.step(onto_own_tail)
            # the snakes move in the order drawn
            assert tuple(e.snake if isinstance(e, Moved) else -1 for e in report.events) == report.order
            result.append(report.order)
        return result

    first = orders(11, 500)
    assert len(first) == 500
    assert all(sorted(order) == [0, 1, 2, 3] for order in first)
    assert set(first) == set(itertools.permutations(range(4)))  # every order turns up
    assert orders(11, 500) == first  # same seed, same orders
    assert orders(12, 500) != first


def test_mapping_must_cover_every_mover_and_be_legal() -> None:
    before = pos("6x1\naA..Bb\n")
    with pytest.raises(IllegalMoveError, match="snake 1"):
        Battle(before, random.Random(0)).step({0: RIGHT})
    with pytest.raises(IllegalMoveError):
        Battle(before, random.Random(0)).step({0: LEFT, 1: LEFT})


# --- scores and ranks ----------------------------------------------------------------------------


def test_scores_are_lengths_and_equal_scores_share_a_rank() -> None:
    battle = Battle(pos("""\
        6x4
        Aaa...
        Bbb...
        Cc....
        ....d.
        d: eaten
        """), random.Random(0))
    assert battle.lengths() == [3, 3, 2, 1]
    assert battle.scores() == [3, 3, 2, 1]
    assert battle.ranks() == [1, 1, 3, 4]


def test_eaten_snake_without_a_cell_scores_zero() -> None:
    battle = Battle(pos("4x2\nAa..\nBb..\nc: eaten\n"), random.Random(0))
    assert battle.scores() == [2, 2, 0]
    assert battle.ranks() == [1, 1, 3]


@pytest.mark.parametrize(
    "scores, ranks",
    [
        ([5, 5, 5], [1, 1, 1]),
        ([2, 9, 2, 4], [3, 1, 3, 2]),
        ([10, 4, 4, 1], [1, 2, 2, 4]),
        ([0, 7], [2, 1]),
    ],
)
def test_competition_ranks(scores: list[int], ranks: list[int]) -> None:
    assert ranks_of(scores) == ranks


# --- start positions -----------------------------------------------------------------------------

LEFT_25 = tuple((x, 12) for x in range(9, -1, -1))
RIGHT_25 = tuple((x, 12) for x in range(15, 25))
TOP_25 = tuple((12, y) for y in range(9, -1, -1))
BOTTOM_25 = tuple((12, y) for y in range(15, 25))


@pytest.mark.parametrize(
    "snakes, bodies",
    [
        (2, (LEFT_25, RIGHT_25)),
        (3, (LEFT_25, RIGHT_25, TOP_25)),
        (4, (LEFT_25, RIGHT_25, TOP_25, BOTTOM_25)),
    ],
)
def test_start_position_on_the_default_field(snakes: int, bodies: tuple[tuple[tuple[int, int], ...], ...]) -> None:
    position = start_position(snakes)
    assert (position.width, position.height) == (25, 25)
    assert position.snakes == tuple(SnakeBody(b) for b in bodies)
    # the spec's landmarks, literally
    heads = [(9, 12), (15, 12), (12, 9), (12, 15)][:snakes]
    tails = [(0, 12), (24, 12), (12, 0), (12, 24)][:snakes]
    assert [s.head for s in position.snakes] == heads
    assert [s.tail for s in position.snakes] == tails
    assert all(s.length == 10 and not s.eaten for s in position.snakes)
    assert start_position(snakes, 25, 25, 10) == position


def test_start_position_on_another_field() -> None:
    assert start_position(4, 11, 7, 3) == pos("""\
        11x7
        .....c.....
        .....c.....
        .....C.....
        aaA.....Bbb
        .....D.....
        .....d.....
        .....d.....
        """)
    assert start_position(2, 9, 3, 4) == pos("""\
        9x3
        .........
        aaaA.Bbbb
        .........
        """)


def test_start_position_on_an_even_field() -> None:
    position = start_position(4, 10, 8, 3)
    tails = [s.tail for s in position.snakes]
    heads = [s.head for s in position.snakes]
    assert tails[0][0] == 0 and tails[1][0] == 9 and tails[2][1] == 0 and tails[3][1] == 7
    assert heads == [(2, tails[0][1]), (7, tails[1][1]), (tails[2][0], 2), (tails[3][0], 5)]
    assert tails[0][1] in (3, 4) and tails[2][0] in (4, 5)


@pytest.mark.parametrize(
    "args",
    [
        (2, 15, 15, 10),  # the two snakes meet in the middle
        (4, 25, 25, 13),  # left and top snakes cross at the centre
        (2, 5, 5, 6),  # longer than the field is wide
        (1, 25, 25, 10),  # too few snakes
        (5, 25, 25, 10),  # too many snakes
        (2, 25, 25, 1),  # a snake needs a head and a tail
        (2, 25, 25, 10**23),  # hung, listing the snake's cells
    ],
)
def test_start_position_errors(args: tuple[int, int, int, int]) -> None:
    with pytest.raises(PositionError):
        start_position(*args)


def test_start_position_that_does_not_fit_says_so() -> None:
    with pytest.raises(PositionError, match=r"do not fit on a 15x15 field"):
        start_position(2, 15, 15, 10)
