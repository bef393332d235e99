"""Bio-blots property test: seeded random games (random boards, random legal moves of every kind)
keep the game's invariants after every line, every generated move validates, and the state text
and event JSON round-trip."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.bioblots import (
    Move,
    Moved,
    Neutralised,
    Paralysed,
    Rule,
    Scored,
    Skip,
    State,
    check_move,
    events_from_json,
    events_to_json,
    generate_board,
    has_legal_move,
    is_connected,
    legal_moves,
    random_move,
    single_cell_moves,
    start_state,
    state_from_text,
)
from engines.bioblots import Event


def check_invariants(before: State, move: Move, after: State, events: tuple[Event, ...], total: int) -> None:
    player = before.to_move
    # organisms: disjoint, connected, on neutralised cells; only the mover's changed
    a, b = after.organisms
    assert not a & b
    for cells in filter(None, after.organisms):  # placed ones
        assert is_connected(cells) and len(cells) >= 4
        assert all(after.board.at(c) == 0 for c in cells)
    assert after.organisms[1 - player] == before.organisms[1 - player]
    # growth: one cell per division, never a loss
    divided = sum(1 for e in events if isinstance(e, Moved) and e.divided)
    if before.placed(player):
        assert len(after.organisms[player]) == len(before.organisms[player]) + divided
    # points: exactly the neutralised values, and no point is created or lost
    gained = sum(e.substance.value for e in events if isinstance(e, Neutralised))
    assert after.scores[player] == before.scores[player] + gained
    assert after.scores[1 - player] == before.scores[1 - player]
    assert sum(after.scores) + sum(after.board.values) == total
    scored = [e for e in events if isinstance(e, Scored)]
    assert [(e.points, e.total) for e in scored] == ([] if isinstance(move, Skip) else
                                                     [(gained, after.scores[player])])
    # turns alternate; paralysis only from mercury, cleared by a skip
    assert after.turn == before.turn + 1
    assert after.paralysed[player] == any(isinstance(e, Paralysed) for e in events)
    # a player is locked in exactly when it has no single-cell move
    if not after.over and after.placed(after.to_move) and not after.paralysed[after.to_move]:
        assert has_legal_move(after) == bool(single_cell_moves(after))
        assert has_legal_move(after)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), limit=st.sampled_from([6, 20, 80]))
def test_random_games_keep_the_invariants(seed: int, limit: int) -> None:
    rng = random.Random(seed)
    state = start_state(generate_board(rng), move_limit=limit)
    total = sum(state.board.values)
    while not state.over:
        move = random_move(state, rng)
        assert move is not None  # the game would have ended as locked in
        assert check_move(state, move) is None
        if state.turn % 15 == 3:
            for other in islice(legal_moves(state), 8):
                assert check_move(state, other) is None
        after, events = state.apply(move)
        check_invariants(state, move, after, events, total)
        assert events_from_json(events_to_json(events)) == events
        if after.turn % 10 == 0 or after.over:
            assert state_from_text(after.to_text()) == after
        state = after
    result = state.result()
    assert result.reason.value in ("all_neutralised", "move_limit", "locked_in")
    if result.loser is not None and result.winner is not None and result.reason.value == "locked_in":
        assert result.scores[result.winner] == sum(state.scores)
    assert check_move(state, Skip()).rule is Rule.GAME_OVER  # type: ignore[union-attr]
    assert random_move(state, rng) is None and list(legal_moves(state)) == []
    assert state.moves[0] <= limit and state.moves[1] <= limit


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_replaying_the_same_moves_gives_the_same_game(seed: int) -> None:
    def play(rng_seed: int) -> list[str]:
        rng = random.Random(rng_seed)
        state = start_state(generate_board(rng), move_limit=15)
        texts = []
        while not state.over:
            state, _ = state.apply(random_move(state, rng))  # type: ignore[arg-type]
            texts.append(state.to_text())
        return texts

    assert play(seed) == play(seed)
