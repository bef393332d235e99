"""The ITPW protocol lines (specs/itpw.md, Bot protocol): what the referee writes, what a bot
answers, both read back equal, and every malformed answer gives one line naming its fault."""

from __future__ import annotations

import pytest

from engines.itpw import (
    AnswerError,
    Kind,
    LineType,
    Move,
    MoveBroadcast,
    MoveError,
    ProtocolError,
    Request,
    Step,
    UnitBroadcast,
    move_broadcast,
    parse_message,
    parse_player_line,
    player_line,
    read_move,
    read_unit,
    request_line,
    start_state,
    unit_broadcast,
    unit_line,
    whole_seconds,
)

TWO_STEPS = Move((Step((0, 0), (1, 1)), Step((2, 0), (3, 1))))


@pytest.mark.parametrize("player", [1, 2, 3, 4])
def test_the_first_line_is_the_player_number(player: int) -> None:
    assert player_line(player) == str(player)
    assert parse_player_line(player_line(player) + "\n") == player


@pytest.mark.parametrize(("line", "expected"), [
    (request_line(3, LineType.MOVE, 27.9), "3 0 27"),
    (request_line(2, LineType.UNIT, 30), "2 1 30"),
    (request_line(1, LineType.MOVE, 0.999), "1 0 0"),
    (request_line(4, LineType.MOVE, -2.5), "4 0 0"),
    (request_line(4, LineType.UNIT, float("nan")), "4 1 0"),
    (move_broadcast(1, TWO_STEPS), "1 0 2 0 0 1 1 2 0 3 1"),
    (move_broadcast(4, Move()), "4 0 0"),
    (unit_broadcast(2, Kind.SOLDIER), "2 1 1"),
    (unit_broadcast(3, Kind.WORKER), "3 1 0"),
    (unit_line(Kind.WORKER), "0"),
    (unit_line(Kind.SOLDIER), "1"),
    (TWO_STEPS.to_line(), "2 0 0 1 1 2 0 3 1"),
])
def test_lines_are_exactly_as_the_spec_writes_them(line: str, expected: str) -> None:
    assert line == expected


def test_time_left_is_whole_seconds_rounded_down() -> None:
    assert [whole_seconds(t) for t in (29.999, 30.0, 0.4, -0.1, float("inf"))] == [29, 30, 0, 0, 0]


@pytest.mark.parametrize("message", [
    Request(3, LineType.MOVE, 27),
    Request(3, LineType.UNIT, 0),
    MoveBroadcast(1, TWO_STEPS),
    MoveBroadcast(2, Move()),
    UnitBroadcast(4, Kind.SOLDIER),
    UnitBroadcast(1, Kind.WORKER),
])
def test_what_a_bot_reads_round_trips(message: Request | MoveBroadcast | UnitBroadcast) -> None:
    assert parse_message(message.to_line() + "\r\n", me=3) == message


def test_a_request_with_a_fractional_time_is_read_rounded_down() -> None:
    assert parse_message("2 0 12.75", me=2) == Request(2, LineType.MOVE, 12)


@pytest.mark.parametrize("move", [Move(), TWO_STEPS, Move((Step((49, 49), (48, 48)),))])
def test_move_lines_round_trip(move: Move) -> None:
    assert Move.from_line(move.to_line()) == move
    assert Move.from_line(f"  {move.to_line()} \r") == move
    assert str(move) == move.to_line()


@pytest.mark.parametrize(("line", "kind"), [("0", Kind.WORKER), ("1\r", Kind.SOLDIER), (" 1 ", Kind.SOLDIER)])
def test_a_new_unit_answer(line: str, kind: Kind) -> None:
    assert read_unit(line) == kind


