"""The ITPW rules of specs/itpw.md as cases: before, a move line, after.

Positions are small patches of the board in the text form's notation: each row is the
territory (``.`` nobody, ``1``–``4`` the owner), a space, then the units (``.`` none, workers
``a``–``d`` and soldiers ``A``–``D`` of players 1–4). A patch starts at ``(0, 0)`` unless a case
says otherwise; every other field is empty and unowned. Every expected value is worked out by
hand from the spec.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from textwrap import dedent

import pytest

from engines.itpw import (
    GAME_INFO,
    PLAYERS,
    Arrival,
    Awarded,
    Cell,
    Claimed,
    Died,
    Disqualification,
    Disqualified,
    EndReason,
    Event,
    GameOverError,
    Kind,
    Move,
    Moved,
    MoveError,
    Phase,
    Spawned,
    State,
    Step,
    TurnError,
    Unit,
    apply_move,
    corner,
    disqualify,
    draw_award,
    end_turn,
    legal_steps,
    place_unit,
    ranking_points,
    ranks,
    read_move,
    start_state,
    targets,
)

W, S = Kind.WORKER, Kind.SOLDIER
SIDE = GAME_INFO.board


def patch(rows: str, origin: Cell = (0, 0)) -> State:
    """A state holding ``rows`` (territory, space, units) from ``origin``, at the start of turn 0:
    phase MOVE, player 1 to move."""
    units: dict[Cell, Unit] = {}
    territory = bytearray(SIDE * SIDE)
    for dy, row in enumerate(dedent(rows).strip("\n").splitlines()):
        owners, letters = row.split()
        for dx, (owner, letter) in enumerate(zip(owners, letters, strict=True)):
            x, y = origin[0] + dx, origin[1] + dy
            if owner != ".":
                territory[y * SIDE + x] = int(owner)
            if letter != ".":
                units[x, y] = Unit.from_letter(letter)
    return State(units, bytes(territory))


def view(state: State, origin: Cell, width: int, height: int) -> str:
    """The patch of ``state`` at ``origin`` in :func:`patch`'s notation."""
    rows = []
    for y in range(origin[1], origin[1] + height):
        cells = [(x, y) for x in range(origin[0], origin[0] + width)]
        owners = "".join(str(state.owner(c)) if state.owner(c) else "." for c in cells)
        letters = "".join(u.letter if (u := state.unit(c)) else "." for c in cells)
        rows.append(f"{owners} {letters}")
    return "\n".join(rows)


def same_patch(expected: str) -> str:
    return "\n".join(line.strip() for line in dedent(expected).strip("\n").splitlines())


# --- the start -------------------------------------------------------------------------------------


def test_start_places_three_workers_and_three_soldiers_on_every_corner_mirrored() -> None:
    s = start_state()
    expected = {
        1: ([(0, 0), (1, 0), (0, 1)], [(1, 1), (2, 0), (0, 2)]),
        2: ([(49, 0), (48, 0), (49, 1)], [(48, 1), (47, 0), (49, 2)]),
        3: ([(0, 49), (1, 49), (0, 48)], [(1, 48), (2, 49), (0, 47)]),
        4: ([(49, 49), (48, 49), (49, 48)], [(48, 48), (47, 49), (49, 47)]),
    }
    assert len(s.units) == 24
    for player, (workers, soldiers) in expected.items():
        assert corner(player) == workers[0]
        assert all(s.unit(c) == Unit(player, W) for c in workers)
        assert all(s.unit(c) == Unit(player, S) for c in soldiers)
        assert {c for c in workers} == {(x, y) for x in range(SIDE) for y in range(SIDE) if s.owner((x, y)) == player}
    assert s.scores() == (3, 3, 3, 3)
    assert (s.turn, s.total_turns, s.phase, s.to_move, s.kills) == (0, 500, Phase.MOVE, 1, (0, 0, 0, 0))


def test_players_move_in_order_1_2_3_4_then_the_turn_ends() -> None:
    s = start_state()
    order = []
    while s.phase is Phase.MOVE:
        order.append(s.mover)
        s, _ = apply_move(s, s.mover, Move())
    assert order == [1, 2, 3, 4]
    assert (s.phase, s.to_move, s.turn) == (Phase.TURN_END, None, 0)


# --- moves and meetings ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    before: str
    line: str
    after: str
    events: tuple[Event, ...]
    kills: tuple[int, ...] = (0, 0, 0, 0)


