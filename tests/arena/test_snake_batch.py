"""Lock-step batched battles give exactly the results of playing each battle alone."""

from __future__ import annotations

import random

from arena.snake_batch import play_battles
from arena.snake_battle import BattleSettings, play_battle
from tests.strategies import random_program


def test_batched_battles_equal_single_battles() -> None:
    rnd = random.Random(7)
    programs = [random_program(rnd) for _ in range(5)]
    battles = []
    for seed in range(12):
        seats = [programs[(seed + k) % 5] for k in range(2 + seed % 3)]
        size = 9 if seed % 4 == 0 else 15  # two board sizes: batched separately
        battles.append((seats, BattleSettings(seed=seed, width=size, height=size, length=4, max_steps=150)))
    batched = play_battles(battles)
    single = [play_battle(seats, settings) for seats, settings in battles]
    assert batched == single
    assert len({(r.steps, tuple(r.lengths)) for r in single}) > 3  # the battles really differ
