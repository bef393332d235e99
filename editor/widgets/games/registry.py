"""The one map from a game to what the editor shows of it (napari's ``layer_to_controls`` is the
model). The arena pane, the match setup and the tournament setup look games up here and name
none; a game plays in the app once it is here and its referee is in :data:`arena.match.GAMES`.

Every game's editor facts sit in its own folder (``games/<game>/<game>_game.py``); this map only
lists them, in the order the choosers show them."""

from __future__ import annotations

from arena.match import GAMES
from editor.widgets.games.bioblots.bioblots_game import BIOBLOTS
from editor.widgets.games.game_view import GameView
from editor.widgets.games.itpw.itpw_game import ITPW
from editor.widgets.games.kingdoms.kingdoms_game import KINGDOMS
from editor.widgets.games.snake.snake_game import SNAKE
from editor.widgets.games.worms.worms_game import WORMS

GAME_VIEWS: dict[str, GameView] = {"snake": SNAKE, "worms": WORMS, "kingdoms": KINGDOMS, "bioblots": BIOBLOTS, "itpw": ITPW}


def playable_games() -> list[str]:
    """The games with a view here and a registered referee, in the choosers' order."""
    return [game for game in GAME_VIEWS if game in GAMES]
