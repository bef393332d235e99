"""A snake battle of card programs, played in-process: what decides it besides the programs
(:class:`BattleSettings`), the policy that plays a program, the battle stepped by its caller
(:class:`SnakeMatch`), and why a snake moved as it did in a step (:func:`explain_turn`).

Every random choice — the move order and the programs' ties — is drawn from one generator seeded
with the battle's seed, so the same programs, settings and seed give the same battle, bit for bit.
This is the core of every snake battle here: the match API (:mod:`arena.snake_referee`, which
``snakepit battle``, ``snakepit match snake``, tournaments and the app play through and which
records and verifies replays) steps a :class:`SnakeMatch`; the many-battle engine
(:mod:`arena.snake_batch`) must give what :func:`play_battle` gives, battle for battle.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.snake import (
    GAME_INFO,
    Battle,
    Board,
    Direction,
    Policy,
    Position,
    StepReport,
    board_at_turn,
    start_position,
)
from matcher import CompiledProgram, Program, best_moves, compile_program
from matcher.explain import Explanation, explain

if TYPE_CHECKING:
    from arena.match import MatchResult


@dataclass(frozen=True)
class BattleSettings:
    """What decides a battle besides its programs. ``start``: a position to play on from instead
    of the start layout (a what-if); its field is then ``width`` × ``height`` and ``length`` is unused."""

    seed: int = 0
    width: int = GAME_INFO.default_width
    height: int = GAME_INFO.default_height
    length: int = GAME_INFO.default_length
    max_steps: int = GAME_INFO.default_steps
    start: Position | None = None

    def start_position(self, snakes: int) -> Position:
        """The position before step 1: ``start``, or the start layout of ``snakes`` snakes."""
        if self.start is not None:
            return self.start
        return start_position(snakes, self.width, self.height, self.length)


@dataclass(frozen=True)
class BattleResult:
    """How a battle ended: what ``snakepit battle`` prints."""

    steps: int
    end: str
    lengths: list[int]
    ranks: list[int]

    @classmethod
    def of(cls, result: MatchResult) -> BattleResult:
        """A snake match's result as a battle's: its rounds are the steps, its scores the lengths."""
        return cls(result.rounds, result.end, list(result.scores), list(result.ranks))

    def to_json(self) -> dict[str, Any]:
        return {"steps": self.steps, "end": self.end, "lengths": self.lengths, "ranks": self.ranks}


def program_policy(compiled: CompiledProgram, rng: random.Random) -> Policy:
    """A policy that plays ``compiled``: the matcher's best moves, one drawn with ``rng`` on ties."""

    def choose(board: Board, snake: int, moves: Sequence[Direction]) -> Direction:
        if len(moves) == 1:
            return moves[0]
        best, _ = best_moves(compiled, board, snake, moves)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    return choose


@dataclass
class SnakeMatch:
    """A battle of card programs, stepped by the caller (the match API, the card statistics)."""

    programs: Sequence[Program]
    settings: BattleSettings = field(default_factory=BattleSettings)
    battle: Battle = field(init=False)
    compiled: list[CompiledProgram] = field(init=False)
    decision_times: list[tuple[float, float] | None] = field(init=False)
    """Per snake the seconds (wall, CPU of this thread) its program took to choose its move in the
    last step; None when it chose nothing (eaten, no possible move, the battle over first). Only
    for people: the moves never depend on them."""
    _policies: list[Policy] = field(init=False)

    def __post_init__(self) -> None:
        position = self.settings.start_position(len(self.programs))
        self.battle = Battle(position, random.Random(self.settings.seed), self.settings.max_steps)
        self.compiled = [compile_program(p) for p in self.programs]
        self._policies = [program_policy(c, self.battle.rng) for c in self.compiled]
        self.decision_times = [None] * len(self.programs)

    def policy(self, board: Board, snake: int, moves: Sequence[Direction]) -> Direction:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return self._policies[snake](board, snake, moves)
        finally:
            self.decision_times[snake] = (time.perf_counter() - wall, time.thread_time() - cpu)

    def step(self) -> StepReport:
        self.decision_times = [None] * len(self.programs)
        return self.battle.step(self.policy)

    def result(self) -> BattleResult:
        end = self.battle.end.value if self.battle.end else "unfinished"
        return BattleResult(self.battle.steps, end, self.battle.lengths(), self.battle.ranks())


def play_battle(programs: Sequence[Program], settings: BattleSettings = BattleSettings()) -> BattleResult:
    """Play a whole battle, nothing recorded (``snakepit battle`` plays it through the match API,
    which records it): the one-by-one battle the many-battle engine must equal."""
    match = SnakeMatch(programs, settings)
    while not match.battle.over:
        match.step()
    return match.result()


def explain_turn(programs: Sequence[Program], settings: BattleSettings, step: int, snake: int) -> Explanation | None:
    """Why ``snake`` moved as it did in ``step`` (1-based) of the battle these programs and
    settings play: the battle is played from its seed up to that step, and the decision on the
    board the snake saw at its turn (:func:`engines.snake.board_at_turn`) is explained. None when
    the snake had no turn in that step (it was eaten, or the battle had ended)."""
    match = SnakeMatch(programs, settings)
    battle = match.battle
    while battle.steps < step - 1 and not battle.over:
        match.step()
    if battle.over or step < 1:
        return None
    before = battle.board.position()
    board = board_at_turn(before, match.step().events, snake)
    return None if board is None else explain(match.compiled[snake], board, snake)
