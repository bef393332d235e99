"""SIGTERM handled like Ctrl-C by the commands that run worker processes (``tournament``,
``duel``, ``improve``): their ``KeyboardInterrupt`` paths keep what is finished and end the
workers. Python's default SIGTERM ends the process at once, which left ``improve``'s workers and
fork server running forever and wrote no program."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be; the command's exit status is 128 + 15."""


@contextmanager
def sigterm_like_ctrl_c() -> Iterator[None]:
    """Within this block (in the main thread), SIGTERM raises :class:`Terminated`."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def stopped_status(stop: KeyboardInterrupt) -> int:
    """The exit status of a command stopped by ``stop``: 143 for SIGTERM, 130 for Ctrl-C."""
    terminated = isinstance(stop, Terminated) or isinstance(stop.__context__, Terminated)
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
