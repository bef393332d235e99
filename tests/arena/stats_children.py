"""For the tests of card statistics counted in a child process (:mod:`arena.stats_process`):
counting functions that fail their own way (module-level: the child finds them by name, and this
module imports no Qt), a replay the child blocks on until the test ends, and the test process's
descendants."""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from arena.stats_count import CountedStats
from tests.bots.survivors import tree

MISSING = "/nowhere/replay.jsonl"
UNBLOCK_AFTER = 30.0
"""Seconds after which a stuck replay lets its reader go: a failing test ends, it does not hang."""


def fail_missing(files: Sequence[Path], step: Callable[[int, int], None]) -> CountedStats:
    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), MISSING)


def fail_value(files: Sequence[Path], step: Callable[[int, int], None]) -> CountedStats:
    raise ValueError(f"{MISSING}:3: not a snake battle")


class Unpicklable(Exception):
    def __init__(self, what: str, why: str) -> None:  # two arguments: pickle cannot rebuild it from its args
        super().__init__(f"{what}: {why}")


def fail_unpicklable(files: Sequence[Path], step: Callable[[int, int], None]) -> CountedStats:
    raise Unpicklable("card 3", "no such card")


@contextlib.contextmanager
def stuck_replay(folder: Path) -> Iterator[Path]:
    """A replay file that is a FIFO nobody writes: whoever reads it waits there (until
    :data:`UNBLOCK_AFTER` seconds, then it reads an empty file)."""
    path = folder / "stuck.jsonl"
    os.mkfifo(path)
    watchdog = threading.Timer(UNBLOCK_AFTER, _unblock, (path,))
    watchdog.start()
    try:
        yield path
    finally:
        watchdog.cancel()
        watchdog.join()


def _unblock(path: Path) -> None:
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # fails (ENXIO) when nobody reads it
    except OSError:
        pass


def descendants() -> set[tuple[int, int]]:
    """Every process under this one (zombies too), as ``(pid, start time)``."""
    return tree(os.getpid())


def pids(processes: set[tuple[int, int]]) -> set[int]:
    return {pid for pid, _started in processes}
