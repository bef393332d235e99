"""A newcomer's descriptor mistakes are said when the game registers, naming the game (and, for
a game from another package, the package and its entry point), and the app goes on with its
other games. A name taken by another game ended every ``snakepit`` command in a traceback; a
bad seat range or a default its own option refuses registered and failed later, elsewhere."""

from __future__ import annotations

import dataclasses
import importlib.metadata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from arena.games import registry
from arena.games.options import Option, OptionKind
from arena.games.registry import GameRegistryError, descriptor_problems, register
from tests.games.nim.referee import DESCRIPTOR, NimReferee


def test_a_sound_descriptor_has_no_problems() -> None:
    assert descriptor_problems(DESCRIPTOR) == []


@pytest.mark.parametrize(("change", "said"), [
    ({"min_seats": 3, "max_seats": 2}, "its seats must be 1 <= min_seats <= max_seats, got 3..2"),
    ({"min_seats": 0}, "its seats must be 1 <= min_seats <= max_seats, got 0..2"),
    ({"name": "Nim game"}, "its name must be a lower-case word (letters, digits, - and _), got 'Nim game'"),
    ({"round_limit": "moves"}, "its round_limit 'moves' is none of its options"),
    ({"default_seats": ("nim_bot.py",) * 3}, "its default_seats has 3 seats, not 2..2"),
    ({"engine": object()}, "lacks rng, start, idle, step"),
    ({"options": (Option("heaps", OptionKind.COUNT, 0, "the heaps"),)},
     "the default of option heaps: expected a positive whole number, got 0"),
    ({"options": DESCRIPTOR.options[:2]},  # its bots could not start: KeyError 'limits'
     "its bots need the options limits, sandbox, network (add LIMITS_OPTION, *SANDBOX_OPTIONS from arena.games.options)"),
])
def test_a_descriptor_mistake_is_refused_naming_the_game_and_the_mistake(change: dict[str, Any], said: str) -> None:
    broken = dataclasses.replace(DESCRIPTOR, referee=NimReferee(), **change)
    with pytest.raises(GameRegistryError) as raised:
        register(broken)
    assert str(raised.value).startswith(f"the game {broken.name!r}: ") and said in str(raised.value)
    assert broken.name not in registry.games()


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An installed package ``bad-games`` whose four entry points are a good game (Nim), one whose
    name is taken, one whose module fails to import and one that is no descriptor."""
    (tmp_path / "bad_games.py").write_text(
        "import dataclasses\nfrom tests.games.nim.referee import DESCRIPTOR, NimReferee\n"
        "CLASH = dataclasses.replace(DESCRIPTOR, name='worms', referee=NimReferee())\nNOT_ONE = 'nim'\n")
    (tmp_path / "broken_game.py").write_text("import no_such_module\n")
    info = tmp_path / "bad_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-games\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[snakepit.games]\nnim = tests.games.nim.referee:DESCRIPTOR\n"
                                           "clash = bad_games:CLASH\nbroken = broken_game:GAME\nnotone = bad_games:NOT_ONE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (dist,) = importlib.metadata.distributions(path=[str(tmp_path)])
    monkeypatch.setattr(registry, "entry_points", lambda group: [p for p in dist.entry_points if p.group == group])
    monkeypatch.setattr(registry, "_problems", [])
    yield
    registry.unregister("nim")


def test_entry_points_that_fail_are_said_by_package_and_the_others_load(plugins: None,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    registry._load_entry_points()
    assert "nim" in registry.games() and registry.game("worms").title == "Worms"
    said = [f"the game 'clash' of the package bad-games (bad_games:CLASH) cannot be loaded: a game named 'worms' is "
            "registered already",
            "the game 'broken' of the package bad-games (broken_game:GAME) cannot be loaded: ModuleNotFoundError: No "
            "module named 'no_such_module'",
            "the game 'notone' of the package bad-games (bad_games:NOT_ONE) cannot be loaded: it is 'nim', not a "
            "GameDescriptor (arena.games.descriptor)"]
    assert registry.load_problems() == said
    assert capsys.readouterr().err.splitlines() == [f"snakepit: {line}" for line in said]


def test_the_app_says_which_games_could_not_load(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from editor.widgets.arena.match_setup import MatchSetupPanel

    said = "the game 'clash' of the package bad-games (bad_games:CLASH) cannot be loaded: a game named 'worms' is taken"
    monkeypatch.setattr(registry, "_problems", [said])
    panel = MatchSetupPanel(QSettings(str(tmp_path / "a.ini"), QSettings.Format.IniFormat), scratch=tmp_path)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.message_label.isVisible() and panel.message_label.text() == said
    assert panel.game_box.count() >= 5  # the other games are there


def test_an_unknown_game_is_said_with_where_games_come_from(plugins: None, capsys: pytest.CaptureFixture[str]) -> None:
    """A replay, match or tournament of a game no one registered: the message said the games
    known, and nothing of a package to install, or of the one installed that failed to load."""
    registry._load_entry_points()
    capsys.readouterr()
    assert registry.unknown_game("rows").endswith(
        "; a game another package adds is known once that package is installed)")
    broken = registry.unknown_game("broken")
    assert broken.startswith("unknown game 'broken' (known: ") and "worms" in broken
    assert broken.endswith("; the game 'broken' of the package bad-games (broken_game:GAME) cannot be loaded: "
                           "ModuleNotFoundError: No module named 'no_such_module')")
