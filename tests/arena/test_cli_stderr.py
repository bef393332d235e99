"""``--stderr SEAT``: a bot writer sees what their bot wrote to stderr, live and from a replay,
bounded in size and never obeyed by the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus, Limits, TurnRecord
from arena.cli_progress import status_lines
from arena.cli_stderr import STDERR_LINE_LIMIT, stderr_lines
from arena.closing import after_game
from arena.match import RoundInfo
from tests.arena.test_match_api import GREEDY, MEADOW
from tests.arena.test_match_cli import bots, run

ESCAPES = "\x1b]0;PWNED\x07\x1b[31mred\x1b[0m"


def _bot(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


def test_match_prints_the_chosen_seats_stderr_each_round_and_the_replay_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    talker = _bot(tmp_path, "talker.sh", '#!/bin/sh\necho "thinking about $2" >&2\necho "" >&2\necho l\n')
    record = tmp_path / "r.jsonl"
    code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(GREEDY, talker, GREEDY, talker),
                       "--seed", 5, "--rounds", 2, "--stderr", 1, "--record", record)
    assert code == 0, err
    said = [line for line in err.splitlines() if "stderr" in line]
    assert said == ["round 1: seat 1 stderr: thinking about 1", "round 2: seat 1 stderr: thinking about 1"]

    code, out, err = run(capsys, "replay", record, "--stderr", 3, "--stderr", 1)
    assert code == 0, err
    assert out.splitlines() == [f"round {r}: seat {s} stderr: thinking about {s}" for r in (1, 2) for s in (1, 3)]


def test_without_the_flag_nothing_of_stderr_is_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    talker = _bot(tmp_path, "talker.sh", "#!/bin/sh\necho secret-thoughts >&2\necho l\n")
    code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(talker, GREEDY, GREEDY, GREEDY),
                       "--seed", 5, "--rounds", 1)
    assert code == 0, err
    assert "secret-thoughts" not in err


@pytest.mark.parametrize("command", [["match", "worms", "--map", MEADOW, *bots(GREEDY, GREEDY, GREEDY, GREEDY)],
                                     ["replay", "REPLAY"]])
def test_a_seat_the_match_lacks_is_one_line_naming_it(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.jsonl"
    assert run(capsys, "match", "worms", "--map", MEADOW, *bots(GREEDY, GREEDY, GREEDY, GREEDY), "--seed", 1,
               "--rounds", 1, "--record", record)[0] == 0
    args = [str(record) if part == "REPLAY" else part for part in command]
    code, out, err = run(capsys, *args, "--stderr", 4)
    assert code == 2 and out == ""
    assert err.endswith(": --stderr 4: there are seats 0 to 3\n") and err.count("\n") == 1


def test_a_flood_prints_only_each_turns_tail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flood = _bot(tmp_path, "flood.py", "import sys\nfor i in range(20000): print('line', i, file=sys.stderr)\n"
                                       "print('l', flush=True)\n")
    code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(flood, GREEDY, GREEDY, GREEDY),
                       "--seed", 5, "--rounds", 1, "--stderr", 0)
    assert code == 0, err
    said = [line.removeprefix("round 1: seat 0 stderr: ") for line in err.splitlines() if "stderr:" in line]
    assert said[-1] == "line 19999" and sum(len(line) + 1 for line in said) <= 4096


def test_what_a_bot_wrote_reaches_the_terminal_escaped_not_obeyed() -> None:
    assert stderr_lines(3, 0, f"ok\n{ESCAPES}\n") == [
        "round 3: seat 0 stderr: ok", r"round 3: seat 0 stderr: \x1b]0;PWNED\x07\x1b[31mred\x1b[0m"]
    record = TurnRecord(BotStatus.CRASHED, f"exited with code 3 without answering: {ESCAPES}")
    info = RoundInfo(1, None, (record,), (), (), (0,))
    [line] = status_lines(info, ["evil.py"], set())
    assert "\x1b" not in line and "\x07" not in line and line.endswith(r"\x1b[0m")
    [long] = stderr_lines(1, 0, "x" * 1000)
    assert len(long) == STDERR_LINE_LIMIT and long.endswith("…")


def test_what_a_bot_writes_after_the_game_is_its_last_records_and_an_unclean_exit_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A persistent bot's goodbye and its traceback at the end were lost (its input closed, it
    answered nothing more), and the note on its error exit, on a record that stays "ok", was
    never printed."""
    bot = _bot(tmp_path, "ender.py", "import sys\nme = sys.stdin.readline()\n"
                                     "for line in sys.stdin:\n    if line.split()[0] == me.strip(): print(0, flush=True)\n"
                                     "print('bye', file=sys.stderr)\nraise RuntimeError('at the end')\n")
    record = tmp_path / "r.jsonl"
    code, _, err = run(capsys, "match", "itpw", *bots(bot, "random_bot", "random_bot", "random_bot"), "--seed", 1,
                       "--rounds", 2, "--stderr", 0, "--record", record)
    assert code == 0, err
    lines = err.splitlines()
    assert ("round 2: seat 0 (ender.py) note: after the game: crashed: exited with code 1 after its input was closed "
            "(RuntimeError: at the end)") in lines
    said = [line for line in lines if line.startswith("round 2: seat 0 stderr: ")]
    assert said[0] == "round 2: seat 0 stderr: bye" and said[-1] == "round 2: seat 0 stderr: RuntimeError: at the end"
    code, out, _ = run(capsys, "replay", record, "--stderr", 0)
    assert out.splitlines() == said


def test_after_the_game_the_stderr_kept_is_bounded() -> None:
    last = TurnRecord(BotStatus.OK, "", "0", 0.0, 0.0, "a" * 4000)
    ended = TurnRecord(BotStatus.OK, "exited after its input was closed", None, 0.0, 0.0, "b" * 4000)
    joined = after_game(last, ended, Limits().stderr_tail)
    assert joined.stderr_tail == ("a" * 4000 + "b" * 4000)[-4096:] and joined.reason == ""
    assert after_game(last, None, Limits().stderr_tail) is last


def test_a_replays_summary_says_why_each_seat_got_each_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A replay said "statuses ok crashed" and no more: why, the bot writer had to dig out of its JSON."""
    crasher = _bot(tmp_path, "crasher.py", "raise SystemExit('no map for me')\n")
    record = tmp_path / "r.jsonl"
    code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(GREEDY, crasher, GREEDY, GREEDY), "--seed", 5,
                       "--rounds", 2, "--record", record)
    assert code == 0, err
    code, out, _ = run(capsys, "replay", record)
    assert code == 0
    said = "round 1: seat 1 (crasher.py) crashed: exited with code 1 without answering: no map for me"
    assert out.splitlines()[2].endswith("statuses ok crashed ok ok") and out.splitlines()[3:] == [said]
    assert said in err.splitlines()  # as the match's progress said it

    lines = record.read_text().splitlines()
    lines[1] = lines[1].replace('"status":"crashed"', '"status":"exploded"')
    record.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "replay", record)  # a status from a newer version: read, and said as it was written
    assert code == 0 and out.splitlines()[3:] == [
        "round 1: seat 1 (crasher.py) unknown: status 'exploded' (unknown to this version): exited with code 1"
        " without answering: no map for me", said.replace("round 1", "round 2")], out
