"""The ``snake-program/1`` file format: round trips, and one clear line for every broken rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engines.snake import Direction, Element, Position, SnakeBody
from matcher import ProgramError, validate_program
from matcher.fileformat import (
    PROGRAM_FORMAT,
    dumps_program,
    load_program,
    loads_program,
    program_from_json,
    program_to_json,
    save_program,
)
from matcher.model import (
    ALL_GROUPS,
    MAX_CARDS,
    Card,
    ElementSet,
    Group,
    GroupKind,
    Head,
    Pattern,
    Program,
    ProgramTest,
    SetRef,
)
from tests.positions import TAIL_ABOVE

# --- round trips ----------------------------------------------------------------------------

AND = GroupKind.AND
OR = GroupKind.OR

RIVAL = ElementSet("any rival part", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
WALLS = ElementSet("walls and bodies", frozenset({Element.BORDER, Element.OWN_BODY, Element.ENEMY_BODY}))
FREE = ElementSet("free", frozenset({Element.EMPTY}))
ALL_BUT_ONE = ElementSet("six", frozenset(Element) - {Element.OWN_TAIL})

POSITION = TAIL_ABOVE
EATEN_POSITION = Position(
    9, 9, (SnakeBody(((4, 4), (4, 5), (4, 6))), SnakeBody(((0, 0),), True), SnakeBody((), True))
)


def rich_program() -> Program:
    """Every feature of the format: sets, NOT, all 8 groups, descriptions, off-centre heads facing
    every way, a blank card, unicode text and tests with positions (eaten snakes included)."""
    every_group = {
        (row, col): Pattern(Element(i % 7) if i % 3 else SetRef(i % 4), negate=i % 2 == 1, group=group)
        for i, (group, (row, col)) in enumerate(
            zip(ALL_GROUPS, [(0, 0), (0, 6), (6, 0), (6, 6), (1, 2), (2, 1), (5, 4), (4, 5)])
        )
    }
    cards = (
        Card(
            Head(3, 3, Direction.UP),
            {
                (2, 3): Pattern(Element.ENEMY_TAIL, group=Group(AND, 1)),
                (1, 3): Pattern(SetRef(0), negate=True, group=Group(OR, 1)),
            },
            "tail straight ahead: bite it",
        ),
        Card(Head(3, 3, Direction.RIGHT), every_group, "every group once"),
        Card(Head(0, 0, Direction.DOWN), {(0, 1): Pattern(SetRef(3), group=Group(OR, 4))}),
        Card(Head(6, 6, Direction.LEFT), {(6, 5): Pattern(Element.BORDER, True, Group(AND, 4))}, "corner"),
        Card(Head(2, 5, Direction.UP), {}, "blank: valid for every move"),
    )
    tests = (
        ProgramTest("bite the tail", POSITION, 0, frozenset({Direction.UP})),
        ProgramTest("rival's view", POSITION, 1, frozenset({Direction.LEFT, Direction.DOWN, Direction.UP})),
        ProgramTest("with eaten snakes", EATEN_POSITION, 0, frozenset(Direction) - {Direction.DOWN}),
    )
    return Program(
        name="Tail biter — ünïcode",
        description="Bites any tail in reach,\notherwise keeps away from heads.",
        sets=(RIVAL, WALLS, FREE, ALL_BUT_ONE),
        cards=cards,
        tests=tests,
    )


def minimal_program() -> Program:
    return Program(name="", cards=(Card(),))


ROUND_TRIP_PROGRAMS = {
    "rich": rich_program(),
    "minimal": minimal_program(),
    "default": Program(),
    "nine cards": Program(
        "nine",
        cards=tuple(
            Card(Head(i % 7, (i * 3) % 7, Direction(i % 4)), {((i + 1) % 7, (i * 3) % 7): Pattern(Element(i % 7))})
            for i in range(MAX_CARDS)
        ),
    ),
}


def test_rich_program_is_valid() -> None:
    assert validate_program(rich_program()) == []


@pytest.mark.parametrize("program", ROUND_TRIP_PROGRAMS.values(), ids=ROUND_TRIP_PROGRAMS.keys())
def test_save_then_load_gives_an_equal_program(program: Program, tmp_path: Path) -> None:
    path = tmp_path / "prog.snake.json"
    save_program(path, program)
    loaded = load_program(path)
    assert loaded == program
    # saving the loaded program writes the same bytes
    again = tmp_path / "again.snake.json"
    save_program(again, loaded)
    assert again.read_bytes() == path.read_bytes()
    # the atomic write leaves no temporary files behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.snake.json", "prog.snake.json"]


@pytest.mark.parametrize("program", ROUND_TRIP_PROGRAMS.values(), ids=ROUND_TRIP_PROGRAMS.keys())
def test_dumps_then_loads_gives_an_equal_program(program: Program) -> None:
    text = dumps_program(program)
    assert loads_program(text) == program
    assert program_from_json(json.loads(text)) == program
    assert program_from_json(program_to_json(program)) == program
    assert text.endswith("\n")


def test_saved_file_is_utf8_and_follows_the_spec_layout(tmp_path: Path) -> None:
    path = tmp_path / "prog.snake.json"
    save_program(path, rich_program())
    data = json.loads(path.read_bytes().decode("utf-8"))
    assert "ünïcode" in path.read_text(encoding="utf-8")  # not \u-escaped
    assert data["format"] == PROGRAM_FORMAT == "snake-program/1"
    assert data["name"] == "Tail biter — ünïcode"
    assert data["sets"][0] == {"name": "any rival part", "elements": ["enemy_head", "enemy_body", "enemy_tail"]}
    first = data["cards"][0]
    assert first == {
        "description": "tail straight ahead: bite it",
        "head": {"row": 3, "col": 3, "facing": "up"},
        "cells": [
            {"row": 1, "col": 3, "match": "set1", "not": True, "group": "or1"},
            {"row": 2, "col": 3, "match": "enemy_tail", "group": "and1"},
        ],
    }
    assert sorted({c["group"] for c in data["cards"][1]["cells"]}) == sorted(g.label for g in ALL_GROUPS)
    assert data["cards"][4] == {"description": "blank: valid for every move", "head": {"row": 2, "col": 5, "facing": "up"}, "cells": []}
    test = data["tests"][0]
    assert test["name"] == "bite the tail" and test["snake"] == 0 and test["expect"] == ["up"]
    assert test["position"]["format"] == "snake-position/1"
    assert test["position"]["snakes"][0] == {"cells": [[3, 3], [3, 4], [3, 5]]}
    assert data["tests"][1]["expect"] == ["up", "down", "left"]  # always in the order up, right, down, left
    assert data["tests"][2]["position"]["snakes"][1:] == [{"cells": [[0, 0]], "eaten": True}, {"cells": [], "eaten": True}]


def test_the_spec_example_loads_with_defaults() -> None:
    text = """
    {
      "format": "snake-program/1",
      "name": "Tail biter",
      "description": "Bites any tail in reach, otherwise keeps away from heads.",
      "sets": [
        {"name": "any rival part", "elements": ["enemy_head", "enemy_body", "enemy_tail"]}
      ],
      "cards": [
        {
          "description": "tail straight ahead: bite it",
          "head": {"row": 3, "col": 3, "facing": "up"},
          "cells": [
            {"row": 2, "col": 3, "match": "enemy_tail", "group": "and1"},
            {"row": 1, "col": 3, "match": "set1", "not": true, "group": "or1"}
          ]
        }
      ]
    }
    """
    program = loads_program(text, "spec.snake.json")
    assert program.name == "Tail biter"
    assert program.sets == (RIVAL,)
    card = program.cards[0]
    assert card.head == Head(3, 3, Direction.UP)
    assert card.cells == {
        (2, 3): Pattern(Element.ENEMY_TAIL, False, Group(AND, 1)),
        (1, 3): Pattern(SetRef(0), True, Group(OR, 1)),
    }
    assert program.weight(card.cells[(2, 3)]) == 6
    assert program.weight(card.cells[(1, 3)]) == 3
    assert program.tests == ()
    # defaults: "not" false, "group" and1, "facing" up, no cells, no name
    bare = loads_program('{"format": "snake-program/1", "cards": [{"head": {"row": 0, "col": 6}, '
                         '"cells": [{"row": 1, "col": 6, "match": "border"}]}]}')
    assert bare.cards[0] == Card(Head(0, 6, Direction.UP), {(1, 6): Pattern(Element.BORDER, False, Group(AND, 1))})
    assert bare.name == "" and bare.description == ""


# --- malformed programs ---------------------------------------------------------------------

HEAD = {"row": 3, "col": 3, "facing": "up"}
GOOD_CELL = {"row": 1, "col": 3, "match": "set1", "not": True, "group": "or1"}
CARD1 = {"head": HEAD, "cells": [{"row": 2, "col": 3, "match": "enemy_tail", "group": "and1"}]}
SET1 = {"name": "rival", "elements": ["enemy_head", "enemy_body", "enemy_tail"]}
POS: dict[str, Any] = {"format": "snake-position/1", "width": 7, "height": 7,
       "snakes": [{"cells": [[3, 3], [3, 4], [3, 5]]}, {"cells": [[0, 0], [1, 0]]}]}


def text(**changes: Any) -> str:
    """The JSON text of a valid two-card program with top-level keys replaced (``None`` drops one)."""
    data: dict[str, Any] = {"format": "snake-program/1", "name": "bad", "sets": [SET1],
                            "cards": [CARD1, card2()]}
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not None}, indent=1)


def card2(*cells: Any, head: Any = HEAD, **extra: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"head": head, "cells": list(cells) or [GOOD_CELL]}
    card.update(extra)
    return {k: v for k, v in card.items() if v is not None}


def cell(**changes: Any) -> dict[str, Any]:
    """GOOD_CELL (card 2, row 1, col 3) with keys replaced (``None`` drops one)."""
    return {k: v for k, v in {**GOOD_CELL, **changes}.items() if v is not None}


def with_card2(*cells: Any, **extra: Any) -> str:
    return text(cards=[CARD1, card2(*cells, **extra)])


def with_test(**changes: Any) -> str:
    test = {"name": "t", "position": POS, "snake": 0, "expect": ["up"], **changes}
    return text(tests=[{k: v for k, v in test.items() if v is not None}])


def position(*snakes: list[list[int]], **extra: Any) -> dict[str, Any]:
    return {"format": "snake-position/1", "width": 7, "height": 7, "snakes": [{"cells": s} for s in snakes], **extra}


C13 = "cell (row 1, col 3)"

# (id, program text, substrings the one-line message must contain besides the file name)
MALFORMED: list[tuple[str, str, list[str]]] = [
    # malformed JSON
    ("json-syntax", '{"format": "snake-program/1",\n "cards": [}\n', ["line 2", "invalid JSON"]),
    ("json-empty", "", ["line 1", "invalid JSON"]),
    ("json-trailing-comma", text()[:-2] + ",}", ["invalid JSON"]),
    ("json-too-deep", "[" * 100_000 + "]" * 100_000, ["invalid JSON", "nested too deeply"]),
    ("json-huge-int", '{"format": "snake-program/1", "cards": [], "name": ' + "9" * 5000 + "}", ["invalid JSON"]),
    ("json-not-an-object", "[1, 2]", ["the program must be a JSON object, got a list"]),
    # the format line
    ("format-missing", text(format=None), ["missing the key 'format'"]),
    ("format-wrong", text(format="snake-program/2"), ["format is 'snake-program/2'", "snake-program/1"]),
    # unknown keys
    ("unknown-key-top", text(colour="red"), ["unknown key 'colour'", "in the program"]),
    ("unknown-key-card", with_card2(colour="red"), ["card 2", "unknown key 'colour'", "in a card"]),
    ("unknown-key-head", with_card2(head={**HEAD, "colour": 1}), ["card 2", "unknown key 'colour'", "head"]),
    ("unknown-key-cell", with_card2(cell(weight=3)), ["card 2", C13, "unknown key 'weight'"]),
    ("unknown-key-set", text(sets=[{**SET1, "colour": 1}]), ["set1", "unknown key 'colour'"]),
    ("unknown-key-test", with_test(colour=1), ["test 1", "unknown key 'colour'"]),
    ("unknown-key-position", with_test(position={**POS, "colour": 1}), ["test 1", "unknown key 'colour'"]),
    ("duplicate-key-top", text().replace('"name": "bad"', '"name": "bad", "name": "worse"'),
     ["'name' is listed twice", "the program"]),
    ("duplicate-key-cell", with_card2().replace('"match": "set1"', '"match": "set1", "match": "empty"'),
     ["card 2", C13, "'match' is listed twice"]),
    ("duplicate-key-position", with_test(position="POS").replace(
        '"POS"', '{"width": 7, "height": 7, "snakes": [{"cells": [[1, 1], [1, 2]], "cells": [[3, 3], [3, 4]]}]}'),
     ["test 1", "snake 1 (snakes[0])", "'cells' is listed twice"]),
    # heads
    ("no-head", with_card2(head=None), ["card 2", "has no head"]),
    ("two-heads-list", with_card2(head=[HEAD, {"row": 2, "col": 2}]), ["card 2", "two heads"]),
    ("two-heads-key", text(cards=[CARD1, "CARD2"]).replace(
        '"CARD2"', '{"head": {"row": 3, "col": 3}, "head": {"row": 2, "col": 2}}'), ["card 2", "two heads"]),
    ("two-heads-own-head-cell", with_card2(cell(row=1, col=1, match="own_head")),
     ["card 2", "cell (row 1, col 1)", "second head"]),
    ("two-heads-head-cell", with_card2(cell(row=1, col=1, match="head")), ["card 2", "cell (row 1, col 1)", "second head"]),
    ("head-outside", with_card2(head={"row": 7, "col": 3}), ["card 2", "head's row 7", "outside the 7x7 map"]),
    ("head-outside-negative", with_card2(head={"row": 3, "col": -1}), ["card 2", "head's col -1", "outside the 7x7 map"]),
    ("head-row-not-int", with_card2(head={"row": "3", "col": 3}), ["card 2", "head's 'row' must be an integer"]),
    ("bad-facing", with_card2(head={**HEAD, "facing": "north"}), ["card 2", "head", "unknown direction 'north'"]),
    ("bad-facing-space", with_card2(head={**HEAD, "facing": "up "}), ["card 2", "unknown direction 'up '"]),
    ("bad-facing-case", with_card2(head={**HEAD, "facing": "UP"}), ["card 2", "unknown direction 'UP'"]),
    ("facing-not-str", with_card2(head={**HEAD, "facing": 0}), ["card 2", "head's 'facing' must be a string"]),
    ("head-not-object", with_card2(head="3,3"), ["card 2", "the head must be a JSON object"]),
    ("pattern-on-head", with_card2(cell(row=3, col=3)), ["card 2", "cell (row 3, col 3)", "cannot sit on the head"]),
    ("pattern-on-off-centre-head", with_card2(cell(row=0, col=6), head={"row": 0, "col": 6}),
     ["card 2", "cell (row 0, col 6)", "cannot sit on the head"]),
    # cells
    ("cell-outside-col", with_card2(cell(col=7)), ["card 2", "cell (row 1, col 7)", "outside the 7x7 map"]),
    ("cell-outside-row", with_card2(cell(row=-1)), ["card 2", "cell (row -1, col 3)", "outside the 7x7 map"]),
    ("cell-twice", with_card2(GOOD_CELL, cell(match="empty", group="and2")), ["card 2", C13, "listed twice"]),
    ("cell-not-object", with_card2(GOOD_CELL, 5), ["card 2", "'cells' entry 2", "must be a JSON object"]),
    ("cell-row-str", with_card2(cell(row="1")), ["card 2", "'cells' entry 1", "'row' must be an integer"]),
    ("cell-row-bool", with_card2(cell(row=True)), ["card 2", "'cells' entry 1", "'row' must be an integer"]),
    ("cell-col-float", with_card2(cell(col=3.0)), ["card 2", "'cells' entry 1", "'col' must be an integer"]),
    ("cell-no-row", with_card2(cell(row=None)), ["card 2", "'cells' entry 1", "missing the key 'row'"]),
    ("cell-no-match", with_card2(cell(match=None)), ["card 2", C13, "missing the key 'match'"]),
    ("cells-not-list", with_card2(cells={"row": 1}), ["card 2", "'cells' must be a list, got an object"]),  # _JsonObject
    ("not-not-bool", with_card2(cell(**{"not": "yes"})), ["card 2", C13, "'not' must be true or false"]),
    ("not-as-int", with_card2(cell(**{"not": 1})), ["card 2", C13, "'not' must be true or false"]),
    ("unknown-element", with_card2(cell(match="food")), ["card 2", C13, "unknown element or set 'food'"]),
    ("element-wrong-case", with_card2(cell(match="Enemy_Tail")),
     ["card 2", C13, "unknown element or set 'Enemy_Tail'", "did you mean 'enemy_tail'"]),
    ("set-leading-zero", with_card2(cell(match="set01")), ["card 2", C13, "unknown element or set 'set01'"]),
    ("match-not-str", with_card2(cell(match=4)), ["card 2", C13, "'match' must be a string"]),
    ("unknown-set-undefined", with_card2(cell(match="set2")), ["card 2", C13, "uses set2", "1 user set"]),
    ("unknown-set-beyond-4", with_card2(cell(match="set5")), ["card 2", C13, "unknown set 'set5'"]),
    ("unknown-set-no-sets", text(sets=None, cards=[CARD1, card2()]), ["card 2", C13, "uses set1", "no user sets"]),
    ("bad-group-number", with_card2(cell(group="and5")), ["card 2", C13, "bad group 'and5'"]),
    ("bad-group-zero", with_card2(cell(group="or0")), ["card 2", C13, "bad group 'or0'"]),
    ("bad-group-name", with_card2(cell(group="xor1")), ["card 2", C13, "bad group 'xor1'"]),
    ("bad-group-case", with_card2(cell(group="AND1")), ["card 2", C13, "bad group 'AND1'"]),
    ("bad-group-leading-zero", with_card2(cell(group="or01")), ["card 2", C13, "bad group 'or01'"]),
    ("group-not-str", with_card2(cell(group=1)), ["card 2", C13, "'group' must be a string"]),
    ("card-description-not-str", with_card2(description=5), ["card 2", "'description' must be a string"]),
    ("card-not-object", text(cards=[CARD1, []]), ["card 2", "a card must be a JSON object"]),
    # cards and sets: counts and sizes
    ("ten-cards", text(cards=[CARD1] * 10), ["1..9 cards", "has 10"]),
    ("no-cards", text(cards=[]), ["1..9 cards", "has 0"]),
    ("cards-not-list", text(cards=CARD1), ["'cards' must be a list"]),
    ("five-sets", text(sets=[SET1] * 5), ["at most 4 user sets", "has 5"]),
    ("set-empty", text(sets=[{"name": "none", "elements": []}]), ["set1", "1..6 elements", "holds 0"]),
    ("set-of-seven", text(sets=[SET1, {"name": "all", "elements": [e.label for e in Element]}]),
     ["set2", "1..6 elements", "holds 7"]),
    ("set-unknown-element", text(sets=[{"name": "typo", "elements": ["emtpy"]}]), ["set1", "unknown element 'emtpy'"]),
    ("set-element-wrong-case", text(sets=[{"name": "x", "elements": ["Empty"]}]), ["set1", "unknown element 'Empty'"]),
    ("set-element-twice", text(sets=[{"name": "x", "elements": ["empty", "empty"]}]), ["set1", "element twice"]),
    ("set-element-not-str", text(sets=[{"name": "x", "elements": [0]}]), ["set1", "must be a string"]),
    ("set-no-elements-key", text(sets=[{"name": "x"}]), ["set1", "missing the key 'elements'"]),
    ("set-elements-null", text(sets=[{"name": "x", "elements": None}]), ["set1", "'elements' must be a list, got null"]),
    ("set-name-not-str", text(sets=[{"name": 5, "elements": ["empty"]}]), ["set1", "'name' must be a string"]),
    ("sets-not-list", text(sets=SET1), ["'sets' must be a list"]),
    # top-level types
    ("name-not-str", text(name=3), ["'name' must be a string"]),
    ("description-not-str", text(description=["x"]), ["'description' must be a string"]),
    ("tests-not-list", text(tests={}), ["'tests' must be a list"]),
    # tests
    ("test-snake-out-of-range", with_test(snake=2), ["test 1", "'snake' is 2, but the position has 2 snakes", "counts from 0"]),
    ("test-snake-negative", with_test(snake=-1), ["test 1", "'snake' is -1, but the position has 2 snakes"]),
    ("test-snake-not-int", with_test(snake="0"), ["test 1", "'snake' must be an integer"]),
    ("test-snake-eaten", with_test(position={**POS, "snakes": [{"cells": [], "eaten": True}, POS["snakes"][1]]}),
     ["test 1", "snake 1 ('snake': 0) is eaten"]),
    ("test-expect-bad-move", with_test(expect=["up", "north"]), ["test 1", "unknown direction 'north'"]),
    ("test-expect-empty", with_test(expect=[]), ["test 1", "'expect'"]),
    ("test-expect-wrong-case", with_test(expect=["Up"]), ["test 1", "unknown direction 'Up'"]),
    ("test-expect-twice", with_test(expect=["up", "left", "up"]), ["test 1", "'expect' lists a move twice"]),
    ("test-expect-not-list", with_test(expect="up"), ["test 1", "'expect' must be a list"]),
    ("test-no-position", with_test(position=None), ["test 1", "missing the key 'position'"]),
    ("test-not-object", text(tests=["t"]), ["test 1", "a test must be a JSON object"]),
    ("position-overlap", with_test(position=position([[3, 3], [3, 4]], [[3, 4], [2, 4]])),
     ["test 1", "snake 2 (snakes[1])", "overlaps snake 1"]),
    ("position-broken", with_test(position=position([[3, 3], [3, 5]])), ["test 1", "snake 1 (snakes[0])", "broken"]),
    ("position-outside", with_test(position=position([[6, 6], [7, 6]])), ["test 1", "snake 1 (snakes[0])", "outside the 7x7 field"]),
    ("position-five-snakes", with_test(position=position(*[[[x, 0], [x, 1]] for x in range(0, 10, 2)], width=11)),
     ["test 1", "at most 4 snakes"]),
    ("position-bad-format", with_test(position={**POS, "format": "snake-position/9"}), ["test 1", "snake-position/9"]),
]


def _ids(table: list[tuple[str, str, list[str]]]) -> list[str]:
    return [entry[0] for entry in table]


def test_table_ids_are_unique() -> None:
    assert len(set(_ids(MALFORMED))) == len(MALFORMED)


@pytest.mark.parametrize(("name", "program_text", "expected"), MALFORMED, ids=_ids(MALFORMED))
def test_malformed_program_gives_one_line_naming_file_place_and_rule(
    name: str, program_text: str, expected: list[str], tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.snake.json"
    path.write_text(program_text, encoding="utf-8")
    with pytest.raises(ProgramError) as caught:
        load_program(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    assert "\n" not in message and "\r" not in message, message
    for part in expected:
        assert part in message, f"{part!r} not in {message!r}"
    # the text form names the given source the same way
    with pytest.raises(ProgramError) as again:
        loads_program(program_text, "in memory")
    assert str(again.value) == "in memory: " + message[len(f"{path}: "):]


def test_error_is_exactly_one_line_even_for_multiline_input(tmp_path: Path) -> None:
    path = tmp_path / "multi.snake.json"
    path.write_text(with_card2(cell(match="food\nbar")), encoding="utf-8")
    with pytest.raises(ProgramError) as caught:
        load_program(path)
    assert len(str(caught.value).splitlines()) == 1
    assert "card 2" in str(caught.value) and C13 in str(caught.value)


def test_card_and_cell_are_counted_as_the_editor_shows_them() -> None:
    """Cards count from 1 in messages (the first card is "card 1"); cells name row then column."""
    bad_first = text(cards=[card2(cell(row=2, col=5, match="food"))])
    with pytest.raises(ProgramError, match=r"^x: line \d+: card 1, cell \(row 2, col 5\): unknown element or set 'food'"):
        loads_program(bad_first, "x")


def test_unreadable_files_give_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing.snake.json"
    with pytest.raises(ProgramError, match=r"missing\.snake\.json: cannot read"):
        load_program(missing)
    with pytest.raises(ProgramError, match="cannot read"):
        load_program(tmp_path)
    latin1 = tmp_path / "latin1.snake.json"
    latin1.write_bytes(b'{"format": "snake-program/1", "name": "caf\xe9", "cards": []}')
    with pytest.raises(ProgramError) as caught:
        load_program(latin1)
    assert str(caught.value).startswith(f"{latin1}: line 1, column 43: not UTF-8") and "\n" not in str(caught.value)


def test_program_from_json_rejects_plain_values() -> None:
    value: object
    for value in (None, 3, "text", [], True):
        with pytest.raises(ProgramError, match="must be a JSON object"):
            program_from_json(value, "value")


# --- validation of programs built in code -----------------------------------------------------


def _messages(program: Program) -> list[str]:
    return [str(p) for p in validate_program(program)]


def test_validate_names_card_cell_and_rule_for_programs_built_in_code() -> None:
    assert _messages(Program(cards=())) == ["a program has 1..9 cards, this one has 0"]
    assert _messages(Program(cards=(Card(),) * 10)) == ["a program has 1..9 cards, this one has 10"]
    assert _messages(Program(sets=(FREE,) * 5)) == ["a program has at most 4 user sets, this one has 5"]
    assert _messages(Program(sets=(ElementSet("none", frozenset()),))) == [
        "set1: a user set holds 1..6 elements, 'none' holds 0"
    ]
    assert _messages(Program(cards=(Card(), Card(Head(7, 0))))) == [
        "card 2: the head at (row 7, col 0) is outside the 7x7 map"
    ]
    on_head = Card(Head(1, 1), {(1, 1): Pattern(Element.EMPTY)})
    assert _messages(Program(cards=(on_head,))) == ["card 1, cell (row 1, col 1): a pattern cannot sit on the head"]
    outside = Card(Head(), {(0, 7): Pattern(Element.EMPTY)})
    assert _messages(Program(cards=(outside,))) == ["card 1, cell (row 0, col 7): is outside the 7x7 map"]
    no_set = Card(Head(), {(2, 3): Pattern(SetRef(1))})
    assert _messages(Program(sets=(FREE,), cards=(no_set,))) == [
        "card 1, cell (row 2, col 3): uses set2, but the program has 1 user set"
    ]
    bad_group = Card(Head(), {(2, 3): Pattern(Element.EMPTY, group=Group(AND, 5))})
    assert _messages(Program(cards=(bad_group,))) == [
        "card 1, cell (row 2, col 3): bad group 'and5' (expected and1..and4 or or1..or4)"
    ]
    far = ProgramTest("far", POSITION, 5, frozenset({Direction.UP}))
    assert _messages(Program(tests=(far,))) == ["test 1: 'snake' is 5, but the position has 2 snakes ('snake' counts from 0: 0 is snake 1)"]
    nothing = ProgramTest("nothing", POSITION, 0, frozenset())
    assert _messages(Program(tests=(nothing,))) == ["test 1: 'expect' lists one or more of up, right, down, left"]


def test_saving_a_program_with_a_bad_group_cannot_be_loaded_back(tmp_path: Path) -> None:
    bad = Program(cards=(Card(Head(), {(2, 3): Pattern(Element.EMPTY, group=Group(OR, 9))}),))
    path = tmp_path / "bad.snake.json"
    save_program(path, bad)
    with pytest.raises(ProgramError, match=r"card 1, cell \(row 2, col 3\): bad group 'or9'"):
        load_program(path)


def test_an_unknown_element_of_a_set_lists_the_elements_once(tmp_path: Path) -> None:
    """Regression: the list of elements followed the message twice, once in its own words."""
    path = tmp_path / "typo.snake.json"
    path.write_text(text(sets=[{"name": "typo", "elements": ["lava"]}]), encoding="utf-8")
    with pytest.raises(ProgramError) as caught:
        load_program(path)
    assert str(caught.value).count("enemy_tail") == 1, caught.value


def test_a_draft_may_break_the_rules_but_not_the_format() -> None:
    """``rules=False`` (the editor opening its own work in progress): an empty set and a pattern
    naming a set the program lacks are read, to be listed as problems; JSON that is not a
    program is still refused, naming the place."""
    def draft(match: str) -> str:
        return json.dumps({"format": "snake-program/1", "name": "Draft", "sets": [{"name": "new set", "elements": []}],
                           "cards": [{"head": {"row": 3, "col": 3}, "cells": [{"row": 0, "col": 0, "match": match}]}]})

    text = draft("set2")
    with pytest.raises(ProgramError, match="holds 0"):
        loads_program(text, "draft.snake.json")
    program = loads_program(text, "draft.snake.json", rules=False)
    assert [(p.set_index, p.card) for p in validate_program(program)] == [(0, None), (None, 0)]
    with pytest.raises(ProgramError, match=r"draft.snake.json: line 1: card 1, cell \(row 0, col 0\): unknown set 'set9'"):
        loads_program(draft("set9"), "draft.snake.json", rules=False)


def test_a_position_file_error_counts_snakes_from_1_and_points_at_their_line(tmp_path: Path) -> None:
    """Errors name the snake as the editor shows it ("snake 3", counted from 1) and where the file
    lists it (snakes[2]); the line is that snake's, not the one after it."""
    from engines.snake import PositionError
    from matcher.fileformat import load_position

    path = tmp_path / "three.position.json"
    snakes = [{"cells": [[0, 0], [0, 1]]}, {"cells": [[3, 3], [3, 4]]}, {"cells": [[5, 5], [5, "6"]]}]
    text = json.dumps({"format": "snake-position/1", "width": 7, "height": 7, "snakes": snakes}, indent=2)
    path.write_text(text)
    bad_line = text.splitlines().index('          "6"') + 1
    with pytest.raises(PositionError) as caught:
        load_position(path)
    said = str(caught.value)
    assert said.startswith(f"{path}: line ")
    line = int(said.removeprefix(f"{path}: line ").split(":")[0])
    assert bad_line - 3 <= line <= bad_line  # the cell [5, "6"], opened a few lines above its "6"
    assert said.endswith("snake 3 (snakes[2]): cells[1] y: expected an integer, got '6'")
    snakes[2] = {"cells": [[3, 4], [2, 4]]}
    text = json.dumps({"format": "snake-position/1", "width": 7, "height": 7, "snakes": snakes}, indent=2)
    path.write_text(text)
    with pytest.raises(PositionError, match=r"snake 3 \(snakes\[2\]\): cell \[3, 4\] overlaps snake 2$"):
        load_position(path)


def test_a_bad_test_position_in_a_program_points_at_the_snake_s_line(tmp_path: Path) -> None:
    """The line of a program test's bad position is its snake's, not the test's first line."""
    from engines.snake import start_position

    program = Program(tests=(ProgramTest("t", start_position(2), 0, frozenset({Direction.UP})),))
    data = program_to_json(program)
    snakes = data["tests"][0]["position"]["snakes"]
    snakes[1]["cells"][0] = snakes[0]["cells"][0]
    text = json.dumps(data, indent=1)
    path = tmp_path / "bad.snake.json"
    path.write_text(text)
    with pytest.raises(ProgramError) as caught:
        load_program(path)
    said = str(caught.value)
    assert said.endswith("test 1: position: snake 2 (snakes[1]): cell [9, 12] overlaps snake 1")
    line = int(said.removeprefix(f"{path}: line ").split(":")[0])
    lines = text.splitlines()
    first_snake = lines.index('    "snakes": [') + 2  # the first snake's "{"
    assert line > first_snake and lines[line - 1].strip() == "{" and '"cells"' in lines[line]  # the second's
