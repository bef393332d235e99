"""A game whose ``maps`` raises (its samples' folder missing from its package) is chosen in the
app's setup with no sample maps offered (a file can still be chosen), said on stderr; choosing it
raised out of the setup form, and, as the game last chosen, stopped the app's arena at start."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from arena.games import registry
from tests.games.nim.referee import DESCRIPTOR, NimReferee


def no_folder() -> list[tuple[str, str]]:
    raise FileNotFoundError("/nowhere/boards")


@pytest.fixture
def mapless() -> Iterator[None]:
    registry.register(dataclasses.replace(DESCRIPTOR, referee=NimReferee(), map_option="heaps", maps=no_folder))
    yield
    registry.unregister(DESCRIPTOR.name)


def test_its_maps_are_none_and_said(mapless: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert registry.game("nim").map_samples() == []
    assert capsys.readouterr().err == "snakepit: the maps of 'nim' cannot be listed: FileNotFoundError: /nowhere/boards\n"


def test_the_setup_form_takes_it(qtbot: QtBot, mapless: None, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from editor.widgets.arena.match_setup import MatchSetupPanel

    panel = MatchSetupPanel(QSettings(str(tmp_path / "a.ini"), QSettings.Format.IniFormat), scratch=tmp_path)
    qtbot.addWidget(panel)
    panel.set_game("nim")
    assert panel.game() == "nim" and panel.map_box.count() <= 1  # no sample (at most the "none" choice)
