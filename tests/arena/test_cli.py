"""The ``snakepit`` command line: explain, battle (with JSONL replays), check, and one clear line
with exit status 2 for every bad input. Runs in-process through ``editor.cli.main`` (the console
script's entry point), plus one real run of the installed ``snakepit`` script."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.snake import Board, Direction, Element, position_to_json, start_position
from engines.snake.game import event_to_json
from editor.cli import main
from matcher import compile_program, program_to_json, save_program
from matcher.explain import explain
from matcher.fileformat import load_position, save_position
from matcher.model import Card, ElementSet, Group, GroupKind, Head, Pattern, Program, ProgramTest, SetRef
from tests.matcher.test_fileformat import MALFORMED
from tests.positions import TAIL_ABOVE

SNAKEPIT = Path(sys.executable).parent / "snakepit"
UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
AND1, OR1 = Group(GroupKind.AND, 1), Group(GroupKind.OR, 1)

RIVAL = ElementSet("any rival part", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
BITER = Program(
    "Biter",
    "bites a tail ahead, else keeps off rivals",
    (RIVAL,),
    (
        Card(Head(3, 3, UP), {(2, 3): Pattern(Element.ENEMY_TAIL, group=AND1)}, "bite"),
        Card(Head(3, 3, UP), {(2, 3): Pattern(SetRef(0), negate=True, group=OR1),
                              (1, 3): Pattern(SetRef(0), negate=True, group=OR1)}, "keep off"),
    ),
    (ProgramTest("bites", TAIL_ABOVE, 0, frozenset({UP})),),
)
WANDERER = Program("Wanderer", "", (), (Card(),))  # valid everywhere: every move is a random tie
WRONG = Program(
    "Wrong", "", (), (Card(Head(3, 3, UP), {(2, 3): Pattern(Element.ENEMY_TAIL)}),),
    (ProgramTest("passes", TAIL_ABOVE, 0, frozenset({UP})),
     ProgramTest("fails", TAIL_ABOVE, 0, frozenset({LEFT}))),
)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {}
    for key, program in (("biter", BITER), ("wanderer", WANDERER), ("wrong", WRONG)):
        paths[key] = tmp_path / f"{key}.snake.json"
        save_program(paths[key], program)
    paths["position"] = tmp_path / "tail_above.position.json"
    save_position(paths["position"], TAIL_ABOVE)
    return paths


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code: int, out: str, err: str, *parts: str) -> None:
    assert code == 2, (code, out, err)
    assert "Traceback" not in err
    assert err.endswith("\n") and len(err.splitlines()) == 1, err
    assert err.startswith("snakepit: "), err
    for part in parts:
        assert part in err, f"{part!r} not in {err!r}"


# --- explain ----------------------------------------------------------------------------------


def test_explain_prints_the_spec_keys(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", files["biter"], files["position"], "--snake", 0)
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert {"possible", "card", "moves", "best"} <= set(data)
    # card 1 ("bite"): only up has the enemy tail ahead, weight 6
    assert data["possible"] == ["up", "right", "left"]
    assert data["card"] == 0
    assert {m: (v["valid"], v["score"]) for m, v in data["moves"].items()} == {
        "up": (True, 6), "right": (False, 0), "left": (False, 0)
    }
    assert data["best"] == ["up"]
    assert data == explain(compile_program(BITER), TAIL_ABOVE, 0).to_json()


def test_explain_snake_defaults_to_0_and_picks_the_snake(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, default, _ = run(capsys, "explain", files["biter"], files["position"])
    assert code == 0 and json.loads(default)["snake"] == 0
    code, out, _ = run(capsys, "explain", files["biter"], files["position"], "--snake", "1")
    data = json.loads(out)
    # B at (1,1): up, down, left possible; no tail ahead; card 2: NOT rival one or two ahead (or1),
    # weight 7-4 = 3 each: up (1,0) empty ✓ + (1,-1) border ✓ = 6; down (1,2) ✓ + (1,3) ✓ = 6;
    # left (0,1) ✓ + (-1,1) border ✓ = 6 -> a three-way tie.
    assert code == 0 and data["snake"] == 1 and data["head"] == [1, 1]
    assert data["possible"] == ["up", "down", "left"] and data["card"] == 1
    assert {m: (v["valid"], v["score"]) for m, v in data["moves"].items()} == {
        "up": (True, 6), "down": (True, 6), "left": (True, 6)
    }
    assert data["best"] == ["up", "down", "left"]


def test_explain_null_card_has_empty_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    never = tmp_path / "never.snake.json"
    save_program(never, Program("never", "", (), (Card(Head(), {(2, 3): Pattern(Element.ENEMY_HEAD)}),)))
    position = tmp_path / "p.position.json"
    save_position(position, TAIL_ABOVE)
    code, out, _ = run(capsys, "explain", never, position)
    assert code == 0
    data = json.loads(out)
    assert (data["card"], data["moves"], data["best"]) == (None, {}, ["up", "right", "left"])


# --- battle -----------------------------------------------------------------------------------


def battle(capsys: pytest.CaptureFixture[str], programs: list[Path], *options: object) -> tuple[int, str, str]:
    return run(capsys, "battle", *programs, *options)


def test_battle_prints_one_json_line(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = battle(capsys, [files["biter"], files["wanderer"]], "--seed", 7, "--size", "9x9", "--length", 3,
                            "--steps", 60)
    assert (code, err) == (0, "")
    assert out.endswith("\n") and len(out.splitlines()) == 1
    result = json.loads(out)
    assert list(result) == ["steps", "end", "lengths", "ranks"]
    assert 0 < result["steps"] <= 60
    assert result["end"] in {"one_left", "no_moves", "step_limit"}
    assert len(result["lengths"]) == len(result["ranks"]) == 2
    assert sum(result["lengths"]) <= 2 * 3  # bites move length from one snake to the other
    assert sorted(result["ranks"])[0] == 1


def test_same_seed_gives_byte_identical_output_and_replay(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    programs = [files["biter"], files["wanderer"], files["wanderer"]]
    runs = []
    for name in ("a", "b", "c"):
        seed = 11 if name != "c" else 12
        record = tmp_path / f"{name}.jsonl"
        code, out, _ = battle(capsys, programs, "--seed", seed, "--size", "11x11", "--length", 4, "--steps", 80,
                              "--record", record)
        assert code == 0
        runs.append((out, record.read_bytes()))
    assert runs[0] == runs[1]
    assert runs[0][1] != runs[2][1]  # another seed, another battle of random ties


def test_replay_structure(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "replay.jsonl"
    code, out, _ = battle(capsys, [files["biter"], files["wanderer"]], "--seed", 5, "--size", "9x7", "--length", 3,
                          "--steps", 40, "--record", record)
    assert code == 0
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    header, rounds, result = lines[0], lines[1:-1], lines[-1]
    assert header["type"] == "header" and header["format"] == "match-replay/1" and header["game"] == "snake"
    assert (header["seed"], header["options"]) == (5, {"width": 9, "height": 7, "length": 3, "steps": 40})
    assert [seat["program"] for seat in header["seats"]] == [program_to_json(BITER), program_to_json(WANDERER)]
    assert [seat["name"] for seat in header["seats"]] == ["biter.snake.json", "wanderer.snake.json"]
    printed = json.loads(out)
    assert result["type"] == "result" and result["statuses"] == ["ok", "ok"]
    assert (result["rounds"], result["end"], result["scores"], result["ranks"]) == (
        printed["steps"], printed["end"], printed["lengths"], printed["ranks"])
    assert [r["round"] for r in rounds] == list(range(1, printed["steps"] + 1))
    # the replay is complete: playing its moves from the start position gives the same events
    board = Board(start_position(2, 9, 7, 3))
    for line in rounds:
        assert line["type"] == "round" and line["records"] is None
        events: list[Any] = []
        for event in line["events"]:
            if event[0] == "move":
                assert line["moves"][event[1]] == event[2]
                events.extend(event_to_json(e) for e in board.move(event[1], Direction.from_label(event[2])))
            elif event[0] == "skip":
                assert board.possible_moves(event[1]) == []
                events.append(event)
        assert events == line["events"]
        assert line["scores"] == [board.length(i) for i in range(2)]
    assert [board.length(i) for i in range(2)] == printed["lengths"]


def test_a_recorded_battle_verifies_with_replay_verify(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``battle --record`` writes the one replay format: ``snakepit replay`` summarises it and
    ``--verify`` re-plays it through the match API; a changed move is found."""
    record = tmp_path / "b.jsonl"
    code, out, _ = battle(capsys, [files["biter"], files["wanderer"], files["wanderer"]], "--seed", 4, "--size",
                          "11x11", "--length", 4, "--steps", 30, "--record", record)
    steps = json.loads(out)["steps"]
    assert code == 0 and steps > 5
    code, out, err = run(capsys, "replay", record, "--verify")
    assert (code, out, err) == (0, f"{record}: all {steps} rounds agree\n", "")
    code, out, _ = run(capsys, "replay", record)
    assert code == 0 and "snake, seed 4, 3 seats: biter.snake.json, wanderer.snake.json" in out
    lines = record.read_text(encoding="utf-8").splitlines()
    fifth = json.loads(lines[5])
    seat = next(i for i, move in enumerate(fifth["moves"]) if move is not None)
    fifth["moves"][seat] = "up" if fifth["moves"][seat] != "up" else "down"
    lines[5] = json.dumps(fifth)
    tampered = tmp_path / "t.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "replay", tampered, "--verify")
    assert code == 1 and out.startswith(f"{tampered}:6: round 5")


