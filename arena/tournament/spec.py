"""What a tournament is: the game, its options, the entrants, the seat count, the games per
pairing and the seed. Everything else (the schedule, each game's seed) derives from it, so the
same spec always means the same games; ``tournament.json`` stores it to check a resume.

What is played must not change under a resumed tournament either, so ``tournament.json`` also
holds a SHA-256 of every file the games read: a snake program's text, the files a bot command
names (its program or script: a ``.py`` file, a shell script, a compiled bot; not an interpreter
found on PATH), and a file an option names (a worms map, a kingdoms playfield), whose path is
stored absolute. Files a bot opens on its own (modules it imports) are not seen.

A tournament on several maps (``--map A --map B``: :attr:`TournamentSpec.maps`) plays every
game of the schedule on every map (:mod:`arena.tournament.schedule` says in which order); its
``tournament.json`` is of format ``snakepit-tournament/2`` and lists the maps (absolute path and
SHA-256 each) under ``maps``, the options naming none. A tournament of one map (or of none) is
stored as it always was, format ``snakepit-tournament/1``, its map among the options: its folder
opens and resumes as before, and an older snakepit refuses a folder of several maps by its
format instead of playing them all on one map."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import shlex
import shutil
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.match import GAMES
from arena.samples import resolve_sample_file
from arena.tournament.errors import TournamentError
from arena.tournament.games import SNAKE, GameTask, check_setup, resolve_entrant, seat_range
from arena.tournament.schedule import (
    Seating,
    large_schedule,
    map_number,
    rotation_length,
    round_robin,
    shared_seats_note,
    tables,
)
from arena.tournament.seeds import game_seed
from matcher.places import json_line

SPEC_FORMAT = "snakepit-tournament/1"
MAPS_FORMAT = "snakepit-tournament/2"
"""The format of a tournament of several maps (one of a single map keeps :data:`SPEC_FORMAT`)."""


@dataclass(frozen=True)
class Entrant:
    """A named player: ``seat`` is the resolved program path or bot command; ``source`` the
    snake program's text (what is actually played, and what a resume checks)."""

    name: str
    seat: str
    source: str | None = None

    @classmethod
    def parse(cls, game: str, argument: str) -> Entrant:
        """``NAME=PROGRAM_OR_BOT`` as given to ``--entrant``."""
        name, sep, target = argument.partition("=")
        name, target = name.strip(), target.strip()
        if not sep or not name or not target:
            raise TournamentError(f"--entrant {argument!r}: expected NAME=PROGRAM_OR_BOT")
        if not name.isprintable():  # a line end split the results table and the one-line progress
            raise TournamentError(f"--entrant {name!r}: a name is printable text on one line")
        seat, source = resolve_entrant(game, target, f"--entrant {name}")
        return cls(name, seat, source)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "seat": self.seat}
        if self.source is not None:
            data["sha256"] = hashlib.sha256(self.source.encode("utf-8")).hexdigest()
        else:
            files = {path: file_digest(path) for path in bot_files(self.seat)}
            if files:
                data["files"] = files
        return data


def file_digest(path: str) -> str:
    """The SHA-256 of a file's bytes ("unreadable: …" when it cannot be read, which differs
    from any digest, so a resume notices that too)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as err:
        return f"unreadable: {err.strerror or err}"
    return digest.hexdigest()


def bot_files(seat: str) -> list[str]:
    """The files a resolved bot command names: its program unless that is this Python or a
    command found on PATH (an interpreter, not the bot), and every argument that is a file."""
    try:
        argv = shlex.split(seat)
    except ValueError:
        return []
    files = []
    for position, arg in enumerate(argv):
        if not os.path.isabs(arg) or not os.path.isfile(arg):
            continue
        if position == 0 and (arg == sys.executable or shutil.which(os.path.basename(arg)) == arg):
            continue
        files.append(arg)
    return files


def file_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with every text value that names an existing file made absolute (a worms
    map given relative to the folder the tournament was started from)."""
    return {key: os.fspath(Path(value).absolute()) if _names_file(value) else value for key, value in options.items()}


