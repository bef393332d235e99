"""Running a program's tests: the batched pass gives every test the single path's decision."""

from __future__ import annotations

import random

from hypothesis import given, settings

from engines.snake import Board, Direction, Position
from matcher import ProgramTest, compile_program
from matcher.model import Program
from matcher.single import best_moves
from matcher.testing import run_tests
from tests.strategies import random_position, randoms_program_and_positions


@settings(max_examples=60, deadline=None)
@given(randoms_program_and_positions())
def test_run_tests_decides_as_the_single_path(case: tuple[Program, list[Position]]) -> None:
    program, positions = case
    tests: list[ProgramTest] = []
    for number, position in enumerate(positions):
        alive = [s for s, body in enumerate(position.snakes) if body.cells and not body.eaten]
        if alive:
            tests.append(ProgramTest(f"t{number}", position, alive[number % len(alive)], frozenset({Direction.UP})))
    program = Program(program.name, program.description, program.sets, program.cards, tuple(tests))
    compiled = compile_program(program)
    results = run_tests(program, compiled)
    assert [r.index for r in results] == list(range(len(tests)))
    for result, test in zip(results, tests):
        best, card = best_moves(compiled, Board(test.position), test.snake)
        assert (result.best, result.card) == (frozenset(best), card)
        assert result.passed == (frozenset(best) == {Direction.UP})


def test_a_test_list_seen_again_reuses_its_views_and_new_cards_still_count() -> None:
    rnd = random.Random(5)
    position = random_position(rnd, (5, 9))
    me = next(s for s, body in enumerate(position.snakes) if body.cells and not body.eaten)
    from tests.strategies import random_program

    first, second = random_program(random.Random(1)), random_program(random.Random(2))
    tests = (ProgramTest("t", position, me, frozenset()),)
    for program in (first, second, first):
        program = Program(program.name, "", program.sets, program.cards, tests)
        compiled = compile_program(program)
        (result,) = run_tests(program, compiled)
        best, card = best_moves(compiled, Board(position), me)
        assert (result.best, result.card) == (frozenset(best), card)
