"""Battle replays in the old format (``snake-replay/1``), which ``snakepit battle --record`` wrote
before it went through the match API: a file the app wrote then still reads, summarises and
verifies, and the tests' copy of the old writer writes that very file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from arena.cli import main
from arena.moments import replay_moments
from arena.program_battle import BattleSettings, play_battle
from arena.replay import read_replay, verify_replay
from arena.samples import SNAKE_SAMPLES
from matcher import load_program
from tests.arena.legacy_battles import LEGACY_FORMAT, OLD_FILE, write_legacy_battle

NAMES = ("hunter", "tail_biter", "wall_hugger")
SETTINGS = BattleSettings(5, 13, 13, 5, 60)


def test_the_tests_writer_writes_what_the_app_wrote() -> None:
    programs = [load_program(SNAKE_SAMPLES / f"{name}.snake.json") for name in NAMES]
    record = io.StringIO()
    result = write_legacy_battle(programs, SETTINGS, record, names=[f"{name}.snake.json" for name in NAMES])
    assert record.getvalue() == OLD_FILE.read_text(encoding="utf-8")
    assert result == play_battle(programs, SETTINGS)


def test_an_old_battle_replay_reads_as_a_match_replay() -> None:
    header = json.loads(OLD_FILE.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == LEGACY_FORMAT
    replay = read_replay(OLD_FILE)
    assert (replay.game, replay.seed, [seat["name"] for seat in replay.seats]) == (
        "snake", 5, [f"{name}.snake.json" for name in NAMES])
    assert replay.options == {"width": 13, "height": 13, "length": 5, "steps": 60}
    assert len(replay.rounds) == 60 and replay.result is not None
    assert (replay.result["rounds"], replay.result["end"]) == (60, "step_limit")
    moves = [m for m in replay_moments(replay) if m.move is not None]
    assert len(moves) > 100 and all(m.move in m.best for m in moves)


def test_an_old_battle_replay_summarises_and_verifies_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(OLD_FILE)]) == 0
    out = capsys.readouterr().out
    assert "snake, seed 5, 3 seats: hunter.snake.json, tail_biter.snake.json, wall_hugger.snake.json" in out
    assert "60 rounds, end step_limit" in out
    assert main(["replay", str(OLD_FILE), "--verify"]) == 0
    assert capsys.readouterr().out == f"{OLD_FILE}: all 60 rounds agree\n"


def test_a_changed_move_in_an_old_battle_replay_is_found(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in OLD_FILE.read_text(encoding="utf-8").splitlines()]
    move = next(event for event in lines[10]["events"] if event[0] == "move")
    move[2] = "left" if move[2] != "left" else "right"
    changed = tmp_path / "changed.jsonl"
    changed.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = verify_replay(changed)
    assert not report.ok and report.first_bad is not None and report.first_bad.round == 10
