"""``snakepit replay --verify`` checks the whole file: the result line recomputed (rounds, end,
scores, ranks, statuses, seat times) and each round's records against its moves.

Regressions of issue 14: verification compared only the result's rounds and scores, so a replay
with reversed ranks, edited statuses or edited records verified."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.match import MatchSetup, RoundInfo, run_match
from arena.replay import verify_replay
from editor.cli import main
from tests.arena.test_match_api import FARMER, GREEDY, MEADOW, ROOT
from tests.arena.test_replay import Lines, lines_of, tampered

BIOBLOTS_RANDOM = str(ROOT / "samples" / "bioblots" / "random_bot.py")
ITPW_RANDOM = str(ROOT / "samples" / "itpw" / "random_bot.py")
SETUPS = {
    "worms": MatchSetup("worms", (GREEDY,) * 4, 17, {"map": MEADOW, "rounds": 12}),
    "kingdoms": MatchSetup("kingdoms", (FARMER,) * 4, 3, {"rounds": 6}),
    "bioblots": MatchSetup("bioblots", (BIOBLOTS_RANDOM,) * 2, 4, {"move_limit": 4}),
    "itpw": MatchSetup("itpw", (ITPW_RANDOM,) * 4, 5, {"turns": 3}),
    "snake": MatchSetup("snake", ("hunter", "tail_biter"), 5, {"width": 15, "height": 15, "length": 5, "steps": 20}),
}


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("verify")
    paths = {}
    for game, setup in SETUPS.items():
        paths[game] = folder / f"{game}.jsonl"
        run_match(setup, record=paths[game], host_root=folder)
    return paths


def _result(key: str, change: Callable[[Any], Any]) -> Callable[[Lines], None]:
    def edit(lines: Lines) -> None:
        lines[-1][key] = change(lines[-1][key])
    return edit


RESULT_EDITS = {
    "ranks": _result("ranks", lambda ranks: [r % len(ranks) + 1 for r in ranks]),  # never the same list
    "statuses": _result("statuses", lambda statuses: ["timeout"] + statuses[1:]),
    "end": _result("end", lambda end: "cancelled"),
    "rounds": _result("rounds", lambda rounds: rounds + 1),
}


@pytest.mark.parametrize("field", RESULT_EDITS)
@pytest.mark.parametrize("game", SETUPS)
def test_a_replay_with_an_edited_result_line_verified_now_the_field_is_named(
    game: str, field: str, replays: dict[str, Path], tmp_path: Path,
) -> None:
    assert verify_replay(replays[game]).ok
    report = verify_replay(tampered(replays[game], tmp_path / "t.jsonl", RESULT_EDITS[field]))
    assert not report.ok and all(check.ok for check in report.rounds)
    assert [p.split(" ")[0] for p in report.result_problems] == [field]
    last_line = len(lines_of(replays[game]))
    assert report.summary().startswith(f"{tmp_path / 't.jsonl'}:{last_line}: every round agrees, but the result line "
                                       f"does not: {field} recorded")


@pytest.mark.parametrize("game", ["worms", "kingdoms", "bioblots", "itpw"])
def test_edited_seat_times_are_named(game: str, replays: dict[str, Path], tmp_path: Path) -> None:
    def slower(lines: Lines) -> None:
        lines[-1]["seat_times"][0]["wall"] += 1.0

    report = verify_replay(tampered(replays[game], tmp_path / "t.jsonl", slower))
    assert [p.split(" ")[0] for p in report.result_problems] == ["seat_times"]


def _first_round_where(lines: Lines, wanted: Callable[[Any, dict[str, Any]], bool]) -> tuple[int, int]:
    """(line index, seat) of the first round line with a seat whose move and record fit ``wanted``."""
    for index, line in enumerate(lines):
        if line.get("type") == "round":
            for seat, (move, record) in enumerate(zip(line["moves"], line["records"] or ())):
                if record is not None and wanted(move, record):
                    return index, seat
    raise AssertionError("no such round")


def _answered(move: Any, record: dict[str, Any]) -> bool:
    return move is not None and record["status"] == "ok" and not (isinstance(move, dict) and "fault" in move)


RECORD_EDITS: list[tuple[str, Callable[[Any, dict[str, Any]], bool], Callable[[dict[str, Any]], None], str]] = [
    ("status", _answered, lambda r: r.update(status="timeout"), "its record says timeout"),
    ("skipped", _answered, lambda r: r.update(status="skipped", reason="dead"), "its record says it was not run"),
]


@pytest.mark.parametrize(("what", "pick", "edit", "said"), RECORD_EDITS, ids=[e[0] for e in RECORD_EDITS])
@pytest.mark.parametrize("game", ["worms", "kingdoms", "bioblots", "itpw"])
def test_a_round_whose_records_disagree_with_its_moves_verified_now_the_round_and_seat_are_named(
    game: str, what: str, pick: Callable[[Any, dict[str, Any]], bool], edit: Callable[[dict[str, Any]], None],
    said: str, replays: dict[str, Path], tmp_path: Path,
) -> None:
    """A seat with a move whose record was edited to say it did not answer (or was not run)."""
    index, seat = _first_round_where(lines_of(replays[game]), pick)

    def change(lines: Lines) -> None:
        edit(lines[index]["records"][seat])

    report = verify_replay(tampered(replays[game], tmp_path / "t.jsonl", change))
    bad = report.first_bad
    assert bad is not None and bad.round == index and bad.line == index + 1
    assert any(p.startswith(f"seat {seat}: ") and said in p for p in bad.problems), bad.problems
    assert report.summary().startswith(f"{tmp_path / 't.jsonl'}:{index + 1}: round {index} disagrees: ")


ANSWERS: dict[str, Callable[[str], str]] = {  # an answer its record could have held instead, which is another move
    "worms": lambda answer: "r" if answer != "r" else "l",
    "kingdoms": lambda answer: "t" if answer != "t" else "z",
    "bioblots": lambda answer: "0",
}


@pytest.mark.parametrize("game", ANSWERS)
def test_a_record_whose_answer_is_not_its_move_is_named(game: str, replays: dict[str, Path], tmp_path: Path) -> None:
    index, seat = _first_round_where(lines_of(replays[game]), _answered)

    def change(lines: Lines) -> None:
        record = lines[index]["records"][seat]
        record["answer"] = ANSWERS[game](record["answer"])

    bad = verify_replay(tampered(replays[game], tmp_path / "t.jsonl", change)).first_bad
    assert bad is not None and bad.round == index and any(p.startswith(f"seat {seat}: ") for p in bad.problems)


def test_a_kingdoms_action_that_counted_recorded_as_invalid_is_named(replays: dict[str, Path], tmp_path: Path) -> None:
    index, seat = _first_round_where(lines_of(replays["kingdoms"]), _answered)

    def change(lines: Lines) -> None:
        lines[index]["records"][seat]["status"] = "invalid_output"

    bad = verify_replay(tampered(replays["kingdoms"], tmp_path / "t.jsonl", change)).first_bad
    assert bad is not None and f"seat {seat}: its action counted, but its record says invalid_output" in bad.problems


def test_a_worms_move_dropped_for_a_moving_worm_is_named(replays: dict[str, Path], tmp_path: Path) -> None:
    """A moving worm's move left out (null) went straight on in the re-simulation unnoticed."""
    index, seat = _first_round_where(lines_of(replays["worms"]), lambda move, record: move == ".")

    def change(lines: Lines) -> None:
        lines[index]["moves"][seat] = None

    bad = verify_replay(tampered(replays["worms"], tmp_path / "t.jsonl", change)).first_bad
    assert bad is not None and bad.round == index and any(p.startswith("moves recorded") for p in bad.problems)


