"""Rules a program must keep, as a list of problems that name the card, cell, set or test.

The file loader raises the first problem; the editor lists them all live."""

from __future__ import annotations

from dataclasses import dataclass

from engines.snake import Direction, snake_label
from matcher.model import (
    ALL_ELEMENTS,
    AND_GROUPS,
    CARD_SIZE,
    MAX_CARDS,
    MAX_SET_SIZE,
    MAX_SETS,
    MIN_SET_SIZE,
    OR_GROUPS,
    Card,
    CardCell,
    GroupKind,
    Program,
    SetRef,
)


class ProgramError(ValueError):
    """A program file or program breaks a rule. The message names the file and the place."""


@dataclass(frozen=True)
class Problem:
    """One broken rule. ``card`` is the 0-based card index; messages count cards from 1 as the
    editor's card list does."""

    message: str
    card: int | None = None
    cell: CardCell | None = None
    set_index: int | None = None
    test: int | None = None

    @property
    def where(self) -> str:
        """The place as messages name it: ``card 2, cell (row 1, col 3)`` (empty: the program)."""
        return self.place()

    def place(self, card: str = "card {}", cell: str = "cell (row {}, col {})", test: str = "test {}") -> str:
        """The place with ``card``, ``cell`` and ``test`` worded as given (each a format with the
        number or row and column): the list in the editor says ``Card 2, row 1 col 3``."""
        parts = []
        if self.card is not None:
            parts.append(card.format(self.card + 1))
        if self.cell is not None:
            parts.append(cell.format(*self.cell))
        if self.set_index is not None:
            parts.append(f"set{self.set_index + 1}")
        if self.test is not None:
            parts.append(test.format(self.test + 1))
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


def _count(n: int, noun: str) -> str:
    return f"no {noun}s" if n == 0 else f"1 {noun}" if n == 1 else f"{n} {noun}s"


def in_card(cell: CardCell) -> bool:
    return 0 <= cell[0] < CARD_SIZE and 0 <= cell[1] < CARD_SIZE


def validate_program(program: Program) -> list[Problem]:
    problems: list[Problem] = []
    if not 1 <= len(program.cards) <= MAX_CARDS:
        problems.append(Problem(f"a program has 1..{MAX_CARDS} cards, this one has {len(program.cards)}"))
    if len(program.sets) > MAX_SETS:
        problems.append(Problem(f"a program has at most {MAX_SETS} user sets, this one has {len(program.sets)}"))
    for index, user_set in enumerate(program.sets):
        if not MIN_SET_SIZE <= len(user_set.elements) <= MAX_SET_SIZE:
            problems.append(
                Problem(
                    f"a user set holds {MIN_SET_SIZE}..{MAX_SET_SIZE} elements, {user_set.name!r} holds {len(user_set.elements)}",
                    set_index=index,
                )
            )
        if not user_set.elements <= ALL_ELEMENTS:
            problems.append(Problem("holds something that is not an element", set_index=index))
    for index, card in enumerate(program.cards):
        problems.extend(_card_problems(program, index, card))
    for index, test in enumerate(program.tests):
        snakes = test.position.snakes
        if not 0 <= test.snake < len(snakes):
            problems.append(
                Problem(f"'snake' is {test.snake}, but the position has {_count(len(snakes), 'snake')} "
                        "('snake' counts from 0: 0 is snake 1)", test=index)
            )
        elif snakes[test.snake].eaten:
            # The file's 0-based 'snake' and the number the editor shows, so either finds it.
            problems.append(Problem(f"{snake_label(test.snake)} ('snake': {test.snake}) is eaten and cannot move", test=index))
        if not test.expect or not test.expect <= set(Direction):
            problems.append(Problem("'expect' lists one or more of up, right, down, left", test=index))
    return problems


def _card_problems(program: Program, index: int, card: Card) -> list[Problem]:
    problems = []
    head = card.head
    if not in_card(head.cell):
        problems.append(
            Problem(
                f"the head at (row {head.row}, col {head.col}) is outside the {CARD_SIZE}x{CARD_SIZE} map", card=index
            )
        )
    for cell, pattern in card.sorted_cells():
        if not in_card(cell):
            problems.append(Problem(f"is outside the {CARD_SIZE}x{CARD_SIZE} map", card=index, cell=cell))
        elif cell == head.cell:
            problems.append(Problem("a pattern cannot sit on the head", card=index, cell=cell))
        group = pattern.group
        count = AND_GROUPS if group.kind is GroupKind.AND else OR_GROUPS
        if not 1 <= group.number <= count:
            problems.append(
                Problem(
                    f"bad group {group.label!r} (expected and1..and{AND_GROUPS} or or1..or{OR_GROUPS})",
                    card=index,
                    cell=cell,
                )
            )
        match = pattern.match
        if isinstance(match, SetRef):
            if not 0 <= match.index < len(program.sets):
                problems.append(
                    Problem(
                        f"uses {match.label}, but the program has {_count(len(program.sets), 'user set')}",
                        card=index,
                        cell=cell,
                    )
                )
            elif not MIN_SET_SIZE <= len(program.sets[match.index].elements) <= MAX_SET_SIZE:
                problems.append(
                    Problem(
                        f"uses {match.label} ({program.sets[match.index].name!r}), which must hold "
                        f"{MIN_SET_SIZE}..{MAX_SET_SIZE} elements",
                        card=index,
                        cell=cell,
                    )
                )
    return problems
