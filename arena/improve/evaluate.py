"""Scoring programs against the opponents on common battles.

The unit of comparison is a **unit**: one opponent, one field size, one seed, played as a pair
of battles with the seats swapped (seats alternate program, opponent, ... and then the other way
round, as in :mod:`arena.tournament.duel`). A program's value on a unit is its mean game score
over the pair: per battle, every seat of the program against every seat of the opponent counts
1 for a better rank, 1/2 for the same, 0 for a worse one. Unit ``u`` uses opponent
``u % opponents``, field size ``(u // opponents) % sizes`` and seed ``game_seed(seed, u)``, so two
programs scored on the same units played the very same battles but for their own moves (common
random numbers): the difference of their values is mostly the difference of the programs.

Search units count up from 0; report units start at :data:`REPORT_BASE`, so the report's seeds
are never seeds the search saw."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arena.improve.runners import BattleChunk, Runner
from arena.tournament.duel import Z95, game_score, seatings
from arena.tournament.seeds import game_seed
from matcher import Program, dumps_program

REPORT_BASE = 1 << 40
SCORE = (0.0, 1.0)
"""The range of a program's value on units (a mean of game scores of 0, 1/2 and 1)."""
CHANGE = (-1.0, 1.0)
"""The range of the difference of two such values."""


@dataclass(frozen=True)
class Field:
    """How the battles are set up: the opponents (name, program), field sizes, seats per battle
    (2-4), start length, step limit, and the seed the units' seeds come from."""

    opponents: tuple[tuple[str, Program], ...]
    sizes: tuple[tuple[int, int], ...] = ((25, 25),)
    seats: int = 2
    length: int = 10
    max_steps: int = 1000
    seed: int = 0

    def unit(self, index: int) -> tuple[int, tuple[int, int], int]:
        """``(opponent index, (width, height), seed)`` of unit ``index``."""
        opponents = len(self.opponents)
        return index % opponents, self.sizes[(index // opponents) % len(self.sizes)], game_seed(self.seed, index)


def score_units(field: Field, runner: Runner, programs: Sequence[Program], units: Sequence[int]) -> list[list[float]]:
    """Every program's value on every unit (``[program][unit]``), all battles played at once."""
    texts = [dumps_program(p) for p in programs] + [dumps_program(p) for _, p in field.opponents]
    first, second = seatings(field.seats)
    battles = []
    for number in range(len(programs)):
        for index in units:
            opponent, (width, height), seed = field.unit(index)
            for seating in (first, second):
                seats = tuple(number if e == 0 else len(programs) + opponent for e in seating)
                battles.append((seats, seed, width, height, field.length, field.max_steps))
    chunks = _split(tuple(texts), battles, runner.jobs)
    ranks = [r for chunk in runner.run(chunks) for r in chunk]
    a_first = [s for s, e in enumerate(first) if e == 0]
    a_second = [s for s, e in enumerate(second) if e == 0]
    values = [(game_score(ranks[2 * i], a_first) + game_score(ranks[2 * i + 1], a_second)) / 2
              for i in range(len(ranks) // 2)]
    return [values[n * len(units) : (n + 1) * len(units)] for n in range(len(programs))]


def _split(texts: tuple[str, ...], battles: list[tuple[tuple[int, ...], int, int, int, int, int]], jobs: int
           ) -> list[BattleChunk]:
    """One chunk per job (the engine is fastest on big batches), in order."""
    size = max(1, math.ceil(len(battles) / max(1, jobs)))
    return [BattleChunk(texts, tuple(battles[i : i + size])) for i in range(0, len(battles), size)]


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval (normal approximation, ``count`` observations), cut to the
    range the values can take: on a few units the approximation reached past it ("16.7% [-4.0,
    37.3]", a score below 0%), and the true mean is inside the range anyway, so the cut interval
    covers it as often."""

    mean: float
    low: float
    high: float
    count: int

    @classmethod
    def of(cls, values: Sequence[float], within: tuple[float, float] = SCORE) -> Estimate:
        """The estimate of values in the range ``within`` (default: scores; :data:`CHANGE` for
        differences of scores)."""
        n = len(values)
        if n == 0:
            return cls(math.nan, -math.inf, math.inf, 0)
        mean = sum(values) / n
        variance = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
        half = Z95 * math.sqrt(variance / n)
        least, most = within
        return cls(mean, max(least, mean - half), min(most, mean + half), n)

    def text(self, percent: bool = True, signed: bool = False) -> str:
        scale = 100 if percent else 1
        sign = "+" if signed else ""
        unit = "%" if percent else ""
        if self.count < 2:
            return f"{self.mean * scale:{sign}.1f}{unit}" if self.count else "-"
        return (f"{self.mean * scale:{sign}.1f}{unit} [{self.low * scale:{sign}.1f}, "
                f"{self.high * scale:{sign}.1f}]")
