"""What the grid games share: the four directions of a square grid. (The engines are independent
of each other; this is no game's, so both the snake and the worm game use it.)"""

from __future__ import annotations

import enum

Cell = tuple[int, int]
"""``(x, y)``: x grows to the right, y downwards."""


class Direction(enum.IntEnum):
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

    @property
    def label(self) -> str:
        """The lowercase name used in files and JSON (``"up"``)."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Direction:
        try:
            return cls[label.upper()]
        except KeyError:
            raise ValueError(f"unknown direction {label!r} (expected up, right, down or left)") from None

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
