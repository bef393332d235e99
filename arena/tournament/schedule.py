"""Fair round-robin schedules for games of any seat count.

A *table* is a set of entrants that play together: every ``k``-subset of the ``n`` entrants for
``k``-seat games (so every entrant meets every other), or all entrants when there are fewer
entrants than seats (then an entrant fills several seats of a game, cyclically). A table plays a
*rotation* of ``m = len(table)`` games: in game ``r`` seat ``s`` holds ``table[(s + r) % m]``, a
Latin square, so every member sits in every seat exactly as often as every other member. The
schedule is ``games_per_pairing // m`` passes; each pass plays the ``r``-th rotation of every
table, so every pass gives every entrant the same number of games and an interrupted tournament
stays nearly balanced.

``games_per_pairing`` counts the games each table plays on each map (for 2-seat games: each
pair). It must be a multiple of the rotation length, or some entrant would keep a seat advantage.

A tournament on ``M`` maps (``--map A --map B``) plays every game of that schedule on every map:
``M`` times the games. Each pass is followed by the same pass on the next map before the next
rotation: game ``i`` is played on map ``(i // T) % M`` for ``T`` tables, and every ``T``
consecutive games (one pass on one map) still give every entrant the same number of games. With
one map the schedule is the one above, game for game."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from arena.tournament.errors import TournamentError

Seating = tuple[int, ...]
"""The entrant index in each seat of one game."""
LARGE_SCHEDULE = 500
"""More games than this and the CLI and the tab say so before it starts (every k-subset of
entrants plays: 10 entrants in 4-seat games make 840 games per pass)."""
MOST_GAMES = 1_000_000
"""The longest schedule a tournament plays: a schedule is a list made before the first game, and
``--games-per-pairing 100000000000000000000`` hung making it (a million 60 ms games are already
nearly 17 hours on one core)."""


def rotation_length(entrants: int, seats: int) -> int:
    """Games one table needs to sit each of its members in every seat equally often."""
    return min(entrants, seats)


def tables(entrants: int, seats: int) -> list[tuple[int, ...]]:
    """The groups of entrants that play together, in lexicographic order."""
    if entrants <= seats:
        return [tuple(range(entrants))]
    return list(itertools.combinations(range(entrants), seats))


def round_robin(entrants: int, seats: int, games_per_pairing: int | None = None, maps: int = 1) -> list[Seating]:
    """Every game's seating, in schedule order (index = position in the list), on ``maps`` maps
    in turn (:func:`map_number` says which). The default ``games_per_pairing`` is one rotation."""
    if entrants < 2:
        raise TournamentError(f"a tournament needs at least 2 entrants, got {entrants}")
    if seats < 2:
        raise TournamentError(f"games need at least 2 seats, got {seats}")
    period = rotation_length(entrants, seats)
    per_table = period if games_per_pairing is None else games_per_pairing
    if per_table < 1 or per_table % period:
        why = ("each entrant sits in each seat equally often" if entrants <= seats else
               f"every group of {seats} entrants plays this many games, each member in each seat equally often")
        raise TournamentError(
            f"--games-per-pairing {per_table}: must be a positive multiple of {period} "
            f"({entrants} entrants in games of {seats} seats: {why})"
        )
    if maps < 1:
        raise TournamentError(f"a tournament plays at least 1 map, got {maps}")
    count = per_table * maps * (1 if entrants <= seats else math.comb(entrants, seats))
    if count > MOST_GAMES:
        raise TournamentError(f"--games-per-pairing {per_table}: {count} games in all, more than a tournament "
                              f"plays (at most {MOST_GAMES}); fewer games per pairing, entrants, seats or maps")
    groups = tables(entrants, seats)
    return [
        tuple(table[(seat + turn) % period] for seat in range(seats))
        for turn in range(per_table)
        for _map in range(maps)
        for table in groups
    ]


def map_number(index: int, entrants: int, seats: int, maps: int) -> int:
    """The map (0-based, in the order given) game ``index`` of :func:`round_robin` is played on."""
    groups = 1 if entrants <= seats else math.comb(entrants, seats)  # len(tables(...)), not made
    return (index // groups) % maps if maps > 1 else 0


def seat_counts(schedule: Sequence[Seating], entrants: int, seats: int) -> list[list[int]]:
    """``counts[entrant][seat]``: how often each entrant sits in each seat."""
    counts = [[0] * seats for _ in range(entrants)]
    for seating in schedule:
        for seat, entrant in enumerate(seating):
            counts[entrant][seat] += 1
    return counts


def games_played(schedule: Sequence[Seating], entrants: int) -> list[int]:
    """How many games each entrant takes part in (once per game, however many seats it fills)."""
    played = [0] * entrants
    for seating in schedule:
        for entrant in set(seating):
            played[entrant] += 1
    return played


def shared_seats_note(entrants: int, seats: int) -> str | None:
    """A line for the user when there are fewer entrants than seats (then an entrant fills
    several seats of a game), None otherwise."""
    if entrants >= seats or entrants < 1:
        return None
    each, extra = divmod(seats, entrants)
    times = {2: "two", 3: "three", 4: "four"}
    if extra == 0:
        how = f"each entrant takes {times.get(each, str(each))} seats in every game"
    else:
        who = "one entrant takes" if extra == 1 else f"{extra} entrants take"
        how = f"{who} {times.get(each + 1, str(each + 1))} seats in each game, in turn"
    return (f"{entrants} entrants in {seats} seats: {how}; each game counts once per entrant, "
            f"placed by its better seat")


def large_schedule(games: int) -> bool:
    """Whether a schedule is long enough to warn about before it starts."""
    return games > LARGE_SCHEDULE
