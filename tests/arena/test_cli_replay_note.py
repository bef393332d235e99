"""``snakepit replay`` (and ``snakepit match``) say an after-game note: a bot killed for ignoring the
end of its input keeps its "ok" (its game stands) and its note sat on a skipped record, so the
command line said nothing of it while the app's scoreboard did."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from tests.arena.noted_replays import NOTE, noted_bioblots


def test_the_replay_summary_says_a_seats_note_after_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay, index, seat = noted_bioblots(tmp_path)
    assert main(["replay", str(replay)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(f"round {index}: seat {seat} (") and out[-1].endswith(f") note: {NOTE}"), out
    assert not any("skipped" in line for line in out)  # the note, not the skipped turn it rides on
