"""The worm rules of specs/worms.md, step by step, written as playfield texts (before, moves, after).

Every expected value is worked out by hand from the spec; none is copied from a run. Boards are
8x6 unless said otherwise; coordinates are ``[x, y]``, x to the right, y downwards. Worm letters:
worm 0 ``abcd``, 1 ``hijk``, 2 ``opqr``, 3 ``wxyz`` for a segment pointing up/right/down/left
(towards the head; on the head, the way it moves). Worms a case does not need are parked dead
(frozen 999999999) at [1,3]-[1,4] and [6,3]-[6,4].

Step 11 puts eaten items on a random empty cell. The cases use :class:`FirstCell`, a generator
whose draw is always 0, so an item lands on the first empty cell in reading order (row by row
from the top, left to right) once the tails have retracted; tests further down use real seeded
generators.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from textwrap import dedent

import pytest

from engines.worms import (
    Ate,
    DeathCause,
    Died,
    Direction,
    EndReason,
    Event,
    Frozen,
    GameOverError,
    Item,
    Moved,
    Respawned,
    Scored,
    Turn,
    WormsState,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    play_round,
    playfield_from_text,
    playfield_to_text,
    ranks_of,
    turns_from_json,
    turns_to_json,
)

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
FLOWER, ICE, BONUS = Item.FLOWER, Item.ICE, Item.BONUS
WALL, OWN, WORM, HEAD_ON = DeathCause.WALL, DeathCause.OWN_BODY, DeathCause.WORM, DeathCause.HEAD_ON


class FirstCell(random.Random):
    """A generator whose every draw is 0: step 11 then takes the first empty cell."""

    def randrange(self, *args: object, **kwargs: object) -> int:
        return 0


def field(text: str) -> WormsState:
    return playfield_from_text(dedent(text))


@dataclass(frozen=True)
class Case:
    name: str
    before: str
    moves: tuple[str | None, str | None, str | None, str | None]
    after: str
    events: tuple[Event, ...]
    end: EndReason | None = None


# The plainest position: worm 0 at [3,1] going right, worm 1 at [5,3] going up, 2 and 3 parked.
PLAIN = """\
    0 10 5
    8 6
    3 1 2 1 0 0 0
    5 3 5 4 0 0 0
    1 4 1 3 999999999 0 0
    6 4 6 3 999999999 0 0
    ########
    # bb   #
    #      #
    #q   hy#
    #q   hy#
    ########
    """
PLAIN_STRAIGHT_ON = """\
    1 10 5
    8 6
    4 1 3 1 0 0 0
    5 2 5 3 0 0 0
    1 4 1 3 999999999 0 0
    6 4 6 3 999999999 0 0
    ########
    #  bb  #
    #    h #
    #q   hy#
    #q    y#
    ########
    """
PLAIN_EVENTS = (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)))

CASES = [
    # --- moves (step 4) ---------------------------------------------------------------------
    Case("straight on: heads advance, tails retract, the round counter goes up",
         PLAIN, (".", ".", None, None), PLAIN_STRAIGHT_ON, PLAIN_EVENTS),
    Case("no answer, or any first character but l/L/r/R, means straight on",
         PLAIN, ("?l", None, None, None), PLAIN_STRAIGHT_ON, PLAIN_EVENTS),
    Case("moves of dead worms are ignored",
         PLAIN, (".", ".", "l", "r"), PLAIN_STRAIGHT_ON, PLAIN_EVENTS),
    Case(
        "left and right are relative to the worm's direction (down + l = right, up + R = right)",
        """\
        0 10 5
        8 6
        2 2 2 1 0 0 0
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # c    #
        # c  h #
        #q   hy#
        #q    y#
        ########
        """,
        ("l", "R", None, None),
        """\
        1 10 5
        8 6
        3 2 2 2 0 0 0
        6 2 5 2 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bb ii#
        #q    y#
        #q    y#
        ########
        """,
        (Moved(0, RIGHT, (3, 2)), Moved(1, RIGHT, (6, 2))),
    ),
    # --- deaths (step 4) --------------------------------------------------------------------
    Case(
        "into a wall: dies, keeps 7 - floor(7/2) = 4 (and 1 of 1), body stays, the head shows "
        "the way it tried to go; no worm left alive ends the game",
        """\
        0 10 5
        8 6
        1 1 1 2 0 0 7
        6 1 5 1 0 0 1
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #a   ii#
        #a     #
        #q    y#
        #q    y#
        ########
        """,
        ("l", ".", None, None),
        """\
        1 10 5
        8 6
        1 1 1 2 999999999 0 4
        6 1 5 1 999999999 0 1
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #d   ii#
        #a     #
        #q    y#
        #q    y#
        ########
        """,
        (Died(0, WALL, (0, 1), (), 3), Died(1, WALL, (7, 1), (), 0)),
        EndReason.ALL_DEAD,
    ),
    Case(
        "into its own body: dies (8 points -> 4); the other worm is unaffected",
        """\
        0 10 5
        8 6
        2 2 1 1 0 0 8
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #bbc   #
        # dd h #
        #q   hy#
        #q    y#
        ########
        """,
        ("r", ".", None, None),
        """\
        1 10 5
        8 6
        2 2 1 1 999999999 0 4
        5 1 5 2 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #bbc h #
        # ad h #
        #q    y#
        #q    y#
        ########
        """,
        (Died(0, OWN, (2, 1), (), 4), Moved(1, UP, (5, 1))),
    ),
    Case(
        "heads move before tails: into its own tail dies, although the tail would leave",
        """\
        0 10 5
        8 6
        2 2 2 1 0 0 0
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # bc   #
        # dd h #
        #q   hy#
        #q    y#
        ########
        """,
        ("r", ".", None, None),
        """\
        1 10 5
        8 6
        2 2 2 1 999999999 0 0
        5 1 5 2 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # bc h #
        # ad h #
        #q    y#
        #q    y#
        ########
        """,
        (Died(0, OWN, (2, 1), (), 0), Moved(1, UP, (5, 1))),
    ),
    Case(
        "heads move before tails: into another worm's tail dies (2 -> 1); that worm moves on "
        "and its tail leaves; the dead worm's tail stays",
        """\
        0 10 5
        8 6
        4 3 3 3 0 0 2
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        #    h #
        #q bbhy#
        #q    y#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        4 3 3 3 999999999 0 1
        5 1 5 2 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #    h #
        #    h #
        #q bb y#
        #q    y#
        ########
        """,
        (Died(0, WORM, (5, 3), (1,), 1), Moved(1, UP, (5, 1))),
    ),
    Case(
        "a frozen worm's head and a dead worm's body are segments: entering them kills (5 -> 3); "
        "the frozen worm stays put and counts down",
        """\
        0 10 5
        8 6
        4 2 3 2 0 0 0
        5 2 5 3 3 0 0
        5 4 4 4 0 0 5
        6 4 6 3 999999999 0 0
        ########
        #      #
        #  bbh #
        #    hy#
        #   ppy#
        ########
        """,
        (".", "l", ".", None),
        """\
        1 10 5
        8 6
        4 2 3 2 999999999 0 0
        5 2 5 3 2 0 0
        5 4 4 4 999999999 0 3
        6 4 6 3 999999999 0 0
        ########
        #      #
        #  bbh #
        #    hy#
        #   ppy#
        ########
        """,
        (Died(0, WORM, (5, 2), (1,), 0), Died(2, WORM, (6, 4), (3,), 2)),
    ),
    Case(
        "two heads into the same free cell: both die (3 -> 2, 4 -> 2) and the flower there stays",
        """\
        0 10 5
        8 6
        3 2 2 2 0 0 3
        5 2 6 2 0 0 4
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bb.kk#
        #q    y#
        #q    y#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        3 2 2 2 999999999 0 2
        5 2 6 2 999999999 0 2
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bb.kk#
        #q    y#
        #q    y#
        ########
        """,
        (Died(0, HEAD_ON, (4, 2), (1,), 1), Died(1, HEAD_ON, (4, 2), (0,), 2)),
        EndReason.ALL_DEAD,
    ),
    Case(
        "three heads into the same cell: all three die",
        """\
        0 10 5
        8 6
        3 2 2 2 0 0 0
        5 2 6 2 0 0 0
        4 3 4 4 0 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bb kk#
        #   o y#
        #   o y#
        ########
        """,
        (".", ".", ".", None),
        """\
        1 10 5
        8 6
        3 2 2 2 999999999 0 0
        5 2 6 2 999999999 0 0
        4 3 4 4 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bb kk#
        #   o y#
        #   o y#
        ########
        """,
        (Died(0, HEAD_ON, (4, 2), (1, 2), 0), Died(1, HEAD_ON, (4, 2), (0, 2), 0),
         Died(2, HEAD_ON, (4, 2), (0, 1), 0)),
        EndReason.ALL_DEAD,
    ),
    Case(
        "heads face to face swap cells: each enters the other's head, both die",
        """\
        0 10 5
        8 6
        3 2 2 2 0 0 0
        4 2 5 2 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bbkk #
        #q    y#
        #q    y#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        3 2 2 2 999999999 0 0
        4 2 5 2 999999999 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #      #
        # bbkk #
        #q    y#
        #q    y#
        ########
        """,
        (Died(0, WORM, (4, 2), (1,), 0), Died(1, WORM, (3, 2), (0,), 0)),
        EndReason.ALL_DEAD,
    ),
    # --- frozen worms (steps 4, 8, 9) -------------------------------------------------------
    Case(
        "a frozen worm ignores its answer, keeps its head and tail, and thaws by one (1 -> 0)",
        PLAIN.replace("5 3 5 4 0 0 0", "5 3 5 4 1 0 0"),
        (".", "l", None, None),
        """\
        1 10 5
        8 6
        4 1 3 1 0 0 0
        5 3 5 4 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #  bb  #
        #      #
        #q   hy#
        #q   hy#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)),),
    ),
    # --- flowers (step 6) -------------------------------------------------------------------
    Case(
        "flower with bonus 2 (spec example): +2^2 = 4 points, grows (tail stays), bonus 0, "
        "one flower fewer to eat, the flower comes back on the first empty cell",
        """\
        0 10 5
        8 6
        3 1 2 1 0 2 1
        5 3 5 4 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # bb.  #
        #      #
        #q   hy#
        #q   hy#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 4
        8 6
        4 1 2 1 0 0 5
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #.bbb  #
        #    h #
        #q   hy#
        #q    y#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Ate(0, FLOWER, (4, 1), 2), Scored(0, 4, 5),
         Respawned(FLOWER, (1, 1))),
    ),
    Case(
        "the last flower to eat ends the game",
        PLAIN.replace("0 10 5", "0 10 1").replace("# bb   #", "# bb.  #"),
        (".", ".", None, None),
        """\
        1 10 0
        8 6
        4 1 2 1 0 0 1
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #.bbb  #
        #    h #
        #q   hy#
        #q    y#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Ate(0, FLOWER, (4, 1), 0), Scored(0, 1, 1),
         Respawned(FLOWER, (1, 1))),
        EndReason.FLOWERS_EATEN,
    ),
    Case(
        "the round limit ends the game",
        PLAIN.replace("0 10 5", "9 10 5"),
        (".", ".", None, None),
        PLAIN_STRAIGHT_ON.replace("1 10 5", "10 10 5"),
        PLAIN_EVENTS,
        EndReason.ROUND_LIMIT,
    ),
    # --- bonuses ----------------------------------------------------------------------------
    Case(
        "bonus: B 1 -> 2 (bonuses add up), the tail retracts, the bonus comes back",
        """\
        0 10 5
        8 6
        3 1 2 1 0 1 0
        5 3 5 4 4 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # bb+  #
        #      #
        #q   hy#
        #q   hy#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        4 1 3 1 0 2 0
        5 3 5 4 3 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #+ bb  #
        #      #
        #q   hy#
        #q   hy#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Ate(0, BONUS, (4, 1), 1), Respawned(BONUS, (1, 1))),
    ),
    # --- ice (steps 7, 9, 10) ---------------------------------------------------------------
    Case(
        "ice with bonus 1 (spec example): the three others are frozen for (1+1)*5 = 10 rounds, "
        "the eater is not; tails of worms frozen this round still retract",
        """\
        0 10 5
        8 6
        3 1 2 1 0 0 0
        5 3 5 4 0 1 0
        1 3 1 4 0 0 0
        6 3 6 4 0 0 0
        ########
        # bb   #
        #    * #
        #o   hw#
        #o   hw#
        ########
        """,
        (".", ".", ".", "."),
        """\
        1 10 5
        8 6
        4 1 3 1 10 0 0
        5 2 5 3 0 0 0
        1 2 1 3 10 0 0
        6 2 6 3 10 0 0
        ########
        #* bb  #
        #o   hw#
        #o   hw#
        #      #
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Moved(2, UP, (1, 2)), Moved(3, UP, (6, 2)),
         Ate(1, ICE, (5, 2), 1), Frozen(0, 1, 10), Frozen(2, 1, 10), Frozen(3, 1, 10),
         Respawned(ICE, (1, 1))),
    ),
    Case(
        "ice adds to a running freeze after this round's thaw (2 - 1 + 5 = 6), skips dead worms, "
        "and resets every bonus, a dead worm's too (3 -> 0, 2 -> 0)",
        """\
        0 10 5
        8 6
        3 1 2 1 0 3 0
        5 3 5 4 0 0 0
        1 4 1 3 2 0 0
        6 4 6 3 999999999 2 7
        ########
        # bb   #
        #    * #
        #q   hy#
        #q   hy#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        4 1 3 1 5 0 0
        5 2 5 3 0 0 0
        1 4 1 3 6 0 0
        6 4 6 3 999999999 0 7
        ########
        #* bb  #
        #    h #
        #q   hy#
        #q    y#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Ate(1, ICE, (5, 2), 0), Frozen(0, 1, 5),
         Frozen(2, 1, 5), Respawned(ICE, (1, 1))),
    ),
    Case(
        "a worm that dies in the round someone eats ice is not frozen",
        """\
        0 10 5
        8 6
        1 1 1 2 0 0 0
        5 3 5 4 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #a     #
        #a   * #
        #q   hy#
        #q   hy#
        ########
        """,
        (".", ".", None, None),
        """\
        1 10 5
        8 6
        1 1 1 2 999999999 0 0
        5 2 5 3 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        #a*    #
        #a   h #
        #q   hy#
        #q    y#
        ########
        """,
        (Died(0, WALL, (1, 0), (), 0), Moved(1, UP, (5, 2)), Ate(1, ICE, (5, 2), 0), Respawned(ICE, (2, 1))),
    ),
    Case(
        "two worms eat ice: each is frozen by the other's ice only (5 and 15), a third worm by "
        "the sum (5 + 15 = 20); both ices come back",
        """\
        0 10 5
        8 6
        3 1 2 1 0 0 0
        5 3 5 4 0 2 0
        1 3 1 4 0 0 0
        6 4 6 3 999999999 0 0
        ########
        # bb*  #
        #    * #
        #o   hy#
        #o   hy#
        ########
        """,
        (".", ".", ".", None),
        """\
        1 10 5
        8 6
        4 1 3 1 15 0 0
        5 2 5 3 5 0 0
        1 2 1 3 20 0 0
        6 4 6 3 999999999 0 0
        ########
        #**bb  #
        #o   h #
        #o   hy#
        #     y#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Moved(2, UP, (1, 2)),
         Ate(0, ICE, (4, 1), 0), Frozen(1, 0, 5), Frozen(2, 0, 5),
         Ate(1, ICE, (5, 2), 2), Frozen(0, 1, 15), Frozen(2, 1, 15),
         Respawned(ICE, (1, 1)), Respawned(ICE, (2, 1))),
    ),
    Case(
        "flower, ice and bonus in one round: the flower scores with the eater's bonus (2^1), the "
        "bonus eaten is lost to the ice's reset; items come back flowers first, then ice, then bonus",
        """\
        0 10 5
        8 6
        3 1 2 1 0 1 0
        5 3 5 4 0 0 0
        1 3 1 4 0 2 0
        6 4 6 3 999999999 0 0
        ########
        # bb.  #
        #+   * #
        #o   hy#
        #o   hy#
        ########
        """,
        (".", ".", ".", None),
        """\
        1 10 4
        8 6
        4 1 2 1 5 0 2
        5 2 5 3 0 0 0
        1 2 1 3 5 0 0
        6 4 6 3 999999999 0 0
        ########
        #.bbb*+#
        #o   h #
        #o   hy#
        #     y#
        ########
        """,
        (Moved(0, RIGHT, (4, 1)), Moved(1, UP, (5, 2)), Moved(2, UP, (1, 2)),
         Ate(0, FLOWER, (4, 1), 1), Scored(0, 2, 2),
         Ate(1, ICE, (5, 2), 0), Frozen(0, 1, 5), Frozen(2, 1, 5),
         Ate(2, BONUS, (1, 2), 2),
         Respawned(FLOWER, (1, 1)), Respawned(ICE, (5, 1)), Respawned(BONUS, (6, 1))),
    ),
    # --- respawn (step 11) ------------------------------------------------------------------
    Case(
        "no empty cell left: the eaten flower is not placed (7x4 board)",
        """\
        0 10 5
        7 4
        2 1 1 1 0 0 0
        5 1 4 1 999999999 0 0
        2 2 1 2 999999999 0 0
        4 2 3 2 999999999 0 0
        #######
        #bb.ii#
        #ppxx##
        #######
        """,
        (".", None, None, None),
        """\
        1 10 4
        7 4
        3 1 1 1 0 0 1
        5 1 4 1 999999999 0 0
        2 2 1 2 999999999 0 0
        4 2 3 2 999999999 0 0
        #######
        #bbbii#
        #ppxx##
        #######
        """,
        (Moved(0, RIGHT, (3, 1)), Ate(0, FLOWER, (3, 1), 0), Scored(0, 1, 1), Respawned(FLOWER, None)),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_round(case: Case) -> None:
    result = play_round(field(case.before), case.moves, FirstCell())
    assert playfield_to_text(result.state) == dedent(case.after)
    assert result.events == case.events
    assert result.end == case.end == result.state.end_reason()
    assert result.round == field(case.before).round + 1


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_round_texts_are_canonical(case: Case) -> None:
    """Each hand-written text reads and writes back unchanged, so the cases compare real states."""
    for text in (case.before, case.after):
        assert playfield_to_text(field(text)) == dedent(text)


def test_turns_report_who_moved() -> None:
    before = field(PLAIN.replace("5 3 5 4 0 0 0", "5 3 5 4 1 0 0"))
    result = play_round(before, ["R", "l", "r", "l"], FirstCell())
    assert result.turns == (Turn.RIGHT, None, None, None)
    assert before.movers() == (0,)
    assert result.state.movers() == (0, 1)  # worm 1 thawed: its bot is started next round


@pytest.mark.parametrize(
    ("answer", "turn"),
    [("l", Turn.LEFT), ("L", Turn.LEFT), ("r", Turn.RIGHT), ("R", Turn.RIGHT), (".", Turn.STRAIGHT),
     ("", Turn.STRAIGHT), (None, Turn.STRAIGHT), ("x", Turn.STRAIGHT), (" l", Turn.STRAIGHT),
     ("rl", Turn.RIGHT), ("left", Turn.LEFT), (b"R\n", Turn.RIGHT), (b"\xff", Turn.STRAIGHT), ("\n", Turn.STRAIGHT)],
)
def test_only_the_first_character_of_an_answer_counts(answer: str | bytes | None, turn: Turn) -> None:
    assert Turn.from_answer(answer) is turn


def test_turn_objects_work_as_moves() -> None:
    result = play_round(field(PLAIN), [Turn.STRAIGHT, Turn.STRAIGHT, None, None], FirstCell())
    assert playfield_to_text(result.state) == dedent(PLAIN_STRAIGHT_ON)


# --- over several rounds -------------------------------------------------------------------------


def test_frozen_for_exactly_the_next_five_rounds() -> None:
    """Worm 1 eats ice with bonus 0 in round 1; worm 0 then stands still in rounds 2-6 and moves
    again in round 7 (a long corridor so nobody dies)."""
    state = field("""\
        0 100 5
        14 5
        3 1 2 1 0 0 0
        4 3 3 3 0 0 0
        12 2 12 1 999999999 0 0
        12 3 11 3 999999999 0 0
        ##############
        # bb        q#
        #           q#
        #  ii*     xx#
        ##############
        """)
    heads = []
    for _ in range(7):
        result = play_round(state, [".", ".", None, None], FirstCell())
        state = result.state
        heads.append((state.worms[0].head, state.worms[0].frozen))
    assert heads == [((4, 1), 5), ((4, 1), 4), ((4, 1), 3), ((4, 1), 2), ((4, 1), 1), ((4, 1), 0), ((5, 1), 0)]


def test_bonuses_in_a_row_multiply_the_next_flower() -> None:
    """Two bonuses then a flower: B 0 -> 1 -> 2, the flower scores 2^2 = 4 and resets B."""
    state = field("""\
        0 100 5
        12 5
        2 1 1 1 0 0 0
        10 3 10 2 999999999 0 0
        1 3 1 2 999999999 0 0
        9 3 9 2 999999999 0 0
        ############
        #bb++.     #
        #q       yj#
        #q       yj#
        ############
        """)
    seen = []
    for _ in range(3):
        state = play_round(state, [".", None, None, None], random.Random(5)).state
        seen.append((state.worms[0].bonus, state.worms[0].points, state.worms[0].length))
    assert seen == [(1, 0, 2), (2, 0, 2), (0, 4, 3)]


# --- step 11 with real seeded generators ---------------------------------------------------------

ONE_EMPTY_CELL_LEFT = """\
    0 10 5
    7 4
    2 1 1 1 0 0 0
    5 1 4 1 999999999 0 0
    2 2 1 2 999999999 0 0
    4 2 3 2 999999999 0 0
    #######
    #bb.ii#
    #ppxx #
    #######
    """


@pytest.mark.parametrize("seed", range(5))
def test_the_only_empty_cell_gets_the_item_whatever_the_seed(seed: int) -> None:
    result = play_round(field(ONE_EMPTY_CELL_LEFT), [".", None, None, None], random.Random(seed))
    assert result.events[-1] == Respawned(FLOWER, (5, 2))
    assert result.state.items == {(5, 2): FLOWER}


def test_the_same_seed_places_items_the_same_way() -> None:
    def place(seed: int) -> str:
        return playfield_to_text(play_round(field(PLAIN.replace("# bb   #", "# bb.  #")), [".", ".", None, None],
                                            random.Random(seed)).state)

    assert place(11) == place(11)
    assert len({place(seed) for seed in range(40)}) > 1


def test_items_land_on_every_empty_cell_evenly() -> None:
    """After worm 0 eats in PLAIN, 15 cells are empty; 3000 seeded draws hit each about 200 times."""
    before = field(PLAIN.replace("# bb   #", "# bb.  #"))
    rng = random.Random(2024)
    landed = Counter(play_round(before, [".", ".", None, None], rng).events[-1].cell for _ in range(3000))  # type: ignore[union-attr]
    empty = {(1, 1), (5, 1), (6, 1), (1, 2), (2, 2), (3, 2), (4, 2), (6, 2),
             (2, 3), (3, 3), (4, 3), (2, 4), (3, 4), (4, 4), (5, 4)}
    assert set(landed) == empty
    assert all(120 < n < 280 for n in landed.values())


def test_rounds_without_eating_draw_nothing() -> None:
    rng = random.Random(3)
    state_before = rng.getstate()
    play_round(field(PLAIN), [".", ".", None, None], rng)
    assert rng.getstate() == state_before


# --- game end, scores, misuse --------------------------------------------------------------------


def test_a_finished_game_accepts_no_round() -> None:
    over = field(PLAIN.replace("0 10 5", "10 10 5"))
    assert over.end_reason() is EndReason.ROUND_LIMIT
    assert over.movers() == ()
    with pytest.raises(GameOverError, match="round_limit"):
        play_round(over, [".", ".", None, None], FirstCell())


def test_one_move_per_worm_is_required() -> None:
    with pytest.raises(ValueError, match="one move per worm"):
        play_round(field(PLAIN), [".", "."], FirstCell())


def test_end_reasons_in_order_flowers_then_rounds_then_all_dead() -> None:
    all_dead = PLAIN.replace("3 1 2 1 0 0 0", "3 1 2 1 999999999 0 0").replace("5 3 5 4 0 0 0", "5 3 5 4 999999999 0 0")
    assert field(all_dead).end_reason() is EndReason.ALL_DEAD
    assert field(all_dead.replace("0 10 5", "10 10 5")).end_reason() is EndReason.ROUND_LIMIT
    assert field(all_dead.replace("0 10 5", "10 10 0")).end_reason() is EndReason.FLOWERS_EATEN
    assert field(PLAIN).end_reason() is None


@pytest.mark.parametrize(
    ("scores", "ranks"),
    [([5, 9, 5, 1], (2, 1, 2, 4)), ([0, 0, 0, 0], (1, 1, 1, 1)), ([3, 2, 1, 0], (1, 2, 3, 4)), ([4, 4, 7, 4], (2, 2, 1, 2))],
)
def test_ties_share_the_rank(scores: list[int], ranks: tuple[int, ...]) -> None:
    assert ranks_of(scores) == ranks


def test_state_scores_and_ranks() -> None:
    state = field(PLAIN.replace("3 1 2 1 0 0 0", "3 1 2 1 0 0 6").replace("1 4 1 3 999999999 0 0", "1 4 1 3 999999999 0 6"))
    assert state.scores() == (6, 0, 6, 0)
    assert state.ranks() == (1, 3, 1, 3)


# --- JSON forms for replays ----------------------------------------------------------------------


def test_events_round_trip_through_json() -> None:
    events = tuple(e for case in CASES for e in case.events)
    data = events_to_json(events)
    assert events_from_json(data) == events
    assert {d["type"] for d in data} == {"died", "moved", "ate", "scored", "frozen", "respawned"}


def test_event_json_shapes() -> None:
    assert event_to_json(Died(0, HEAD_ON, (4, 2), (1, 2), 3)) == {
        "type": "died", "worm": 0, "cause": "head_on", "cell": [4, 2], "others": [1, 2], "points_lost": 3}
    assert event_to_json(Respawned(ICE, None)) == {"type": "respawned", "item": "ice", "cell": None}
    assert event_from_json({"type": "moved", "worm": 2, "direction": "left", "cell": [1, 1]}) == Moved(2, LEFT, (1, 1))


@pytest.mark.parametrize("bad", [{"type": "teleported"}, {"type": "moved", "worm": 0}, [1, 2], {"type": "ate", "worm": 0,
                                 "item": "cake", "cell": [1, 1], "bonus": 0}])
def test_bad_event_json_is_an_error(bad: object) -> None:
    with pytest.raises(ValueError):
        event_from_json(bad)


def test_turns_round_trip_through_json() -> None:
    turns = (Turn.LEFT, None, Turn.STRAIGHT, Turn.RIGHT)
    assert turns_to_json(turns) == ["l", None, ".", "r"]
    assert turns_from_json(["l", None, ".", "r"]) == turns
    with pytest.raises(ValueError):
        turns_from_json(["L"])
