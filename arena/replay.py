"""Match replays: JSON Lines written as the match runs, read back with errors that name the line,
and verified by playing the recorded moves through the engine again.

::

    {"type": "header", "format": "match-replay/1", "game": "worms", "seed": 7,
     "seats": [{"name": "heuristic_bot.py", "command": "/usr/bin/python3 .../heuristic_bot.py"}, ...],
     "options": {"time_limit": 3.0, "rounds": 1000, "map": "meadow.txt", "map_text": "0 1000 100\\n..."}}
    {"type": "round", "round": 1, "moves": [...], "records": [{"status": "ok", ...}, ...],
     "events": [...], "scores": [0, 0, 0, 0], "state": "sha256:..."}
    ...
    {"type": "result", "rounds": 212, "end": "flowers_eaten", "scores": [...], "ranks": [...],
     "statuses": [...], "seat_times": [{"wall": 1.2, "cpu": 0.9}, ...]}

Every line is flushed as it is written, so a killed match leaves every finished round readable
(and no result line). The header holds everything the engine needs to play the match again —
the options with the map's text and the seed — so a replay does not depend on the files it was
made from. ``state`` is a digest of the engine's canonical text of the state after the round.
"""

from __future__ import annotations

import json
import os
from array import array
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any, overload

from arena.replay_lines import ReplayError as ReplayError  # re-exported: every reader of replays catches it here
from arena.replay_lines import ReplayLines, RoundLines, line_values, open_binary, open_text_to_write
from matcher.bounded import REPLAY_LIMIT

REPLAY_FORMAT = "match-replay/1"
ROUND_KEYS = ("round", "moves", "records", "events", "scores", "state")
"""Keys every round line has (a game may add its own)."""


def json_line(value: Mapping[str, Any]) -> str:
    """One compact JSON line (the replay's only formatting, so equal matches give equal files).
    A file name that is not UTF-8 (a seat's name or command: Python keeps its bytes as lone
    surrogates) is written as ``\\udcff``: a replay is UTF-8 text, and writing the surrogate
    raised UnicodeEncodeError after the replay file was created."""
    line = json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n"
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return line.encode("utf-8", "backslashreplace").decode("utf-8")
    return line


class ReplayWriteError(OSError):
    """A replay line that could not be written (a full disk): names the file and the line."""


