"""Comparing two versions: pairs of games with the same seed and swapped seats until a
sequential probability ratio test decides, or a game cap.

The test is the generalized SPRT of fishtest and cutechess, in its pentanomial form: the unit is
a *pair* of games (same seed, seats swapped), whose score for A (0, 1/2, 1, 3/2 or 2 points)
cancels most of the seat and seed luck. With per-game score ``s = L(elo)`` (the logistic Elo
curve), the log-likelihood ratio of H1 (elo = elo1) over H0 (elo = elo0) after ``N`` pairs is
approximated by ``N (s1 - s0) (2 m - s0 - s1) / (2 v)``, where ``m`` and ``v`` are the mean and
variance of the pair score per game. H1 is accepted at ``log((1 - beta) / alpha)``, H0 at
``log(beta / (1 - alpha))``.

The variance needs a prior: two copies of one deterministic program score exactly 1 per pair,
and a lopsided first pair has no spread either. fishtest gives each missing outcome a pseudo
count of 1e-3, which is harmless after its thousands of games but here let a single 0-2 pair
decide. We add one pseudo pair spread evenly over the five outcomes instead: it keeps small
samples honest (identical copies are accepted as equal after about 30 pairs) and fades as pairs
accumulate. The Elo estimate and its interval use the same prior, so they are finite from the
first pair on (a mean score of exactly 0 or 1 would be an infinite Elo).

Games with more than two seats seat A and B alternately (A, B, A, B); A's score in a game is the
mean, over every A seat against every B seat, of 1 (better rank), 1/2 (same) or 0.

Pairs are judged in pair order whatever order they finish in, so the verdict and the game it
came at do not depend on ``--jobs``."""

from __future__ import annotations

import enum
import math
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.tournament.errors import TournamentError
from arena.tournament.games import GameOutcome, GameTask, TaskResult, check_setup, seat_range
from arena.tournament.pool import make_executor
from arena.tournament.results import count_faults, fault_words
from arena.tournament.schedule import MOST_GAMES
from arena.seed import check_seed
from arena.tournament.seeds import game_seed
from arena.tournament.spec import Entrant

PRIOR_PAIRS = 1.0  # pseudo pairs spread evenly over PAIR_VALUES
PAIR_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)  # pair score per game: the pentanomial outcomes
Z95 = 1.959963984540054


class Verdict(enum.Enum):
    H1 = "H1"  # A is stronger by about elo1
    H0 = "H0"  # A is not stronger than elo0
    CAP = "cap"  # the game cap came first


