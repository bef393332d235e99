"""Running a tournament: the games its ``--out`` folder does not list as finished, on the chosen
executor, each finished game recorded as it ends, progress reported, standings at the end.

Stopping (``cancel`` set, or Ctrl-C, which propagates as ``KeyboardInterrupt`` after the workers
are gone) keeps every finished game; running the same spec with the same folder again plays
only the rest."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from arena.tournament.games import GameTask, TaskResult
from arena.tournament.pool import make_executor
from arena.tournament.results import GameRecord, Standings, compute_standings, results_json
from arena.tournament.schedule import Seating
from arena.tournament.spec import TournamentSpec
from arena.tournament.store import TournamentStore


@dataclass(frozen=True)
class Progress:
    """After each finished game: ``done`` of ``total`` (including games finished by an earlier
    run), seconds since this run started, the estimated seconds left (at this run's pace) and
    the game that just finished."""

    done: int
    total: int
    elapsed: float
    eta: float
    record: GameRecord


@dataclass(frozen=True)
class TournamentRun:
    """What a run leaves: every finished game (this run and earlier ones, by index) and the
    standings."""

    spec: TournamentSpec
    records: dict[int, GameRecord]
    total: int
    standings: Standings
    out: Path | None = None

    def replay_path(self, index: int) -> Path | None:
        """Where game ``index``'s replay is (once the game is finished), for opening it."""
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    @property
    def complete(self) -> bool:
        return len(self.records) == self.total

    def results_json(self) -> str:
        return results_json(self.standings, game=self.spec.game, seed=self.spec.seed, total=self.total)


def run_tournament(
    spec: TournamentSpec,
    out: Path | None = None,
    *,
    jobs: int | None = None,
    cluster: str | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    cancel: threading.Event | None = None,
) -> TournamentRun:
    """Play ``spec``'s unfinished games; with ``out``, record and resume there (games.jsonl,
    replays, results.json). ``cancel`` (from another thread) stops the run and returns what is
    finished."""
    schedule = spec.schedule()
    names = spec.names
    seeds = [spec.task(i, s).seed for i, s in enumerate(schedule)]
    store = TournamentStore(out) if out is not None else None
    records: dict[int, GameRecord] = {}
    if store is not None:
        store.prepare(spec.to_json())
        records = store.finished(schedule, names, seeds)
    start, done_before = time.monotonic(), len(records)

    def finish(result: TaskResult) -> bool:
        outcome, task = result.outcome, result.task
        if outcome is None:  # executors pass finished games only
            return True
        record = GameRecord(task.index, task.seed, task.names, outcome.scores, outcome.ranks,
                            outcome.statuses, outcome.rounds)
        if store is not None:
            store.append(record)
        records[record.index] = record
        if on_progress is not None:
            elapsed = time.monotonic() - start
            now = len(records) - done_before
            eta = elapsed / now * (len(schedule) - len(records))
            on_progress(Progress(len(records), len(schedule), elapsed, eta, record))
        return True

    try:
        make_executor(jobs, cluster).run(_tasks(spec, schedule, records, store), finish, cancel)
    finally:
        standings = compute_standings(names, records.values())
        run = TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings, out)
        if store is not None:
            store.write_results(run.results_json())
    return run


def _tasks(spec: TournamentSpec, schedule: list[Seating], finished: dict[int, GameRecord],
           store: TournamentStore | None) -> Iterator[GameTask]:
    for index, seating in enumerate(schedule):
        if index not in finished:
            replay = str(store.replay_path(index)) if store is not None else None
            yield spec.task(index, seating, replay)


def read_tournament(spec: TournamentSpec, out: Path) -> TournamentRun:
    """The finished part of a tournament recorded in ``out`` (for the app's table and plot,
    and to open its games), without playing anything."""
    schedule = spec.schedule()
    store = TournamentStore(out)
    records = store.finished(schedule, spec.names, [spec.task(i, s).seed for i, s in enumerate(schedule)])
    standings = compute_standings(spec.names, records.values())
    return TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings, out)
