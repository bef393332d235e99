"""The canonical text form of a state, for tests, bug reports and goldens::

    bioblots moves 3 2 scores 27 43 paralysed 1 0 limit 80
    end locked_in 1                       only once the game is over (see below)
    3822228825522381D23DD5D3DD            26 rows: a substance (1 2 3 5 8 D), '.' neutralised,
    ...                                   'X' a cell of player 0, 'O' a cell of player 1

The end line is ``end all_neutralised``, ``end move_limit``, ``end locked_in LOSER`` or
``end fault LOSER KIND RULE DETAIL…`` (RULE ``-`` when no rule applies; the detail runs to the end
of the line). ``state_from_text(state_to_text(s)) == s`` for every state; errors name the place
as ``WHERE:LINE:COLUMN``.
"""

from __future__ import annotations

from engines.bioblots.board import NEUTRALISED, NEUTRALISED_CHAR, Board
from engines.bioblots.errors import StateError, TextError
from engines.bioblots.state import Ending, State
from engines.bioblots.types import SIZE, SUBSTANCE_CHARS, Cell, EndReason, Fault, FaultKind, Rule, Substance

ORGANISM_CHARS = ("X", "O")
"""How each player's organism cells are drawn (an organism cell is always neutralised)."""
_HEADER_KEYS = ("bioblots", "moves", "scores", "paralysed", "limit")
_HEADER_FORM = "bioblots moves M0 M1 scores S0 S1 paralysed P0 P1 limit L"


def state_to_text(state: State) -> str:
    m, s, p = state.moves, state.scores, state.paralysed
    lines = [f"bioblots moves {m[0]} {m[1]} scores {s[0]} {s[1]} paralysed {int(p[0])} {int(p[1])} "
             f"limit {state.move_limit}"]
    if state.ending is not None:
        lines.append(_end_line(state.ending))
    for r in range(SIZE):
        row = list(state.board.row_text(r))
        for c in range(SIZE):
            owner = state.owner((r, c))
            if owner is not None:
                row[c] = ORGANISM_CHARS[owner]
        lines.append("".join(row))
    return "\n".join(lines) + "\n"


def _end_line(ending: Ending) -> str:
    words = ["end", ending.reason.value]
    if ending.loser is not None:
        words.append(str(ending.loser))
    if ending.fault is not None:
        fault = ending.fault
        words += [fault.kind.value, "-" if fault.rule is None else fault.rule.value, fault.detail.replace("\n", " ")]
    return " ".join(words).rstrip()


def state_from_text(text: str, where: str = "state") -> State:
    """Read a state text; :class:`TextError` names the line and column of a problem, and a state
    that breaks the game's invariants (overlaps, a broken organism) is named the same way."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise TextError(f"empty; a state starts with '{_HEADER_FORM}'", where, 1)
    moves, scores, paralysed, limit = _header(lines[0], where)
    ending = None
    first_row = 1
    if len(lines) > 1 and lines[1].startswith("end"):
        ending = _ending(lines[1], where)
        first_row = 2
    rows = lines[first_row:]
    if len(rows) != SIZE:
        raise TextError(f"expected {SIZE} board rows after the header, found {len(rows)}", where, first_row + 1)
    values: list[int] = []
    cells: tuple[set[Cell], set[Cell]] = (set(), set())
    for r, row in enumerate(rows):
        line = first_row + r + 1
        if len(row) != SIZE:
            raise TextError(f"row {r + 1} has {len(row)} characters, expected {SIZE}", where, line, min(len(row), SIZE) + 1)
        for c, char in enumerate(row):
            if char in ORGANISM_CHARS:
                cells[ORGANISM_CHARS.index(char)].add((r, c))
                values.append(NEUTRALISED)
            elif char == NEUTRALISED_CHAR:
                values.append(NEUTRALISED)
            else:
                try:
                    values.append(int(Substance.from_char(char)))
                except ValueError:
                    raise TextError(f"unknown cell {char!r} (expected one of {SUBSTANCE_CHARS}, "
                                    f"{NEUTRALISED_CHAR!r} or {' '.join(ORGANISM_CHARS)})", where, line, c + 1) from None
    try:
        return State(Board(tuple(values)), (frozenset(cells[0]), frozenset(cells[1])), scores, moves, paralysed,
                     ending, limit)
    except StateError as error:
        raise TextError(str(error), where) from None


def _header(line: str, where: str) -> tuple[tuple[int, int], tuple[int, int], tuple[bool, bool], int]:
    words = line.split()
    shape = [w if i in (0, 1, 4, 7, 10) else "#" for i, w in enumerate(words)]
    if shape != ["bioblots", "moves", "#", "#", "scores", "#", "#", "paralysed", "#", "#", "limit", "#"]:
        raise TextError(f"expected '{_HEADER_FORM}', got {line[:80]!r}", where, 1)
    numbers = []
    for i in (2, 3, 5, 6, 8, 9, 11):
        if not (words[i].isascii() and words[i].isdigit() and len(words[i]) <= 9):
            raise TextError(f"field {i + 1} {words[i][:20]!r} is not a whole number", where, 1)
        numbers.append(int(words[i]))
    m0, m1, s0, s1, p0, p1, limit = numbers
    if p0 > 1 or p1 > 1:
        raise TextError(f"paralysed is 0 or 1 per player, got {p0} {p1}", where, 1)
    return (m0, m1), (s0, s1), (bool(p0), bool(p1)), limit


def _ending(line: str, where: str) -> Ending:
    words = line.split(" ", 5)
    try:
        reason = EndReason(words[1] if len(words) > 1 else "")
    except ValueError:
        raise TextError(f"unknown end reason in {line[:80]!r} (expected one of "
                        f"{', '.join(r.value for r in EndReason)})", where, 2) from None
    if reason in (EndReason.ALL_NEUTRALISED, EndReason.MOVE_LIMIT):
        if len(words) != 2:
            raise TextError(f"'end {reason.value}' takes nothing more, got {line[:80]!r}", where, 2)
        return Ending(reason)
    if len(words) < 3 or words[2] not in ("0", "1"):
        raise TextError(f"'end {reason.value}' needs the loser, 0 or 1: got {line[:80]!r}", where, 2)
    loser = int(words[2])
    if reason is EndReason.LOCKED_IN:
        if len(words) != 3:
            raise TextError(f"'end locked_in LOSER' takes nothing more, got {line[:80]!r}", where, 2)
        return Ending(reason, loser)
    if len(words) < 5:
        raise TextError(f"expected 'end fault LOSER KIND RULE DETAIL', got {line[:80]!r}", where, 2)
    try:
        kind = FaultKind(words[3])
        rule = None if words[4] == "-" else Rule(words[4])
    except ValueError as error:
        raise TextError(f"{error} in {line[:80]!r}", where, 2) from None
    return Ending(reason, loser, Fault(kind, words[5] if len(words) > 5 else "", rule))
