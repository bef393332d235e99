"""The playfield file: what a bot reads each round, the map format, and the state's text form.

::

    0 500 50            round, round limit, flowers still to eat
    30 30               width, height
    2 1 1 1 0 0 0       per worm 0-3: head x y, tail x y, frozen, bonus, points
    ...                 (frozen 999999999 = dead)
    ##############...   `height` rows of `width` characters

Board characters: ``' '`` empty, ``'#'`` wall, ``'.'`` flower, ``'*'`` ice, ``'+'`` bonus, and
worm segments ``abcd`` (worm 0), ``hijk`` (1), ``opqr`` (2), ``wxyz`` (3): the letter is the
direction (up, right, down, left) towards the next segment nearer the head, on the head the
direction of movement. The writer ends lines with ``\\n``, ``\\r\\n`` or ``\\r``; the reader
accepts all three. ``playfield_from_text(playfield_to_text(s)) == s`` for every state.
"""

from __future__ import annotations

import enum
import re

from engines.worms.errors import PlayfieldError, StateError
from engines.worms.state import Worm, WormsState
from engines.worms.types import GAME_INFO, SEGMENT_LETTERS, Cell, Direction, Item, segment_letter

WALL = "#"
EMPTY = " "
_ITEMS = {item.char: item for item in Item}
_KNOWN = f"{EMPTY!r}, {WALL!r}, " + ", ".join(repr(c) for c in _ITEMS) + " or a worm letter (a-d h-k o-r w-z)"
_HEADER_LINES = 2 + GAME_INFO.players


class LineEnd(enum.Enum):
    """The line terminator a playfield is written with."""

    LF = "\n"
    CRLF = "\r\n"
    CR = "\r"


def playfield_to_text(state: WormsState, line_end: LineEnd = LineEnd.LF) -> str:
    """The playfield file of ``state`` (a map when its round is 0)."""
    lines = [f"{state.round} {state.max_rounds} {state.flowers_left}", f"{state.width} {state.height}"]
    for worm in state.worms:
        frozen = worm.frozen if worm.alive else GAME_INFO.dead_frozen
        (hx, hy), (tx, ty) = worm.head, worm.tail
        lines.append(f"{hx} {hy} {tx} {ty} {frozen} {worm.bonus} {worm.points}")
    rows = [[EMPTY] * state.width for _ in range(state.height)]
    for x, y in state.walls:
        rows[y][x] = WALL
    for (x, y), item in state.items.items():
        rows[y][x] = item.char
    for index, worm in enumerate(state.worms):
        for (x, y), direction in worm.segment_directions():
            rows[y][x] = segment_letter(index, direction)
    lines.extend("".join(row) for row in rows)
    end = line_end.value
    return end.join(lines) + end


