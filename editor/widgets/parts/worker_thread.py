"""Long work (a tournament, an improve search) in a thread of its own, its results back to the GUI
thread as signals: what every such worker shares.

A subclass starts its work with :meth:`WorkerThread._launch`; the work's return value arrives
with ``finished`` (also after a cancel or stop), or, when it raised, ``failed`` carries
:meth:`WorkerThread._describe`'s one line first and ``finished`` carries None. Signals emitted
from the thread are queued to the GUI thread. While the thread runs, Python's cycle collector
runs on the GUI thread (:class:`editor.gui_collector.GuiThreadCollector`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor.gui_collector import GuiThreadCollector


def one_line(error: BaseException) -> str:
    """An error's message on one line (a library's may span several)."""
    return " ".join(str(error).split())


class WorkerThread(QObject):
    """One piece of work at a time, in a daemon thread named ``name``."""

    finished = Signal(object)
    """The work's result, or None after ``failed``."""
    failed = Signal(str)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: threading.Thread | None = None

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the thread; True when it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.is_running()

    # --- for subclasses ----------------------------------------------------------------------

    def _launch(self, work: Callable[[], object]) -> None:
        """Run ``work`` in a new thread (one at a time)."""
        if self.is_running():
            raise RuntimeError(f"{self._name} is already running")
        self._thread = threading.Thread(target=self._guarded, args=(work,), name=f"snakepit-{self._name}", daemon=True)
        GuiThreadCollector.watch(self._thread)  # before it runs: it allocates from its first line
        self._thread.start()

    def _describe(self, error: Exception) -> str:
        """``error`` as the one line ``failed`` says (subclasses word their own errors)."""
        return f"The {self._name} stopped: {type(error).__name__}: {one_line(error)}"

    def _gone(self) -> None:
        """The receiver of the signals is gone (the app is closing): end the work early."""

    def _emit(self, signal: Any, *values: object) -> None:
        try:
            signal.emit(*values)
        except RuntimeError:  # the receiver is gone while the thread runs on (the app is closing)
            self._gone()

    # --- details -----------------------------------------------------------------------------

    def _guarded(self, work: Callable[[], object]) -> None:
        result: object = None
        try:
            result = work()
        except Exception as error:  # noqa: BLE001  (a bug must not end the thread unsaid)
            self._emit(self.failed, self._describe(error))
        finally:
            self._emit(self.finished, result)
