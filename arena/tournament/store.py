"""The ``--out`` folder: what makes a tournament resumable.

- ``tournament.json``: the spec; a rerun must match it (else it would mix two tournaments).
- ``games.jsonl``: one line per finished game, appended as each game ends. Only games listed here
  count as finished; a kill can leave at most a partial last line, which is cut off on resume.
- ``replays/game-NNNN.jsonl``: one replay per finished game (``.part`` while it is played).
- ``results.json``: the standings, rewritten after the run (also after a cancel).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.tournament.errors import TournamentError
from arena.tournament.results import GameRecord
from arena.tournament.schedule import Seating
from matcher.fileformat import atomic_write_text

SPEC_FILE = "tournament.json"
GAMES_FILE = "games.jsonl"
RESULTS_FILE = "results.json"
REPLAYS = "replays"


def stored_spec(folder: Path) -> dict[str, Any] | None:
    """The spec an earlier run stored in ``folder`` (None when there is none)."""
    path = folder / SPEC_FILE
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise TournamentError(f"{path}: cannot read: {err}") from None
    if not isinstance(data, dict):
        raise TournamentError(f"{path}: expected a JSON object")
    return data


class TournamentStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games_path = folder / GAMES_FILE

    def prepare(self, spec: dict[str, Any]) -> None:
        """Create the folder, or check that it holds this same tournament."""
        old = stored_spec(self.folder)
        if old is not None and old != spec:
            key = next(k for k in sorted(set(old) | set(spec)) if old.get(k) != spec.get(k))
            raise TournamentError(
                f"{self.folder / SPEC_FILE}: holds another tournament ({key}: {old.get(key)!r} here, "
                f"{spec.get(key)!r} now); use another --out"
            )
        (self.folder / REPLAYS).mkdir(parents=True, exist_ok=True)
        if old is None:
            atomic_write_text(self.folder / SPEC_FILE, json.dumps(spec, indent=2) + "\n")

    def replay_path(self, index: int) -> Path:
        return self.folder / REPLAYS / f"game-{index:04d}.jsonl"

    def finished(self, schedule: list[Seating], names: list[str], seeds: list[int]) -> dict[int, GameRecord]:
        """The finished games, checked against the schedule (index, seed, seating)."""
        if not self.games_path.exists():
            return {}
        self._cut_partial_line()
        records: dict[int, GameRecord] = {}
        with open(self.games_path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                where = f"{self.games_path}:{number}"
                try:
                    record = GameRecord.from_json(json.loads(line), where)
                except json.JSONDecodeError as err:
                    raise TournamentError(f"{where}: invalid JSON: {err.msg}") from None
                if not 0 <= record.index < len(schedule):
                    raise TournamentError(f"{where}: game {record.index} is not in the schedule of {len(schedule)} games")
                expected = tuple(names[i] for i in schedule[record.index])
                if record.seats != expected or record.seed != seeds[record.index]:
                    raise TournamentError(f"{where}: game {record.index} does not match the schedule (seats or seed)")
                if record.index in records:
                    raise TournamentError(f"{where}: game {record.index} is recorded twice")
                records[record.index] = record
        return records

    def _cut_partial_line(self) -> None:
        """A run killed while appending leaves a line without its newline: that game did not
        finish as far as the store knows, so drop the fragment before appending again."""
        data = self.games_path.read_bytes()
        if data and not data.endswith(b"\n"):
            with open(self.games_path, "r+b") as handle:
                handle.truncate(data.rfind(b"\n") + 1)

    def append(self, record: GameRecord) -> None:
        with open(self.games_path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(record.to_json(), separators=(",", ":")) + "\n")

    def write_results(self, text: str) -> None:
        atomic_write_text(self.folder / RESULTS_FILE, text)