def test_size_length_and_steps_are_honoured(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.jsonl"
    code, out, _ = battle(capsys, [files["wanderer"]] * 4, "--seed", 3, "--size", "13x9", "--length", 4, "--steps", 0,
                          "--record", record)
    assert code == 0
    assert json.loads(out) == {"steps": 0, "end": "step_limit", "lengths": [4, 4, 4, 4], "ranks": [1, 1, 1, 1]}
    header = json.loads(record.read_text().splitlines()[0])
    assert header["options"] == {"width": 13, "height": 9, "length": 4, "steps": 0}
    assert len(record.read_text().splitlines()) == 2  # the header and the result: no step was played
    code, out, _ = battle(capsys, [files["wanderer"]] * 3, "--seed", 3, "--size", "13x9", "--length", 4, "--steps", 5)
    result = json.loads(out)
    assert code == 0 and result["steps"] == 5 and result["end"] == "step_limit" and len(result["lengths"]) == 3
    assert sum(result["lengths"]) == 12


def test_battle_defaults_are_the_spec_defaults(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.jsonl"
    code, _, _ = battle(capsys, [files["wanderer"], files["biter"]], "--seed", 1, "--record", record)
    assert code == 0
    header = json.loads(record.read_text().splitlines()[0])
    assert header["options"] == {"width": 25, "height": 25, "length": 10, "steps": 1000}


# --- check ------------------------------------------------------------------------------------


def test_check_passing_program(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", files["biter"], files["wanderer"])
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{files['biter']}: valid, 2 cards, 1/1 tests passed",
        f"{files['wanderer']}: valid, 1 card, 0/0 tests passed",
    ]
    code, out, _ = run(capsys, "check", "-v", files["biter"])
    assert code == 0 and "test 1 'bites': ok" in out


def test_check_failing_test_exits_1(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", files["biter"], files["wrong"])
    assert code == 1 and err == ""
    assert f"{files['wrong']}: valid, 1 card, 1/2 tests passed" in out
    assert "test 2 'fails': FAILED (best: up; card 1); expected left" in out
    assert "'passes'" not in out  # passing tests are listed with -v only


def test_check_bad_file_exits_2_and_still_checks_the_others(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.snake.json"
    bad.write_text('{"format": "snake-program/1", "cards": [{"head": {"row": 3, "col": 3}, "head": {"row": 1, "col": 1}}]}')
    code, out, err = run(capsys, "check", files["wrong"], bad, files["biter"])
    assert_one_line_error(code, "", err, str(bad), "card 1", "two heads")
    assert f"{files['wrong']}: valid" in out and f"{files['biter']}: valid" in out


# --- one line and exit 2 for every bad input ------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "explain", "battle"])
@pytest.mark.parametrize(("name", "program_text", "expected"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_program_exits_2_with_one_line(
    command: str, name: str, program_text: str, expected: list[str],
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    bad = tmp_path / f"{name}.snake.json"
    bad.write_text(program_text, encoding="utf-8")
    args: list[object]
    if command == "check":
        args = ["check", bad]
    elif command == "explain":
        args = ["explain", bad, files["position"]]
    else:
        args = ["battle", files["biter"], bad, "--seed", 1, "--size", "9x9", "--length", 3, "--steps", 5]
    code, out, err = run(capsys, *args)
    assert_one_line_error(code, out, err, f"snakepit: {bad}: ", *expected)
    assert out == ""


POSITION_ERRORS: list[tuple[str, str, list[str]]] = [
    ("json-syntax", '{"format": "snake-position/1", "width": 7,\n "height": }', ["line 2", "invalid JSON"]),
    ("not-object", "[]", ["expected a JSON object"]),
    ("unknown-key", '{"width": 7, "height": 7, "snakes": [], "colour": 1}', ["unknown key 'colour'"]),
    ("unknown-snake-key", '{"width": 7, "height": 7, "snakes": [{"cells": [[0, 0], [0, 1]], "head": [0, 0]}]}',
     ["snake 1 (snakes[0])", "unknown key 'head'"]),
    ("duplicate-key", '{"width": 7, "height": 7, "snakes": [], "snakes": [{"cells": [[0, 0], [0, 1]]}]}',
     ["'snakes' is listed twice"]),
    ("overlap", '{"width": 7, "height": 7, "snakes": [{"cells": [[3, 3], [3, 4]]}, {"cells": [[3, 4], [2, 4]]}]}',
     ["snake 2 (snakes[1])", "overlaps snake 1"]),
    ("self-overlap", '{"width": 7, "height": 7, "snakes": [{"cells": [[3, 3], [3, 4], [3, 3]]}]}',
     ["snake 1 (snakes[0])", "overlaps itself"]),
    ("broken", '{"width": 7, "height": 7, "snakes": [{"cells": [[3, 3], [4, 4]]}]}', ["snake 1 (snakes[0])", "broken"]),
    ("outside", '{"width": 7, "height": 7, "snakes": [{"cells": [[6, 6], [7, 6]]}]}', ["snake 1 (snakes[0])", "outside"]),
    ("too-short", '{"width": 7, "height": 7, "snakes": [{"cells": [[3, 3]]}]}', ["snake 1 (snakes[0])", "at least 2 cells"]),
    ("five-snakes", json.dumps({"width": 11, "height": 3, "snakes": [{"cells": [[x, 0], [x, 1]]} for x in range(0, 10, 2)]}),
     ["at most 4 snakes"]),
    ("bad-format", '{"format": "snake-program/1", "width": 7, "height": 7, "snakes": []}', ["snake-program/1"]),
    ("bad-size", '{"width": 0, "height": 7, "snakes": []}', ["field size"]),
    ("cell-not-pair", '{"width": 7, "height": 7, "snakes": [{"cells": [[3, 3, 1], [3, 4]]}]}', ["snake 1 (snakes[0])", "[x, y]"]),
]


@pytest.mark.parametrize(("name", "position_text", "expected"), POSITION_ERRORS, ids=[p[0] for p in POSITION_ERRORS])
def test_malformed_position_exits_2_with_one_line(
    name: str, position_text: str, expected: list[str],
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    bad = tmp_path / f"{name}.position.json"
    bad.write_text(position_text, encoding="utf-8")
    code, out, err = run(capsys, "explain", files["biter"], bad)
    assert_one_line_error(code, out, err, f"snakepit: {bad}: ", *expected)


@pytest.mark.parametrize("snake", ["2", "-1", "99"])
def test_explain_snake_index_out_of_range(snake: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", files["biter"], files["position"], "--snake", snake)
    assert_one_line_error(code, out, err, str(files["position"]), f"--snake {snake} is out of range", "2 snakes: --snake 0 to 1")


def test_explain_position_without_snakes(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.position.json"
    empty.write_text('{"format": "snake-position/1", "width": 5, "height": 5, "snakes": []}')
    code, out, err = run(capsys, "explain", files["biter"], empty)
    assert_one_line_error(code, out, err, str(empty), "--snake 0 is out of range", "no snakes")


def test_explain_eaten_snake_has_no_moves(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position = tmp_path / "eaten.position.json"
    position.write_text(json.dumps({**position_to_json(TAIL_ABOVE), "snakes": [
        {"cells": [[3, 3]], "eaten": True}, {"cells": [[1, 1], [2, 1]]}]}))
    code, out, _ = run(capsys, "explain", files["biter"], position)
    data = json.loads(out)
    assert code == 0 and (data["possible"], data["card"], data["moves"], data["best"]) == ([], None, {}, [])
    assert load_position(position).snakes[0].eaten


def test_missing_and_unreadable_files(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.snake.json"
    for args in (["check", missing], ["explain", missing, files["position"]],
                 ["explain", files["biter"], tmp_path / "missing.position.json"],
                 ["battle", files["biter"], missing, "--seed", 1], ["explain", files["biter"], tmp_path]):
        code, out, err = run(capsys, *args)
        assert_one_line_error(code, out, err, "cannot read")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--size", "3x3"], ["--size 3x3", "do not fit"]),
        (["--size", "0x9"], ["--size 0x9", "field size"]),
        (["--size", "9999x25"], ["--size 9999x25", "out of range"]),
        (["--length", "1"], ["--length 1", "at least 2"]),
        (["--length", str(10**23)], [f"--length {10**23}", "do not fit"]),  # hung
        (["--steps", "-1"], ["--steps -1", "from 0 to 1,000,000"]),
        (["--steps", str(10**23)], [f"--steps {10**23}", "from 0 to 1,000,000"]),  # played on effectively forever
    ],
    ids=["too-small", "zero", "too-big", "length", "huge-length", "steps", "huge-steps"],
)
def test_bad_battle_settings(
    options: list[str], expected: list[str], files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "never.jsonl"
    code, out, err = battle(capsys, [files["biter"], files["wanderer"]], "--seed", 1, *options, "--record", record)
    assert_one_line_error(code, out, err, *expected)
    assert not record.exists()  # nothing is recorded for a battle that cannot start


@pytest.mark.parametrize("count", [1, 5])
def test_battle_needs_2_to_4_programs(count: int, files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = battle(capsys, [files["wanderer"]] * count, "--seed", 1)
    assert_one_line_error(code, out, err, "2..4 programs", f"got {count}")


def test_record_into_a_missing_folder(files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "no" / "such" / "replay.jsonl"
    code, out, err = battle(capsys, [files["biter"], files["wanderer"]], "--seed", 1, "--record", record)
    assert_one_line_error(code, out, err, f"--record {record}: there is no folder {record.parent}")


def test_bad_command_line_syntax_exits_2(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["battle", files["biter"], files["wanderer"]],                       # no --seed
                 ["battle", files["biter"], files["wanderer"], "--seed", "x"],
                 ["battle", files["biter"], files["wanderer"], "--seed", "1", "--size", "9by9"],
                 ["explain", files["biter"], files["position"], "--snake", "one"]):
        with pytest.raises(SystemExit) as caught:
            main([str(a) for a in args])
        assert caught.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err
        assert err.startswith(f"snakepit {args[0]}: ")


# --- the installed console script -------------------------------------------------------------------


def test_installed_snakepit_script_matches_in_process_run(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert SNAKEPIT.exists(), SNAKEPIT
    options = ["--seed", "42", "--size", "11x11", "--length", "4", "--steps", "100"]
    programs = [str(files["biter"]), str(files["wanderer"])]
    script_record = tmp_path / "script.jsonl"
    completed = subprocess.run(
        [str(SNAKEPIT), "battle", *programs, *options, "--record", str(script_record)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    in_process_record = tmp_path / "in_process.jsonl"
    code, out, _ = battle(capsys, [files["biter"], files["wanderer"]], *options, "--record", in_process_record)
    assert code == 0
    assert completed.stdout == out
    assert script_record.read_bytes() == in_process_record.read_bytes()


def test_a_reader_that_goes_away_ends_the_command_quietly(files: dict[str, Path]) -> None:
    """Regression: ``snakepit battle ... --record /dev/stdout | head -c 10`` said ``snakepit:
    Broken pipe`` and exited 2, as for bad input; now it says nothing and exits 128 + SIGPIPE,
    as a shell reports for other tools."""
    with subprocess.Popen([str(SNAKEPIT), "battle", str(files["biter"]), str(files["wanderer"]), "--seed", "1",
                           "--steps", "300", "--record", "/dev/stdout"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10) == b'{"type":"h'
        process.stdout.close()  # the replay is far longer than a pipe holds: the next writes fail
        err = process.stderr.read()
        assert process.wait(timeout=120) == 128 + signal.SIGPIPE
    assert err == b""


@pytest.mark.parametrize("args", [
    ["check", ""], ["explain", "hunter", ""], ["battle", "hunter", "", "--seed", "1"], ["replay", ""],
    ["stats", ""], ["diff", "hunter", ""], ["card", "", "p.position.json", "--snake", "0"],
    ["improve", "hunter", "--against", ""], ["match", "worms", "--map", ""], ["tournament", "snake", "--out", ""],
    ["battle", "hunter", "tail_biter", "--seed", "1", "--record", ""],
], ids=lambda args: args[0] + "-" + str(args.index("")))
def test_an_empty_file_name_is_refused_naming_the_argument(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: ``""`` was read as the current folder (``snakepit stats ""`` read every replay
    there; ``check ""`` said ``.: cannot read: Is a directory``) or named nothing (``replay ""``:
    ``snakepit: No such file or directory``)."""
    (tmp_path / "a.jsonl").write_text("a replay of someone else's\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as caught:
        main(args)
    err = capsys.readouterr().err
    assert caught.value.code == 2 and len(err.splitlines()) == 1, err
    assert err.startswith(f"snakepit {args[0]}: argument ") and "an empty name names no file" in err, err
