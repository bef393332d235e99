"""What the grid games share: the four directions of a square grid, and bodies of edge-adjacent
cells (their names for the head and tail, their check). (The engines are independent of each other; this is no game's, so both the
snake and the worm game use it.)"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TypeVar

Cell = tuple[int, int]
"""``(x, y)``: x grows to the right, y downwards."""
L = TypeVar("L", bound="Labelled")


class Labelled(enum.Enum):
    """An enum (no members of its own) whose members are named in files and JSON by their
    lowercase names: ``Direction.UP`` is ``"up"``. Mixed in before the enum type
    (``class Direction(Labelled, enum.IntEnum)``), which keeps its behaviour."""

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def from_label(cls: type[L], label: str) -> L:
        """The member ``label`` names, in any case; a ValueError names the class and lists the labels."""
        try:
            return cls[label.upper()]
        except KeyError:
            *first, last = [member.label for member in cls]
            raise ValueError(f"unknown {cls.__name__.lower()} {label!r} (expected {', '.join(first)} or {last})") from None


class Direction(Labelled, enum.IntEnum):
    """A direction on the grid. The order (clockwise from up) is the order used in every output
    (and of a worm's letters: worm 0 writes ``a b c d`` for up, right, down, left)."""

    UP = 0
    RIGHT = 1
    DOWN = 2
    LEFT = 3

    @property
    def dx(self) -> int:
        return _DELTAS[self][0]

    @property
    def dy(self) -> int:
        return _DELTAS[self][1]

    def turned(self, quarter_turns_clockwise: int) -> Direction:
        return Direction((self + quarter_turns_clockwise) % 4)

    def step(self, cell: Cell) -> Cell:
        """The neighbour of ``cell`` in this direction."""
        return cell[0] + self.dx, cell[1] + self.dy

    @staticmethod
    def between(start: Cell, end: Cell) -> Direction:
        """The direction from ``start`` to the edge-adjacent ``end``."""
        delta = (end[0] - start[0], end[1] - start[1])
        for direction, d in _DELTAS.items():
            if d == delta:
                return direction
        raise ValueError(f"cells {list(start)} and {list(end)} are not edge neighbours")


_DELTAS = {
    Direction.UP: (0, -1),
    Direction.RIGHT: (1, 0),
    Direction.DOWN: (0, 1),
    Direction.LEFT: (-1, 0),
}


class Body:
    """A body of edge-adjacent cells from the head to the tail (a snake, a worm). A mixin: the
    game's frozen dataclass declares ``cells``; this names its parts."""

    cells: tuple[Cell, ...]

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def head(self) -> Cell:
        return self.cells[0]

    @property
    def tail(self) -> Cell:
        return self.cells[-1]


def body_problem(cells: Sequence[Cell], index: int, owners: dict[Cell, int], *, noun: str,
                 vet: Callable[[Cell], str | None], overlaps: str, broken: str) -> str | None:
    """The first problem of body ``index`` (its cells from head to tail), None when it has none;
    its cells are claimed in ``owners`` (cell -> the body holding it) on the way, so the bodies
    checked one after another find their overlaps. Cell by cell: what ``vet`` (the game's own
    rule for a cell) says of it, then ``overlaps`` when a body already holds it, then ``broken``
    when it is not an edge neighbour of the cell before. The game words the last two: templates
    with ``{cell}``, ``{before}`` (cells written as lists) and ``{who}`` (``itself`` or
    ``<noun> <index>``)."""
    for i, cell in enumerate(cells):
        problem = vet(cell)
        if problem is not None:
            return problem
        if cell in owners:
            other = owners[cell]
            return overlaps.format(cell=list(cell), who="itself" if other == index else f"{noun} {other}")
        owners[cell] = index
        if i > 0:
            px, py = cells[i - 1]
            if abs(px - cell[0]) + abs(py - cell[1]) != 1:
                return broken.format(before=[px, py], cell=list(cell))
    return None
