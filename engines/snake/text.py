"""A text form of a position that round-trips: a picture for people, exact for the code.

::

    7x4
    .......
    .Aaa...
    ...bbB.
    .......
    c: eaten

The first line is ``WIDTHxHEIGHT``, then one row of the field per line: ``.`` empty, ``A``–``D``
the head of snake 1–4, ``a``–``d`` its other cells. The order of a snake's cells is found by
walking from the head through its own cells; where that walk is ambiguous (a coiled body), a line
``a: x,y x,y ...`` lists the cells head first. ``c: eaten`` marks an eaten snake (its leftover tail,
if any, is its one lowercase cell). ``#`` starts a comment line.

Errors name a snake by its number, as the editor shows it, and its letter: ``snake 2 (b)``.
"""

from __future__ import annotations

import re

from engines.snake.position import Position, PositionError, SnakeBody, named_position, snake_label
from engines.snake.types import GAME_INFO, Cell

LETTERS = "abcd"[: GAME_INFO.max_snakes]
_SIZE = re.compile(r"^\s*(\d+)\s*x\s*(\d+)\s*$")
_DECL = re.compile(r"^\s*([a-d])\s*:\s*(.*)$")


def text_snake_label(index: int) -> str:
    """``snake 2 (b)``: the number the editor shows and the letter the text writes."""
    return f"{snake_label(index)} ({LETTERS[index]})"


def position_to_text(position: Position) -> str:
    rows = [["."] * position.width for _ in range(position.height)]
    notes = []
    for index, snake in enumerate(position.snakes):
        letter = LETTERS[index]
        for i, (x, y) in enumerate(snake.cells):
            rows[y][x] = letter.upper() if i == 0 and not snake.eaten else letter
        if snake.eaten:
            notes.append(f"{letter}: eaten")
        elif _walk(snake.cells[0], set(snake.cells)) != list(snake.cells):
            notes.append(f"{letter}: " + " ".join(f"{x},{y}" for x, y in snake.cells))
    lines = [f"{position.width}x{position.height}"] + ["".join(r) for r in rows] + notes
    return "\n".join(lines) + "\n"


def position_from_text(text: str) -> Position:
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise PositionError("empty position text")
    size = _SIZE.match(lines[0])
    if not size:
        raise PositionError(f"line 1: expected the field size as WIDTHxHEIGHT, got {lines[0]!r}")
    width, height = int(size.group(1)), int(size.group(2))
    grid = [ln.strip() for ln in lines[1 : 1 + height]]
    if len(grid) < height:
        raise PositionError(f"expected {height} rows of the field, got {len(grid)}")
    heads: dict[int, Cell] = {}
    cells: dict[int, set[Cell]] = {}
    for y, row in enumerate(grid):
        if len(row) != width:
            raise PositionError(f"row {y}: expected {width} characters, got {len(row)} in {row!r}")
        for x, ch in enumerate(row):
            if ch == ".":
                continue
            index = LETTERS.find(ch.lower())
            if index < 0:
                raise PositionError(f"row {y}, column {x}: unknown character {ch!r} (use . a-d A-D)")
            cells.setdefault(index, set()).add((x, y))
            if ch.isupper():
                if index in heads:
                    raise PositionError(f"{text_snake_label(index)} has two heads, at {list(heads[index])} and {[x, y]}")
                heads[index] = (x, y)
    eaten: set[int] = set()
    paths: dict[int, list[Cell]] = {}
    for line in lines[1 + height :]:
        decl = _DECL.match(line)
        if not decl:
            raise PositionError(f"unexpected line after the field: {line!r}")
        index, rest = LETTERS.index(decl.group(1)), decl.group(2).strip()
        if rest == "eaten":
            eaten.add(index)
        else:
            try:
                paths[index] = [(int(a), int(b)) for a, b in (p.split(",") for p in rest.split())]
            except ValueError:
                raise PositionError(f"{text_snake_label(index)}: bad cell list {rest!r} (expected x,y x,y ...)") from None
    count = max([*cells, *eaten, *paths, -1]) + 1
    bodies = []
    for index in range(count):
        bodies.append(_body(index, heads.get(index), cells.get(index, set()), index in eaten, paths.get(index)))
    return named_position(width, height, bodies, text_snake_label)


def _body(index: int, head: Cell | None, cells: set[Cell], eaten: bool, path: list[Cell] | None) -> SnakeBody:
    letter, who = LETTERS[index], text_snake_label(index)
    if path is not None:
        if set(path) != cells or len(path) != len(cells):
            raise PositionError(f"{who}: the listed cells do not match the {letter} cells of the field")
        if path and not eaten and path[0] != head:
            shown = f"at {list(head)}" if head is not None else "not shown on the field"
            raise PositionError(f"{who}: the listed cells start at {list(path[0])}, but its head {letter.upper()} is {shown}")
        return SnakeBody(tuple(path), eaten)
    if not cells:
        if not eaten:
            raise PositionError(f"{who} has no cells; mark it '{letter}: eaten' if it was eaten")
        return SnakeBody((), True)
    if head is None:
        if len(cells) == 1:  # a lone lowercase cell is an eaten snake's leftover tail
            return SnakeBody(tuple(cells), True)
        raise PositionError(f"{who} has no head (write it as {letter.upper()})")
    order = _walk(head, cells)
    if len(order) != len(cells):
        raise PositionError(
            f"{who}: cannot tell the order of its cells from the picture; list them as '{letter}: x,y x,y ...'"
        )
    return SnakeBody(tuple(order), eaten)


def _walk(head: Cell, cells: set[Cell]) -> list[Cell]:
    """Follow the body from the head while each step has exactly one unvisited neighbour."""
    order = [head]
    seen = {head}
    while True:
        x, y = order[-1]
        nexts = [c for c in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if c in cells and c not in seen]
        if len(nexts) != 1:
            return order
        order.append(nexts[0])
        seen.add(nexts[0])
