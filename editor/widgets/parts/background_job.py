"""Long reading and counting off the GUI thread: one function run in a worker thread, with
progress, cancel and its result (or its error, in words) back on the GUI thread as signals.

Used where a folder can be large: a tournament folder read back, card statistics counted over
many replays. The GUI thread only ever receives finished values, so it never waits."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor.gui_collector import GuiThreadCollector


class JobCancelled(Exception):
    """Raised by :meth:`JobControl.step` once the job was cancelled: the work stops there."""


class JobControl:
    """What the work function gets: ``step(done, total)`` reports progress and stops the work
    (raising :class:`JobCancelled`) once Cancel was pressed."""

    def __init__(self, job: BackgroundJob, cancel: threading.Event) -> None:
        self._job = job
        self.event = cancel
        """Set once Cancel was pressed: for work that polls a ``threading.Event`` itself."""

    def cancelled(self) -> bool:
        return self.event.is_set()

    def step(self, done: int, total: int) -> None:
        if self.event.is_set():
            raise JobCancelled
        self._job.emit_safely(self._job.progressed, done, total)


class BackgroundJob(QObject):
    """Runs one function at a time in a thread. Signals arrive on the GUI thread: ``progressed``
    while it runs, then exactly one of ``succeeded`` (its result, also when it returned after
    a cancel), ``failed`` (one line: the message of an ``expected`` error; for any other, "``what``
    stopped:" with its type and message) or ``cancelled`` (it raised :class:`JobCancelled`);
    ``ended`` follows each."""

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    ended = Signal()

    def __init__(self, expected: tuple[type[BaseException], ...] = (ValueError, OSError), what: str = "The work",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.expected = expected
        self.what = what
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, work: Callable[[JobControl], object], name: str = "snakepit-job") -> None:
        if self.is_running():
            raise RuntimeError("a job is already running")
        self._cancel = cancel = threading.Event()
        self._thread = threading.Thread(target=self._work, args=(work, JobControl(self, cancel)), name=name, daemon=True)
        GuiThreadCollector.watch(self._thread)  # before it runs: it allocates from its first line
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float) -> bool:
        """Wait for the thread (tests, closing); True when it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.is_running()

    def _work(self, work: Callable[[JobControl], object], control: JobControl) -> None:
        try:
            result = work(control)
        except JobCancelled:
            self.emit_safely(self.cancelled)
        except self.expected as err:
            self.emit_safely(self.failed, _words(err))
        except Exception as err:  # noqa: BLE001  (a bug must not end the thread unsaid)
            self.emit_safely(self.failed, f"{self.what} stopped: {type(err).__name__}: {err}")
        else:
            self.emit_safely(self.succeeded, result)
        self.emit_safely(self.ended)

    def emit_safely(self, signal: Any, *values: object) -> None:
        """Emit from the worker thread (delivered on the GUI thread)."""
        try:
            signal.emit(*values)
        except RuntimeError:  # the receiver is gone while the thread runs on (the app is closing)
            self._cancel.set()


def _words(err: BaseException) -> str:
    """An expected error as the user reads it (an OSError by its file and reason)."""
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    return str(err)
