"""The kingdoms codecs: the original playfield and history files, the strategy command line, the
answer line, relative ids, the five information files, the state text form and the JSON forms.

Expected texts are written by hand from specs/kingdoms.md and the examples in the original rules.
"""

from __future__ import annotations

import random
from pathlib import Path
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.kingdoms import (
    GAME_INFO,
    INFO_FILES,
    Action,
    ActionCode,
    ActionError,
    Battle,
    Died,
    EventError,
    Ignored,
    InvalidAnswer,
    Kingdom,
    PlayfieldError,
    Revealed,
    Robbery,
    Robbing,
    Starved,
    State,
    StateError,
    absolute_id,
    answer_from_json,
    answer_to_json,
    command_line_args,
    event_from_json,
    event_to_json,
    history_from_text,
    history_to_text,
    info_files,
    parse_answer,
    play_round,
    playfield_from_text,
    playfield_line,
    playfield_to_text,
    relative_id,
    start_state,
    state_from_text,
    state_to_text,
)
from engines.kingdoms.actions import Answer
from engines.kingdoms.events import Event

DEFAULT_PLAYFIELD = Path(__file__).resolve().parents[2] / "samples" / "kingdoms" / "default_playfield.txt"
DEFAULT_TEXT = "0/500: 25 10 1 1 3 3 0 25 10 1 1 3 3 0 25 10 1 1 3 3 0 25 10 1 1 3 3 0\n"

# --- playfield and history -----------------------------------------------------------------------


def test_the_shipped_default_playfield_is_the_documented_one() -> None:
    assert DEFAULT_PLAYFIELD.read_text() == DEFAULT_TEXT
    state = playfield_from_text(DEFAULT_TEXT)
    assert state == start_state()
    assert (state.round, state.total_rounds) == (0, 500)
    assert state.kingdoms[3] == Kingdom(territory=25, food=10, soldiers=1, peasants=1, arms=3, farming=3, spy=0)
    assert playfield_to_text(state) == DEFAULT_TEXT


def test_playfield_numbers_are_territory_food_soldiers_peasants_arms_farming_spy() -> None:
    text = "7/100: 1 2 3 4 5 6 7 11 12 13 14 15 16 17 21 22 23 24 25 26 27 31 32 33 34 35 36 37\n"
    state = playfield_from_text(text)
    assert (state.round, state.total_rounds) == (7, 100)
    assert state.kingdoms[0] == Kingdom(territory=1, food=2, soldiers=3, peasants=4, arms=5, farming=6, spy=7)
    assert state.kingdoms[2] == Kingdom(21, 22, 23, 24, 25, 26, 27)
    assert playfield_to_text(state) == text


def test_playfield_reading_tolerates_extra_blanks_and_blank_lines() -> None:
    text = "\n  3 / 9 :25 10 1 1 3 3 0   25 10 1 1 3 3 0\t25 10 1 1 3 3 0 25 10 1 1 3 3 0  \n\n"
    assert playfield_line(playfield_from_text(text)) == "3/9: " + " ".join(["25 10 1 1 3 3 0"] * 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   \n\n", "empty"),
        ("25 10 1 1 3 3 0", "expected 'ROUND/TOTAL: ' at the start"),
        ("0-500: " + "1 " * 28, "expected 'ROUND/TOTAL: '"),
        ("x/500: " + "1 " * 28, "line 1: round: expected a non-negative whole number, got 'x'"),
        ("0/abc: " + "1 " * 28, "total rounds: expected a non-negative whole number, got 'abc'"),
        ("0/0: " + "1 " * 28, "total rounds must be at least 1"),
        ("501/500: " + "1 " * 28, "round 501 is past the total 500"),
        ("0/500: " + "1 " * 27, "expected 28 numbers (4 kingdoms × 7), got 27"),
        ("0/500: " + "1 " * 29, "expected 28 numbers (4 kingdoms × 7), got 29"),
        ("0/500: " + "1 " * 16 + "-3 " + "1 " * 11, "kingdom 2 soldiers: expected a non-negative whole number, got '-3'"),
        ("0/500: " + "1 " * 7 + "2.5 " + "1 " * 20, "kingdom 1 territory: expected a non-negative whole number, got '2.5'"),
        ("0/500: " + "1 " * 27 + "x", "kingdom 3 spy: expected a non-negative whole number, got 'x'"),
        ("\n" + DEFAULT_TEXT + DEFAULT_TEXT, "line 3: a playfield is one line"),
        ("0/500: " + "9" * 5000 + " 1" * 27, "kingdom 0 territory: '99"),  # regression: int() refused it
    ],
)
def test_bad_playfields_say_where(text: str, message: str) -> None:
    with pytest.raises(PlayfieldError) as error:
        playfield_from_text(text, "maps/bad.txt")
    assert str(error.value).startswith("maps/bad.txt")
    assert message in str(error.value)


