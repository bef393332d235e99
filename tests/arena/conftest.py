"""Fixtures shared by the bot and sandbox tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.bots import UNSANDBOXED, BotHost, SandboxPolicy
from tests.bots.survivors import MARK_VARIABLE, assert_none_left, new_marker, zombie_children


@pytest.fixture
def marker() -> Iterator[str]:
    """A marker for the test's bots (pass it as an argument, or in ``bot_env``); afterwards no
    process carries it, and the test process has no new zombie child."""
    zombies_before = zombie_children()
    mark = new_marker()
    yield mark
    assert_none_left(mark)
    assert zombie_children() - zombies_before == set()


@pytest.fixture(params=["sandboxed", "unsandboxed"])
def policy(request: pytest.FixtureRequest) -> SandboxPolicy:
    """Every test of running bots runs in a sandbox and, as ``--no-sandbox`` does, without."""
    return SandboxPolicy() if request.param == "sandboxed" else UNSANDBOXED


@pytest.fixture
def host(marker: str, tmp_path: Path, policy: SandboxPolicy) -> Iterator[BotHost]:
    """A bot host in ``tmp_path`` whose bots carry the test's marker, sandboxed and not (the
    match tests have their own ``host``: a folder, from test_match_api)."""
    with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}, policy=policy) as host:
        yield host
