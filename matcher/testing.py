"""Running a program's embedded tests: the best moves must equal each test's ``expect``.

The tests are decided in one batched pass per field size (:func:`matcher.batched.decide_many`):
the editor reruns them after every edit, so they must cost a fraction of a frame. The tests'
views (stacked code grids, heads, possible moves) depend only on the tests, not on the cards, and
are kept for the last few test lists seen."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from engines.snake import Board, Direction
from matcher.batched import decide_many
from matcher.compiled import CompiledProgram, compile_program, possible_mask
from matcher.model import Program, ProgramTest

_DIRECTIONS = tuple(Direction)


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


@dataclass(frozen=True, eq=False)
class _SameSizeViews:
    """The tests on fields of one size, as :func:`decide_many` takes them."""

    tests: tuple[int, ...]  # (B,) each view's test index
    codes: npt.NDArray[np.uint8]  # (B, H, W) padded code grids
    heads: npt.NDArray[np.intp]  # (B, 2)
    snakes: npt.NDArray[np.intp]  # (B,)
    possible: npt.NDArray[np.bool_]  # (B, 4)


@dataclass(frozen=True, eq=False)
class _TestViews:
    forced: dict[int, frozenset[Direction]]
    """Tests whose snake has fewer than two possible moves: those, and no card decides."""
    groups: tuple[_SameSizeViews, ...]


@lru_cache(maxsize=4)
def _views(tests: tuple[ProgramTest, ...]) -> _TestViews:
    forced: dict[int, frozenset[Direction]] = {}
    by_shape: dict[tuple[int, ...], list[tuple[int, Board, list[Direction]]]] = {}
    for index, test in enumerate(tests):
        board = Board(test.position)
        moves = board.possible_moves(test.snake)
        if len(moves) < 2:
            forced[index] = frozenset(moves)
        else:
            by_shape.setdefault(board.codes.shape, []).append((index, board, moves))
    groups = tuple(
        _SameSizeViews(
            tuple(i for i, _, _ in group),
            np.stack([board.codes for _, board, _ in group]),
            np.array([board.head(tests[i].snake) for i, board, _ in group], dtype=np.intp),
            np.array([tests[i].snake for i, _, _ in group], dtype=np.intp),
            np.array([possible_mask(moves) for _, _, moves in group], dtype=bool),
        )
        for group in by_shape.values()
    )
    return _TestViews(forced, groups)


def run_tests(program: Program, compiled: CompiledProgram | None = None) -> list[TestResult]:
    """Every test's best moves and deciding card, in the tests' order."""
    compiled = compiled or compile_program(program)
    views = _views(program.tests)
    found: dict[int, tuple[frozenset[Direction], int | None]] = {i: (m, None) for i, m in views.forced.items()}
    for group in views.groups:
        decided = decide_many(compiled, group.codes, np.arange(len(group.tests)), group.heads, group.snakes,
                              group.possible)
        for row, index in enumerate(group.tests):
            card = int(decided.card[row])
            found[index] = (frozenset(d for d, best in zip(_DIRECTIONS, decided.best[row]) if best),
                            None if card < 0 else card)
    return [TestResult(index, test, *found[index]) for index, test in enumerate(program.tests)]
