"""Where the search's battles are played: in this process, in a local process pool (``--jobs``) or
on a Dask cluster (``--cluster``), always many at once on the many-battle engine
(:func:`arena.snake_batch.play_battles`).

The unit of work is a :class:`BattleChunk`: the programs as text (so a worker needs no files,
and a cluster worker only snakepit) and the battles as plain tuples. A worker plays the chunk
and returns every battle's ranks. Pool workers come from a fork server (spawn where there is
none), never from forking this process, which may be a GUI's; they ignore SIGINT, so Ctrl-C is
this process's to handle."""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import functools
import os
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from arena.snake_batch import play_battles
from arena.program_battle import BattleSettings
from arena.tournament.errors import TournamentError
from arena.tournament.pool import check_jobs
from arena.tournament.workers import worker_context
from matcher import Program, loads_program

Ranks = tuple[int, ...]


@dataclass(frozen=True)
class BattleChunk:
    """Battles to play together: ``programs`` as program-file text; each battle as (the program
    index of every seat, seed, width, height, length, max_steps)."""

    programs: tuple[str, ...]
    battles: tuple[tuple[tuple[int, ...], int, int, int, int, int], ...]


@functools.lru_cache(maxsize=64)
def _program(text: str) -> Program:
    return loads_program(text)


def play_chunk(chunk: BattleChunk) -> list[Ranks]:
    """Play a chunk (in whichever process runs it); every battle's ranks, in order."""
    programs = [_program(text) for text in chunk.programs]
    battles = [([programs[i] for i in seats], BattleSettings(seed, width, height, length, steps))
               for seats, seed, width, height, length, steps in chunk.battles]
    return [tuple(result.ranks) for result in play_battles(battles)]


class Runner(Protocol):
    """Plays chunks; :meth:`run` returns their results in the order given."""

    jobs: int

    def run(self, chunks: Sequence[BattleChunk]) -> list[list[Ranks]]: ...

    def close(self) -> None: ...


class InlineRunner:
    """Every chunk in this process, one after another."""

    jobs = 1

    def run(self, chunks: Sequence[BattleChunk]) -> list[list[Ranks]]:
        return [play_chunk(chunk) for chunk in chunks]

    def close(self) -> None:
        pass


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class PoolRunner:
    """``jobs`` worker processes, started once and kept until :meth:`close`."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=worker_context(__name__),
                                                         initializer=_ignore_sigint)

    def run(self, chunks: Sequence[BattleChunk]) -> list[list[Ranks]]:
        futures = [self._pool.submit(play_chunk, chunk) for chunk in chunks]
        try:
            return [future.result() for future in futures]
        except concurrent.futures.process.BrokenProcessPool as err:
            raise TournamentError(f"a worker process died ({err}); the search stops here") from None
        except BaseException:
            for future in futures:
                future.cancel()
            raise

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskRunner:
    """Chunks on the Dask scheduler at ``address`` (the optional ``snakepit[cluster]`` extra)."""

    def __init__(self, address: str) -> None:
        from arena.tournament.cluster import CONNECT_TIMEOUT, _distributed

        distributed = _distributed()
        try:
            self._client: Any = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise TournamentError(f"--cluster {address}: cannot reach the Dask scheduler: {err}") from None
        self.jobs = max(1, sum(self._client.nthreads().values()))

    def run(self, chunks: Sequence[BattleChunk]) -> list[list[Ranks]]:
        futures = [self._client.submit(play_chunk, chunk, pure=False) for chunk in chunks]
        try:
            return list(self._client.gather(futures))
        except BaseException:
            self._client.cancel(futures)
            raise

    def close(self) -> None:
        self._client.close()


def make_runner(jobs: int | None = None, cluster: str | None = None) -> Runner:
    """The runner for ``--jobs``/``--cluster``: this process for 1 job, else a pool (default:
    one job per core)."""
    if cluster is not None:
        return DaskRunner(cluster)
    count = check_jobs(jobs)
    return InlineRunner() if count == 1 else PoolRunner(count)
