"""Round-robin schedules are fair: every entrant meets every other, plays as many games as every
other, and sits in every seat equally often; per-game seeds depend only on (seed, index)."""

from __future__ import annotations

import itertools
import re

import pytest

from arena.tournament import TournamentError, game_seed, round_robin, seat_counts
from arena.tournament.schedule import games_played, rotation_length, shared_seats_note


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("entrants", [2, 3, 4, 5])
@pytest.mark.parametrize("passes", [1, 2])
def test_every_entrant_sits_in_every_seat_equally_often(entrants: int, seats: int, passes: int) -> None:
    per_pairing = passes * rotation_length(entrants, seats)
    schedule = round_robin(entrants, seats, per_pairing)
    counts = seat_counts(schedule, entrants, seats)
    assert len({c for row in counts for c in row}) == 1, counts  # one count for every (entrant, seat)
    assert counts[0][0] > 0
    assert len(set(games_played(schedule, entrants))) == 1
    assert all(len(seating) == seats for seating in schedule)


@pytest.mark.parametrize(("entrants", "seats", "games"), [(2, 2, 2), (3, 2, 6), (5, 2, 20), (4, 4, 4), (5, 4, 20),
                                                          (2, 4, 2), (3, 4, 3)])
def test_every_pair_meets_and_the_schedule_has_the_expected_length(entrants: int, seats: int, games: int) -> None:
    schedule = round_robin(entrants, seats)
    assert len(schedule) == games
    met = {frozenset((a, b)) for seating in schedule for a, b in itertools.combinations(set(seating), 2)}
    assert met == {frozenset(p) for p in itertools.combinations(range(entrants), 2)}


def test_two_seat_games_play_both_colours_of_each_pairing() -> None:
    schedule = round_robin(3, 2, 4)
    for a, b in itertools.combinations(range(3), 2):
        assert schedule.count((a, b)) == schedule.count((b, a)) == 2


def test_each_pass_gives_everyone_the_same_number_of_games() -> None:
    """An interrupted tournament stays balanced pass by pass."""
    schedule = round_robin(5, 2, 4)
    per_pass = len(schedule) // 4
    for start in range(0, len(schedule), per_pass):
        assert len(set(games_played(schedule[start:start + per_pass], 5))) == 1


@pytest.mark.parametrize(("entrants", "seats", "per_pairing", "message"), [
    (1, 2, None, "at least 2 entrants"),
    (3, 2, 3, "--games-per-pairing 3: must be a positive multiple of 2 (3 entrants in games of 2 seats: every "
              "group of 2 entrants plays this many games, each member in each seat equally often)"),
    (5, 4, 2, "--games-per-pairing 2: must be a positive multiple of 4"),
    (3, 3, 2, "--games-per-pairing 2: must be a positive multiple of 3 (3 entrants in games of 3 seats: "
              "each entrant sits in each seat equally often)"),
    (4, 2, 0, "--games-per-pairing 0"),
    # hung, making a list of 10**20 games (or of C(200, 4) tables)
    (2, 2, 10**20, f"--games-per-pairing {10**20}: {10**20} games in all, more than a tournament plays "
                   "(at most 1000000)"),
    (200, 4, 4, "--games-per-pairing 4: 258739800 games in all"),
])
def test_unfair_requests_are_refused(entrants: int, seats: int, per_pairing: int | None, message: str) -> None:
    with pytest.raises(TournamentError, match=re.escape(message)):
        round_robin(entrants, seats, per_pairing)


def test_game_seeds_depend_on_seed_and_index_only() -> None:
    seeds = [game_seed(7, i) for i in range(100)]
    assert seeds == [game_seed(7, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert game_seed(8, 0) != game_seed(7, 0)
    assert all(0 <= s < 2**63 for s in seeds + [game_seed(-1, 3)])
    assert game_seed(-1, 3) != game_seed(1, 3)


@pytest.mark.parametrize(("entrants", "seats", "note"), [
    (3, 4, "3 entrants in 4 seats: one entrant takes two seats in each game, in turn; each game counts once per "
           "entrant, placed by its better seat"),
    (2, 4, "2 entrants in 4 seats: each entrant takes two seats in every game;"),
    (2, 3, "2 entrants in 3 seats: one entrant takes two seats in each game, in turn;"),
    (4, 4, None), (5, 2, None),
])
def test_fewer_entrants_than_seats_are_explained(entrants: int, seats: int, note: str | None) -> None:
    said = shared_seats_note(entrants, seats)
    assert said == note if note is None else said is not None and said.startswith(note)
