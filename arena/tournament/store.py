"""The ``--out`` folder: what makes a tournament resumable.

- ``tournament.json``: the spec; a rerun must match it (else it would mix two tournaments).
- ``games.jsonl``: one line per finished game, appended as each game ends. Only games listed here
  count as finished; a kill can leave at most a partial last line, which is cut off on resume.
- ``replays/game-NNNN.jsonl``: one replay per finished game (``.part`` while it is played).
- ``failed.jsonl``: one line per game that could not be played (its worker process died: a bot
  killed it, or the system did), with why. Such a game counts in no standing and is not played
  again on resume (a bot that kills its worker would do it again); delete its line to retry it.
- ``results.json``: the standings, rewritten after the run (also after a cancel).
- ``clock.json``: how long the tournament has been playing, over all its runs, so that a resumed
  run's clock goes on from there; rewritten every :data:`CLOCK_EVERY` seconds while games finish
  and at the end of each run (a kill loses at most that much). A folder from before the clock, or
  with a damaged clock, reads as 0 seconds: the clock is a courtesy, never a reason to refuse.
- ``.lock``: held (``flock``) by the run playing in the folder, with its process id and command
  line, so that a second run with the same ``--out`` is refused instead of mixing its games in.
  The kernel releases it when that process ends, however it ends.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from arena.tournament.errors import ReadCancelled, TournamentError
from arena.tournament.games import CancelFlag
from arena.tournament.results import GameRecord
from arena.tournament.schedule import Seating
from matcher.atomic import atomic_write_text
from matcher.fileformat import loads_json, read_text

SPEC_FILE = "tournament.json"
GAMES_FILE = "games.jsonl"
FAILED_FILE = "failed.jsonl"
RESULTS_FILE = "results.json"
REPLAYS = "replays"
LOCK_FILE = ".lock"
CLOCK_FILE = "clock.json"
CLOCK_FORMAT = "snakepit-tournament-clock/1"
CLOCK_EVERY = 5.0
"""Seconds between two saves of the clock while a run goes on."""


def _command_line() -> str:
    try:
        return Path("/proc/self/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace").strip()[:300]
    except OSError:
        return " ".join(sys.argv)[:300]


def failed_note(indexes: Sequence[int], folder: Path | None) -> str | None:
    """What the games that could not be played mean, naming them (counted from 1, as people read
    them) and how to play them after all; None when there are none."""
    if not indexes:
        return None
    numbers = [str(index + 1) for index in indexes]
    one = len(numbers) == 1
    games = f"game {numbers[0]}" if one else f"{len(numbers)} games ({', '.join(numbers)})"
    where = (f"; {'it is' if one else 'they are'} not played again on resume: delete {'its line' if one else 'their lines'}"
             f" in {folder / FAILED_FILE} to retry" if folder is not None else "")
    return f"{games} could not be played and {'counts' if one else 'count'} in no standing{where}"


def stored_spec(folder: Path) -> dict[str, Any] | None:
    """The spec an earlier run stored in ``folder`` (None when there is none)."""
    path = folder / SPEC_FILE
    if not path.exists():
        return None
    data = loads_json(read_text(path, TournamentError), str(path), TournamentError)
    if not isinstance(data, dict):
        raise TournamentError(f"{path}: line 1: expected a JSON object, got {type(data).__name__}")
    return data


def refusal(old: dict[str, Any], new: dict[str, Any], folder: Path) -> str:
    """Why ``folder`` (holding ``old``) cannot resume ``new``, in one line: each setting that
    differs as "now, the folder has", each file that changed since the tournament started."""
    settings, changed = differences(old, new)
    if settings:
        return f"{folder} holds another tournament: {'; '.join(settings)}"
    if len(changed) == 1:
        what, detail = changed[0]
        return f"{what} changed since the tournament in {folder} started ({detail})"
    if changed:
        return f"{', '.join(f'{what} ({detail})' for what, detail in changed)} changed since the tournament in {folder} started"
    return f"{folder} holds another tournament"


def differences(old: dict[str, Any], new: dict[str, Any]) -> tuple[list[str], list[tuple[str, str]]]:
    """``(settings, changed)``: what differs between a stored spec and a new one, the settings
    (game, seed, entrants, options…) apart from the files whose contents changed (``(what,
    which file)``, only looked at when the settings agree)."""
    settings: list[str] = []
    changed: list[tuple[str, str]] = []
    if old.get("format") != new.get("format") and _map_paths(old) == _map_paths(new):  # else the maps say why
        settings.append(f"format {new.get('format')}, the folder has {old.get('format')}")
    for key, label in (("game", "game"), ("seed", "seed"), ("seats", "seats"), ("games_per_pairing", "games per pairing")):
        if old.get(key) != new.get(key):
            settings.append(f"{label} {_show(new.get(key))}, the folder has {_show(old.get(key))}")
    old_entrants, new_entrants = _entrants(old), _entrants(new)
    if list(old_entrants) != list(new_entrants):
        settings.append(f"entrants {', '.join(new_entrants)}, the folder has {', '.join(old_entrants)}")
    else:
        for name, entrant in new_entrants.items():
            before = old_entrants[name]
            if entrant.get("seat") != before.get("seat"):
                settings.append(f"entrant {name} is {_show(entrant.get('seat'))}, the folder has {_show(before.get('seat'))}")
            elif entrant.get("sha256") != before.get("sha256"):
                changed.append((f"entrant {name}'s program", str(entrant.get("seat"))))
            elif "files" in entrant and "files" not in before:
                settings.append(f"the folder was made by an older snakepit, which did not record entrant {name}'s files")
            elif entrant.get("files") != before.get("files"):
                files = _changed_files(before.get("files"), entrant.get("files"))
                changed.append((f"entrant {name}'s program", ", ".join(files) or str(entrant.get("seat"))))
    old_maps, new_maps = _map_paths(old), _map_paths(new)
    if old_maps != new_maps:
        settings.append(f"{_maps_words(new_maps)}, the folder has {_maps_words(old_maps)}")
    old_options, new_options = _mapping(old.get("options")), _mapping(new.get("options"))
    for key in sorted(set(old_options) | set(new_options)):
        if old_options.get(key) != new_options.get(key):
            settings.append(f"option {key} differs: {_option(new_options, key)} vs {_option(old_options, key)} in the folder")
    if not settings:
        old_files, new_files = _mapping(old.get("option_files")), _mapping(new.get("option_files"))
        for key in sorted(set(old_files) | set(new_files)):
            if old_files.get(key) != new_files.get(key):
                changed.append((f"the file of option {key}", str(new_options.get(key))))
        old_digests, new_digests = _map_digests(old), _map_digests(new)
        for number, (path, digest) in enumerate(new_digests.items(), 1):
            if old_digests.get(path) != digest:
                changed.append((f"map {number}", path))
    return settings, changed


def _maps(spec: dict[str, Any]) -> list[dict[str, Any]]:
    maps = spec.get("maps")
    return [entry for entry in maps if isinstance(entry, dict)] if isinstance(maps, list) else []


def _map_paths(spec: dict[str, Any]) -> list[str]:
    """The paths of a tournament's several maps (none for one of a single map)."""
    return [str(entry.get("path")) for entry in _maps(spec)]


