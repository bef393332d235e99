"""Running a tournament: the games its ``--out`` folder does not list as finished, on the chosen
executor, each finished game recorded as it ends, progress reported, standings at the end.

Stopping (``cancel`` set, or Ctrl-C, which propagates as :class:`TournamentInterrupted`, a
``KeyboardInterrupt`` carrying the partial run, after the workers are gone) keeps every finished
game; running the same spec with the same folder again plays only the rest.

The ETA's pace clock starts when the first game of the run finishes, not at the start: starting
a pool (and, for bot games, the first bots) would otherwise inflate it for the whole run. With
``J`` games in parallel the first ``J`` finish together, so there is no ETA until a game beyond
them has finished."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from arena.tournament.games import GameTask, TaskResult
from arena.tournament.pool import Executor, default_jobs, make_executor
from arena.tournament.results import GameRecord, Standings, compute_standings, results_json
from arena.tournament.schedule import Seating
from arena.tournament.spec import TournamentSpec
from arena.tournament.store import TournamentStore


def clock(seconds: float) -> str:
    """A duration as a clock: ``m:ss``, from an hour on ``h:mm:ss``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@dataclass(frozen=True)
class Progress:
    """After each finished game: ``done`` of ``total`` (including games finished by an earlier
    run), seconds since this run started, the estimated seconds left (at this run's pace since
    its first finished game; None while that pace is unknown) and the game that just finished."""

    done: int
    total: int
    elapsed: float
    eta: float | None
    record: GameRecord


@dataclass(frozen=True)
class GameFailure:
    """A game that could not be played: its index, seats (by entrant) and why."""

    index: int
    seats: tuple[str, ...]
    error: str


@dataclass(frozen=True)
class TournamentRun:
    """What a run leaves: every finished game (this run and earlier ones, by index) and the
    standings."""

    spec: TournamentSpec
    records: dict[int, GameRecord]
    total: int
    standings: Standings
    out: Path | None = None
    failed: dict[int, str] = field(default_factory=dict)
    """Games that could not be played (their worker process died), with why."""

    def replay_path(self, index: int) -> Path | None:
        """Where game ``index``'s replay is (once the game is finished), for opening it."""
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    @property
    def complete(self) -> bool:
        return len(self.records) + len(self.failed) == self.total

    def results_json(self) -> str:
        return results_json(self.standings, game=self.spec.game, seed=self.spec.seed, total=self.total,
                            failed=self.failed)


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_tournament`: the workers are gone, the finished games recorded,
    and ``run`` holds them (to print the partial table)."""

    def __init__(self, run: TournamentRun) -> None:
        super().__init__(f"interrupted with {len(run.records)} of {run.total} games finished")
        self.run = run


def run_tournament(
    spec: TournamentSpec,
    out: Path | None = None,
    *,
    jobs: int | None = None,
    cluster: str | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    cancel: threading.Event | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_failure: Callable[[GameFailure], None] | None = None,
    on_note: Callable[[str], None] | None = None,
) -> TournamentRun:
    """Play ``spec``'s unfinished games; with ``out``, record and resume there (games.jsonl,
    replays, results.json; the folder is locked for the run). ``on_start(done, total)`` is called
    once the folder is checked, just before the first game (``done``: games an earlier run
    finished or recorded as failed). ``on_failure`` is called for each game that could not be
    played (its worker process died); the run goes on. ``on_note`` hears what a user should know
    meanwhile (a cluster without workers). ``cancel`` (from another thread) stops the run and
    returns what is finished."""
    store = TournamentStore(out) if out is not None else None
    if store is not None:
        store.lock()
    try:
        executor = make_executor(jobs, cluster, spec.game, on_note)
        parallel = 1 if cluster is not None else jobs or default_jobs()
        return _run(spec, store, executor, parallel, on_progress, cancel, on_start, on_failure)
    finally:
        if store is not None:
            store.unlock()


def _run(spec: TournamentSpec, store: TournamentStore | None, executor: Executor, parallel: int,
         on_progress: Callable[[Progress], None] | None, cancel: threading.Event | None,
         on_start: Callable[[int, int], None] | None,
         on_failure: Callable[[GameFailure], None] | None) -> TournamentRun:
    schedule = spec.schedule()
    names = spec.names
    seeds = [spec.task(i, s).seed for i, s in enumerate(schedule)]
    records: dict[int, GameRecord] = {}
    failures: dict[int, str] = {}
    if store is not None:
        store.prepare(spec.to_json())
        records = store.finished(schedule, names, seeds)
        failures = {i: e for i, e in store.failed().items() if 0 <= i < len(schedule) and i not in records}
    start, done_before = time.monotonic(), len(records)
    first_done: list[float] = []  # when this run's first game finished: the pace clock's start

    def finish(result: TaskResult) -> bool:
        outcome, task = result.outcome, result.task
        if result.error is not None:
            failures[task.index] = result.error
            if store is not None:
                store.append_failure(task.index, task.seed, task.names, result.error)
            if on_failure is not None:
                on_failure(GameFailure(task.index, task.names, result.error))
            return True
        if outcome is None:  # executors pass finished or failed games only
            return True
        record = GameRecord(task.index, task.seed, task.names, outcome.scores, outcome.ranks,
                            outcome.statuses, outcome.rounds)
        if store is not None:
            store.append(record)
        records[record.index] = record
        now = time.monotonic()
        first_done[:] = first_done or [now]
        if on_progress is not None:
            ended = len(records) + len(failures)
            paced = len(records) - done_before - 1  # games finished since the pace clock started
            eta = (now - first_done[0]) / paced * (len(schedule) - ended) if paced >= parallel else None
            on_progress(Progress(ended, len(schedule), now - start, eta, record))
        return True

    def finished_run() -> TournamentRun:
        standings = compute_standings(names, records.values())
        run = TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings,
                            store.folder if store is not None else None, dict(sorted(failures.items())))
        if store is not None:
            store.write_results(run.results_json())
        return run

    if on_start is not None:
        on_start(len(records) + len(failures), len(schedule))
    try:
        executor.run(_tasks(spec, schedule, {**records, **failures}, store), finish, cancel)
    except KeyboardInterrupt:
        raise TournamentInterrupted(finished_run()) from None
    except BaseException:
        finished_run()  # results.json for the games that did finish
        raise
    return finished_run()


def _tasks(spec: TournamentSpec, schedule: list[Seating], finished: Mapping[int, object],
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
    failed = {i: e for i, e in store.failed().items() if 0 <= i < len(schedule) and i not in records}
    return TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings, out, dict(sorted(failed.items())))
