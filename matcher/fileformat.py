"""The ``snake-program/1`` JSON file format: load, save, validate.

Unknown keys are errors so typos are caught. Every error is a :class:`ProgramError` whose one-line
message names the file and the card, cell, set or test, and the rule that is broken."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from engines.snake import (
    Direction,
    Element,
    Position,
    PositionError,
    json_snake_label,
    position_from_json,
    position_to_json,
)
from matcher.model import (
    CARD_SIZE,
    MAX_CARDS,
    MAX_SETS,
    Card,
    CardCell,
    ElementSet,
    Group,
    Head,
    Pattern,
    Program,
    ProgramTest,
    match_from_label,
)
from matcher.atomic import atomic_write_text
from matcher.bounded import read_text_file
from matcher.places import json_line
from matcher.validate import Problem, ProgramError, validate_program

PROGRAM_FORMAT = "snake-program/1"
PROGRAM_SUFFIX = ".snake.json"
POSITION_SUFFIX = ".position.json"
_HEAD_NAMES = {"head", "own_head"}
_T = TypeVar("_T")


class _Fail(Exception):
    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def _fail(message: str, **where: Any) -> _Fail:
    return _Fail(Problem(message, **where))


class _JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers the first key its text listed twice (plain
    :func:`json.loads` keeps the last value silently, which would hide a second ``head``)."""

    duplicate: str | None = None


def _json_object(pairs: list[tuple[str, Any]]) -> _JsonObject:
    result = _JsonObject()
    for key, value in pairs:
        if key in result and result.duplicate is None:
            result.duplicate = key
        result[key] = value
    return result


