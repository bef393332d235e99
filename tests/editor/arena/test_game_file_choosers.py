"""The file choosers of a game from another package start in its own samples folder (its
descriptor's), not in a ``samples/<game>`` it does not have: in the arena's seats and in the
tournament's "Add file…" and map choosers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import SAMPLES_DIR
from editor.widgets.arena.match_setup import MatchSetupPanel
from editor.widgets.tournament.tournament_setup import TournamentSetup
from tests.editor.arena.registered_games import nim_like, registered

NIM_MAP = nim_like("nim_heaps", "Nim on a heap file", map_option="heaps", map_title="Heaps")
"""Nim (tests/games/nim/) with its heaps chosen like a map: its samples are tests/games/nim/bots."""


@pytest.fixture
def game() -> Iterator[str]:
    with registered(NIM_MAP) as name:
        yield name


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folders the file dialogs were opened in (each cancelled)."""
    starts: list[str] = []

    def dialog(_parent: QWidget, _title: str, start: str, *_filters: str) -> tuple[str, str]:
        starts.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(dialog))
    return starts


def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)  # no folder chosen yet


def test_the_seat_and_map_choosers_start_in_the_games_own_samples(qtbot: QtBot, tmp_path: Path, game: str,
                                                                   asked: list[str]) -> None:
    assert not (SAMPLES_DIR / game).exists() and NIM_MAP.samples is not None
    panel = MatchSetupPanel(settings(tmp_path), scratch=tmp_path / "scratch")
    qtbot.addWidget(panel)
    panel.show()
    panel.set_game(game)
    qtbot.mouseClick(panel.seats[0].browse, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.map_browse, Qt.MouseButton.LeftButton)
    assert [Path(start) for start in asked] == [NIM_MAP.samples] * 2


def test_the_tournament_choosers_start_in_the_games_own_samples(qtbot: QtBot, tmp_path: Path, game: str,
                                                                asked: list[str]) -> None:
    setup = TournamentSetup(tmp_path, settings=settings(tmp_path))
    qtbot.addWidget(setup)
    setup.show()
    setup.set_game(game)
    qtbot.mouseClick(setup.entrants.add_file_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(setup.map_browse, Qt.MouseButton.LeftButton)
    assert [Path(start) for start in asked] == [NIM_MAP.samples] * 2
