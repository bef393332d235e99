"""What a worker process finds loaded when it starts, for the tests of
:mod:`arena.tournament.workers` (module-level, so the worker finds it by name; it imports nothing
of the app, so that what it sees was loaded by the fork server, not by unpickling it)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from multiprocessing.connection import Connection


def loaded(modules: Sequence[str], conn: Connection) -> None:
    """Send back those of ``modules`` this process has imported already."""
    conn.send([name for name in modules if name in sys.modules])
    conn.close()
