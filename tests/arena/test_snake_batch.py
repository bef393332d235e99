"""The many-battle engine gives exactly the results of playing each battle alone."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.snake_batch import play_battles
from arena.program_battle import BattleSettings, play_battle
from tests.strategies import random_position, random_program


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


@settings(max_examples=12, derandomize=True, database=None, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(min_value=-(2**40), max_value=2**40))
def test_many_battles_equal_one_by_one(rnd: random.Random, seed: int) -> None:
    """Random programs, seeds, field sizes, snake counts, lengths and step limits: every battle of
    a batch ends exactly as it does alone (same steps, end, lengths, ranks)."""
    programs = [random_program(rnd) for _ in range(rnd.randint(1, 4))]
    battles = []
    for index in range(rnd.randint(1, 10)):
        snakes = rnd.randint(2, 4)
        side = rnd.choice([5, 7, 11])
        length = rnd.randint(2, (side - 1) // 2)  # four snakes still fit
        settings_ = BattleSettings(seed=seed + index, width=side, height=rnd.choice([side, side + 2]), length=length,
                                   max_steps=rnd.randint(0, 120))
        battles.append(([rnd.choice(programs) for _ in range(snakes)], settings_))
    assert play_battles(battles) == [play_battle(seats, s) for seats, s in battles]


@settings(max_examples=15, derandomize=True, database=None, deadline=None)
@given(st.randoms(use_true_random=False))
def test_battles_from_any_position_equal_one_by_one(rnd: random.Random) -> None:
    """Battles started from random positions (what-ifs): snakes eaten to a leftover tail or to
    nothing, 2-long snakes, bodies winding anywhere. Positions of one field size share an
    engine, so each example plays a few sizes with several battles each."""
    programs = [random_program(rnd) for _ in range(3)]
    battles = []
    for index in range(12):
        start = random_position(rnd, (4, 7))
        snakes = len(start.snakes)
        settings_ = BattleSettings(seed=rnd.randrange(2**32) + index, width=start.width, height=start.height,
                                   max_steps=rnd.randint(0, 60), start=start)
        battles.append(([rnd.choice(programs) for _ in range(snakes)], settings_))
    assert play_battles(battles) == [play_battle(seats, s) for seats, s in battles]


def test_battles_that_end_in_every_way_match() -> None:
    """Tiny crowded fields: snakes eaten (one left), stuck (no moves) and the step limit, in one
    batch, with eaten snakes' leftover tails bitten to nothing."""
    rnd = random.Random(3)
    programs = [random_program(rnd) for _ in range(6)]
    battles = [([programs[(s + k) % 6] for k in range(4)],
                BattleSettings(seed=s, width=5 + 2 * (s % 2), height=5 + 2 * (s % 2), length=2 + s % 2, max_steps=300))
               for s in range(60)]
    results = play_battles(battles)
    assert results == [play_battle(seats, s) for seats, s in battles]
    assert {r.end for r in results} == {"one_left", "no_moves", "step_limit"}
    assert any(0 in r.lengths for r in results)  # a leftover tail was bitten


def test_explain_turn_gives_the_move_the_battle_made() -> None:
    """For every snake turn of a recorded battle (a match replay of the same battle), the
    replayed explanation's best moves contain the move the snake actually made (and equal it
    when only one move was best)."""
    import io
    import json

    from arena.match import MatchSetup, run_match
    from arena.program_battle import explain_turn
    from arena.samples import sample_programs
    from matcher import dumps_program, load_program

    programs = [load_program(p) for p in sample_programs()[:3]]
    settings_ = BattleSettings(seed=5, width=13, height=13, length=5, max_steps=40)
    record = io.StringIO()
    run_match(MatchSetup("snake", tuple(dumps_program(p) for p in programs), 5,
                         {"width": 13, "height": 13, "length": 5, "steps": 40}), record=record)
    checked = 0
    for line in record.getvalue().splitlines():
        entry = json.loads(line)
        if entry["type"] != "round" or entry["round"] % 7:
            continue
        for event in entry["events"]:
            if event[0] != "move":
                continue
            explanation = explain_turn(programs, settings_, entry["round"], event[1])
            assert explanation is not None
            best = [d.label for d in explanation.best]
            assert event[2] in best
            checked += 1
    assert checked >= 5
