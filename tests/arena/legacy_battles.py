"""Battle replays in the old ``snake-replay/1`` format, as ``snakepit battle --record`` wrote them
before it recorded match replays: the tests of the legacy reader need fresh ones of any battle.
This is that writer, kept here (the app no longer writes the format, it only reads it);
``tests/arena/legacy/battle.jsonl`` is a file the app itself wrote, guarding against this copy
drifting from the real thing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from arena.program_battle import BattleResult, BattleSettings, SnakeMatch
from engines.snake import position_to_text
from engines.snake.game import event_to_json
from matcher import Program, program_to_json

LEGACY_FORMAT = "snake-replay/1"
OLD_FILE = Path(__file__).parent / "legacy" / "battle.jsonl"
"""Written by ``snakepit battle hunter tail_biter wall_hugger --seed 5 --size 13x13 --length 5
--steps 60 --record`` before the battle command went through the match API."""


def _line(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n"


def write_legacy_battle(programs: Sequence[Program], settings: BattleSettings, record: TextIO,
                        names: Sequence[str] | None = None) -> BattleResult:
    """Play the battle and write its ``snake-replay/1`` replay to ``record``."""
    match = SnakeMatch(programs, settings)
    header: dict[str, Any] = {
        "type": "header", "format": LEGACY_FORMAT, "game": "snake", "seed": settings.seed, "width": settings.width,
        "height": settings.height, "length": settings.length, "max_steps": settings.max_steps,
        "seats": [{"name": names[i] if names else p.name, "program": program_to_json(p)} for i, p in enumerate(programs)],
    }
    if settings.start is not None:
        header["start"] = position_to_text(settings.start)
    record.write(_line(header))
    while not match.battle.over:
        report = match.step()
        record.write(_line({"type": "step", "step": report.step, "order": list(report.order),
                            "events": [event_to_json(e) for e in report.events]}))
    result = match.result()
    record.write(_line({"type": "result", **result.to_json()}))
    return result