def _first_duplicate(value: object) -> tuple[list[str | int], str] | None:
    """The path to the first JSON object inside ``value`` that lists a key twice, and that key."""
    stack: list[tuple[list[str | int], object]] = [([], value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            duplicate = getattr(item, "duplicate", None)
            if duplicate is not None:
                return path, duplicate
            stack.extend((path + [k], v) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((path + [i], v) for i, v in reversed(list(enumerate(item))))
    return None


def _check_position_json(data: object, where: str) -> None:
    """What :func:`position_from_json` cannot see in a parsed value: keys listed twice."""
    found = _first_duplicate(data)
    if found is not None:
        path, key = found
        snake = path[1] if len(path) >= 2 and path[0] == "snakes" else None
        place = f"{json_snake_label(snake)}: " if isinstance(snake, int) else ""
        raise PositionError(f"{where}: {place}the key {key!r} is listed twice")


def _json_kind(value: object) -> str:
    """A JSON value as its writer knows it: ``an object``, ``a list``, ``null``, ``"up"``, ``3``
    (the reader's classes, ``_JsonObject`` or ``NoneType``, said nothing to them)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value)[:60]


def _keys(value: object, required: set[str], optional: set[str], what: str, **where: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"{what} must be a JSON object, got {_json_kind(value)}", **where)
    duplicate = getattr(value, "duplicate", None)
    if duplicate is not None:
        raise _fail(f"the key {duplicate!r} is listed twice in {what}", **where)
    unknown = sorted(set(value) - required - optional)
    if unknown:
        raise _fail(f"unknown key {unknown[0]!r:.60} in {what} (allowed: {', '.join(sorted(required | optional))})", **where)
    missing = sorted(required - set(value))
    if missing:
        raise _fail(f"{what} is missing the key {missing[0]!r}", **where)
    return value


def _str(value: object, what: str, **where: Any) -> str:
    if not isinstance(value, str):
        raise _fail(f"{what} must be a string, got {value!r}", **where)
    return value


def _int(value: object, what: str, **where: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{what} must be an integer, got {value!r}", **where)
    return value


def _list(value: object, what: str, **where: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list, got {_json_kind(value)}", **where)
    return value


# --- JSON value -> model --------------------------------------------------------------------


def program_from_json(data: object, source: str = "<program>", *, text: str | None = None,
                      at: Sequence[str | int] = (), rules: bool = True) -> Program:
    """Build and validate a program from a parsed JSON value; errors start with ``source`` and,
    given the ``text`` it was parsed from (the program at path ``at`` in it), the line of the
    card, cell, set or test they name.

    ``rules=False`` reads a draft, as the editor saves work in progress: the value must be a
    well-formed program, but the rules :func:`validate_program` checks (a set's size, the set a
    pattern names, a test's snake) are left to the reader, which lists them as problems."""
    try:
        program = _program(data)
    except _Fail as fail:
        problem: Problem | None = fail.problem
    else:
        problems = validate_program(program) if rules else []
        problem = problems[0] if problems else None
    if problem is None:
        return program
    place = "" if text is None else f"line {json_line(text, [*at, *_problem_path(problem, data)])}: "
    raise ProgramError(f"{source}: {place}{problem}")


def _problem_path(problem: Problem, data: object) -> list[str | int]:
    """The JSON path of what ``problem`` names: its card (its cell's entry when one matches), set
    or test; empty for the program as a whole."""
    if problem.card is not None:
        path: list[str | int] = ["cards", problem.card]
        cells = _get(data, "cards", problem.card, "cells")
        if problem.cell is not None and isinstance(cells, list):
            for index, entry in enumerate(cells):
                if isinstance(entry, dict) and (entry.get("row"), entry.get("col")) == tuple(problem.cell):
                    return [*path, "cells", index]
        return path
    if problem.set_index is not None:
        return ["sets", problem.set_index]
    if problem.test is not None:
        test: list[str | int] = ["tests", problem.test]
        inside = problem.message.removeprefix("position: ")  # a snake, a cell or a key of its position
        return [*test, "position", *_position_path(inside)] if inside != problem.message else test
    return []


def _get(data: object, *path: str | int) -> object:
    for step in path:
        if isinstance(step, int) and isinstance(data, list) and 0 <= step < len(data):
            data = data[step]
        elif isinstance(step, str) and isinstance(data, dict):
            data = data.get(step)
        else:
            return None
    return data


def _program(data: object) -> Program:
    top = _keys(data, {"format", "cards"}, {"name", "description", "sets", "tests"}, "the program")
    if top["format"] != PROGRAM_FORMAT:
        raise _fail(f"format is {top['format']!r}, expected {PROGRAM_FORMAT!r}")
    raw_sets = _list(top.get("sets", []), "'sets'")
    if len(raw_sets) > MAX_SETS:
        raise _fail(f"a program has at most {MAX_SETS} user sets, this one has {len(raw_sets)}")
    sets = tuple(_set(raw, i) for i, raw in enumerate(raw_sets))
    raw_cards = _list(top["cards"], "'cards'")
    if not 1 <= len(raw_cards) <= MAX_CARDS:
        raise _fail(f"a program has 1..{MAX_CARDS} cards, this one has {len(raw_cards)}")
    cards = tuple(_card(raw, i) for i, raw in enumerate(raw_cards))
    tests = tuple(_test(raw, i) for i, raw in enumerate(_list(top.get("tests", []), "'tests'")))
    return Program(
        name=_str(top.get("name", ""), "'name'"),
        description=_str(top.get("description", ""), "'description'"),
        sets=sets,
        cards=cards,
        tests=tests,
    )


def _element(label: str) -> Element:
    """An element by its exact name (``enemy_tail``, not ``Enemy_Tail``)."""
    element = Element.from_label(label)
    if element.label != label:
        raise ValueError(f"unknown element {label!r} (did you mean {element.label!r}?)")
    return element


def _direction(label: str) -> Direction:
    """A direction by its exact name (``up``, not ``UP``)."""
    direction = Direction.from_label(label)
    if direction.label != label:
        raise ValueError(f"unknown direction {label!r} (did you mean {direction.label!r}?)")
    return direction


def _set(raw: object, index: int) -> ElementSet:
    entry = _keys(raw, {"elements"}, {"name"}, "a user set", set_index=index)
    names = _list(entry["elements"], "'elements'", set_index=index)
    elements = []
    for name in names:
        try:
            elements.append(_element(_str(name, "an element", set_index=index)))
        except ValueError as err:  # it lists the elements, or names the one meant
            raise _fail(str(err), set_index=index) from None
    if len(set(elements)) != len(elements):
        raise _fail("lists an element twice", set_index=index)
    return ElementSet(_str(entry.get("name", f"set{index + 1}"), "'name'", set_index=index), frozenset(elements))


def _card(raw: object, index: int) -> Card:
    if getattr(raw, "duplicate", None) == "head":
        raise _fail("has two heads ('head' is listed twice); a card has exactly one head", card=index)
    entry = _keys(raw, set(), {"head", "cells", "description"}, "a card", card=index)
    if "head" not in entry:
        raise _fail("has no head (every card needs exactly one 'head')", card=index)
    head = _head(entry["head"], index)
    cells: dict[CardCell, Pattern] = {}
    for number, raw_cell in enumerate(_list(entry.get("cells", []), "'cells'", card=index), 1):
        cell, pattern = _cell(raw_cell, index, number)
        if cell in cells:
            raise _fail("is listed twice", card=index, cell=cell)
        if cell == head.cell:
            raise _fail("a pattern cannot sit on the head", card=index, cell=cell)
        cells[cell] = pattern
    return Card(head, cells, _str(entry.get("description", ""), "'description'", card=index))


def _coordinate(entry: dict[str, Any], key: str, **where: Any) -> int:
    value = _int(entry[key], f"the head's '{key}'", **where)
    if not 0 <= value < CARD_SIZE:
        raise _fail(
            f"the head's {key} {value} is outside the {CARD_SIZE}x{CARD_SIZE} map (0..{CARD_SIZE - 1})", **where
        )
    return value


def _head(raw: object, index: int) -> Head:
    if isinstance(raw, list):
        raise _fail("has two heads or more; a card has exactly one head", card=index)
    entry = _keys(raw, {"row", "col"}, {"facing"}, "the head", card=index)
    row, col = _coordinate(entry, "row", card=index), _coordinate(entry, "col", card=index)
    try:
        facing = _direction(_str(entry.get("facing", "up"), "the head's 'facing'", card=index))
    except ValueError as err:
        raise _fail(f"head: {err}", card=index) from None
    return Head(row, col, facing)


def _cell(raw: object, index: int, number: int) -> tuple[CardCell, Pattern]:
    what = f"'cells' entry {number}"
    required, optional = {"row", "col", "match"}, {"not", "group"}
    if isinstance(raw, dict) and all(type(raw.get(k)) is int for k in ("row", "col")):
        # Coordinates are readable: name the cell by them, as every later message does.
        entry = _keys(raw, required, optional, "the cell", card=index, cell=(raw["row"], raw["col"]))
    else:
        entry = _keys(raw, required, optional, what, card=index)
    row, col = _int(entry["row"], f"{what}: 'row'", card=index), _int(entry["col"], f"{what}: 'col'", card=index)
    cell = (row, col)
    if not (0 <= row < CARD_SIZE and 0 <= col < CARD_SIZE):
        raise _fail(f"is outside the {CARD_SIZE}x{CARD_SIZE} map (rows and cols are 0..{CARD_SIZE - 1})", card=index, cell=cell)
    label = _str(entry["match"], "'match'", card=index, cell=cell)
    if label in _HEAD_NAMES:
        raise _fail("a second head; a card has exactly one head, given by its 'head' key", card=index, cell=cell)
    try:
        match = match_from_label(label)
        if match.label != label:
            raise ValueError(f"unknown element or set {label!r} (did you mean {match.label!r}?)")
        group_label = _str(entry.get("group", "and1"), "'group'", card=index, cell=cell)
        group = Group.from_label(group_label)
        if group.label != group_label:
            raise ValueError(f"bad group {group_label!r} (did you mean {group.label!r}?)")
    except ValueError as err:
        raise _fail(str(err), card=index, cell=cell) from None
    negate = entry.get("not", False)
    if not isinstance(negate, bool):
        raise _fail(f"'not' must be true or false, got {negate!r}", card=index, cell=cell)
    return cell, Pattern(match, negate, group)


def _test(raw: object, index: int) -> ProgramTest:
    entry = _keys(raw, {"position", "snake", "expect"}, {"name"}, "a test", test=index)
    try:
        _check_position_json(entry["position"], "position")
        position = position_from_json(entry["position"], "position")
    except PositionError as err:
        raise _fail(str(err), test=index) from None
    expect = []
    for label in _list(entry["expect"], "'expect'", test=index):
        try:
            expect.append(_direction(_str(label, "a move", test=index)))
        except ValueError as err:
            raise _fail(f"expect: {err}", test=index) from None
    if len(set(expect)) != len(expect):
        raise _fail("'expect' lists a move twice", test=index)
    name = _str(entry.get("name", f"test {index + 1}"), "'name'", test=index)
    return ProgramTest(name, position, _int(entry["snake"], "'snake'", test=index), frozenset(expect))


# --- model -> JSON value --------------------------------------------------------------------


def program_to_json(program: Program) -> dict[str, Any]:
    data: dict[str, Any] = {"format": PROGRAM_FORMAT, "name": program.name}
    if program.description:
        data["description"] = program.description
    if program.sets:
        data["sets"] = [set_to_json(s) for s in program.sets]
    data["cards"] = [card_to_json(card) for card in program.cards]
    if program.tests:
        data["tests"] = [program_test_to_json(t) for t in program.tests]
    return data


def set_to_json(element_set: ElementSet) -> dict[str, Any]:
    return {"name": element_set.name, "elements": [e.label for e in sorted(element_set.elements)]}


def program_test_to_json(test: ProgramTest) -> dict[str, Any]:
    return {
        "name": test.name,
        "position": position_to_json(test.position),
        "snake": test.snake,
        "expect": [d.label for d in sorted(test.expect)],
    }


def head_to_json(head: Head) -> dict[str, Any]:
    return {"row": head.row, "col": head.col, "facing": head.facing.label}


def cell_to_json(cell: CardCell, pattern: Pattern) -> dict[str, Any]:
    """One ``cells`` entry of a card: where, what, NOT only when set, the group."""
    data: dict[str, Any] = {"row": cell[0], "col": cell[1], "match": pattern.match.label}
    if pattern.negate:
        data["not"] = True
    data["group"] = pattern.group.label
    return data


def card_to_json(card: Card) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if card.description:
        data["description"] = card.description
    data["head"] = head_to_json(card.head)
    data["cells"] = [cell_to_json(cell, pattern) for cell, pattern in card.sorted_cells()]
    return data


# --- parts of a program on their own (diffs, the clipboard) -----------------------------------


def _part(parse: Callable[[], _T], source: str) -> _T:
    try:
        return parse()
    except _Fail as fail:
        raise ProgramError(f"{source}: {fail.problem}") from None


def card_from_json(data: object, index: int = 0, source: str = "<card>") -> Card:
    """A card's JSON value (as in a program's ``cards``); ``index`` names it in errors. Set
    references are not checked against any program's sets."""
    return _part(lambda: _card(data, index), source)


def cell_from_json(data: object, index: int = 0, source: str = "<cell>") -> tuple[CardCell, Pattern]:
    return _part(lambda: _cell(data, index, 1), source)


def head_from_json(data: object, index: int = 0, source: str = "<head>") -> Head:
    return _part(lambda: _head(data, index), source)


def set_from_json(data: object, index: int = 0, source: str = "<set>") -> ElementSet:
    return _part(lambda: _set(data, index), source)


def program_test_from_json(data: object, index: int = 0, source: str = "<test>") -> ProgramTest:
    return _part(lambda: _test(data, index), source)


# --- text and files -------------------------------------------------------------------------


def loads_json(text: str, source: str, error: type[ValueError] = ProgramError) -> Any:
    """Parse JSON text; objects remember keys listed twice. Every failure is one ``error`` line
    naming the line and column."""
    try:
        return json.loads(text, object_pairs_hook=_json_object)
    except json.JSONDecodeError as err:
        raise error(f"{source}: line {err.lineno}, column {err.colno}: invalid JSON: {err.msg}") from None
    except RecursionError:
        raise error(f"{source}: {_place(text, _too_deep(text))}: invalid JSON: nested too deeply") from None
    except ValueError:  # int() refuses an integer literal of over 4300 digits
        limit = sys.get_int_max_str_digits()
        found = re.search(r"\d{%d,}" % (limit + 1), text)
        start = found.start() if found else 0
        raise error(f"{source}: {_place(text, start)}: invalid JSON: a number of more than {limit} digits") from None


def _place(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _too_deep(text: str, limit: int = 500) -> int:
    """The offset where brackets outside strings first nest ``limit`` deep."""
    depth, in_string, escaped = 0, False, False
    for offset, char in enumerate(text):
        if in_string:
            escaped, in_string = (not escaped and char == "\\"), in_string and (escaped or char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth >= limit:
                return offset
        elif char in "]}":
            depth -= 1
    return 0


def read_text(path: str | os.PathLike[str], error: type[ValueError] = ProgramError) -> str:
    return read_text_file(path, error)


def loads_program(text: str, source: str = "<program>", *, rules: bool = True) -> Program:
    return program_from_json(loads_json(text, source), source, text=text, rules=rules)


def dumps_program(program: Program) -> str:
    return json.dumps(program_to_json(program), indent=2, ensure_ascii=False) + "\n"


def load_program(path: str | os.PathLike[str], *, rules: bool = True) -> Program:
    """The program in ``path``; ``rules=False``: a draft (see :func:`program_from_json`)."""
    return loads_program(read_text(path), os.fspath(path), rules=rules)


def save_program(path: str | os.PathLike[str], program: Program) -> None:
    atomic_write_text(path, dumps_program(program))


# --- positions ------------------------------------------------------------------------------


def load_position(path: str | os.PathLike[str]) -> Position:
    """Read a ``snake-position/1`` file; errors are :class:`PositionError` naming the file and
    the line of the snake, cell or key they are about."""
    source = os.fspath(path)
    text = read_text(path, PositionError)
    data = loads_json(text, source, PositionError)
    try:
        _check_position_json(data, source)
        return position_from_json(data, source)
    except PositionError as err:
        message = str(err).removeprefix(f"{source}: ")
        raise PositionError(f"{source}: line {json_line(text, _position_path(message))}: {message}") from None


_POSITION_PLACE = re.compile(r"(?:snake \d+ \(snakes\[(\d+)\]\)(?:: cells\[(\d+)\])?|(width|height|format)\b|.*'(\w+)')")


def _position_path(message: str) -> list[str | int]:
    """The JSON path a position error names: ``snake 2 (snakes[1]): cells[2]`` -> snakes/1/cells/2,
    a key."""
    found = _POSITION_PLACE.match(message)
    if found is None:
        return []
    snake, cell, field, key = found.groups()
    if snake is not None:
        path: list[str | int] = ["snakes", int(snake)]
        return path + ["cells", int(cell)] if cell is not None else path
    return [str(field or key)]


def dumps_position(position: Position) -> str:
    return json.dumps(position_to_json(position), indent=2) + "\n"


def save_position(path: str | os.PathLike[str], position: Position) -> None:
    atomic_write_text(path, dumps_position(position))
