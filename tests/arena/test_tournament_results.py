"""Standings: W/D/L, ranking points and OpenSkill ratings from game records, always in schedule
order; ratings move the right way on a rigged pair."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arena.tournament import (
    Entrant, GameRecord, TournamentError, TournamentSpec, compute_standings, fault_notes, run_tournament, table_text,
)
from arena.tournament.results import place_points

SMALL = {"width": 15, "height": 15, "length": 3, "steps": 200}  # fast battles: a few ms each


def small_spec(*programs: str, seats: int | None = 2, per_pairing: int | None = None, seed: int = 1) -> TournamentSpec:
    """A snake tournament of sample programs (entrants named after them) on a small field."""
    entrants = [Entrant.parse("snake", f"{p}={p}") for p in programs]
    return TournamentSpec.build("snake", entrants, seed, seats=seats, games_per_pairing=per_pairing, options=SMALL)


def record(index: int, seats: tuple[str, ...], ranks: tuple[int, ...], scores: tuple[float, ...] | None = None) -> GameRecord:
    scores = scores or tuple(float(10 - r) for r in ranks)
    return GameRecord(index, index, seats, scores, ranks, ("ok",) * len(seats), 10)


@pytest.mark.parametrize(("ranks", "points"), [
    ((1, 2), [1.0, 0.0]),
    ((1, 1), [0.5, 0.5]),
    ((1, 2, 3, 4), [3.0, 2.0, 1.0, 0.0]),
    ((2, 1, 4, 3), [2.0, 3.0, 0.0, 1.0]),
    ((1, 1, 3, 3), [2.5, 2.5, 0.5, 0.5]),
    ((1, 2, 2, 2), [3.0, 1.0, 1.0, 1.0]),
    ((1, 1, 1, 1), [1.5, 1.5, 1.5, 1.5]),
])
def test_ranking_points_by_place_with_ties_sharing(ranks: tuple[int, ...], points: list[float]) -> None:
    assert place_points(ranks) == points


def test_wins_draws_losses_and_mean_score() -> None:
    records = [
        record(0, ("a", "b"), (1, 2), (7.0, 3.0)),
        record(1, ("b", "a"), (1, 1), (5.0, 5.0)),
        record(2, ("a", "b", "c", "c"), (2, 1, 3, 3), (4.0, 9.0, 1.0, 1.0)),
    ]
    table = compute_standings(["a", "b", "c"], records).by_name()
    a, b, c = table["a"], table["b"], table["c"]
    assert (a.games, a.wins, a.draws, a.losses) == (3, 1, 1, 1)
    assert (b.games, b.wins, b.draws, b.losses) == (3, 1, 1, 1)
    assert (c.games, c.wins, c.draws, c.losses) == (1, 0, 0, 1)  # once per game, however many seats
    assert a.mean_score == pytest.approx(16 / 3)
    assert c.mean_score == 1.0
    assert a.points == 1.0 + 0.5 + 1.0  # game 2: places b, a, c among 3 entrants: 2/1/0
    assert c.points == 0.0


def test_a_bot_that_misbehaves_is_said_per_game_once_beside_its_counted_result() -> None:
    records = [
        GameRecord(0, 0, ("a", "b", "a", "b"), (1.0, 5.0, 1.0, 5.0), (3, 1, 3, 1), ("crashed", "ok", "crashed", "ok"), 9),
        GameRecord(1, 1, ("b", "a", "b", "a"), (5.0, 2.0, 5.0, 1.0), (1, 3, 1, 4), ("ok", "timeout", "ok", "crashed"), 9),
        GameRecord(2, 2, ("a", "b"), (9.0, 0.0), (1, 2), ("ok", "invalid_output"), 9),
    ]
    standings = compute_standings(["a", "b"], records)
    a, b = standings.by_name()["a"], standings.by_name()["b"]
    assert (a.games, a.wins, a.losses, a.faults) == (3, 1, 2, {"crashed": 2, "timeout": 1})  # two crashed seats: one game
    assert b.faults == {"invalid_output": 1}
    assert a.to_json()["faults"] == {"crashed": 2, "timeout": 1}
    assert fault_notes(standings) == ["b: invalid output in 1 of 3 games", "a: crashed in 2 of 3 games, timeout in 1 of 3 games"]
    assert fault_notes(compute_standings(["a", "b"], [record(0, ("a", "b"), (1, 2))])) == []


@pytest.mark.parametrize(("ranks", "wdl", "points", "score"), [
    ((1, 2, 3, 4), (1, 0, 0), 2.0, 7.5),  # first and last: one win, not a win and a loss
    ((4, 1, 2, 3), (0, 0, 1), 0.0, 6.5),  # its better seat is third of four: last of three entrants
    ((1, 3, 4, 1), (1, 0, 0), 2.0, 9.0),  # its two seats share first: no one else does, a win
    ((2, 1, 1, 4), (0, 0, 1), 0.0, 7.0),
    ((1, 1, 3, 4), (0, 1, 0), 1.5, 7.5),  # shares first with b
])
def test_an_entrant_in_two_seats_counts_once_placed_by_its_better_seat(
    ranks: tuple[int, ...], wdl: tuple[int, int, int], points: float, score: float,
) -> None:
    game = record(0, ("a", "b", "c", "a"), ranks)
    a = compute_standings(["a", "b", "c"], [game]).by_name()["a"]
    assert (a.games, a.wins, a.draws, a.losses) == (1, *wdl)
    assert a.points == points
    assert a.mean_score == score  # the mean of its seats' scores (10 - rank each)


def test_an_entrant_in_two_seats_is_rated_as_one_player_never_against_itself() -> None:
    """Seats (a, b, c, a) ranked 1..4 rate exactly like a 3-player game a, b, c ranked 1..3."""
    shared = compute_standings(["a", "b", "c"], [record(0, ("a", "b", "c", "a"), (1, 2, 3, 4))]).by_name()
    three = compute_standings(["a", "b", "c"], [record(0, ("a", "b", "c"), (1, 2, 3))]).by_name()
    for name in "abc":
        assert (shared[name].mu, shared[name].sigma) == (three[name].mu, three[name].sigma)
    assert shared["a"].mu > 25  # before: a's first and last seat averaged out


def test_three_entrants_in_four_seats_count_each_game_once(tmp_path: Path) -> None:
    run = run_tournament(small_spec("tail_biter", "hunter", "nine_cards", seats=4), tmp_path, jobs=1)
    assert len(run.records) == 3 and all(len(set(r.seats)) == 3 for r in run.records.values())
    for s in run.standings.table:
        assert s.games == 3 and s.wins + s.draws + s.losses == 3
    assert sum(s.points for s in run.standings.table) == 3 * (2 + 1 + 0)
    assert json.loads((tmp_path / "results.json").read_text())["standings"][0]["games"] == 3


def test_standings_do_not_depend_on_the_order_records_arrive_in() -> None:
    rng = random.Random(3)
    records = [record(i, ("a", "b", "c")[i % 3:] + ("a", "b", "c")[:i % 3], tuple(rng.sample([1, 2, 3], 3)))
               for i in range(30)]
    shuffled = records[:]
    rng.shuffle(shuffled)
    first, second = compute_standings(["a", "b", "c"], records), compute_standings(["a", "b", "c"], shuffled)
    assert [s.to_json() for s in first.table] == [s.to_json() for s in second.table]
    assert first.history == second.history and first.counted == list(range(30))


def test_ratings_move_the_right_way_on_a_rigged_pair() -> None:
    """tail_biter beats head_avoider on a small field almost always."""
    run = run_tournament(small_spec("tail_biter", "head_avoider", per_pairing=10), jobs=1)
    strong, weak = run.standings.by_name()["tail_biter"], run.standings.by_name()["head_avoider"]
    assert strong.wins > weak.wins
    assert strong.mu > 25 > weak.mu
    assert strong.ordinal > weak.ordinal
    assert [s.name for s in run.standings.table] == ["tail_biter", "head_avoider"]
    first, last = run.standings.history[0], run.standings.history[-1]
    assert last["tail_biter"] - last["head_avoider"] > first["tail_biter"] - first["head_avoider"] > 0


def test_the_table_lists_every_entrant_best_first() -> None:
    records = [record(0, ("weak", "strong"), (2, 1)), record(1, ("strong", "weak"), (1, 2))]
    lines = table_text(compute_standings(["weak", "strong"], records)).splitlines()
    assert lines[0].split()[:3] == ["#", "entrant", "games"]
    assert [line.split()[:6] for line in lines[1:]] == [["1", "strong", "2", "2", "0", "0"], ["2", "weak", "2", "0", "0", "2"]]


@pytest.mark.parametrize(("data", "message"), [
    ([], "games.jsonl:4: expected a JSON object, got list"),
    ({"index": 0}, "games.jsonl:4: missing key 'ranks'"),
    ({**record(0, ("a", "b"), (1, 2)).to_json(), "ranks": ["x", 2]}, "games.jsonl:4: 'ranks' must be a list of whole numbers"),
    ({**record(0, ("a", "b"), (1, 2)).to_json(), "index": 1e999}, "games.jsonl:4: 'index' must be a whole number, got inf"),
    ({**record(0, ("a", "b"), (1, 2)).to_json(), "ranks": [1]}, "games.jsonl:4: seats, scores, ranks and statuses differ"),
])
def test_bad_stored_records_name_the_line(data: object, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        GameRecord.from_json(data, "games.jsonl:4")


def test_a_record_round_trips_through_json() -> None:
    original = record(5, ("a", "b", "a", "b"), (1, 2, 3, 4))
    assert GameRecord.from_json(json.loads(json.dumps(original.to_json())), "x") == original