def _names_file(value: object) -> bool:
    """A text option that looks like a path (a folder part or a suffix) and is a file."""
    return isinstance(value, str) and (os.sep in value or bool(Path(value).suffix)) and Path(value).is_file()


def players(low: int, high: int) -> str:
    """A game's number of players in words: ``2..4 players``, ``exactly 4 players`` (``4..4``
    read as a typo)."""
    return f"exactly {low} players" if low == high else f"{low}..{high} players"


@dataclass(frozen=True)
class TournamentSpec:
    game: str
    entrants: tuple[Entrant, ...]
    seed: int
    seats: int
    games_per_pairing: int
    options: Mapping[str, Any] = field(default_factory=dict)
    maps: tuple[str, ...] = ()
    """The maps played in turn (absolute paths), two or more; empty when the options name the
    one map (or none)."""

    @classmethod
    def build(
        cls, game: str, entrants: Sequence[Entrant], seed: int, *, seats: int | None = None,
        games_per_pairing: int | None = None, options: Mapping[str, Any] | None = None,
        maps: Sequence[str] = (), map_flag: str = "--map",
    ) -> TournamentSpec:
        """A checked spec; defaults: as many seats as entrants within the game's range, one
        seat rotation per pairing. ``maps`` (files or sample names) are played in turn; one map
        is the same as that map among the options. A bad map is an error naming it as
        ``{map_flag} N (what was given)``, checked before anything is played."""
        low, high = seat_range(game)
        count = seats if seats is not None else min(high, max(low, len(entrants)))
        if not low <= count <= high:
            raise TournamentError(f"--seats {count}: {game} is played by {players(low, high)}")
        names = [e.name for e in entrants]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise TournamentError(f"--entrant {twice}: two entrants have that name")
        per_pairing = games_per_pairing if games_per_pairing is not None else rotation_length(len(entrants), count)
        options = dict(options or {})
        map_option = GAMES[game].descriptor.map_option
        if len(maps) == 1 and map_option is not None:
            options[map_option] = maps[0]
        paths = _map_paths(game, maps, map_flag, options) if len(maps) > 1 else ()
        try:
            round_robin(len(entrants), count, per_pairing, max(1, len(paths)))  # checks the counts
        except TournamentError as err:
            raise TournamentError(f"{err}{seats_hint(game, len(entrants), count, seats is not None)}") from None
        options = file_options(options)
        seated = [(e.name, e.seat) for e in entrants]
        for number, (given, path) in enumerate(zip(maps, paths), 1):
            try:  # each map alone first, with one entrant: an error is the map's
                check_setup(game, seated[:1], count, {**options, str(map_option): path})
            except TournamentError as err:
                if str(err).startswith("--entrant "):
                    raise
                raise TournamentError(f"{map_flag} {number} ({given}): {err}") from None
        check_setup(game, seated, count, {**options, str(map_option): paths[0]} if paths else options)
        return cls(game, tuple(entrants), seed, count, per_pairing, options, paths)

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.entrants]

    def shared_seats_note(self) -> str | None:
        """A line for the user when an entrant fills several seats of a game, else None."""
        return shared_seats_note(len(self.entrants), self.seats)

    def schedule(self) -> list[Seating]:
        return round_robin(len(self.entrants), self.seats, self.games_per_pairing, max(1, len(self.maps)))

    def map_names(self) -> list[str]:
        """The maps' names as games, tables and files show them: each file's name (with as
        much of its folder as tells two of the same name apart); empty with one map or none."""
        return list(_map_names(self.maps))

    def map_name(self, index: int) -> str | None:
        """The name of the map game ``index`` is played on, in a tournament of several maps."""
        if not self.maps:
            return None
        return _map_names(self.maps)[map_number(index, len(self.entrants), self.seats, len(self.maps))]

    def task(self, index: int, seating: Seating, replay: str | None = None) -> GameTask:
        players = [self.entrants[i] for i in seating]
        sources = tuple(p.source for p in players if p.source is not None)
        options = self.options
        if self.maps:
            played = self.maps[map_number(index, len(self.entrants), self.seats, len(self.maps))]
            options = {**options, str(GAMES[self.game].descriptor.map_option): played}
        return GameTask(index, self.game, tuple(p.seat for p in players), tuple(p.name for p in players),
                        game_seed(self.seed, index), options,
                        sources if len(sources) == len(players) else None, replay)

    def like(self, stored: Mapping[str, Any]) -> TournamentSpec:
        """This spec without the options that are at the game's defaults and that the stored
        spec (a folder's ``tournament.json``) does not set: the same games, so that a form
        stating every option resumes a tournament started with fewer (by the command line)."""
        given = stored.get("options")
        given = given if isinstance(given, dict) else {}
        defaults = GAMES[self.game].defaults
        options = {key: value for key, value in self.options.items()
                   if key in given or key not in defaults or defaults[key] != value}
        return dataclasses.replace(self, options=options)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str, text: str = "") -> TournamentSpec:
        """The tournament a stored ``tournament.json`` describes, as it was recorded: nothing is
        resolved or read (a program may have changed or gone since; the games' results can still
        be shown). Errors name ``source`` and, given the file's ``text``, the line."""
        return _SpecReader(data, source, text).spec()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": MAPS_FORMAT if self.maps else SPEC_FORMAT, "game": self.game,
                                "seed": self.seed, "seats": self.seats, "games_per_pairing": self.games_per_pairing,
                                "options": dict(self.options)}
        if self.maps:
            data["maps"] = [{"path": path, "sha256": file_digest(path)} for path in self.maps]
        data["entrants"] = [e.to_json() for e in self.entrants]
        files = {key: file_digest(value) for key, value in self.options.items()
                 if isinstance(value, str) and os.path.isabs(value) and os.path.isfile(value)}
        if files:
            data["option_files"] = files
        return data


