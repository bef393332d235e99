"""Replays (arena/replay.py): lines flushed as written, errors that name the file and line, a cut
last line tolerated, and verification that names the first round a tampered replay gets wrong."""

from __future__ import annotations

import io
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import end_with_words
from arena.match import MatchSetup, run_match
from arena.replay import REPLAY_FORMAT, ReplayError, ReplayWriter, read_replay, verify_replay
from arena.program_battle import BattleSettings
from editor.cli import main
from matcher import load_program
from tests.arena.legacy_battles import write_legacy_battle
from tests.arena.test_cli import SNAKEPIT
from tests.arena.test_match_api import FARMER, GREEDY, MEADOW, ROOT
from tests.bots.survivors import BOTS

Lines = list[dict[str, Any]]


@pytest.fixture(scope="module")
def worms_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "worms.jsonl"
    run_match(MatchSetup("worms", (GREEDY,) * 4, 17, {"map": MEADOW, "rounds": 12}), record=path)
    return path


@pytest.fixture(scope="module")
def kingdoms_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "kingdoms.jsonl"
    run_match(MatchSetup("kingdoms", (FARMER,) * 4, 3, {"rounds": 8}), record=path)
    return path


@pytest.fixture(scope="module")
def snake_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "snake.jsonl"
    options = {"width": 15, "height": 15, "length": 5, "steps": 30}
    run_match(MatchSetup("snake", ("hunter", "tail_biter", "wall_hugger"), 5, options), record=path)
    return path


def lines_of(path: Path) -> Lines:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: Lines) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def tampered(source: Path, target: Path, change: Callable[[Lines], None]) -> Path:
    lines = lines_of(source)
    change(lines)
    return write_lines(target, lines)


# --- writing and reading ------------------------------------------------------------------------


def test_every_line_is_flushed_as_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    writer = ReplayWriter.open(path)
    writer.header("worms", 5, [{"name": "a"}], {"rounds": 3})
    writer.round({"moves": ["."], "records": None, "events": [], "scores": [0], "state": "sha256:0"})
    seen = read_replay(path)  # another reader, before close
    assert (seen.game, seen.seed, len(seen.rounds), seen.result) == ("worms", 5, 1, None)
    assert seen.rounds[0]["round"] == 1 and seen.header["format"] == REPLAY_FORMAT
    writer.result({"rounds": 1, "scores": [0], "ranks": [1], "statuses": ["ok"]})
    writer.close()
    assert read_replay(path).result == {"type": "result", "rounds": 1, "scores": [0], "ranks": [1], "statuses": ["ok"]}


def test_a_replay_written_to_a_stream_is_the_same(tmp_path: Path) -> None:
    stream = io.StringIO()
    with ReplayWriter(stream) as writer:
        writer.header("kingdoms", 1, [{"name": "a"}], {})
    assert json.loads(stream.getvalue())["game"] == "kingdoms"


HEADER = {"type": "header", "format": REPLAY_FORMAT, "game": "worms", "seed": 1, "seats": [{"name": "a"}],
          "options": {}}
ROUND = {"type": "round", "round": 1, "moves": ["."], "records": None, "events": [], "scores": [0], "state": "s"}
RESULT = {"type": "result", "rounds": 1, "scores": [0], "ranks": [1], "statuses": ["ok"]}


def _text(*values: object) -> str:
    return "".join((v if isinstance(v, str) else json.dumps(v)) + "\n" for v in values)


