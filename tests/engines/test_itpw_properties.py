"""Random legal ITPW games keep the invariants: units, kills and territory change only as the
events say, disqualified players never move again, scores are fields plus kills, every state
round-trips through its text, and a game replays bit for bit from its seed.

Games start from crowded random positions (units packed near one corner) so that meetings of
every kind happen within a few turns; some move lines are corrupted to test disqualification."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.itpw import (
    GAME_INFO,
    PLAYERS,
    Arrival,
    Claimed,
    Died,
    Event,
    Kind,
    Move,
    Moved,
    MoveError,
    Phase,
    Spawned,
    State,
    Step,
    Unit,
    apply_move,
    disqualify,
    end_turn,
    place_unit,
    random_move,
    ranks,
    read_move,
    state_from_text,
    state_to_text,
)

SIDE = GAME_INFO.board


def crowded(rnd: random.Random, turns: int) -> State:
    """Units of every player on about half the fields of a 10×10 square at a random place
    (a corner included, sometimes), random owners under it."""
    ox, oy = rnd.choice([0, rnd.randrange(SIDE - 10), SIDE - 10]), rnd.choice([0, rnd.randrange(SIDE - 10), SIDE - 10])
    units: dict[tuple[int, int], Unit] = {}
    territory = bytearray(SIDE * SIDE)
    for x in range(ox, ox + 10):
        for y in range(oy, oy + 10):
            if rnd.random() < 0.5:
                units[x, y] = Unit(rnd.choice(PLAYERS), Kind(rnd.randrange(2)))
            territory[y * SIDE + x] = rnd.randrange(5)
    return State(units, bytes(territory), total_turns=turns)


def corrupt(move: Move, rnd: random.Random) -> str:
    """A move line that is surely invalid: a step made too long, or a unit listed twice."""
    if move.steps and rnd.random() < 0.5:
        i = rnd.randrange(len(move.steps))
        step = move.steps[i]
        far = (step.source[0] + 2 if step.source[0] < SIDE - 2 else step.source[0] - 2, step.source[1])
        steps = list(move.steps)
        steps[i] = Step(step.source, far)
        return Move(tuple(steps)).to_line()
    return Move((*move.steps, *move.steps[:1])).to_line() if move.steps else "1 0 0"


def check_step(before: State, after: State, events: tuple[Event, ...], mover: int | None) -> None:
    died = [e for e in events if isinstance(e, Died)]
    # a new unit exists unless blocked, if only to die on its corner at once
    arrived = sum(1 for e in events if isinstance(e, Spawned) and e.arrival is not Arrival.BLOCKED)
    assert len(after.units) == len(before.units) + arrived - len(died)
    gained = Counter(e.killer for e in died)
    assert all(after.kills[p - 1] - before.kills[p - 1] == gained[p] for p in PLAYERS)
    territory = bytearray(before.territory)
    for e in events:
        if isinstance(e, Claimed):
            assert territory[e.cell[1] * SIDE + e.cell[0]] == e.previous != e.player
            territory[e.cell[1] * SIDE + e.cell[0]] = e.player
    assert bytes(territory) == after.territory
    assert all(e.player == mover for e in events if isinstance(e, Moved))
    sources = [e.source for e in events if isinstance(e, Moved)]
    assert len(sources) == len(set(sources))
    for e in events:
        if isinstance(e, Moved):
            assert before.disqualified[e.player - 1] is None
    assert after.scores() == tuple(after.territory_of(p) + after.kills[p - 1] for p in PLAYERS)
    assert sum(after.territory_of(p) for p in PLAYERS) <= SIDE * SIDE
    if after.to_move is not None:
        assert after.active(after.to_move)


def play(seed: int, turns: int, check: bool) -> State:
    rnd = random.Random(seed)
    state = crowded(rnd, turns)
    match_rng, bots = random.Random(seed * 7 + 1), random.Random(seed * 7 + 2)
    while not state.over:
        before, mover = state, state.to_move
        if state.phase is Phase.TURN_END:
            state, events = end_turn(state, match_rng)
            assert state.turn == before.turn + 1
        elif state.phase is Phase.UNIT:
            state, events = place_unit(state, state.mover, Kind(bots.randrange(2)))
        else:
            move = random_move(state, state.mover, bots, share=0.8)
            if bots.random() < 0.03:
                try:
                    read_move(state, state.mover, corrupt(move, bots))
                except MoveError as fault:
                    state, events = disqualify(state, state.mover, f"invalid move: {fault}")
                else:
                    raise AssertionError("a corrupted line was accepted")
            else:
                state, events = apply_move(state, state.mover, read_move(state, state.mover, move.to_line()))
        if check:
            check_step(before, state, events, mover)
            assert state_from_text(state_to_text(state)) == state
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(1, 25))
def test_random_games_keep_the_invariants(seed: int, turns: int) -> None:
    final = play(seed, turns, check=True)
    assert final.over
    assert sorted(ranks(final, random.Random(seed))) == [1, 2, 3, 4]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_replays_bit_for_bit_from_its_seed(seed: int) -> None:
    assert state_to_text(play(seed, 15, check=False)) == state_to_text(play(seed, 15, check=False))


def test_crowded_games_see_every_kind_of_meeting() -> None:
    """The property test above is only as good as the games it plays: they must meet."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        rnd = random.Random(seed)
        state = crowded(rnd, 6)
        bots = random.Random(seed)
        while not state.over:
            if state.phase is Phase.TURN_END:
                state, _ = end_turn(state, bots)
            elif state.phase is Phase.UNIT:
                state, _ = place_unit(state, state.mover, Kind.SOLDIER)
            else:
                state, events = apply_move(state, state.mover, random_move(state, state.mover, bots, 0.8))
                for e in events:
                    seen[type(e).__name__ + ("" if not isinstance(e, Died) else e.kind.label)] += 1
    assert seen["Moved"] > 50 and seen["Diedworker"] > 5 and seen["Diedsoldier"] > 5 and seen["Claimed"] > 20
