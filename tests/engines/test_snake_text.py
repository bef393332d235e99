"""The text form of positions (engines/snake/text.py): round trips, and clear errors for bad text."""

from __future__ import annotations

import json
import random
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.snake import (
    Position,
    PositionError,
    SnakeBody,
    position_from_json,
    position_from_text,
    position_to_json,
    position_to_text,
    start_position,
)
from tests.strategies import random_position

# Canonical texts (as position_to_text writes them) and the positions they stand for, by hand.
CANONICAL = [
    (
        "two straight snakes",
        """\
        7x4
        .......
        .Aaa...
        ...bbB.
        .......
        """,
        Position(7, 4, (SnakeBody(((1, 1), (2, 1), (3, 1))), SnakeBody(((5, 2), (4, 2), (3, 2))))),
    ),
    (
        "the module docstring's example: an eaten snake without a cell",
        """\
        7x4
        .......
        .Aaa...
        ...bbB.
        .......
        c: eaten
        """,
        Position(
            7, 4,
            (SnakeBody(((1, 1), (2, 1), (3, 1))), SnakeBody(((5, 2), (4, 2), (3, 2))), SnakeBody((), True)),
        ),
    ),
    (
        "an eaten snake with its leftover tail",
        """\
        5x3
        Aa...
        ...b.
        Cc...
        b: eaten
        """,
        Position(5, 3, (SnakeBody(((0, 0), (1, 0))), SnakeBody(((3, 1),), True), SnakeBody(((0, 2), (1, 2))))),
    ),
    (
        "a bent snake whose walk from the head is unambiguous",
        """\
        4x4
        A...
        a...
        aaa.
        ..a.
        """,
        Position(4, 4, (SnakeBody(((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3))),)),
    ),
    (
        "a 2x2 coil needs its path listed",
        """\
        3x3
        Aa.
        aa.
        .Bb
        a: 0,0 1,0 1,1 0,1
        """,
        None,
    ),
    (
        "a coil ambiguous in the middle of the body",
        """\
        4x3
        Aaa.
        .aa.
        .a..
        a: 0,0 1,0 2,0 2,1 1,1 1,2
        """,
        Position(4, 3, (SnakeBody(((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2))),)),
    ),
    (
        "four snakes, two coiled, one eaten",
        """\
        6x4
        Aa..bB
        aa..bb
        Cc....
        ...d..
        a: 0,0 1,0 1,1 0,1
        b: 5,0 4,0 4,1 5,1
        d: eaten
        """,
        Position(
            6, 4,
            (
                SnakeBody(((0, 0), (1, 0), (1, 1), (0, 1))),
                SnakeBody(((5, 0), (4, 0), (4, 1), (5, 1))),
                SnakeBody(((0, 2), (1, 2))),
                SnakeBody(((3, 3),), True),
            ),
        ),
    ),
]


@pytest.mark.parametrize("text, position", [c[1:] for c in CANONICAL], ids=[c[0] for c in CANONICAL])
def test_canonical_text_round_trips(text: str, position: Position | None) -> None:
    text = dedent(text)
    parsed = position_from_text(text)
    if position is not None:
        assert parsed == position
        assert position_to_text(position) == text
    assert position_to_text(parsed) == text


def test_lone_lowercase_cell_is_an_eaten_leftover() -> None:
    assert position_from_text("4x1\nAa.b\n") == Position(4, 1, (SnakeBody(((0, 0), (1, 0))), SnakeBody(((3, 0),), True)))


def test_comments_blank_lines_and_indentation_are_ignored() -> None:
    text = """
    # a comment
    4x2

      Aa..
      ..bB
    # another
    """
    assert position_from_text(text) == Position(4, 2, (SnakeBody(((0, 0), (1, 0))), SnakeBody(((3, 1), (2, 1)))))


def test_explicit_path_is_honoured_even_where_the_picture_is_clear() -> None:
    text = "4x1\nAaa.\na: 0,0 1,0 2,0\n"
    assert position_from_text(text) == Position(4, 1, (SnakeBody(((0, 0), (1, 0), (2, 0))),))
    assert position_to_text(position_from_text(text)) == "4x1\nAaa.\n"  # not needed, so not written


