"""``--cluster ADDRESS``: a tournament's games on a Dask distributed scheduler (the optional
``snakepit[cluster]`` extra, imported only here and only when asked for).

The workers need snakepit installed. Snake programs travel inside the task; bot command lines
must exist on the workers. Replays come back as text and are written here, so the workers need
no access to ``--out``. Dask cannot interrupt a running task: on a stop, queued games are
cancelled and running ones finish on their worker and are dropped."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from arena.tournament.errors import TournamentError
from arena.tournament.games import CancelFlag, GameTask, TaskResult, run_task
from arena.tournament.pool import OnDone, failed
from matcher.atomic import atomic_write_text

CONNECT_TIMEOUT = "10s"
_POLL = 0.2


def _distributed() -> ModuleType:
    try:
        return importlib.import_module("distributed")
    except ModuleNotFoundError:
        raise TournamentError("--cluster needs Dask: install the extra with pip install 'snakepit[cluster]'") from None


class ClusterExecutor:
    """Games on the Dask scheduler at ``address``, twice its worker threads in flight."""

    def __init__(self, address: str) -> None:
        self.address = address

    def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
        distributed = _distributed()
        try:
            client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise TournamentError(f"--cluster {self.address}: cannot reach the Dask scheduler: {err}") from None
        with client, client.as_current():  # distributed.wait looks for the current client
            self._run(distributed, client, tasks, on_done, cancel)

    def _run(self, distributed: ModuleType, client: Any, tasks: Iterator[GameTask], on_done: OnDone,
             cancel: CancelFlag | None) -> None:
        capacity = max(2, 2 * sum(client.nthreads().values()))
        pending: dict[Any, GameTask] = {}

        def submit() -> bool:
            task = next(tasks, None)
            if task is None:
                return False
            remote = dataclasses.replace(task, replay=None, capture=task.replay is not None)
            pending[client.submit(run_task, remote, pure=False)] = task
            return True

        try:
            while len(pending) < capacity and submit():
                pass
            while pending:
                if cancel is not None and cancel.is_set():
                    return
                try:
                    done = distributed.wait(list(pending), timeout=_POLL, return_when="FIRST_COMPLETED").done
                except TimeoutError:
                    continue
                for future in sorted(done, key=lambda f: pending[f].index):
                    task = pending.pop(future)
                    try:
                        result: TaskResult = future.result()
                    except Exception as err:
                        raise failed(task, err) from err
                    if result.outcome is None:
                        continue
                    if task.replay is not None and result.replay_text is not None:
                        atomic_write_text(Path(task.replay), result.replay_text)
                    if not on_done(TaskResult(task, result.outcome)):
                        return
                    submit()
        finally:
            if pending:
                client.cancel(list(pending))