def test_history_is_one_playfield_line_per_state_and_round_trips() -> None:
    states = [start_state(3)]
    for _ in range(3):
        states.append(play_round(states[-1], [parse_answer("v"), parse_answer("s"), None, parse_answer("u 1 1")]).state)
    text = history_to_text(states)
    lines = text.splitlines()
    assert len(lines) == 4
    assert lines[0] == "0/3: 25 10 1 1 3 3 0 25 10 1 1 3 3 0 25 10 1 1 3 3 0 25 10 1 1 3 3 0"
    # round 1: 0 recruits (eats 3); 1 harvests 3·1·1 = 3 (13, eats 2); 2 eats 2; 3 attacks 0 with 1:
    # attack 1·1 = 1, defence (2 at home)·1·1.5 = 3: fails, 3 loses 1, 0 loses 2·1 DIV 3 = 0.
    assert lines[1] == "1/3: 25 7 2 1 3 3 0 25 11 1 1 3 3 0 25 8 1 1 3 3 0 25 9 0 1 3 3 0"
    assert [playfield_line(s) for s in history_from_text(text)] == lines


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0/5: " + "1 " * 28 + "\n1/6: " + "1 " * 28, "history line 2: total rounds 6 differs from 5"),
        ("1/5: " + "1 " * 28 + "\n\n1/5: " + "1 " * 28, "history line 3: round 1 does not follow round 1"),
        ("0/5: " + "1 " * 28 + "\n1/5: 1 2", "history line 2: expected 28 numbers"),
    ],
)
def test_bad_histories_say_which_line(text: str, message: str) -> None:
    with pytest.raises(PlayfieldError, match=message):
        history_from_text(text)


# --- command line and relative ids -----------------------------------------------------------------


def test_command_line_is_rounds_left_territory_soldiers_peasants_arms_farming_food_spy() -> None:
    # The original's example "./strategie 99 1 2 3 4 5 6 7": 99 rounds to go, 1 territory, 2 soldiers,
    # 3 peasants, arms 4, farming 5, 6 food, spy 7 — in the playfield that kingdom is "1 6 2 3 4 5 7".
    state = playfield_from_text("1/100: 9 9 9 9 9 9 9 1 6 2 3 4 5 7 9 9 9 9 9 9 9 9 9 9 9 9 9 9")
    assert command_line_args(state, 1) == ["99", "1", "2", "3", "4", "5", "6", "7"]


def test_rounds_left_counts_the_coming_round() -> None:
    assert command_line_args(start_state(), 0)[0] == "500"
    last = playfield_from_text("499/500: " + "25 10 1 1 3 3 0 " * 4)
    assert command_line_args(last, 3)[0] == "1"


@pytest.mark.parametrize(
    ("viewer", "kingdom", "seen_as"),
    [(0, 0, 0), (0, 1, 1), (0, 3, 3), (1, 0, 3), (1, 2, 1), (2, 1, 3), (2, 0, 2), (3, 0, 1), (3, 2, 3)],
)
def test_kingdom_k_sees_kingdom_j_as_j_minus_k_mod_4(viewer: int, kingdom: int, seen_as: int) -> None:
    assert relative_id(viewer, kingdom) == seen_as
    assert absolute_id(viewer, seen_as) == kingdom


# --- answers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("output", "action"),
    [
        ("v\n", Action(ActionCode.RECRUIT)),
        ("r", Action(ActionCode.TRAIN)),
        ("  z  \r\n", Action(ActionCode.IMPROVE_ARMS)),
        ("f\nu 1 1\n", Action(ActionCode.IMPROVE_FARMING)),  # only the first line counts
        ("s", Action(ActionCode.HARVEST)),
        ("t", Action(ActionCode.IMPROVE_SPY)),
        ("i", Action(ActionCode.INTELLIGENCE)),
        ("u 3 12", Action(ActionCode.ATTACK, target=3, soldiers=12)),
        ("u\t2   007", Action(ActionCode.ATTACK, target=2, soldiers=7)),
        ("l 1", Action(ActionCode.ROB, target=1)),
        (b"l 2\n", Action(ActionCode.ROB, target=2)),
    ],
)
def test_valid_answers(output: str | bytes, action: Action) -> None:
    assert parse_answer(output) == action


