"""Standings kept up to date game by game (:class:`RunningStandings`) are the standings
:func:`compute_standings` gives for the same games, whatever order they arrive in and whichever
games are skipped (could not be played)."""

from __future__ import annotations

import random

import pytest

from arena.tournament import GameRecord, TournamentError, compute_standings
from arena.tournament.running import RunningStandings
from arena.tournament.schedule import round_robin
from tests.arena.test_tournament_results import record

NAMES = ["a", "b", "c", "d", "e"]


def schedule_records(seed: int) -> list[GameRecord]:
    rnd = random.Random(seed)
    games = round_robin(len(NAMES), 3, 6)
    return [record(i, tuple(NAMES[e] for e in seating), tuple(rnd.choice((1, 2, 3)) for _ in seating))
            for i, seating in enumerate(games)]


@pytest.mark.parametrize("seed", range(6))
def test_running_standings_equal_computed_ones_after_every_game(seed: int) -> None:
    rnd = random.Random(seed)
    records = schedule_records(seed)
    skipped = set(rnd.sample(range(len(records)), 3))
    # nearly in order, as a pool plays them: each game swapped with one up to 3 places later
    order = list(range(len(records)))
    for i in range(len(order) - 1):
        j = min(len(order) - 1, i + rnd.randrange(4))
        order[i], order[j] = order[j], order[i]
    running = RunningStandings(NAMES)
    arrived = []
    for index in order:
        if index in skipped:
            running.skip(index)
            continue
        running.add(records[index])
        arrived.append(records[index])
        expected, got = compute_standings(NAMES, arrived), running.standings()
        assert got == expected


def test_starting_from_earlier_games_is_the_same_as_adding_them() -> None:
    records = schedule_records(9)
    earlier, later = records[:20], records[20:]
    running = RunningStandings(NAMES, earlier, skipped=[])
    for game in reversed(later):
        running.add(game)
    assert running.standings() == compute_standings(NAMES, records)


def test_a_game_twice_or_an_unknown_entrant_is_refused() -> None:
    running = RunningStandings(NAMES)
    running.add(record(0, ("a", "b"), (1, 2)))
    with pytest.raises(TournamentError, match="game 1 is counted twice"):
        running.add(record(0, ("a", "b"), (1, 2)))
    with pytest.raises(TournamentError, match="game 3: unknown entrant 'z'"):
        running.add(record(2, ("a", "z"), (1, 2)))
