"""The search: racing small edits of the best program so far, each judged by a sequential test.

Every **generation** plays one block of fresh units (see :mod:`arena.improve.evaluate`) with the
best program, the user's program and every candidate still in the race, all in one batch of the
many-battle engine. A candidate is the best program after one to three random edits
(:mod:`arena.improve.edits`). After each block, each candidate's paired differences to the best
(its value minus the best's, unit by unit) go through a sequential probability ratio test:

* H0: the candidate is no better (mean difference 0); H1: it is better by ``delta`` (in game
  score, 0..1 per battle). The log-likelihood ratio is the normal approximation fishtest and
  :mod:`arena.tournament.duel` use, ``n delta (2 m - delta) / (2 v)`` with ``m``, ``v`` the
  mean and variance of the differences, one pseudo unit of variance 1/4 added so that a few
  identical results cannot decide alone.
* H1 is accepted at ``log((1 - beta) / alpha)``, H0 at ``log(beta / (1 - alpha))``, with the
  duel's defaults ``alpha = beta = 5%``: a change no better than the best is kept with
  probability at most ``alpha``. These are per change; the search tests many, so the final
  report on fresh seeds is the real check.

A candidate that reaches H0, or ``max_units`` units undecided, leaves the race; so does one whose
mean difference is not above 0 after ``patience`` blocks (it would take long to reach H1, and its
place is better given to a new candidate: this makes a change ``delta`` better a little more
likely to be missed than ``beta``, never a change no better more likely to be kept). One that
reaches H1 becomes the best (if several do in one block, the one with the highest mean difference), and
the race starts again from it. Pinned cards are never edited.

The search runs in the calling thread (a GUI runs it in a worker thread and forwards
``on_progress`` to its own thread); :meth:`Search.pause`, :meth:`Search.resume` and
:meth:`Search.stop` may be called from any thread and take effect between generations (once the
battles of the current one are played: seconds); :meth:`Search.best` is the best so far at any
time, descriptions filled in, ready to be taken into an editor."""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from arena.improve.describe import describe_card
from arena.improve.edits import EDIT_KINDS, Edit, find_cards, mutate
from arena.improve.evaluate import CHANGE, Estimate, Field, score_units
from arena.improve.runners import Runner
from arena.tournament.duel import SprtSettings
from matcher import Program, dumps_program
from matcher.analysis import WarningKind, analyse_program
from matcher.editing import remove_card
from matcher.testing import run_tests

PRIOR_VARIANCE = 0.25  # one pseudo unit: the variance of a fair coin's score


@dataclass(frozen=True)
class SearchSettings:
    """The search's knobs; the defaults are what ``snakepit improve`` uses."""

    budget: float = 600.0
    """Seconds for the search (the caller's report comes after)."""
    pinned: frozenset[int] = frozenset()
    keep_tests: bool = False
    """Refuse edits that make one of the program's own tests fail that passed before."""
    delta: float = 0.04
    alpha: float = 0.05
    beta: float = 0.05
    candidates: int = 12
    block: int = 64
    """Units per generation (rounded up to a multiple of opponents x sizes)."""
    max_units: int = 1024
    patience: int = 2
    """Blocks after which a candidate not ahead of the best on average leaves the race."""
    edit_counts: tuple[float, ...] = (0.6, 0.3, 0.1)
    """How often a candidate is 1, 2, 3... edits away from the best."""
    seed: int = 0
    """Seeds the edits drawn (the battles' seeds come from the field's seed)."""
    extra_edits: tuple[tuple[Edit, float], ...] = ()
    """More edit kinds (the extension point for a card from a moment, see arena.improve.edits)."""


@dataclass
class Candidate:
    program: Program
    edits: list[str]
    diffs: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    """The user's program on the same units (for the progress shown once this one is kept)."""

    def llr(self, delta: float) -> float:
        """The log-likelihood ratio of H1 (better by ``delta``) over H0 (no better)."""
        return paired_llr(self.diffs, delta)


def paired_llr(diffs: Sequence[float], delta: float) -> float:
    """The approximate log-likelihood ratio of "mean difference ``delta``" over "mean 0" for
    paired differences (see the module docstring)."""
    n = len(diffs)
    if not n:
        return 0.0
    mean = sum(diffs) / n
    variance = (sum((d - mean) ** 2 for d in diffs) + PRIOR_VARIANCE) / (n + 1)
    return n * delta * (2 * mean - delta) / (2 * variance)


