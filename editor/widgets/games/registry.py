"""The one map from a game to what the editor shows of it (napari's ``layer_to_controls`` is the
model), made from the games' descriptors (:mod:`arena.games`): the facts the setup forms and the
pane show (:func:`spec_of`), and the board the descriptor names (``view``) or the generic one. The
arena pane, the match setup and the tournament setup look games up here and name none; a game
registered in the arena (a built-in one, or one another package adds) plays in the app."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping

from arena.games import registry
from arena.games.descriptor import GameDescriptor, Hosting
from arena.games.options import OptionKind
from editor.widgets.games.game_view import BoardAdapter, BoardContext, GameSpec, GameView
from editor.widgets.games.generic_board import GenericBoard
from editor.widgets.parts.seat_choices import EDITOR_SEAT

ORDER = ("snake", "worms", "kingdoms", "bioblots", "itpw")
"""The built-in games first, in the choosers' order; other games after them, by name."""


def spec_of(descriptor: GameDescriptor) -> GameSpec:
    """What the setup forms and the pane show of a game, from its descriptor."""
    programs = descriptor.hosting is Hosting.PROGRAMS
    numbers = tuple((o.name, o.label, int(o.low if o.low is not None else 1), int(o.high if o.high is not None else 999),
                     _sentence(o.help)) for o in descriptor.form_options() if o.kind in (OptionKind.NUMBER, OptionKind.COUNT))
    flags = tuple((o.name, o.label, _sentence(o.help)) for o in descriptor.form_options() if o.kind is OptionKind.FLAG)
    limit = descriptor.option(descriptor.round_limit) if descriptor.round_limit is not None else None
    seats = descriptor.default_seats
    if programs and seats:  # the program being edited takes the first seat
        seats = (EDITOR_SEAT, *seats[:-1])
    return GameSpec(
        descriptor.title, descriptor.seat_noun, programs=programs, map_option=descriptor.map_option,
        map_title=descriptor.map_title, maps=descriptor.map_samples, map_required=descriptor.map_required,
        tournament_map=descriptor.tournament_map, numbers=numbers, default_seats=seats,
        time_option=descriptor.time_option or "", time_title=descriptor.time_title, flags=flags,
        round_noun=descriptor.round_noun, ends=dict(descriptor.end_reasons),
        round_limit_title=descriptor.round_limit_title or f"{descriptor.round_noun.capitalize()}s",
        round_limit_tip=_sentence(limit.help) if limit is not None else "")


def _sentence(help_text: str) -> str:
    """An option's help as a tooltip: a capital first letter."""
    return help_text[:1].upper() + help_text[1:]


def board_of(descriptor: GameDescriptor) -> type[BoardAdapter]:
    """The board class the descriptor names (``"module:Class"``), or the generic one."""
    if descriptor.view is None:
        return GenericBoard
    module, _, name = descriptor.view.partition(":")
    try:
        board = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        print(f"snakepit: the board of {descriptor.name!r} ({descriptor.view}) cannot be loaded: {error}; "
              "its state's text is shown instead", file=sys.stderr)
        return GenericBoard
    if not (isinstance(board, type) and issubclass(board, BoardAdapter)):
        return GenericBoard
    return board


def _views() -> dict[str, GameView]:
    games = registry.games()
    names = [name for name in ORDER if name in games] + sorted(name for name in games if name not in ORDER)
    views: dict[str, GameView] = {}
    for name in names:
        views[name] = GameView(spec_of(games[name]), board_of(games[name]))
    return views


class _GameViews(Mapping[str, GameView]):
    """Every registered game's view, made again when the registered games change."""

    def __init__(self) -> None:
        self._names: tuple[str, ...] = ()
        self._views: dict[str, GameView] = {}

    def _current(self) -> dict[str, GameView]:
        names = tuple(registry.games())
        if names != self._names:
            self._names, self._views = names, _views()
        return self._views

    def __getitem__(self, game: str) -> GameView:
        return self._current()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._current())

    def __len__(self) -> int:
        return len(self._current())


GAME_VIEWS: Mapping[str, GameView] = _GameViews()


def playable_games() -> list[str]:
    """The games the app can play, in the choosers' order."""
    return list(GAME_VIEWS)


__all__ = ["GAME_VIEWS", "BoardContext", "playable_games", "spec_of"]
