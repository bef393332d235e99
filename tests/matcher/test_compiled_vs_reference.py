"""The compiled matcher agrees with the literal reference on random programs and positions: the
single path (big-integer masks), the batched path (numpy over views) and the full evaluation
that explain reads."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings

from engines.snake import Board, Direction, Position
from matcher.batched import Decisions, best_masks_at, decide_many
from matcher.compiled import choose, compile_program, evaluate_board, possible_mask
from matcher.single import best_moves
from matcher.model import Program
from tests.reference_matcher import reference_decide
from tests.strategies import REPLAYABLE, positions, programs


def _compare(program: Program, position: Position) -> int:
    compiled = compile_program(program)
    board = Board(position)
    checked = 0
    for snake in range(len(position.snakes)):
        if position.snakes[snake].eaten:
            continue
        ref = reference_decide(program, position, snake)
        assert board.possible_moves(snake) == ref.possible
        best, card = best_moves(compiled, board, snake)
        assert (best, card) == (ref.best, ref.card), f"snake {snake}"
        if ref.card is not None:
            choice = choose(evaluate_board(compiled, board, snake), possible_mask(ref.possible)[None, :])
            for d, (valid, score) in ref.moves.items():
                assert bool(choice.move_valid[0, ref.card, d]) == valid, f"snake {snake} card {ref.card} {d.label}"
                assert int(choice.move_score[0, ref.card, d]) == score, f"snake {snake} card {ref.card} {d.label}"
        checked += 1
    return checked


@settings(REPLAYABLE, max_examples=1000)
@given(programs, positions)
def test_compiled_equals_reference(program: Program, position: Position) -> None:
    _compare(program, position)


def _views(position: Position) -> tuple[Board, list[int], np.ndarray]:
    """The board, its snakes that are not eaten (the views of a batch), and their possible moves."""
    board = Board(position)
    views = [i for i, s in enumerate(position.snakes) if not s.eaten]
    possible = np.array([possible_mask(board.possible_moves(i)) for i in views]).reshape(-1, 4)
    return board, views, possible


def batch_decision(choice: Decisions, row: int) -> tuple[list[Direction], int | None]:
    """The best moves and the deciding card (None: no card decided) of one view of a batch, as
    ``best_moves`` gives them."""
    return [d for d in Direction if choice.best[row, d]], (None if choice.card[row] < 0 else int(choice.card[row]))


@settings(REPLAYABLE, max_examples=60)
@given(programs, positions)
def test_batched_equals_single(program: Program, position: Position) -> None:
    compiled = compile_program(program)
    board, views, possible = _views(position)
    # The same board stacked three times, viewed through the middle copy and the others.
    stacked = np.stack([board.codes] * 3)
    choice = decide_many(compiled, stacked, [1] * len(views), [board.head(i) for i in views], views, possible)
    for row, snake in enumerate(views):
        best, card = best_moves(compiled, board, snake)
        moves = board.possible_moves(snake)
        if len(moves) >= 2:
            assert batch_decision(choice, row) == (best, card)
    # The same decisions as 4-bit masks (what the many-battle engine draws from).
    stride, rows = stacked.shape[2], stacked.shape[1]
    corners = np.array([rows * stride + board.head(i)[1] * stride + board.head(i)[0] for i in views], dtype=np.intp)
    masks = best_masks_at(compiled, stacked, corners, np.array(views, dtype=np.intp), np.asarray(possible, dtype=bool))
    assert [sum(1 << d for d in Direction if choice.best[row, d]) for row in range(len(views))] == list(masks)


@settings(REPLAYABLE, max_examples=400)
@given(programs, positions)
def test_batched_equals_reference(program: Program, position: Position) -> None:
    """Every snake's view, forced ones (fewer than two possible moves) included, in one batch."""
    compiled = compile_program(program)
    board, views, possible = _views(position)
    choice = decide_many(compiled, board.codes[None], [0] * len(views), [board.head(i) for i in views], views, possible)
    for row, snake in enumerate(views):
        ref = reference_decide(program, position, snake)
        assert batch_decision(choice, row) == (ref.best, ref.card), f"snake {snake}"