@dataclass(frozen=True)
class Progress:
    """What one generation did, for progress lines and plots."""

    generation: int
    best: Estimate
    """The best program's score on the units played since it became best."""
    start: Estimate
    """The user's program on the same units."""
    gain: Estimate
    """Best minus start, unit by unit, on the units since the best became best."""
    accepted: int
    """Changes kept so far."""
    racing: int
    battles: int
    battles_per_second: float
    elapsed: float
    remaining: float
    """Seconds of the budget left (the search's ETA; the caller's reserve not counted)."""
    kept: tuple[str, ...] = ()
    """The edits kept in this generation, if one was."""


@dataclass(frozen=True)
class Best:
    """The best program so far (descriptions filled in) and how it scores."""

    program: Program
    generation: int
    score: Estimate
    changes: tuple[str, ...]


def with_descriptions(program: Program) -> Program:
    """Every card without a description gets one generated from what it checks."""
    cards = tuple(card if card.description else replace(card, description=describe_card(program, card))
                  for card in program.cards)
    return replace(program, cards=cards)


def without_dead_cards(program: Program, keep: frozenset[int] = frozenset()) -> tuple[Program, tuple[str, ...]]:
    """``program`` without the cards the analysis proves can never be valid, except those at
    the places in ``keep`` (and always one card), and a line for each card dropped. A card that
    is never valid never decides, so the program plays exactly as before: only easier to read."""
    dead = {w.card for w in analyse_program(program) if w.kind is WarningKind.NEVER_VALID} - keep
    dropped = []
    for index in sorted(dead, reverse=True):  # from the back: the places in front stay put
        if len(program.cards) > 1:
            program = remove_card(program, index)
            dropped.append(f"card {index + 1}: dropped, it can never be valid")
    return program, tuple(reversed(dropped))