@pytest.mark.parametrize(
    ("output", "reason"),
    [
        ("", "empty answer"),
        ("\nv", "empty answer"),  # the first line is empty; the second does not count
        ("V", "unknown action code 'V'"),
        ("attack", "unknown action code 'attack'"),
        ("vv", "unknown action code 'vv'"),
        ("v 1", "'v' takes 0 number(s), got 1"),
        ("u 1", "'u' takes 2 number(s), got 1"),
        ("u 1 2 3", "'u' takes 2 number(s), got 3"),
        ("u 0 1", "target 0 is not another kingdom's id (1..3)"),
        ("u 4 1", "target 4 is not another kingdom's id"),
        ("u 1 0", "an attack needs at least 1 soldier"),
        ("u 1 -2", "'-2' is not a non-negative whole number"),
        ("u one 2", "'one' is not a non-negative whole number"),
        ("l", "'l' takes 1 number(s), got 0"),
        ("l 0", "target 0"),
        (b"\xff\xfev", "not UTF-8"),
        ("u 1 " + "9" * 5000, "more than 18 digits"),  # regression: int() refused it and the parse crashed
    ],
)
def test_invalid_answers_carry_the_reason(output: str | bytes, reason: str) -> None:
    result = parse_answer(output)
    assert isinstance(result, InvalidAnswer)
    assert reason in result.reason


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.binary(), st.from_regex(r"[uvlrzfsti] ?[0-9 -]{0,12}\n?.*", fullmatch=True)))
def test_any_output_is_an_action_or_an_invalid_answer_never_an_exception(output: str | bytes) -> None:
    result = parse_answer(output)
    assert isinstance(result, (Action, InvalidAnswer))
    if isinstance(result, Action):
        assert parse_answer(result.to_line()) == result


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_playfield_text_loads_or_raises_a_playfield_error(text: str) -> None:
    try:
        playfield_from_text(text)
    except PlayfieldError:
        pass


def test_a_huge_answer_is_cut_in_the_record() -> None:
    result = parse_answer("x" * 100_000)
    assert isinstance(result, InvalidAnswer)
    assert len(result.answer) <= 61 and len(result.reason) < 200


def test_action_lines_paste_back() -> None:
    for line in ["v", "r", "z", "f", "s", "t", "i", "u 1 5", "u 3 1", "l 2"]:
        assert Action.from_line(line).to_line() == line
        assert str(Action.from_line(line)) == line


def test_an_action_value_is_checked_when_built() -> None:
    with pytest.raises(ActionError, match="needs target"):
        Action(ActionCode.ROB)
    with pytest.raises(ActionError, match="takes no soldiers"):
        Action(ActionCode.ROB, target=1, soldiers=3)
    with pytest.raises(ActionError, match="takes no target"):
        Action(ActionCode.HARVEST, target=1)


@pytest.mark.parametrize("answer", [None, Action(ActionCode.ATTACK, 2, 9), Action(ActionCode.RECRUIT), InvalidAnswer("q", "unknown")])
def test_answers_round_trip_through_json(answer: Answer) -> None:
    value = answer_to_json(answer)
    assert answer_from_json(value) == answer


def test_answer_json_forms() -> None:
    assert answer_to_json(Action(ActionCode.ATTACK, 2, 9)) == "u 2 9"
    assert answer_to_json(None) is None
    assert answer_to_json(InvalidAnswer("q", "unknown")) == {"invalid": "q", "reason": "unknown"}
    with pytest.raises(ActionError):
        answer_from_json({"code": "v"})


# --- information files -------------------------------------------------------------------------------


def test_utok_txt_is_the_originals_example() -> None:
    # Kingdom 2 attacked kingdom 1 alone; it sees kingdom 1 as (1−2) mod 4 = 3 and itself as 0.
    battle = Battle(1, (2,), (5,), (10,), 1, 1, (1,), 1, 3, (9,))
    files = info_files(2, [battle])
    assert files == {
        "utok.txt": "cil=3\nutocnici=0\nztraty_ja_vojaci=1\nztraty_cile_vojaci=1\nztraty_cile_rolnici=3\nzisk_ja_uzemi=9\n"
    }


