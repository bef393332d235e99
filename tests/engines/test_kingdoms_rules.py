"""The round rules of specs/kingdoms.md, case by case, in the state text form.

Every expected value is worked out by hand from the spec (the arithmetic is in the comments);
none is copied from a run. States list the numbers as
``territory food soldiers peasants arms farming spy``; answers are the lines the strategies print,
by absolute kingdom id (a strategy's own ids are relative: kingdom k calls kingdom j (j − k) mod 4).
An idle kingdom with nobody to feed is ``10 0 0 0 0 0 0``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from textwrap import dedent

import pytest

from engines.kingdoms import (
    Battle,
    Died,
    EndReason,
    Event,
    GameOverError,
    Ignored,
    Kingdom,
    KingdomsError,
    Revealed,
    Robbery,
    Starved,
    State,
    parse_answer,
    play_round,
    ranks_of,
    share,
    start_state,
    state_from_text,
    state_to_text,
)
from engines.kingdoms.actions import Answer
from engines.kingdoms import RoundReport


def state(text: str) -> State:
    return state_from_text(dedent(text))


def answers_of(lines: dict[int, str]) -> list[Answer]:
    return [parse_answer(lines[k]) if k in lines else None for k in range(4)]


@dataclass(frozen=True)
class RoundCase:
    name: str
    before: str
    answers: dict[int, str]
    after: str
    events: tuple[Event, ...] = ()
    end: EndReason | None = None


def same_events(actual: Sequence[Event], expected: Sequence[Event]) -> bool:
    """Equal, except that an expected Ignored reason only has to appear in the actual one."""
    if len(actual) != len(expected):
        return False
    for a, e in zip(actual, expected):
        if isinstance(e, Ignored) and isinstance(a, Ignored):
            if (a.kingdom, a.answer) != (e.kingdom, e.answer) or e.reason not in a.reason:
                return False
        elif a != e:
            return False
    return True


# --- step 1: recruit, train, improve, harvest; and upkeep every round ---------------------------

STEP1_CASES = [
    RoundCase(
        "recruit, train, improve arms, improve farming: +1 each; everyone then eats",
        """\
        round 0/10
        0: 25 10 1 1 3 3 0
        1: 25 10 1 1 3 3 0
        2: 25 10 1 1 3 3 0
        3: 25 10 1 1 3 3 0
        """,
        {0: "v", 1: "r", 2: "z", 3: "f"},
        # food: 10 − (soldiers + peasants) = 10−3, 10−3, 10−2, 10−2
        """\
        round 1/10
        0: 25 7 2 1 3 3 0
        1: 25 7 1 2 3 3 0
        2: 25 8 1 1 4 3 0
        3: 25 8 1 1 3 4 0
        """,
    ),
    RoundCase(
        "improve spy; no answer does nothing; a first i and a first l only start their counters",
        """\
        round 0/10
        0: 25 10 1 1 3 3 0
        1: 25 10 1 1 3 3 0
        2: 25 10 1 1 3 3 0
        3: 25 10 1 1 3 3 0
        """,
        {0: "t", 2: "i", 3: "l 1"},  # kingdom 3's "1" is kingdom (3+1) mod 4 = 0
        """\
        round 1/10
        0: 25 8 1 1 3 3 1
        1: 25 8 1 1 3 3 0
        2: 25 8 1 1 3 3 0
        3: 25 8 1 1 3 3 0
        rob 3->0 x1
        spy 2 x1
        """,
    ),
    RoundCase(
        "harvest is 3 × peasants × (farming DIV 3), before upkeep",
        """\
        round 0/10
        0: 25 10 1 4 5 5 0
        1: 25 10 0 2 0 8 0
        2: 25 10 0 5 0 2 0
        3: 25 0 0 0 0 9 0
        """,
        {0: "s", 1: "s", 2: "s", 3: "s"},
        # 0: +3·4·1 = 12 → 22, eats 5 → 17.  1: +3·2·2 = 12 → 22, eats 2 → 20.
        # 2: farming 2 DIV 3 = 0 → +0 (the original server code would have given 15), eats 5 → 5.
        # 3: no peasants → +0.
        """\
        round 1/10
        0: 25 17 1 4 5 5 0
        1: 25 20 0 2 0 8 0
        2: 25 5 0 5 0 2 0
        3: 25 0 0 0 0 9 0
        """,
    ),
]

# --- step 4: upkeep and starvation ---------------------------------------------------------------

UPKEEP_CASES = [
    RoundCase(
        "upkeep: exactly enough food; soldiers starve first, then peasants; food never below 0",
        """\
        round 0/10
        0: 20 3 1 2 3 3 0
        1: 20 3 4 5 3 3 0
        2: 20 5 4 3 3 3 0
        3: 20 0 2 3 3 3 0
        """,
        {3: "s"},
        # 0: needs 3, has 3 → 0.   1: needs 9, has 3 → 6 hungry: 4 soldiers, then 2 peasants die.
        # 2: needs 7, has 5 → 2 hungry soldiers die.   3: harvest 3·3·1 = 9 first, needs 5 → 4.
        """\
        round 1/10
        0: 20 0 1 2 3 3 0
        1: 20 0 0 3 3 3 0
        2: 20 0 2 3 3 3 0
        3: 20 4 2 3 3 3 0
        """,
        (Starved(1, 4, 2), Starved(2, 2, 0)),
    ),
]

# --- step 2: attacks ------------------------------------------------------------------------------

ATTACK_CASES = [
    RoundCase(
        "attack won: defenders all die, attacker loses n·defence/attack, takes attack−defence land and peasants",
        """\
        round 0/10
        0: 20 100 10 5 6 3 0
        1: 20 100 4 7 4 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 10"},
        # attack 10·(6 DIV 3) = 20; defence 4·(4 DIV 3)·1.5 = 6; margin 14: 14 land, min(14, 7) = 7
        # peasants; attacker loses 10·6 DIV 20 = 3. Upkeep: 0 eats 7+5 = 12.
        """\
        round 1/10
        0: 34 88 7 5 6 3 0
        1: 6 100 0 0 4 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (0,), (10,), (20,), 4, 6, (3,), 4, 7, (14,)),),
    ),
    RoundCase(
        "attack equal to defence fails: all attackers die, defender loses d·attack/defence",
        """\
        round 0/10
        0: 20 50 4 0 6 3 0
        1: 10 0 0 0 0 0 0
        2: 20 50 4 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 2 3"},
        # attack 3·2 = 6; defence 4·1·1.5 = 6; 6 ≤ 6 fails; defender loses 4·6 DIV 6 = 4.
        """\
        round 1/10
        0: 20 49 1 0 6 3 0
        1: 10 0 0 0 0 0 0
        2: 20 50 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(2, (0,), (3,), (6,), 4, 6, (3,), 4, 0, (0,)),),
    ),
    RoundCase(
        "defence 1.5 is rounded down, and the defender's loss too",
        """\
        round 0/10
        0: 20 50 4 0 6 3 0
        1: 10 0 0 0 0 0 0
        2: 20 50 5 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 2 3"},
        # defence 5·1·1.5 = 7.5 → 7; attack 6 fails; defender loses 5·6 DIV 7 = 4 (of 5).
        """\
        round 1/10
        0: 20 49 1 0 6 3 0
        1: 10 0 0 0 0 0 0
        2: 20 49 1 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(2, (0,), (3,), (6,), 5, 7, (3,), 4, 0, (0,)),),
    ),
    RoundCase(
        "arms below 3 give no strength: 0 against an empty defence fails, the defender loses none",
        """\
        round 0/10
        0: 20 50 2 0 2 3 0
        1: 10 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 20 50 0 0 3 3 0
        """,
        {0: "u 3 2"},
        """\
        round 1/10
        0: 20 50 0 0 2 3 0
        1: 10 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 20 50 0 0 3 3 0
        """,
        (Battle(3, (0,), (2,), (0,), 0, 0, (2,), 0, 0, (0,)),),
    ),
    RoundCase(
        "land and peasants taken are capped at what the defender has; territory 0 kills the kingdom",
        """\
        round 0/10
        0: 20 100 10 0 9 3 0
        1: 5 40 2 3 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 10"},
        # attack 10·3 = 30; defence 2·1·1.5 = 3; margin 27 → land min(27, 5) = 5, peasants min(27, 3)
        # = 3; attacker loses 10·3 DIV 30 = 1. Kingdom 1's numbers drop to 0.
        """\
        round 1/10
        0: 25 91 9 0 9 3 0
        1: 0 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (0,), (10,), (30,), 2, 3, (1,), 2, 3, (5,)), Died(1, (0,))),
    ),
    RoundCase(
        "soldiers sent away do not defend; attacks on different targets are independent",
        """\
        round 0/10
        0: 20 100 6 0 6 3 0
        1: 20 100 8 0 3 3 0
        2: 20 100 2 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 6", 1: "u 1 5"},
        # On 1: attack 6·2 = 12; 1 keeps 8−5 = 3 home: defence 3·1·1.5 = 4; margin 8; 0 loses 6·4 DIV 12 = 2.
        # On 2: attack 5·1 = 5; defence 2·1·1.5 = 3; margin 2; 1 loses 5·3 DIV 5 = 3.
        # 1: land 20−8+2 = 14, soldiers 8−3−3 = 2.
        """\
        round 1/10
        0: 28 96 4 0 6 3 0
        1: 14 98 2 0 3 3 0
        2: 18 100 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (
            Battle(1, (0,), (6,), (12,), 3, 4, (2,), 3, 0, (8,)),
            Battle(2, (1,), (5,), (5,), 2, 3, (3,), 2, 0, (2,)),
        ),
    ),
    RoundCase(
        "the defender's recruit of this round defends (step 1 comes before the attacks)",
        """\
        round 0/10
        0: 20 100 3 0 6 3 0
        1: 20 100 3 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 3", 1: "v"},
        # attack 6; defence (3+1)·1·1.5 = 6 (without the recruit 4, and the attack would win).
        """\
        round 1/10
        0: 20 100 0 0 6 3 0
        1: 20 100 0 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (0,), (3,), (6,), 4, 6, (3,), 4, 0, (0,)),),
    ),
    RoundCase(
        "two kingdoms attack each other: both judged on the same numbers, applied together",
        """\
        round 0/10
        0: 20 100 5 0 6 3 0
        1: 20 100 5 0 6 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 4", 1: "u 3 4"},  # kingdom 1's "3" is kingdom 0
        # each: attack 4·2 = 8, one soldier home: defence 1·2·1.5 = 3; margin 5; loses 4·3 DIV 8 = 1
        # attacking and its 1 defender: land 20−5+5, soldiers 5−1−1 = 3, eats 3.
        """\
        round 1/10
        0: 20 97 3 0 6 3 0
        1: 20 97 3 0 6 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (
            Battle(0, (1,), (4,), (8,), 1, 3, (1,), 1, 0, (5,)),
            Battle(1, (0,), (4,), (8,), 1, 3, (1,), 1, 0, (5,)),
        ),
    ),
    RoundCase(
        "attacking a dead kingdom wins nothing and loses nothing",
        """\
        round 0/10
        0: 20 100 3 0 3 3 0
        1: 0 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 3", 1: "v"},  # the dead kingdom's answer is not even looked at
        """\
        round 1/10
        0: 20 97 3 0 3 3 0
        1: 0 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (0,), (3,), (3,), 0, 0, (0,), 0, 0, (0,)),),
    ),
]

# --- step 2: several attackers on one target ------------------------------------------------------

MULTI_ATTACK_CASES = [
    RoundCase(
        "two attackers: strengths add; land shared by strength, rounded down, the leftover to the stronger",
        """\
        round 0/10
        0: 20 100 6 0 6 3 0
        1: 20 100 4 0 3 3 0
        2: 20 100 4 10 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 2 6", 1: "u 1 4"},
        # attack 6·2 + 4·1 = 16; defence 4·1·1.5 = 6; margin 10 → 10 land, 10 peasants.
        # losses 6·6 DIV 16 = 2 and 4·6 DIV 16 = 1; land 10·12 DIV 16 = 7 and 10·4 DIV 16 = 2,
        # leftover 1 to kingdom 0 (strength 12) → 8 and 2.
        """\
        round 1/10
        0: 28 96 4 0 6 3 0
        1: 22 97 3 0 3 3 0
        2: 10 100 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(2, (0, 1), (6, 4), (12, 4), 4, 6, (2, 1), 4, 10, (8, 2)),),
    ),
    RoundCase(
        "equal strengths: the leftover goes to the lower id",
        """\
        round 0/10
        0: 10 0 0 0 0 0 0
        1: 20 100 3 0 6 3 0
        2: 20 100 1 0 3 3 0
        3: 20 100 3 0 6 3 0
        """,
        {1: "u 1 3", 3: "u 3 3"},  # both mean kingdom 2
        # attack 6 + 6; defence 1·1·1.5 = 1; margin 11 → 11·6 DIV 12 = 5 each, leftover 1 to kingdom 1.
        """\
        round 1/10
        0: 10 0 0 0 0 0 0
        1: 26 97 3 0 6 3 0
        2: 9 100 0 0 3 3 0
        3: 25 97 3 0 6 3 0
        """,
        (Battle(2, (1, 3), (3, 3), (6, 6), 1, 1, (0, 0), 1, 0, (6, 5)),),
    ),
    RoundCase(
        "two attackers fail together: all their soldiers die; the defender loses d·attack/defence",
        """\
        round 0/10
        0: 20 100 2 0 6 3 0
        1: 20 100 6 0 3 3 0
        2: 20 100 3 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        {0: "u 1 2", 2: "u 3 3"},  # kingdom 2's "3" is kingdom 1
        # attack 2·2 + 3·1 = 7; defence 6·1·1.5 = 9; fails; defender loses 6·7 DIV 9 = 4.
        """\
        round 1/10
        0: 20 100 0 0 6 3 0
        1: 20 98 2 0 3 3 0
        2: 20 100 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (0, 2), (2, 3), (4, 3), 6, 9, (2, 3), 4, 0, (0, 0)),),
    ),
    RoundCase(
        "an attacker with no strength shares no land but loses soldiers like the others",
        """\
        round 0/10
        0: 20 100 4 0 9 3 0
        1: 20 100 2 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 20 100 5 0 2 3 0
        """,
        {0: "u 1 4", 3: "u 2 5"},  # kingdom 3's "2" is kingdom 1
        # attack 4·3 + 5·0 = 12; defence 2·1·1.5 = 3; margin 9 → land 9 and 0;
        # losses 4·3 DIV 12 = 1 and 5·3 DIV 12 = 1.
        """\
        round 1/10
        0: 29 97 3 0 9 3 0
        1: 11 100 0 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 20 96 4 0 2 3 0
        """,
        (Battle(1, (0, 3), (4, 5), (12, 0), 2, 3, (1, 1), 2, 0, (9, 0)),),
    ),
    RoundCase(
        "three attackers take all the land there is: shares of the capped total; the target dies",
        """\
        round 0/10
        0: 20 100 10 0 6 3 0
        1: 20 100 10 0 3 3 0
        2: 20 100 10 0 3 3 0
        3: 7 100 0 5 3 3 0
        """,
        {0: "u 3 10", 1: "u 2 10", 2: "u 1 10"},  # all mean kingdom 3
        # attack 20+10+10 = 40; defence 0; no attacker losses; land min(40, 7) = 7: 7·20 DIV 40 = 3,
        # 7·10 DIV 40 = 1, 1; leftover 2 to kingdom 0 → 5, 1, 1. Peasants min(40, 5) = 5.
        """\
        round 1/10
        0: 25 90 10 0 6 3 0
        1: 21 90 10 0 3 3 0
        2: 21 90 10 0 3 3 0
        3: 0 0 0 0 0 0 0
        """,
        (Battle(3, (0, 1, 2), (10, 10, 10), (20, 10, 10), 0, 0, (0, 0, 0), 0, 5, (5, 1, 1)), Died(3, (0, 1, 2))),
    ),
]

# --- invalid answers --------------------------------------------------------------------------------

INVALID_CASES = [
    RoundCase(
        "invalid answers are ignored with the reason: too many soldiers, bad id, unknown code, extra numbers",
        """\
        round 0/10
        0: 20 10 2 0 6 3 0
        1: 20 10 0 0 3 3 0
        2: 20 10 0 0 3 3 0
        3: 20 10 0 0 3 3 0
        """,
        {0: "u 1 3", 1: "u 0 1", 2: "x", 3: "v 1"},
        """\
        round 1/10
        0: 20 8 2 0 6 3 0
        1: 20 10 0 0 3 3 0
        2: 20 10 0 0 3 3 0
        3: 20 10 0 0 3 3 0
        """,
        (
            Ignored(0, "u 1 3", "attack with 3 soldiers, but the kingdom has 2"),
            Ignored(1, "u 0 1", "target 0"),
            Ignored(2, "x", "unknown action code 'x'"),
            Ignored(3, "v 1", "'v' takes 0 number(s)"),
        ),
    ),
    RoundCase(
        "an invalid answer breaks a robbery streak and an intelligence streak",
        """\
        round 2/10
        0: 20 0 0 0 3 3 0
        1: 20 0 0 0 5 5 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 1
        rob 0->1 x2
        spy 3 x1
        """,
        {0: "l 1 1", 3: "i x"},
        """\
        round 3/10
        0: 20 0 0 0 3 3 0
        1: 20 0 0 0 5 5 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 1
        """,
        (Ignored(0, "l 1 1", "'l' takes 1 number(s)"), Ignored(3, "i x", "'i' takes 0")),
    ),
]

# --- step 3: robbery, then intelligence ----------------------------------------------------------------

ROBBERY_CASES = [
    RoundCase(
        "third consecutive l on one target robs: a higher level loses 2 to the robber, a lower one loses 1",
        """\
        round 2/10
        0: 20 0 0 0 3 3 0
        1: 20 0 0 0 5 2 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        """,
        {0: "l 1"},
        # arms 5 > 3: 1 → 3, 0 → 5; farming 2 ≤ 3: 1 → 1. The count starts again.
        """\
        round 3/10
        0: 20 0 0 0 5 3 0
        1: 20 0 0 0 3 1 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Robbery(0, 1, 2, 2, 0, 1),),
    ),
    RoundCase(
        "an equal level is not higher: one scroll destroyed; a level 0 stays 0",
        """\
        round 2/10
        0: 10 0 0 0 0 0 0
        1: 10 0 0 0 0 0 0
        2: 20 0 0 0 4 0 0
        3: 20 0 0 0 4 0 0
        rob 2->3 x2
        """,
        {2: "l 1"},
        """\
        round 3/10
        0: 10 0 0 0 0 0 0
        1: 10 0 0 0 0 0 0
        2: 20 0 0 0 4 0 0
        3: 20 0 0 0 3 0 0
        """,
        (Robbery(2, 3, 0, 1, 0, 0),),
    ),
    RoundCase(
        "a level-1 library robbed by a level-0 robber: the library loses its 1, the robber gains that 1",
        """\
        round 2/10
        0: 20 0 0 0 0 0 0
        1: 20 0 0 0 1 1 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        """,
        {0: "l 1"},
        """\
        round 3/10
        0: 20 0 0 0 1 1 0
        1: 20 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Robbery(0, 1, 1, 1, 1, 1),),
    ),
    RoundCase(
        "counters: a new target starts again at 1, another action breaks the streak",
        """\
        round 2/10
        0: 10 0 0 0 0 0 0
        1: 10 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 20 5 0 0 0 0 0
        rob 0->1 x2
        rob 2->3 x1
        rob 3->0 x2
        """,
        {0: "l 2", 1: "l 3", 2: "l 1", 3: "v"},  # targets 2, 0, 3
        """\
        round 3/10
        0: 10 0 0 0 0 0 0
        1: 10 0 0 0 0 0 0
        2: 10 0 0 0 0 0 0
        3: 20 4 1 0 0 0 0
        rob 0->2 x1
        rob 1->0 x1
        rob 2->3 x2
        """,
    ),
    RoundCase(
        "two robbers on one target are judged on the levels before either (the original's example)",
        """\
        round 2/10
        0: 20 0 0 0 5 6 0
        1: 10 0 0 0 0 0 0
        2: 20 0 0 0 7 1 0
        3: 20 0 0 0 2 3 0
        rob 2->0 x2
        rob 3->0 x2
        """,
        {2: "l 2", 3: "l 1"},  # both mean kingdom 0
        # 2: arms 5 ≤ 7 → destroys 1; farming 6 > 1 → steals 2.  3: 5 > 2 → steals 2; 6 > 3 → steals 2.
        # 0 loses 3 arms and 4 farming, like loupez_obrana.txt in the original rules.
        """\
        round 3/10
        0: 20 0 0 0 2 2 0
        1: 10 0 0 0 0 0 0
        2: 20 0 0 0 7 3 0
        3: 20 0 0 0 4 5 0
        """,
        (Robbery(2, 0, 0, 1, 2, 2), Robbery(3, 0, 2, 2, 2, 2)),
    ),
    RoundCase(
        "two robbers empty a library: its losses stop at 0, the second robber gets what the first left",
        """\
        round 2/10
        0: 20 0 0 0 0 9 0
        1: 20 0 0 0 1 9 0
        2: 20 0 0 0 3 0 0
        3: 10 0 0 0 0 0 0
        rob 0->2 x2
        rob 1->2 x2
        """,
        {0: "l 2", 1: "l 1"},  # both mean kingdom 2
        # arms 3 beats both: robber 0 takes 2, robber 1 the 1 left. Farming 0: nothing to destroy.
        """\
        round 3/10
        0: 20 0 0 0 2 9 0
        1: 20 0 0 0 2 9 0
        2: 20 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Robbery(0, 2, 2, 2, 0, 0), Robbery(1, 2, 1, 1, 0, 0)),
    ),
    RoundCase(
        "two kingdoms rob each other: both judged on the levels before",
        """\
        round 2/10
        0: 20 0 0 0 6 3 0
        1: 20 0 0 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        rob 1->0 x2
        """,
        {0: "l 1", 1: "l 3"},
        # 0 on 1: 3 ≤ 6 → 1 loses 1 arms; 3 ≤ 3 → 1 loses 1 farming.
        # 1 on 0: 6 > 3 → 0 loses 2 arms, 1 gains 2; 3 ≤ 3 → 0 loses 1 farming.
        """\
        round 3/10
        0: 20 0 0 0 4 2 0
        1: 20 0 0 0 4 2 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Robbery(0, 1, 0, 1, 0, 1), Robbery(1, 0, 2, 2, 0, 1)),
    ),
    RoundCase(
        "a robber conquered in the attacks of the same round does not rob",
        """\
        round 2/10
        0: 1 0 0 0 0 0 0
        1: 20 0 0 0 5 5 0
        2: 20 0 3 0 3 3 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        """,
        {0: "l 1", 2: "u 2 3"},  # kingdom 2's "2" is kingdom 0
        # attack 3·1 = 3 > defence 0: land min(3, 1) = 1; kingdom 0 dies before step 3.
        """\
        round 3/10
        0: 0 0 0 0 0 0 0
        1: 20 0 0 0 5 5 0
        2: 21 0 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(0, (2,), (3,), (3,), 0, 0, (0,), 0, 0, (1,)), Died(0, (2,)), Starved(2, 3, 0)),
    ),
]

