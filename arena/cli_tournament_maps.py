"""The map flags of ``snakepit tournament`` and ``snakepit duel`` (worms' ``--map``, kingdoms'
``--playfield``, Bio-blots' ``--board``), which a tournament takes several times
(``--map A --map B``: every pairing plays on every map) and a duel once, and the per-map tables
printed below a tournament of several maps' results."""

from __future__ import annotations

import argparse

from arena.cli_options import game_flags, path_argument
from arena.games import registry
from arena.tournament import TournamentError, TournamentRun, table_text


def map_flags() -> dict[str, str]:
    """The flags naming a game's map (``--map``, ``--playfield``, ``--board``) by their dest."""
    names = {(d.name, d.map_option) for d in registry.games().values() if d.map_option is not None}
    return {flag.dest: flag.flag for flag in game_flags(registry.games())
            if any((game, flag.option.name) in names for game in flag.games)}


def repeatable_maps(p: argparse.ArgumentParser, how: str) -> None:
    """Make the map flags repeatable: a tournament plays every pairing on every map given, a
    duel refuses a second one rather than play the last (the parser resolves the flag added
    twice to this one); ``how`` ends their help."""
    for flag in game_flags(registry.games()):
        if flag.dest in map_flags():
            p.add_argument(flag.flag, type=path_argument, action="append", metavar="FILE", dest=flag.dest,
                           help=f"{flag.help()}; {how}")


def given_maps(args: argparse.Namespace, command: str) -> tuple[str, list[str]]:
    """The maps given by a repeated map flag (``--map A --map B``) and the flag: the first stays
    in ``args`` for the options (one map plays as it always did), all of them are returned when
    there are several. A duel refuses several."""
    for dest, flag in map_flags().items():
        given = getattr(args, dest, None)
        if isinstance(given, list):
            setattr(args, dest, given[0])
            if len(given) > 1 and command == "duel":
                raise TournamentError(f"{flag} given {len(given)} times: a duel plays one map; run a duel per map, or "
                                      f"a tournament of the two (snakepit tournament ... {flag} A {flag} B)")
            if len(given) > 1:
                return flag, given
    return "--map", []


def per_map_lines(run: TournamentRun) -> list[str]:
    """Below the overall results of a tournament of several maps: each map's own table, after a
    blank line and "Per map" (nothing for a tournament of one map)."""
    tables = run.per_map()
    if len(tables) < 2:
        return []
    lines = ["", "Per map"]
    for name, standings in tables.items():
        lines += ["", f"{name}: {len(standings.counted)} games", table_text(standings)]
    return lines
