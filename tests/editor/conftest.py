"""Factories for editor tests: seats of the built-in program (independent of the shipped samples)
and shown, sized widgets registered with qtbot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

import editor.widgets  # noqa: F401  (applies the PySide6 6.12.0 None-refcount guard first)
from arena.snake_battle import BattleSettings
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.seats import Seat, builtin_program, unique_names
from editor.widgets.battle.battle_player import BattlePlayer


def builtin_seats(count: int = 4) -> list[Seat]:
    program = builtin_program()
    return unique_names([(program.name, program)] * count)


@pytest.fixture
def seats() -> list[Seat]:
    return builtin_seats()


@pytest.fixture
def make_player(qtbot) -> Callable[..., BattlePlayer]:
    def make(seats: Sequence[Seat] | None = None, settings: BattleSettings = BattleSettings(seed=3)) -> BattlePlayer:
        player = BattlePlayer(builtin_seats() if seats is None else seats, settings)
        qtbot.addWidget(player)
        player.resize(1100, 760)
        player.show()
        qtbot.waitExposed(player)
        return player

    return make


@pytest.fixture
def make_window(qtbot, tmp_path: Path) -> Callable[[], MainWindow]:
    """The app's main window on the built-in program, its settings and recovery in ``tmp_path``,
    shown, active and exposed; closed without asking to save."""

    def make() -> MainWindow:
        window = MainWindow(ProgramDocument(builtin_program()),
                            settings=QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat),
                            recovery=RecoveryStore(tmp_path / "recovery"))
        qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
        window.show()
        window.activateWindow()
        qtbot.waitExposed(window)
        return window

    return make
