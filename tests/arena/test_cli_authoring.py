"""``snakepit card``, ``stats``, ``diff`` and the warnings of ``check``, run as a user runs them
(in-process through the console script's entry point)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.moments import Moment, replay_moments
from arena.replay import read_replay
from arena.match import MatchSetup, run_match
from arena.samples import SNAKE_SAMPLES
from engines.snake import Element
from matcher import load_program, loads_program, save_program
from matcher.fileformat import save_position
from matcher.model import Card, Program
from matcher.moment import seen_window
from matcher.testing import run_tests
from tests.arena.alive_moments import AliveMoments
from tests.arena.test_cli import assert_one_line_error, run
from tests.positions import TAIL_ABOVE  # A (0) at (3,3); B's tail above it

TAIL_BITER = SNAKE_SAMPLES / "tail_biter.snake.json"


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("card") / "battle.jsonl"
    names = ("tail_biter", "hunter")  # what `snakepit battle tail_biter hunter --seed 4 ... --record` writes
    run_match(MatchSetup("snake", names, 4, {"width": 13, "height": 13, "length": 6, "steps": 200}, names), record=path)
    return path


@pytest.fixture
def position(tmp_path: Path) -> Path:
    path = tmp_path / "above.position.json"
    save_position(path, TAIL_ABOVE)
    return path


# --- card -------------------------------------------------------------------------------------


def test_card_from_a_position_file_prints_the_program_with_the_card(position: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "card", "wall_hugger", position, "--snake", 0, "--move", "left", "--keep", 1,
                         "--at", 2)
    assert code == 0
    program = loads_program(out)
    assert len(program.cards) == 5
    card = program.cards[1]
    assert card.head.facing.label == "left" and len(card.cells) == 4
    assert card.description == f"snake 0 moves left ({position})"
    assert err.splitlines()[0] == "card 2: snake 0 moves left, 4 cells kept (--keep 1)"
    assert "this position: card 1 decides" in err  # wall hugger's card 1 bites B's tail above


def test_card_from_the_step_where_a_sample_snake_lost_its_tail(
    replay: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's story: the snake was bitten; make a card of its last look before the bite
    asking for another move, trim it, drop it in with the test, and the program decides so."""
    moments = list(replay_moments(read_replay(replay)))
    bitten = next(i for i, m in enumerate(moments) if any(e[0] == "bite" and e[2] == 0 for e in m.events))
    before = next(m for m in reversed(moments[:bitten]) if m.snake == 0 and len(m.possible) >= 2)
    wish = next(d for d in before.possible if d != before.move)
    out = tmp_path / "fixed.snake.json"
    code, _, err = run(capsys, "card", TAIL_BITER, replay, "--snake", 0, "--step", before.step, "--move", wish.label,
                       "--keep", "2", "--test", "dodge", "--out", out)
    assert code == 0, err
    fixed = load_program(out)
    assert fixed.cards[1:] == load_program(TAIL_BITER).cards
    assert fixed.tests[-1].name == "dodge" and fixed.tests[-1].expect == {wish}
    assert "this position: the new card decides, best" in err
    result = run_tests(fixed)[-1]
    assert result.card == 0 and wish in result.best
    if result.passed:
        assert "note:" not in err
    else:
        assert "note: the new test expects" in err
    assert "earlier steps of snake 0: the new card decides" in err