def test_obrana_txt_is_the_originals_example() -> None:
    # Kingdoms 0 and 1 attacked kingdom 3, which sees them as 1 and 2.
    battle = Battle(3, (0, 1), (4, 2), (8, 2), 3, 4, (1, 0), 1, 3, (6, 3))
    files = info_files(3, [battle])
    assert files == {
        "obrana.txt": "utocnici=1,2\nztraty_utoku_vojaci=1\nztraty_ja_vojaci=1\nztraty_ja_rolnici=3\nztraty_ja_uzemi=9\n"
    }
    # and the attackers' own view: kingdom 1 sees the target as 2 and the attackers as 0 and 3
    assert info_files(1, [battle])["utok.txt"] == (
        "cil=2\nutocnici=0,3\nztraty_ja_vojaci=0\nztraty_cile_vojaci=1\nztraty_cile_rolnici=3\nzisk_ja_uzemi=3\n"
    )


def test_loupez_utok_txt_is_the_originals_example() -> None:
    files = info_files(1, [Robbery(1, 3, 0, 1, 2, 2)])
    assert files == {
        "loupez_utok.txt": "cil=2\nzisk_ja_zbrojeni=0\nztraty_cile_zbrojeni=1\nzisk_ja_farmareni=2\nztraty_cile_farmareni=2\n"
    }


def test_loupez_obrana_txt_from_a_played_round_is_the_originals_example() -> None:
    before = state_from_text(
        dedent(
            """\
            round 2/10
            0: 20 0 0 0 5 6 0
            1: 10 0 0 0 0 0 0
            2: 20 0 0 0 7 1 0
            3: 20 0 0 0 2 3 0
            rob 2->0 x2
            rob 3->0 x2
            """
        )
    )
    report = play_round(before, [None, None, parse_answer("l 2"), parse_answer("l 1")])
    assert info_files(0, report.events) == {
        "loupez_obrana.txt": "utocnici=2,3\nztraty_ja_zbrojeni=3\nztraty_ja_farmareni=4\n"
    }
    assert info_files(3, report.events)["loupez_utok.txt"] == (
        "cil=1\nzisk_ja_zbrojeni=2\nztraty_cile_zbrojeni=2\nzisk_ja_farmareni=2\nztraty_cile_farmareni=2\n"
    )
    assert info_files(1, report.events) == {}


def test_informace_txt_is_the_originals_example() -> None:
    # Kingdom 2 revealed 3, 0 and 1 (its 1, 2, 3); lines are id: territory soldiers peasants arms
    # farming food spy, in its own ids.
    revealed = Revealed(
        2,
        (
            (0, Kingdom(territory=25, food=43, soldiers=2, peasants=1, arms=3, farming=3, spy=0)),
            (1, Kingdom(territory=25, food=43, soldiers=1, peasants=1, arms=3, farming=3, spy=0)),
            (3, Kingdom(territory=25, food=43, soldiers=3, peasants=1, arms=3, farming=3, spy=0)),
        ),
    )
    assert info_files(2, [revealed]) == {
        "informace.txt": "1: 25 3 1 3 3 43 0\n2: 25 2 1 3 3 43 0\n3: 25 1 1 3 3 43 0\n"
    }


def test_intelligence_that_revealed_nobody_leaves_an_empty_informace_txt() -> None:
    assert info_files(1, [Revealed(1, ())]) == {"informace.txt": ""}


def test_files_of_events_that_did_not_happen_are_absent() -> None:
    events: list[Event] = [Starved(0, 1, 0), Ignored(0, "x", "unknown"), Died(2, (1,)), Battle(2, (1,), (1,), (1,), 0, 0, (0,), 0, 0, (1,))]
    assert info_files(0, events) == {}
    assert info_files(3, events) == {}
    assert set(info_files(1, events)) == {"utok.txt"}
    assert set(info_files(2, events)) == {"obrana.txt"}
    assert set(INFO_FILES) == {"utok.txt", "obrana.txt", "loupez_utok.txt", "loupez_obrana.txt", "informace.txt"}


def test_a_kingdom_that_attacks_and_is_attacked_gets_both_files() -> None:
    events = [Battle(0, (1,), (4,), (8,), 1, 3, (1,), 1, 0, (5,)), Battle(1, (0,), (4,), (8,), 1, 3, (1,), 1, 0, (5,))]
    assert set(info_files(0, events)) == {"utok.txt", "obrana.txt"}


# --- the state text form and event JSON ---------------------------------------------------------------


