"""A small pool of unprivileged user ids, one per seat while snakepit runs as root.

As IOI's ``isolate`` does with its box ids: each seat's bot runs as a uid (and gid) of its own
that no file on the machine belongs to, so even a mistake in the sandbox's mount view cannot
expose root-only files, one seat can never signal or ptrace another, and ``RLIMIT_NPROC``
(which counts a uid's processes machine-wide and is not enforced for root) caps the seat.

A uid is leased by holding an exclusive ``flock`` on ``/run/snakepit/uid-N.lock`` for as long as
the seat lives; the kernel drops the lock when the holder dies, however it dies, so leases never
leak and runners side by side (tournament workers) never share a uid.
"""

from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass
from pathlib import Path

FIRST_UID = 62100
"""The pool's first uid (and gid); well above the distributions' system and user ranges and
clear of isolate's 60000 + box id."""
POOL_SIZE = 200
LOCK_FOLDER = Path("/run/snakepit")


class UidPoolError(RuntimeError):
    """Every uid of the pool is leased (more than :data:`POOL_SIZE` seats at once)."""


@dataclass
class UidLease:
    uid: int
    _fd: int

    @property
    def gid(self) -> int:
        return self.uid

    def release(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)  # drops the lock
            self._fd = -1


def lease(folder: Path = LOCK_FOLDER, first: int = FIRST_UID, size: int = POOL_SIZE) -> UidLease:
    """Lease a free uid of the pool (root only)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    start = os.getpid() % size  # runners start at different places: fewer tries when many run
    for step in range(size):
        uid = first + (start + step) % size
        fd = os.open(folder / f"uid-{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return UidLease(uid, fd)
    raise UidPoolError(f"all {size} sandbox user ids ({first}..{first + size - 1}) are in use")
