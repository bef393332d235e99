"""Fixtures shared by the bot and sandbox tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.bots.survivors import assert_none_left, new_marker, zombie_children


@pytest.fixture
def marker() -> Iterator[str]:
    """A marker for the test's bots (pass it as an argument, or in ``bot_env``); afterwards no
    process carries it, and the test process has no new zombie child."""
    zombies_before = zombie_children()
    mark = new_marker()
    yield mark
    assert_none_left(mark)
    assert zombie_children() - zombies_before == set()
