"""The program model: programs, cards, patterns, user sets and embedded tests. Plain Python,
Qt-free; the editor edits it through undo commands, the matcher compiles it."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from engines.snake import Cell, Direction, Element, Position

# Program-format limits. The original calls them negotiable, so they live here and only here.
CARD_SIZE = 7
MAX_CARDS = 9
MAX_SETS = 4
AND_GROUPS = 4
OR_GROUPS = 4
MIN_SET_SIZE = 1
MAX_SET_SIZE = 6
ALL_ELEMENTS = frozenset(Element)

CardCell = tuple[int, int]
"""A cell of a card as ``(row, col)``, row 0 at the top."""


class GroupKind(enum.Enum):
    AND = "and"
    OR = "or"


@dataclass(frozen=True, order=True)
class Group:
    """One of the AND groups ``and1``–``and4`` or OR groups ``or1``–``or4``."""

    kind: GroupKind
    number: int

    @property
    def label(self) -> str:
        return f"{self.kind.value}{self.number}"

    @classmethod
    def from_label(cls, label: str) -> Group:
        for kind, count in ((GroupKind.AND, AND_GROUPS), (GroupKind.OR, OR_GROUPS)):
            prefix = kind.value
            if label.startswith(prefix) and label[len(prefix) :].isdigit():
                number = int(label[len(prefix) :])
                if 1 <= number <= count:
                    return cls(kind, number)
        raise ValueError(f"bad group {label!r} (expected and1..and{AND_GROUPS} or or1..or{OR_GROUPS})")

    def __str__(self) -> str:
        return self.label


ALL_GROUPS: tuple[Group, ...] = tuple(Group(GroupKind.AND, n) for n in range(1, AND_GROUPS + 1)) + tuple(
    Group(GroupKind.OR, n) for n in range(1, OR_GROUPS + 1)
)
AND1 = ALL_GROUPS[0]


@dataclass(frozen=True)
class SetRef:
    """A reference to the program's user set number ``index`` (0-based; ``set1`` is 0)."""

    index: int

    @property
    def label(self) -> str:
        return f"set{self.index + 1}"


Match = Element | SetRef


def match_label(match: Match) -> str:
    return match.label


def match_from_label(label: str) -> Match:
    if label.startswith("set") and label[3:].isdigit():
        number = int(label[3:])
        if 1 <= number <= MAX_SETS:
            return SetRef(number - 1)
        raise ValueError(f"unknown set {label!r} (a program has set1..set{MAX_SETS})")
    try:
        return Element.from_label(label)
    except ValueError:
        names = ", ".join(e.label for e in Element)
        raise ValueError(f"unknown element or set {label!r} (elements: {names}; sets: set1..set{MAX_SETS})") from None


@dataclass(frozen=True)
class Pattern:
    """What one card cell requires: an element or user set, maybe negated, in a group."""

    match: Match
    negate: bool = False
    group: Group = AND1


@dataclass(frozen=True)
class Head:
    row: int = CARD_SIZE // 2
    col: int = CARD_SIZE // 2
    facing: Direction = Direction.UP

    @property
    def cell(self) -> CardCell:
        return (self.row, self.col)


@dataclass(frozen=True)
class Card:
    """A 7×7 map around the head. ``cells`` holds the non-blank cells."""

    head: Head = field(default_factory=Head)
    cells: Mapping[CardCell, Pattern] = field(default_factory=dict)
    description: str = ""

    def sorted_cells(self) -> list[tuple[CardCell, Pattern]]:
        return sorted(self.cells.items())


@dataclass(frozen=True)
class ElementSet:
    name: str
    elements: frozenset[Element]


@dataclass(frozen=True)
class ProgramTest:
    """A situation the author expects the program to handle: the best moves must equal ``expect``."""

    name: str
    position: Position
    snake: int
    expect: frozenset[Direction]


@dataclass(frozen=True)
class Program:
    name: str = "Untitled"
    description: str = ""
    sets: tuple[ElementSet, ...] = ()
    cards: tuple[Card, ...] = (Card(),)
    tests: tuple[ProgramTest, ...] = ()

    def allowed(self, pattern: Pattern) -> frozenset[Element]:
        """The elements a pattern matches, after NOT."""
        if isinstance(pattern.match, SetRef):
            base = self.sets[pattern.match.index].elements
        else:
            base = frozenset((pattern.match,))
        return ALL_ELEMENTS - base if pattern.negate else base

    def weight(self, pattern: Pattern) -> int:
        """7 minus the number of elements the pattern can match."""
        return len(ALL_ELEMENTS) - len(self.allowed(pattern))


def set_weight(elements: frozenset[Element], negate: bool = False) -> int:
    size = len(ALL_ELEMENTS) - len(elements) if negate else len(elements)
    return len(ALL_ELEMENTS) - size


# --- variants -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One of a card's 8 variants: the rotation that makes the head face ``direction``, maybe
    mirrored about the axis through the head along that direction."""

    direction: Direction
    mirrored: bool

    @property
    def index(self) -> int:
        return 2 * int(self.direction) + int(self.mirrored)


VARIANTS: tuple[Variant, ...] = tuple(Variant(d, m) for d in Direction for m in (False, True))


def variant_offset(card: Card, cell: CardCell, variant: Variant) -> Cell:
    """Where a card cell lands relative to the snake's head, as field ``(dx, dy)``."""
    x, y = cell[1] - card.head.col, cell[0] - card.head.row
    for _ in range((variant.direction - card.head.facing) % 4):
        x, y = -y, x  # a quarter turn clockwise (y points down)
    if variant.mirrored:
        if variant.direction in (Direction.UP, Direction.DOWN):
            x = -x
        else:
            y = -y
    return (x, y)


def iter_variant_cells(card: Card, variant: Variant) -> Iterator[tuple[CardCell, Pattern, Cell]]:
    for cell, pattern in card.sorted_cells():
        yield cell, pattern, variant_offset(card, cell, variant)
