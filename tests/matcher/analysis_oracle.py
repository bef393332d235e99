"""A literal oracle for the program analysis's claims: each card variant of each possible move
evaluated on real positions with the reference matcher's own geometry, so a proof that is
wrong shows as a position that contradicts it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from engines.snake import Direction, Element, Position, SnakeBody
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
    """A small field (3..7 a side) packed with 2-4 snakes: random walks from random heads."""
    width, height = rnd.randint(3, 7), rnd.randint(3, 7)
    taken: set[tuple[int, int]] = set()
    bodies = []
    for _ in range(rnd.randint(2, 4)):
        free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in taken]
        if not free:
            break
        body = [rnd.choice(free)]
        for _ in range(rnd.randint(1, 10)):
            x, y = body[-1]
            options = [(x + dx, y + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            options = [c for c in options if 0 <= c[0] < width and 0 <= c[1] < height and c not in taken and c not in body]
            if not options:
                break
            body.append(rnd.choice(options))
        if len(body) < 2:
            continue
        taken.update(body)
        bodies.append(SnakeBody(tuple(body)))
    if len(bodies) < 2:
        return random_position(rnd)
    if rnd.random() < 0.3:  # a rival eaten down to its leftover tail
        bodies[-1] = SnakeBody(bodies[-1].cells[-1:], True)
    return Position(width, height, tuple(bodies))
