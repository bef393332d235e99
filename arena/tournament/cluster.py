"""``--cluster ADDRESS``: a tournament's games on a Dask distributed scheduler (the optional
``snakepit[cluster]`` extra, imported only here and only when asked for).

The workers need snakepit installed. Snake programs travel inside the task; bot command lines
must exist on the workers. Replays come back as text (captured in memory, so a killed worker
leaves no file) and are written here, so the workers need no access to ``--out``. Dask cannot
interrupt a running task: on a stop, queued games are cancelled and running ones finish on their
worker and are dropped.

What can go wrong on a cluster, and what the run does:

- an address Dask cannot use (``nonsense://x``, no port): refused before anything starts;
- the scheduler cannot be reached, or goes away during the run (killed, its machine down):
  :class:`ClusterLost`, one line; the games finished so far are recorded, so the same command
  resumes (Dask's own reconnection tracebacks are silenced while the run lasts);
- a game's worker dies (a bot killed it, the OOM killer) until Dask gives up on the task
  (``KilledWorker``): that game is failed with the reason, and the run goes on;
- every worker is gone: the run says so once after :data:`NO_WORKERS_NOTE` seconds (through
  ``on_note``) and keeps waiting for a worker to come back, as a scheduler with auto-scaling
  or restarted workers would; Ctrl-C stops it, and the same command resumes. It says so again
  when a worker is back."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import importlib
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from arena.tournament.errors import TournamentError
from arena.tournament.games import CancelFlag, GameTask, TaskResult, run_task
from arena.tournament.pool import OnDone, failed
from matcher.atomic import atomic_write_text

CONNECT_TIMEOUT = "10s"
NO_WORKERS_NOTE = 30.0
"""Seconds without any worker before the run says it is waiting for one."""
WORKER_CHECK = 2.0
"""Seconds between two looks at the scheduler's workers."""
_POLL = 0.2
_QUIET = ("distributed", "tornado", "asyncio")
"""Loggers whose tracebacks (a lost scheduler, the reconnection attempts) are not for our users."""


class ClusterLost(TournamentError):
    """The Dask scheduler went away during the run; the finished games are recorded."""


def _distributed() -> ModuleType:
    try:
        return importlib.import_module("distributed")
    except ModuleNotFoundError:
        raise TournamentError("--cluster needs Dask: install the extra with pip install 'snakepit[cluster]'") from None


def check_address(address: str) -> None:
    """Refuse an address Dask cannot use before a client is made (a client that fails in its
    constructor prints an exception from its ``__del__`` at exit, after a 20 s wait)."""
    _distributed()
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        backend: Any = get_backend(scheme)
        with contextlib.suppress(NotImplementedError):  # inproc:// has no host and port
            backend.get_address_host_port(location)
    except ValueError as err:
        raise TournamentError(f"--cluster {address}: not a Dask scheduler address: {err}") from None


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.split(".")[0] in _QUIET]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


class ClusterExecutor:
    """Games on the Dask scheduler at ``address``, twice its worker threads in flight."""

    def __init__(self, address: str, on_note: Callable[[str], None] | None = None) -> None:
        check_address(address)
        self.address = address
        self.on_note = on_note

    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
        distributed = _distributed()
        with _quiet():
            try:
                client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, TimeoutError, ValueError) as err:
                raise TournamentError(f"--cluster {self.address}: cannot reach the Dask scheduler: {err}") from None
            try:
                with client.as_current():  # distributed.wait looks for the current client
                    _Run(self, distributed, client, on_done).play(tasks, cancel)
            finally:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    client.close(timeout=2)


class _Run:
    def __init__(self, executor: ClusterExecutor, distributed: ModuleType, client: Any, on_done: OnDone) -> None:
        self.executor = executor
        self.distributed = distributed
        self.client = client
        self.on_done = on_done
        self.pending: dict[Any, GameTask] = {}
        self.workers_seen = time.monotonic()
        self.next_check = 0.0
        self.waiting_said = False

    def play(self, tasks: Iterator[GameTask], cancel: CancelFlag | None) -> None:
        capacity = max(2, 2 * sum(self._call(self.client.nthreads).values()))

        def submit() -> bool:
            task = next(tasks, None)
            if task is None:
                return False
            remote = dataclasses.replace(task, replay=None, capture=task.replay is not None)
            self.pending[self._call(self.client.submit, run_task, remote, pure=False)] = task
            return True

        try:
            while len(self.pending) < capacity and submit():
                pass
            while self.pending:
                if cancel is not None and cancel.is_set():
                    return
                done = self._call(self._wait)
                if not done:
                    self._watch_workers()
                    continue
                self._worker_back()
                for future in sorted(done, key=lambda f: self.pending[f].index):
                    if not self.on_done(self._result(future, self.pending.pop(future))):
                        return
                    submit()
        finally:
            if self.pending and self.client.status == "running":
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    self.client.cancel(list(self.pending))

    def _wait(self) -> set[Any]:
        try:
            done: set[Any] = self.distributed.wait(list(self.pending), timeout=_POLL, return_when="FIRST_COMPLETED").done
            return done
        except TimeoutError:
            return set()

    def _result(self, future: Any, task: GameTask) -> TaskResult:
        try:
            result: TaskResult = future.result()
        except self.distributed.KilledWorker as err:
            return TaskResult(task, None, error=f"its Dask worker died, every time the scheduler tried it ({err})")
        except (Exception, asyncio.CancelledError) as err:
            if self.client.status != "running":
                raise self._lost(err) from None
            raise failed(task, err) from err
        if result.outcome is not None and task.replay is not None and result.replay_text is not None:
            atomic_write_text(Path(task.replay), result.replay_text)
        return TaskResult(task, result.outcome, error=result.error)

    def _call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Talk to the scheduler; its loss (however Dask says it) is :class:`ClusterLost`."""
        try:
            return function(*args, **kwargs)
        except (Exception, asyncio.CancelledError) as err:
            if self.client.status != "running" or type(err).__name__ in ("FuturesCancelledError", "CommClosedError"):
                raise self._lost(err) from None
            raise

    def _lost(self, err: BaseException) -> ClusterLost:
        reason = " ".join(str(err).split())[:160] or type(err).__name__
        return ClusterLost(f"--cluster {self.executor.address}: the Dask scheduler is gone ({reason})")

    def _worker_back(self) -> None:
        """A worker is there (a game ended, or the scheduler lists one): say so after a wait."""
        if self.waiting_said and self.executor.on_note is not None:
            self.executor.on_note(f"--cluster {self.executor.address}: a Dask worker is back; the games go on")
        self.workers_seen, self.waiting_said = time.monotonic(), False

    def _watch_workers(self) -> None:
        now = time.monotonic()
        if now < self.next_check:
            return
        self.next_check = now + WORKER_CHECK
        workers = len(self._call(self.client.nthreads))
        note = self.executor.on_note
        if workers:
            self._worker_back()
        elif now - self.workers_seen >= NO_WORKERS_NOTE and not self.waiting_said:
            self.waiting_said = True
            if note is not None:
                note(f"--cluster {self.executor.address}: no Dask worker for {NO_WORKERS_NOTE:.0f} s; waiting for "
                     "one (Ctrl-C stops, and the same command resumes)")
