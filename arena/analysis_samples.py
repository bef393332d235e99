"""Positions to watch a program's cards in, for the "never decided" warnings of
:func:`matcher.analysis.analyse_program`: every choice of every snake in short battles of the
program against each shipped sample (and itself), on the default field and on a crowded one.
Seeded, so the same program gets the same warnings every time."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from arena.moments import battle_moments
from arena.samples import sample_programs
from arena.program_battle import BattleSettings
from engines.snake import GAME_INFO, Position
from matcher import Program, load_program
from matcher.analysis import ProgramWarning, analyse_program

FIELDS = ((GAME_INFO.default_width, GAME_INFO.default_height, GAME_INFO.default_length), (13, 13, 6))
"""(width, height, snake length) of the battles: the default field, and a crowded one."""
STEPS = 150


@dataclass(frozen=True)
class Samples:
    situations: list[tuple[Position, int]]
    battles: int

    @property
    def note(self) -> str:
        return f"from {self.battles} short battles against the samples"


def sample_situations(program: Program, seed: int = 0, opponents: Sequence[Program] | None = None) -> Samples:
    """Every position in which a snake chose among two or more moves, in battles of ``program``
    against each opponent (default: the shipped samples and itself) on :data:`FIELDS`."""
    rivals = list(opponents) if opponents is not None else [load_program(p) for p in sample_programs()] + [program]
    rng = random.Random(seed)
    situations: list[tuple[Position, int]] = []
    battles = 0
    for rival in rivals:
        for width, height, length in FIELDS:
            settings = BattleSettings(rng.randrange(1 << 32), width, height, length, STEPS)
            for moment in battle_moments([program, rival], settings):
                if len(moment.possible) >= 2 and moment.position is not None:
                    situations.append((moment.position, moment.snake))
            battles += 1
    return Samples(situations, battles)


def program_warnings(program: Program, seed: int = 0, sample: bool = True) -> list[ProgramWarning]:
    """The analysis's warnings, with "never decided" ones from :func:`sample_situations`."""
    if not sample:
        return analyse_program(program)
    samples = sample_situations(program, seed)
    return analyse_program(program, samples.situations, samples.note)
