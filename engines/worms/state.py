"""A worm game state: an immutable snapshot of the board, the four worms and the counters.

The canonical text form of a state is the playfield file (see :mod:`engines.worms.playfield`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from engines.grid import Body, body_problem
from engines.worms.errors import StateError
from engines.worms.types import GAME_INFO, Cell, Direction, EndReason, Item


@dataclass(frozen=True)
class Worm(Body):
    """One worm. ``cells`` run from the head (where it moves from) to the tail."""

    cells: tuple[Cell, ...]
    direction: Direction
    """Where the head is moving: the letter on the head. A dead worm's head shows where it tried
    to go when it died (as the original server wrote it)."""
    frozen: int = 0
    """Rounds it stays frozen; 0 for a worm that moves (and for every dead worm)."""
    bonus: int = 0
    points: int = 0
    alive: bool = True

    @property
    def moving(self) -> bool:
        """Whether this worm moves (and its bot is started) in the next round."""
        return self.alive and self.frozen == 0

    def segment_directions(self) -> Iterator[tuple[Cell, Direction]]:
        """Each cell with the direction its letter shows: towards the next segment nearer the
        head, and on the head the direction of movement."""
        yield self.cells[0], self.direction
        for nearer, cell in zip(self.cells, self.cells[1:]):
            yield cell, Direction.between(cell, nearer)


@dataclass(frozen=True)
class WormsState:
    """The board (``width`` × ``height``, walls and items), the four worms in id order, and the
    counters of the playfield file's first line.

    ``items`` is a plain dict for speed; treat it as read-only, as the whole state is."""

    width: int
    height: int
    walls: frozenset[Cell]
    items: Mapping[Cell, Item]
    worms: tuple[Worm, ...]
    round: int = 0
    """Rounds played so far; a map is round 0."""
    max_rounds: int = 1000
    flowers_left: int = 100
    """Flowers still to eat before the game ends."""
    _owners: dict[Cell, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_owners", validate_state(self))

    def in_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def owner(self, cell: Cell) -> int | None:
        """The id of the worm with a segment on ``cell``, if any."""
        return self._owners.get(cell)

    def is_empty(self, cell: Cell) -> bool:
        """True for a cell with no wall, item or segment."""
        return cell not in self.walls and cell not in self.items and cell not in self._owners

    def empty_cells(self) -> list[Cell]:
        """Every empty cell in reading order (row by row from the top, left to right)."""
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.is_empty((x, y))]

    def movers(self) -> tuple[int, ...]:
        """The worms whose bots are started for the next round: alive and not frozen (none once
        the game is over)."""
        if self.end_reason() is not None:
            return ()
        return tuple(i for i, worm in enumerate(self.worms) if worm.moving)

    def end_reason(self) -> EndReason | None:
        """Why the game is over, or None while it goes on."""
        if self.flowers_left <= 0:
            return EndReason.FLOWERS_EATEN
        if self.round >= self.max_rounds:
            return EndReason.ROUND_LIMIT
        if not any(worm.alive for worm in self.worms):
            return EndReason.ALL_DEAD
        return None

    @property
    def over(self) -> bool:
        return self.end_reason() is not None

    def scores(self) -> tuple[int, ...]:
        """Each worm's points: the only thing that matters at the end."""
        return tuple(worm.points for worm in self.worms)

    def ranks(self) -> tuple[int, ...]:
        return ranks_of(self.scores())


def ranks_of(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks: 1 + the number of strictly better scores, so equal scores share a rank
    (``[5, 9, 5, 1]`` -> ``(2, 1, 2, 4)``)."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


def validate_state(state: WormsState) -> dict[Cell, int]:
    """Raise :class:`StateError` naming the worm and cell when a rule is broken; return the
    segment owners by cell."""
    w, h = state.width, state.height
    if not (3 <= w <= GAME_INFO.max_side and 3 <= h <= GAME_INFO.max_side):
        raise StateError(f"board size {w!r}x{h!r} is out of range 3..{GAME_INFO.max_side}")
    if len(state.worms) != GAME_INFO.players:
        raise StateError(f"a state holds exactly {GAME_INFO.players} worms, not {len(state.worms)}")
    for name, value in (("round", state.round), ("max_rounds", state.max_rounds), ("flowers_left", state.flowers_left)):
        if value < 0:
            raise StateError(f"{name} must not be negative, got {value!r}")
    for cell in state.walls:
        if not state.in_board(cell):
            raise StateError(f"wall {list(cell)} is outside the {w}x{h} board")
    for cell in _border(w, h):
        if cell not in state.walls:
            raise StateError(f"border cell {list(cell)} is not a wall (every border cell must be)")
    for cell in state.items:
        if cell in state.walls:
            raise StateError(f"item at {list(cell)} is on a wall")
        if not state.in_board(cell):
            raise StateError(f"item at {list(cell)} is outside the {w}x{h} board")
    owners: dict[Cell, int] = {}
    for index, worm in enumerate(state.worms):
        _check_worm(state, index, worm, owners)
    return owners


def _check_worm(state: WormsState, index: int, worm: Worm, owners: dict[Cell, int]) -> None:
    where = f"worm {index}"
    if not worm.cells:
        raise StateError(f"{where} has no cells")
    if worm.frozen < 0 or worm.bonus < 0 or worm.points < 0:
        raise StateError(f"{where}: frozen, bonus and points must not be negative "
                         f"(got {worm.frozen!r}, {worm.bonus!r}, {worm.points!r})")
    if not worm.alive and worm.frozen:
        raise StateError(f"{where} is dead, so its frozen count must be 0, not {worm.frozen!r}")
    problem = body_problem(worm.cells, index, owners, noun="worm", vet=lambda cell: _segment_problem(state, cell),
                           overlaps="segment {cell} overlaps {who}", broken="segments {before} and {cell} are not edge neighbours")
    if problem is not None:
        raise StateError(f"{where}: {problem}")
    if worm.length > 1 and worm.direction.step(worm.head) == worm.cells[1]:
        raise StateError(f"{where}: its head {list(worm.head)} faces {worm.direction.label}, back into its own "
                         f"neck {list(worm.cells[1])}; a worm never moves backwards")


def _segment_problem(state: WormsState, cell: Cell) -> str | None:
    if not state.in_board(cell) or cell in state.walls:
        return f"segment {list(cell)} is on a wall or outside the board"
    if cell in state.items:
        return f"segment {list(cell)} is on an item"
    return None


def _border(w: int, h: int) -> Iterator[Cell]:
    for x in range(w):
        yield x, 0
        yield x, h - 1
    for y in range(1, h - 1):
        yield 0, y
        yield w - 1, y
