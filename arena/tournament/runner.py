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

from arena.tournament.crosstable import HeadToHead
from arena.tournament.errors import TournamentError
from arena.tournament.games import CancelFlag, GameTask, TaskResult
from arena.tournament.pool import Executor, default_jobs, make_executor
from arena.tournament.results import GameRecord, Standings, compute_standings, results_json
from arena.tournament.schedule import Seating
from arena.tournament.spec import TournamentSpec
from arena.tournament.store import CLOCK_EVERY, SPEC_FILE, TournamentStore, check_cancel, stored_spec
from matcher.fileformat import read_text


def clock(seconds: float) -> str:
    """A duration as a clock: ``m:ss``, from an hour on ``h:mm:ss``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def eta_clock(seconds: float) -> str:
    """The estimated time left while games remain, as a :func:`clock` that never reads ``0:00``:
    with very short games (or a countdown past its estimate) the last games still take a moment,
    and ``0:00`` would read as done."""
    return clock(max(1.0, seconds))


@dataclass(frozen=True)
class Progress:
    """After each finished game: ``done`` of ``total`` (including games finished by an earlier
    run), seconds since this run started, the estimated seconds left (at this run's pace since
    its first finished game; None while that pace is unknown), the game that just finished and
    the seconds the earlier runs in the folder played (``played_before + elapsed``: the
    tournament's play time)."""

    done: int
    total: int
    elapsed: float
    eta: float | None
    record: GameRecord
    played_before: float = 0.0


@dataclass(frozen=True)
class GameStart:
    """A game handed to a worker: its index in the schedule, its seats' entrants and, in a
    tournament of several maps, its map's name."""

    index: int
    seats: tuple[str, ...]
    map: str | None = None


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
    seconds: float = 0.0
    """How long the tournament has played, over all its runs (as far as its folder kept count)."""
    counted_head_to_head: HeadToHead | None = None
    """The head-to-head table of ``records``, when it was counted already (see :meth:`head_to_head`)."""

    def head_to_head(self) -> HeadToHead:
        """Who beat whom: counted with the run (in the thread that read or played it), else now."""
        counted = self.counted_head_to_head
        return counted if counted is not None else HeadToHead(self.spec.names, self.records.values())

    def replay_path(self, index: int) -> Path | None:
        """Where game ``index``'s replay is (once the game is finished), for opening it."""
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    @property
    def complete(self) -> bool:
        return len(self.records) + len(self.failed) == self.total

    def per_map(self) -> dict[str, Standings]:
        """Each map's standings (from its games alone), in the order the maps were given, for a
        tournament of several maps; empty for one of a single map."""
        games: dict[str, list[GameRecord]] = {name: [] for name in self.spec.map_names()}
        for record in self.records.values():
            name = self.spec.map_name(record.index)
            if name is not None:
                games[name].append(record)
        return {name: compute_standings(self.spec.names, records) for name, records in games.items()}

    def results_json(self) -> str:
        return results_json(self.standings, game=self.spec.game, seed=self.spec.seed, total=self.total,
                            failed=self.failed, head_to_head=self.head_to_head(), per_map=self.per_map())


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
    on_game_start: Callable[[GameStart], None] | None = None,
) -> TournamentRun:
    """Play ``spec``'s unfinished games; with ``out``, record and resume there (games.jsonl,
    replays, results.json; the folder is locked for the run). ``on_start(done, total)`` is called
    once the folder is checked, just before the first game (``done``: games an earlier run
    finished or recorded as failed). ``on_failure`` is called for each game that could not be
    played (its worker process died); the run goes on. ``on_note`` hears what a user should know
    meanwhile (a cluster without workers). ``on_game_start`` hears each game as it is handed to
    a worker (a cluster may queue it there). ``cancel`` (from another thread) stops the run and
    returns what is finished."""
    store = TournamentStore(out) if out is not None else None
    if store is not None:
        store.lock()
    try:
        executor = make_executor(jobs, cluster, spec.game, on_note)
        parallel = 1 if cluster is not None else jobs or default_jobs()
        return _run(spec, store, executor, parallel, _Hooks(on_progress, on_start, on_failure, on_game_start), cancel)
    finally:
        if store is not None:
            store.unlock()


@dataclass(frozen=True)
class _Hooks:
    """Who hears what during a run (each may be None)."""

    progress: Callable[[Progress], None] | None = None
    start: Callable[[int, int], None] | None = None
    failure: Callable[[GameFailure], None] | None = None
    game_start: Callable[[GameStart], None] | None = None


class _Clock:
    """The tournament's play time: the earlier runs' plus this run's, saved in the folder now
    and then (at most every :data:`CLOCK_EVERY` seconds) and at the end."""

    def __init__(self, store: TournamentStore | None) -> None:
        self.store = store
        self.before = store.played_seconds() if store is not None else 0.0
        self.start = self.saved = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def tick(self, now: float) -> None:
        if now - self.saved >= CLOCK_EVERY:
            self.save()

    def save(self) -> float:
        """Write the play time so far; returns it."""
        self.saved = time.monotonic()
        total = self.before + self.elapsed()
        if self.store is not None:
            self.store.write_clock(total)
        return total