@pytest.mark.parametrize("game", ["itpw", "bioblots", "worms"])
def test_a_cancelled_match_verifies_with_its_ranks(game: str, tmp_path: Path) -> None:
    """A cancelled match's result (end ``cancelled``, the ranks as they stood, for ITPW with the lot
    drawn then) is what verification recomputes."""
    record, stop = tmp_path / "r.jsonl", threading.Event()

    def after(info: RoundInfo) -> None:
        if info.index == 2:
            stop.set()

    limit = {"itpw": "turns", "bioblots": "move_limit", "worms": "rounds"}[game]
    setup = MatchSetup(game, SETUPS[game].seats, 9, {**SETUPS[game].options, limit: 40})
    result = run_match(setup, record=record, on_round=after, cancel=stop, host_root=tmp_path)
    assert result.cancelled and result.rounds == 2
    report = verify_replay(record)
    assert report.ok, report.summary()


def test_the_command_line_names_the_result_field_and_exits_1(replays: dict[str, Path], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tampered(replays["bioblots"], tmp_path / "t.jsonl", RESULT_EDITS["ranks"])
    assert main(["replay", str(bad), "--verify"]) == 1
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and "the result line does not: ranks recorded" in out


HEADER_EDITS = [("itpw", "turns", float("inf")), ("itpw", "turns", 1.5), ("itpw", "turns", 0),
                ("bioblots", "move_limit", float("inf")), ("worms", "rounds", float("inf")),
                ("snake", "steps", float("inf"))]


@pytest.mark.parametrize(("game", "option", "value"), HEADER_EDITS, ids=[f"{g}-{o}-{v}" for g, o, v in HEADER_EDITS])
def test_a_header_option_the_game_does_not_take_fails_verification_naming_it(
    game: str, option: str, value: float, replays: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Regressions: ITPW's ``turns`` went to the engine's ``int()`` unchecked (``Infinity``: an
    OverflowError's traceback; ``1.5``: verified as a game of 1 turn), and worms' ``rounds``
    (``Infinity``: every round's state "disagreed", the option never named)."""
    def change(lines: Lines) -> None:
        lines[0]["options"][option] = value

    bad = tampered(replays[game], tmp_path / "t.jsonl", change)
    assert main(["replay", str(bad), "--verify"]) == 1
    out = capsys.readouterr().out
    assert f"round 1 disagrees: the header's options: option {option}: expected " in out and out.count("\n") == 1, out
