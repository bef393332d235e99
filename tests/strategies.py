"""Hypothesis strategies for random programs and positions, shared by the property tests."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engines.snake import Cell, Direction, Element, Position, SnakeBody
from matcher.model import (
    ALL_GROUPS,
    CARD_SIZE,
    MAX_CARDS,
    MAX_SETS,
    Card,
    ElementSet,
    Head,
    Pattern,
    Program,
    SetRef,
)

REPLAYABLE = settings(derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Settings of the matcher's property tests, ``@settings(REPLAYABLE, max_examples=N)``: the same
examples on every run and machine (no example database), and no time limits, which busy cores
would break."""

# Elements weighted towards what random fields actually show, so patterns match often enough.
COMMON = [Element.EMPTY] * 4 + [Element.BORDER] * 2 + list(Element)


def random_program(rnd: random.Random) -> Program:
    sets = tuple(
        ElementSet(f"set {i + 1}", frozenset(rnd.sample(list(Element), rnd.randint(1, 6))))
        for i in range(rnd.randint(0, MAX_SETS))
    )
    cards = []
    for _ in range(rnd.randint(1, MAX_CARDS)):
        head = Head(rnd.randrange(CARD_SIZE), rnd.randrange(CARD_SIZE), rnd.choice(list(Direction)))
        groups = rnd.sample(ALL_GROUPS, rnd.randint(1, 3))
        cells = {}
        for _ in range(rnd.choice([0, 1, 2, 3, 4, 6, 10, 16])):
            cell = (rnd.randrange(CARD_SIZE), rnd.randrange(CARD_SIZE))
            if cell == head.cell:
                continue
            if sets and rnd.random() < 0.3:
                match: Element | SetRef = SetRef(rnd.randrange(len(sets)))
            else:
                match = rnd.choice(COMMON)
            cells[cell] = Pattern(match, rnd.random() < 0.25, rnd.choice(groups))
        cards.append(Card(head, cells))
    return Program("random", "", sets, tuple(cards))


def random_position(rnd: random.Random, sides: tuple[int, int] = (3, 12)) -> Position:
    """2-4 snakes as random walks on a field whose sides are within ``sides``; some eaten."""
    width, height = rnd.randint(*sides), rnd.randint(*sides)
    taken: set[Cell] = set()
    bodies = []
    for _ in range(rnd.randint(2, 4)):
        free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in taken]
        if not free:
            break
        body = [rnd.choice(free)]
        taken.add(body[0])
        for _ in range(rnd.randint(1, 9)):
            x, y = body[-1]
            options = [(x + dx, y + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            options = [c for c in options if 0 <= c[0] < width and 0 <= c[1] < height and c not in taken]
            if not options:
                break
            body.append(rnd.choice(options))
            taken.add(body[-1])
        if len(body) == 1 or rnd.random() < 0.08:
            bodies.append(SnakeBody(tuple(body[-1:]) if rnd.random() < 0.7 else (), True))
            taken.difference_update(body[:-1])
        else:
            bodies.append(SnakeBody(tuple(body)))
    while len(bodies) < 2:
        bodies.append(SnakeBody((), True))
    return Position(width, height, tuple(bodies))


programs = st.randoms(use_true_random=False).map(random_program)
positions = st.randoms(use_true_random=False).map(random_position)


def randoms_program_and_positions() -> st.SearchStrategy[tuple[Program, list[Position]]]:
    """A random program with 1-8 random positions of mixed field sizes."""
    return st.randoms(use_true_random=False).map(
        lambda rnd: (random_program(rnd), [random_position(rnd, (3, 12)) for _ in range(rnd.randint(1, 8))]))
