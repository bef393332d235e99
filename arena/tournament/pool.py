"""Where a tournament's games run: in this process, in a pool of local worker processes
(:mod:`arena.tournament.workers`), or on a Dask cluster (:mod:`arena.tournament.cluster`). All
three take tasks lazily (a duel does not know how many games it will need), keep a bounded
number in flight, hand every finished game to ``on_done`` in this thread, and stop when
``on_done`` says so, when ``cancel`` is set, or on Ctrl-C; a stopped run leaves no worker behind
and drops the games it interrupted.

A game whose worker process died (a bot that killed it, the OOM killer) reaches ``on_done`` as
a failed game (:attr:`TaskResult.error` says how the worker ended) and the run goes on. Bot games
therefore never run in this process: with one job they get a pool of one worker, so that no bot
can take the tournament down with it; snake games (card programs, which run no process of their
own) are played in this process with one job, with no start-up cost."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from typing import Protocol

from arena.tournament.errors import TournamentError
from arena.tournament.games import SNAKE, CancelFlag, GameTask, TaskResult, run_task

OnDone = Callable[[TaskResult], bool]
"""Called with each finished game; False asks for no more games."""

STOP_GRACE = 3.0
"""Seconds a stopped worker gets to end its game (and its bots) before it is killed."""
_POLL = 0.1


class Executor(Protocol):
    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None: ...


MAX_JOBS = 256
"""The most ``--jobs`` may ask for: each job is a process of its own (tens of MB), and more jobs
than the machine has cores only make every game slower (``--jobs 100000`` hung, starting
processes)."""


def default_jobs() -> int:
    return os.cpu_count() or 1


def check_jobs(jobs: int | None) -> int:
    """The number of jobs ``--jobs`` gives (None: one per core), or a :class:`TournamentError`."""
    count = default_jobs() if jobs is None else jobs
    if not 1 <= count <= MAX_JOBS:
        raise TournamentError(f"--jobs {count}: at least 1 job and at most {MAX_JOBS} (one process each)")
    return count


def make_executor(jobs: int | None = None, cluster: str | None = None, game: str | None = None,
                  on_note: Callable[[str], None] | None = None) -> Executor:
    """The executor for ``--jobs``/``--cluster``: a Dask cluster, a pool of worker processes,
    or, for one job of snake games, this process. ``on_note`` hears what a user should know
    while the run goes on (a cluster without workers)."""
    if cluster is not None:
        from arena.tournament.cluster import ClusterExecutor

        return ClusterExecutor(cluster, on_note)
    count = check_jobs(jobs)
    return InlineExecutor() if count == 1 and game == SNAKE else ProcessExecutor(count)


def failed(task: GameTask, err: BaseException) -> TournamentError:
    """A game that raised (not a misbehaving bot, which is a status): a bug or a broken file.
    Games are counted from 1 in what users read (the schedule's index is 0-based)."""
    reason = str(err) if isinstance(err, TournamentError) else f"{type(err).__name__}: {err}"
    return TournamentError(f"game {task.index + 1} ({', '.join(task.names)}): {reason}")


class InlineExecutor:
    """One game after another in this process (``--jobs 1``; no start-up cost)."""

    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
        for task in tasks:
            if cancel is not None and cancel.is_set():
                return
            try:
                result = run_task(task, cancel)
            except Exception as err:
                raise failed(task, err) from err
            if result.outcome is None or not on_done(result):
                return


class ProcessExecutor:
    """A pool of ``jobs`` worker processes, one game each at a time."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
        from arena.tournament.workers import Died, Finished, WorkerPool

        first = next(tasks, None)
        if first is None:
            return  # nothing to play (a finished tournament resumed): no worker to start
        tasks = itertools.chain([first], tasks)
        pool = WorkerPool(self.jobs)
        clean = False
        try:
            more = True
            while True:
                while more and pool.idle():
                    task = next(tasks, None)
                    if task is None:
                        more = False
                    else:
                        pool.submit(task)
                if not pool.busy():
                    clean = True
                    return
                if cancel is not None and cancel.is_set():
                    return
                for event in pool.wait(_POLL):
                    if isinstance(event, Finished):
                        result = event.result
                        if result.outcome is None:  # only after a stop; the game is dropped
                            continue
                    elif isinstance(event, Died):
                        result = died(event.task, event.how)
                    else:
                        raise TournamentError(event.message)
                    if not on_done(result):
                        return
        finally:
            pool.close(clean)


def died(task: GameTask, how: str) -> TaskResult:
    """The failed game of a worker process that ended while playing ``task``; its unfinished
    replay (``.part``) goes with it."""
    if task.replay is not None:
        try:
            os.unlink(task.replay + ".part")
        except OSError:
            pass
    return TaskResult(task, None, error=f"its worker process died ({how}); a bot may have killed it, or the "
                                         "system (out of memory)")
