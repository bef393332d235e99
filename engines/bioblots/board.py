"""The 26 × 26 board: what each cell still holds, generation from a seeded generator, and the
board text — the 26 lines a bot reads first, which is also the ``--board FILE`` format::

    3822228825522381D23DD5D3DD      26 lines of 26 characters from 1 2 3 5 8 D, top row first
    38833882315181521121218328
    ...

The reader accepts ``\\n`` and ``\\r\\n`` line ends and blank lines at the end, nothing else; its
errors name the place as ``FILE:LINE:COLUMN``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engines.bioblots.errors import TextError
from engines.bioblots.types import GAME_INFO, SIZE, SUBSTANCE_CHARS, Cell, Substance

NEUTRALISED = 0
"""The value of a cell that holds no substance any more."""
NEUTRALISED_CHAR = "."
"""How a neutralised cell is shown in state texts (never in a board file: a board is fresh)."""

_VALUES = frozenset([NEUTRALISED, *Substance])


@dataclass(frozen=True)
class Board:
    """Per cell in reading order, the points its substance is worth (:class:`Substance` values),
    or :data:`NEUTRALISED`. Indexing with a :data:`Cell` is ``values[row * SIZE + column]``."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.values) != SIZE * SIZE:
            raise ValueError(f"a board has {SIZE * SIZE} cells, not {len(self.values)}")
        bad = next((v for v in self.values if v not in _VALUES), None)
        if bad is not None:
            raise ValueError(f"a cell holds {bad!r}, not a substance value or {NEUTRALISED}")

    def at(self, cell: Cell) -> int:
        """The points the cell is still worth (0 once neutralised)."""
        return self.values[cell[0] * SIZE + cell[1]]

    def substance(self, cell: Cell) -> Substance | None:
        value = self.at(cell)
        return None if value == NEUTRALISED else Substance(value)

    def neutralise(self, cells: set[Cell] | frozenset[Cell]) -> Board:
        """This board with ``cells`` neutralised."""
        values = list(self.values)
        for r, c in cells:
            values[r * SIZE + c] = NEUTRALISED
        return Board(tuple(values))

    def remaining(self) -> int:
        """How many cells still hold a substance."""
        return sum(1 for v in self.values if v != NEUTRALISED)

    def row_text(self, row: int) -> str:
        """One row as characters: substances as in a board file, neutralised cells as ``.``."""
        return "".join(_char(v) for v in self.values[row * SIZE : (row + 1) * SIZE])


def _char(value: int) -> str:
    return NEUTRALISED_CHAR if value == NEUTRALISED else Substance(value).char


def generate_board(rng: random.Random) -> Board:
    """A fresh board with exactly :func:`substance_counts` of each substance, shuffled. The only
    randomness is ``rng`` (give it one derived from the match seed): same generator state, same
    board."""
    counts = substance_counts(rng)
    values = [int(s) for s in Substance for _ in range(counts[s])]
    rng.shuffle(values)
    return Board(tuple(values))


def substance_counts(rng: random.Random) -> dict[Substance, int]:
    """How many cells of each substance a generated board has: uranium is the spec's 5 % of the
    676 cells rounded (34); the other five share the rest as evenly as possible (128 each), and
    the few cells left over (2) go to distinct substances drawn with ``rng``."""
    total = SIZE * SIZE
    uranium = round(total * GAME_INFO.uranium_share)
    others = [s for s in Substance if s is not Substance.URANIUM]
    share, extra = divmod(total - uranium, len(others))
    lucky = set(rng.sample(others, extra))
    counts: dict[Substance, int] = {s: share + (1 if s in lucky else 0) for s in others}
    counts[Substance.URANIUM] = uranium
    return counts


def board_lines(board: Board) -> list[str]:
    """The 26 rows, top first, without line ends: the first lines a bot reads."""
    return [board.row_text(r) for r in range(SIZE)]


def board_to_text(board: Board) -> str:
    """The board file (each row ends with ``\\n``)."""
    return "".join(line + "\n" for line in board_lines(board))


def board_from_text(text: str, where: str = "board") -> Board:
    """Read a board file (a fresh board: substances only). ``where`` names the file in errors."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()  # the last line end makes an empty "line"; blank lines at the end are fine
    if not lines:
        raise TextError(f"the file is empty; a board is {SIZE} lines of {SIZE} characters from {SUBSTANCE_CHARS}", where, 1)
    values: list[int] = []
    for r, line in enumerate(lines[:SIZE]):
        values.extend(_read_row(line, where, r + 1))
    if len(lines) < SIZE:
        raise TextError(f"the board has {len(lines)} rows, expected {SIZE}: the file ends early", where, len(lines) + 1)
    if len(lines) > SIZE:  # blank lines at the end were dropped: there is text after them
        number, extra = next(((n, line) for n, line in enumerate(lines[SIZE:], SIZE + 1) if line.strip()),
                             (SIZE + 1, lines[SIZE]))
        column = len(extra) - len(extra.lstrip()) + 1 if extra.strip() else 1
        raise TextError(f"unexpected text after the {SIZE} board rows: {_cut(extra.strip() or extra)!r}",
                        where, number, column)
    return Board(tuple(values))


def _read_row(line: str, where: str, number: int) -> list[int]:
    row: list[int] = []
    for column, char in enumerate(line[:SIZE], 1):
        try:
            row.append(int(Substance.from_char(char)))
        except ValueError:
            raise TextError(f"unknown substance {char!r} (expected one of {SUBSTANCE_CHARS})", where, number, column) from None
    if len(line) != SIZE:
        raise TextError(f"row {number} has {len(line)} characters, expected {SIZE}", where, number, min(len(line), SIZE) + 1)
    return row


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"