class _SpecReader:
    """Checks a stored spec key by key; each complaint names the file, the line and the key."""

    def __init__(self, data: Mapping[str, Any], source: str, text: str) -> None:
        self.data, self.source, self.text = data, source, text

    def spec(self) -> TournamentSpec:
        if self.data.get("format") not in (SPEC_FORMAT, MAPS_FORMAT):
            raise self._error(["format"], f"not a tournament of this snakepit: format {self.data.get('format')!r}, "
                                          f"expected {SPEC_FORMAT!r} or {MAPS_FORMAT!r}")
        game = self._value(["game"], str, "a game's name")
        try:
            low, high = seat_range(game)
        except TournamentError as err:
            raise self._error(["game"], str(err)) from None
        seed, seats = self._value(["seed"], int, "a whole number"), self._value(["seats"], int, "a whole number")
        per_pairing = self._value(["games_per_pairing"], int, "a whole number")
        options = self._value(["options"], dict, "an object")
        entrants = tuple(self._entrant(index) for index in range(len(self._value(["entrants"], list, "a list"))))
        names = [e.name for e in entrants]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise self._error(["entrants"], f"two entrants are named {twice!r}")
        if not low <= seats <= high:
            raise self._error(["seats"], f"{seats}: {game} is played by {players(low, high)}")
        maps = self._maps(game) if self.data.get("format") == MAPS_FORMAT else ()
        try:
            round_robin(len(entrants), seats, per_pairing, max(1, len(maps)))
        except TournamentError as err:
            raise self._error(["games_per_pairing"], str(err).removeprefix("--games-per-pairing ")) from None
        return TournamentSpec(game, entrants, seed, seats, per_pairing, dict(options), maps)

    def _maps(self, game: str) -> tuple[str, ...]:
        """The maps of a tournament of several maps: two or more paths, each once."""
        count = len(self._value(["maps"], list, "a list"))
        if GAMES[game].descriptor.map_option is None:
            raise self._error(["maps"], f"{game} has no map")
        maps = tuple(self._value(["maps", index, "path"], str, "a map's path") for index in range(count))
        if len(maps) < 2 or len(set(maps)) < len(maps):
            raise self._error(["maps"], f"expected two maps or more, each once, got {len(maps)}: {', '.join(maps)}")
        return maps

    def _entrant(self, index: int) -> Entrant:
        self._value(["entrants", index], dict, "an object")
        name = self._value(["entrants", index, "name"], str, "a name")
        seat = self._value(["entrants", index, "seat"], str, "a program's path or a bot's command")
        if not name.strip() or not seat.strip():
            raise self._error(["entrants", index], "an entrant needs a name and a seat")
        return Entrant(name, seat)

    def _value(self, path: list[str | int], kind: type, what: str) -> Any:
        value: Any = self.data
        for step in path:
            inside = value.get(step) if isinstance(value, dict) and isinstance(step, str) else (
                value[step] if isinstance(value, list) and isinstance(step, int) and step < len(value) else None)
            if inside is None:
                raise self._error(path, f"missing {_key_name(path)!r}")
            value = inside
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self._error(path, f"{_key_name(path)!r} must be {what}, got {value!r:.60}")
        return value

    def _error(self, path: Sequence[str | int], message: str) -> TournamentError:
        where = f"{self.source}: line {json_line(self.text, path)}" if self.text else self.source
        return TournamentError(f"{where}: {message}")


