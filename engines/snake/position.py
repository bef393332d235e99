"""Battle positions: an immutable snapshot of the field, validation, the start setup and the
``snake-position/1`` JSON codec (pure functions on parsed JSON values; file I/O lives elsewhere)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.grid import Body, body_problem
from engines.snake.types import GAME_INFO, Cell

POSITION_FORMAT = "snake-position/1"
MAX_FIELD_SIDE = 500


class PositionError(ValueError):
    """A position breaks a rule (overlap, broken body, out of the field, ...)."""


def snake_label(index: int) -> str:
    """Snake ``index`` (0-based, its seat) as messages name it: counted from 1, as the editor
    shows snakes ("Snake 1" is the first) and as people count."""
    return f"snake {index + 1}"


def json_snake_label(index: int) -> str:
    """Snake ``index`` of a ``snake-position/1`` file: its number and where the file lists it."""
    return f"{snake_label(index)} (snakes[{index}])"


@dataclass(frozen=True)
class SnakeBody(Body):
    """One snake's cells from head to tail. An eaten snake holds its leftover tail or nothing."""

    cells: tuple[Cell, ...]
    eaten: bool = False


@dataclass(frozen=True)
class Position:
    """A field of ``width`` × ``height`` cells and the snakes on it, in seat order."""

    width: int
    height: int
    snakes: tuple[SnakeBody, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        validate_position(self)

    def in_field(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height


def validate_position(position: Position) -> None:
    """Raise :class:`PositionError` naming the snake and cell when a rule is broken."""
    problem = position_problem(position.width, position.height, position.snakes)
    if problem is not None:
        raise PositionError(problem)


def position_problem(w: int, h: int, snakes: Sequence[SnakeBody], name: Callable[[int], str] = snake_label) -> str | None:
    """The first rule a position of ``snakes`` on a ``w`` × ``h`` field breaks, None when it
    breaks none; ``name`` says which snake (a reader adds where its format keeps it)."""
    if not (isinstance(w, int) and isinstance(h, int)) or not (1 <= w <= MAX_FIELD_SIDE and 1 <= h <= MAX_FIELD_SIDE):
        return f"field size {w!r}x{h!r} is out of range 1..{MAX_FIELD_SIDE}"
    if len(snakes) > GAME_INFO.max_snakes:
        return f"a position holds at most {GAME_INFO.max_snakes} snakes, not {len(snakes)}"
    owner: dict[Cell, int] = {}
    for index, snake in enumerate(snakes):
        where = name(index)
        if snake.eaten:
            if snake.length > 1:
                return f"{where}: an eaten snake holds at most its leftover tail, not {snake.length} cells"
        elif snake.length < 2:
            return f"{where}: a snake that is not eaten needs at least 2 cells (head and tail), has {snake.length}"
        problem = body_problem(
            snake.cells, index + 1, owner, noun="snake",  # numbered from 1, as snake_label counts
            vet=lambda cell: None if 0 <= cell[0] < w and 0 <= cell[1] < h else f"cell {list(cell)} is outside the {w}x{h} field",
            overlaps="cell {cell} overlaps {who}",
            broken="body is broken between {before} and {cell} (cells must be neighbours)",
        )
        if problem is not None:
            return f"{where}: {problem}"
    return None


def named_position(width: int, height: int, snakes: Sequence[SnakeBody], name: Callable[[int], str]) -> Position:
    """``Position(width, height, snakes)``, its error naming the snake with ``name``: a reader's
    own words. (Checked again only when it fails: replays read a position a step.)"""
    try:
        return Position(width, height, tuple(snakes))
    except PositionError as error:
        raise PositionError(position_problem(width, height, snakes, name) or str(error)) from None


def start_position(
    snakes: int,
    width: int = GAME_INFO.default_width,
    height: int = GAME_INFO.default_height,
    length: int = GAME_INFO.default_length,
) -> Position:
    """The start setup: snakes in the middle of the left, right, top and bottom sides (in that seat
    order), tail on the edge cell, lying along the line to the centre with the head inwards."""
    if not GAME_INFO.min_snakes <= snakes <= GAME_INFO.max_snakes:
        raise PositionError(f"a battle has {GAME_INFO.min_snakes}..{GAME_INFO.max_snakes} snakes, not {snakes}")
    if length < 2:
        raise PositionError(f"snake length must be at least 2, not {length}")
    if length > max(width, height, MAX_FIELD_SIDE):  # before listing its cells (10**23 of them hung here)
        raise PositionError(f"{snakes} snakes of length {length} do not fit on a {width}x{height} field "
                            "(longer than its sides)")
    cx, cy = width // 2, height // 2
    lines: list[tuple[Cell, tuple[int, int]]] = [
        ((0, cy), (1, 0)),  # left side, head towards the right
        ((width - 1, cy), (-1, 0)),
        ((cx, 0), (0, 1)),
        ((cx, height - 1), (0, -1)),
    ]
    bodies = []
    for (tx, ty), (dx, dy) in lines[:snakes]:
        tail_to_head = [(tx + dx * i, ty + dy * i) for i in range(length)]
        bodies.append(SnakeBody(tuple(reversed(tail_to_head))))
    try:
        return Position(width, height, tuple(bodies))
    except PositionError as err:
        raise PositionError(f"{snakes} snakes of length {length} do not fit on a {width}x{height} field ({err})") from None


# --- JSON codec -----------------------------------------------------------------------------


def position_to_json(position: Position) -> dict[str, Any]:
    """The ``snake-position/1`` JSON value of a position."""
    snakes: list[dict[str, Any]] = []
    for snake in position.snakes:
        entry: dict[str, Any] = {"cells": [[x, y] for x, y in snake.cells]}
        if snake.eaten:
            entry["eaten"] = True
        snakes.append(entry)
    return {"format": POSITION_FORMAT, "width": position.width, "height": position.height, "snakes": snakes}


def _check_keys(value: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise PositionError(f"{where}: unknown key {unknown[0]!r:.60} (allowed: {', '.join(sorted(allowed))})")


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected an integer, got {value!r}")
    return value


def position_from_json(data: object, where: str = "position") -> Position:
    """Parse a ``snake-position/1`` JSON value; errors name ``where`` and the snake."""
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected a JSON object, got {type(data).__name__}")
    # The format first: another kind of file (a program, a replay) is named as what it is, not
    # by its first key a position does not have.
    fmt = data.get("format", POSITION_FORMAT)
    if fmt != POSITION_FORMAT:
        raise PositionError(f"{where}: format is {fmt!r:.60}, expected {POSITION_FORMAT!r}")
    _check_keys(data, {"format", "width", "height", "snakes"}, where)
    for key in ("width", "height", "snakes"):
        if key not in data:
            raise PositionError(f"{where}: missing key {key!r}")
    width = _int(data["width"], f"{where}: width")
    height = _int(data["height"], f"{where}: height")
    raw_snakes = data["snakes"]
    if not isinstance(raw_snakes, list):
        raise PositionError(f"{where}: 'snakes' must be a list")
    bodies = []
    for index, raw in enumerate(raw_snakes):
        swhere = f"{where}: {json_snake_label(index)}"
        if not isinstance(raw, dict):
            raise PositionError(f"{swhere}: expected an object with 'cells'")
        _check_keys(raw, {"cells", "eaten"}, swhere)
        cells_raw = raw.get("cells")
        if not isinstance(cells_raw, list):
            raise PositionError(f"{swhere}: 'cells' must be a list of [x, y] pairs")
        cells: list[Cell] = []
        for j, c in enumerate(cells_raw):
            if not (isinstance(c, list) and len(c) == 2):
                raise PositionError(f"{swhere}: cells[{j}] must be an [x, y] pair, got {c!r}")
            cells.append((_int(c[0], f"{swhere}: cells[{j}] x"), _int(c[1], f"{swhere}: cells[{j}] y")))
        eaten = raw.get("eaten", False)
        if not isinstance(eaten, bool):
            raise PositionError(f"{swhere}: 'eaten' must be true or false")
        bodies.append(SnakeBody(tuple(cells), eaten))
    try:
        return named_position(width, height, bodies, json_snake_label)
    except PositionError as err:
        raise PositionError(f"{where}: {err}") from None
