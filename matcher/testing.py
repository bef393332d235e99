"""Running a program's embedded tests: the best moves must equal each test's ``expect``."""

from __future__ import annotations

from dataclasses import dataclass

from engines.snake import Board, Direction
from matcher.compiled import CompiledProgram, compile_program
from matcher.single import best_moves
from matcher.model import Program, ProgramTest


@dataclass(frozen=True)
class TestResult:
    __test__ = False  # not a pytest test class

    index: int
    test: ProgramTest
    best: frozenset[Direction]
    card: int | None

    @property
    def passed(self) -> bool:
        return self.best == self.test.expect

    def describe(self) -> str:
        def labels(moves: frozenset[Direction]) -> str:
            return ", ".join(d.label for d in sorted(moves)) or "(none)"

        status = "ok" if self.passed else "FAILED"
        decided = f"card {self.card + 1}" if self.card is not None else "no card"
        text = f"test {self.index + 1} {self.test.name!r}: {status} (best: {labels(self.best)}; {decided})"
        if not self.passed:
            text += f"; expected {labels(self.test.expect)}"
        return text


def run_tests(program: Program, compiled: CompiledProgram | None = None) -> list[TestResult]:
    compiled = compiled or compile_program(program)
    results = []
    for index, test in enumerate(program.tests):
        best, card = best_moves(compiled, Board(test.position), test.snake)
        results.append(TestResult(index, test, frozenset(best), card))
    return results
