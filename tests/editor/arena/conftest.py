"""Fixtures of the arena pane tests: a marker that every bot of the test carries (no bot may
outlive the test) and the pane itself, shown at a laptop's size."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from tests.bots.survivors import MARK_VARIABLE, new_marker, processes_with


@pytest.fixture
def marker() -> Iterator[str]:
    mark = new_marker()
    yield mark
    deadline = time.monotonic() + 10.0
    while processes_with(mark) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert processes_with(mark) == [], "bot processes outlived the test"


@pytest.fixture
def make_pane(qtbot: QtBot, tmp_path: Path, marker: str) -> Callable[..., ArenaPane]:
    def make(settings: QSettings | None = None, **kwargs: object) -> ArenaPane:
        settings = settings if settings is not None else QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat)
        pane = ArenaPane(settings, bot_env={MARK_VARIABLE: marker}, host_root=tmp_path, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(pane, before_close_func=lambda p: p.shutdown())
        pane.resize(1366, 680)
        pane.show()
        qtbot.waitExposed(pane)
        return pane

    return make