def logistic(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The Elo difference for an expected score (±inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


@dataclass(frozen=True)
class SprtSettings:
    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05
    max_games: int = 1000

    def __post_init__(self) -> None:
        for name, value in (("elo0", self.elo0), ("elo1", self.elo1)):
            if not math.isfinite(value):  # --elo1 inf "accepted H0 after 2 games"
                raise TournamentError(f"--{name} {value}: must be a finite number of Elo points")
        if not self.elo0 < self.elo1:
            raise TournamentError(f"--elo0 {self.elo0} --elo1 {self.elo1}: elo0 must be below elo1")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise TournamentError(f"--{name} {value}: must be between 0 and 0.5")
        if self.max_games < 2:
            raise TournamentError(f"--max-games {self.max_games}: at least one pair (2 games)")
        if self.max_games > MOST_GAMES:  # with elo0 and elo1 close, 10**23 would play on effectively forever
            raise TournamentError(f"--max-games {self.max_games}: at most {MOST_GAMES:,} games, as a tournament")

    @property
    def bounds(self) -> tuple[float, float]:
        """``(lower, upper)``: the LLR at which H0, resp. H1, is accepted."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)


def _with_prior(pair_scores: Sequence[float]) -> tuple[float, float, float]:
    """``(pairs, mean, variance)`` of the per-game pair score with the pseudo pairs added: the
    pairs counted as weights (the prior's included), their mean and variance."""
    counts: dict[float, float] = dict.fromkeys(PAIR_VALUES, PRIOR_PAIRS / len(PAIR_VALUES))
    for score in pair_scores:
        counts[score / 2] = counts.get(score / 2, 0.0) + 1
    total = sum(counts.values())
    mean = sum(v * n for v, n in counts.items()) / total
    variance = sum((v - mean) ** 2 * n for v, n in counts.items()) / total
    return total, mean, variance


def llr(pair_scores: Sequence[float], elo0: float, elo1: float) -> float:
    """The approximate generalized log-likelihood ratio of H1 over H0 for A's pair scores
    (0..2 points per pair)."""
    if not pair_scores:
        return 0.0
    total, mean, variance = _with_prior(pair_scores)
    s0, s1 = logistic(elo0), logistic(elo1)
    return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


ELO_PER_LOGIT = 400 / math.log(10)


def elo_interval(pair_scores: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """A's Elo over B and its confidence interval (``z`` standard errors), with the same pseudo
    pair as :func:`llr`, so both stay finite: two copies that always split a pair get an interval
    that narrows as pairs accumulate instead of ``[+0.0, +0.0]`` at once, and a duel won 18-0 a
    large but finite Elo instead of ``+inf``. The interval is symmetric in log-odds (the Elo
    scale), where the score's standard error ``se`` becomes ``se / (m (1 - m))``, so it never
    leaves the scale however close the mean score ``m`` is to 0 or 1."""
    if not pair_scores:
        return 0.0, -math.inf, math.inf
    total, mean, variance = _with_prior(pair_scores)
    elo = elo_of(mean)
    spread = ELO_PER_LOGIT * math.sqrt(variance / total) / (mean * (1 - mean))
    return elo, elo - z * spread, elo + z * spread


def game_score(ranks: Sequence[int], a_seats: Sequence[int]) -> float:
    """A's score in one game: every A seat against every B seat, 1 / 1/2 / 0 by rank."""
    b_seats = [s for s in range(len(ranks)) if s not in a_seats]
    duels = [1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0 for a in a_seats for b in b_seats]
    return sum(duels) / len(duels)


def seatings(seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two games of a pair as entrant per seat (0 = A, 1 = B): alternating, then swapped."""
    first = tuple(seat % 2 for seat in range(seats))
    return first, tuple(1 - e for e in first)


@dataclass
class DuelState:
    """The running score, game by game in pair order."""

    pair_scores: list[float] = field(default_factory=list)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    faults: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))  # A's, B's

    def count_statuses(self, statuses: Sequence[str], seating: Sequence[int]) -> None:
        """Count one game's bot statuses other than ok for A (entrant 0) and B (1)."""
        for side, faults in enumerate(self.faults):
            count_faults(faults, (status for status, e in zip(statuses, seating) if e == side))

    def fault_notes(self, a: str = "A", b: str = "B") -> list[str]:
        """One line per side whose bot misbehaved in some games (they count as the game scored
        them, so the score alone would not say it)."""
        return [f"{name}: {text}" for name, faults in zip((a, b), self.faults)
                if (text := fault_words(faults, self.games)) is not None]

    @property
    def games(self) -> int:
        return 2 * len(self.pair_scores)

    @property
    def score(self) -> float:
        """A's points (B has ``games - score``)."""
        return sum(self.pair_scores)

    def add_pair(self, first: float, second: float) -> None:
        for score in (first, second):
            self.wins += score > 0.5
            self.draws += score == 0.5
            self.losses += score < 0.5
        self.pair_scores.append(first + second)

    def llr(self, settings: SprtSettings) -> float:
        return llr(self.pair_scores, settings.elo0, settings.elo1)

    def verdict(self, settings: SprtSettings) -> Verdict | None:
        lower, upper = settings.bounds
        ratio = self.llr(settings)
        if ratio >= upper:
            return Verdict.H1
        if ratio <= lower:
            return Verdict.H0
        return Verdict.CAP if self.games + 2 > settings.max_games else None

    def line(self, settings: SprtSettings) -> str:
        """The running score as one line."""
        elo, low, high = elo_interval(self.pair_scores)
        lower, upper = settings.bounds
        return (
            f"games {self.games}  score {_num(self.score)}-{_num(self.games - self.score)}"
            f"  (+{self.wins} ={self.draws} -{self.losses})  Elo {_elo(elo)} [{_elo(low)}, {_elo(high)}]"
            f"  LLR {self.llr(settings):.2f} [{lower:.2f}, {upper:.2f}]"
        )


def _num(value: float) -> str:
    return f"{value:g}"


def _elo(value: float) -> str:
    return f"{value + 0.0:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


@dataclass(frozen=True)
class DuelResult:
    state: DuelState
    settings: SprtSettings
    verdict: Verdict | None  # None: cancelled before a decision

    def describe(self, a: str = "A", b: str = "B") -> str:
        """The verdict as one line, naming the programs ``a`` and ``b``."""
        s = self.settings
        after = f"after {self.state.games} games"
        if self.verdict is Verdict.H1:
            return f"H1 accepted {after}: {a} is stronger than {b} (elo1 {s.elo1:g} rather than elo0 {s.elo0:g})"
        if self.verdict is Verdict.H0:
            if s.elo0 == 0:
                return f"H0 accepted {after}: {a} is not stronger than {b} (elo0 0 rather than elo1 {s.elo1:g})"
            return (f"H0 accepted {after}: {a} is not {s.elo1:g} Elo stronger than {b}"
                    f" (elo0 {s.elo0:g} rather than elo1 {s.elo1:g})")
        if self.verdict is Verdict.CAP:
            return (f"no decision between {a} and {b}: the cap of {s.max_games} games came first"
                    f" (LLR {self.state.llr(s):.2f})")
        return f"stopped {after} without a decision between {a} and {b}"


def run_duel(
    game: str,
    a: Entrant,
    b: Entrant,
    *,
    seed: int,
    settings: SprtSettings = SprtSettings(),
    options: Mapping[str, Any] | None = None,
    jobs: int | None = None,
    cluster: str | None = None,
    on_pair: Callable[[DuelState], None] | None = None,
    cancel: threading.Event | None = None,
    on_start: Callable[[], None] | None = None,
    on_note: Callable[[str], None] | None = None,
) -> DuelResult:
    """Play pairs of ``game`` between ``a`` and ``b`` until the SPRT or the cap decides;
    ``on_start`` is called once the input is checked, just before the first game."""
    check_seed(seed, TournamentError)
    seats = seat_range(game)[0]
    check_setup(game, [(a.name, a.seat), (b.name, b.seat)], seats, options or {}, label="")
    state = DuelState()
    waiting: dict[int, GameOutcome] = {}
    verdict: list[Verdict] = []
    pair_seats = seatings(seats)

    def tasks() -> Iterator[GameTask]:
        for pair in range(settings.max_games // 2):
            for half, seating in enumerate(pair_seats):
                players = [(a, b)[e] for e in seating]
                sources = tuple(p.source for p in players if p.source is not None)
                yield GameTask(2 * pair + half, game, tuple(p.seat for p in players), tuple(p.name for p in players),
                               game_seed(seed, pair), dict(options or {}),
                               sources if len(sources) == seats else None)

    def finish(result: TaskResult) -> bool:
        if result.error is not None:  # a pair without one of its games cannot be judged
            task = result.task
            raise TournamentError(f"game {task.index + 1} ({', '.join(task.names)}): {result.error}; the duel stops")
        if result.outcome is not None:
            waiting[result.task.index] = result.outcome
        while {2 * len(state.pair_scores), 2 * len(state.pair_scores) + 1} <= waiting.keys():
            pair = len(state.pair_scores)
            first, second = waiting.pop(2 * pair), waiting.pop(2 * pair + 1)
            state.count_statuses(first.statuses, pair_seats[0])
            state.count_statuses(second.statuses, pair_seats[1])
            a_first = [s for s, e in enumerate(pair_seats[0]) if e == 0]
            a_second = [s for s, e in enumerate(pair_seats[1]) if e == 0]
            state.add_pair(game_score(first.ranks, a_first), game_score(second.ranks, a_second))
            if on_pair is not None:
                on_pair(state)
            decided = state.verdict(settings)
            if decided is not None:
                verdict.append(decided)
                return False
        return True

    executor = make_executor(jobs, cluster, game, on_note)
    if on_start is not None:
        on_start()
    executor.run(tasks(), finish, cancel)
    return DuelResult(state, settings, verdict[0] if verdict else None)
