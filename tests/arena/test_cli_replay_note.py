"""``snakepit replay`` (and ``snakepit match``) say an after-game note: a bot killed for ignoring the
end of its input keeps its "ok" (its game stands) and its note sat on a skipped record, so the
command line said nothing of it while the app's scoreboard did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli import main

GOLDEN = Path(__file__).parent / "golden" / "bioblots.jsonl"
NOTE = "after the game: killed: still running 1.000 s after its input was closed"


def test_the_replay_summary_says_a_seats_note_after_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = GOLDEN.read_text().splitlines()[:-1]  # less the golden transcript's test-only last line
    last = max(i for i, line in enumerate(lines) if json.loads(line)["type"] == "round")
    value = json.loads(lines[last])
    seat = next(i for i, record in enumerate(value["records"]) if record["status"] == "skipped")
    value["records"][seat]["reason"] += f"; {NOTE}"
    lines[last] = json.dumps(value)
    replay = tmp_path / "noted.jsonl"
    replay.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(f"round {value['round']}: seat {seat} (") and out[-1].endswith(f") note: {NOTE}"), out
    assert not any("skipped" in line for line in out)  # the note, not the skipped turn it rides on
