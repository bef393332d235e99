"""Bio-blots legality, case by case: every rule of the spec and its decisions, with the rule the
validator names and the cells in its message; and the move generators agree with the validator.

Positions are the state text form's top-left corner (the rest of the board is chlorine, ``2``):
``X`` is player 0's organism, ``O`` player 1's, ``.`` a neutralised cell.
"""

from __future__ import annotations

import random
from itertools import islice

import pytest

from engines.bioblots import (
    SIZE,
    IllegalMoveError,
    Placement,
    Rule,
    Shift,
    Skip,
    State,
    check_move,
    has_legal_move,
    is_square,
    legal_moves,
    parse_move,
    placements,
    random_move,
    single_cell_moves,
    state_from_text,
)


def position(*rows: str, moves: tuple[int, int] = (3, 3), paralysed: tuple[int, int] = (0, 0),
             end: str | None = None) -> State:
    """A state from the top-left rows of the board (padded with ``2``)."""
    header = f"bioblots moves {moves[0]} {moves[1]} scores 0 0 paralysed {paralysed[0]} {paralysed[1]} limit 80"
    board = [row.ljust(SIZE, "2") for row in rows] + ["2" * SIZE] * (SIZE - len(rows))
    return state_from_text("\n".join([header, *([end] if end else []), *board]))


# player 0 (to move): bb bc bd / cb cc; player 1: ef eg / ff fg
BASE = ("2222222",
        "2XXX222",
        "2XX2222",
        "2222222",
        "22222OO",
        "22222OO")

LEGAL = [
    ("one cell", "1 bdcd"),
    ("one cell, round the corner", "1 bbca"),
    ("two cells", "2 bdac cbdc"),
    ("a cell moving onto a neutralised cell", "1 bdcd"),
    ("targets on both sides", "2 bdcd cbba"),
    ("three of five cells around a two-cell stationary part", "3 bbac bdcd cbdc"),
]


@pytest.mark.parametrize(("name", "line"), LEGAL, ids=[c[0] for c in LEGAL])
def test_legal_moves_pass(name: str, line: str) -> None:
    assert check_move(position(*BASE), parse_move(line)) is None


ILLEGAL = [
    # name, line, rule, message fragment
    ("stationary part disconnected", "1 bcac", Rule.STATIONARY_DISCONNECTED,
     "the stationary part is not edge-connected: bb cb cc is cut off from bd"),
    ("source not adjacent to the stationary part", "2 bdce bcac", Rule.SOURCE_NOT_ADJACENT,
     "source bd is not adjacent to the stationary part"),
    ("target not adjacent to the stationary part", "1 bdbe", Rule.TARGET_NOT_ADJACENT,
     "target be is not adjacent to the stationary part"),
    ("target occupied by the own organism", "1 bdcc", Rule.TARGET_OCCUPIED,
     "target cc is occupied by its own organism"),
    ("target occupied by the opponent", "1 bdef", Rule.TARGET_OCCUPIED,
     "target ef is occupied by the opponent's organism"),
    ("target is another moving cell's source", "2 bccd bdbc", Rule.TARGET_OCCUPIED,
     "target bc is occupied by its own organism"),
    ("target listed twice", "2 bdcd cbcd", Rule.TARGET_TWICE, "target cd is listed twice"),
    ("source listed twice", "2 bdcd bdce", Rule.SOURCE_TWICE, "source bd is listed twice"),
    ("source is an empty cell", "1 aaab", Rule.SOURCE_NOT_OWN,
     "source aa is not a cell of player 0's organism (it is empty)"),
    ("source is the opponent's cell", "1 efdf", Rule.SOURCE_NOT_OWN, "(it holds player 1's organism)"),
    ("moving all cells", "5 bbab bcac bdad cbca ccdc", Rule.NO_STATIONARY,
     "all 5 cells move; at least one must stay"),
    ("a skip without paralysis", "0", Rule.SKIP_NOT_ALLOWED, "player 0 is not paralysed, so it may not skip"),
    ("a second placement", "aa ab ba bb", Rule.PLACEMENT_ONCE, "already on the board"),
    # the first rule broken is reported: the source before the target
    ("several problems", "2 aaab bdbe", Rule.SOURCE_NOT_OWN, "source aa"),
    ("adjacency checked after connectivity", "2 bcae cbca", Rule.STATIONARY_DISCONNECTED, "bb is cut off from bd cc"),
]


