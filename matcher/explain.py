"""Why a snake moves as it does: the compiled matcher's reasoning for one view, as data.

Everything here is read off the same evaluation :func:`matcher.compiled.best_moves` uses, so the
explanation cannot disagree with the decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engines.snake import ELEMENT_LUT, Board, Cell, Direction, Element, Position
from matcher.compiled import CompiledProgram, choose, evaluate_board, possible_mask
from matcher.model import CardCell, Pattern, Variant


@dataclass(frozen=True)
class PatternMatch:
    card_cell: CardCell
    field_cell: Cell
    pattern: Pattern
    weight: int
    element: Element
    matched: bool


@dataclass(frozen=True)
class MoveExplanation:
    valid: bool
    score: int
    variant: Variant
    """The variant that gave the score (for an invalid move, the unmirrored one)."""
    patterns: tuple[PatternMatch, ...]


@dataclass(frozen=True)
class Explanation:
    snake: int
    head: Cell
    possible: tuple[Direction, ...]
    card: int | None
    moves: dict[Direction, MoveExplanation]
    best: tuple[Direction, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``snakepit explain``: the spec's keys plus ``snake``, ``head`` and per move
        the variant and its patterns."""
        return {
            "snake": self.snake,
            "head": list(self.head),
            "possible": [d.label for d in self.possible],
            "card": self.card,
            "moves": {d.label: _move_json(m) for d, m in self.moves.items()},
            "best": [d.label for d in self.best],
        }


def _move_json(move: MoveExplanation) -> dict[str, Any]:
    return {
        "valid": move.valid,
        "score": move.score,
        "variant": {"direction": move.variant.direction.label, "mirrored": move.variant.mirrored},
        "patterns": [
            {
                "row": p.card_cell[0],
                "col": p.card_cell[1],
                "x": p.field_cell[0],
                "y": p.field_cell[1],
                "match": p.pattern.match.label,
                "not": p.pattern.negate,
                "group": p.pattern.group.label,
                "weight": p.weight,
                "element": p.element.label,
                "matched": p.matched,
            }
            for p in move.patterns
        ],
    }


def explain(compiled: CompiledProgram, position: Position | Board, snake: int) -> Explanation:
    """Explain the choice of ``snake`` (0-based) in ``position``."""
    board = position if isinstance(position, Board) else Board(position)
    if not 0 <= snake < board.snake_count:
        raise IndexError(f"snake {snake} is out of range (the position has {board.snake_count} snakes)")
    possible = tuple(board.possible_moves(snake))
    head = board.head(snake) if board.bodies[snake] else (-1, -1)
    if len(possible) < 2:
        return Explanation(snake, head, possible, None, {}, possible)
    evaluation = evaluate_board(compiled, board, snake)
    choice = choose(evaluation, possible_mask(list(possible))[None, :])
    card = int(choice.card[0])
    best = tuple(d for d in Direction if choice.best[0, d])
    if card < 0:
        return Explanation(snake, head, possible, None, {}, best)
    moves = {}
    for d in possible:
        valid = bool(choice.move_valid[0, card, d])
        v_valid = evaluation.valid[card, d, :, 0]
        v_score = np.where(v_valid, evaluation.score[card, d, :, 0], -1)
        mirrored = bool(valid and v_score[1] > v_score[0])
        variant = Variant(d, mirrored)
        moves[d] = MoveExplanation(
            valid, int(choice.move_score[0, card, d]), variant,
            _patterns(compiled, board, snake, evaluation.matched[card, :, variant.index, 0], card, variant),
        )
    return Explanation(snake, head, possible, card, moves, best)


def _patterns(
    compiled: CompiledProgram, board: Board, snake: int, matched: Any, card: int, variant: Variant
) -> tuple[PatternMatch, ...]:
    hx, hy = board.head(snake)
    card_model = compiled.program.cards[card]
    result = []
    for k, cell in enumerate(compiled.card_cells[card]):
        pattern = card_model.cells[cell]
        dx, dy = (int(v) for v in compiled.offset[card, k, variant.index])
        x, y = hx + dx, hy + dy
        inside = 0 <= x < board.width and 0 <= y < board.height
        element = Element(int(ELEMENT_LUT[snake, board.code_at((x, y))])) if inside else Element.BORDER
        result.append(PatternMatch(cell, (x, y), pattern, compiled.program.weight(pattern), element, bool(matched[k])))
    return tuple(result)
