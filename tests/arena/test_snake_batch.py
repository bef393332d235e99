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


def test_explain_turn_gives_the_move_the_battle_made() -> None:
    """For every snake turn of a recorded battle, the replayed explanation's best moves contain
    the move the snake actually made (and equal it when only one move was best)."""
    import io
    import json

    from arena.snake_battle import explain_turn
    from arena.samples import sample_programs
    from matcher import load_program

    programs = [load_program(p) for p in sample_programs()[:3]]
    settings = BattleSettings(seed=5, width=13, height=13, length=5, max_steps=40)
    record = io.StringIO()
    play_battle(programs, settings, record)
    checked = 0
    for line in record.getvalue().splitlines():
        entry = json.loads(line)
        if entry["type"] != "step" or entry["step"] % 7:
            continue
        for event in entry["events"]:
            if event[0] != "move":
                continue
            explanation = explain_turn(programs, settings, entry["step"], event[1])
            assert explanation is not None
            best = [d.label for d in explanation.best]
            assert event[2] in best
            checked += 1
    assert checked >= 5
