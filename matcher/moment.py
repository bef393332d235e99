"""A card from a moment: what one snake sees in one position, turned into a card that asks for a
move, trimmed to the cells that matter, and a preview of which positions it would decide.

The card's map is the field as it lies (not turned): the head sits in the centre facing the move,
so the card's plain variant for that move reads exactly the 7×7 window the snake saw. Every
kept cell holds the element that snake sees there (``border`` outside the field), all in
``and1``: the card is valid where the window shows the same elements in the kept cells, in any
of its eight variants.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engines.snake import Board, Direction, Element, Position
from matcher.compiled import compile_program
from matcher.editing import EditError, add_test, insert_card
from matcher.model import AND1, CARD_SIZE, Card, CardCell, Head, Pattern, Program, ProgramTest
from matcher.single import best_moves

CENTRE = CARD_SIZE // 2
MAX_DISTANCE = 2 * CENTRE
"""The farthest a card cell lies from a centred head (a corner: 3 + 3 steps)."""


class MomentError(ValueError):
    """A moment that gives no card: a snake that is not there or cannot move so, a bad trim."""


@dataclass(frozen=True)
class Keep:
    """Which of the 48 cells around the head a card from a moment keeps: all of them, or only
    those within ``distance`` steps of the head (up/down/left/right steps: 1 keeps the four
    neighbours, 3 a diamond of 24 cells), and with ``nonempty`` only cells not showing ``empty``."""

    distance: int | None = None
    nonempty: bool = False

    def __post_init__(self) -> None:
        if self.distance is not None and not 1 <= self.distance <= MAX_DISTANCE:
            raise MomentError(f"keep distance {self.distance!r} is out of range 1..{MAX_DISTANCE}")

    def keeps(self, cell: CardCell, element: Element) -> bool:
        distance = abs(cell[0] - CENTRE) + abs(cell[1] - CENTRE)
        if self.distance is not None and distance > self.distance:
            return False
        return not (self.nonempty and element is Element.EMPTY)

    @classmethod
    def parse(cls, text: str) -> Keep:
        """``all``, ``nonempty``, a distance ``1``..``6``, or a distance and ``nonempty`` joined
        by a comma (``2,nonempty``)."""
        distance: int | None = None
        nonempty = False
        for word in (w.strip().lower() for w in text.split(",")):
            if word == "all":
                continue
            if word == "nonempty":
                nonempty = True
            elif word.isdigit():
                if distance is not None:  # "2,3" kept 3 cells' distance, saying nothing of the 2
                    raise MomentError(f"keep {text!r}: one distance at most, not {distance} and {word}")
                distance = int(word)
            else:
                raise MomentError(f"keep {text!r}: expected all, nonempty or a distance 1..{MAX_DISTANCE}")
        return cls(distance, nonempty)

    @property
    def label(self) -> str:
        words = ([str(self.distance)] if self.distance is not None else []) + (["nonempty"] if self.nonempty else [])
        return ",".join(words) or "all"


KEEP_ALL = Keep()
KEEP_NONEMPTY = Keep(nonempty=True)


def _board(position: Position | Board, snake: int) -> Board:
    board = position if isinstance(position, Board) else Board(position)
    if not 0 <= snake < board.snake_count:
        raise MomentError(f"snake {snake} is out of range (the position has {board.snake_count} snakes)")
    if board.eaten[snake] or not board.bodies[snake]:
        raise MomentError(f"snake {snake} is eaten: it sees nothing and cannot move")
    return board


def seen_window(position: Position | Board, snake: int) -> dict[CardCell, Element]:
    """The 7×7 window around ``snake``'s head as that snake sees it, keyed by card cell (row,
    col) with the head at the centre (which is left out); ``border`` outside the field."""
    board = _board(position, snake)
    hx, hy = board.head(snake)
    window = {}
    for row in range(CARD_SIZE):
        for col in range(CARD_SIZE):
            if (row, col) != (CENTRE, CENTRE):
                window[(row, col)] = board.element_at(snake, (hx + col - CENTRE, hy + row - CENTRE))
    return window


def card_from_moment(
    position: Position | Board, snake: int, move: Direction, keep: Keep = KEEP_ALL, description: str = ""
) -> Card:
    """The card of what ``snake`` (0-based) sees in ``position``, asking for ``move``.

    The head sits in the centre facing ``move``; each cell that ``keep`` keeps holds the element
    the snake sees there as an ``and1`` pattern (``border`` outside the field). ``move`` must be
    one of the snake's possible moves (the matcher never weighs another), else
    :class:`MomentError` says which moves it had."""
    board = _board(position, snake)
    possible = board.possible_moves(snake)
    if move not in possible:
        moves = ", ".join(d.label for d in possible) or "none"
        raise MomentError(f"snake {snake} cannot move {move.label} from {list(board.head(snake))} (possible: {moves})")
    cells = {
        cell: Pattern(element, group=AND1)
        for cell, element in seen_window(board, snake).items()
        if keep.keeps(cell, element)
    }
    return Card(Head(CENTRE, CENTRE, move), cells, description)


def trim_card(card: Card, keep: Keep) -> Card:
    """``card`` (a card from a moment: head in the centre, one element per cell) with only the
    cells ``keep`` keeps; cells holding a user set or NOT are kept unless out of distance."""
    cells = {}
    for cell, pattern in card.cells.items():
        plain = isinstance(pattern.match, Element) and not pattern.negate
        # Only a plain ``empty`` is empty; a set or a NOT counts as something there.
        element = pattern.match if plain and isinstance(pattern.match, Element) else Element.BORDER
        if keep.keeps(cell, element):
            cells[cell] = pattern
    return replace(card, cells=cells)


def moment_test(position: Position, snake: int, move: Direction, name: str = "") -> ProgramTest:
    """The moment as a program test that expects ``move``, and only it."""
    return ProgramTest(name or f"snake {snake} moves {move.label}", position, snake, frozenset({move}))


def insert_moment_card(program: Program, card: Card, at: int, test: ProgramTest | None = None) -> Program:
    """``program`` with ``card`` inserted so it becomes card ``at`` (0-based; ``len(cards)``
    appends) and, when given, ``test`` added: one edit, so the editor can undo it in one step.
    Raises :class:`matcher.editing.EditError` when the program already has the most cards."""
    if not 0 <= at <= len(program.cards):
        raise EditError(f"cannot insert a card at {at + 1}: the program has {len(program.cards)} cards (1..{len(program.cards) + 1})")
    updated = insert_card(program, at, card)
    return add_test(updated, test) if test is not None else updated


@dataclass(frozen=True)
class Decision:
    """What a program decides for one snake in one position: the best moves, the deciding card."""

    best: frozenset[Direction]
    card: int | None


@dataclass(frozen=True)
class Preview:
    """One earlier position with the program's decision before and after the new card."""

    index: int
    """The position's place in the sequence given to :func:`preview_card`."""
    before: Decision
    after: Decision
    new_card: int

    @property
    def decided(self) -> bool:
        """The new card decides this position."""
        return self.after.card == self.new_card

    @property
    def changed(self) -> bool:
        """The best moves differ from before."""
        return self.after.best != self.before.best


