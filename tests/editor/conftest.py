"""Factories for editor tests: seats of the built-in program (independent of the shipped samples)
and shown, sized widgets registered with qtbot."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

import editor.widgets  # noqa: F401  (applies the PySide6 6.12.0 None-refcount guard first)
from arena.snake_battle import BattleSettings
from editor.seats import Seat, builtin_program, unique_names
from editor.widgets.battle_player import BattlePlayer


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