def _maps_words(paths: list[str]) -> str:
    return f"maps {', '.join(paths)}" if paths else "a single map"


def _map_digests(spec: dict[str, Any]) -> dict[str, str]:
    return {str(entry.get("path")): str(entry.get("sha256")) for entry in _maps(spec)}


def _entrants(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    entrants = spec.get("entrants")
    if not isinstance(entrants, list):
        return {}
    return {str(e.get("name")): e for e in entrants if isinstance(e, dict)}


def _mapping(value: object) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _changed_files(before: object, after: object) -> list[str]:
    old, new = _mapping(before), _mapping(after)
    return [path for path in sorted(set(old) | set(new)) if old.get(path) != new.get(path)]


def _show(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _option(options: dict[str, Any], key: str) -> str:
    return _show(options[key]) if key in options else "not set"


class TournamentStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games_path = folder / GAMES_FILE
        self.failed_path = folder / FAILED_FILE
        self._lock_fd: int | None = None

    def lock(self) -> None:
        """Hold the folder for this run (until :meth:`unlock` or this process ends); another
        run holding it is a :class:`TournamentError` naming its process."""
        path = self.folder / LOCK_FILE
        self._refuse_a_folder_of_other_files()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise TournamentError(f"--out {self.folder}: cannot create it: {err.strerror or err}") from None
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as err:
            raise TournamentError(f"--out {self.folder}: cannot lock it: {err.strerror or err}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 4096).decode("utf-8", "replace").strip()
            os.close(fd)
            raise TournamentError(f"--out {self.folder} is in use by another run ({holder or 'a process'}); "
                                  "wait for it to end, or use another --out") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"process {os.getpid()}: {_command_line()}\n".encode())
        self._lock_fd = fd

    def _refuse_a_folder_of_other_files(self) -> None:
        """A folder that holds files but no tournament (someone's notes, their own
        ``results.json``) is refused before anything is written in it: a tournament's files
        would take their place, or mix with them."""
        if self.folder.exists() and not self.folder.is_dir():
            raise TournamentError(f"--out {self.folder} is a file, not a folder; use a new or empty folder")
        if (self.folder / SPEC_FILE).exists() or not self.folder.is_dir():
            return
        try:
            others = sorted(entry.name for entry in self.folder.iterdir() if entry.name != LOCK_FILE)
        except OSError as err:
            raise TournamentError(f"--out {self.folder}: cannot read it: {err.strerror or err}") from None
        if others:
            shown = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
            raise TournamentError(f"--out {self.folder} holds other files ({shown}) and no tournament "
                                  f"({SPEC_FILE}); use a new or empty folder")

    def unlock(self) -> None:
        if self._lock_fd is not None:
            os.ftruncate(self._lock_fd, 0)
            os.close(self._lock_fd)  # closing releases the flock
            self._lock_fd = None

    def prepare(self, spec: dict[str, Any]) -> None:
        """Create the folder, or check that it holds this same tournament."""
        old = stored_spec(self.folder)
        if old is not None and old != spec:
            raise TournamentError(f"{refusal(old, spec, self.folder)}; use another --out")
        if old is None:  # first: a folder with anything else of ours in it is a tournament's
            atomic_write_text(self.folder / SPEC_FILE, json.dumps(spec, indent=2) + "\n")
        try:
            (self.folder / REPLAYS).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise TournamentError(f"--out {self.folder}: cannot create it: {err.strerror or err}") from None
        for part in (self.folder / REPLAYS).glob("*.part"):  # of games a killed run was playing
            part.unlink(missing_ok=True)

    def replay_path(self, index: int) -> Path:
        return self.folder / REPLAYS / f"game-{index:04d}.jsonl"

    def finished(self, schedule: list[Seating], names: list[str], seeds: list[int],
                 cancel: CancelFlag | None = None, maps: Sequence[str | None] = ()) -> dict[int, GameRecord]:
        """The finished games, checked against the schedule (index, seed, seating and, given
        each game's ``maps``, the map a line names); stops with :class:`ReadCancelled` at the
        next line once ``cancel`` is set."""
        records: dict[int, GameRecord] = {}
        for where, value in _json_lines(self.games_path, cancel):
            record = GameRecord.from_json(value, where)
            if not 0 <= record.index < len(schedule):
                raise TournamentError(f"{where}: game {record.index} is not in the schedule of {len(schedule)} games")
            expected = tuple(names[i] for i in schedule[record.index])
            if record.seats != expected or record.seed != seeds[record.index]:
                raise TournamentError(f"{where}: game {record.index} does not match the schedule (seats or seed)")
            if maps and record.map is not None and record.map != maps[record.index]:
                raise TournamentError(f"{where}: game {record.index} was played on map {record.map!r}, the schedule "
                                      f"plays it on {maps[record.index]!r}")
            if record.index in records:
                raise TournamentError(f"{where}: game {record.index} is recorded twice")
            records[record.index] = record
        return records

    def failed(self, cancel: CancelFlag | None = None) -> dict[int, str]:
        """The games recorded as failed: index -> why (stopped as :meth:`finished` is)."""
        failures: dict[int, str] = {}
        for where, value in _json_lines(self.failed_path, cancel):
            if not (isinstance(value, dict) and type(value.get("index")) is int and isinstance(value.get("error"), str)):
                raise TournamentError(f'{where}: expected {{"index": N, "error": "..."}}, got {value!r:.60}')
            failures[value["index"]] = value["error"]
        return failures

    def append_failure(self, index: int, seed: int, seats: tuple[str, ...], error: str) -> None:
        _append_line(self.failed_path, {"index": index, "seed": seed, "seats": list(seats), "error": error})

    def append(self, record: GameRecord) -> None:
        _append_line(self.games_path, record.to_json())

    def write_results(self, text: str) -> None:
        atomic_write_text(self.folder / RESULTS_FILE, text)

    def played_seconds(self) -> float:
        """How long the runs in this folder played, in all (0 when no clock was kept)."""
        try:
            data = json.loads((self.folder / CLOCK_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return 0.0
        seconds = data.get("seconds") if isinstance(data, dict) and data.get("format") == CLOCK_FORMAT else None
        if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 <= seconds < float("inf"):
            return float(seconds)
        return 0.0

    def write_clock(self, seconds: float) -> None:
        atomic_write_text(self.folder / CLOCK_FILE,
                          json.dumps({"format": CLOCK_FORMAT, "seconds": round(seconds, 3)}) + "\n")


def check_cancel(cancel: CancelFlag | None) -> None:
    """Stop a read (:class:`ReadCancelled`) once ``cancel`` is set."""
    if cancel is not None and cancel.is_set():
        raise ReadCancelled


def _json_lines(path: Path, cancel: CancelFlag | None = None) -> Iterator[tuple[str, Any]]:
    """``(file:line, value)`` of each line of a JSON Lines file the store appends to (none if it
    does not exist); a line that is not JSON is a :class:`TournamentError` naming it. Once
    ``cancel`` is set, the next line is :class:`ReadCancelled` instead."""
    if not path.exists():
        return
    _cut_partial_line(path)
    for number, raw in enumerate(path.read_bytes().splitlines(), 1):
        check_cancel(cancel)
        where = f"{path}:{number}"
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TournamentError(f"{where}: not UTF-8 text ({err.reason} at column {err.start + 1})") from None
        try:
            yield where, json.loads(line)
        except json.JSONDecodeError as err:
            # (the column first: json's "Unterminated string starting at" read "… at at column 2")
            raise TournamentError(f"{where}: invalid JSON at column {err.colno}: {err.msg}") from None
        except RecursionError:
            raise TournamentError(f"{where}: invalid JSON: nested too deeply") from None
        except ValueError:  # int() refuses a number of over 4300 digits
            raise TournamentError(f"{where}: invalid JSON: a number of more than "
                                  f"{sys.get_int_max_str_digits()} digits") from None


def _append_line(path: Path, value: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(value, separators=(",", ":")) + "\n")


def _cut_partial_line(path: Path) -> None:
    """A run killed while appending leaves a line without its newline: that game did not end as
    far as the store knows, so drop the fragment before appending again."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with open(path, "r+b") as handle:
            handle.truncate(data.rfind(b"\n") + 1)