BAD_FILES = [
    ("", ":1: empty file"),
    (_text(ROUND), ":1: expected the header line first"),
    (_text({**HEADER, "format": "replay/9"}), ":1: unknown replay format 'replay/9'"),
    (_text({**HEADER, "seed": "7"}), ":1: 'seed' must be int"),
    (_text(HEADER, "{not json", ROUND), ":2: not JSON"),
    (_text(HEADER, '{"bad', ROUND), ":2: not JSON at column 2: Unterminated string starting at"),  # "at at column"
    (_text(HEADER, "[1, 2]"), ":2: expected a JSON object"),
    (_text(HEADER, ROUND, {**ROUND, "round": 3}), ":3: round 3 where round 2 was expected"),
    (_text(HEADER, {**ROUND, "scores": [0, 0]}), ":2: round 1: 'scores' needs one entry per seat (1)"),
    (_text(HEADER, {k: v for k, v in ROUND.items() if k != "state"}), ":2: round lacks 'state'"),
    (_text(HEADER, ROUND, RESULT, ROUND), ":4: a 'round' line after the result line"),
    (_text(HEADER, {"type": "turn"}), ":2: unknown line type 'turn'"),
    (_text(HEADER, {**RESULT, "ranks": []}), ":2: result: 'ranks' needs one entry per seat (1)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_a_bad_replay_is_one_error_naming_the_line(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(ReplayError) as error:
        read_replay(path)
    assert str(error.value).startswith(f"{path}:") and message in str(error.value)


def test_a_line_cut_off_by_a_kill_is_dropped_and_said(worms_replay: Path, tmp_path: Path) -> None:
    text = worms_replay.read_text()
    cut = text[: text.index('{"type":"round","round":5') + 40]  # in the middle of round 5
    path = tmp_path / "cut.jsonl"
    path.write_text(cut)
    replay = read_replay(path)
    assert (len(replay.rounds), replay.result, replay.truncated) == (4, None, True)
    report = verify_replay(path)
    assert report.ok and not report.finished and "all 4 rounds agree" in report.summary()


# --- verification -------------------------------------------------------------------------------


def _set_move(round_index: int, seat: int, value: object) -> Callable[[Lines], None]:
    def change(lines: Lines) -> None:
        lines[round_index]["moves"][seat] = value
    return change


def _turn_worm_0(lines: Lines) -> None:
    moves = lines[5]["moves"]
    moves[0] = "l" if moves[0] != "l" else "r"


def _change(round_index: int, key: str, value: object) -> Callable[[Lines], None]:
    def change(lines: Lines) -> None:
        lines[round_index][key] = value
    return change


def _drop_event(lines: Lines) -> None:
    lines[3]["events"] = lines[3]["events"][1:]


def _add_point(lines: Lines) -> None:
    lines[7]["scores"][2] += 1


def _result_scores(lines: Lines) -> None:
    lines[-1]["scores"][0] += 5


TAMPERINGS = [
    ("a move", _turn_worm_0, 5),
    ("an event", _drop_event, 3),
    ("a score", _add_point, 7),
    ("a state", _change(9, "state", "sha256:" + "0" * 32), 9),
    ("a bad move", _set_move(2, 1, "x"), 2),
]


@pytest.mark.parametrize(("what", "change", "round_index"), TAMPERINGS, ids=[t[0] for t in TAMPERINGS])
def test_a_tampered_worms_replay_names_the_first_round_that_disagrees(
    what: str, change: Callable[[Lines], None], round_index: int, worms_replay: Path, tmp_path: Path,
) -> None:
    assert verify_replay(worms_replay).ok
    report = verify_replay(tampered(worms_replay, tmp_path / "t.jsonl", change))
    assert not report.ok
    assert report.first_bad is not None and report.first_bad.round == round_index
    assert all(check.ok for check in report.rounds[: round_index - 1])
    assert f"round {round_index} disagrees" in report.summary()


def test_a_tampered_result_line_is_named(worms_replay: Path, tmp_path: Path) -> None:
    report = verify_replay(tampered(worms_replay, tmp_path / "t.jsonl", _result_scores))
    assert all(check.ok for check in report.rounds) and not report.ok
    assert "result line" in report.summary() and "scores" in report.summary()


def test_a_tampered_kingdoms_answer_is_found(kingdoms_replay: Path, tmp_path: Path) -> None:
    assert verify_replay(kingdoms_replay).ok
    answer = lines_of(kingdoms_replay)[4]["moves"][2]
    report = verify_replay(tampered(kingdoms_replay, tmp_path / "t.jsonl", _set_move(4, 2, "t" if answer != "t" else "z")))
    assert report.first_bad is not None and report.first_bad.round == 4


def test_a_tampered_snake_move_is_found(snake_replay: Path, tmp_path: Path) -> None:
    assert verify_replay(snake_replay).ok

    def change(lines: Lines) -> None:
        moves = lines[6]["moves"]
        seat = next(i for i, m in enumerate(moves) if m is not None)
        moves[seat] = "down" if moves[seat] != "down" else "up"

    report = verify_replay(tampered(snake_replay, tmp_path / "t.jsonl", change))
    assert report.first_bad is not None and report.first_bad.round == 6 and "moves" in report.summary()


def test_rounds_after_the_end_are_named(kingdoms_replay: Path, tmp_path: Path) -> None:
    def one_more(lines: Lines) -> None:
        extra = dict(lines[-2], round=len(lines) - 1)
        lines.insert(len(lines) - 1, extra)

    report = verify_replay(tampered(kingdoms_replay, tmp_path / "t.jsonl", one_more))
    assert report.first_bad is not None and report.first_bad.round == 9 and "after the game's end" in report.summary()


# --- moves recorded for seats that could not move ------------------------------------------------


def _idle_map(path: Path) -> str:
    """Meadow with worm 1 frozen for 3 rounds and worm 2 dead from the start."""
    lines = Path(MEADOW).read_text().split("\n")
    lines[3], lines[4] = "30 2 31 2 3 0 0", "30 17 31 17 999999999 0 4"
    path.write_text("\n".join(lines))
    return str(path)


@pytest.fixture(scope="module")
def idle_replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Short recorded matches where some seat cannot move: a frozen and a dead worm, a dead
    kingdom, the Bio-blots player not on turn, a disqualified ITPW player."""
    folder = tmp_path_factory.mktemp("idle")
    kingdoms_field = "0/500: 25 10 1 1 3 3 0 0 0 0 0 0 0 0 25 10 1 1 3 3 0 25 10 1 1 3 3 0"
    itpw_random = str(ROOT / "samples" / "itpw" / "random_bot.py")
    setups = {
        "worms": MatchSetup("worms", (GREEDY,) * 4, 3, {"map": _idle_map(folder / "map.txt"), "rounds": 3}),
        "kingdoms": MatchSetup("kingdoms", (FARMER,) * 4, 3, {"playfield_text": kingdoms_field, "rounds": 3}),
        "bioblots": MatchSetup("bioblots", (str(ROOT / "samples" / "bioblots" / "random_bot.py"),) * 2, 3,
                               {"move_limit": 2}),
        "itpw": MatchSetup("itpw", (itpw_random, str(BOTS / "p_echo.py"), itpw_random, itpw_random), 3, {"turns": 3}),
    }
    paths = {}
    for game, setup in setups.items():
        paths[game] = folder / f"{game}.jsonl"
        run_match(setup, record=paths[game])
    return paths


IDLE_MOVES = [  # game, round, seat, the move recorded for it, why it could not move
    ("worms", 2, 1, "l", "frozen for 2 more rounds"),
    ("worms", 1, 2, ".", "dead"),
    ("kingdoms", 2, 1, "s", "dead"),
    ("bioblots", 2, 0, "0", "not its turn: player 1 moves"),
    ("bioblots", 3, 1, "1 aaab", "not its turn: player 0 moves"),
    ("itpw", 2, 1, {"move": "0"}, "disqualified: invalid move"),
]


@pytest.mark.parametrize(("game", "round_index", "seat", "move", "why"), IDLE_MOVES,
                         ids=[f"{m[0]}-{m[4].split(':')[0]}" for m in IDLE_MOVES])
def test_a_move_recorded_for_a_seat_that_could_not_move_is_named(
    game: str, round_index: int, seat: int, move: object, why: str, idle_replays: dict[str, Path], tmp_path: Path,
) -> None:
    replay = idle_replays[game]
    assert verify_replay(replay).ok
    assert lines_of(replay)[round_index]["moves"][seat] is None
    report = verify_replay(tampered(replay, tmp_path / "t.jsonl", _set_move(round_index, seat, move)))
    assert not report.ok and report.first_bad is not None and report.first_bad.round == round_index
    problem = report.first_bad.problems[0]
    assert f"round {round_index}: seat {seat}: a move is recorded" in problem and f"({why}" in problem
    assert f"round {round_index} disagrees" in report.summary()


def test_a_new_unit_recorded_for_an_itpw_player_who_got_none_is_named(idle_replays: dict[str, Path], tmp_path: Path) -> None:
    moves = lines_of(idle_replays["itpw"])[1]["moves"]
    owner = next(seat for seat, entry in enumerate(moves) if entry and ("unit" in entry or "unit_fault" in entry))
    other = next(seat for seat, entry in enumerate(moves) if entry and seat != owner)  # moved, got no unit

    def change(lines: Lines) -> None:
        lines[1]["moves"][other]["unit"] = "soldier"

    report = verify_replay(tampered(idle_replays["itpw"], tmp_path / "t.jsonl", change))
    assert report.first_bad is not None and report.first_bad.round == 1
    assert f"seat {other} (player {other + 1}): a new unit is recorded" in report.first_bad.problems[0]


def test_a_legacy_battle_replay_of_snakepit_battle_verifies_too(tmp_path: Path) -> None:
    """``snake-replay/1``, what ``snakepit battle --record`` wrote before it wrote match replays."""
    names = ("hunter", "tail_biter")
    programs = [load_program(ROOT / "samples" / "snake" / f"{n}.snake.json") for n in names]
    path = tmp_path / "battle.jsonl"
    with open(path, "w") as record:
        write_legacy_battle(programs, BattleSettings(3, 15, 15, 5, 25), record, names=list(names))
    assert verify_replay(path).ok
    lines = lines_of(path)
    lines[4]["events"][0][2] = "left" if lines[4]["events"][0][2] != "left" else "right"
    report = verify_replay(write_lines(tmp_path / "t.jsonl", lines))
    assert report.first_bad is not None and report.first_bad.round == 4


# --- the command line -----------------------------------------------------------------------------


def test_replay_summarises_and_verifies_on_the_command_line(
    worms_replay: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(worms_replay)]) == 0
    out = capsys.readouterr().out
    assert "worms, seed 17, 4 seats: greedy.sh" in out and "12 rounds, end round_limit (the round limit); " in out
    assert main(["replay", str(worms_replay), "--verify"]) == 0
    assert capsys.readouterr().out == f"{worms_replay}: all 12 rounds agree\n"
    bad = tampered(worms_replay, tmp_path / "t.jsonl", _add_point)
    assert main(["replay", str(bad), "--verify"]) == 1
    assert capsys.readouterr().out.startswith(f"{bad}:8: round 7 disagrees: scores recorded")


def test_a_seat_named_by_a_file_name_that_is_not_utf8_is_recorded_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Regression: ``snakepit battle $'\\xfe.snake.json' ... --record r.jsonl`` ended in a
    UnicodeEncodeError's traceback (the seat's name, a lone surrogate, written into a UTF-8 file)
    and left an empty replay; a tournament's game with such an entrant failed the same way."""
    program = tmp_path / os.fsdecode(b"\xfe.snake.json")
    program.write_bytes((ROOT / "samples" / "snake" / "hunter.snake.json").read_bytes())
    record = tmp_path / "r.jsonl"
    assert main(["battle", str(program), "tail_biter", "--seed", "1", "--steps", "3", "--record", str(record)]) == 0
    assert read_replay(record).seats[0]["name"] == program.name
    assert main(["replay", str(record), "--verify"]) == 0
    assert capsys.readouterr().out.endswith(f"{record}: all 3 rounds agree\n")


def test_a_file_name_that_is_not_utf8_is_printed_as_its_bytes(tmp_path: Path) -> None:
    """Regression: with a strict stdout (``PYTHONIOENCODING=utf-8``, most desktop locales),
    ``snakepit check $'\\xfe.snake.json'`` ended in a UnicodeEncodeError's traceback."""
    program = tmp_path / os.fsdecode(b"\xfe.snake.json")
    program.write_bytes((ROOT / "samples" / "snake" / "hunter.snake.json").read_bytes())
    done = subprocess.run([str(SNAKEPIT), "check", "--no-sample", str(program)], capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(os.fsencode(program) + b": valid, 4 cards")


@pytest.mark.parametrize(("text", "message"), [
    (None, "No such file or directory"),
    (_text(HEADER, "{oops"), ":2: not JSON"),
    (_text({**HEADER, "game": "chess"}), ":1: unknown game 'chess'"),
])
def test_replay_of_a_bad_file_is_exit_2_and_one_line(
    text: str | None, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "r.jsonl"
    if text is not None:
        path.write_text(text)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("snakepit: ") and message in err and str(path) in err


@pytest.mark.parametrize(("kind", "why"), [
    ("missing", "No such file or directory"),
    ("folder", "Is a directory"),
    ("link loop", "Too many levels of symbolic links"),
])
def test_a_replay_that_cannot_be_read_is_a_replay_error_naming_the_file(kind: str, why: str, tmp_path: Path) -> None:
    """Every caller catches one error type: read_replay let the OSError of a missing file through."""
    path = {"missing": tmp_path / "gone.jsonl", "folder": tmp_path, "link loop": tmp_path / "loop.jsonl"}[kind]
    (tmp_path / "loop.jsonl").symlink_to(tmp_path / "loop.jsonl")
    for read in (read_replay, verify_replay):
        with pytest.raises(ReplayError) as raised:
            read(path)
        assert str(raised.value) == f"{path}: cannot read it: {why}"


def test_the_summary_gives_the_end_code_and_the_game_s_words_for_it() -> None:
    assert end_with_words("worms", "round_limit") == "round_limit (the round limit)"
    assert end_with_words("snake", "one_left") == "one_left (only one snake left)"
    assert end_with_words("worms", "frozen") == "frozen"  # a code the game has no words for: as it is
    assert end_with_words("no such game", "round_limit") == "round_limit"
    assert end_with_words("worms", None) == "?"
