"""Edits of a program as pure functions: each takes a program (or card) and returns a new one.

The editor's undo commands are built on these, so every edit the GUI can make is testable without
Qt. Breaking a format limit (a 10th card, a 5th set, …) raises :class:`EditError`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engines.snake import Direction, Element
from matcher.model import (
    CARD_SIZE,
    MAX_CARDS,
    MAX_SETS,
    Card,
    CardCell,
    ElementSet,
    Head,
    Pattern,
    Program,
    ProgramTest,
    SetRef,
)


class EditError(ValueError):
    """An edit would break a program-format limit; the message says which."""


# --- cards ----------------------------------------------------------------------------------


def new_card() -> Card:
    """A blank card: the head in the centre, facing up."""
    return Card(Head(CARD_SIZE // 2, CARD_SIZE // 2, Direction.UP), {}, "")


def paint(card: Card, cells: Iterable[CardCell], pattern: Pattern) -> Card:
    """Put ``pattern`` into ``cells`` (the head's cell and cells off the map are skipped)."""
    updated = dict(card.cells)
    for cell in cells:
        if cell != card.head.cell and 0 <= cell[0] < CARD_SIZE and 0 <= cell[1] < CARD_SIZE:
            updated[cell] = pattern
    return replace(card, cells=updated)


def clear(card: Card, cells: Iterable[CardCell]) -> Card:
    updated = dict(card.cells)
    for cell in cells:
        updated.pop(cell, None)
    return replace(card, cells=updated)


def move_head(card: Card, cell: CardCell) -> Card:
    """Move the head to ``cell``; a pattern there swaps places with the head, so nothing is lost."""
    if not (0 <= cell[0] < CARD_SIZE and 0 <= cell[1] < CARD_SIZE):
        raise EditError(f"the head cannot leave the {CARD_SIZE}x{CARD_SIZE} map")
    old = card.head.cell
    if cell == old:
        return card
    updated = dict(card.cells)
    displaced = updated.pop(cell, None)
    if displaced is not None:
        updated[old] = displaced
    return replace(card, head=replace(card.head, row=cell[0], col=cell[1]), cells=updated)


def turn_head(card: Card, quarter_turns_clockwise: int = 1) -> Card:
    return replace(card, head=replace(card.head, facing=card.head.facing.turned(quarter_turns_clockwise)))


def face_head(card: Card, facing: Direction) -> Card:
    return replace(card, head=replace(card.head, facing=facing))


def describe_card(card: Card, description: str) -> Card:
    return replace(card, description=description)


# --- the card list --------------------------------------------------------------------------


def replace_card(program: Program, index: int, card: Card) -> Program:
    cards = list(program.cards)
    cards[index] = card
    return replace(program, cards=tuple(cards))


def insert_card(program: Program, index: int, card: Card | None = None) -> Program:
    if len(program.cards) >= MAX_CARDS:
        raise EditError(f"a program has at most {MAX_CARDS} cards")
    cards = list(program.cards)
    cards.insert(index, card if card is not None else new_card())
    return replace(program, cards=tuple(cards))


def duplicate_card(program: Program, index: int) -> Program:
    """Insert a copy of card ``index`` right after it."""
    return insert_card(program, index + 1, program.cards[index])


def remove_card(program: Program, index: int) -> Program:
    if len(program.cards) <= 1:
        raise EditError("a program needs at least one card")
    cards = list(program.cards)
    del cards[index]
    return replace(program, cards=tuple(cards))


def move_card(program: Program, source: int, target: int) -> Program:
    """Move card ``source`` so that it ends up at index ``target``."""
    cards = list(program.cards)
    card = cards.pop(source)
    cards.insert(target, card)
    return replace(program, cards=tuple(cards))


# --- user sets ------------------------------------------------------------------------------


def add_set(program: Program, name: str = "", elements: Iterable[Element] = ()) -> Program:
    if len(program.sets) >= MAX_SETS:
        raise EditError(f"a program has at most {MAX_SETS} user sets")
    new = ElementSet(name or f"set {len(program.sets) + 1}", frozenset(elements))
    return replace(program, sets=(*program.sets, new))


def replace_set(program: Program, index: int, element_set: ElementSet) -> Program:
    sets = list(program.sets)
    sets[index] = element_set
    return replace(program, sets=tuple(sets))


def set_uses(program: Program, index: int) -> list[tuple[int, CardCell]]:
    """Where set ``index`` is used: (card index, cell) pairs."""
    return [
        (c, cell)
        for c, card in enumerate(program.cards)
        for cell, pattern in card.sorted_cells()
        if pattern.match == SetRef(index)
    ]


def remove_set(program: Program, index: int) -> Program:
    """Delete set ``index``: patterns that used it are removed, later sets move up one place."""
    cards = []
    for card in program.cards:
        cells = {}
        for cell, pattern in card.cells.items():
            match = pattern.match
            if match == SetRef(index):
                continue
            if isinstance(match, SetRef) and match.index > index:
                pattern = replace(pattern, match=SetRef(match.index - 1))
            cells[cell] = pattern
        cards.append(replace(card, cells=cells))
    sets = program.sets[:index] + program.sets[index + 1 :]
    return replace(program, sets=sets, cards=tuple(cards))


# --- tests ----------------------------------------------------------------------------------


def add_test(program: Program, test: ProgramTest) -> Program:
    return replace(program, tests=(*program.tests, test))


def replace_test(program: Program, index: int, test: ProgramTest) -> Program:
    tests = list(program.tests)
    tests[index] = test
    return replace(program, tests=tuple(tests))


def remove_test(program: Program, index: int) -> Program:
    return replace(program, tests=program.tests[:index] + program.tests[index + 1 :])
