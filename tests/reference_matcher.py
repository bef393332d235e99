"""A slow, literal reference matcher, written straight from the spec with no shared geometry or
tables, so the compiled matcher has something independent to agree with.

Cards are turned by rotating and flipping the 7×7 grid itself, elements are read from the
position's snake lists, and every rule is a plain loop."""

from __future__ import annotations

from dataclasses import dataclass

from engines.snake import Direction, Element, Position
from matcher.model import CARD_SIZE, Card, GroupKind, Pattern, Program

ORDER = [Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT]
STEP = {Direction.UP: (0, -1), Direction.RIGHT: (1, 0), Direction.DOWN: (0, 1), Direction.LEFT: (-1, 0)}


def element_at(position: Position, me: int, x: int, y: int) -> Element:
    if not (0 <= x < position.width and 0 <= y < position.height):
        return Element.BORDER
    for index, snake in enumerate(position.snakes):
        for i, cell in enumerate(snake.cells):
            if cell != (x, y):
                continue
            is_tail = i == len(snake.cells) - 1 or snake.eaten
            if index == me:
                return Element.OWN_TAIL if is_tail else Element.OWN_BODY
            if is_tail:
                return Element.ENEMY_TAIL
            return Element.ENEMY_HEAD if i == 0 else Element.ENEMY_BODY
    return Element.EMPTY


def possible_moves(position: Position, me: int) -> list[Direction]:
    snake = position.snakes[me]
    if snake.eaten:
        return []
    hx, hy = snake.cells[0]
    result = []
    for d in ORDER:
        dx, dy = STEP[d]
        x, y = hx + dx, hy + dy
        e = element_at(position, me, x, y)
        if e == Element.EMPTY or e == Element.ENEMY_TAIL:
            result.append(d)
        elif e == Element.OWN_TAIL and len(snake.cells) > 2:
            result.append(d)
    return result


def card_grid(card: Card) -> list[list[object]]:
    grid: list[list[object]] = [[None] * CARD_SIZE for _ in range(CARD_SIZE)]
    for (r, c), p in card.cells.items():
        grid[r][c] = p
    grid[card.head.row][card.head.col] = ("HEAD", card.head.facing)
    return grid


def rotate_cw(grid: list[list[object]]) -> list[list[object]]:
    n = len(grid)
    out: list[list[object]] = [[None] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            cell = grid[r][c]
            if isinstance(cell, tuple):
                cell = ("HEAD", Direction((cell[1] + 1) % 4))
            out[c][n - 1 - r] = cell
    return out


def variant_grid(card: Card, direction: Direction, mirrored: bool) -> list[list[object]]:
    grid = card_grid(card)
    while True:
        head = [cell for row in grid for cell in row if isinstance(cell, tuple)][0]
        if head[1] == direction:
            break
        grid = rotate_cw(grid)
    if mirrored:
        if direction in (Direction.UP, Direction.DOWN):
            grid = [list(reversed(row)) for row in grid]
        else:
            grid = list(reversed(grid))
    return grid


@dataclass
class VariantResult:
    valid: bool
    score: int


def allowed(program: Program, pattern: Pattern) -> set[Element]:
    if isinstance(pattern.match, Element):
        base = {pattern.match}
    else:
        base = set(program.sets[pattern.match.index].elements)
    return set(Element) - base if pattern.negate else base


def check_variant(program: Program, grid: list[list[object]], position: Position, me: int) -> VariantResult:
    hr, hc = [(r, c) for r in range(CARD_SIZE) for c in range(CARD_SIZE) if isinstance(grid[r][c], tuple)][0]
    hx, hy = position.snakes[me].cells[0]
    groups: dict[tuple[GroupKind, int], list[bool]] = {}
    score = 0
    for r in range(CARD_SIZE):
        for c in range(CARD_SIZE):
            p = grid[r][c]
            if not isinstance(p, Pattern):
                continue
            ok = element_at(position, me, hx + (c - hc), hy + (r - hr)) in allowed(program, p)
            groups.setdefault((p.group.kind, p.group.number), []).append(ok)
            if ok:
                score += 7 - len(allowed(program, p))
    and_groups = [v for (k, _), v in groups.items() if k is GroupKind.AND]
    or_groups = [v for (k, _), v in groups.items() if k is GroupKind.OR]
    and_ok = not and_groups or any(all(v) for v in and_groups)
    or_ok = all(any(v) for v in or_groups)
    valid = and_ok and or_ok
    return VariantResult(valid, score if valid else 0)


@dataclass
class ReferenceDecision:
    possible: list[Direction]
    card: int | None
    moves: dict[Direction, tuple[bool, int]]
    best: list[Direction]


def reference_decide(program: Program, position: Position, me: int) -> ReferenceDecision:
    possible = possible_moves(position, me)
    if len(possible) < 2:
        return ReferenceDecision(possible, None, {}, possible)
    for index, card in enumerate(program.cards):
        moves: dict[Direction, tuple[bool, int]] = {}
        for d in possible:
            results = [check_variant(program, variant_grid(card, d, m), position, me) for m in (False, True)]
            valid = any(r.valid for r in results)
            moves[d] = (valid, max(r.score for r in results) if valid else 0)
        valid_moves = [d for d in possible if moves[d][0]]
        if not valid_moves:
            continue
        if len(valid_moves) == 1:
            return ReferenceDecision(possible, index, moves, valid_moves)
        top = max(moves[d][1] for d in valid_moves)
        return ReferenceDecision(possible, index, moves, [d for d in valid_moves if moves[d][1] == top])
    return ReferenceDecision(possible, None, {}, possible)
