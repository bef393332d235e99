"""Long work (a tournament, an improve search, a folder read back, card statistics counted over
many replays) in a thread of its own, its results back to the GUI thread as signals: what every
such worker shares. The GUI thread only ever receives finished values, so it never waits.

A subclass starts its work with :meth:`WorkerThread._launch`, which hands the work a
:class:`JobControl` (a cancel event to poll, ``step(done, total)`` to report progress and stop
there once cancelled). The work's return value arrives with ``finished`` (also after a cancel or
stop that the work returned from); when it raised :class:`JobCancelled`, ``cancelled`` comes first
and ``finished`` carries None; when it raised anything else, ``failed`` carries
:meth:`WorkerThread._describe`'s one line first and ``finished`` carries None. An error the
worker does not expect (a bug) is said plainly, "The <name> stopped unexpectedly: <message>",
and logged with its traceback (the ``editor`` loggers; with no logging set up, Python prints
it on stderr), so that a bug report can include it. While the thread
runs, Python's cycle collector runs on the GUI thread (:class:`editor.gui_collector.GuiThreadCollector`).

Work is heard one launch at a time. Each launch is a new *generation*: its thread says everything
through one internal signal carrying the generation, queued to the GUI thread, which emits the
public signal only while that generation is still heard. Work under way normally refuses a second
launch (a tournament plays one at a time), but :meth:`FunctionJob.replace` starts new work at once
in place of the old, without waiting: the old work is cancelled and left to end in its own daemon
thread, and nothing it says reaches the receivers any more, not even what was already queued, so a
superseded result never shows once the new work began. :meth:`WorkerThread.abandon` does the same
without new work. :meth:`WorkerThread.is_running` is about the work still heard;
:meth:`WorkerThread.wait` waits for every thread, superseded ones too (closing the app).

:class:`FunctionJob` is the worker for one plain function with progress (no signals of its own
beyond ``progressed``)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor.gui_collector import GuiThreadCollector

LOG = logging.getLogger(__name__)


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
    """One piece of work heard at a time, in a daemon thread named ``snakepit-<name>``."""

    finished = Signal(object)
    """The work's result, or None after ``failed`` or ``cancelled``."""
    failed = Signal(str)
    cancelled = Signal()
    """The work stopped at a :meth:`JobControl.step` after :meth:`cancel`."""
    _said = Signal(int, object, object)
    """From a thread: its generation, the public signal to emit and the values (a tuple)."""

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: threading.Thread | None = None  # the last launch's
        self._threads: list[threading.Thread] = []  # every launch's that may still run
        self._cancel = threading.Event()
        self._generation = 0  # the last launch's
        self._heard_from = 0  # what a generation before this one still says is dropped
        self._local = threading.local()  # in a launch's thread: its ``generation``
        self._said.connect(self._relay)

    def is_running(self) -> bool:
        """The work last launched is under way and still heard (not superseded nor abandoned)."""
        return (self._thread is not None and self._thread.is_alive()
                and self._generation >= self._heard_from)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every thread, superseded ones too; True when all
        have ended."""
        deadline = time.monotonic() + timeout
        for thread in list(self._threads):
            thread.join(max(0.0, deadline - time.monotonic()))
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        return not self._threads

    def cancel(self) -> None:
        """Ask the work under way to stop (it sees its :class:`JobControl`'s event set)."""
        self._cancel.set()

    def abandon(self) -> None:
        """Cancel the work under way and hear nothing more of it (nor of anything still queued
        from work before), without waiting for it to end."""
        self._cancel.set()
        self._heard_from = self._generation + 1

    # --- for subclasses ----------------------------------------------------------------------

    def _launch(self, work: Callable[[JobControl], object], supersede: bool = False) -> None:
        """Run ``work`` in a new thread, with a fresh :class:`JobControl`: one at a time, or,
        with ``supersede``, in place of the work under way (see :meth:`FunctionJob.replace`)."""
        if supersede:
            self.abandon()
        elif self.is_running():
            raise RuntimeError(f"{self._name} is already running")
        self._generation += 1
        self._cancel = threading.Event()
        control = JobControl(self._cancel, self._report)
        self._thread = threading.Thread(target=self._guarded, args=(work, control, self._generation),
                                        name=f"snakepit-{self._name}", daemon=True)
        self._threads = [thread for thread in self._threads if thread.is_alive()] + [self._thread]
        GuiThreadCollector.watch(self._thread)  # before it runs: it allocates from its first line
        self._thread.start()

    def _describe(self, error: Exception) -> str:
        """``error`` as the one line ``failed`` says: here an unexpected one (subclasses word
        the errors they expect, and leave the rest to this), its traceback to the log."""
        LOG.error("The %s stopped unexpectedly", self._name, exc_info=error)
        return f"The {self._name} stopped unexpectedly: {one_line(error) or type(error).__name__}"

    def _report(self, done: int, total: int) -> None:
        """What :meth:`JobControl.step` reports, from the thread (subclasses emit a signal)."""

    def _gone(self) -> None:
        """The receiver of the signals is gone (the app is closing): end the work early."""
        self._cancel.set()

    def _emit(self, signal: Any, *values: object) -> None:
        """Emit ``signal`` (one of ours) with ``values`` from a launch's thread, to be heard on
        the GUI thread only while that launch is. (From a thread the work started itself, as
        the last launch's: a superseding launch's work says everything from its own thread.)"""
        generation: int = getattr(self._local, "generation", self._generation)
        try:
            self._said.emit(generation, signal, values)
        except RuntimeError:  # the receiver is gone while the thread runs on (the app is closing)
            self._gone()

    # --- details -----------------------------------------------------------------------------

    def _relay(self, generation: int, signal: Any, values: tuple[object, ...]) -> None:
        """On the GUI thread: what a launch said, passed on unless it was superseded since."""
        if generation >= self._heard_from:
            signal.emit(*values)

    def _guarded(self, work: Callable[[JobControl], object], control: JobControl, generation: int) -> None:
        self._local.generation = generation
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
    OSError as its file and reason); any other as "The ``name`` stopped unexpectedly: …"."""

    progressed = Signal(int, int)

    def __init__(self, name: str, expected: tuple[type[Exception], ...] = (ValueError, OSError),
                 parent: QObject | None = None) -> None:
        super().__init__(name, parent)
        self.expected = expected

    def start(self, work: Callable[[JobControl], object]) -> None:
        """Run ``work``; a :exc:`RuntimeError` when work is under way."""
        self._launch(work)

    def replace(self, work: Callable[[JobControl], object]) -> None:
        """Run ``work`` now, in place of the work under way (if any), without waiting for it:
        that is cancelled and left to end in the background, and nothing it says from now on
        reaches the receivers, so only ``work``'s signals do."""
        self._launch(work, supersede=True)

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