CASES = [
    Case("a worker steps right onto an unowned field and claims it; its old field stays its own",
         "1.. a..", "1 0 0 1 0", "11. .a.", (Moved(1, W, (0, 0), (1, 0)), Claimed(1, (1, 0), 0))),
    Case("a worker steps diagonally", "1. a.\n.. ..", "1 0 0 1 1", "1. ..\n.1 .a",
         (Moved(1, W, (0, 0), (1, 1)), Claimed(1, (1, 1), 0))),
    Case("a worker entering its own field claims nothing new", "11 a.", "1 0 0 1 0", "11 .a",
         (Moved(1, W, (0, 0), (1, 0)),)),
    Case("a worker takes an enemy's field", "12 a.", "1 0 0 1 0", "11 .a",
         (Moved(1, W, (0, 0), (1, 0)), Claimed(1, (1, 0), 2))),
    Case("a soldier moves but takes no field", ".2 A.", "1 0 0 1 0", ".2 .A", (Moved(1, S, (0, 0), (1, 0)),)),
    Case("soldier enters enemy soldier: both die, each player scores one",
         "11 AB", "1 0 0 1 0", "11 ..", (Died(1, S, (0, 0), 2), Died(2, S, (1, 0), 1)), (1, 1, 0, 0)),
    Case("soldier enters enemy worker: the worker dies, the soldier takes the field (not the territory)",
         ".3 Ac", "1 0 0 1 0", ".3 .A", (Died(3, W, (1, 0), 1), Moved(1, S, (0, 0), (1, 0))), (1, 0, 0, 0)),
    Case("worker enters enemy soldier: the worker dies and does not take the field",
         "1. aD", "1 0 0 1 0", "1. .D", (Died(1, W, (0, 0), 4),), (0, 0, 0, 1)),
    Case("units move one after another: a unit may enter a field its mate just left",
         "11. aa.", "2 1 0 2 0 0 0 1 0", "111 .aa",
         (Moved(1, W, (1, 0), (2, 0)), Claimed(1, (2, 0), 0), Moved(1, W, (0, 0), (1, 0)))),
    Case("a field freed by a meeting can be entered by the next unit",
         "... AB.\n... A..", "2 0 0 1 0 0 1 1 0", "... .A.\n... ...",
         (Died(1, S, (0, 0), 2), Died(2, S, (1, 0), 1), Moved(1, S, (0, 1), (1, 0))), (1, 1, 0, 0)),
    Case("a soldier kills a worker and the line goes on with the next unit",
         "122 Ab.\n... a..", "2 0 0 1 0 0 1 1 1",
         "122 .A.\n.1. .a.",
         (Died(2, W, (1, 0), 1), Moved(1, S, (0, 0), (1, 0)), Moved(1, W, (0, 1), (1, 1)), Claimed(1, (1, 1), 0)),
         (1, 0, 0, 0)),
    Case("the empty move changes nothing", "1. aB", "0", "1. aB", ()),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_move_cases(case: Case) -> None:
    before = patch(case.before, origin=(10, 20))
    shifted = Move(tuple(Step((a + 10, b + 20), (c + 10, d + 20)) for (a, b), (c, d) in
                         ((s.source, s.target) for s in Move.from_line(case.line).steps)))
    move = read_move(before, 1, shifted.to_line())
    after, events = apply_move(before, 1, move)
    width = len(same_patch(case.before).splitlines()[0].split()[0])
    height = len(same_patch(case.before).splitlines())
    assert view(after, (10, 20), width, height) == same_patch(case.after)
    assert events == tuple(_shift(e, 10, 20) for e in case.events)
    assert after.kills == case.kills
    assert after.scores() == tuple(after.territory_of(p) + case.kills[p - 1] for p in PLAYERS)
    assert (after.phase, after.to_move) == (Phase.MOVE, 2)


def _shift(event: Event, dx: int, dy: int) -> Event:
    def cell(c: Cell) -> Cell:
        return c[0] + dx, c[1] + dy

    if isinstance(event, Moved):
        return replace(event, source=cell(event.source), target=cell(event.target))
    if isinstance(event, (Died, Claimed)):
        return replace(event, cell=cell(event.cell))
    return event


INVALID = [
    # line, message (player 1 moves on BOARD_FOR_FAULTS)
    ("", "empty move line"),
    ("  ", "empty move line"),
    ("x", "word 1 'x' is not a whole number"),
    ("1 0 0 1 0.5", "word 5 '0.5' is not a whole number"),
    ("-1", "the number of units -1 is negative"),
    ("1 0 0 1", "1 unit(s) need 4 coordinates after the count, got 3"),
    ("1 0 0 1 0 7", "1 unit(s) need 4 coordinates after the count, got 5"),
    ("2 0 0 1 0", "2 unit(s) need 8 coordinates after the count, got 4"),
    ("1 5 5 5 6", "unit 1 at (5,5): no unit there"),
    ("1 3 0 3 1", "unit 1 at (3,0): that is player 2's worker, not yours"),
    ("1 -1 0 0 0", "unit 1 at (-1,0): off the board"),
    ("1 0 1 0 50", "unit 1 at (0,1) cannot move to (0,50): off the board"),
    ("1 0 1 0 3", "unit 1 at (0,1) cannot move to (0,3): not a neighbour"),
    ("1 0 1 -1 1", "unit 1 at (0,1) cannot move to (-1,1): off the board (x and y are 0..49)"),
    ("1 0 0 0 0", "unit 1 at (0,0) cannot move to (0,0): the same field"),
    ("1 0 0 2 2", "unit 1 at (0,0) cannot move to (2,2): not a neighbour"),
    ("1 0 0 1 0", "unit 1 at (0,0) cannot move to (1,0): your own soldier is there"),
    ("1 2 1 3 0", "unit 1 at (2,1) cannot move to (3,0): a worker cannot enter player 2's worker"),
    ("2 0 1 1 2 1 2 2 2", "unit 2 at (1,2): that unit already moved in this line (unit 1)"),
    ("2 0 1 1 2 0 1 0 2", "unit 2 at (0,1): no unit there"),
    ("2 2 1 3 1 2 1 2 2", "unit 2 at (2,1): no unit there"),  # the worker died on the soldier
    ("2 0 1 1 2 1 0 0 1", None),  # valid: a unit enters the field its mate left
]
BOARD_FOR_FAULTS = """\
    11111 aA.b.
    1.... a.aB.
    ..... .....
    """


@pytest.mark.parametrize(("line", "message"), INVALID, ids=[repr(line) for line, _ in INVALID])
def test_every_fault_in_a_move_line_is_named_and_nothing_of_the_line_counts(line: str, message: str | None) -> None:
    before = patch(BOARD_FOR_FAULTS)
    if message is None:
        apply_move(before, 1, read_move(before, 1, line))
        return
    with pytest.raises(MoveError) as caught:
        read_move(before, 1, line)
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)
    with pytest.raises(MoveError):
        apply_move(before, 1, Move.from_line(line))
    assert before == patch(BOARD_FOR_FAULTS)  # untouched: the scratch copy took the first units


