"""Many snake battles of card programs at once: the many-battle engine
(:class:`engines.snake.many.ManyBattles`) with every decision of a sub-turn made by the batched
matcher, one :func:`matcher.batched.best_masks_at` call per program.

Battles are grouped by field size and snake count (one engine each). Each battle draws from its
own generator seeded like ``random.Random(seed)``, in the order :func:`arena.program_battle.play_battle`
draws, so every result is identical to playing that battle alone.

Why not one battle after another: a single decision costs about 8 µs in :mod:`matcher.single`
and the engine's Python moves as much again; here a sub-turn of a thousand battles is a few dozen
array operations and one matcher pass per program."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from arena.program_battle import BattleResult, BattleSettings
from engines.snake import PAD, Position, ranks_of
from engines.snake.many import ManyBattles, Turn
from matcher import CompiledProgram, Program, compile_program
from matcher.batched import best_masks_at

Battles = Sequence[tuple[Sequence[Program], BattleSettings]]


def play_battles(battles: Battles) -> list[BattleResult]:
    """Play every ``(programs, settings)`` battle; results in the same order."""
    results: list[BattleResult | None] = [None] * len(battles)
    groups: dict[tuple[int, int, int], list[int]] = {}
    starts: dict[tuple[int, BattleSettings], Position] = {}  # most battles share a start
    positions = []
    for index, (programs, settings) in enumerate(battles):
        key = (len(programs), replace(settings, seed=0, max_steps=0))
        position = starts.get(key) or starts.setdefault(key, settings.start_position(len(programs)))
        positions.append(position)
        groups.setdefault((position.width, position.height, len(programs)), []).append(index)
    compiled: dict[int, CompiledProgram] = {}
    for indices in groups.values():
        group = [battles[i] for i in indices]
        for index, result in zip(indices, _play_group(group, [positions[i] for i in indices], compiled)):
            results[index] = result
    return [r for r in results if r is not None]


class _Seats:
    """Which compiled program plays each seat of each battle, and the decisions of a sub-turn."""

    def __init__(self, battles: Battles, compiled: dict[int, CompiledProgram], engine: ManyBattles) -> None:
        programs: list[CompiledProgram] = []
        number: dict[int, int] = {}
        seats = np.empty((len(battles), engine.snake_count), dtype=np.intp)
        for b, (seat_programs, _) in enumerate(battles):
            for s, program in enumerate(seat_programs):
                key = id(program)
                if key not in compiled:
                    compiled[key] = compile_program(program)
                if key not in number:
                    number[key] = len(programs)
                    programs.append(compiled[key])
                seats[b, s] = number[key]
        self.programs = programs
        self._seat_of_row = seats.reshape(-1)  # the program of each snake row (battle * snakes + snake)
        self.engine = engine
        self._corner = PAD * engine.stride + PAD  # from a head to its 13x13 window's corner

    def choose(self, turn: Turn) -> npt.NDArray[np.uint8]:
        """The best moves of every snake of ``turn`` as 4-bit masks: one matcher pass per program."""
        codes = self.engine.codes
        if len(self.programs) == 1:
            return best_masks_at(self.programs[0], codes, turn.heads - self._corner, turn.snakes, turn.possible)
        masks = np.empty(len(turn.rows), dtype=np.uint8)
        which = self._seat_of_row.take(turn.rows)
        order = np.argsort(which, kind="stable")  # the rows of each program together
        bounds = np.searchsorted(which.take(order), np.arange(len(self.programs) + 1))
        for number, compiled in enumerate(self.programs):
            rows = order[bounds[number] : bounds[number + 1]]
            if rows.size:
                masks[rows] = best_masks_at(compiled, codes, turn.heads.take(rows) - self._corner,
                                            turn.snakes.take(rows), turn.possible[rows])
        return masks


def _play_group(battles: Battles, positions: Sequence[Position], compiled: dict[int, CompiledProgram]) -> list[BattleResult]:
    engine = ManyBattles(positions, [s.seed for _, s in battles], [s.max_steps for _, s in battles])
    seats = _Seats(battles, compiled, engine)
    while not engine.over:
        engine.step(seats.choose)
    results = []
    for b, lengths in enumerate(engine.lengths().tolist()):
        reason = engine.end_reason(b)
        results.append(BattleResult(int(engine.steps[b]), reason.value if reason else "unfinished", lengths,
                                    ranks_of(lengths)))
    return results
