"""Ordinary moves: the move line's form, its atomic check, and legal-move helpers.

A move lists units one at a time; each is checked against the board as the units before it
left it (a unit may step into a field another one just left), and the whole line is checked
before any of it counts (specs/itpw.md, Faults).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from engines.itpw.board import Scratch
from engines.itpw.state import State
from engines.itpw.types import NEIGHBOURS, SIDE, AnswerError, Cell, on_board, touching

MAX_WORDS = 1 + 4 * SIDE * SIDE
"""The longest possible move line in words: every field holding a unit that moves."""
_WORD = re.compile(r"-?[0-9]+")
MAX_DIGITS = 9
"""The longest coordinate or count read; anything longer is surely wrong (and slow to convert)."""


class MoveError(AnswerError):
    """A move line or move that is not valid for its player; one line naming the fault and,
    where one is at fault, the listed unit (``unit`` is 1-based, None for the line as a whole)."""

    def __init__(self, detail: str, unit: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.unit = unit


@dataclass(frozen=True)
class Step:
    """One unit's move from ``source`` to ``target``."""

    source: Cell
    target: Cell

    def words(self) -> tuple[int, int, int, int]:
        return (*self.source, *self.target)


@dataclass(frozen=True)
class Move:
    """A player's ordinary move: the units that move, in the order they move (maybe none)."""

    steps: tuple[Step, ...] = ()

    def to_line(self) -> str:
        """The answer line: ``n x1 y1 x2 y2 …`` (``0`` for no move)."""
        return " ".join(str(n) for n in (len(self.steps), *(w for s in self.steps for w in s.words())))

    @classmethod
    def from_line(cls, line: str) -> Move:
        """Read a move line (surrounding blanks allowed); raise :class:`MoveError` when it is not
        ``n`` followed by exactly ``n`` groups of four whole numbers. Fields are not checked
        here (see :func:`check_move`)."""
        words = line.split()
        if not words:
            raise MoveError("empty move line (expected 'n x1 y1 x2 y2 …', '0' for no move)")
        if len(words) > MAX_WORDS:
            raise MoveError(f"{len(words)} words is more than any move can have ({MAX_WORDS})")
        for i, word in enumerate(words, 1):
            if not _WORD.fullmatch(word):
                raise MoveError(f"word {i} {_cut(word)!r} is not a whole number")
            if len(word.lstrip("-")) > MAX_DIGITS:
                raise MoveError(f"word {i} {_cut(word)!r} is too long for a coordinate or count")
        count, numbers = int(words[0]), [int(w) for w in words[1:]]
        if count < 0:
            raise MoveError(f"the number of units {count} is negative")
        if len(numbers) != 4 * count:
            raise MoveError(f"{count} unit(s) need {4 * count} coordinates after the count, got {len(numbers)}")
        steps = (Step((numbers[i], numbers[i + 1]), (numbers[i + 2], numbers[i + 3])) for i in range(0, len(numbers), 4))
        return cls(tuple(steps))

    def __str__(self) -> str:
        return self.to_line()


EMPTY_MOVE = Move()
"""No unit moves: what a disqualified player's fault is broadcast as (``P 0 0``)."""


def check_move(state: State, player: int, move: Move) -> None:
    """Raise :class:`MoveError` naming the first listed unit that breaks a rule."""
    play_steps(Scratch.of(state), player, move)


def play_steps(work: Scratch, player: int, move: Move) -> None:
    """Play ``move``'s units in order on ``work`` by the meeting rules; raise :class:`MoveError`
    at the first invalid one (``work`` is then half-played: throw it away)."""
    moved: dict[Cell, int] = {}  # field -> the listed unit that moved there this line
    for index, step in enumerate(move.steps, 1):
        problem = _step_problem(work, player, step, moved)
        if problem is not None:
            raise MoveError(f"unit {index} at {_show(step.source)}{problem}", index)
        kind = work.units[step.source].kind
        work.enter(player, kind, step.source, step.target)
        arrived = work.units.get(step.target)
        if arrived is not None and arrived.player == player:
            moved[step.target] = index


def _step_problem(work: Scratch, player: int, step: Step, moved: dict[Cell, int]) -> str | None:
    """Why ``step`` is invalid, as the end of a sentence starting with the unit and its field."""
    source, target = step.source, step.target
    if not on_board(source):
        return f": off the board (x and y are 0..{SIDE - 1})"
    unit = work.units.get(source)
    if unit is None:
        return ": no unit there"
    if unit.player != player:
        return f": that is {unit}, not yours"
    if source in moved:
        return f": that unit already moved in this line (unit {moved[source]})"
    cannot = f" cannot move to {_show(target)}: "
    if not on_board(target):
        return cannot + f"off the board (x and y are 0..{SIDE - 1})"
    if target == source:
        return cannot + "the same field (a unit that stays is not listed)"
    if not touching(source, target):
        return cannot + "not a neighbour"
    problem = work.entry_problem(player, unit.kind, target)
    return None if problem is None else cannot + problem


def _show(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _cut(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# --- legal moves -----------------------------------------------------------------------------------


def targets(state: State, player: int, cell: Cell) -> list[Cell]:
    """The fields ``player``'s unit on ``cell`` may move to now, in reading order (none when
    ``cell`` holds no unit of ``player``)."""
    return _targets(Scratch.of(state), player, cell)


def _targets(work: Scratch, player: int, cell: Cell) -> list[Cell]:
    unit = work.units.get(cell)
    if unit is None or unit.player != player:
        return []
    out = []
    for dx, dy in NEIGHBOURS:
        target = (cell[0] + dx, cell[1] + dy)
        if on_board(target) and work.entry_problem(player, unit.kind, target) is None:
            out.append(target)
    return out


def legal_steps(state: State, player: int) -> list[Step]:
    """Every single-unit move ``player`` could make as the first of its line, its units in
    reading order of their fields."""
    work = Scratch.of(state)
    return [Step(cell, target) for cell, _ in state.units_of(player) for target in _targets(work, player, cell)]


def random_move(state: State, player: int, rng: random.Random, share: float = 0.5) -> Move:
    """A legal move that moves about ``share`` of ``player``'s units in a random order, each to a
    random field it may enter at that moment (tests, benchmarks, fallbacks)."""
    work = Scratch.of(state)
    cells = [cell for cell, _ in state.units_of(player)]
    rng.shuffle(cells)
    steps: list[Step] = []
    moved: set[Cell] = set()
    for cell in cells:
        if rng.random() >= share or cell in moved:
            continue
        options = _targets(work, player, cell)
        if options:
            step = Step(cell, options[rng.randrange(len(options))])
            steps.append(step)
            work.enter(player, work.units[cell].kind, step.source, step.target)
            moved.add(step.target)
    return Move(tuple(steps))