def _map_paths(game: str, maps: Sequence[str], flag: str, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The absolute paths of several maps given as files or sample names; a map given twice (the
    same file, or the same contents) is refused: it would count twice in the standings."""
    name = GAMES[game].descriptor.map_option
    if name is None:
        raise TournamentError(f"{flag}: {game} has no map")
    if options.get(name) is not None:
        raise TournamentError(f"{flag} and --option {name}={options[name]} both name a map: give the maps with {flag}")
    paths: list[str] = []
    digests: list[str] = []
    for number, given in enumerate(maps, 1):
        path = os.fspath(resolve_sample_file(game, given).absolute())
        digest = file_digest(path)
        same = next((i for i, (p, d) in enumerate(zip(paths, digests))
                     if p == path or (d == digest and not digest.startswith("unreadable"))), None)
        if same is not None:
            what = "the same file" if paths[same] == path else "the same contents"
            raise TournamentError(f"{flag} {number} ({given}): {what} as {flag} {same + 1} ({maps[same]}); every "
                                  "map is played by every pairing: give each map once (--games-per-pairing plays more)")
        paths.append(path)
        digests.append(digest)
    return tuple(paths)


def map_names(paths: Sequence[str]) -> list[str]:
    """Each path's file name, or as many of its last parts as tell it from the others
    (``a/meadow.txt`` and ``b/meadow.txt``)."""
    parts = [Path(path).parts for path in paths]

    def name(mine: tuple[str, ...]) -> str:
        for depth in range(1, len(mine) + 1):
            tail = mine[-depth:]
            if not any(other[-depth:] == tail for other in parts if other != mine):
                return "/".join(tail)
        return "/".join(mine)

    return [name(mine) for mine in parts]


@functools.lru_cache(maxsize=16)
def _map_names(paths: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`map_names`, kept: each game asks its map's name."""
    return tuple(map_names(paths))


def _key_name(path: Sequence[str | int]) -> str:
    """``entrants[2].seat`` for a path into the spec."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def seats_hint(game: str, entrants: int, seats: int, seats_given: bool) -> str:
    """What to add to a refused ``--games-per-pairing`` when the seat count was the default
    free-for-all and the game also has head-to-head games."""
    low = seat_range(game)[0]
    if seats_given or seats <= 2 or low > 2 or entrants < 3:
        return ""
    noun = "snakes" if game == SNAKE else "players"
    return f"; games of {seats} {noun} are the default for {entrants} entrants: use --seats 2 for head-to-head games"


def long_schedule_note(game: str, entrants: int, seats: int, games_per_pairing: int, games: int) -> str | None:
    """A warning for a schedule of more than :data:`~arena.tournament.schedule.LARGE_SCHEDULE`
    games (None for a shorter one): why it is long, and what head-to-head games would make it."""
    if not large_schedule(games):
        return None
    groups = len(tables(entrants, seats))
    why = (f"every {seats} of the {entrants} entrants meet ({groups} groups × {games_per_pairing} games)"
           if entrants > seats else f"{games_per_pairing} games per pairing")
    text = f"a long tournament: {why}"
    if seats > 2 and seat_range(game)[0] <= 2:
        pairs = len(tables(entrants, 2)) * 2
        text += f"; --seats 2 would make it {pairs} head-to-head games"
    return text
