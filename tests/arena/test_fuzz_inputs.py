"""Bad input never ends in a traceback: every reader of a user's file, fed seeded mutations of a
good file, either reads it or rejects it the way the command line promises (exit status 2 and one
line on stderr naming the file and the line).

Readers covered: snake programs (``snakepit check``), positions (``explain``), worms maps,
kingdoms playfields and Bio-blots boards (``match``: the file is read before the bots, so a good
file ends at the missing bot), replays of every game and the legacy ``snake-replay/1``
(``replay --verify``), a tournament's ``tournament.json`` and ``games.jsonl`` (``tournament
--out``), and, without a command of their own, ITPW's state text and the kingdoms history.

The loop is bounded (:data:`CASES` per reader, seeded) so the suite stays fast; the regressions
of the outside fuzzing (issue 14: 79 of 8,400 cases ended in a traceback, from six causes) are
spelled out first."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.cli import main
from arena.match import MatchSetup, run_match
from arena.program_battle import BattleSettings
from engines.bioblots import board_to_text, generate_board
from engines.itpw import ItpwError, start_state as itpw_start, state_from_text as itpw_from_text
from engines.itpw import state_to_text as itpw_text
from engines.kingdoms import PlayfieldError, history_from_text
from engines.snake import start_position
from matcher import load_program
from matcher.fileformat import dumps_position
from tests.arena.legacy_battles import write_legacy_battle
from tests.arena.test_match_api import FARMER, GREEDY, ROOT

CASES = 30
"""Mutated files per reader (each one or two mutations of a good file)."""
NO_BOT = "/nonexistent/bot"
HUGE = "9" * 4400
DEEP = "[" * 100_000 + "]" * 100_000
LINE = re.compile(r"(:\d+|:? line \d+)")


def run_cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    return status, err.getvalue()


def assert_rejected_well(status: int, err: str, path: Path) -> None:
    """Exit 0 or 1 (read; a replay that disagrees, a program's failing test), or exit 2 with one
    line that names the line of the file when it names the file."""
    assert status in (0, 1, 2), (status, err)
    if status == 2:
        assert len(err.splitlines()) == 1 and err.startswith("snakepit: "), err
        if str(path) in err:
            assert LINE.search(err.split(str(path), 1)[1][:20]), f"no line named: {err}"


# --- the six causes of tracebacks found by the outside fuzzing -------------------------------------


def _legacy(tmp_path: Path) -> list[dict[str, object]]:
    programs = [load_program(ROOT / "samples" / "snake" / f"{n}.snake.json") for n in ("hunter", "tail_biter")]
    path = tmp_path / "legacy.jsonl"
    with open(path, "w") as record:
        write_legacy_battle(programs, BattleSettings(1, 11, 11, 4, 4), record, names=["a", "b"])
    return [json.loads(line) for line in path.read_text().splitlines()]


def _lines(path: Path, values: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(v) + "\n" for v in values))
    return path


def test_a_number_of_over_4300_digits_in_a_worms_map_ended_in_a_traceback_now_names_line_and_column(
    tmp_path: Path,
) -> None:
    lines = (ROOT / "samples" / "worms" / "meadow.txt").read_text().split("\n")
    lines[2] = lines[2].replace(" 0 0 0", f" 0 0 {HUGE}", 1)
    path = tmp_path / "map.txt"
    path.write_text("\n".join(lines))
    status, err = run_cli(["match", "worms", "--map", str(path), *["--bot", NO_BOT] * 4])
    assert status == 2 and re.match(rf"snakepit: {re.escape(str(path))}:3:\d+: the number 9+… has more than 18 digits", err)


GOOD_HEADER = ('{"type": "header", "format": "match-replay/1", "game": "worms", "seed": 1, "options": {}, '
               '"seats": [{"name": "a"}]}\n')
"""A header that reads (a replay is checked line by line, its header first)."""


def test_a_number_of_over_4300_digits_in_a_replay_ended_in_a_traceback_now_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(GOOD_HEADER + '{"type": "round", "round": ' + HUGE + "}\n")
    status, err = run_cli(["replay", str(path)])
    assert status == 2 and err == (f"snakepit: {path}:2: not a replay line: a number of 4400 digits at column 28 "
                                   "(at most 4300 are read)\n")


def test_100000_deep_nesting_in_a_replay_ended_in_a_recursion_error_now_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(GOOD_HEADER + DEEP + "\n")
    status, err = run_cli(["replay", str(path), "--verify"])
    assert (status, err) == (2, f"snakepit: {path}:2: not a replay line: nested too deeply\n")


@pytest.mark.parametrize(("what", "change", "message"), [
    ("a float seat number", lambda v: v[2]["events"].__setitem__(0, ["move", 1.0, "up"]), ":3: a move of snake 1.0"),
    ("1e999 steps", lambda v: v[0].__setitem__("max_steps", float("inf")), ":1: not a snake-replay/1 header: "
                                                                            "'max_steps' must be a whole number"),
    ("a result line without lengths", lambda v: v[-1].pop("lengths"), "result: 'lengths' must list a whole number"),
], ids=["float-seat", "1e999-steps", "no-lengths"])
def test_a_legacy_snake_replay_with_a_bad_value_ended_in_a_traceback_now_names_the_line(
    what: str, change: Callable[[list[dict[str, object]]], object], message: str, tmp_path: Path,
) -> None:
    """A float seat number (``1.0 in range(2)`` is true, then ``moves[1.0]`` a TypeError),
    ``1e999`` steps (``int(inf)``: OverflowError), a result without ``lengths`` (a TypeError in
    ``snakepit replay``'s summary)."""
    values = _legacy(tmp_path)
    change(values)
    path = _lines(tmp_path / "bad.jsonl", values)
    for argv in (["replay", str(path)], ["replay", str(path), "--verify"]):
        status, err = run_cli(argv)
        assert status == 2 and err.startswith(f"snakepit: {path}:") and message in err and err.count("\n") == 1


# --- the seeded mutation loop over every reader ----------------------------------------------------


def mutate(text: str, rng: random.Random) -> str:
    """One random edit of ``text``: a character deleted or inserted (JSON punctuation, a line end,
    a byte that is not UTF-8, a BOM), a number replaced by a huge, infinite, negative or
    fractional one, deep nesting inserted, the text cut, a line dropped or duplicated, a key renamed."""
    if not text:
        return rng.choice(["x", "{", "\n"])
    i = rng.randrange(len(text))
    numbers = list(re.finditer(r"\d+", text))
    keys = list(re.finditer(r'"\w+"\s*:', text))
    lines = text.split("\n")
    match rng.randrange(9):
        case 0:
            return text[:i] + text[i + 1:]
        case 1:
            piece = rng.choice(['{', '}', '[', ']', '"', ',', ':', '-', '\n', '\r', '\x00', 'é', '\ufeff', '\udcff',
                                '1.5', 'null', 'true', ' ', '#', '.', '1e999', 'NaN'])
            return text[:i] + piece + text[i:]
        case 2 if numbers:
            found = rng.choice(numbers)
            value = rng.choice([HUGE, "1e999", "-1", "1.5", "0", "99999999999999999999", "Infinity", "true", '"7"'])
            return text[:found.start()] + value + text[found.end():]
        case 3:
            return text[:i]
        case 4:
            return text[:i] + DEEP + text[i:]
        case 5:
            del lines[rng.randrange(len(lines))]
            return "\n".join(lines)
        case 6:
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            return "\n".join(lines)
        case 7 if keys:
            found = rng.choice(keys)
            return text[:found.start()] + '"zz":' + text[found.end():]
        case _:
            return text.replace('"', "'", 1)


def mutations(text: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    cases = []
    for _ in range(CASES):
        mutated = text
        for _ in range(rng.randrange(1, 3)):
            mutated = mutate(mutated, rng)
        cases.append(mutated)
    return cases


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))  # '\udcff' becomes the byte 0xff
    return path


@pytest.fixture(scope="module")
def good_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One good file per reader: samples, and replays of short matches of every game."""
    folder = tmp_path_factory.mktemp("good")
    files = {
        "program": (ROOT / "samples" / "snake" / "hunter.snake.json").read_text(),
        "position": dumps_position(start_position(2, 11, 11, 4)),
        "worms-map": (ROOT / "samples" / "worms" / "meadow.txt").read_text(),
        "kingdoms-playfield": (ROOT / "samples" / "kingdoms" / "default_playfield.txt").read_text(),
        "bioblots-board": board_to_text(generate_board(random.Random(1))),
    }
    setups = {
        "worms": MatchSetup("worms", (GREEDY,) * 4, 1, {"map": str(ROOT / "samples" / "worms" / "meadow.txt"),
                                                       "rounds": 3}),
        "kingdoms": MatchSetup("kingdoms", (FARMER,) * 4, 1, {"rounds": 3}),
        "bioblots": MatchSetup("bioblots", (str(ROOT / "samples" / "bioblots" / "random_bot.py"),) * 2, 1,
                               {"move_limit": 2}),
        "itpw": MatchSetup("itpw", (str(ROOT / "samples" / "itpw" / "random_bot.py"),) * 4, 1, {"turns": 2}),
        "snake": MatchSetup("snake", ("hunter", "tail_biter"), 1, {"width": 11, "height": 11, "length": 4, "steps": 4}),
    }
    for game, setup in setups.items():
        run_match(setup, record=folder / f"{game}.jsonl", host_root=folder)
        files[f"replay-{game}"] = (folder / f"{game}.jsonl").read_text()
    files["replay-legacy"] = "".join(json.dumps(v) + "\n" for v in _legacy(folder))
    return files


def _argv(reader: str, path: Path) -> list[str]:
    if reader.startswith("replay-"):
        return ["replay", str(path), "--verify"]
    return {
        "program": ["check", str(path)],
        "position": ["explain", str(ROOT / "samples" / "snake" / "hunter.snake.json"), str(path)],
        "worms-map": ["match", "worms", "--map", str(path), *["--bot", NO_BOT] * 4],
        "kingdoms-playfield": ["match", "kingdoms", "--playfield", str(path), *["--bot", NO_BOT] * 4],
        "bioblots-board": ["match", "bioblots", "--board", str(path), *["--bot", NO_BOT] * 2],
    }[reader]


READERS = ["program", "position", "worms-map", "kingdoms-playfield", "bioblots-board",
           *(f"replay-{g}" for g in ("worms", "kingdoms", "bioblots", "itpw", "snake", "legacy"))]


@pytest.mark.parametrize("reader", READERS)
def test_a_mutated_file_is_read_or_rejected_in_one_line_naming_the_line(
    reader: str, good_files: dict[str, str], tmp_path: Path,
) -> None:
    path = tmp_path / "input.txt"
    status, err = run_cli(_argv(reader, write(path, good_files[reader])))
    assert status in (0, 1, 2) and (status != 2 or NO_BOT in err), err  # the good file itself is read
    for number, text in enumerate(mutations(good_files[reader], READERS.index(reader))):
        status, err = run_cli(_argv(reader, write(path, text)))
        assert_rejected_well(status, err, path)


TOURNAMENT = ["tournament", "snake", "--entrant", "a=hunter", "--entrant", "b=tail_biter", "--jobs", "1",
              "--steps", "3", "--size", "9x9", "--length", "3", "--seed", "1"]


@pytest.mark.parametrize("name", ["tournament.json", "games.jsonl"])
def test_a_mutated_tournament_file_is_read_or_rejected_in_one_line_naming_the_line(name: str, tmp_path: Path) -> None:
    good = tmp_path / "good"
    assert run_cli([*TOURNAMENT, "--out", str(good)])[0] == 0
    text = (good / name).read_text()
    for number, mutated in enumerate(mutations(text, len(name))):
        out = tmp_path / f"t{number}"
        shutil.copytree(good, out)
        write(out / name, mutated)
        status, err = run_cli([*TOURNAMENT, "--out", str(out)])
        assert_rejected_well(status, err, out / name)
        shutil.rmtree(out)


@pytest.mark.parametrize(("reader", "error"), [
    (lambda text: itpw_from_text(text, where="s"), ItpwError),
    (lambda text: history_from_text(text, where="s"), PlayfieldError),
], ids=["itpw-state", "kingdoms-history"])
def test_a_mutated_state_text_or_history_is_read_or_one_error_naming_the_line(
    reader: Callable[[str], object], error: type[Exception],
) -> None:
    good = itpw_text(itpw_start()) if error is ItpwError else "0/9: " + " ".join(["25 10 1 1 3 3 0"] * 4) + "\n"
    reader(good)
    for text in mutations(good, 7):
        try:
            reader(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
        except error as problem:
            message = str(problem)
            assert "\n" not in message and re.match(r"s(:\d+| line \d+)", message), message


@pytest.mark.parametrize("argv", [
    ["check", "/dev/zero"], ["explain", "hunter", "/dev/zero"], ["replay", "/dev/zero"],
    ["match", "worms", "--map", "/dev/zero", *["--bot", NO_BOT] * 4],
], ids=["program", "position", "replay", "worms-map"])
def test_an_endless_file_is_refused_after_a_limit_not_read_until_memory_runs_out(
    argv: list[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: ``snakepit check /dev/zero`` read until the machine ran out of memory (a
    MemoryError's traceback under a memory limit). The limits are made small here, so that the
    test reads little; the readers are the same."""
    monkeypatch.setattr("matcher.bounded.TEXT_LIMIT", 1 << 20)
    monkeypatch.setattr("arena.replay.REPLAY_LIMIT", 1 << 20)
    status, err = run_cli(argv)
    if argv[0] == "replay":  # read line by line: the limit is a line's
        assert (status, err) == (2, "snakepit: /dev/zero:1: a line of more than 1 MiB: not a replay line\n")
        return
    assert (status, err) == (2, "snakepit: /dev/zero: larger than 1 MiB: not a file snakepit reads\n")