def test_start_position_round_trips() -> None:
    for snakes in (2, 3, 4):
        position = start_position(snakes)
        assert position_from_text(position_to_text(position)) == position


BAD_TEXT = [
    ("empty", "", "empty position text"),
    ("only comments", "# nothing\n\n", "empty position text"),
    ("bad size line", "25 by 25\n", r"line 1: expected the field size as WIDTHxHEIGHT"),
    ("two heads", "4x2\nAaA.\n....\n", r"snake 1 \(a\) has two heads, at \[0, 0\] and \[2, 0\]"),
    ("unknown character", "4x2\nAax.\n....\n", r"row 0, column 2: unknown character 'x'"),
    ("fifth snake letter", "4x2\nAaeE\n....\n", r"row 0, column 2: unknown character 'e'"),
    ("row too short", "4x2\nAa.\n....\n", r"row 0: expected 4 characters, got 3"),
    ("row too long", "4x2\nAa..\n.....\n", r"row 1: expected 4 characters, got 5"),
    ("too few rows", "4x3\nAa..\n....\n", r"expected 3 rows of the field, got 2"),
    ("extra line after the field", "4x1\nAa..\n....\n", r"unexpected line after the field: '....'"),
    ("declaration for a fifth snake", "4x1\nAa..\ne: eaten\n", r"unexpected line after the field: 'e: eaten'"),
    ("no head", "4x1\naa..\n", r"snake 1 \(a\) has no head \(write it as A\)"),
    ("a missing snake between others", "4x2\nAa..\nCc..\n", r"snake 2 \(b\) has no cells; mark it 'b: eaten'"),
    ("coil without a path", "3x3\nAa.\naa.\n...\n", r"snake 1 \(a\): cannot tell the order of its cells"),
    ("body in two pieces", "4x1\nAa.a\n", r"snake 1 \(a\): cannot tell the order of its cells"),
    ("path with other cells", "3x3\nAa.\naa.\n...\na: 0,0 1,0 1,1 1,2\n", r"snake 1 \(a\): the listed cells do not match"),
    ("path missing a cell", "3x3\nAa.\naa.\n...\na: 0,0 1,0 1,1\n", r"snake 1 \(a\): the listed cells do not match"),
    ("path with bad syntax", "3x1\nAa.\na: 0;0 1;0\n", r"snake 1 \(a\): bad cell list '0;0 1;0'"),
    ("path not starting at the head", "3x1\nAa.\na: 1,0 0,0\n", r"snake 1 \(a\): the listed cells start at \[1, 0\], but its head A is at \[0, 0\]"),
    ("path for a snake without a head", "3x1\naa.\na: 1,0 0,0\n", r"snake 1 \(a\): .*its head A is not shown"),
    ("path that is not a body", "3x3\nA..\n.a.\na..\na: 0,0 1,1 0,2\n", r"^snake 1 \(a\): body is broken between \[0, 0\] and \[1, 1\]"),
    ("lone head", "3x2\nAa.\n..B\n", r"^snake 2 \(b\): a snake that is not eaten needs at least 2 cells"),
    ("eaten snake with two cells", "3x2\nAa.\n.bB\nb: eaten\n", r"^snake 2 \(b\): an eaten snake holds at most its leftover tail"),
    ("zero-sized field", "3x0\n", r"field size 3x0 is out of range"),
    ("huge field", "501x1\n" + "." * 501 + "\n", r"field size 501x1 is out of range 1..500"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in BAD_TEXT], ids=[c[0] for c in BAD_TEXT])
def test_bad_text_gives_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        position_from_text(text)


# --- property: random valid positions round-trip through text and JSON --------------------------


@settings(max_examples=300, derandomize=True, database=None, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_positions_round_trip(rnd: random.Random) -> None:
    position = random_position(rnd)
    text = position_to_text(position)
    assert position_from_text(text) == position
    assert position_to_text(position_from_text(text)) == text
    data = position_to_json(position)
    assert position_from_json(data) == position
    assert position_from_json(json.loads(json.dumps(data))) == position