def test_move_error_names_the_listed_unit() -> None:
    with pytest.raises(MoveError) as caught:
        read_move(patch(BOARD_FOR_FAULTS), 1, "3 0 1 1 2 1 0 2 0 4 4 4 5")
    assert caught.value.unit == 3 and "unit 3 at (4,4)" in str(caught.value)


def test_a_huge_count_is_an_error_without_building_anything() -> None:
    with pytest.raises(MoveError, match="999999999 unit.s. need 3999999996 coordinates after the count, got 4"):
        Move.from_line("999999999 0 0 1 1")
    with pytest.raises(MoveError, match="word 3 '12345678901234567890…' is too long for a coordinate or count"):
        Move.from_line("1 0 123456789012345678901234567890 1 1")


def test_targets_follow_the_meeting_rules() -> None:
    s = patch("""\
        ... aA.
        ... bB.
        ... ...
        """, origin=(5, 5))
    # the worker at (5,5): not its own soldier, not the enemy worker; the enemy soldier it may enter (and die)
    assert targets(s, 1, (5, 5)) == [(4, 4), (5, 4), (6, 4), (4, 5), (4, 6), (6, 6)]
    # the soldier at (6,5): both enemies too, not its own worker
    assert targets(s, 1, (6, 5)) == [(5, 4), (6, 4), (7, 4), (7, 5), (5, 6), (6, 6), (7, 6)]
    assert targets(s, 1, (5, 6)) == [] and targets(s, 1, (9, 9)) == []
    steps = legal_steps(s, 1)
    assert steps[:6] == [Step((5, 5), t) for t in targets(s, 1, (5, 5))] and len(steps) == 13
    for step in steps:
        apply_move(s, 1, Move((step,)))