def test_card_defaults_to_the_move_made_at_that_step(replay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moment = next(m for m in replay_moments(read_replay(replay)) if m.snake == 1 and m.step == 30)
    code, out, err = run(capsys, "card", "hunter", replay, "--snake", 1, "--step", 30, "--keep", "nonempty")
    assert code == 0, err
    card = loads_program(out).cards[0]
    assert moment.move is not None and card.head.facing is moment.move
    assert moment.position is not None
    seen = seen_window(moment.position, 1)
    assert {cell: p.match for cell, p in card.cells.items()} == {c: e for c, e in seen.items() if e is not Element.EMPTY}


def test_card_at_an_early_step_reads_no_further_in_the_replay(
    replay: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: every step of the replay was played through first (a minute for step 100 of a
    100,000-step replay, 170 MB): the steps after --step play no part in the card."""
    seen: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Iterator[Moment]:
        for moment in replay_moments(*args, **kwargs):
            seen.append(moment.step)
            yield moment

    monkeypatch.setattr("arena.cli_authoring.replay_moments", counted)
    code, _, err = run(capsys, "card", "hunter", replay, "--snake", 1, "--step", 30, "--keep", "nonempty")
    assert code == 0, err
    assert "earlier steps of snake 1:" in err
    assert 30 <= max(seen) <= 31 and len(read_replay(replay).rounds) > 100


def test_card_at_a_late_step_holds_few_earlier_positions_at_once(
    replay: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: every earlier moment of the snake (its position with it) was held at once for
    the preview of the earlier steps: gigabytes at step 900,000 of a long replay. They are read
    again and previewed PREVIEW_CHUNK (made small here) at a time, with the same counts."""
    args = ("card", "hunter", replay, "--snake", 1, "--step", 150, "--keep", "nonempty")
    code, _, err = run(capsys, *args)
    assert code == 0, err
    earlier = [line for line in err.splitlines() if line.startswith("earlier steps of snake 1:")]
    alive = AliveMoments()
    monkeypatch.setattr("arena.cli_authoring.replay_moments", alive)
    monkeypatch.setattr("arena.cli_authoring.PREVIEW_CHUNK", 8)
    code, _, err = run(capsys, *args)
    assert code == 0, err
    assert len(earlier) == 1 and [line for line in err.splitlines() if line.startswith("earlier steps")] == earlier
    assert len(alive.refs) > 200 and alive.most <= 8 + 3, alive.most


@pytest.mark.parametrize(("args", "parts"), [
    (["--snake", 3, "--move", "up"], ["above.position.json: --snake 3 is out of range (it has 2 snakes: --snake 0 to 1"]),
    (["--snake", 0, "--move", "up", "--keep", 9], ["--keep 9: keep distance 9 is out of range 1..6"]),
    (["--snake", 0, "--move", "down"], ["snake 0 cannot move down from [3, 3] (possible: up, right, left)"]),
    (["--snake", 0], ["--move DIR is needed"]),
    (["--snake", 0, "--move", "up", "--at", 9], ["--at 9: the program has 4 cards, so 1..5"]),
])
def test_card_refuses_bad_input_in_one_line(position: Path, capsys: pytest.CaptureFixture[str], args: list[object],
                                            parts: list[str]) -> None:
    code, out, err = run(capsys, "card", TAIL_BITER, position, *args)
    assert_one_line_error(code, out, err, *parts)


def test_card_refuses_a_full_program_a_replay_without_step_and_a_bad_keep(
    position: Path, replay: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    full = tmp_path / "full.snake.json"
    save_program(full, Program("full", "", (), (Card(),) * 9))
    code, out, err = run(capsys, "card", full, position, "--snake", 0, "--move", "up")
    assert_one_line_error(code, out, err, str(full), "at most 9 cards; remove one first")
    code, out, err = run(capsys, "card", TAIL_BITER, replay, "--snake", 0)
    assert_one_line_error(code, out, err, "is a replay: say which step with --step N")
    code, out, err = run(capsys, "card", TAIL_BITER, replay, "--snake", 0, "--step", 999)
    assert_one_line_error(code, out, err, "snake 0 has no turn in step 999")
    code, out, err = run(capsys, "card", TAIL_BITER, position, "--snake", 0, "--move", "up", "--keep", "far")
    assert_one_line_error(code, out, err, "--keep far: expected all, nonempty or a distance 1..6")
    # a snake the replay has not: it said "snake 7 has no turn in step 5 (... an eaten snake has no turns)"
    code, out, err = run(capsys, "card", TAIL_BITER, replay, "--snake", 7, "--step", 5)
    assert_one_line_error(code, out, err, f"{replay}: --snake 7 is out of range (it has 2 snakes: --snake 0 to 1;")
    code, out, err = run(capsys, "card", TAIL_BITER, position, "--snake", 0, "--move", "up", "--step", 2)
    assert_one_line_error(code, out, err, f"{position} is a position file: --step N is for a replay's steps")


# --- stats ------------------------------------------------------------------------------------


def test_stats_prints_a_table_per_program_and_json(replay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", replay)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Tail biter (as tail_biter; 1 battle): 200 turns, ")
    assert lines[1].split() == ["card", "decided", "share", "ties", "up", "right", "down", "left", "bites", "lost",
                                "description"]
    assert out.rstrip().endswith("1 replay; bites and lost: from each decision to the end of the 5th step after it")
    code, out, _ = run(capsys, "stats", replay.parent, "--program", "hunter", "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == "snake-card-stats/1" and data["sources"] == [str(replay)]
    (hunter,) = data["programs"]
    assert hunter["name"] == "Hunter" and [c["card"] for c in hunter["cards"]] == [0, 1, 2, 3]
    assert sum(c["decided"] for c in hunter["cards"]) + hunter["undecided"]["decided"] == hunter["choices"]
    code, out, _ = run(capsys, "stats", replay, "--program", "hunter", "--heat")
    assert "where it decided on the 13x13 field:" in out and out.count("|") >= 2 * 13


def test_stats_bad_input_is_one_line(tmp_path: Path, replay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", tmp_path)
    assert_one_line_error(code, out, err, "no replays (*.jsonl)")
    code, out, err = run(capsys, "stats", replay, "--program", "nobody")
    assert_one_line_error(code, out, err, "no seat plays 'nobody'", "(seats and programs there: tail_biter, Tail biter, "
                          "hunter, Hunter)")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    code, out, err = run(capsys, "stats", broken)
    assert_one_line_error(code, out, err, f"{broken}:1: not JSON")


# --- diff -------------------------------------------------------------------------------------


def test_diff_text_json_and_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "hunter", "hunter")
    assert code == 0 and out.strip().endswith("are the same program")
    code, out, err = run(capsys, "diff", "tail_biter", "hunter")
    assert code == 1 and err == ""
    assert "card 3: added 'rivals in sight" in out and "card 3: removed 'a rival tail in sight" in out
    assert "card 4 -> card 4: changed" in out and "(row 1, col 3): NOT enemy_head and1 -> empty or1" in out
    assert "    . - * + * - ." in out  # card 4's map: changed, added and removed cells around the head
    assert "set1: none -> 'any rival part' {enemy_head, enemy_body, enemy_tail}" in out
    code, out, _ = run(capsys, "diff", "tail_biter", "hunter", "--json")
    data = json.loads(out)
    assert code == 1 and data["format"] == "snake-program-diff/1" and data["same"] is False
    assert [c["change"] for c in data["cards"]] == ["same", "same", "added", "changed", "removed"]
    code, out, err = run(capsys, "diff", "hunter", tmp_path / "missing.snake.json")
    assert_one_line_error(code, out, err, "missing.snake.json")


# --- check: warnings ----------------------------------------------------------------------------


def test_check_lists_warnings_and_fails_only_when_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shadowing = tmp_path / "blank_first.snake.json"
    save_program(shadowing, Program("blank first", "", (), (Card(), *load_program(TAIL_BITER).cards[:2])))
    code, out, err = run(capsys, "check", "--no-sample", shadowing)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{shadowing}: valid, 3 cards, 0/0 tests passed; 2 warnings",
        "  warning: card 1: valid for every possible move in every position (it has no patterns): it decides every "
        "choice, so cards 2 and 3 can never decide",
        "  warning: card 3: the weight of (row 2, col 3) never changes the choice: every valid variant matches it, so "
        "every valid move scores it alike",
    ]
    code, _, _ = run(capsys, "check", "--strict", "--no-sample", shadowing)
    assert code == 1
    code, out, _ = run(capsys, "check", "--strict", "beginner")
    assert code == 0 and "warning" not in out


def test_check_reports_what_it_observes_in_sample_battles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "nine_cards")
    assert code == 0
    assert "warning: card 9: never decided in " in out and "(observed, not proved)" in out
    code, out, _ = run(capsys, "check", "--no-sample", "nine_cards")
    assert "observed" not in out
