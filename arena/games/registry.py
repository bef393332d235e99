"""Every game the app knows: the five built in and any another package adds through the
``snakepit.games`` entry-point group (an entry point names a :class:`GameDescriptor`).

A built-in game's module registers its descriptor when it is imported; :func:`games` imports
them, and loads the entry points, once.
"""

from __future__ import annotations

import importlib
import sys
import threading
from importlib.metadata import entry_points

from arena.games.descriptor import GameDescriptor

BUILT_IN = ("arena.snake_referee", "arena.worms_referee", "arena.kingdoms_referee", "arena.bioblots_referee",
            "arena.itpw_referee")
"""The modules of the built-in games."""
ENTRY_POINTS = "snakepit.games"

_games: dict[str, GameDescriptor] = {}
_lock = threading.RLock()
_loaded = False


class GameRegistryError(ValueError):
    """A game that cannot be registered (a name taken, an entry point that is no game)."""


def register(descriptor: GameDescriptor) -> GameDescriptor:
    """Add a game (its referee learns its descriptor)."""
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


def game(name: str) -> GameDescriptor:
    found = games().get(name)
    if found is None:
        raise KeyError(name)
    return found


def _load_entry_points() -> None:
    for point in entry_points(group=ENTRY_POINTS):
        try:
            loaded = point.load()
        except Exception as error:  # another package's bug must not stop the app
            print(f"snakepit: the game {point.name!r} ({point.value}) cannot be loaded: {error}", file=sys.stderr)
            continue
        if not isinstance(loaded, GameDescriptor):
            print(f"snakepit: the entry point {point.name!r} ({point.value}) is no game descriptor", file=sys.stderr)
            continue
        register(loaded)