def test_a_corner_unit_has_three_neighbours() -> None:
    s = patch("1. a.\n.. ..")
    assert targets(s, 1, (0, 0)) == [(1, 0), (0, 1), (1, 1)]


# --- whose move --------------------------------------------------------------------------------------


def test_only_the_player_to_move_may_move() -> None:
    s = start_state()
    with pytest.raises(TurnError, match="not player 2's move: the game waits for player 1's move"):
        apply_move(s, 2, Move())
    with pytest.raises(TurnError, match="not player 1's new unit"):
        place_unit(s, 1, W)
    with pytest.raises(TurnError, match="has not ended"):
        end_turn(s, random.Random(0))


def test_mover_is_the_player_the_game_waits_for_and_a_turn_error_when_it_waits_for_none() -> None:
    assert replace(start_state(), phase=Phase.UNIT, to_move=3).mover == 3
    with pytest.raises(TurnError, match="phase turn_end waits for no player"):
        replace(start_state(), phase=Phase.TURN_END, to_move=None).mover


def test_a_finished_game_accepts_nothing() -> None:
    s = start_state(total_turns=1)
    for p in PLAYERS:
        s, _ = apply_move(s, p, Move())
    s, events = end_turn(s, random.Random(0))
    assert s.over and s.end is EndReason.TURNS and events == () and s.turn == 1
    calls: list[Callable[[], object]] = [lambda: apply_move(s, 1, Move()), lambda: end_turn(s, random.Random(0)),
                                         lambda: disqualify(s, 1, "late"), lambda: place_unit(s, 1, W)]
    for call in calls:
        with pytest.raises(GameOverError, match="turns after turn 1"):
            call()


def test_the_last_turn_draws_no_new_unit() -> None:
    s = replace(start_state(total_turns=3), turn=2, phase=Phase.TURN_END, to_move=None)
    rng = random.Random(5)
    state = rng.getstate()
    after, events = end_turn(s, rng)
    assert after.over and events == () and rng.getstate() == state


# --- new units ---------------------------------------------------------------------------------------


def test_a_new_unit_comes_about_every_third_turn_and_the_draw_is_seeded() -> None:
    s = replace(start_state(), phase=Phase.TURN_END, to_move=None)
    awards = [end_turn(s, random.Random(seed))[0].phase is Phase.UNIT for seed in range(3000)]
    assert 900 < sum(awards) < 1100
    again = [end_turn(s, random.Random(seed))[0].phase is Phase.UNIT for seed in range(3000)]
    assert again == awards


def test_the_new_unit_goes_to_players_in_proportion_to_their_territory() -> None:
    territory = bytes([1] * 100 + [2] * 300 + [3] * 600 + [4] * 200 + [0] * (SIDE * SIDE - 1200))
    s = State({}, territory, disqualified=(None, None, None, Disqualification(1, "crashed")))
    rng = random.Random(11)
    drawn = Counter(draw_award(s, rng) for _ in range(30000))
    awarded = sum(n for p, n in drawn.items() if p is not None)
    assert 9500 < awarded < 10500 and 4 not in drawn  # a disqualified player is never drawn
    for player, share in ((1, 0.1), (2, 0.3), (3, 0.6)):
        assert abs(drawn[player] / awarded - share) < 0.02, drawn


def test_nobody_is_drawn_when_no_active_player_owns_a_field() -> None:
    territory = bytes([4] * 10 + [0] * (SIDE * SIDE - 10))
    s = State({}, territory, disqualified=(None, None, None, Disqualification(1, "crashed")))
    assert {draw_award(s, random.Random(seed)) for seed in range(200)} == {None}


def test_end_turn_counts_the_turn_and_asks_the_drawn_player_for_its_unit() -> None:
    s = replace(start_state(), phase=Phase.TURN_END, to_move=None)
    seen = set()
    for seed in range(40):
        after, events = end_turn(s, random.Random(seed))
        assert after.turn == 1 and after.units == s.units
        if after.phase is Phase.UNIT:
            assert events == (Awarded(1, after.mover),)
            seen.add(after.to_move)
        else:
            assert (after.phase, after.to_move, events) == (Phase.MOVE, 1, ())
    assert len(seen) >= 2


