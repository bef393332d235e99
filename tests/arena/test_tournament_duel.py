"""Duels: the SPRT stops on an obviously stronger program (H1) and on two copies of one program
(H0) within its caps; pairs share a seed with seats swapped; the verdict does not depend on
--jobs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from arena.tournament import Entrant, SprtSettings, TournamentError, Verdict, run_duel
from arena.tournament.duel import DuelState, elo_interval, game_score, llr, seatings
from arena.cli_tournament import main
from tests.arena.test_tournament_results import SMALL

ROOT = Path(__file__).resolve().parents[2]


def entrant(name: str, program: str) -> Entrant:
    return Entrant.parse("snake", f"{name}={program}")


def test_an_obviously_stronger_program_is_accepted_as_stronger() -> None:
    settings = SprtSettings(max_games=200)
    result = run_duel("snake", entrant("A", "nine_cards"), entrant("B", "head_avoider"), seed=3,
                      settings=settings, options=SMALL, jobs=1)
    assert result.verdict is Verdict.H1
    assert result.state.games < settings.max_games
    assert result.state.llr(settings) >= settings.bounds[1]
    assert result.state.score > result.state.games * 0.75
    elo, low, high = elo_interval(result.state.pair_scores)
    assert 0 < low < elo < high


def test_the_verdict_and_its_game_do_not_depend_on_jobs() -> None:
    a, b = entrant("A", "tail_biter"), entrant("B", "hunter")
    one = run_duel("snake", a, b, seed=4, settings=SprtSettings(max_games=60), options=SMALL, jobs=1)
    two = run_duel("snake", a, b, seed=4, settings=SprtSettings(max_games=60), options=SMALL, jobs=2)
    assert one.verdict == two.verdict and one.state == two.state


def test_two_copies_of_one_program_are_accepted_as_equal() -> None:
    """Same seed, seats swapped: each pair scores exactly 1 for a deterministic copy."""
    settings = SprtSettings(max_games=200)
    pairs: list[float] = []
    result = run_duel("snake", entrant("A", "hunter"), entrant("B", "hunter"), seed=9, settings=settings,
                      options=SMALL, jobs=1, on_pair=lambda s: pairs.append(s.pair_scores[-1]))
    assert result.verdict is Verdict.H0
    assert result.state.games < settings.max_games
    assert set(pairs) == {1.0} and result.state.score == result.state.games / 2


def test_the_game_cap_ends_an_undecided_duel() -> None:
    settings = SprtSettings(elo0=-10, elo1=10, max_games=8)
    result = run_duel("snake", entrant("A", "hunter"), entrant("B", "hunter"), seed=9, settings=settings, options=SMALL, jobs=1)
    assert result.verdict is Verdict.CAP and result.state.games == 8
    assert "cap of 8 games" in result.describe()


@pytest.mark.parametrize(("pairs", "sign"), [([2.0] * 10, 1), ([0.0] * 10, -1), ([1.0] * 10, -1), ([2.0, 1.5, 1.0] * 10, 1)])
def test_llr_leans_towards_the_hypothesis_the_scores_support(pairs: list[float], sign: int) -> None:
    assert math.copysign(1, llr(pairs, 0, 20)) == sign
    assert abs(llr(pairs * 2, 0, 20)) > abs(llr(pairs, 0, 20))  # more evidence, further out


def test_one_lopsided_pair_does_not_decide() -> None:
    lower, upper = SprtSettings().bounds
    assert lower < llr([0.0], 0, 20) < upper and lower < llr([2.0], 0, 20) < upper


@pytest.mark.parametrize(("ranks", "a_seats", "score"), [
    ((1, 2), [0], 1.0), ((2, 1), [0], 0.0), ((1, 1), [0], 0.5),
    ((1, 2, 3, 4), [0, 2], 0.75), ((4, 3, 2, 1), [0, 2], 0.25), ((1, 1, 1, 1), [1, 3], 0.5),
])
def test_a_game_score_compares_every_a_seat_with_every_b_seat(ranks: tuple[int, ...], a_seats: list[int], score: float) -> None:
    assert game_score(ranks, a_seats) == score


def test_pairs_swap_the_seats() -> None:
    assert seatings(2) == ((0, 1), (1, 0))
    assert seatings(4) == ((0, 1, 0, 1), (1, 0, 1, 0))


def test_the_running_line_shows_score_elo_and_llr() -> None:
    state = DuelState()
    state.add_pair(1.0, 0.5)
    line = state.line(SprtSettings())
    assert line.startswith("games 2  score 1.5-0.5  (+1 =1 -0)  Elo +")
    assert "LLR " in line and "[-2.94, 2.94]" in line


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"elo0": 5, "elo1": 5}, "elo0 must be below elo1"),
    ({"elo1": float("inf")}, "--elo1 inf: must be a finite number of Elo points"),  # decided H0 after 2 games
    ({"elo0": float("nan")}, "--elo0 nan: must be a finite number of Elo points"),
    ({"alpha": 0.7}, "--alpha 0.7"),
    ({"beta": 0}, "--beta 0"),
    ({"max_games": 1}, "--max-games 1"),
    ({"max_games": 10**23}, "--max-games 100000000000000000000000: at most 1,000,000 games"),  # played on and on
])
def test_bad_sprt_settings_are_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        SprtSettings(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("pairs", [[1.0], [1.0] * 2, [1.0] * 30, [2.0] * 9, [0.0] * 9, [2.0, 0.0], [1.5]])
def test_the_elo_estimate_and_interval_stay_finite_with_an_interval_around_the_estimate(pairs: list[float]) -> None:
    elo, low, high = elo_interval(pairs)
    assert all(math.isfinite(v) for v in (elo, low, high))
    assert low < elo < high
    mean = sum(pairs) / len(pairs) / 2
    assert math.copysign(1, elo) == math.copysign(1, mean - 0.5) or mean == 0.5


def test_copies_get_an_interval_that_narrows_as_pairs_come_not_a_point() -> None:
    widths = [elo_interval([1.0] * n)[2] - elo_interval([1.0] * n)[1] for n in (1, 2, 10, 30)]
    assert widths == sorted(widths, reverse=True) and widths[-1] > 0
    assert elo_interval([1.0] * 30)[0] == pytest.approx(0.0)


def test_a_duel_won_18_to_0_shows_a_large_finite_elo() -> None:
    state = DuelState()
    for _ in range(9):
        state.add_pair(1.0, 1.0)
    line = state.line(SprtSettings())
    assert "inf" not in line and "score 18-0" in line
    elo, low, high = elo_interval(state.pair_scores)
    assert 300 < elo < 800 and 0 < low < elo < high


def test_a_worms_duel_seats_a_and_b_alternately_and_ends_at_its_cap() -> None:
    worms = ROOT / "samples" / "worms"
    a = Entrant.parse("worms", f"A={worms / 'greedy.sh'}")
    b = Entrant.parse("worms", f"B={worms / 'random_bot.py'}")
    settings = SprtSettings(max_games=4)
    pairs: list[float] = []
    result = run_duel("worms", a, b, seed=2, settings=settings, options={"map": "meadow", "rounds": 6}, jobs=2,
                      on_pair=lambda s: pairs.append(s.pair_scores[-1]))
    assert result.verdict is Verdict.CAP and result.state.games == 4 and len(pairs) == 2
    assert all(0 <= p <= 2 and p * 8 == int(p * 8) for p in pairs)  # 4 A-vs-B comparisons per game
    assert result.state.wins + result.state.draws + result.state.losses == 4
    assert "inf" not in result.state.line(settings)
    assert result.describe("greedy", "random_bot").startswith("no decision between greedy and random_bot: the cap of 4")
    assert result.state.faults == ({}, {}) and result.state.fault_notes() == []


def test_a_bot_that_crashes_in_every_game_of_a_duel_is_said_below_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """A crashed worm goes straight on, so a crashing bot may outscore a random one: the score
    alone would not say it never played."""
    crash = ROOT / "tests" / "bots" / "exit_nonzero.sh"
    status = main(["duel", f"sh {crash}", "random_bot", "worms", "--map", "pinwheel", "--rounds", "2",
                   "--max-games", "2", "--seed", "1", "--jobs", "1"])
    out = capsys.readouterr().out.splitlines()
    assert status == 0 and out[-2].startswith("no decision between exit_nonzero and random_bot")
    assert out[-1] == "(exit_nonzero: crashed in 2 of 2 games)"


def test_a_duel_counts_each_side_s_misbehaviour_once_per_game() -> None:
    state = DuelState()
    state.add_pair(1.0, 0.0)
    state.count_statuses(("crashed", "ok", "crashed", "timeout"), (0, 1, 0, 1))
    state.count_statuses(("ok", "ok", "ok", "ok"), (1, 0, 1, 0))
    assert state.faults == ({"crashed": 1}, {"timeout": 1})
    assert state.fault_notes("new", "old") == ["new: crashed in 1 of 2 games", "old: timeout in 1 of 2 games"]