INTELLIGENCE_CASES = [
    RoundCase(
        "second consecutive i reveals the kingdoms with a lower spy level, as they are after upkeep",
        """\
        round 4/10
        0: 20 10 1 1 3 3 2
        1: 20 10 1 1 3 3 1
        2: 20 10 1 1 3 3 1
        3: 20 10 1 1 3 3 0
        spy 0 x1
        """,
        {0: "i", 1: "v", 2: "t"},
        # 2 reaches spy 2 in step 1, which is not lower. 1 and 3 are shown after eating.
        """\
        round 5/10
        0: 20 8 1 1 3 3 2
        1: 20 7 2 1 3 3 1
        2: 20 8 1 1 3 3 2
        3: 20 8 1 1 3 3 0
        """,
        (Revealed(0, ((1, Kingdom(20, 7, 2, 1, 3, 3, 1)), (3, Kingdom(20, 8, 1, 1, 3, 3, 0)))),),
    ),
    RoundCase(
        "spy level 0 reveals nobody, but the intelligence still completes",
        """\
        round 4/10
        0: 10 0 0 0 0 0 0
        1: 20 0 0 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        spy 1 x1
        """,
        {1: "i"},
        """\
        round 5/10
        0: 10 0 0 0 0 0 0
        1: 20 0 0 0 3 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Revealed(1, ()),),
    ),
]

# --- game end -----------------------------------------------------------------------------------------

END_CASES = [
    RoundCase(
        "the last round ends the game",
        """\
        round 9/10
        0: 30 0 0 0 0 0 0
        1: 20 0 0 0 0 0 0
        2: 30 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        {},
        """\
        round 10/10
        0: 30 0 0 0 0 0 0
        1: 20 0 0 0 0 0 0
        2: 30 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        end=EndReason.ROUNDS,
    ),
    RoundCase(
        "conquering the last rival ends the game before the last round",
        """\
        round 3/10
        0: 20 10 4 0 3 3 0
        1: 2 10 0 1 3 3 0
        2: 0 0 0 0 0 0 0
        3: 0 0 0 0 0 0 0
        """,
        {0: "u 1 4", 1: "r"},
        # attack 4 > defence 0: land min(4, 2) = 2, peasants min(4, 1+1) = 2: kingdom 1 is gone.
        """\
        round 4/10
        0: 22 6 4 0 3 3 0
        1: 0 0 0 0 0 0 0
        2: 0 0 0 0 0 0 0
        3: 0 0 0 0 0 0 0
        """,
        (Battle(1, (0,), (4,), (4,), 0, 0, (0,), 0, 2, (2,)), Died(1, (0,))),
        end=EndReason.ONE_LEFT,
    ),
]

ALL_CASES = (
    STEP1_CASES + UPKEEP_CASES + ATTACK_CASES + MULTI_ATTACK_CASES + INVALID_CASES + ROBBERY_CASES
    + INTELLIGENCE_CASES + END_CASES
)


def check_round(case: RoundCase) -> RoundReport:
    """The round of ``case`` played: the state after it and its events are as the case says."""
    report = play_round(state(case.before), answers_of(case.answers))
    assert state_to_text(report.state) == state_to_text(state(case.after))
    assert same_events(report.events, case.events), report.events
    return report


@pytest.mark.parametrize("case", ALL_CASES, ids=[c.name for c in ALL_CASES])
def test_round(case: RoundCase) -> None:
    report = check_round(case)
    assert report.end == case.end
    assert report.round == state(case.before).round + 1


def test_every_case_name_is_unique() -> None:
    assert len({c.name for c in ALL_CASES}) == len(ALL_CASES)


# --- several rounds ------------------------------------------------------------------------------------


def play(start: State, rounds: list[dict[int, str]]) -> list[RoundReport]:
    reports = []
    for lines in rounds:
        reports.append(play_round(start, answers_of(lines)))
        start = reports[-1].state
    return reports


QUIET = """\
round 0/20
0: 20 0 0 0 5 5 3
1: 20 0 0 0 5 5 0
2: 20 0 0 0 5 5 0
3: 20 0 0 0 5 5 0
"""




# --- regressions: robbery as specs/kingdoms.md says it precisely (issue 14) --------------------------


def test_a_robber_gained_2_levels_from_a_library_that_lost_1_now_gains_exactly_what_it_loses() -> None:
    """Spec, Robbery: "a robber gains exactly what its victim loses ... a victim at level 1 gives
    up 1". A robber at level 0 robbing a library at level 1 got +2 from nothing."""
    check_round(RoundCase(
        "level 0 robs level 1",
        """\
        round 2/10
        0: 20 0 0 0 0 1 0
        1: 20 0 0 0 1 3 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        """,
        {0: "l 1"},
        # arms 1 > 0: steals, but only the 1 there is. farming 3 > 1: steals 2.
        """\
        round 3/10
        0: 20 0 0 0 1 3 0
        1: 20 0 0 0 0 1 0
        2: 10 0 0 0 0 0 0
        3: 10 0 0 0 0 0 0
        """,
        (Robbery(0, 1, 1, 1, 2, 2),),
    ))


def test_a_second_robber_of_one_library_gained_what_the_first_had_taken_now_gets_what_was_left() -> None:
    """Spec, Robbery: "when two robbers hit the same library in one round the second gets what
    the first left". Both robbers are judged on the levels before either robbery (arms 3 beats
    both); the first (lower id) takes 2, the second the 1 left, not 2."""
    check_round(RoundCase(
        "two robbers, three levels",
        """\
        round 2/10
        0: 10 0 0 0 0 0 0
        1: 20 0 0 0 0 0 0
        2: 20 0 0 0 0 0 0
        3: 20 0 0 0 3 0 0
        rob 1->3 x2
        rob 2->3 x2
        """,
        {1: "l 2", 2: "l 1"},  # both mean kingdom 3
        """\
        round 3/10
        0: 10 0 0 0 0 0 0
        1: 20 0 0 0 2 0 0
        2: 20 0 0 0 1 0 0
        3: 20 0 0 0 0 0 0
        """,
        (Robbery(1, 3, 2, 2, 0, 0), Robbery(2, 3, 1, 1, 0, 0)),
    ))


def test_a_robbery_of_a_kingdom_conquered_in_the_same_round_paid_nothing_now_pays() -> None:
    """Spec, Robbery: "Robberies are resolved before dead kingdoms are cleared (as in the original),
    so a robbery still takes from a kingdom that dies in the same round". The dead were cleared
    right after the attacks, so the robber of a conquered kingdom found an empty library."""
    check_round(RoundCase(
        "robbing the conquered",
        """\
        round 2/10
        0: 20 0 0 0 0 0 0
        1: 1 0 0 0 5 5 0
        2: 20 0 3 0 3 3 0
        3: 10 0 0 0 0 0 0
        rob 0->1 x2
        """,
        {0: "l 1", 2: "u 3 3"},  # kingdom 2's "3" is kingdom 1
        # attack 3·1 = 3 > defence 0: land min(3, 1) = 1, kingdom 1 is conquered; kingdom 0 still
        # robs it: arms 5 > 0 and farming 5 > 0, 2 levels each. Then kingdom 1 is cleared.
        """\
        round 3/10
        0: 20 0 0 0 2 2 0
        1: 0 0 0 0 0 0 0
        2: 21 0 0 0 3 3 0
        3: 10 0 0 0 0 0 0
        """,
        (Battle(1, (2,), (3,), (3,), 0, 0, (0,), 0, 0, (1,)), Died(1, (2,)), Robbery(0, 1, 2, 2, 2, 2),
         Starved(2, 3, 0)),
    ))


def test_a_kingdom_with_territory_0_in_the_starting_playfield_kept_its_numbers_now_is_dead_from_round_1() -> None:
    """Spec, Robbery: "A kingdom that starts the match with territory 0 is dead from the start: its
    numbers are 0 in the first history line". Its soldiers, food and levels stayed on (and could
    be robbed and attacked) although it never acted."""
    check_round(RoundCase(
        "dead from the start",
        """\
        round 0/10
        0: 20 0 0 0 0 0 0
        1: 0 7 3 2 4 5 1
        2: 20 0 0 0 0 0 0
        3: 20 0 0 0 0 0 0
        """,
        {1: "v"},  # a dead kingdom's strategy is not run: an answer for it is dropped unseen
        """\
        round 1/10
        0: 20 0 0 0 0 0 0
        1: 0 0 0 0 0 0 0
        2: 20 0 0 0 0 0 0
        3: 20 0 0 0 0 0 0
        """,
    ))


def test_robbery_fires_on_every_third_consecutive_round() -> None:
    reports = play(state(QUIET), [{0: "l 1"}] * 7)
    robbed_in = [i + 1 for i, r in enumerate(reports) if any(isinstance(e, Robbery) for e in r.events)]
    assert robbed_in == [3, 6]


def test_intelligence_fires_on_every_second_consecutive_round_and_a_break_restarts_it() -> None:
    rounds = [{0: "i"}, {0: "i"}, {0: "i"}, {0: "v"}, {0: "i"}, {0: "i"}, {0: "i"}]
    reports = play(state(QUIET), rounds)
    revealed_in = [i + 1 for i, r in enumerate(reports) if any(isinstance(e, Revealed) for e in r.events)]
    assert revealed_in == [2, 6]


def test_a_finished_game_accepts_no_round() -> None:
    over = state(END_CASES[0].after)
    assert over.over and over.end is EndReason.ROUNDS
    with pytest.raises(GameOverError, match="over"):
        play_round(over, [None] * 4)


def test_a_game_with_one_kingdom_alive_is_over_from_the_start() -> None:
    lone = state(
        """\
        round 0/10
        0: 0 0 0 0 0 0 0
        1: 5 0 0 0 0 0 0
        2: 0 0 0 0 0 0 0
        3: 0 0 0 0 0 0 0
        """
    )
    assert lone.end is EndReason.ONE_LEFT and lone.alive == [1]


def test_a_round_needs_four_answers() -> None:
    with pytest.raises(KingdomsError, match="4 answers"):
        play_round(start_state(), [None] * 3)


def test_scores_are_territory_and_equal_territory_shares_the_rank() -> None:
    final = state(END_CASES[0].after)
    assert final.scores() == [30, 20, 30, 10]
    assert final.ranks() == [1, 3, 1, 4]
    assert ranks_of([0, 0, 0, 7]) == [2, 2, 2, 1]


@pytest.mark.parametrize(
    ("total", "strengths", "expected"),
    [
        (10, (12, 4), (8, 2)),
        (11, (6, 6), (6, 5)),
        (7, (20, 10, 10), (5, 1, 1)),
        (5, (1, 3, 3), (0, 3, 2)),  # 5·1 DIV 7 = 0, 5·3 DIV 7 = 2, 2; leftover 1 to the first of the strongest
        (9, (0, 12), (0, 9)),
        (0, (5, 5), (0, 0)),
    ],
)
def test_share_rounds_down_and_gives_the_leftover_to_the_strongest_then_lowest_id(
    total: int, strengths: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert share(total, strengths) == expected


def test_the_round_is_pure_the_state_before_is_unchanged() -> None:
    before = state(ATTACK_CASES[0].before)
    text = state_to_text(before)
    play_round(before, answers_of(ATTACK_CASES[0].answers))
    assert state_to_text(before) == text
