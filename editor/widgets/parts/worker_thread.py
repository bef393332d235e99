"""Long work (a tournament, an improve search, a folder read back, card statistics counted over
many replays) in a thread of its own, its results back to the GUI thread as signals: what every
such worker shares. The GUI thread only ever receives finished values, so it never waits.

A subclass starts its work with :meth:`WorkerThread._launch`, which hands the work a
:class:`JobControl` (a cancel event to poll, ``step(done, total)`` to report progress and stop
there once cancelled). The work's return value arrives with ``finished`` (also after a cancel or
stop that the work returned from); when it raised :class:`JobCancelled`, ``cancelled`` comes first
and ``finished`` carries None; when it raised anything else, ``failed`` carries
:meth:`WorkerThread._describe`'s one line first and ``finished`` carries None. Signals emitted
from the thread are queued to the GUI thread. While the thread runs, Python's cycle collector
runs on the GUI thread (:class:`editor.gui_collector.GuiThreadCollector`).

:class:`FunctionJob` is the worker for one plain function with progress (no signals of its own
beyond ``progressed``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor.gui_collector import GuiThreadCollector


def one_line(error: BaseException) -> str:
    """An error's message on one line (a library's may span several)."""
    return " ".join(str(error).split())


class JobCancelled(Exception):
    """Raised by :meth:`JobControl.step` once the work was cancelled: the work stops there."""


class JobControl:
    """What the work gets: ``event`` is set once :meth:`WorkerThread.cancel` was called (for work
    that polls a ``threading.Event`` itself); ``step(done, total)`` reports progress and stops the
    work (raising :class:`JobCancelled`) once cancelled."""

    def __init__(self, event: threading.Event, report: Callable[[int, int], None]) -> None:
        self.event = event
        self._report = report

    def cancelled(self) -> bool:
        return self.event.is_set()

    def step(self, done: int, total: int) -> None:
        if self.event.is_set():
            raise JobCancelled
        self._report(done, total)


class WorkerThread(QObject):
    """One piece of work at a time, in a daemon thread named ``snakepit-<name>``."""

    finished = Signal(object)
    """The work's result, or None after ``failed`` or ``cancelled``."""
    failed = Signal(str)
    cancelled = Signal()
    """The work stopped at a :meth:`JobControl.step` after :meth:`cancel`."""

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the thread; True when it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.is_running()

    def cancel(self) -> None:
        """Ask the work under way to stop (it sees its :class:`JobControl`'s event set)."""
        self._cancel.set()

    # --- for subclasses ----------------------------------------------------------------------

    def _launch(self, work: Callable[[JobControl], object]) -> None:
        """Run ``work`` in a new thread (one at a time), with a fresh :class:`JobControl`."""
        if self.is_running():
            raise RuntimeError(f"{self._name} is already running")
        self._cancel = threading.Event()
        control = JobControl(self._cancel, self._report)
        self._thread = threading.Thread(target=self._guarded, args=(work, control), name=f"snakepit-{self._name}",
                                        daemon=True)
        GuiThreadCollector.watch(self._thread)  # before it runs: it allocates from its first line
        self._thread.start()

    def _describe(self, error: Exception) -> str:
        """``error`` as the one line ``failed`` says (subclasses word their own errors)."""
        return f"The {self._name} stopped: {type(error).__name__}: {one_line(error)}"

    def _report(self, done: int, total: int) -> None:
        """What :meth:`JobControl.step` reports, from the thread (subclasses emit a signal)."""

    def _gone(self) -> None:
        """The receiver of the signals is gone (the app is closing): end the work early."""
        self._cancel.set()

    def _emit(self, signal: Any, *values: object) -> None:
        try:
            signal.emit(*values)
        except RuntimeError:  # the receiver is gone while the thread runs on (the app is closing)
            self._gone()

    # --- details -----------------------------------------------------------------------------

    def _guarded(self, work: Callable[[JobControl], object], control: JobControl) -> None:
        result: object = None
        try:
            result = work(control)
        except JobCancelled:
            self._emit(self.cancelled)
        except Exception as error:  # noqa: BLE001  (a bug must not end the thread unsaid)
            self._emit(self.failed, self._describe(error))
        finally:
            self._emit(self.finished, result)


class FunctionJob(WorkerThread):
    """Runs one function at a time, given a :class:`JobControl`: ``progressed`` while it steps,
    then ``finished`` with its result. An ``expected`` error fails in its own words (an
    OSError as its file and reason); any other as "The ``name`` stopped: …"."""

    progressed = Signal(int, int)

    def __init__(self, name: str, expected: tuple[type[Exception], ...] = (ValueError, OSError),
                 parent: QObject | None = None) -> None:
        super().__init__(name, parent)
        self.expected = expected

    def start(self, work: Callable[[JobControl], object]) -> None:
        self._launch(work)

    def _report(self, done: int, total: int) -> None:
        self._emit(self.progressed, done, total)

    def _describe(self, error: Exception) -> str:
        if isinstance(error, self.expected):
            return plain_error(error)
        return super()._describe(error)


def plain_error(error: BaseException) -> str:
    """An expected error as the user reads it: an OSError by its file and reason, any other by its
    message on one line."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return one_line(error)