class Search:
    """A search from ``program`` against ``field`` (see the module docstring)."""

    def __init__(self, program: Program, field_: Field, runner: Runner, settings: SearchSettings = SearchSettings(),
                 on_progress: Callable[[Progress], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.start, self.field, self.runner, self.settings = program, field_, runner, settings
        self.on_progress = on_progress
        self.clock = clock
        self._rng = random.Random(settings.seed)
        self._kinds = EDIT_KINDS + settings.extra_edits
        self._sprt = SprtSettings(alpha=settings.alpha, beta=settings.beta)
        self._lock = threading.Lock()
        self._running = threading.Event()
        self._running.set()
        self._stopped = threading.Event()
        self._current = program
        self._pinned = settings.pinned
        self._race: list[Candidate] = []
        self._tried: set[str] = {dumps_program(program)}
        self._best_values: list[float] = []
        self._start_values: list[float] = []
        self._changes: list[str] = []
        self._generation = 0
        self._accepted = 0
        self._next_unit = 0
        self._battles = 0
        self._play_seconds = 0.0
        self._tests_passing = {r.test.name for r in run_tests(program) if r.passed} if settings.keep_tests else set()
        per_block = len(field_.opponents) * len(field_.sizes)
        self._block = per_block * math.ceil(settings.block / per_block)
        self._best = Best(with_descriptions(program), 0, Estimate.of([]), ())

    # --- control, from any thread --------------------------------------------------------------

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    def stop(self) -> None:
        self._stopped.set()
        self._running.set()

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    def best(self) -> Best:
        with self._lock:
            return self._best

    @property
    def battles_per_second(self) -> float:
        return self._battles / self._play_seconds if self._play_seconds else 0.0

    # --- the search ----------------------------------------------------------------------------

    def run(self, reserve: Callable[[float], float] = lambda rate: 0.0) -> Best:
        """Search until the budget is spent (less ``reserve(battles_per_second)`` seconds the
        caller needs afterwards; time paused does not count) or :meth:`stop`; the best program
        found."""
        begin = self.clock()
        while not self._stopped.is_set():
            if not self._running.is_set():
                held = self.clock()
                self._running.wait()
                begin += self.clock() - held  # time paused is not time searched
            if self._stopped.is_set():
                break
            elapsed = self.clock() - begin
            remaining = self.settings.budget - elapsed - reserve(self.battles_per_second)
            if remaining <= 0 and self._generation > 0:
                break
            self._generation_step(begin)
        return self.best()

    def _generation_step(self, begin: float) -> None:
        self._fill_race()
        units = list(range(self._next_unit, self._next_unit + self._block))
        self._next_unit += self._block
        programs = [self._current, self.start, *(c.program for c in self._race)]
        started = self.clock()
        values = score_units(self.field, self.runner, programs, units)
        self._play_seconds += max(self.clock() - started, 1e-9)
        self._battles += len(programs) * len(units) * 2
        best, start = values[0], values[1]
        self._best_values += best
        self._start_values += start
        winners = []
        for candidate, mine in zip(self._race, values[2:]):
            candidate.values += mine
            candidate.starts += start
            candidate.diffs += [m - b for m, b in zip(mine, best)]
            verdict = self._verdict(candidate)
            if verdict == "H1":
                winners.append(candidate)
        self._race = [c for c in self._race if self._verdict(c) is None]
        kept: tuple[str, ...] = ()
        if winners:
            winner = max(winners, key=lambda c: sum(c.diffs) / len(c.diffs))
            before = len(self._changes)
            self._accept(winner)
            kept = tuple(self._changes[before:])  # its edits, and the cards they left dead, dropped
        elapsed = self.clock() - begin
        self._publish(elapsed, self.settings.budget - elapsed, kept)

    def _verdict(self, candidate: Candidate) -> str | None:
        lower, upper = self._sprt.bounds
        llr = candidate.llr(self.settings.delta)
        if llr >= upper:
            return "H1"
        if llr <= lower or len(candidate.diffs) >= self.settings.max_units:
            return "H0"
        if len(candidate.diffs) >= self.settings.patience * self._block and sum(candidate.diffs) <= 0:
            return "H0"  # not ahead after ``patience`` blocks: make room
        return None

    def _accept(self, winner: Candidate) -> None:
        """The winner becomes the best, without the cards its edits left never valid (it plays
        the same without them; the user's own cards stay): the race restarts from it, on fresh
        units."""
        own = frozenset(find_cards(self.start.cards, winner.program)) | self._pinned_places(winner.program)
        self._current, dropped = without_dead_cards(winner.program, own)
        self._tried.add(dumps_program(self._current))
        self._pinned = self._pinned_places(self._current)
        self._changes += [*winner.edits, *dropped]
        self._accepted += 1
        self._race = []
        # Its results so far carry over: the units it raced on are units the new best played.
        self._best_values, self._start_values = list(winner.values), list(winner.starts)

    def _pinned_places(self, program: Program) -> frozenset[int]:
        """The pinned cards' places in ``program`` (edits never change them, only move them)."""
        return frozenset(find_cards([self.start.cards[i] for i in sorted(self.settings.pinned)], program))

    def _fill_race(self) -> None:
        while len(self._race) < self.settings.candidates:
            made = self._candidate()
            if made is None:
                break
            self._race.append(made)

    def _candidate(self) -> Candidate | None:
        for _ in range(50):
            weights = self.settings.edit_counts
            edits = self._rng.choices(range(1, len(weights) + 1), weights=weights)[0]
            result = mutate(self._current, self._pinned, self._rng, edits, self._kinds)
            if result is None:
                continue
            program, what = result
            text = dumps_program(program)
            if text in self._tried or not self._tests_hold(program):
                continue
            self._tried.add(text)
            return Candidate(program, what)
        return None

    def _tests_hold(self, program: Program) -> bool:
        if not self._tests_passing:
            return True
        return all(r.passed for r in run_tests(program) if r.test.name in self._tests_passing)

    def _publish(self, elapsed: float, remaining: float, kept: tuple[str, ...]) -> None:
        self._generation += 1
        best_score = Estimate.of(self._best_values)
        with self._lock:
            self._best = Best(with_descriptions(self._current), self._generation, best_score, tuple(self._changes))
        if self.on_progress is not None:
            gain = Estimate.of([b - s for b, s in zip(self._best_values, self._start_values)], CHANGE)
            self.on_progress(Progress(
                self._generation, best_score, Estimate.of(self._start_values), gain, self._accepted, len(self._race),
                self._battles, self.battles_per_second, elapsed, max(remaining, 0.0), kept))
