"""Nim (tests/games/nim/) registered for a test, and taken out again after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from arena.games import registry
from tests.games.nim.referee import DESCRIPTOR


@pytest.fixture
def nim_registered() -> Iterator[None]:
    registry.register(DESCRIPTOR)
    yield
    registry.unregister(DESCRIPTOR.name)
