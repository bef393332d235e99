"""The ITPW state's text form and the events' JSON form: both read back equal, and a bad text
names its line and column."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engines.itpw import (
    Arrival,
    Awarded,
    Claimed,
    Died,
    Disqualification,
    Disqualified,
    Event,
    EventError,
    Kind,
    Moved,
    Phase,
    Spawned,
    State,
    StateError,
    apply_move,
    disqualify,
    end_turn,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    place_unit,
    random_move,
    start_state,
    state_from_text,
    state_to_text,
)


def test_the_start_in_text() -> None:
    lines = state_to_text(start_state()).splitlines()
    assert lines[:2] == ["itpw turn 0/500 move 1", "kills 0 0 0 0"]
    assert len(lines) == 52
    assert lines[2] == "11" + "." * 46 + "22" + " " + "aaA" + "." * 44 + "Bbb"
    assert lines[3] == "1" + "." * 48 + "2" + " " + "aA" + "." * 46 + "Bb"
    assert lines[4] == "." * 50 + " " + "A" + "." * 48 + "B"
    assert lines[-1] == "33" + "." * 46 + "44" + " " + "ccC" + "." * 44 + "Ddd"


def played(seed: int, turns: int) -> list[State]:
    """Every state of a seeded random game of ``turns`` turns with one disqualification."""
    rng, moves = random.Random(seed), random.Random(seed + 1)
    s = start_state(total_turns=turns)
    states = [s]
    while not s.over:
        if s.phase is Phase.TURN_END:
            s, _ = end_turn(s, rng)
        elif s.phase is Phase.UNIT:
            s, _ = place_unit(s, s.mover, Kind(moves.randrange(2)))
        elif s.turn == 3 and s.to_move == 2:
            s, _ = disqualify(s, 2, "timeout: the bank ran out")
        else:
            s, _ = apply_move(s, s.mover, random_move(s, s.mover, moves, share=0.9))
        states.append(s)
    return states


def test_every_state_of_a_game_round_trips_through_its_text() -> None:
    states = played(3, 12)
    assert any(st.phase is Phase.UNIT for st in states) and any(st.phase is Phase.TURN_END for st in states)
    for st in [*states, replace(states[-1], kills=(3, 0, 12, 7))]:
        text = state_to_text(st)
        assert state_from_text(text) == st
        assert state_to_text(state_from_text(text.replace("\n", "\r\n"))) == text
    assert "out 2 4 timeout: the bank ran out" in state_to_text(states[-1])
    assert state_to_text(states[-1]).startswith("itpw turn 12/12 over\n")


def test_comments_and_blank_lines_are_ignored() -> None:
    text = state_to_text(start_state())
    lines = text.splitlines()
    commented = "\n".join(["# a start", "", *lines[:2], "# the board", *lines[2:], ""])
    assert state_from_text(commented) == start_state()


START = state_to_text(start_state()).splitlines()


def with_line(number: int, line: str) -> str:
    """The start text with line ``number`` (1-based) replaced."""
    lines = list(START)
    lines[number - 1] = line
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("text", "message"), [
    ("", "where line 1: expected a header"),
    (with_line(1, "itpw turn 0/500"), "where line 1: expected 'itpw turn T/TOTAL move|unit P'"),
    (with_line(1, "itpw turn 0/500 jump 1"), "where line 1: expected"),
    (with_line(1, "itpw turn 501/500 over"), "where line 1: turn 501 is outside 0..500"),
    (with_line(1, "itpw turn 0/500 over"), "where line 1: phase over does not fit turn 0/500, somebody left to move"),
    (with_line(1, "itpw turn 0/500 move"), "where line 1: phase move needs an active player to move, got None"),
    (with_line(1, "itpw turn 0/500 turn_end 2"), "where line 1: phase turn_end has nobody to move, got 2"),
    (with_line(2, "kills 0 0 0"), "where line 2: expected 'kills' and 4 whole numbers, got 'kills 0 0 0'"),
    (with_line(3, START[2][:-1]), "where line 3: a board row is 50 owners, a space and 50 units (101 characters), got 100"),
    (with_line(4, "x" + START[3][1:]), "where line 4, column 1: 'x' is not an owner ('.' or 1-4)"),
    (with_line(5, START[4][:60] + "e" + START[4][61:]), "where line 5, column 61: 'e' is not a unit"),
    ("\n".join(START[:-1]), "where line 51: expected 50 board rows after the header lines, got 49"),
    ("\n".join([START[0], START[1], "out 7 1 gone", *START[2:]]), "where line 3: player 7 is not a player 1..4"),
    ("\n".join([START[0], START[1], "out 2 1 a", "out 2 1 b", *START[2:]]), "where line 4: player 2 is not a player"),
    ("\n".join([START[0], START[1], "out 2 0 gone", *START[2:]]), "where line 3: a disqualification turn is 1 or more"),
    ("\n".join([START[0], START[1], "out 2 9 gone", *START[2:]]), "where line 1: player 2: disqualification"),
])
def test_a_bad_state_text_names_the_line_and_column(text: str, message: str) -> None:
    with pytest.raises(StateError) as caught:
        state_from_text(text, where="where")
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)


def test_disqualified_players_are_in_the_text() -> None:
    s = replace(start_state(), turn=6, disqualified=(None, Disqualification(3, "crashed (exit 1)"), None, None))
    text = state_to_text(s)
    assert text.splitlines()[2] == "out 2 3 crashed (exit 1)"
    assert state_from_text(text) == s


EVENTS: list[Event] = [
    Moved(1, Kind.WORKER, (0, 0), (1, 1)),
    Died(2, Kind.SOLDIER, (3, 4), 1),
    Claimed(3, (5, 6), 0),
    Awarded(12, 4),
    Spawned(4, Kind.SOLDIER, (49, 49), Arrival.BOTH_DIED),
    Disqualified(2, 7, "invalid move: unit 1 at (3,3): no unit there"),
]


def test_events_round_trip_through_json() -> None:
    data = json.loads(json.dumps(events_to_json(EVENTS)))
    assert events_from_json(data) == tuple(EVENTS)
    assert event_to_json(EVENTS[0]) == {"type": "moved", "player": 1, "kind": "worker", "source": [0, 0],
                                        "target": [1, 1]}
    assert event_to_json(EVENTS[4])["arrival"] == "both_died"


@pytest.mark.parametrize(("value", "message"), [
    ([], "not an ITPW event: []"),
    ({"type": "teleported"}, "not an ITPW event"),
    ({"type": "awarded", "turn": 1}, "awarded event needs the fields ['turn', 'player'], got ['turn']"),
    ({"type": "claimed", "player": 1, "cell": [1], "previous": 0}, "bad claimed event"),
    ({"type": "moved", "player": 1, "kind": "knight", "source": [0, 0], "target": [1, 1]}, "unknown unit kind"),
    ({"type": "spawned", "player": 1, "kind": "worker", "corner": [0, 0], "arrival": "later"}, "bad spawned event"),
    ({"type": "awarded", "turn": "1", "player": 2}, "expected a whole number, got '1'"),
])
def test_bad_event_json_is_an_event_error(value: object, message: str) -> None:
    with pytest.raises(EventError, match=message.replace("[", r"\[").replace("]", r"\]")):
        event_from_json(value)
    with pytest.raises(EventError):
        events_from_json({"not": "a list"})