SPAWNS = [
    # on the corner, the new unit's kind -> arrival, what stands there after, kills of (owner, enemy)
    (None, W, Arrival.APPEARED, "own worker", (0, 0)),
    (None, S, Arrival.APPEARED, "own soldier", (0, 0)),
    ("own worker", S, Arrival.BLOCKED, "own worker", (0, 0)),
    ("own soldier", W, Arrival.BLOCKED, "own soldier", (0, 0)),
    ("enemy worker", S, Arrival.KILLED_WORKER, "own soldier", (1, 0)),
    ("enemy worker", W, Arrival.BLOCKED, "enemy worker", (0, 0)),
    ("enemy soldier", S, Arrival.BOTH_DIED, None, (1, 1)),
    ("enemy soldier", W, Arrival.DIED, "enemy soldier", (0, 1)),
]


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize(("occupant", "kind", "arrival", "left", "kills"), SPAWNS)
def test_a_new_unit_enters_its_corner_by_the_meeting_rules(player: int, occupant: str | None, kind: Kind,
                                                           arrival: Arrival, left: str | None,
                                                           kills: tuple[int, int]) -> None:
    enemy = player % 4 + 1
    home = corner(player)
    units = {}
    if occupant is not None:
        whose, what = occupant.split()
        units[home] = Unit(player if whose == "own" else enemy, W if what == "worker" else S)
    territory = bytearray(SIDE * SIDE)
    territory[home[1] * SIDE + home[0]] = enemy  # the enemy owns the corner, so a new worker retakes it
    s = State(units, bytes(territory), turn=7, phase=Phase.UNIT, to_move=player)
    after, events = place_unit(s, player, kind)
    assert events[0] == Spawned(player, kind, home, arrival)
    if left is None:
        assert after.unit(home) is None
    else:
        whose, what = left.split()
        assert after.unit(home) == Unit(player if whose == "own" else enemy, W if what == "worker" else S)
    assert (after.kills[player - 1], after.kills[enemy - 1]) == kills
    took = kind is W and arrival is Arrival.APPEARED
    assert after.owner(home) == (player if took else enemy)
    assert (Claimed(player, home, enemy) in events) == took
    assert sum(isinstance(e, Died) for e in events) == sum(kills)
    assert (after.turn, after.phase, after.to_move) == (7, Phase.MOVE, 1)


def test_the_next_turn_after_a_new_unit_starts_with_the_first_active_player() -> None:
    s = replace(start_state(), turn=3, phase=Phase.UNIT, to_move=3,
                disqualified=(Disqualification(2, "timeout"), None, None, None))
    after, _ = place_unit(s, 3, S)
    assert (after.phase, after.to_move) == (Phase.MOVE, 2)


# --- disqualification --------------------------------------------------------------------------------


def test_a_disqualified_player_never_moves_again_but_its_units_and_fields_stay_and_score() -> None:
    s = start_state()
    s, _ = apply_move(s, 1, Move.from_line("2 1 0 2 1 0 1 1 2"))  # two workers claim two fields
    s, events = disqualify(s, 2, "invalid move:\n unit 1 at (3,3): no unit there")
    assert events == (Disqualified(2, 1, "invalid move: unit 1 at (3,3): no unit there"),)
    assert (s.phase, s.to_move) == (Phase.MOVE, 3)
    assert [c for c, _ in s.units_of(2)] == [(47, 0), (48, 0), (49, 0), (48, 1), (49, 1), (49, 2)]
    rng = random.Random(2)
    movers = []
    for _ in range(30):  # turns go on without player 2; it is never drawn for a new unit
        while s.phase in (Phase.MOVE, Phase.UNIT):
            movers.append(s.mover)
            if s.phase is Phase.MOVE:
                s, _ = apply_move(s, s.mover, Move())
            else:
                s, _ = place_unit(s, s.mover, S)
        s, _ = end_turn(s, rng)
    assert 2 not in movers and {1, 3, 4} <= set(movers)
    assert s.territory_of(2) == 3 and s.scores()[1] == 3 and len(s.units_of(2)) == 6


def test_a_disqualified_player_can_win() -> None:
    territory = bytes([2] * 40 + [1] * 30 + [3] * 20 + [4] * 10 + [0] * (SIDE * SIDE - 100))
    s = State({}, territory, disqualified=(None, Disqualification(1, "crashed"), None, None))
    assert ranks(s, random.Random(0)) == (2, 1, 3, 4)