def decide(program: Program, situations: Iterable[tuple[Position | Board, int]]) -> list[Decision]:
    """The program's decision in each ``(position, snake)``; an eaten snake decides nothing."""
    compiled = compile_program(program)
    decisions = []
    for position, snake in situations:
        board = position if isinstance(position, Board) else Board(position)
        best, card = best_moves(compiled, board, snake) if not board.eaten[snake] else ([], None)
        decisions.append(Decision(frozenset(best), card))
    return decisions


def preview_card(
    program: Program, card: Card, at: int, situations: Sequence[tuple[Position | Board, int]]
) -> list[Preview]:
    """For a live preview: each ``(position, snake)`` (the program's tests, the steps of a battle
    or replay) with the decision before and after ``card`` is inserted as card ``at`` (0-based).
    :attr:`Preview.decided` marks the positions the new card would decide."""
    after_program = insert_moment_card(program, card, at)
    before = decide(program, situations)
    after = decide(after_program, situations)
    return [Preview(i, b, a, at) for i, (b, a) in enumerate(zip(before, after))]


def situations_of_tests(program: Program) -> list[tuple[Position | Board, int]]:
    """The program's tests as ``(position, snake)`` pairs for :func:`preview_card`."""
    return [(t.position, t.snake) for t in program.tests]