@pytest.mark.parametrize(("name", "line", "rule", "message"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_moves_name_the_rule(name: str, line: str, rule: Rule, message: str) -> None:
    state = position(*BASE)
    problem = check_move(state, parse_move(line))
    assert problem is not None
    assert problem.rule is rule
    assert message in problem.message and str(problem) == problem.message
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(parse_move(line))
    assert caught.value.problem == problem


def test_moves_built_in_code_are_checked_too() -> None:
    state = position(*BASE)
    for move, rule in ((Shift(()), Rule.SKIP_NOT_ALLOWED), (Shift((((1, 3), (26, 3)),)), Rule.OFF_BOARD),
                       (Placement(((25, 25), (25, 26), (26, 25), (26, 26))), Rule.OFF_BOARD)):
        problem = check_move(state if isinstance(move, Shift) else position(moves=(0, 0)), move)
        assert problem is not None and problem.rule is rule, move


def test_paralysed_player_must_skip() -> None:
    state = position(*BASE, paralysed=(1, 0))
    problem = check_move(state, parse_move("1 bdcd"))
    assert problem is not None and problem.rule is Rule.MUST_SKIP
    assert "must skip this one: write 0" in problem.message
    assert check_move(state, Skip()) is None
    assert list(legal_moves(state)) == [Skip()]
    assert random_move(state, random.Random(1)) == Skip()
    assert has_legal_move(state)


def test_the_opponent_paralysis_does_not_bind_the_player_to_move() -> None:
    state = position(*BASE, paralysed=(0, 1))
    assert check_move(state, parse_move("1 bdcd")) is None
    assert check_move(state, Skip()) is not None


def test_finished_game_accepts_no_move() -> None:
    state = position(*BASE, end="end move_limit", moves=(80, 80))
    problem = check_move(state, parse_move("1 bdcd"))
    assert problem is not None and problem.rule is Rule.GAME_OVER
    assert list(legal_moves(state)) == [] and single_cell_moves(state) == []
    assert not has_legal_move(state) and random_move(state, random.Random(0)) is None


PLACEMENTS = [
    # line, rule (None: legal), message fragment
    ("jd je kd ke", None, ""),
    ("ke kd je jd", None, ""),
    ("aa ab ba bb", None, ""),
    ("yy yz zy zz", None, ""),
    ("jd je kd kf", Rule.NOT_A_SQUARE, "placement 'jd je kd kf' is not a 2×2 square"),
    ("jd je ld le", Rule.NOT_A_SQUARE, "not a 2×2 square"),
    ("jd je jf jg", Rule.NOT_A_SQUARE, "not a 2×2 square"),
    ("jd jd kd ke", Rule.NOT_A_SQUARE, "four distinct cells"),
    ("jd je kd", Rule.NOT_A_SQUARE, "not a 2×2 square"),
    ("jd je kd ke kf", Rule.NOT_A_SQUARE, "not a 2×2 square"),
    ("1 jdje", Rule.PLACEMENT_FIRST, "first move places its organism"),
    ("0", Rule.PLACEMENT_FIRST, "first move places its organism"),
]


@pytest.mark.parametrize(("line", "rule", "message"), PLACEMENTS, ids=[c[0] for c in PLACEMENTS])
def test_placement_rules(line: str, rule: Rule | None, message: str) -> None:
    problem = check_move(position(moves=(0, 0)), parse_move(line))
    if rule is None:
        assert problem is None
    else:
        assert problem is not None and problem.rule is rule and message in problem.message


@pytest.mark.parametrize(("line", "rule", "message"), [
    ("bc bd cc cd", Rule.PLACEMENT_OVERLAP, "placement cell bc is occupied by player 0's organism"),
    ("aa ab ba bb", Rule.PLACEMENT_OVERLAP, "placement cell bb"),
    ("ad ae bd be", None, ""),  # touching the opponent is fine
])
def test_second_placement_may_not_overlap_the_first(line: str, rule: Rule | None, message: str) -> None:
    state = position("2222", "2XX2", "2XX2", moves=(1, 0))
    problem = check_move(state, parse_move(line))
    assert (problem is None) if rule is None else (problem is not None and problem.rule is rule and message in problem.message)


@pytest.mark.parametrize(("cells", "square"), [
    (((0, 0), (0, 1), (1, 0), (1, 1)), True),
    (((1, 1), (0, 0), (1, 0), (0, 1)), True),
    (((0, 0), (0, 1), (1, 1), (1, 2)), False),
    (((0, 0), (0, 0), (1, 0), (1, 1)), False),
    (((0, 0), (0, 2), (1, 0), (1, 2)), False),
])
def test_is_square(cells: tuple[tuple[int, int], ...], square: bool) -> None:
    assert is_square(cells) is square


# --- generators ----------------------------------------------------------------------------------


def test_placements_skip_occupied_squares() -> None:
    assert len(placements(position(moves=(0, 0)))) == 25 * 25
    found = placements(position("2222", "2XX2", "2XX2", moves=(1, 0)))
    assert len(found) == 25 * 25 - 9  # every square touching bb..cc in a 3×3 block of top-left corners
    assert all(check_move(position("2222", "2XX2", "2XX2", moves=(1, 0)), p) is None for p in found)


def test_single_cell_moves_are_every_legal_one_cell_move() -> None:
    state = position(*BASE)
    singles = single_cell_moves(state)
    assert all(check_move(state, m) is None for m in singles)
    brute = {Shift(((s, t),)) for s in state.organisms[0] for t in ((r, c) for r in range(8) for c in range(8))}
    assert set(singles) == {m for m in brute if check_move(state, m) is None}
    # bc is a cut cell (bd hangs on it), so it never moves alone
    assert all(m.sources != ((1, 2),) for m in singles)


def test_legal_moves_give_every_move_of_a_small_organism_and_only_legal_ones() -> None:
    state = position("2222", "2XX2", "2XX2", "2222", "OO22", "OO22", moves=(1, 1))
    every = list(legal_moves(state))
    assert every and all(check_move(state, m) is None for m in every)
    assert len(set(every)) == len(every)
    # one mover: any cell (no cut cells in a square), any free cell around the other three: 4 × 6
    assert sum(1 for m in every if isinstance(m, Shift) and len(m.pairs) == 1) == 4 * 6
    # two movers must be a side of the square (the other side stays, connected): 4 sides × 4 × 3 targets
    assert sum(1 for m in every if isinstance(m, Shift) and len(m.pairs) == 2) == 4 * 4 * 3
    # three movers around a single stationary cell, with two free neighbours: no way to place three
    assert max(len(m.pairs) for m in every if isinstance(m, Shift)) == 2


def test_legal_moves_is_lazy_for_big_organisms() -> None:
    big = position("XXXXXXXXXX", "XXXXXXXXXX", "XXXXXXXXXX", "2222222222", "OO", "OO")
    first = list(islice(legal_moves(big), 50))
    assert len(first) == 50 and all(check_move(big, m) is None for m in first)


def test_random_moves_are_legal_and_varied() -> None:
    state = position(*BASE)
    rng = random.Random(4)
    drawn = [random_move(state, rng) for _ in range(60)]
    assert all(m is not None and check_move(state, m) is None for m in drawn)
    assert len({len(m.pairs) for m in drawn if isinstance(m, Shift)}) >= 2
    assert isinstance(random_move(position(moves=(0, 0)), rng), Placement)


LOCKED = ("OOX2",
          "OOX2",
          "XXX2")


def test_locked_in_player_has_no_legal_move() -> None:
    state = position(*LOCKED, moves=(4, 3))  # player 1 to move, walled in by player 0 and the corner
    assert state.to_move == 1
    assert not has_legal_move(state)
    assert single_cell_moves(state) == [] and list(islice(legal_moves(state), 1)) == []
    assert random_move(state, random.Random(0)) is None
    # a paralysed player is never locked in: it skips
    assert has_legal_move(position(*LOCKED, moves=(4, 3), paralysed=(0, 1)))


def test_has_legal_move_agrees_with_single_cell_moves_near_walls() -> None:
    for rows in (LOCKED, ("OOX2", "OOXX", "XXX2"), ("OOXX", "OO2X", "XXXX"), ("2OOX", "2OOX", "2XXX"), BASE):
        for moves in ((3, 3), (4, 3)):
            state = position(*rows, moves=moves)
            assert has_legal_move(state) == bool(single_cell_moves(state)), (rows, moves)
