"""Every game the app knows: the five built in and any another package adds through the
``snakepit.games`` entry-point group (an entry point names a :class:`GameDescriptor`).

A built-in game's module registers its descriptor when it is imported; :func:`games` imports
them, and loads the entry points, once.
"""

from __future__ import annotations

import importlib
import re
import sys
import threading
from importlib.metadata import EntryPoint, entry_points

from arena.games.descriptor import GameDescriptor, Hosting
from arena.games.options import LIMITS_OPTION, SANDBOX_OPTIONS, OptionError

BUILT_IN = ("arena.snake_referee", "arena.worms_referee", "arena.kingdoms_referee", "arena.bioblots_referee",
            "arena.itpw_referee")
"""The modules of the built-in games."""
ENTRY_POINTS = "snakepit.games"

_games: dict[str, GameDescriptor] = {}
_lock = threading.RLock()
_loaded = False


_problems: list[str] = []

NAME = re.compile(r"[a-z][a-z0-9_-]*")
"""A game's name: a word a command line takes and a file name holds."""
ENGINE_METHODS = ("rng", "start", "idle", "step", "outcome", "scores", "ranks", "to_text", "from_text", "event_json",
                  "random_moves")


class GameRegistryError(ValueError):
    """A game that cannot be registered (a name taken, an entry point that is no game)."""


def register(descriptor: GameDescriptor) -> GameDescriptor:
    """Add a game (its referee learns its descriptor); a descriptor that cannot work raises
    :class:`GameRegistryError` naming the game and every mistake found."""
    from arena.referee import GameReferee  # it imports arena.match, which imports this module

    problems = descriptor_problems(descriptor)
    if not isinstance(descriptor.referee, GameReferee):
        problems.append(f"its referee is {descriptor.referee!r}, not a GameReferee (arena.referee)")
    if problems:
        raise GameRegistryError(f"the game {descriptor.name!r}: " + "; ".join(problems))
    with _lock:
        known = _games.get(descriptor.name)
        if known is not None and known is not descriptor:
            raise GameRegistryError(f"a game named {descriptor.name!r} is registered already")
        descriptor.referee.descriptor = descriptor
        _games[descriptor.name] = descriptor
    return descriptor


def unregister(name: str) -> None:
    """Take a game out again (tests that register one of their own)."""
    with _lock:
        _games.pop(name, None)


def descriptor_problems(d: GameDescriptor) -> list[str]:
    """What in a descriptor cannot work, one phrase each (empty: nothing found)."""
    problems = []
    if not isinstance(d.name, str) or not NAME.fullmatch(d.name):
        problems.append(f"its name must be a lower-case word (letters, digits, - and _), got {d.name!r}")
    seats = isinstance(d.min_seats, int) and isinstance(d.max_seats, int) and 1 <= d.min_seats <= d.max_seats
    if not seats:
        problems.append(f"its seats must be 1 <= min_seats <= max_seats, got {d.min_seats!r}..{d.max_seats!r}")
    missing = [m for m in ENGINE_METHODS if not callable(getattr(d.engine, m, None))]
    if missing:
        problems.append(f"its engine {d.engine!r:.60} lacks {', '.join(missing)} (engines.protocol.Game)")
    names = {option.name for option in d.options}
    for field, name in (("round_limit", d.round_limit), ("map_option", d.map_option)):
        if name is not None and name not in names:
            problems.append(f"its {field} {name!r} is none of its options ({', '.join(sorted(names))})")
    lacking = [o.name for o in (LIMITS_OPTION, *SANDBOX_OPTIONS) if o.name not in names]
    if isinstance(d.hosting, Hosting) and d.hosting.bots and lacking:
        problems.append(f"its bots need the options {', '.join(lacking)} (add LIMITS_OPTION, *SANDBOX_OPTIONS "
                        "from arena.games.options)")
    for option in d.options:
        try:
            option.parse(option.default)
        except OptionError as error:
            problems.append(f"the default of {error}")
    if seats and d.default_seats and not d.min_seats <= len(d.default_seats) <= d.max_seats:
        problems.append(f"its default_seats has {len(d.default_seats)} seats, not {d.min_seats}..{d.max_seats}")
    if seats and d.playout is not None and not d.min_seats <= d.playout_seats <= d.max_seats:
        problems.append(f"its playout_seats {d.playout_seats!r} is not {d.min_seats}..{d.max_seats}")
    return problems


def load_problems() -> list[str]:
    """Why each game another package adds could not be loaded, one line each (the app says so)."""
    games()
    with _lock:
        return list(_problems)


def games() -> dict[str, GameDescriptor]:
    """Every registered game by name, the built-in ones and those of installed packages."""
    global _loaded
    with _lock:
        if not _loaded:
            _loaded = True
            for module in BUILT_IN:
                importlib.import_module(module)
            _load_entry_points()
        return dict(_games)


def built_in_games() -> dict[str, GameDescriptor]:
    """The games snakepit ships (their referees are :data:`BUILT_IN`'s), without those installed
    packages add: what snakepit's own goldens and board tests are about."""
    return {name: d for name, d in games().items() if type(d.referee).__module__ in BUILT_IN}


def unknown_game(name: str) -> str:
    """What to tell a user who named a game no one registered: the games there are, and where a
    game of another package comes from (it is known once its package is installed; one that is
    installed but failed to load says why)."""
    known = ", ".join(sorted(games()))
    failed = [problem for problem in load_problems() if repr(name) in problem]
    why = f"; {failed[0]}" if failed else "; a game another package adds is known once that package is installed"
    return f"unknown game {name!r} (known: {known}{why})"


def game(name: str) -> GameDescriptor:
    found = games().get(name)
    if found is None:
        raise KeyError(name)
    return found


def _load_entry_points() -> None:
    for point in entry_points(group=ENTRY_POINTS):
        try:
            loaded = point.load()
            if not isinstance(loaded, GameDescriptor):
                raise GameRegistryError(f"it is {loaded!r:.60}, not a GameDescriptor (arena.games.descriptor)")
            register(loaded)
        except Exception as error:  # another package's bug must not stop the app, nor its other games
            why = str(error) if isinstance(error, GameRegistryError) else f"{type(error).__name__}: {error}"
            problem = f"the game {point.name!r} of {_package(point)} ({point.value}) cannot be loaded: {why}"
            _problems.append(problem)
            print(f"snakepit: {problem}", file=sys.stderr)


def _package(point: EntryPoint) -> str:
    """The distribution an entry point comes from, as pip names it."""
    dist = point.dist
    return f"the package {dist.name}" if dist is not None else "an unknown package"
