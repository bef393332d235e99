"""The edits the search tries: small changes to one card or to the card list, never to a pinned
card. Each kind is a function ``(program, pinned, rng) -> (program, what) | None`` (None: it does
not apply here, e.g. no pattern to remove); :data:`EDIT_KINDS` lists them with their weights.

Pinned cards (``--keep-cards``) keep their content, are never dropped, and keep their order
among themselves; other cards may be added, dropped or moved around them.

Extension point (issue 17, "a card from a moment"): the edit "add a card made from a moment where
the program lost a segment" needs that issue's card-from-moment function (the 7×7 window around
a snake's head as a card). When it lands, write it as an :data:`Edit` over a
:class:`MomentSource` (moments where the best program lost a segment) and pass it to the search
in ``SearchSettings.extra_edits`` (or add it to :data:`EDIT_KINDS`). Until then that kind is not
offered."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from engines.snake import Direction, Element
from matcher.editing import EditError, clear, duplicate_card, insert_card, move_card, move_head, paint, remove_card, turn_head
from matcher.model import (
    ALL_GROUPS,
    AND1,
    CARD_SIZE,
    MAX_CARDS,
    Card,
    CardCell,
    Head,
    Pattern,
    Program,
    SetRef,
)
from matcher.validate import validate_program

Edit = Callable[[Program, frozenset[int], random.Random], "tuple[Program, str] | None"]

# Elements drawn for new patterns, weighted towards what decides battles: tails to bite, rival
# heads to flee, walls and bodies to avoid, empty room to move into.
_ELEMENT_WEIGHTS = {
    Element.EMPTY: 4, Element.BORDER: 2, Element.OWN_BODY: 2, Element.OWN_TAIL: 1,
    Element.ENEMY_HEAD: 3, Element.ENEMY_BODY: 2, Element.ENEMY_TAIL: 4,
}


def _free_cards(program: Program, pinned: frozenset[int]) -> list[int]:
    return [i for i in range(len(program.cards)) if i not in pinned]


def _pick_card(program: Program, pinned: frozenset[int], rng: random.Random) -> int | None:
    """An unpinned card's index, or None when every card is pinned."""
    free = _free_cards(program, pinned)
    return rng.choice(free) if free else None


def _random_match(program: Program, rng: random.Random) -> Element | SetRef:
    if program.sets and rng.random() < 0.2:
        return SetRef(rng.randrange(len(program.sets)))
    elements = list(_ELEMENT_WEIGHTS)
    return rng.choices(elements, weights=[_ELEMENT_WEIGHTS[e] for e in elements])[0]


def _near_head(card: Card, rng: random.Random) -> CardCell:
    """A cell of the map, most often within two cells of the head (where decisions are made)."""
    reach = 1 if rng.random() < 0.5 else 2 if rng.random() < 0.7 else CARD_SIZE
    row = min(max(card.head.row + rng.randint(-reach, reach), 0), CARD_SIZE - 1)
    col = min(max(card.head.col + rng.randint(-reach, reach), 0), CARD_SIZE - 1)
    return (row, col)


