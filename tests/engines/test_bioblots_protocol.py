"""Bio-blots protocol lines: cells, placements, ordinary moves and skips parse and format exactly
as the spec writes them; unreadable lines say which field is wrong. Also the events' JSON form."""

from __future__ import annotations

import pytest

from engines.bioblots import (
    EndReason,
    Ended,
    EventJsonError,
    Fault,
    FaultKind,
    Forfeited,
    Moved,
    MoveSyntaxError,
    Neutralised,
    Paralysed,
    Placed,
    Placement,
    Rule,
    Scored,
    Shift,
    Skip,
    Skipped,
    Substance,
    cell_name,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    format_move,
    parse_cell,
    parse_move,
)
from engines.bioblots import Event


@pytest.mark.parametrize(("name", "cell"), [("aa", (0, 0)), ("jd", (9, 3)), ("kc", (10, 2)), ("az", (0, 25)),
                                            ("za", (25, 0)), ("zz", (25, 25))])
def test_cell_names_are_row_then_column(name: str, cell: tuple[int, int]) -> None:
    assert parse_cell(name) == cell
    assert cell_name(cell) == name


@pytest.mark.parametrize("name", ["", "a", "abc", "Jd", "j1", "j ", "ä b"])
def test_bad_cell_names(name: str) -> None:
    with pytest.raises(MoveSyntaxError, match="two lowercase letters"):
        parse_cell(name)


LINES = [
    # the spec's own examples
    ("jd je kd ke", Placement(((9, 3), (9, 4), (10, 3), (10, 4)))),
    ("2 jdjf kdkf", Shift((((9, 3), (9, 5)), ((10, 3), (10, 5))))),
    ("3 jdle jelf jfkg", Shift((((9, 3), (11, 4)), ((9, 4), (11, 5)), ((9, 5), (10, 6))))),
    ("0", Skip()),
    # cells in any order stay in that order; a three-cell placement parses (the rules reject it)
    ("ke kd je jd", Placement(((10, 4), (10, 3), (9, 4), (9, 3)))),
    ("aa ab", Placement(((0, 0), (0, 1)))),
    ("1 zzzy", Shift((((25, 25), (25, 24)),))),
]


@pytest.mark.parametrize(("line", "move"), LINES, ids=[c[0] for c in LINES])
def test_lines_parse_and_format_back_exactly(line: str, move: object) -> None:
    assert parse_move(line) == move
    assert format_move(parse_move(line)) == line


@pytest.mark.parametrize(("line", "move"), [
    ("2 jdjf kdkf\n", "2 jdjf kdkf"),
    ("  2   jdjf\tkdkf \r\n", "2 jdjf kdkf"),
    ("0\r\n", "0"),
    ("jd  je kd ke", "jd je kd ke"),
])
def test_white_space_around_fields_is_tolerated(line: str, move: str) -> None:
    assert format_move(parse_move(line)) == move


UNREADABLE = [
    ("", "empty line"),
    ("   \n", "empty line"),
    ("0 jdjf", "a skip is '0' alone"),
    ("2 jdjf", "the count says 2 moving cell(s) but 1 source+target group(s) follow"),
    ("1 jdjf kdkf", "the count says 1 moving cell(s) but 2"),
    ("2 jdjf kdk", "field 3 'kdk': expected a source and a target cell as four lowercase letters"),
    ("1 JDJF", "field 2 'JDJF'"),
    ("1 jd jf", "the count says 1 moving cell(s) but 2"),
    ("jd je kd k1", "field 4 'k1': a placement is cells of two lowercase letters"),
    ("jdje kdke", "field 1 'jdje'"),
    ("pass", "field 1 'pass'"),
    ("9999 jdjf", "field 1 '9999': the count of moving cells is too large"),
    ("-1 jdjf", "field 1 '-1'"),
    ("²", "field 1 '²'"),
]


@pytest.mark.parametrize(("line", "message"), UNREADABLE, ids=[repr(c[0]) for c in UNREADABLE])
def test_unreadable_lines_say_which_field_is_wrong(line: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        parse_move(line)
    assert message in str(caught.value)


def test_format_rejects_non_moves() -> None:
    with pytest.raises(TypeError):
        format_move("jd je kd ke")  # type: ignore[arg-type]


EVENTS: list[Event] = [
    Placed(0, ((9, 3), (9, 4), (10, 3), (10, 4))),
    Moved(1, (3, 9), (5, 9), True),
    Moved(0, (9, 5), (10, 6), False),
    Skipped(0),
    Neutralised(0, (10, 6), Substance.MERCURY),
    Neutralised(1, (3, 9), Substance.URANIUM),
    Paralysed(0),
    Scored(1, 11, 43),
    Forfeited(1, Fault(FaultKind.ILLEGAL_MOVE, "'1 aaab': source aa is not ...", Rule.SOURCE_NOT_OWN)),
    Forfeited(0, Fault(FaultKind.TIMEOUT, "no answer in 0.5 s")),
    Ended(EndReason.LOCKED_IN, (52, 0), 0),
    Ended(EndReason.MOVE_LIMIT, (40, 40), None),
]


def test_events_round_trip_through_json() -> None:
    data = events_to_json(EVENTS)
    assert events_from_json(data) == tuple(EVENTS)
    assert data[0] == {"type": "placed", "player": 0, "cells": ["jd", "je", "kd", "ke"]}
    assert data[5]["substance"] == "D"
    assert data[8]["rule"] == "source_not_own" and data[9]["rule"] is None


@pytest.mark.parametrize("data", [
    None, [], {"type": "jumped"}, {"type": "skipped"}, {"type": "skipped", "player": 2},
    {"type": "placed", "player": 0, "cells": ["j4"]}, {"type": "neutralised", "player": 0, "cell": "aa", "substance": "4"},
    {"type": "ended", "reason": "bored", "scores": [1, 2], "winner": 1},
])
def test_bad_event_json_is_a_clear_error(data: object) -> None:
    with pytest.raises(EventJsonError):
        event_from_json(data)


def test_events_from_json_needs_a_list() -> None:
    with pytest.raises(EventJsonError, match="JSON list"):
        events_from_json({"type": "skipped", "player": 0})
    assert event_from_json(event_to_json(Skipped(1))) == Skipped(1)
