"""Usage errors name what the user typed: the flag (``--time-limit``, not "option time_limit"),
the command whose help lists the flags (``snakepit match --help``, not ``snakepit --help``)."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from editor.cli import main

FOUR = [part for _ in range(4) for part in ("--bot", "greedy")]


@pytest.mark.parametrize(("argv", "said"), [
    (["match", "worms", "--map", "meadow", *FOUR, "--time-limit", "-1"],
     "snakepit: match worms: --time-limit: expected a positive number of seconds, got -1.0"),
    (["match", "worms", "--map", "meadow", *FOUR, "--line-end", "lfcr"],
     "snakepit: match worms: --line-end: expected lf, crlf or cr, got 'lfcr'"),
    (["match", "worms", "--map", "meadow", *FOUR, "--allow-network", "7"],
     "snakepit: match worms: --allow-network 7: there are seats 0 to 3"),
    (["match", "snake", "--bot", "hunter", "--bot", "hunter", "--size", "60x60"],
     "snakepit match: unrecognized arguments: --size 60x60 (see 'snakepit match --help')"),
    (["replay", "a.jsonl", "b.jsonl"],
     "snakepit replay: unrecognized arguments: b.jsonl (see 'snakepit replay --help')"),
    # a replay given for a position or a program: it said "line 2, column 1: invalid JSON: Extra data"
    (["explain", "hunter", "battle.jsonl"], "snakepit: battle.jsonl: a replay, not a position file (.position.json)"),
    (["explain", "battle.jsonl", "a.position.json"], "snakepit: battle.jsonl: a replay, not a program (.snake.json)"),
    (["check", "battle.jsonl"], "snakepit: battle.jsonl: a replay, not a program (.snake.json)"),
    (["battle", "battle.jsonl", "hunter", "--seed", "1"], "snakepit: battle.jsonl: a replay, not a program (.snake.json)"),
    (["diff", "hunter", "battle.jsonl"], "snakepit: battle.jsonl: a replay, not a program (.snake.json)"),
    (["card", "battle.jsonl", "a.position.json", "--snake", "0"],
     "snakepit: battle.jsonl: a replay, not a program (.snake.json)"),
    # "-" for standard input, as many tools take it: it said only "No such file or directory"
    (["replay", "-"], "snakepit: -: cannot read it: no such file (to read standard input, name /dev/stdin)"),
    (["stats", "-"], "snakepit: -: cannot read it: no such file (to read standard input, name /dev/stdin)"),
])
def test_a_usage_error_names_the_flag_and_the_commands_help(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        raise SystemExit(main(argv))
    assert exit_.value.code == 2
    assert capsys.readouterr().err == said + "\n"


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("argv", [["diff", "hunter", "tail_biter"], ["rules", "worms"]])
def test_output_that_cannot_be_written_is_named(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``snakepit stats DIR > /dev/full`` said only "snakepit: No space left on device"."""
    monkeypatch.setattr("sys.stdout", FullDisk())
    assert main(argv) == 2
    assert capsys.readouterr().err == "snakepit: standard output: No space left on device\n"


@pytest.mark.parametrize(("argv", "flag"), [
    (["improve", "hunter", "--against", "tail_biter", "--budget", "1", "--seed", "1", "--out", "{dir}"], "--out"),
    (["battle", "hunter", "tail_biter", "--seed", "1", "--record", "{dir}"], "--record"),
    (["match", "kingdoms", *[p for _ in range(4) for p in ("--bot", "farmer")], "--history", "{dir}"], "--history"),
])
def test_an_output_that_is_a_folder_is_refused_before_anything_runs(
    argv: list[str], flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """``improve --out DIR`` searched for its whole budget, then lost what it found:
    "snakepit: /.tmp.8443-n76yizay.tmp: Is a directory"."""
    assert main([word.format(dir=tmp_path) for word in argv]) == 2
    assert capsys.readouterr() == ("", f"snakepit: {flag} {tmp_path}: a folder; name a file (in it: {tmp_path}/FILE)\n")


def test_an_output_in_no_folder_is_refused_before_anything_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``improve --out no/such/x.snake.json`` searched its whole budget, then lost what it found:
    "snakepit: no/such/.x.snake.json.9094-b1_qz_9h.tmp: No such file or directory"."""
    out = tmp_path / "no" / "x.snake.json"
    assert main(["improve", "hunter", "--against", "tail_biter", "--budget", "1", "--seed", "1", "--out", str(out)]) == 2
    assert capsys.readouterr() == ("", f"snakepit: --out {out}: there is no folder {out.parent}\n")


def test_with_stderr_closed_stdout_holds_only_the_result(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``snakepit match ... 2>&-`` (Python's stderr is None): print(file=None) wrote the progress
    into stdout, before the JSON a script reads."""
    monkeypatch.setattr("sys.stderr", None)
    assert main(["match", "snake", "--bot", "hunter", "--bot", "tail_biter", "--rounds", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('{"game": "snake", "rounds": 3,') and len(out.splitlines()) == 1
