"""The snake referee: card programs play a battle in-process, in the engine's random order, with
every random choice drawn from the battle's seeded generator; optionally recorded as JSONL."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from engines.snake import (
    GAME_INFO,
    Battle,
    Bite,
    Board,
    Direction,
    Eaten,
    Event,
    Moved,
    Policy,
    Position,
    Skipped,
    StepReport,
    position_to_text,
    start_position,
)
from matcher import CompiledProgram, Program, best_moves, compile_program, program_to_json
from matcher.explain import Explanation, explain

REPLAY_FORMAT = "snake-replay/1"


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
    steps: int
    end: str
    lengths: list[int]
    ranks: list[int]

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
    """A battle of card programs, stepped by the caller (CLI, GUI worker, tournament)."""

    programs: Sequence[Program]
    settings: BattleSettings = field(default_factory=BattleSettings)
    battle: Battle = field(init=False)
    decision_times: list[tuple[float, float] | None] = field(init=False)
    """Per snake the seconds (wall, CPU of this thread) its program took to choose its move in the
    last step; None when it chose nothing (eaten, no possible move, the battle over first). Only
    for people: the moves never depend on them."""
    _policies: list[Policy] = field(init=False)

    def __post_init__(self) -> None:
        position = self.settings.start_position(len(self.programs))
        self.battle = Battle(position, random.Random(self.settings.seed), self.settings.max_steps)
        compiled = [compile_program(p) for p in self.programs]
        self.compiled = compiled
        self._policies = [program_policy(c, self.battle.rng) for c in compiled]
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


def event_to_json(event: Event) -> list[Any]:
    if isinstance(event, Moved):
        return ["move", event.snake, event.direction.label]
    if isinstance(event, Bite):
        return ["bite", event.biter, event.victim, list(event.cell)]
    if isinstance(event, Eaten):
        return ["eaten", event.snake, event.by]
    if isinstance(event, Skipped):
        return ["skip", event.snake]
    raise TypeError(f"unknown event {event!r}")


def _line(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n"


def play_battle(
    programs: Sequence[Program],
    settings: BattleSettings = BattleSettings(),
    record: TextIO | None = None,
    names: Sequence[str] | None = None,
    on_step: Callable[[SnakeMatch, StepReport], None] | None = None,
) -> BattleResult:
    """Play a whole battle. With ``record``, write the JSONL replay as it goes (flushed per step,
    so a killed battle keeps every finished step)."""
    match = SnakeMatch(programs, settings)
    if record is not None:
        header = {
            "type": "header",
            "format": REPLAY_FORMAT,
            "game": "snake",
            "seed": settings.seed,
            "width": settings.width,
            "height": settings.height,
            "length": settings.length,
            "max_steps": settings.max_steps,
            "seats": [
                {"name": (names[i] if names else p.name), "program": program_to_json(p)} for i, p in enumerate(programs)
            ],
        }
        if settings.start is not None:
            header["start"] = position_to_text(settings.start)
        record.write(_line(header))
    while not match.battle.over:
        report = match.step()
        if record is not None:
            record.write(_line({"type": "step", "step": report.step, "order": list(report.order),
                                "events": [event_to_json(e) for e in report.events]}))
            record.flush()
        if on_step is not None:
            on_step(match, report)
    result = match.result()
    if record is not None:
        record.write(_line({"type": "result", **result.to_json()}))
        record.flush()
    return result


def explain_turn(programs: Sequence[Program], settings: BattleSettings, step: int, snake: int) -> Explanation | None:
    """Why ``snake`` moved as it did in ``step`` (1-based) of the battle these programs and
    settings play: the battle is replayed from its seed up to that snake's turn in that step and
    the decision there is explained. None when the snake had no turn in that step (it was eaten,
    or the battle had ended)."""
    match = SnakeMatch(programs, settings)
    battle = match.battle
    while battle.steps < step - 1 and not battle.over:
        match.step()
    if battle.over or step < 1:
        return None
    for mover in battle.begin_step():
        if battle.end is not None:
            return None
        if mover == snake:
            return None if battle.board.eaten[snake] else explain(match.compiled[snake], battle.board, snake)
        battle.turn(mover, match.policy)
    return None
