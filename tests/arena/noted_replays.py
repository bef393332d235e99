"""A replay whose bot did not end cleanly after the game, for the tests of how that note is shown
(``snakepit replay``, the arena's seat log): the golden Bio-blots replay, the note on the record of
the seat that waited in the last move (a skipped turn), as the referee writes it."""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN_BIOBLOTS = Path(__file__).parent / "golden" / "bioblots.jsonl"
NOTE = "after the game: killed: still running 1.000 s after its input was closed"


def noted_bioblots(folder: Path) -> tuple[Path, int, int]:
    """``(replay, round, seat)``: the replay written in ``folder`` and where the note is."""
    lines = GOLDEN_BIOBLOTS.read_text().splitlines()[:-1]  # less the golden transcript's test-only last line
    last = max(i for i, line in enumerate(lines) if json.loads(line)["type"] == "round")
    value = json.loads(lines[last])
    seat = next(i for i, record in enumerate(value["records"]) if record["status"] == "skipped")
    value["records"][seat]["reason"] += f"; {NOTE}"
    lines[last] = json.dumps(value)
    replay = folder / "noted.jsonl"
    replay.write_text("\n".join(lines) + "\n")
    return replay, int(value["round"]), seat
