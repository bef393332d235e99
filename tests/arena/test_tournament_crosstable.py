"""Head to head: who beat whom, pair by pair, from hand-made game records (two seats, four seats,
shared places, an entrant in two seats), the same whatever order the games arrive in, kept up to
date by :class:`RunningStandings`, written to ``results.json`` and counted again for a folder
written before the table existed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arena.tournament import TournamentError, open_tournament, run_tournament
from arena.tournament.crosstable import HeadToHead, Meeting, crosstable_text, head_to_head
from arena.tournament.running import RunningStandings
from arena.tournament.store import RESULTS_FILE
from tests.arena.test_tournament_results import record, small_spec
from tests.arena.test_tournament_running import NAMES, schedule_records


def wdl(table: HeadToHead, a: str, b: str) -> tuple[int, int, int, int]:
    meeting = table.meeting(a, b)
    return meeting.games, meeting.ahead, meeting.level, meeting.behind


def test_two_seat_games_are_wins_draws_and_losses_seen_from_both_sides() -> None:
    table = head_to_head(["a", "b", "c"], [
        record(0, ("a", "b"), (1, 2)), record(1, ("b", "a"), (1, 2)), record(2, ("a", "b"), (1, 1)),
        record(3, ("b", "a"), (2, 1)), record(4, ("c", "a"), (1, 2)),
    ])
    assert wdl(table, "a", "b") == (4, 2, 1, 1)
    assert wdl(table, "b", "a") == (4, 1, 1, 2)
    assert wdl(table, "a", "c") == (1, 0, 0, 1) and wdl(table, "c", "a") == (1, 1, 0, 0)
    assert wdl(table, "b", "c") == (0, 0, 0, 0) and table.meeting("b", "c").text() == "."
    assert wdl(table, "a", "a") == (0, 0, 0, 0)
    assert not table.multi_seat()


def test_a_four_seat_game_meets_every_other_entrant_once_by_place_with_ties_level() -> None:
    # places: d first, a and c share second, b last
    table = head_to_head(["a", "b", "c", "d"], [record(0, ("a", "b", "c", "d"), (2, 4, 2, 1))])
    assert wdl(table, "d", "a") == wdl(table, "d", "b") == wdl(table, "d", "c") == (1, 1, 0, 0)
    assert wdl(table, "a", "c") == wdl(table, "c", "a") == (1, 0, 1, 0)
    assert wdl(table, "a", "b") == wdl(table, "c", "b") == (1, 1, 0, 0)
    assert wdl(table, "b", "a") == (1, 0, 0, 1)
    assert table.multi_seat()


def test_an_entrant_in_two_seats_is_placed_by_its_better_seat_and_meets_each_other_once() -> None:
    table = head_to_head(["a", "b", "c"], [record(0, ("a", "b", "c", "a"), (4, 2, 3, 1))])
    assert wdl(table, "a", "b") == wdl(table, "a", "c") == (1, 1, 0, 0)  # its seat 4 came first
    assert wdl(table, "b", "c") == (1, 1, 0, 0)


def test_every_game_counts_once_per_pair_and_the_sides_mirror() -> None:
    records = schedule_records(4)
    table = head_to_head(NAMES, records)
    for a in NAMES:
        for b in NAMES:
            if a != b:
                assert table.meeting(b, a) == table.meeting(a, b).reverse()
                assert table.meeting(a, b).games == sum(1 for r in records if {a, b} <= set(r.seats))


def test_the_order_of_the_games_does_not_matter_and_running_standings_keep_it() -> None:
    records = schedule_records(7)
    shuffled = records[:]
    random.Random(1).shuffle(shuffled)
    expected = head_to_head(NAMES, records).to_json()
    assert head_to_head(NAMES, shuffled).to_json() == expected
    running = RunningStandings(NAMES, shuffled[:10])
    kept = running.head_to_head()
    for game in shuffled[10:]:
        running.add(game)
    assert running.head_to_head().to_json() == expected
    assert kept.to_json() == head_to_head(NAMES, shuffled[:10]).to_json()  # a copy: later games left it alone


def test_an_unknown_entrant_is_refused_naming_the_game() -> None:
    with pytest.raises(TournamentError, match="game 3: unknown entrant 'z'"):
        head_to_head(["a", "b"], [record(2, ("a", "z"), (1, 2))])


def test_the_json_is_by_name_in_the_order_given() -> None:
    table = head_to_head(["a", "b"], [record(0, ("a", "b"), (2, 1))])
    assert json.dumps(table.to_json(["b", "a"])) == json.dumps({
        "b": {"a": {"games": 1, "wins": 1, "draws": 0, "losses": 0}},
        "a": {"b": {"games": 1, "wins": 0, "draws": 0, "losses": 1}}})
    assert Meeting(2, 1, 0).to_json() == {"games": 3, "wins": 2, "draws": 1, "losses": 0}


def test_the_text_fits_80_columns_with_rows_and_columns_by_place() -> None:
    names = ["hunter", "tail_biter", "head_avoider"]
    table = head_to_head(names, [record(0, ("hunter", "tail_biter"), (1, 2)), record(1, ("tail_biter", "hunter"), (1, 1))])
    assert crosstable_text(table, names).splitlines() == [
        "Head to head: each row against each column, wins-draws-losses",
        "(. not met yet)",
        " #  entrant           1      2      3",
        " 1  hunter            x  1-1-0      .",
        " 2  tail_biter    0-1-1      x      .",
        " 3  head_avoider      .      .      x",
    ]


def test_a_tournament_of_four_seats_reads_as_places_before_its_first_game_too() -> None:
    names = ["a", "b", "c", "d"]
    assert crosstable_text(HeadToHead(names), names, seats=4).splitlines()[0] == (
        "Head to head: each row against each column, finished ahead-level-behind")
    assert crosstable_text(HeadToHead(names), names).splitlines()[0] == (
        "Head to head: each row against each column, wins-draws-losses")


@pytest.mark.parametrize("count", [2, 6, 8, 12, 30])
def test_long_names_and_many_entrants_stay_within_80_columns(count: int) -> None:
    names = [f"a_rather_long_entrant_name_{i}" for i in range(count)]
    records = [record(i, (names[i % count], names[(i + 1) % count]), (1, 2)) for i in range(count)]
    lines = crosstable_text(head_to_head(names, records), names).splitlines()
    assert max(len(line) for line in lines) <= 80
    assert ("names cut" in lines[1]) == (count > 6)  # up to 6 such names fit whole
    rows = [line for line in lines if line.split()[0].isdigit()]
    assert len(rows) == count * len([line for line in lines if line.split()[0] == "#"])  # every row in every block
    cells = sum(len(line.split()) - 2 for line in rows)
    assert cells == count * count  # every pair once, the diagonal's x included
    if count <= 8:
        assert not any(line.startswith("against ") for line in lines)  # one block up to 8 entrants


def test_results_json_has_the_table_and_an_old_folder_gets_it_on_reopening(tmp_path: Path) -> None:
    spec = small_spec("tail_biter", "hunter", "head_avoider", seats=2, per_pairing=2, seed=4)
    run = run_tournament(spec, tmp_path, jobs=1)
    results = json.loads((tmp_path / RESULTS_FILE).read_text())
    order = [s["name"] for s in results["standings"]]
    assert list(results["head_to_head"]) == order
    for standing in results["standings"]:
        against = results["head_to_head"][standing["name"]].values()
        assert sum(m["wins"] for m in against) == standing["wins"]  # two seats: every win beats one other
        assert sum(m["games"] for m in against) == standing["games"]
    old = dict(results)
    del old["head_to_head"]  # as a folder written before the table existed
    (tmp_path / RESULTS_FILE).write_text(json.dumps(old, indent=2) + "\n")
    reopened = open_tournament(tmp_path)
    assert reopened.counted_head_to_head is not None  # counted in the reading thread, not on the GUI's
    assert reopened.head_to_head().to_json(order) == results["head_to_head"] == run.head_to_head().to_json(order)
    run_tournament(spec, tmp_path, jobs=1)  # nothing left to play: the results are written again, with the table
    assert json.loads((tmp_path / RESULTS_FILE).read_text()) == results