@pytest.mark.parametrize(("line", "message"), [
    ("", "a new unit is 0 (worker) or 1 (soldier), got ''"),
    ("2", "got '2'"),
    ("01", "got '01'"),
    ("1 1", "got '1 1'"),
    ("soldier", "got 'soldier'"),
    ("1" * 40, "got '11111111111111111111…'"),
])
def test_a_bad_new_unit_answer_names_what_came(line: str, message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        read_unit(line)
    assert message in str(caught.value)


# Every fault of a move line against the start position, for player 1 (workers (0,0) (1,0)
# (0,1), soldiers (1,1) (2,0) (0,2)); each message is the whole one-line error.
MOVE_FAULTS = [
    ("", "empty move line (expected 'n x1 y1 x2 y2 …', '0' for no move)"),
    ("one", "word 1 'one' is not a whole number"),
    ("1 1 0 2 O", "word 5 'O' is not a whole number"),
    ("1 1 0 2 1 x", "word 6 'x' is not a whole number"),
    ("1,1,0,2,1", "word 1 '1,1,0,2,1' is not a whole number"),
    ("+1 1 0 2 1", "word 1 '+1' is not a whole number"),
    ("-3", "the number of units -3 is negative"),
    ("2 1 0 2 1", "2 unit(s) need 8 coordinates after the count, got 4"),
    ("0 1 0 2 1", "0 unit(s) need 0 coordinates after the count, got 4"),
    ("1 1 0 2 1 1", "1 unit(s) need 4 coordinates after the count, got 5"),
    ("1 1 0 2 99999999999", "word 5 '99999999999' is too long for a coordinate or count"),
    ("1 10 10 11 11", "unit 1 at (10,10): no unit there"),
    ("1 49 0 48 1", "unit 1 at (49,0): that is player 2's worker, not yours"),
    ("1 50 0 49 0", "unit 1 at (50,0): off the board (x and y are 0..49)"),
    ("1 0 1 -1 1", "unit 1 at (0,1) cannot move to (-1,1): off the board (x and y are 0..49)"),
    ("1 1 0 1 0", "unit 1 at (1,0) cannot move to (1,0): the same field (a unit that stays is not listed)"),
    ("1 0 2 0 4", "unit 1 at (0,2) cannot move to (0,4): not a neighbour"),
    ("1 0 0 1 1", "unit 1 at (0,0) cannot move to (1,1): your own soldier is there"),
    ("1 1 0 0 1", "unit 1 at (1,0) cannot move to (0,1): your own worker is there"),
    ("2 1 0 2 1 2 1 3 2", "unit 2 at (2,1): that unit already moved in this line (unit 1)"),
    ("2 1 1 2 2 2 2 3 3", "unit 2 at (2,2): that unit already moved in this line (unit 1)"),
    ("3 1 0 2 1 0 0 1 0 1 0 2 0", "unit 3 at (1,0): that unit already moved in this line (unit 2)"),
]


@pytest.mark.parametrize(("line", "message"), MOVE_FAULTS, ids=[repr(line) for line, _ in MOVE_FAULTS])
def test_every_malformed_move_line_gives_one_clear_line(line: str, message: str) -> None:
    state = start_state()
    with pytest.raises(MoveError) as caught:
        read_move(state, 1, line)
    assert str(caught.value) == message
    assert state == start_state()


def test_a_valid_line_reads_as_its_move() -> None:
    move = read_move(start_state(), 1, "3 1 0 2 1 0 0 1 0 2 0 3 0\n")
    assert move == Move((Step((1, 0), (2, 1)), Step((0, 0), (1, 0)), Step((2, 0), (3, 0))))


@pytest.mark.parametrize(("line", "message"), [
    ("", "expected 'P T …' with P 1..4 and T 0 or 1, got ''"),
    ("5 0 1", "expected 'P T …'"),
    ("2 3 1", "expected 'P T …'"),
    ("2 0", "expected 'P T …'"),
    ("3 0 soon", "a request is 'P T seconds', got '3 0 soon'"),
    ("3 0 10 11", "a request is 'P T seconds'"),
    ("1 1 2", "player 1's broadcast '1 1 2': a new unit is 0 (worker) or 1 (soldier), got '2'"),
    ("1 0 1 0 0", "player 1's broadcast '1 0 1 0 0': 1 unit(s) need 4 coordinates after the count, got 2"),
])
def test_a_bot_side_reader_rejects_lines_it_cannot_understand(line: str, message: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(line, me=3)
    assert message in str(caught.value)


@pytest.mark.parametrize("line", ["0", "5", "one", "", "1 2"])
def test_a_bad_first_line(line: str) -> None:
    with pytest.raises(ProtocolError, match="player number 1..4"):
        parse_player_line(line)
