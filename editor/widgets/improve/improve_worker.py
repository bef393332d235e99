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

from PySide6.QtCore import QObject, Signal

from arena.cli_improve import REPORT_PAIRS
from arena.improve import Best, Field, Search, SearchSettings, fresh_report, make_runner
from arena.tournament import TournamentError
from editor.widgets.parts.worker_thread import WorkerThread, one_line
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


class ImproveWorker(WorkerThread):
    """Runs one search at a time in a thread. Signals arrive in the GUI thread: ``progressed``
    after every generation, ``checking`` and ``reported`` around the check on fresh seeds, then
    ``finished`` with the best program (:class:`~arena.improve.Best`; also after Stop), or
    ``failed`` with one line and then ``finished`` with None. ``clock`` is the search's (tests
    inject one that counts generations)."""

    progressed = Signal(object, object)
    """:class:`~arena.improve.Progress` and the :class:`~arena.improve.Best` after it."""
    checking = Signal(int)
    """The check on fresh seeds starts: its number of battles."""
    reported = Signal(object)
    """:class:`~arena.improve.ImproveReport`."""

    def __init__(self, clock: Clock = time.monotonic, parent: QObject | None = None) -> None:
        super().__init__("search", parent)
        self.clock = clock
        self._control = _Control()

    # --- control, from the GUI thread -------------------------------------------------------------

    def start(self, job: ImproveJob) -> None:
        if self.is_running():
            raise RuntimeError("a search is already running")
        self._control = control = _Control()
        self._launch(lambda _job: self._search(job, control))

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

    def generations_done(self) -> int:
        """Generations the search has finished (its signals may still be on their way)."""
        search = self._control.search
        return search.best().generation if search is not None else 0

    # --- the thread ------------------------------------------------------------------------------

    def _search(self, job: ImproveJob, control: _Control) -> Best:
        runner = make_runner(job.jobs, job.cluster)
        try:
            search = Search(job.program, job.field, runner, job.settings, clock=self.clock,
                            on_progress=lambda progress: self._emit(self.progressed, progress, search.best()))
            control.attach(search)
            check = job.check_battles()
            best = search.run(reserve=lambda rate: check / rate if rate else 0.0)
            if job.report_pairs and best.changes and not control.stopped.is_set():
                self._emit(self.checking, check)
                self._emit(self.reported, fresh_report(job.program, best.program, job.field, runner, job.report_pairs))
            return best
        finally:
            runner.close()

    def _describe(self, error: Exception) -> str:
        if isinstance(error, (TournamentError, ProgramError, ValueError)):
            text = one_line(error).replace("--cluster ", "Cluster ")  # the form's words, not the command line's
            return text[:1].upper() + text[1:]
        if isinstance(error, OSError):
            return f"The search stopped: {error.strerror or one_line(error)}"
        return super()._describe(error)

    def _gone(self) -> None:
        self._control.stop()
