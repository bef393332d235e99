"""``snakepit replay FILE --stderr SEAT`` when there is nothing to print: it printed nothing at all
(a seat that wrote nothing, a snake battle whose programs have no stderr), leaving the user to
guess whether the flag worked; with ``--verify`` the flag was ignored without a word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli import main

HERE = Path(__file__).parent
GOLDEN, LEGACY = HERE / "golden", HERE / "legacy" / "battle.jsonl"


def bot_replay(tmp_path: Path) -> tuple[Path, int]:
    """The golden Kingdoms replay, where one seat wrote to stderr once: the replay and that seat."""
    lines = (GOLDEN / "kingdoms.jsonl").read_text().splitlines()[:-1]  # less its test-only last line
    rounds = [json.loads(line) for line in lines[1:] if json.loads(line)["type"] == "round"]
    for value in rounds:
        for record in value["records"]:
            record.pop("stderr", None)
    rounds[2]["records"][1]["stderr"] = "thinking hard\n"
    path = tmp_path / "kingdoms.jsonl"
    path.write_text("\n".join([lines[0], *map(json.dumps, rounds), *lines[1 + len(rounds):]]) + "\n")
    return path, 1


def test_a_seat_that_wrote_nothing_is_said_to_have_written_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay, talker = bot_replay(tmp_path)
    assert main(["replay", str(replay), "--stderr", "0", "--stderr", str(talker)]) == 0
    out, err = capsys.readouterr()
    assert out == f"round 3: seat {talker} stderr: thinking hard\n"
    assert err.startswith(f"snakepit: {replay}: seat 0 (") and err.endswith(") wrote nothing to stderr in the 20 rounds recorded\n"), err


def test_stderr_of_a_snake_battle_is_refused_with_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(LEGACY), "--stderr", "0"]) == 2
    assert "--stderr: a snake battle's seats are card programs, which write no stderr" in capsys.readouterr().err


def test_verify_with_stderr_is_refused_not_half_done(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay, _ = bot_replay(tmp_path)
    assert main(["replay", str(replay), "--verify", "--stderr", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--verify and --stderr: one at a time" in err


def test_a_replays_names_and_options_cannot_drive_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seat named with an escape sequence (retitle the window, clear the screen) in a replay
    someone sent was printed raw by the summary; it is shown as its escapes, as stderr already was."""
    lines = (GOLDEN / "kingdoms.jsonl").read_text().splitlines()[:-1]
    header = json.loads(lines[0])
    header["seats"][1]["name"] = "evil\x1b]0;pwned\x07\x1b[2J.py"
    header["options"]["x\x1b[31m"] = "y"
    replay = tmp_path / "evil.jsonl"
    replay.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "evil\\x1b]0;pwned\\x07\\x1b[2J.py" in out and "x\\x1b[31m y" in out