def _pick_pattern(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[int, CardCell] | None:
    """A (card, cell) of an unpinned card's pattern, or None when there is none."""
    cells = [(i, cell) for i in _free_cards(program, pinned) for cell in program.cards[i].cells]
    return rng.choice(cells) if cells else None


def _with_card(program: Program, index: int, card: Card) -> Program:
    cards = list(program.cards)
    cards[index] = replace(card, description="")  # a changed card gets a new description later
    return replace(program, cards=tuple(cards))


def add_pattern(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    index = _pick_card(program, pinned, rng)
    if index is None:
        return None
    card = program.cards[index]
    cell = _near_head(card, rng)
    if cell == card.head.cell or cell in card.cells:
        return None
    groups = sorted({p.group for p in card.cells.values()}, key=ALL_GROUPS.index) or [AND1]
    group = rng.choice(groups) if rng.random() < 0.8 else rng.choice(ALL_GROUPS)
    pattern = Pattern(_random_match(program, rng), rng.random() < 0.15, group)
    return _with_card(program, index, paint(card, [cell], pattern)), f"card {index + 1}: add a pattern"


def remove_pattern(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    picked = _pick_pattern(program, pinned, rng)
    if picked is None:
        return None
    index, cell = picked
    return _with_card(program, index, clear(program.cards[index], [cell])), f"card {index + 1}: remove a pattern"


def move_pattern(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    picked = _pick_pattern(program, pinned, rng)
    if picked is None:
        return None
    index, cell = picked
    card = program.cards[index]
    direction = rng.choice(list(Direction))
    target = (cell[0] + direction.dy, cell[1] + direction.dx)
    if target == card.head.cell or target in card.cells or not all(0 <= v < CARD_SIZE for v in target):
        return None
    moved = paint(clear(card, [cell]), [target], card.cells[cell])
    return _with_card(program, index, moved), f"card {index + 1}: move a pattern"


def _change_pattern(program: Program, pinned: frozenset[int], rng: random.Random,
                    change: Callable[[Pattern], Pattern], what: str) -> tuple[Program, str] | None:
    picked = _pick_pattern(program, pinned, rng)
    if picked is None:
        return None
    index, cell = picked
    card = program.cards[index]
    pattern = change(card.cells[cell])
    if pattern == card.cells[cell]:
        return None
    return _with_card(program, index, paint(card, [cell], pattern)), f"card {index + 1}: {what}"


def change_element(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    return _change_pattern(program, pinned, rng, lambda p: replace(p, match=_random_match(program, rng)),
                           "change a pattern's element or set")


def toggle_not(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    return _change_pattern(program, pinned, rng, lambda p: replace(p, negate=not p.negate), "toggle a NOT")


def change_group(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    return _change_pattern(program, pinned, rng, lambda p: replace(p, group=rng.choice(ALL_GROUPS)),
                           "change a pattern's group")


def move_card_head(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    index = _pick_card(program, pinned, rng)
    if index is None:
        return None
    card = program.cards[index]
    direction = rng.choice(list(Direction))
    try:
        moved = move_head(card, (card.head.row + direction.dy, card.head.col + direction.dx))
    except EditError:
        return None
    return _with_card(program, index, moved), f"card {index + 1}: move the head"


def turn_card_head(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    index = _pick_card(program, pinned, rng)
    if index is None:
        return None
    turned = turn_head(program.cards[index], rng.choice([1, 3]))
    return _with_card(program, index, turned), f"card {index + 1}: turn the head"


def reorder_cards(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    source = None if len(program.cards) < 2 else _pick_card(program, pinned, rng)
    if source is None:
        return None
    target = rng.randrange(len(program.cards))
    if target == source:
        return None
    # Moving one card keeps every other card's order, so the pinned cards keep theirs.
    return move_card(program, source, target), f"move card {source + 1} to place {target + 1}"


def duplicate(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    if len(program.cards) >= MAX_CARDS:
        return None
    index = rng.randrange(len(program.cards))
    copied = duplicate_card(program, index)
    # The copy is a new, unpinned card: change it at once, or it would never decide anything.
    changed = add_pattern(copied, frozenset(range(len(copied.cards))) - {index + 1}, rng)
    result = changed[0] if changed else copied
    return result, f"duplicate card {index + 1} and change the copy"


def drop_card(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    index = None if len(program.cards) < 2 else _pick_card(program, pinned, rng)
    if index is None:
        return None
    return remove_card(program, index), f"drop card {index + 1}"


def new_card(program: Program, pinned: frozenset[int], rng: random.Random) -> tuple[Program, str] | None:
    """A new card with one or two patterns next to the head (the start of a new rule)."""
    if len(program.cards) >= MAX_CARDS:
        return None
    card = Card(Head(CARD_SIZE // 2, CARD_SIZE // 2, Direction.UP), {})
    for _ in range(rng.randint(1, 2)):
        cell = _near_head(card, rng)
        if cell != card.head.cell:
            card = paint(card, [cell], Pattern(_random_match(program, rng), rng.random() < 0.15, AND1))
    index = rng.randint(0, len(program.cards))
    return insert_card(program, index, card), f"new card at place {index + 1}"


class MomentSource(Protocol):
    """EXTENSION POINT (issue 17): where a card-from-moment edit would get its moments, positions
    where the current best program lost a segment and the snake that lost it. An edit built on
    it is an :data:`Edit` like the others, passed to the search in
    :attr:`arena.improve.search.SearchSettings.extra_edits`; nothing here offers one yet."""

    def moment(self, rng: random.Random) -> object | None: ...


EDIT_KINDS: tuple[tuple[Edit, float], ...] = (
    (add_pattern, 4), (remove_pattern, 2), (move_pattern, 2), (change_element, 3), (toggle_not, 1),
    (change_group, 1), (move_card_head, 1), (turn_card_head, 1), (reorder_cards, 2), (duplicate, 2),
    (drop_card, 1), (new_card, 2),
)


def mutate(program: Program, pinned: frozenset[int], rng: random.Random, edits: int = 1,
           kinds: Sequence[tuple[Edit, float]] = EDIT_KINDS) -> tuple[Program, list[str]] | None:
    """``program`` after ``edits`` random edits, and what they were; None when no valid program
    came out in a few tries. Pinned card numbers follow the cards as edits move them."""
    for _ in range(20):
        current, pins, done = program, pinned, []
        for _ in range(edits):
            edit = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
            try:
                result = edit(current, pins, rng)
            except EditError:
                result = None
            if result is None:
                continue
            pins = _follow_pins(current, result[0], pins)
            current = result[0]
            done.append(result[1])
        if done and current != program and not validate_program(current):
            return current, done
    return None


def _follow_pins(before: Program, after: Program, pinned: frozenset[int]) -> frozenset[int]:
    """Where the pinned cards of ``before`` are in ``after``."""
    return frozenset(find_cards([before.cards[i] for i in sorted(pinned)], after))


def find_cards(cards: Sequence[Card], program: Program) -> list[int]:
    """Where ``cards`` (in order, each at most once) are in ``program``: pinned cards never
    change, so edits only move them and each is found by its content."""
    claimed: set[int] = set()
    for card in cards:
        place = next((j for j, other in enumerate(program.cards) if j not in claimed and other == card), None)
        if place is not None:
            claimed.add(place)
    return sorted(claimed)


@dataclass(frozen=True)
class Pins:
    """The pinned cards of the user's program, by 0-based index, checked against it."""

    indices: frozenset[int]

    @classmethod
    def parse(cls, text: str, cards: int) -> Pins:
        """``"1,2"`` (1-based, as the editor numbers cards) for a program of ``cards`` cards."""
        indices = set()
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            if not part.isdigit() or not 1 <= int(part) <= cards:
                raise ValueError(f"--keep-cards {text!r}: {part!r} is not a card number 1..{cards}")
            indices.add(int(part) - 1)
        return cls(frozenset(indices))