def _run(spec: TournamentSpec, store: TournamentStore | None, executor: Executor, parallel: int, hooks: _Hooks,
         cancel: threading.Event | None) -> TournamentRun:
    schedule = spec.schedule()
    names = spec.names
    seeds = [spec.task(i, s).seed for i, s in enumerate(schedule)]
    records: dict[int, GameRecord] = {}
    failures: dict[int, str] = {}
    if store is not None:
        store.prepare(spec.to_json())
        records = store.finished(schedule, names, seeds, maps=_game_maps(spec, len(schedule)))
        failures = {i: e for i, e in store.failed().items() if 0 <= i < len(schedule) and i not in records}
    played = _Clock(store)
    start, done_before = played.start, len(records)
    first_done: list[float] = []  # when this run's first game finished: the pace clock's start
    on_progress, on_failure = hooks.progress, hooks.failure

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
                            outcome.statuses, outcome.rounds, spec.map_name(task.index))
        if store is not None:
            store.append(record)
        records[record.index] = record
        now = time.monotonic()
        first_done[:] = first_done or [now]
        if on_progress is not None:
            ended = len(records) + len(failures)
            paced = len(records) - done_before - 1  # games finished since the pace clock started
            eta = (now - first_done[0]) / paced * (len(schedule) - ended) if paced >= parallel else None
            on_progress(Progress(ended, len(schedule), now - start, eta, record, played.before))
        played.tick(now)
        return True

    def finished_run() -> TournamentRun:
        standings = compute_standings(names, records.values())
        seconds = played.save()
        run = TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings,
                            store.folder if store is not None else None, dict(sorted(failures.items())), seconds,
                            HeadToHead(names, records.values()))
        if store is not None:
            store.write_results(run.results_json())
        return run

    if hooks.start is not None:
        hooks.start(len(records) + len(failures), len(schedule))
    try:
        executor.run(_tasks(spec, schedule, {**records, **failures}, store, hooks.game_start), finish, cancel)
    except KeyboardInterrupt:
        raise TournamentInterrupted(finished_run()) from None
    except BaseException:
        finished_run()  # results.json for the games that did finish
        raise
    return finished_run()


def _tasks(spec: TournamentSpec, schedule: list[Seating], finished: Mapping[int, object],
           store: TournamentStore | None, on_game_start: Callable[[GameStart], None] | None) -> Iterator[GameTask]:
    """The unfinished games in schedule order. Executors take a task only when a worker is free
    for it, so taking one is the moment its game starts."""
    for index, seating in enumerate(schedule):
        if index not in finished:
            replay = str(store.replay_path(index)) if store is not None else None
            task = spec.task(index, seating, replay)
            if on_game_start is not None:
                on_game_start(GameStart(index, task.names, spec.map_name(index)))
            yield task


def _game_maps(spec: TournamentSpec, games: int) -> list[str | None]:
    """Each game's map name in a tournament of several maps (empty for one of a single map)."""
    return [spec.map_name(index) for index in range(games)] if spec.maps else []


def read_tournament(spec: TournamentSpec, out: Path, *, count: bool = True,
                    cancel: CancelFlag | None = None) -> TournamentRun:
    """The finished part of a tournament recorded in ``out`` (for the app's table and plot,
    and to open its games), without playing anything. With ``count=False`` its standings are
    left empty, for a caller that counts them elsewhere (off the app's GUI thread: a long
    tournament's take the better part of a second). Once ``cancel`` is set (the app opened
    another folder meanwhile) the read stops at its next game with :class:`ReadCancelled`."""
    schedule = spec.schedule()
    store = TournamentStore(out)
    seeds = []
    for index, seating in enumerate(schedule):
        check_cancel(cancel)
        seeds.append(spec.task(index, seating).seed)
    records = store.finished(schedule, spec.names, seeds, cancel, _game_maps(spec, len(schedule)))
    check_cancel(cancel)
    standings = compute_standings(spec.names, records.values() if count else ())
    failed = {i: e for i, e in store.failed(cancel).items() if 0 <= i < len(schedule) and i not in records}
    return TournamentRun(spec, dict(sorted(records.items())), len(schedule), standings, out, dict(sorted(failed.items())),
                         store.played_seconds(), HeadToHead(spec.names, records.values()) if count else None)


def open_tournament(folder: Path, cancel: CancelFlag | None = None) -> TournamentRun:
    """The tournament recorded in ``folder`` as its ``tournament.json`` describes it (nothing
    resolved: an entrant's program may have changed or gone since) with its finished games, to
    show it again or resume it. A folder that holds no tournament, or a damaged file in it, is
    a :class:`TournamentError` naming the file (and the line). ``cancel`` stops the read as
    :func:`read_tournament`'s does."""
    if not folder.is_dir():
        raise TournamentError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}")
    path = folder / SPEC_FILE
    data = stored_spec(folder)
    if data is None:
        raise TournamentError(f"{folder} is not a tournament folder: it has no {SPEC_FILE}")
    spec = TournamentSpec.from_json(data, str(path), read_text(path, TournamentError))
    return read_tournament(spec, folder, cancel=cancel)
