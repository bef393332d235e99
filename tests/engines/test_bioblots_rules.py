"""Bio-blots rules, case by case in the state text form: growth on carbon, mercury paralysis,
neutralisation and scores, the three endings (all neutralised, locked in with the transfer of
points, the 80-line limit), draws and technical losses; the worked example of the original; and
the state text form itself.

Positions give the top-left rows of the board (the rest is chlorine, ``2``): ``X`` is player 0's
organism, ``O`` player 1's, ``.`` a neutralised cell. Expected values are worked out by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from engines.bioblots import (
    GAME_INFO,
    SIZE,
    EndReason,
    Ended,
    Ending,
    Event,
    Fault,
    FaultKind,
    Forfeited,
    GameOverError,
    Moved,
    Neutralised,
    Paralysed,
    Placed,
    Rule,
    Scored,
    Skip,
    Skipped,
    State,
    Substance,
    TextError,
    board_from_text,
    check_move,
    parse_move,
    start_state,
    state_from_text,
    state_to_text,
)
from collections.abc import Callable

ACCEPTANCE = Path("/work/shared/acceptance/bioblots_rows.txt")
FIRST_ROWS = [
    "3822228825522381D23DD5D3DD", "38833882315181521121218328", "282121382832311135513828D8",
    "153338382D2282325355211555", "8511338282D113125233121525", "11518528315882583828152331",
    "8558D2281321581331553123D2", "2328281233D283283515235885", "3111213128D131582138135881",
    "85853122832282118D11335113", "55552182218138D5225532525D", "185811258D825358512D233251",
    "221132D512833121D588512531",
]


def header(moves: tuple[int, int] = (3, 3), scores: tuple[int, int] = (0, 0), paralysed: tuple[int, int] = (0, 0),
           limit: int = 80) -> str:
    return (f"bioblots moves {moves[0]} {moves[1]} scores {scores[0]} {scores[1]} "
            f"paralysed {paralysed[0]} {paralysed[1]} limit {limit}")


def text(head: str, rows: tuple[str, ...], end: str | None = None, fill: str = "2") -> str:
    board = [row.ljust(SIZE, fill) for row in rows] + [fill * SIZE] * (SIZE - len(rows))
    return "\n".join([head, *([end] if end else []), *board]) + "\n"


@dataclass(frozen=True)
class Case:
    name: str
    before: str
    line: str
    after: str
    events: tuple[Event, ...] = ()
    """Expected events (all of them, in order), or () to skip that check."""


P1 = ("22222", "22222", "22222", "22222", "2222O", "2222O", "2222O", "2222O")  # player 1, out of the way

BLOCK = ("22222", "2XXX2", "2XXX2")  # player 0 as a 2 × 3 block: the top row moves, the bottom row stays

CASES = [
    Case("carbon divides: a daughter stays on the source, the organism grows",
         text(header(), ("XX1", "XX2", *P1[2:])), "1 bbac",
         text(header((4, 3), (1, 0)), ("XXX", "XX2", *P1[2:])),
         (Moved(0, (1, 1), (0, 2), True), Neutralised(0, (0, 2), Substance.CARBON), Scored(0, 1, 1))),
    Case("two cells into carbon, one into lead: two daughters",
         text(header(scores=(5, 0)), (*BLOCK, "21152", *P1[4:])), "3 bbdb bcdc bddd",
         text(header((4, 3), (12, 0)), ("22222", "2XX.2", "2XXX2", "2XXX2", *P1[4:]))),
    Case("neutralised carbon neither grows nor scores",
         text(header(scores=(7, 2)), ("XX.", "XX2", *P1[2:])), "1 bbac",
         text(header((4, 3), (7, 2)), ("XXX", "X.2", *P1[2:])),
         (Moved(0, (1, 1), (0, 2), False), Scored(0, 0, 7))),
    Case("mercury paralyses and scores 8",
         text(header(), ("XX8", "XX2", *P1[2:])), "1 bbac",
         text(header((4, 3), (8, 0), (1, 0)), ("XXX", "X.2", *P1[2:])),
         (Moved(0, (1, 1), (0, 2), False), Neutralised(0, (0, 2), Substance.MERCURY), Paralysed(0), Scored(0, 8, 8))),
    Case("two mercury cells: one paralysis",
         text(header(), (*BLOCK, "28822", *P1[4:])), "2 bbdb bcdc",
         text(header((4, 3), (16, 0), (1, 0)), ("22222", "2..X2", "2XXX2", "2XX22", *P1[4:])),
         (Moved(0, (1, 1), (3, 1), False), Moved(0, (1, 2), (3, 2), False), Neutralised(0, (3, 1), Substance.MERCURY),
          Neutralised(0, (3, 2), Substance.MERCURY), Paralysed(0), Scored(0, 16, 16))),
    Case("neutralised mercury does not paralyse",
         text(header(), ("XX.", "XX2", *P1[2:])), "1 bbac",
         text(header((4, 3)), ("XXX", "X.2", *P1[2:]))),
    Case("the paralysed player's skip counts as a line and ends the paralysis",
         text(header((4, 3), (8, 5), (0, 1)), ("XX2", "XX2", *P1[2:])), "0",
         text(header((4, 4), (8, 5)), ("XX2", "XX2", *P1[2:])),
         (Skipped(1),)),
    Case("uranium 13, lead 5 and arsenic 3 in one move",
         text(header(), ("22222", "2XXX2", "DXXX3", "25222", *P1[4:])), "3 bbca bcdb bdce",
         text(header((4, 3), (21, 0)), ("22222", "2...2", "XXXXX", "2X222", *P1[4:]))),
    Case("placement scores its four cells and carbon does not divide",
         text(header((0, 0)), ("1D", "53")), "aa ab ba bb",
         text(header((1, 0), (22, 0)), ("XX", "XX")),
         (Placed(0, ((0, 0), (0, 1), (1, 0), (1, 1))), Neutralised(0, (0, 0), Substance.CARBON),
          Neutralised(0, (0, 1), Substance.URANIUM), Neutralised(0, (1, 0), Substance.LEAD),
          Neutralised(0, (1, 1), Substance.ARSENIC), Scored(0, 22, 22))),
    Case("placement on mercury paralyses",
         text(header((1, 0), (10, 0)), ("XX22", "XX28", "2222")), "bc bd cc cd",
         text(header((1, 1), (10, 14), (0, 1)), ("XX22", "XXOO", "22OO"))),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rule_cases(case: Case) -> None:
    before = state_from_text(case.before)
    after, events = before.apply(parse_move(case.line))
    assert state_to_text(after) == case.after
    if case.events:
        assert events == case.events
    assert not after.over


def test_paralysis_makes_the_player_skip_its_next_line_only() -> None:
    state = state_from_text(text(header(), ("XX8", "XX2", *P1[2:])))
    state, _ = state.apply(parse_move("1 bbac"))                  # player 0 enters mercury
    state, _ = state.apply(parse_move("1 heed"))                  # player 1 moves normally
    problem = check_move(state, parse_move("1 acbb"))
    assert problem is not None and problem.rule is Rule.MUST_SKIP
    state, events = state.apply(Skip())
    assert events == (Skipped(0),) and state.moves == (5, 4) and state.paralysed == (False, False)
    state, _ = state.apply(parse_move("1 edhe"))
    assert check_move(state, parse_move("1 acbb")) is None        # moving again


# --- endings -------------------------------------------------------------------------------------


def test_all_neutralised_ends_the_game_and_more_points_win() -> None:
    before = state_from_text(text(header(scores=(30, 40)), ("XX1", "XX.", "...", "..O", "..O", "..O", "..O"),
                                  fill="."))
    after, events = before.apply(parse_move("1 bbac"))
    assert after.over and after.board.remaining() == 0
    result = after.result()
    assert (result.reason, result.scores, result.winner, result.loser) == (EndReason.ALL_NEUTRALISED, (31, 40), 1, 0)
    assert events[-1] == Ended(EndReason.ALL_NEUTRALISED, (31, 40), 1)


def test_all_neutralised_with_equal_points_is_a_draw() -> None:
    before = state_from_text(text(header(scores=(39, 40)), ("XX1", "XX.", "...", "..O", "..O", "..O", "..O"),
                                  fill="."))
    result = before.apply(parse_move("1 bbac"))[0].result()
    assert (result.scores, result.winner, result.loser) == ((40, 40), None, None)


@pytest.mark.parametrize(("scores", "winner"), [((50, 49), 0), ((50, 50), None), ((10, 60), 1)])
def test_the_80th_line_of_player_1_ends_the_game(scores: tuple[int, int], winner: int | None) -> None:
    swapped = tuple(row.replace("O", "X") for row in P1[2:])
    before = state_from_text(text(header((80, 79), scores), ("OO.", "OO.", *swapped)))
    after, events = before.apply(parse_move("1 bbac"))  # player 1's 80th line; '.': no points
    assert after.moves == (80, 80)
    result = after.result()
    assert (result.reason, result.scores, result.winner) == (EndReason.MOVE_LIMIT, scores, winner)
    assert events[-1] == Ended(EndReason.MOVE_LIMIT, scores, winner)


def test_the_game_goes_on_until_both_players_wrote_80_lines() -> None:
    before = state_from_text(text(header((79, 79)), ("XX2", "XX2", *P1[2:])))
    after, _ = before.apply(parse_move("1 bbac"))
    assert after.moves == (80, 79) and not after.over and after.to_move == 1
    assert GAME_INFO.move_limit == 80 and before.move_limit == 80


def test_skips_count_towards_the_move_limit() -> None:
    before = state_from_text(text(header((80, 79), (3, 4), (0, 1)), ("XX2", "XX2", *P1[2:])))
    assert before.apply(Skip())[0].result().reason is EndReason.MOVE_LIMIT


LOCKING = ("OOX2",
           "OOX2",
           "2XX2",
           "2X22")


def test_locking_the_opponent_in_wins_with_both_scores() -> None:
    before = state_from_text(text(header((3, 3), (20, 30)), LOCKING))
    after, events = before.apply(parse_move("1 dbca"))
    assert state_to_text(after).splitlines()[1] == "end locked_in 1"
    result = after.result()
    # player 0 scored 20 + 2 (ca is chlorine), then takes player 1's 30
    assert (result.reason, result.scores, result.winner, result.loser) == (EndReason.LOCKED_IN, (52, 0), 0, 1)
    assert after.scores == (22, 30)  # what each neutralised stays in the state
    assert events[-1] == Ended(EndReason.LOCKED_IN, (52, 0), 0)
    assert check_move(after, parse_move("1 abba")) is not None


def test_a_paralysed_player_is_not_locked_in() -> None:
    before = state_from_text(text(header((3, 3), (20, 30), (0, 1)), LOCKING))
    after, _ = before.apply(parse_move("1 dbca"))
    assert not after.over and after.to_move == 1
    after, _ = after.apply(Skip())
    after, _ = after.apply(parse_move("1 acbd"))  # the wall opens at ac: player 1 can move again
    assert not after.over


# --- faults --------------------------------------------------------------------------------------


FAULT_LINES = [
    ("garbage", "hello", FaultKind.UNREADABLE, None, "'hello': field 1 'hello'"),
    ("empty line", "", FaultKind.UNREADABLE, None, "empty line"),
    ("illegal move", "1 bbbe", FaultKind.ILLEGAL_MOVE, Rule.TARGET_NOT_ADJACENT,
     "'1 bbbe': target be is not adjacent to the stationary part"),
    ("skip without paralysis", "0\n", FaultKind.ILLEGAL_MOVE, Rule.SKIP_NOT_ALLOWED, "'0': player 0 is not paralysed"),
]


@pytest.mark.parametrize(("name", "line", "kind", "rule", "detail"), FAULT_LINES, ids=[c[0] for c in FAULT_LINES])
def test_a_bad_line_is_a_technical_loss_with_the_rule_recorded(name: str, line: str, kind: FaultKind,
                                                              rule: Rule | None, detail: str) -> None:
    before = state_from_text(text(header(scores=(12, 9)), ("XX2", "XX2", *P1[2:])))
    after, events = before.apply_line(line)
    result = after.result()
    assert (result.reason, result.scores, result.winner, result.loser) == (EndReason.FAULT, (0, 21), 1, 0)
    assert result.fault is not None and result.fault.kind is kind and result.fault.rule is rule
    assert detail in result.fault.detail
    assert isinstance(events[0], Forfeited) and events[-1] == Ended(EndReason.FAULT, (0, 21), 1)
    assert state_from_text(state_to_text(after)) == after
    assert result.to_json()["fault"]["rule"] == (None if rule is None else rule.value)


def test_timeout_of_the_waiting_player_is_its_loss() -> None:
    before = state_from_text(text(header(scores=(12, 9)), ("XX2", "XX2", *P1[2:])))
    after, events = before.forfeit(1, Fault(FaultKind.EXITED, "closed its output"))
    assert after.result().scores == (21, 0) and after.result().winner == 0
    assert events == (Forfeited(1, Fault(FaultKind.EXITED, "closed its output")), Ended(EndReason.FAULT, (21, 0), 0))


def test_apply_line_plays_a_good_line_like_apply() -> None:
    before = state_from_text(text(header(), ("XX1", "XX2", *P1[2:])))
    assert before.apply_line("1 bbac\r\n") == before.apply(parse_move("1 bbac"))


def test_finished_games_refuse_moves_and_unfinished_ones_have_no_result() -> None:
    before = state_from_text(text(header(), ("XX1", "XX2", *P1[2:])))
    with pytest.raises(GameOverError, match="not over"):
        before.result()
    over, _ = before.forfeit(0, Fault(FaultKind.TIMEOUT, "0.5 s"))
    attempts: tuple[Callable[[], object], ...] = (lambda: over.apply(parse_move("1 abac")), lambda: over.apply_line("1 abac"),
                    lambda: over.forfeit(1, Fault(FaultKind.TIMEOUT, "")))
    for attempt in attempts:
        with pytest.raises(GameOverError, match="the game is over"):
            attempt()


# --- the worked example of the original (specs/bioblots.md) --------------------------------------


def example_board() -> str:
    rows = ACCEPTANCE.read_text().split() if ACCEPTANCE.exists() else FIRST_ROWS
    assert rows == FIRST_ROWS
    return "\n".join(rows + ["2" * SIZE] * (SIZE - len(rows))) + "\n"  # the other 13 rows do not matter


EXAMPLE = [
    # line, scores after it, organism sizes after it, player 0 paralysed after it
    ("jd je kd ke", (15, 0), (4, 0), False),           # 5 + 3 + 5 + 2
    ("dj dk ej ek", (15, 30), (4, 4), False),          # 13 + 2 + 2 + 13 (not printed in the original)
    ("2 jdjf kdkf", (17, 30), (6, 4), False),          # two carbon cells: +2, grows to 6
    ("2 djfj dkel", (17, 32), (6, 6), False),          # the opponent grows to 6 too
    ("3 jdle jelf jfkg", (27, 32), (8, 6), True),      # 1 + 1 + 8, grows to 8, paralysed
    ("3 djfi dkgj elfk", (27, 43), (8, 6), True),      # 3 + 3 + 5 = 11
    ("0", (27, 43), (8, 6), False),                    # the skip
    ("3 figi ejhj ekgk", (27, 49), (8, 7), False),     # one carbon: grows to 7 (1 + 3 + 2)
]


def test_worked_example_of_the_original() -> None:
    state = start_state(board_from_text(example_board()))
    for line, scores, sizes, paralysed in EXAMPLE:
        problem = check_move(state, parse_move(line))
        assert problem is None, (line, problem)
        state, _ = state.apply(parse_move(line))
        assert state.scores == scores, line
        assert tuple(len(o) for o in state.organisms) == sizes, line
        assert state.paralysed[0] is paralysed, line
    # move 9 as printed: ke is the player's own cell
    printed = check_move(state, parse_move("4 jdke jejg lelg lfkh"))
    assert printed is not None and printed.rule is Rule.TARGET_OCCUPIED
    assert printed.message.startswith("target ke is occupied by its own organism")
    # corrected: jd goes to kc (lead), 5 + 2 + 2 + 2 = 11
    after, events = state.apply(parse_move("4 jdkc jejg lelg lfkh"))
    assert Scored(0, 11, 38) in events
    assert after.scores == (38, 49) and tuple(len(o) for o in after.organisms) == (8, 7)
    assert not after.over and after.to_move == 1


def test_worked_example_move_7_must_be_the_skip() -> None:
    state = start_state(board_from_text(example_board()))
    for line, *_ in EXAMPLE[:6]:
        state, _ = state.apply_line(line)
    after, _ = state.apply_line("1 kdkc")
    fault = after.result().fault
    assert fault is not None and fault.rule is Rule.MUST_SKIP and after.result().winner == 1


# --- the state text form -------------------------------------------------------------------------


def test_state_text_round_trips_with_every_ending() -> None:
    body = ("XX1", "XX2", *P1[2:])
    for end in (None, "end all_neutralised", "end move_limit", "end locked_in 0",
                "end fault 1 illegal_move target_occupied '1 abbb': target bb is occupied by its own organism",
                "end fault 0 timeout - no answer in 0.5 s"):
        moves = (80, 80) if end == "end move_limit" else (3, 3)
        source = text(header(moves), body, end)
        state = state_from_text(source)
        assert state_to_text(state) == source
        assert state.to_text() == source
        assert state.over is (end is not None)


BAD_STATES = [
    ("empty", "", "s:1: empty"),
    ("bad header", "bioblots moves 1\n", "s:1: expected 'bioblots moves M0 M1"),
    ("not a number", text("bioblots moves x 3 scores 0 0 paralysed 0 0 limit 80", ()), "s:1: field 3 'x'"),
    ("paralysed 2", text(header(paralysed=(2, 0)), ("XX", "XX", *P1[2:])), "s:1: paralysed is 0 or 1"),
    ("unknown end", text(header(), ("XX", "XX", *P1[2:]), "end bored"), "s:2: unknown end reason"),
    ("end without loser", text(header(), ("XX", "XX", *P1[2:]), "end locked_in"), "s:2: 'end locked_in' needs the loser"),
    ("bad fault kind", text(header(), ("XX", "XX", *P1[2:]), "end fault 0 sulking - x"), "s:2: 'sulking' is not a valid"),
    ("short row", text(header(), ("XX", "XX", *P1[2:])).replace("2222O", "222O", 1), "s:6:26: row 5 has 25"),
    ("unknown cell", text(header(), ("XX", "XX", "2A", *P1[3:])), "s:4:2: unknown cell 'A'"),
    ("missing rows", header() + "\nXX\n", "s:2: expected 26 board rows"),
    ("broken organism", text(header(), ("XX2X", "XX22", *P1[2:])), "s: player 0's organism is not edge-connected"),
    ("organism too small", text(header(), ("XX2", "X22", *P1[2:])), "player 0's organism has 3 cells"),
    ("lines but no organism", text(header((1, 0)), ()), "player 0 has written 1 lines but has 0 cells"),
    ("impossible move counts", text(header((3, 5)), ("XX", "XX", *P1[2:])), "move counts 3 and 5 are impossible"),
    ("over the limit", text(header((3, 3), limit=2), ("XX", "XX", *P1[2:])), "at most 2 each"),
]


@pytest.mark.parametrize(("name", "source", "message"), BAD_STATES, ids=[c[0] for c in BAD_STATES])
def test_bad_state_texts_name_the_place(name: str, source: str, message: str) -> None:
    with pytest.raises(TextError) as caught:
        state_from_text(source, where="s")
    assert message in str(caught.value)


def test_states_check_their_invariants_when_built_directly() -> None:
    board = board_from_text(example_board())
    with pytest.raises(ValueError, match="not neutralised"):
        State(board, (frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}), frozenset()), moves=(1, 0))
    with pytest.raises(ValueError, match="has a fault exactly when"):
        State(board, ending=Ending(EndReason.FAULT, 0))
    with pytest.raises(ValueError, match="has a loser exactly when"):
        State(board, ending=Ending(EndReason.MOVE_LIMIT, 1))
    assert start_state(board).to_move == 0 and not start_state(board).over