def test_state_text_form() -> None:
    state = State(
        3, 500,
        (Kingdom(25, 10, 1, 1, 3, 3, 0), Kingdom(1, 2, 3, 4, 5, 6, 7), Kingdom(0, 0, 0, 0, 0, 0, 0), Kingdom(9, 9, 9, 9, 9, 9, 9)),
        robbing=(Robbing(2, 2), None, None, Robbing(0, 1)),
        spying=(0, 1, 0, 0),
    )
    text = dedent(
        """\
        round 3/500
        #  territory food soldiers peasants arms farming spy
        0: 25 10 1 1 3 3 0
        1: 1 2 3 4 5 6 7
        2: 0 0 0 0 0 0 0
        3: 9 9 9 9 9 9 9
        rob 0->2 x2
        rob 3->0 x1
        spy 1 x1
        """
    )
    assert state_to_text(state) == text
    assert state_from_text(text) == state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("0/500", "expected 'round ROUND/TOTAL'"),
        ("round 0/5\n0: 1 1 1 1 1 1 1\n1: 1 1 1 1 1 1 1\n2: 1 1 1 1 1 1 1", "expected 4 kingdom lines, got 3"),
        ("round 0/5\n1: 1 1 1 1 1 1 1", "line 2: expected kingdom 0"),
        ("round 0/5\n0: 1 1 1 1 1 1", "line 2: expected 7 whole numbers"),
        ("round 0/5\n0: 1 1 1 1 1 1 1\nrob 0->9 x1", "line 3: kingdom id 9"),
        ("round 0/5\n0: 1 1 1 1 1 1 1\nhello", "line 3: expected 'K: numbers'"),
        ("round 9/5\n" + "".join(f"{k}: 1 1 1 1 1 1 1\n" for k in range(4)), "round 9 is outside 0..5"),
        ("round 0/5\n" + "".join(f"{k}: 1 1 1 1 1 1 1\n" for k in range(4)) + "rob 1->1 x1", "kingdom 1 robs kingdom 1"),
        ("round 0/5\n" + "".join(f"{k}: 1 1 1 1 1 1 1\n" for k in range(4)) + "rob 1->2 x3", "must be 1..2"),
        ("round 0/5\n" + "".join(f"{k}: 1 1 1 1 1 1 1\n" for k in range(4)) + "spy 1 x2", "must be 0..1"),
    ],
)
def test_bad_state_texts_say_what(text: str, message: str) -> None:
    with pytest.raises(StateError, match=message):
        state_from_text(text)


def test_events_round_trip_through_json() -> None:
    events: list[Event] = [
        Ignored(0, "u 1 3", "too many"),
        Battle(2, (0, 1), (6, 4), (12, 4), 4, 6, (2, 1), 4, 10, (8, 2)),
        Died(3, (0, 1, 2)),
        Robbery(1, 0, 2, 2, 0, 1),
        Starved(2, 3, 1),
        Revealed(0, ((1, Kingdom(20, 7, 2, 1, 3, 3, 1)),)),
        Revealed(3, ()),
    ]
    for event in events:
        assert event_from_json(event_to_json(event)) == event
    assert event_to_json(events[1]) == {
        "type": "battle", "target": 2, "attackers": [0, 1], "sent": [6, 4], "strengths": [12, 4], "defenders": 4,
        "defence": 6, "attackers_lost": [2, 1], "defenders_lost": 4, "peasants_killed": 10, "territory_won": [8, 2],
    }
    assert event_to_json(events[5]) == {"type": "revealed", "spy": 0, "kingdoms": [[1, [20, 7, 2, 1, 3, 3, 1]]]}


@pytest.mark.parametrize("value", [None, {"type": "nope"}, {"type": "died", "kingdom": 1}, {"type": "starved", "kingdom": 1, "soldiers": 1, "peasants": 1, "x": 2}])
def test_bad_event_json_is_refused(value: object) -> None:
    with pytest.raises(EventError):
        event_from_json(value)


def test_seeded_random_playouts_round_trip_and_replay_identically() -> None:
    """Text, playfield and JSON forms survive whole games of random answers, and the same answers
    give the same game (the rules have no randomness of their own)."""
    for seed in range(5):
        rng = random.Random(seed)
        state = start_state(40)
        script = []
        while not state.over:
            lines = [rng.choice(["v", "r", "z", "f", "s", "t", "i", f"u {rng.randint(1, 3)} {rng.randint(1, 4)}", f"l {rng.randint(1, 3)}", "?"]) for _ in range(4)]
            script.append(lines)
            report = play_round(state, [parse_answer(line) for line in lines])
            for event in report.events:
                assert event_from_json(event_to_json(event)) == event
            state = report.state
            assert state_from_text(state_to_text(state)) == state
            assert playfield_from_text(playfield_to_text(state)).kingdoms == state.kingdoms
        replayed = start_state(40)
        for lines in script:
            replayed = play_round(replayed, [parse_answer(line) for line in lines]).state
        assert replayed == state
    assert GAME_INFO.players == 4 and GAME_INFO.time_limit_seconds == 2.0
