"""The bot protocol's lines as pure functions (specs/bioblots.md, *Bot protocol*).

A bot first reads :func:`opening_lines` (the 26 board rows, then ``0`` if it moves first or ``1``),
then writes and reads move lines in turn, each one :func:`format_move` of a move:

- a cell is two lowercase letters, row then column (``jd``: row j, column d);
- placement: four cells separated by spaces, ``jd je kd ke``;
- ordinary move: the count, then a source+target group of four letters per moving cell,
  ``2 jdjf kdkf``;
- skip: ``0``.

:func:`parse_move` reads what a bot wrote. It takes fields separated by any run of spaces or
tabs and ignores leading and trailing white space (so a ``\\r`` before the newline is fine); it
checks the form only — whether the move is legal is :func:`~engines.bioblots.moves.check_move`'s
business (a placement of three cells parses, and is then rejected as not a 2 × 2 square).
``parse_move(format_move(m)) == m`` for every move.
"""

from __future__ import annotations

import string

from engines.bioblots.board import Board, board_lines
from engines.bioblots.errors import MoveSyntaxError
from engines.bioblots.types import SIZE, Cell, Move, Placement, Shift, Skip

LETTERS = string.ascii_lowercase[:SIZE]
"""Row and column names: one letter per coordinate, ``a`` for 0."""
_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
_MAX_COUNT_DIGITS = 3  # more cells than the board holds is nonsense; keeps int() cheap
_FORMS = "expected '0', four cells like 'jd je kd ke', or a count and groups like '2 jdjf kdkf'"


def cell_name(cell: Cell) -> str:
    """``(9, 3)`` -> ``"jd"``."""
    return LETTERS[cell[0]] + LETTERS[cell[1]]


def parse_cell(name: str) -> Cell:
    """``"jd"`` -> ``(9, 3)``; :class:`MoveSyntaxError` for anything else."""
    if len(name) != 2 or name[0] not in _INDEX or name[1] not in _INDEX:
        raise MoveSyntaxError(f"{_cut(name)!r} is not a cell: a cell is two lowercase letters a-z, row then column")
    return _INDEX[name[0]], _INDEX[name[1]]


def format_move(move: Move) -> str:
    """The line for ``move``, without the newline."""
    match move:
        case Skip():
            return "0"
        case Placement(cells):
            return " ".join(cell_name(c) for c in cells)
        case Shift(pairs):
            return " ".join([str(len(pairs)), *(cell_name(s) + cell_name(t) for s, t in pairs)])
    raise TypeError(f"not a Bio-blots move: {move!r}")


def parse_move(line: str) -> Move:
    """Read one move line; :class:`MoveSyntaxError` says which field is wrong and why."""
    fields = line.split()
    if not fields:
        raise MoveSyntaxError(f"empty line; {_FORMS}")
    first = fields[0]
    if not (first.isascii() and first.isdigit()):
        return Placement(tuple(_field_cell(word, i) for i, word in enumerate(fields, 1)))
    if len(first) > _MAX_COUNT_DIGITS:
        raise MoveSyntaxError(f"field 1 {_cut(first)!r}: the count of moving cells is too large")
    count = int(first)
    groups = fields[1:]
    if count == 0:
        if groups:
            raise MoveSyntaxError(f"a skip is '0' alone, but {len(groups)} more field(s) follow: {_cut(line.strip())!r}")
        return Skip()
    if len(groups) != count:
        raise MoveSyntaxError(f"the count says {count} moving cell(s) but {len(groups)} source+target group(s) follow")
    return Shift(tuple(_field_pair(word, i) for i, word in enumerate(groups, 2)))


def opening_lines(board: Board, player: int) -> list[str]:
    """What a bot reads before its first move, without line ends: the 26 board rows, then its
    turn (``0``: it places first; ``1``: it first reads the opponent's placement)."""
    if player not in (0, 1):
        raise ValueError(f"Bio-blots has players 0 and 1, not {player!r}")
    return [*board_lines(board), str(player)]


def _field_cell(word: str, index: int) -> Cell:
    if len(word) != 2 or not all(ch in _INDEX for ch in word):
        raise MoveSyntaxError(f"field {index} {_cut(word)!r}: a placement is cells of two lowercase letters a-z "
                              f"separated by spaces ({_FORMS})")
    return _INDEX[word[0]], _INDEX[word[1]]


def _field_pair(word: str, index: int) -> tuple[Cell, Cell]:
    if len(word) != 4 or not all(ch in _INDEX for ch in word):
        raise MoveSyntaxError(f"field {index} {_cut(word)!r}: expected a source and a target cell as four lowercase "
                              "letters a-z, like 'jdjf'")
    return (_INDEX[word[0]], _INDEX[word[1]]), (_INDEX[word[2]], _INDEX[word[3]])


def _cut(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[:limit] + "…"

