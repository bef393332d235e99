"""Position validation and the ``snake-position/1`` JSON codec (engines/snake/position.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.snake import POSITION_FORMAT, Position, PositionError, SnakeBody, position_from_json, position_to_json

TWO = SnakeBody(((0, 0), (1, 0)))


def test_valid_position() -> None:
    position = Position(5, 3, (SnakeBody(((0, 0), (1, 0), (1, 1))), SnakeBody(((4, 2), (3, 2))), SnakeBody((), True)))
    assert [s.length for s in position.snakes] == [3, 2, 0]
    assert position.snakes[0].head == (0, 0) and position.snakes[0].tail == (1, 1)
    assert position.in_field((4, 2)) and not position.in_field((5, 2)) and not position.in_field((0, -1))


@pytest.mark.parametrize(
    "width, height, snakes, message",
    [
        (5, 3, (TWO, SnakeBody(((2, 0), (1, 0)))), r"snake 2: cell \[1, 0\] overlaps snake 1"),
        (5, 3, (TWO, SnakeBody(((3, 0), (3, 1))), SnakeBody(((3, 1),), True)), r"snake 3: cell \[3, 1\] overlaps snake 2"),
        (5, 3, (SnakeBody(((0, 0), (1, 0), (1, 1), (0, 1), (0, 0))),), r"snake 1: cell \[0, 0\] overlaps itself"),
        (5, 3, (TWO, SnakeBody(((4, 0), (4, 2)))), r"snake 2: body is broken between \[4, 0\] and \[4, 2\]"),
        (5, 3, (TWO, SnakeBody(((3, 1), (4, 2)))), r"snake 2: body is broken between \[3, 1\] and \[4, 2\]"),
        (5, 3, (TWO, SnakeBody(((3, 1), (3, 1)))), r"snake 2: cell \[3, 1\] overlaps itself"),
        (5, 3, (TWO, SnakeBody(((4, 1), (5, 1)))), r"snake 2: cell \[5, 1\] is outside the 5x3 field"),
        (5, 3, (SnakeBody(((0, 0), (0, -1))),), r"snake 1: cell \[0, -1\] is outside the 5x3 field"),
        (5, 3, (TWO, SnakeBody(((2, 2), (2, 3)))), r"snake 2: cell \[2, 3\] is outside the 5x3 field"),
        (5, 3, (TWO, SnakeBody(((3, 1),))), r"snake 2: a snake that is not eaten needs at least 2 cells .*has 1"),
        (5, 3, (SnakeBody(()), TWO), r"snake 1: a snake that is not eaten needs at least 2 cells .*has 0"),
        (5, 3, (TWO, SnakeBody(((3, 1), (3, 2)), True)), r"snake 2: an eaten snake holds at most its leftover tail, not 2"),
        (5, 3, (TWO, SnakeBody(((9, 9),), True)), r"snake 2: cell \[9, 9\] is outside the 5x3 field"),
        (0, 3, (), r"field size 0x3 is out of range 1\.\.500"),
        (3, 501, (), r"field size 3x501 is out of range 1\.\.500"),
        (
            9, 1,
            tuple(SnakeBody(((2 * i, 0), (2 * i + 1, 0))) for i in range(4)) + (SnakeBody(((8, 0),), True),),
            r"at most 4 snakes, not 5",
        ),
    ],
)
def test_invalid_positions(width: int, height: int, snakes: tuple[SnakeBody, ...], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position(width, height, snakes)


def test_eaten_snakes_may_hold_one_cell_or_none() -> None:
    Position(3, 1, (TWO, SnakeBody(((2, 0),), True)))
    Position(3, 1, (TWO, SnakeBody((), True)))


# --- JSON codec -----------------------------------------------------------------------------------


def test_to_json_by_hand() -> None:
    position = Position(5, 3, (SnakeBody(((1, 0), (1, 1), (2, 1))), SnakeBody(((4, 2), (3, 2))), SnakeBody(((0, 2),), True)))
    assert position_to_json(position) == {
        "format": "snake-position/1",
        "width": 5,
        "height": 3,
        "snakes": [
            {"cells": [[1, 0], [1, 1], [2, 1]]},
            {"cells": [[4, 2], [3, 2]]},
            {"cells": [[0, 2]], "eaten": True},
        ],
    }
    assert POSITION_FORMAT == "snake-position/1"


def test_spec_example_parses() -> None:
    data = {
        "format": "snake-position/1",
        "width": 25, "height": 25,
        "snakes": [
            {"cells": [[10, 5], [10, 6], [10, 7]]},
            {"cells": [[3, 4], [3, 3]], "eaten": False},
        ],
    }
    assert position_from_json(data) == Position(
        25, 25, (SnakeBody(((10, 5), (10, 6), (10, 7))), SnakeBody(((3, 4), (3, 3))))
    )


def test_eaten_snake_with_no_cells_parses() -> None:
    data = {"format": "snake-position/1", "width": 3, "height": 1,
            "snakes": [{"cells": [[0, 0], [1, 0]]}, {"cells": [], "eaten": True}]}
    assert position_from_json(data) == Position(3, 1, (TWO, SnakeBody((), True)))


def _good() -> dict[str, Any]:
    return {"format": "snake-position/1", "width": 5, "height": 3,
            "snakes": [{"cells": [[0, 0], [1, 0]]}, {"cells": [[4, 2], [3, 2]]}]}


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = _good()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


JSON_ERRORS = [
    ("not an object", [], r"^position: expected a JSON object, got list"),
    ("unknown top-level key", _with(("colour",), "red"), r"^position: unknown key 'colour'"),
    ("wrong format", _with(("format",), "snake-position/2"), r"^position: format is 'snake-position/2', expected 'snake-position/1'"),
    # a program opened as a position: named by its format, not by its first key ('cards')
    ("a program", {"format": "snake-program/1", "name": "x", "cards": []}, r"^position: format is 'snake-program/1', expected"),
    ("width not an integer", _with(("width",), "5"), r"^position: width: expected an integer, got '5'"),
    ("height a boolean", _with(("height",), True), r"^position: height: expected an integer, got True"),
    ("snakes not a list", _with(("snakes",), {}), r"^position: 'snakes' must be a list"),
    ("snake not an object", _with(("snakes", 1), [[4, 2], [3, 2]]), r"^position: snake 2 \(snakes\[1\]\): expected an object"),
    ("unknown snake key", _with(("snakes", 1, "head"), [4, 2]), r"^position: snake 2 \(snakes\[1\]\): unknown key 'head'"),
    ("cells missing", _with(("snakes", 1), {"eaten": False}), r"^position: snake 2 \(snakes\[1\]\): 'cells' must be a list"),
    ("cell not a pair", _with(("snakes", 1, "cells", 1), [3, 2, 0]), r"^position: snake 2 \(snakes\[1\]\): cells\[1\] must be an \[x, y\] pair"),
    ("cell an object", _with(("snakes", 0, "cells", 0), {"x": 0, "y": 0}), r"^position: snake 1 \(snakes\[0\]\): cells\[0\] must be an \[x, y\] pair"),
    ("cell coordinate a string", _with(("snakes", 1, "cells", 0), [4, "2"]), r"^position: snake 2 \(snakes\[1\]\): cells\[0\] y: expected an integer"),
    ("cell coordinate a float", _with(("snakes", 1, "cells", 0), [4.0, 2]), r"^position: snake 2 \(snakes\[1\]\): cells\[0\] x: expected an integer"),
    ("eaten not a boolean", _with(("snakes", 1, "eaten"), "yes"), r"^position: snake 2 \(snakes\[1\]\): 'eaten' must be true or false"),
    ("cell out of the field", _with(("snakes", 1, "cells", 0), [5, 2]), r"^position: snake 2 \(snakes\[1\]\): cell \[5, 2\] is outside the 5x3 field"),
    ("overlap", _with(("snakes", 1, "cells"), [[1, 1], [1, 0]]), r"^position: snake 2 \(snakes\[1\]\): cell \[1, 0\] overlaps snake 1"),
    ("broken body", _with(("snakes", 1, "cells"), [[4, 2], [2, 2]]), r"^position: snake 2 \(snakes\[1\]\): body is broken"),
    ("short live snake", _with(("snakes", 1, "cells"), [[4, 2]]), r"^position: snake 2 \(snakes\[1\]\): a snake that is not eaten needs at least 2 cells"),
]


@pytest.mark.parametrize("data, message", [c[1:] for c in JSON_ERRORS], ids=[c[0] for c in JSON_ERRORS])
def test_json_errors(data: object, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        position_from_json(data)


@pytest.mark.parametrize("key", ["width", "height", "snakes"])
def test_json_missing_key(key: str) -> None:
    data = _good()
    del data[key]
    with pytest.raises(PositionError, match=f"^position: missing key '{key}'"):
        position_from_json(data)


def test_json_errors_name_the_caller_s_place() -> None:
    data = _with(("snakes", 0, "cells", 1), [0, 1])
    data["snakes"][1]["cells"] = [[0, 1], [0, 2]]
    with pytest.raises(PositionError, match=r"^tests\[2\]\.position: snake 2 \(snakes\[1\]\): cell \[0, 1\] overlaps snake 1"):
        position_from_json(data, "tests[2].position")


def test_json_format_key_may_be_left_out() -> None:
    data = _good()
    del data["format"]
    assert position_from_json(data) == Position(5, 3, (TWO, SnakeBody(((4, 2), (3, 2)))))
