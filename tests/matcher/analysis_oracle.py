"""A literal oracle for the program analysis's claims: each card variant of each possible move
evaluated on real positions with the reference matcher's own geometry, so a proof that is
wrong shows as a position that contradicts it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from engines.snake import Direction, Element, Position
from matcher.model import CARD_SIZE, Card, Group, GroupKind, Head, Pattern, Program
from tests.reference_matcher import allowed, element_at, possible_moves, reference_decide, variant_grid
from tests.strategies import random_position


@dataclass(frozen=True)
class VariantCheck:
    direction: Direction
    valid: bool
    matched: dict[tuple[int, int], bool]
    """Per original card cell, whether its pattern matched."""
    groups: dict[Group, bool]
    """Per group, whether it passed (AND: all matched; OR: one matched)."""


def variant_checks(program: Program, card: Card, position: Position, me: int) -> Iterator[VariantCheck]:
    """Every variant of ``card`` for every possible move of snake ``me``."""
    # Fresh pattern objects, so each one's identity names its original cell after the grid turns.
    fresh = {cell: Pattern(p.match, p.negate, p.group) for cell, p in card.cells.items()}
    origin = {id(p): cell for cell, p in fresh.items()}
    tagged = replace(card, cells=fresh)
    hx, hy = position.snakes[me].cells[0]
    for d in possible_moves(position, me):
        for mirrored in (False, True):
            grid = variant_grid(tagged, d, mirrored)
            hr, hc = next((r, c) for r in range(CARD_SIZE) for c in range(CARD_SIZE) if isinstance(grid[r][c], tuple))
            matched: dict[tuple[int, int], bool] = {}
            members: dict[Group, list[bool]] = {}
            for r in range(CARD_SIZE):
                for c in range(CARD_SIZE):
                    p = grid[r][c]
                    if isinstance(p, Pattern):
                        ok = element_at(position, me, hx + c - hc, hy + r - hr) in allowed(program, p)
                        matched[origin[id(p)]] = ok
                        members.setdefault(p.group, []).append(ok)
            groups = {g: all(v) if g.kind is GroupKind.AND else any(v) for g, v in members.items()}
            and_ok = not any(g.kind is GroupKind.AND for g in groups) or any(
                ok for g, ok in groups.items() if g.kind is GroupKind.AND)
            or_ok = all(ok for g, ok in groups.items() if g.kind is GroupKind.OR)
            yield VariantCheck(d, and_ok and or_ok, matched, groups)


def asked(position: Position, me: int) -> bool:
    """Whether the program is asked at all: a snake that is not eaten with two or more moves."""
    return not position.snakes[me].eaten and len(possible_moves(position, me)) >= 2


def deciding_card(program: Program, position: Position, me: int) -> int | None:
    return reference_decide(program, position, me).card


# --- programs that provoke the analysis -------------------------------------------------------

NEAR = [(r, c) for r in range(1, 6) for c in range(1, 6) if (r, c) != (3, 3) and abs(r - 3) + abs(c - 3) <= 2]
"""Cells within two steps of a centred head: close enough that random crowded positions often
fill them in every way, so a wrong proof soon meets the position that refutes it."""
TRICKY = [Element.OWN_TAIL, Element.OWN_BODY, Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.BORDER, Element.EMPTY,
          Element.ENEMY_TAIL]


def tricky_program(rnd: random.Random) -> Program:
    """Cards of a few patterns close to the head, heavy on the elements with rules (own tail,
    heads, bodies, border), so that groups that cannot match and weights that never count turn up."""
    cards = []
    for _ in range(rnd.randint(1, 5)):
        cells = {}
        for cell in rnd.sample(NEAR, rnd.randint(0, 6)):
            group = Group(rnd.choice([GroupKind.AND, GroupKind.OR]), rnd.randint(1, 2))
            cells[cell] = Pattern(rnd.choice(TRICKY), rnd.random() < 0.2, group)
        cards.append(Card(Head(3, 3, rnd.choice(list(Direction))), cells))
    return Program("tricky", "", (), tuple(cards))


def crowded_position(rnd: random.Random) -> Position:
    """A small field (3..7 a side) packed with snakes, so cells near a head take every element."""
    return random_position(rnd, sides=(3, 7))