class ReplayWriter:
    """Writes a replay line by line, each flushed at once. Use as a context manager, or
    :meth:`close` it; :meth:`open` makes one for a file path."""

    def __init__(self, stream: IO[str], *, owns_stream: bool = False) -> None:
        self._stream = stream
        self._owns = owns_stream
        self._failed = False
        self.rounds = 0
        """Round lines written so far."""

    @classmethod
    def open(cls, path: Path | str) -> ReplayWriter:
        return cls(open_text_to_write(path), owns_stream=True)  # a FIFO with no reader: said, not a silent hang

    def header(self, game: str, seed: int, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> None:
        self._write({"type": "header", "format": REPLAY_FORMAT, "game": game, "seed": seed,
                     "seats": [dict(s) for s in seats], "options": dict(options)})

    def round(self, data: Mapping[str, Any]) -> None:
        """One round: a mapping with at least :data:`ROUND_KEYS` but ``round`` (numbered here)."""
        self.rounds += 1
        self._write({"type": "round", "round": self.rounds, **{k: v for k, v in data.items() if k != "round"}})

    def result(self, data: Mapping[str, Any]) -> None:
        self._write({"type": "result", **data})

    def _write(self, value: Mapping[str, Any]) -> None:
        try:
            self._stream.write(json_line(value))
            self._stream.flush()
        except BrokenPipeError:
            self._failed = True
            raise  # the reader went away (``--record /dev/stdout | head``): no error of the file's
        except OSError as error:
            # A full disk in a long match said only "snakepit: No space left on device".
            self._failed = True
            line = "the header" if value.get("type") == "header" else \
                f"round {self.rounds}" if value.get("type") == "round" else "the result line"
            kept = " (the lines before it are kept)" if value.get("type") != "header" else ""
            raise ReplayWriteError(error.errno, f"cannot write {line} of the replay: {error.strerror or error}{kept}",
                                   getattr(self._stream, "name", None)) from None

    def close(self) -> None:
        if self._owns:
            try:
                self._stream.close()
            except OSError:
                if not self._failed:  # the line that failed is still in the buffer: it fails again
                    raise

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


@dataclass(frozen=True)
class Replay:
    """A replay as read: the header, the round lines in order, the result line if the match
    finished (a killed match has none), and whether its last line was cut off mid-write."""

    path: str
    header: dict[str, Any]
    rounds: Sequence[dict[str, Any]]
    """The round lines, in order (as read: a :class:`RoundLines`, which reads them from the file)."""
    result: dict[str, Any] | None
    truncated: bool = False
    round_lines: Sequence[int] = field(default_factory=list)
    """The file line of each round, for messages."""
    result_line: int | None = None
    """The file line of the result line (None without one)."""

    @property
    def game(self) -> str:
        return str(self.header["game"])

    @property
    def seed(self) -> int:
        return int(self.header["seed"])

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = self.header["options"]
        return options

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.header["seats"]
        return seats

    def where(self, round_index: int) -> str:
        """``file:line`` of round ``round_index`` (1-based)."""
        return f"{self.path}:{self.round_lines[round_index - 1]}"


def read_replay(path: Path | str) -> Replay:
    """Read a replay file; :class:`ReplayError` says ``file:line: what is wrong``, or
    ``file: cannot read it: why`` for a file that cannot be read (missing, a folder, unreadable).

    The file is read line by line, every line checked, and only where each round's line starts
    is kept (:class:`RoundLines` reads a round again when asked for it): a match at the round
    limit (a million rounds, a few GiB of replay) is read back in a few MiB, where the whole text
    and every round's parsed line once took ~15 times the file's size and a file over 256 MiB was
    refused. :data:`~matcher.bounded.REPLAY_LIMIT` now bounds one line (an endless device is
    still refused after it).

    Legacy snake battle replays (``snake-replay/1``, from ``snakepit battle --record``) are read
    too, as rounds without scores and state digests (see :mod:`arena.snake_referee`)."""
    name = str(path)
    try:
        with open_binary(path) as source:  # a FIFO with no writer: said, not a silent hang
            return _read(name, source)
    except OSError as problem:
        raise ReplayError(f"{name}: cannot read it: {problem.strerror or problem}") from None
    except ReplayError:
        if _gzipped(path):  # a replay sent compressed: "not UTF-8 text" said nothing of it
            raise ReplayError(f"{name}: a gzip-compressed file, not a replay: uncompress it first (gunzip)") from None
        raise


def _gzipped(path: Path | str) -> bool:
    if not os.path.isfile(path):  # a FIFO opened again waited for a second writer: forever
        return False
    try:
        with open(path, "rb") as file:
            return file.read(2) == b"\x1f\x8b"
    except OSError:
        return False


def _read(name: str, source: IO[bytes]) -> Replay:
    lines = ReplayLines(name, source, REPLAY_LIMIT)  # the limit read now: a test makes it small
    values = line_values(name, lines)
    first = next(values, None)
    if first is None:
        if lines.truncated:  # text, but not one whole line: a copy cut off inside its (long) header
            raise ReplayError(f"{name}:1: the header line is cut off (the file ends inside it, after "
                              f"{source.tell()} bytes): the replay was not copied whole")
        raise ReplayError(f"{name}:1: empty file, expected a replay header line")
    number, _, header = first
    if header.get("type") != "header":
        raise ReplayError(f"{name}:{number}: expected the header line first, got type {header.get('type')!r}")
    if header.get("format") == "snake-replay/1":
        from arena.snake_referee import legacy_replay

        legacy = [(number, header), *((n, v) for n, _, v in values)]
        return legacy_replay(name, legacy, lines.truncated)
    _check_header(name, number, header)
    seekable = source.seekable()
    offsets: array[int] = array("q")
    kept: list[dict[str, Any]] = []  # the rounds themselves only where the file cannot be read again (a pipe)
    round_lines: array[int] = array("q")
    result: dict[str, Any] | None = None
    result_line: int | None = None
    for number, offset, value in values:
        kind = value.get("type")
        if result is not None:
            raise ReplayError(f"{name}:{number}: a {kind!r} line after the result line")
        if kind == "round":
            _check_round(name, number, value, len(round_lines) + 1, len(header["seats"]))
            if seekable:
                offsets.append(offset)
            else:
                kept.append(value)
            round_lines.append(number)
        elif kind == "result":
            _check_result(name, number, value, len(header["seats"]))
            result, result_line = value, number
        else:
            raise ReplayError(f"{name}:{number}: unknown line type {kind!r} (expected 'round' or 'result')")
    rounds: Sequence[dict[str, Any]] = RoundLines(name, offsets, round_lines) if seekable else kept
    return Replay(name, header, rounds, result, lines.truncated, round_lines, result_line)


def _newer(found: object) -> bool:
    """A ``match-replay/N`` format of a higher N than this version reads."""
    family, _, ours = REPLAY_FORMAT.partition("/")
    if not isinstance(found, str) or not found.startswith(family + "/"):
        return False
    version = found.removeprefix(family + "/")
    return version.isdecimal() and int(version) > int(ours)


def _check_header(name: str, number: int, header: dict[str, Any]) -> None:
    where = f"{name}:{number}"
    if header.get("format") != REPLAY_FORMAT:
        found = header.get("format")
        if _newer(found):  # sent by someone with a newer version: say what to do
            raise ReplayError(f"{where}: replay format {found!r} is a newer snakepit's; this one reads "
                              f"{REPLAY_FORMAT!r}: update snakepit to open it")
        raise ReplayError(f"{where}: unknown replay format {found!r} (expected {REPLAY_FORMAT!r})")
    _need(where, header, "game", str)
    _need(where, header, "seed", int)
    _need(where, header, "options", dict)
    seats = _need(where, header, "seats", list)
    if not seats or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise ReplayError(f"{where}: 'seats' must be a non-empty list of objects with a 'name'")


def _check_round(name: str, number: int, value: dict[str, Any], expected: int, seats: int) -> None:
    where = f"{name}:{number}"
    index = _need(where, value, "round", int)
    if index != expected:
        raise ReplayError(f"{where}: round {index} where round {expected} was expected")
    for key in ("moves", "scores"):
        if len(_need(where, value, key, list)) != seats:
            raise ReplayError(f"{where}: round {index}: {key!r} needs one entry per seat ({seats})")
    records = value.get("records", "missing")
    if records is not None and not (isinstance(records, list) and len(records) == seats):
        raise ReplayError(f"{where}: round {index}: 'records' must be null or one entry per seat ({seats})")
    _need(where, value, "events", list)
    _need(where, value, "state", str)


def _check_result(name: str, number: int, value: dict[str, Any], seats: int) -> None:
    where = f"{name}:{number}"
    _need(where, value, "rounds", int)
    for key in ("scores", "ranks", "statuses"):
        if len(_need(where, value, key, list)) != seats:
            raise ReplayError(f"{where}: result: {key!r} needs one entry per seat ({seats})")


def _need(where: str, value: dict[str, Any], key: str, kind: type) -> Any:
    if key not in value:
        raise ReplayError(f"{where}: {value.get('type', 'line')} lacks {key!r}")
    found = value[key]
    if not isinstance(found, kind) or (kind is int and isinstance(found, bool)):
        raise ReplayError(f"{where}: {key!r} must be {kind.__name__}, got {found!r:.60}")
    return found


# --- verification -----------------------------------------------------------------------------


def check_idle(replay: Replay, index: int, idle: Mapping[int, str]) -> None:
    """Raise :class:`ReplayError` naming the round and the seat when round ``index`` records a
    move for a seat that could not move in it. ``idle`` maps each such seat to why (a dead or
    frozen worm, a dead kingdom, a disqualified player, the player not on turn): the referee's
    ``idle_seats`` of the state before the round. An engine ignores the moves of seats that do
    not move, so without this check such a move would pass verification unnoticed."""
    moves = replay.rounds[index - 1]["moves"]
    for seat in sorted(idle):
        move = moves[seat] if 0 <= seat < len(moves) else None
        if move is not None:
            raise ReplayError(f"{replay.where(index)}: round {index}: seat {seat}: a move is recorded ({move!r:.60}), "
                              f"but the seat could not move in this round ({idle[seat]})")


@dataclass(frozen=True)
class RoundCheck:
    """One round of a verification: what disagrees (empty when everything agrees)."""

    round: int
    problems: tuple[str, ...] = ()
    line: int | None = None
    """The round's line in the file."""

    @property
    def ok(self) -> bool:
        return not self.problems


MOST_KEPT = 1000
"""The most disagreeing rounds a verification keeps whole; of the others only the round number is
kept (a replay whose every state digest was wrong held 45 MB of checks per 100,000 rounds)."""
NOT_KEPT = f"disagrees (only the first {MOST_KEPT:,} disagreements are kept in full)"


class RoundChecks(Sequence[RoundCheck]):
    """Every round's check of a verification, in order, holding only the checks that found
    something: a round that agrees is made again when asked for (its line from ``lines``, the
    replay's). A tuple of a million checks held ~150 MB until the report was printed."""

    def __init__(self, lines: Sequence[int]) -> None:
        self._lines = lines
        self._count = 0
        self.bad: dict[int, RoundCheck] = {}
        """The first :data:`MOST_KEPT` checks that found something, by round."""
        self._more_bad: array[int] = array("q")
        """The rounds of the later ones."""

    @property
    def bad_count(self) -> int:
        return len(self.bad) + len(self._more_bad)

    def add(self, check: RoundCheck) -> None:
        """The next round's check (``check.round`` is one more than the last's)."""
        self._count += 1
        if check.ok:
            return
        if len(self.bad) < MOST_KEPT:
            self.bad[check.round] = check
        else:
            self._more_bad.append(check.round)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> RoundCheck: ...

    @overload
    def __getitem__(self, index: slice) -> list[RoundCheck]: ...

    def __getitem__(self, index: int | slice) -> RoundCheck | list[RoundCheck]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -self._count <= index < self._count:
            raise IndexError(f"check index {index} out of range ({self._count} rounds checked)")
        number = index % self._count + 1
        found = self.bad.get(number)
        if found is not None:
            return found
        line = self._lines[number - 1] if number <= len(self._lines) else None
        later = bisect_left(self._more_bad, number)
        dropped = later < len(self._more_bad) and self._more_bad[later] == number
        return RoundCheck(number, (NOT_KEPT,) if dropped else (), line)


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of :func:`verify_replay`: one check per recorded round, and the result line's."""

    path: str
    game: str
    rounds: Sequence[RoundCheck]
    result_problems: tuple[str, ...] = ()
    finished: bool = True
    """Whether the replay has a result line (a killed match's has none)."""
    result_line: int | None = None

    @property
    def bad(self) -> list[RoundCheck]:
        """The rounds that disagree, in order (of a :class:`RoundChecks`, the first
        :data:`MOST_KEPT`)."""
        if isinstance(self.rounds, RoundChecks):
            return sorted(self.rounds.bad.values(), key=lambda check: check.round)
        return [r for r in self.rounds if not r.ok]

    @property
    def ok(self) -> bool:
        return not self.bad and not self.result_problems

    @property
    def first_bad(self) -> RoundCheck | None:
        return next(iter(self.bad), None)

    @property
    def bad_count(self) -> int:
        """How many rounds disagree."""
        return self.rounds.bad_count if isinstance(self.rounds, RoundChecks) else len(self.bad)

    def summary(self) -> str:
        """One line for people: ``file:line: round 7 disagrees: what, recorded and re-simulated``."""
        bad = self.bad
        if bad:
            first = bad[0]
            count = self.bad_count
            more = f" ({count} of {len(self.rounds)} rounds disagree)" if count > 1 else ""
            return f"{self._at(first.line)}: round {first.round} disagrees: {'; '.join(first.problems)}{more}"
        if self.result_problems:
            return (f"{self._at(self.result_line)}: every round agrees, but the result line does not: "
                    f"{'; '.join(self.result_problems)}")
        ending = "" if self.finished else " (no result line: the match did not finish)"
        return f"{self.path}: all {len(self.rounds)} rounds agree{ending}"

    def _at(self, line: int | None) -> str:
        return self.path if line is None else f"{self.path}:{line}"


def verify_replay(path: Path | str, on_round: Callable[[int], None] | None = None) -> VerifyReport:
    """Play the replay's moves through its game's engine from the header, and compare every round
    (events, scores, state) and the result with what was recorded; ``on_round`` is told each
    round's number once checked (a progress line). Raises :class:`ReplayError` for a file that
    cannot be read or names no registered game."""
    from arena.games import registry  # the registry imports the referees, which import this module
    from arena.match import GAMES

    replay = read_replay(path)
    referee = GAMES.get(replay.game)
    if referee is None:
        raise ReplayError(f"{replay.path}:1: {registry.unknown_game(replay.game)}")
    return referee.verify(replay, on_round)