@pytest.mark.parametrize(("to_move", "out", "phase", "next_player"), [
    (1, 1, Phase.MOVE, 2),
    (4, 4, Phase.TURN_END, None),  # the last mover: the turn ends
    (2, 3, Phase.MOVE, 2),  # not its move: the game still waits for player 2
])
def test_disqualifying_moves_the_game_on(to_move: int, out: int, phase: Phase, next_player: int | None) -> None:
    s = replace(start_state(), to_move=to_move)
    after, _ = disqualify(s, out, "timeout")
    assert (after.phase, after.to_move) == (phase, next_player)
    assert after.disqualified[out - 1] == Disqualification(1, "timeout") and not after.active(out)


def test_a_fault_in_the_choice_of_a_new_unit_loses_the_unit() -> None:
    s = replace(start_state(), turn=4, phase=Phase.UNIT, to_move=1)
    after, _ = disqualify(s, 1, "invalid new unit: a new unit is 0 (worker) or 1 (soldier), got '7'")
    assert (after.phase, after.to_move, after.units) == (Phase.MOVE, 2, s.units)
    assert after.disqualified[0] == Disqualification(5, "invalid new unit: a new unit is 0 (worker) or 1 "
                                                        "(soldier), got '7'")


def test_when_every_player_is_out_the_game_is_over() -> None:
    s = start_state()
    for p in (3, 1, 4):
        s, _ = disqualify(s, p, "crashed")
        assert not s.over
    assert s.to_move == 2
    s, _ = disqualify(s, 2, "crashed")
    assert s.over and s.end is EndReason.ALL_DISQUALIFIED and s.to_move is None


def test_disqualifying_twice_is_a_programmer_error() -> None:
    s, _ = disqualify(start_state(), 3, "timeout")
    with pytest.raises(TurnError, match="player 3 is already disqualified"):
        disqualify(s, 3, "again")


# --- kills and ranking -------------------------------------------------------------------------------


def test_kills_add_to_the_score_for_both_sides_of_a_meeting() -> None:
    s = patch("""\
        1.2 aA.
        ... .Bb
        """)
    s, _ = apply_move(s, 1, Move.from_line("1 0 0 0 1"))  # the worker steps down beside the soldier
    s, _ = apply_move(s, 2, Move.from_line("1 2 1 1 0"))  # 2's worker walks into 1's soldier and dies
    s, _ = apply_move(s, 3, Move())
    s, _ = apply_move(s, 4, Move())
    s, _ = end_turn(s, random.Random(1))
    while s.phase is Phase.UNIT:  # a new soldier, if drawn, stands on a corner out of the way
        s, _ = place_unit(s, s.mover, S)
    s, _ = apply_move(s, 1, Move.from_line("1 1 0 1 1"))  # 1's soldier into 2's soldier: both die
    assert s.kills == (2, 1, 0, 0)
    assert s.scores()[:2] == (s.territory_of(1) + 2, s.territory_of(2) + 1)
    assert s.unit((1, 1)) is None and s.unit((1, 0)) is None


def test_ranks_order_by_score_and_points_are_3_2_1_0() -> None:
    territory = bytes([3] * 9 + [1] * 7 + [4] * 5 + [2] * 3 + [0] * (SIDE * SIDE - 24))
    s = State({}, territory, kills=(1, 0, 0, 0))
    assert ranks(s, random.Random(3)) == (2, 4, 1, 3)
    assert ranking_points((2, 4, 1, 3)) == (2, 0, 3, 1)


def test_equal_scores_are_ordered_by_a_seeded_lot() -> None:
    territory = bytes([1] * 5 + [2] * 5 + [3] * 5 + [4] * 9 + [0] * (SIDE * SIDE - 24))
    s = State({}, territory)
    outcomes = Counter(ranks(s, random.Random(seed)) for seed in range(600))
    assert all(r[3] == 1 and sorted(r[:3]) == [2, 3, 4] for r in outcomes)  # the lot only orders the tied
    assert len(outcomes) == 6 and min(outcomes.values()) > 60  # every order of the three, about equally
    assert [ranks(s, random.Random(seed)) for seed in range(50)] == [ranks(s, random.Random(seed)) for seed in range(50)]


def test_ranks_always_draw_the_lot_so_replays_stay_in_step() -> None:
    untied = State({}, bytes([1] * 4 + [2] * 3 + [3] * 2 + [4] + [0] * (SIDE * SIDE - 10)))
    a, b = random.Random(8), random.Random(8)
    ranks(untied, a)
    ranks(State({}, bytes(SIDE * SIDE)), b)
    assert a.getstate() == b.getstate()
