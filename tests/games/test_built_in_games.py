"""snakepit's goldens, board demos and end-reason tests are about the games it ships: with a game
package installed (as docs/adding-a-game.md has a newcomer do), they took its game for one of
them and failed ("add tests/arena/golden/rows.setup.json"), so the suite failed on its own code."""

from __future__ import annotations

from arena.games import registry


def test_the_built_in_games_are_the_shipped_five_and_no_other(nim_registered: None) -> None:
    assert "nim" in registry.games()
    assert sorted(registry.built_in_games()) == ["bioblots", "itpw", "kingdoms", "snake", "worms"]
