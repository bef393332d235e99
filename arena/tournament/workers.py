"""A pool of worker processes that play one game at a time each, and that a worker's death does
not stop: the game it was playing is reported as failed (with how the worker ended) and a new
worker takes its place. ``multiprocessing.Pool`` waits forever for a task whose worker died (a
bot that kills its worker, the OOM killer): that hung tournaments with nothing recorded.

Workers come from a *fork server* (spawn where there is none), never from forking this process:
the app runs tournaments from a worker thread of a Qt process, which must not be forked. The
server is started once per process with the game modules imported, so later workers start in
milliseconds. As with any spawned worker, a script that runs a tournament needs the
``if __name__ == "__main__":`` guard.

Each worker ignores SIGINT (Ctrl-C reaches the whole process group; only the tournament decides
what stops), polls a shared event so its game ends at the next step when the tournament stops,
and watches the tournament's process through a pidfd: if the tournament dies, however (SIGKILL
included), the worker ends its game at once, which kills the game's bots and removes its
folders, and exits; if the game does not end within :data:`ORPHAN_GRACE` the worker exits anyway
(the bots' warden then kills them).

The stop is a pipe (:class:`StopSignal`), not a ``multiprocessing.Event``: an Event is five named
POSIX semaphores, which multiprocessing registers with its resource tracker; a tournament killed
with SIGKILL never unregistered them, and the tracker said "There appear to be 5 leaked semaphore
objects to clean up at shutdown" after every ``kill -9``. A pipe is only file descriptors, which
the kernel closes with the process. The folder multiprocessing keeps the fork server's socket in
is a ``snakepit-mp-*`` folder this process's warden knows (:mod:`arena.bots.warden`), so that a
SIGKILL does not leave it behind either (multiprocessing's own ``pymp-*`` folder is removed only
by the process that made it, at its exit)."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import os
import select
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import cast

from arena.bots import warden
from arena.tournament.games import GameTask, TaskResult, run_task
from arena.tournament.pool import STOP_GRACE, failed

PRELOAD_GAMES = "arena.games.preload"
"""The module the fork server imports to load every game before it forks workers."""
ORPHAN_GRACE = 0.5
"""Seconds an orphaned worker gives its game to end (and clean up) before it exits regardless."""


@dataclass(frozen=True)
class Finished:
    """A worker's game ended: played (or dropped after a stop: ``result.outcome`` None)."""

    result: TaskResult


@dataclass(frozen=True)
class Raised:
    """A worker's game raised: a bug or a broken file (``message`` says which game and why)."""

    task: GameTask
    message: str


@dataclass(frozen=True)
class Died:
    """A worker died while playing ``task``; ``how`` is its end (``killed by SIGKILL``)."""

    task: GameTask
    how: str


Event = Finished | Raised | Died


