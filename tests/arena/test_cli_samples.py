"""``snakepit samples``: what a game's sample ``.txt`` files are called comes from its descriptor,
so a game another package adds names its own (a list in the CLI named only the shipped games)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from arena.cli_samples import map_title
from arena.games import registry


@pytest.fixture
def board_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game like kingdoms whose map option is titled "Battlefield", known to the registry's
    lookup only (registering it would hand kingdoms' own referee the new descriptor)."""
    known = registry.games()
    fields = dataclasses.replace(known["kingdoms"], name="fields", title="Fields", map_title="Battlefield")
    monkeypatch.setattr(registry, "games", lambda: {**known, "fields": fields})
    yield "fields"


def test_the_samples_of_a_game_s_map_option_are_named_by_its_title(board_game: str) -> None:
    assert map_title(board_game) == "battlefields"
    assert [map_title(g) for g in ("worms", "kingdoms", "bioblots")] == ["maps", "playfields", "boards"]


def test_a_game_without_a_map_option_or_unknown_has_files() -> None:
    assert map_title("itpw") == "files" and map_title("snake") == "files" and map_title("no such game") == "files"
