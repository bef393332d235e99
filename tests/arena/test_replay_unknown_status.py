"""A replay written by a newer snakepit may hold a bot status this version does not know: it is
read (the status shown as text, named as unknown), not refused at that round; every known status
reads as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.bots import BotStatus, TurnRecord
from arena.cli import main

GOLDEN_KINGDOMS = Path(__file__).parent / "golden" / "kingdoms.jsonl"
UNKNOWN = "status 'frozen' (unknown to this version)"


def frozen_kingdoms(folder: Path) -> tuple[Path, int]:
    """``(replay, round)``: the golden Kingdoms replay with seat 1's record of one round saying 'frozen'."""
    lines = GOLDEN_KINGDOMS.read_text().splitlines()[:-1]  # less the golden transcript's test-only last line
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "round")
    value = json.loads(lines[index])
    value["records"][1]["status"] = "frozen"
    value["records"][1]["reason"] = "thawing"
    lines[index] = json.dumps(value)
    replay = folder / "newer.jsonl"
    replay.write_text("\n".join(lines) + "\n")
    return replay, int(value["round"])


def test_an_unknown_status_is_read_as_text_and_known_ones_as_before() -> None:
    record = TurnRecord.from_json({"status": "frozen", "reason": "thawing", "wall": 0.5})
    assert (record.status, record.reason, record.wall_time) == (BotStatus.UNKNOWN, f"{UNKNOWN}: thawing", 0.5)
    assert TurnRecord.from_json({"status": "frozen"}).reason == UNKNOWN
    for status in BotStatus:
        assert TurnRecord.from_json({"status": status.label, "reason": "r"}) == TurnRecord(status, "r")


def test_snakepit_replay_reads_a_replay_with_an_unknown_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay, number = frozen_kingdoms(tmp_path)
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out
    assert f"round {number}: seat 1 (random_bot.py) unknown: {UNKNOWN}: thawing" in out, out


def test_verify_says_the_status_is_unknown_to_this_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "its record says unknown with the answer 'f', which is the move None"."""
    replay, number = frozen_kingdoms(tmp_path)
    assert main(["replay", "--verify", str(replay)]) != 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert (f"seat 1: {UNKNOWN}, written by a newer snakepit?: this version cannot check the round's records"
            in said), said
    assert "which is the move" not in said