def playfield_from_text(text: str) -> WormsState:
    """Read a playfield or map; :class:`PlayfieldError` names the line and column of a problem."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    round_, max_rounds, flowers_left = _numbers(lines, 0, 3, "round, round limit and flowers left")
    width, height = _numbers(lines, 1, 2, "board width and height")
    for value, name in ((width, "width"), (height, "height")):
        if not 3 <= value <= GAME_INFO.max_side:
            raise PlayfieldError(f"board {name} {value!r} is out of range 3..{GAME_INFO.max_side}", 2)
    heads_tails = [_worm_line(lines, 2 + i, i, width, height) for i in range(GAME_INFO.players)]
    board = _Board.read(lines, width, height)
    worms = tuple(_trace_worm(board, i, *heads_tails[i]) for i in range(GAME_INFO.players))
    for worm_id, cells in board.segments.items():
        stray = sorted(cells - set(worms[worm_id].cells), key=lambda c: (c[1], c[0]))
        if stray:
            raise PlayfieldError(
                f"segment {board.char(stray[0])!r} of worm {worm_id} at {list(stray[0])} is not on the chain "
                f"from its tail {list(worms[worm_id].tail)} to its head {list(worms[worm_id].head)}",
                *board.where(stray[0]),
            )
    try:
        return WormsState(width, height, frozenset(board.walls), board.items, worms, round_, max_rounds, flowers_left)
    except StateError as error:  # what the reading above cannot see: a rule of the state as a whole
        raise PlayfieldError(str(error), *_state_place(str(error))) from None


def _state_place(message: str) -> tuple[int, ...]:
    """The line (and column) a state's error is about: the board cell ``[x, y]`` it names, else
    the line of the worm it names, else the first line."""
    cell = re.search(r"\[(\d+), (\d+)\]", message)
    if cell is not None:
        return _HEADER_LINES + int(cell.group(2)) + 1, int(cell.group(1)) + 1
    worm = re.search(r"worm (\d)", message)
    return (3 + int(worm.group(1)),) if worm is not None else (1,)


MAX_DIGITS = 18
"""The longest number a playfield may hold: int() refuses a digit string of over 4300 digits
(and is slow long before), so a longer one is an error naming its place, not a crash."""


def _numbers(lines: list[str], index: int, count: int, what: str) -> list[int]:
    if index >= len(lines):
        raise PlayfieldError(f"the file ends before the line with the {what}", index + 1)
    fields = lines[index].split()
    if len(fields) != count or not all(f.isdigit() and f.isascii() for f in fields):
        raise PlayfieldError(f"expected {count} whole numbers ({what}), got {_cut(lines[index])!r}", index + 1)
    for f in fields:
        if len(f) > MAX_DIGITS:
            raise PlayfieldError(f"the number {_cut(f)} has more than {MAX_DIGITS} digits ({what})", index + 1,
                                 lines[index].index(f) + 1)
    return [int(f) for f in fields]


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _worm_line(lines: list[str], index: int, worm: int, width: int, height: int) -> tuple[Cell, Cell, int, int, int, int]:
    hx, hy, tx, ty, frozen, bonus, points = _numbers(lines, index, 7, f"worm {worm}: head x y, tail x y, frozen, bonus, points")
    for name, (x, y) in (("head", (hx, hy)), ("tail", (tx, ty))):
        if not (0 <= x < width and 0 <= y < height):
            raise PlayfieldError(f"worm {worm}'s {name} [{x}, {y}] is outside the {width}x{height} board", index + 1)
    return (hx, hy), (tx, ty), frozen, bonus, points, index + 1


class _Board:
    """The board rows as read, with walls, items and worm segments sorted out."""

    def __init__(self, rows: list[str], first_line: int) -> None:
        self.rows = rows
        self.first_line = first_line
        self.walls: set[Cell] = set()
        self.items: dict[Cell, Item] = {}
        self.segments: dict[int, set[Cell]] = {i: set() for i in range(GAME_INFO.players)}

    @classmethod
    def read(cls, lines: list[str], width: int, height: int) -> _Board:
        first = _HEADER_LINES
        while len(lines) > first and not lines[-1].strip():
            lines = lines[:-1]  # blank lines at the end (the last terminator makes one)
        rows = lines[first : first + height]
        if len(rows) < height:
            raise PlayfieldError(f"the board has {len(rows)} rows, expected {height}: the file ends early",
                                 max(len(lines), first) + 1)
        for y, row in enumerate(rows):
            if len(row) != width:
                raise PlayfieldError(f"board row y={y} has {len(row)} characters, expected {width}", first + y + 1)
        for offset, extra in enumerate(lines[first + height :]):
            if extra.strip():
                raise PlayfieldError(f"unexpected text after the {height} board rows: {extra!r}", first + height + offset + 1)
        board = cls(rows, first + 1)
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                board.sort_cell((x, y), ch, width, height)
        return board

    def where(self, cell: Cell) -> tuple[int, int]:
        """The 1-based line and column of ``cell``."""
        return self.first_line + cell[1], cell[0] + 1

    def char(self, cell: Cell) -> str:
        return self.rows[cell[1]][cell[0]]

    def sort_cell(self, cell: Cell, ch: str, width: int, height: int) -> None:
        x, y = cell
        if ch not in SEGMENT_LETTERS and ch not in _ITEMS and ch not in (WALL, EMPTY):
            raise PlayfieldError(f"unknown character {ch!r} at cell {[x, y]} (expected {_KNOWN})", *self.where(cell))
        if (x in (0, width - 1) or y in (0, height - 1)) and ch != WALL:
            raise PlayfieldError(f"the border is open at cell {[x, y]}: every border cell must be {WALL!r}, found {ch!r}",
                                 *self.where(cell))
        if ch == WALL:
            self.walls.add(cell)
        elif ch in _ITEMS:
            self.items[cell] = _ITEMS[ch]
        elif ch in SEGMENT_LETTERS:
            self.segments[SEGMENT_LETTERS[ch][0]].add(cell)

    def segment(self, cell: Cell, worm: int) -> Direction | None:
        """The direction shown on ``cell`` if it is a segment of ``worm``."""
        found = SEGMENT_LETTERS.get(self.char(cell))
        return found[1] if found is not None and found[0] == worm else None


def _trace_worm(board: _Board, worm: int, head: Cell, tail: Cell, frozen: int, bonus: int, points: int, line: int) -> Worm:
    """Follow the letters from the tail to the head, which must give one unbroken chain."""
    letters = GAME_INFO.letters[worm]
    ends: dict[str, Direction] = {}
    for name, cell in (("head", head), ("tail", tail)):
        direction = board.segment(cell, worm)
        if direction is None:
            raise PlayfieldError(f"worm {worm}'s {name} {list(cell)} (line {line}) holds {board.char(cell)!r}, "
                                 f"not a segment of worm {worm} ({letters})", *board.where(cell))
        ends[name] = direction
    chain = [tail]
    seen = {tail}
    direction = ends["tail"]
    while chain[-1] != head:
        cell = chain[-1]
        nxt = direction.step(cell)
        next_direction = board.segment(nxt, worm)
        if next_direction is None:
            raise PlayfieldError(f"worm {worm}: segment {board.char(cell)!r} at {list(cell)} points {direction.label} to "
                                 f"{list(nxt)}, which holds {board.char(nxt)!r}, not a segment of worm {worm}; "
                                 f"the chain from the tail {list(tail)} never reaches the head {list(head)} (line {line})",
                                 *board.where(cell))
        if nxt in seen:
            raise PlayfieldError(f"worm {worm}: segment {board.char(cell)!r} at {list(cell)} points {direction.label} back "
                                 f"into its own chain at {list(nxt)} before reaching the head {list(head)} (line {line})",
                                 *board.where(cell))
        chain.append(nxt)
        seen.add(nxt)
        direction = next_direction
    if len(chain) > 1 and ends["head"].step(head) == chain[-2]:
        raise PlayfieldError(f"worm {worm}'s head {list(head)} (line {line}) faces {ends['head'].label}, back into its "
                             f"own neck {list(chain[-2])}; a worm never moves backwards", *board.where(head))
    alive = frozen != GAME_INFO.dead_frozen
    return Worm(tuple(reversed(chain)), ends["head"], frozen if alive else 0, bonus, points, alive)