class WorkerPool:
    """Up to ``jobs`` worker processes, each started with the first task it gets (a tournament of
    2 games with ``--jobs 64`` starts 2); :meth:`submit` a task to an idle one (or a new one),
    :meth:`wait` for events."""

    def __init__(self, jobs: int) -> None:
        self.context = worker_context()
        self.stop = StopSignal(self.context)
        self._tournament = os.getpid()
        self.jobs = jobs
        self._workers: list[_Worker] = []
        self.started = 0
        """Worker processes started so far (a dead one's replacement included)."""

    def idle(self) -> int:
        """Tasks :meth:`submit` takes now: idle workers and those not started yet."""
        return self.jobs - self.busy()

    def busy(self) -> int:
        return sum(1 for w in self._workers if w.task is not None)

    def start_workers(self, count: int) -> None:
        """Start ``count`` idle workers now, not at their first tasks (what a benchmark times)."""
        self._workers.extend(self._start() for _ in range(min(count, self.jobs - len(self._workers))))

    def submit(self, task: GameTask) -> None:
        worker = next((w for w in self._workers if w.task is None), None)
        if worker is None:
            worker = self._start()
            self._workers.append(worker)
        worker.task = task
        try:
            worker.conn.send(task)
        except OSError:
            pass  # it died meanwhile: wait() reports the task with the worker's end

    def wait(self, timeout: float) -> list[Event]:
        """What happened in the busy workers within ``timeout`` seconds (empty if nothing)."""
        busy = [w for w in self._workers if w.task is not None]
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout))
        events: list[Event] = []
        for worker in busy:
            if worker.conn in ready or worker.process.sentinel in ready:
                event = worker.collect()
                if event is not None:
                    events.append(event)
                if isinstance(event, Died):
                    self._workers.remove(worker)  # the next task starts a new one
        return events

    def close(self, clean: bool) -> None:
        """End every worker: at once when ``clean`` (all idle), else after telling their games to
        stop and giving them :data:`STOP_GRACE` seconds to end with their bots."""
        if not clean:
            self.stop.set()
            _drain([w for w in self._workers if w.task is not None], STOP_GRACE)
        for worker in self._workers:
            worker.end()
        self.stop.close()

    def _start(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_worker_main, args=(child, self.stop.reader, self._tournament), daemon=True)
        process.start()
        child.close()
        self.started += 1
        return _Worker(process, parent)


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    task: GameTask | None = None

    def collect(self) -> Event | None:
        """The event of this busy worker whose pipe or process became ready."""
        assert self.task is not None
        task = self.task
        try:
            if self.conn.poll():
                kind, value = self.conn.recv()
                self.task = None
                return Finished(value) if kind == "result" else Raised(task, value)
        except (EOFError, OSError):
            pass
        self.process.join(timeout=1.0)
        if self.process.exitcode is None:
            return None  # the pipe closed, but the process has not ended yet: next time
        self.task = None
        self.conn.close()
        return Died(task, how_ended(self.process.exitcode))

    def end(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.conn.close()
        self.process.join(timeout=STOP_GRACE if self.task is None else 0.1)
        if self.process.exitcode is None:
            self.process.kill()
            self.process.join()


def _drain(busy: list[_Worker], grace: float) -> None:
    """Wait up to ``grace`` seconds for the busy workers' stopped games to end (results dropped)."""
    deadline = time.monotonic() + grace
    while any(w.task is not None for w in busy) and time.monotonic() < deadline:
        pending = [w for w in busy if w.task is not None]
        ready = set(wait([w.conn for w in pending] + [w.process.sentinel for w in pending],
                         max(0.0, deadline - time.monotonic())))
        for worker in pending:
            if worker.conn in ready or worker.process.sentinel in ready:
                worker.collect()


def how_ended(exitcode: int) -> str:
    """A worker process's end in words, from its exit code: ``killed by SIGKILL``."""
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exited with status {exitcode}"


def worker_context(preload: str = __name__) -> multiprocessing.context.DefaultContext:
    """The fork server's context (spawn where there is none), the server preloading module
    ``preload``: tournament workers, and :mod:`arena.improve.runners`'s."""
    _own_temp_dir()
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return cast(multiprocessing.context.DefaultContext, multiprocessing.get_context("spawn"))
    context = cast(multiprocessing.context.DefaultContext, multiprocessing.get_context("forkserver"))
    # Not __main__: the server must not run the caller's script. The server is started once per
    # process, by whichever caller comes first: every caller's workers get the games loaded.
    context.set_forkserver_preload([preload, PRELOAD_GAMES])
    return context


def _own_temp_dir() -> None:
    """Give multiprocessing a temporary folder the warden removes if this process is killed,
    before it makes its own (it keeps the folder in the process's ``_config``, where every
    Python since 3.4 looks for it first)."""
    config = multiprocessing.process.current_process()._config  # type: ignore[attr-defined]
    if config.get("tempdir") is not None:
        return
    path = Path(tempfile.mkdtemp(prefix="snakepit-mp-"))
    warden.folder_created(path)
    config["tempdir"] = str(path)
    multiprocessing.util.Finalize(None, _remove_temp_dir, args=(path,), exitpriority=-100)


def _remove_temp_dir(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
    warden.folder_removed(path)


class StopSignal:
    """A stop every worker of a pool sees at once, made of a pipe: the workers hold its read end
    and never read it; :meth:`set` writes one byte, after which it reads as ready in every worker
    for good (as it does at the pipe's end, once the tournament is gone)."""

    def __init__(self, context: multiprocessing.context.DefaultContext) -> None:
        self.reader, self._writer = context.Pipe(duplex=False)
        self._set = False

    def set(self) -> None:
        if not self._set:
            self._set = True
            self._writer.send_bytes(b"stop")

    def is_set(self) -> bool:
        return self._set

    def close(self) -> None:
        self.reader.close()
        self._writer.close()


# --- in the worker ------------------------------------------------------------------------------


class _Stop:
    """The flag a worker's game polls (at every step: a ``poll`` system call, no selector made):
    the tournament stopped it (its stop pipe became readable), or the tournament is gone."""

    def __init__(self, stop: Connection, orphaned: threading.Event) -> None:
        self._stop = stop  # kept open: the poll below watches its descriptor
        self._poll = select.poll()
        self._poll.register(stop.fileno(), select.POLLIN)
        self._orphaned = orphaned

    def is_set(self) -> bool:
        return self._orphaned.is_set() or bool(self._poll.poll(0))


def _worker_main(conn: Connection, stop: Connection, tournament: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    orphaned = threading.Event()
    if not _watch(tournament, orphaned):
        return
    flag = _Stop(stop, orphaned)
    for task in _tasks(conn):
        try:
            message: tuple[str, object] = ("result", run_task(task, flag))
        except Exception as err:
            message = ("error", str(failed(task, err)))
        if orphaned.is_set():
            return
        try:
            conn.send(message)
        except OSError:
            return


def _tasks(conn: Connection) -> Iterator[GameTask]:
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return  # the tournament closed its end, or is gone
        if task is None:
            return
        yield task


def _watch(tournament: int, orphaned: threading.Event) -> bool:
    """Watch the tournament's process (False: it is gone already). When it ends, set
    ``orphaned`` (the game stops at its next step and cleans up) and exit the worker after
    :data:`ORPHAN_GRACE` seconds whatever the game does."""
    try:
        pidfd = os.pidfd_open(tournament)
    except ProcessLookupError:
        return False
    except (OSError, AttributeError):
        pidfd = None  # no pidfds here: poll the process instead

    def watch() -> None:
        if pidfd is not None:
            select.select([pidfd], [], [])
        else:
            with contextlib.suppress(ProcessLookupError):
                while not orphaned.wait(0.1):
                    os.kill(tournament, 0)  # raises once the process is gone
        threading.Timer(ORPHAN_GRACE, os._exit, (1,)).start()
        orphaned.set()

    threading.Thread(target=watch, name="tournament-watch", daemon=True).start()
    return True
