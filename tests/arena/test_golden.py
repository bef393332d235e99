"""Golden playthroughs: a fixed seed and the sample bots give the stored transcript, round by round.

Each game has ``golden/<game>.setup.json`` (seats, seed, options; paths relative to the project)
and ``golden/<game>.jsonl``, the transcript: the match's replay without what depends on the
machine (timings, the project's folder, the Python running the bots) and the final state's text.
Every registered game must have one: a new game adds its setup file and generates the transcript.
After an intended change of rules or samples, regenerate and review the diff::

    pytest tests/arena/test_golden.py --update-golden

(``SNAKEPIT_UPDATE_GOLDEN=1 pytest tests/arena/test_golden.py`` does the same.)

Only deterministic samples belong here: the random ones draw from the playfield (worms) or from
BOT_SEED (kingdoms), which the match derives from its seed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.match import GAMES, MatchSetup, run_match
from arena.replay import verify_replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
TIMINGS = ("wall", "cpu")


def load_setup(game: str) -> MatchSetup:
    """The game's golden setup; a seat or option naming a project file becomes its absolute path."""
    data = json.loads((GOLDEN / f"{game}.setup.json").read_text())

    def absolute(value: Any) -> Any:
        return str(ROOT / value) if isinstance(value, str) and (ROOT / value).is_file() else value

    options = {key: absolute(value) for key, value in data["options"].items()}
    return MatchSetup(game, tuple(absolute(seat) for seat in data["seats"]), data["seed"], options)


def transcript(replay: Path, final_state: str) -> str:
    """The replay as stored: machine-specific parts replaced or dropped, plus the final state's text."""
    lines = []
    for text in replay.read_text().splitlines():
        value = json.loads(text.replace(sys.executable, "<python>").replace(str(ROOT), "<root>"))
        if value["type"] == "round" and value["records"] is not None:
            value["records"] = [None if r is None else {k: v for k, v in r.items() if k not in TIMINGS}
                                for r in value["records"]]
        if value["type"] == "result":
            value.pop("seat_times", None)
        lines.append(value)
    lines.append({"type": "final_state", "text": final_state})
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_a_golden_playthrough(game: str, update_golden: bool) -> None:
    assert (GOLDEN / f"{game}.setup.json").is_file(), f"add tests/arena/golden/{game}.setup.json and generate"
    assert (GOLDEN / f"{game}.jsonl").is_file() or update_golden, "generate it: pytest --update-golden"


@pytest.mark.parametrize("game", sorted(path.name.split(".")[0] for path in GOLDEN.glob("*.setup.json")))
def test_golden_playthrough(game: str, tmp_path: Path, update_golden: bool) -> None:
    setup = load_setup(game)
    record = tmp_path / f"{game}.jsonl"
    states: list[Any] = []
    result = run_match(setup, record=record, host_root=tmp_path, on_round=lambda info: states.append(info.state))
    assert result.statuses == ("ok",) * len(setup.seats)
    assert verify_replay(record).ok
    got = transcript(record, GAMES[game].state_text(states[-1]))
    path = GOLDEN / f"{game}.jsonl"
    if update_golden:
        path.write_text(got)
    expected = path.read_text()
    for number, (want, have) in enumerate(zip(expected.splitlines(), got.splitlines()), 1):
        assert have == want, f"{path.name} line {number} differs (--update-golden regenerates)"
    assert got == expected
