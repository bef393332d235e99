"""A game from another package in the app's forms, as tests/games/ defines one: Nim
(tests/games/nim/) changed to show what a test needs, under a name of its own, registered for
one test and taken out after it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from arena.games import registry
from arena.games.descriptor import GameDescriptor
from tests.games.nim.referee import DESCRIPTOR, NimReferee


def nim_like(name: str, title: str, **changes: Any) -> GameDescriptor:
    """Nim under ``name`` with ``changes`` to its descriptor (a referee of its own: a referee
    learns the one descriptor it serves)."""
    return dataclasses.replace(DESCRIPTOR, name=name, title=title, referee=NimReferee(), **changes)


@contextmanager
def registered(descriptor: GameDescriptor) -> Iterator[str]:
    """``descriptor``'s game registered while the block runs; its name."""
    registry.register(descriptor)
    try:
        yield descriptor.name
    finally:
        registry.unregister(descriptor.name)
