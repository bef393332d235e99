"""The improve search off the GUI thread: one search at a time in a worker thread, its battles in
this process, a local process pool or on a Dask cluster (:func:`arena.improve.make_runner`), its
progress and the best program so far back to the GUI thread as signals.

The runner and the :class:`~arena.improve.Search` are made in the worker (a Dask client may take
seconds to connect; the program's own tests run when the search is made), so Start returns at
once. Pause, Resume and Stop may come before the search exists: they are kept and applied to it
as soon as it does. When the budget is spent (not after Stop) and a change was kept, the start and
the best program are scored on fresh seeds, as ``snakepit improve`` does at its end."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from arena.cli_improve import REPORT_PAIRS
from arena.improve import Best, Field, Progress, Search, SearchSettings, fresh_report, make_runner
from arena.tournament import TournamentError
from editor.gui_collector import GuiThreadCollector
from matcher import Program, ProgramError

Clock = Callable[[], float]


@dataclass(frozen=True)
class ImproveJob:
    """One search as the form sets it up: the program (as it was at Start), the battles, the
    search's knobs, where to play (``jobs`` here, or the Dask scheduler at ``cluster``) and how
    many pairs of battles per opponent the check on fresh seeds plays (0: none)."""

    program: Program
    field: Field
    settings: SearchSettings
    jobs: int = 1
    cluster: str | None = None
    report_pairs: int = REPORT_PAIRS

    def check_battles(self) -> int:
        """Battles of the check on fresh seeds: both programs, every opponent, seats swapped."""
        return 2 * len(self.field.opponents) * self.report_pairs * 2


class _Control:
    """Pause and stop for a search that may not exist yet (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.search: Search | None = None
        self.paused = False
        self.stopped = threading.Event()

    def attach(self, search: Search) -> None:
        with self.lock:
            self.search = search
            if self.paused:
                search.pause()
            if self.stopped.is_set():
                search.stop()

    def pause(self, paused: bool) -> None:
        with self.lock:
            self.paused = paused
            if self.search is not None:
                (self.search.pause if paused else self.search.resume)()

    def stop(self) -> None:
        with self.lock:
            self.stopped.set()
            if self.search is not None:
                self.search.stop()


class ImproveWorker(QObject):
    """Runs one search at a time in a thread. Signals arrive in the GUI thread: ``progressed``
    after every generation, ``checking`` and ``reported`` around the check on fresh seeds, then
    ``finished`` with the best program (also after Stop), or ``failed`` with one line and then
    ``finished`` with None. ``clock`` is the search's (tests inject one that counts generations)."""

    progressed = Signal(object, object)
    """:class:`~arena.improve.Progress` and the :class:`~arena.improve.Best` after it."""
    checking = Signal(int)
    """The check on fresh seeds starts: its number of battles."""
    reported = Signal(object)
    """:class:`~arena.improve.ImproveReport`."""
    finished = Signal(object)
    """:class:`~arena.improve.Best`, or None after ``failed``."""
    failed = Signal(str)

    def __init__(self, clock: Clock = time.monotonic, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.clock = clock
        self._thread: threading.Thread | None = None
        self._control = _Control()

    # --- control, from the GUI thread -------------------------------------------------------------

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, job: ImproveJob) -> None:
        if self.is_running():
            raise RuntimeError("a search is already running")
        self._control = control = _Control()
        self._thread = threading.Thread(target=self._work, args=(job, control), name="snakepit-improve", daemon=True)
        GuiThreadCollector.watch(self._thread)  # before it runs: it allocates from its first line
        self._thread.start()

    def pause(self) -> None:
        """Pause between generations (the one under way finishes; paused time is not budget)."""
        self._control.pause(True)

    def resume(self) -> None:
        self._control.pause(False)

    @property
    def paused(self) -> bool:
        return self._control.paused

    def stop(self) -> None:
        """End the search after the generation under way; ``finished`` follows with the best."""
        self._control.stop()

    @property
    def stopping(self) -> bool:
        return self._control.stopped.is_set()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the thread; True when it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.is_running()

    # --- the thread ------------------------------------------------------------------------------

    def _work(self, job: ImproveJob, control: _Control) -> None:
        best: Best | None = None
        try:
            best = self._search(job, control)
        except (TournamentError, ProgramError, ValueError) as err:
            self._emit(self.failed, str(err)[:1].upper() + str(err)[1:])
        except OSError as err:
            self._emit(self.failed, f"The search stopped: {err.strerror or err}")
        except Exception as err:  # noqa: BLE001  (a bug must not end the thread unsaid)
            self._emit(self.failed, f"The search stopped: {type(err).__name__}: {err}")
        finally:
            self._emit(self.finished, best)

    def _search(self, job: ImproveJob, control: _Control) -> Best:
        runner = make_runner(job.jobs, job.cluster)
        try:
            search = Search(job.program, job.field, runner, job.settings, clock=self.clock,
                            on_progress=lambda progress: self._emit(self.progressed, progress, search.best()))
            control.attach(search)
            rate_reserve = job.check_battles()
            best = search.run(reserve=lambda rate: rate_reserve / rate if rate else 0.0)
            if job.report_pairs and best.changes and not control.stopped.is_set():
                self._emit(self.checking, job.check_battles())
                self._emit(self.reported, fresh_report(job.program, best.program, job.field, runner, job.report_pairs))
            return best
        finally:
            runner.close()

    def _emit(self, signal: Any, *values: object) -> None:
        try:
            signal.emit(*values)
        except RuntimeError:  # the dialog is gone while the thread runs on (the app is closing)
            self._control.stop()
