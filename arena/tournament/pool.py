"""Where a tournament's games run: in this process, in a local process pool, or on a Dask
cluster (:mod:`arena.tournament.cluster`). All three take tasks lazily (a duel does not know how
many games it will need), keep a bounded number in flight, hand every finished game to
``on_done`` in this thread, and stop when ``on_done`` says so, when ``cancel`` is set, or on
Ctrl-C; a stopped run leaves no worker behind and drops the games it interrupted.

Pool workers come from a *fork server* (spawn where there is none), never from forking this
process: the app runs tournaments from a worker thread of a Qt process, which must not be
forked. The server is started once per process with the game modules imported, so later pools
start in milliseconds. As with any spawned worker, a script that runs a tournament needs the
``if __name__ == "__main__":`` guard. Workers ignore SIGINT (Ctrl-C reaches the whole process
group; only this process decides what stops) and poll a shared event so their games end at the
next step instead of being killed mid-write."""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import time
from collections.abc import Callable, Iterator
from multiprocessing.pool import AsyncResult
from multiprocessing.synchronize import Event as ProcessEvent
from typing import Protocol

from arena.tournament.errors import TournamentError
from arena.tournament.games import CancelFlag, GameTask, TaskResult, run_task

OnDone = Callable[[TaskResult], bool]
"""Called with each finished game; False asks for no more games."""

STOP_GRACE = 3.0  # seconds a stopped worker gets to end its game (and its bots) before it is killed
_POLL = 0.1


class Executor(Protocol):
    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None: ...


def default_jobs() -> int:
    return os.cpu_count() or 1


def make_executor(jobs: int | None = None, cluster: str | None = None) -> Executor:
    """The executor for ``--jobs``/``--cluster``: inline for 1 job, else a process pool."""
    if cluster is not None:
        from arena.tournament.cluster import ClusterExecutor

        return ClusterExecutor(cluster)
    count = default_jobs() if jobs is None else jobs
    if count < 1:
        raise TournamentError(f"--jobs {count}: at least 1 job")
    return InlineExecutor() if count == 1 else ProcessExecutor(count)


def failed(task: GameTask, err: BaseException) -> TournamentError:
    """A game that raised (not a misbehaving bot, which is a status): a bug or a broken file."""
    reason = str(err) if isinstance(err, TournamentError) else f"{type(err).__name__}: {err}"
    return TournamentError(f"game {task.index} ({', '.join(task.names)}): {reason}")


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


_worker_cancel: CancelFlag | None = None


def _init_worker(flag: ProcessEvent) -> None:
    global _worker_cancel
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_cancel = flag


def _work(task: GameTask) -> TaskResult:
    return run_task(task, _worker_cancel)


def worker_context(preload: str = __name__) -> multiprocessing.context.BaseContext:
    """The fork server's context (spawn where there is none), the server preloading module
    ``preload``; :mod:`arena.improve.runners` starts its workers from it too."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([preload])  # not __main__: the server must not run the caller's script
    return context


class ProcessExecutor:
    """A pool of ``jobs`` worker processes, ``2 * jobs`` games in flight."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
        context = worker_context()
        stop = context.Event()
        finished: queue.SimpleQueue[TaskResult | tuple[GameTask, BaseException]] = queue.SimpleQueue()
        pool = context.Pool(self.jobs, initializer=_init_worker, initargs=(stop,))
        in_flight: dict[int, AsyncResult[TaskResult]] = {}
        clean = False

        def submit() -> bool:
            task = next(tasks, None)
            if task is None:
                return False

            def fail(err: BaseException) -> None:
                finished.put((task, err))

            in_flight[task.index] = pool.apply_async(_work, (task,), callback=finished.put, error_callback=fail)
            return True

        try:
            while len(in_flight) < 2 * self.jobs and submit():
                pass
            while in_flight:
                if cancel is not None and cancel.is_set():
                    return
                try:
                    item = finished.get(timeout=_POLL)
                except queue.Empty:
                    continue
                if isinstance(item, tuple):
                    raise failed(*item)
                del in_flight[item.task.index]
                if item.outcome is None:  # only after a stop; the game is dropped
                    continue
                if not on_done(item):
                    return
                submit()
            clean = True
        finally:
            if clean:
                pool.close()
            else:
                # Let the games see ``stop`` and end with their bots. Wait on the results
                # themselves, not the queue: a Ctrl-C can land between a queue item's arrival
                # and its use, and that game is simply played again on resume.
                stop.set()
                deadline = time.monotonic() + STOP_GRACE
                while any(not r.ready() for r in in_flight.values()) and time.monotonic() < deadline:
                    time.sleep(0.01)
                pool.terminate()
            pool.join()
