"""A tournament played in a worker thread through :func:`arena.tournament.run_tournament` (a
process pool for more than one job), everything it says coming back as signals on the GUI
thread: the folder checked (``began``), each game as it starts (``gameStarted``) and ends
(``progressed``, or ``gameFailed``), then the run."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from arena.tournament import TournamentError, TournamentRun, TournamentSpec, run_tournament
from arena.tournament.running import RunningStandings
from editor.widgets.parts.worker_thread import JobControl, WorkerThread, plain_error
from editor.widgets.tournament.tournament_setup import plain_words
from matcher import ProgramError


class TournamentWorker(WorkerThread):
    """Runs one tournament at a time in a thread. Signals arrive in the GUI thread: ``counted``
    first, ``began`` once the folder is checked, ``gameStarted`` and ``progressed`` (or ``gameFailed``) per game,
    then ``finished`` with the run (:class:`~arena.tournament.TournamentRun`; also after a
    cancel), or ``failed`` with one line and then ``finished`` with None."""

    counted = Signal(object)
    """:class:`~arena.tournament.running.RunningStandings` of the games finished before this run,
    counted here (a long tournament's take the better part of a second to count)."""
    began = Signal(int, int)
    """Games finished before (by earlier runs) and the schedule's length: the first game is next."""
    gameStarted = Signal(object)
    """:class:`arena.tournament.GameStart`: a game handed to a worker."""
    progressed = Signal(object)
    """:class:`arena.tournament.Progress`."""
    gameFailed = Signal(object)
    """:class:`arena.tournament.runner.GameFailure`: a game that could not be played (the run goes on)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__("tournament", parent)

    def start(self, spec: TournamentSpec, out: Path, jobs: int, earlier: TournamentRun | None = None) -> None:
        """Play ``spec`` into ``out`` on ``jobs`` workers, after ``earlier`` (what the folder
        holds already); :meth:`cancel` stops every running game, the finished ones are kept and
        ``finished`` follows."""
        def play(control: JobControl) -> object:
            emit = self._emit
            before = [] if earlier is None else earlier.records.values()
            emit(self.counted, RunningStandings(spec.names, before, [] if earlier is None else earlier.failed))
            return run_tournament(spec, out, jobs=jobs, cancel=control.event,
                                  on_start=lambda done, total: emit(self.began, done, total),
                                  on_game_start=lambda game: emit(self.gameStarted, game),
                                  on_failure=lambda failure: emit(self.gameFailed, failure),
                                  on_progress=lambda progress: emit(self.progressed, progress))

        self._launch(play)

    def _describe(self, error: Exception) -> str:
        if isinstance(error, (TournamentError, ProgramError)):
            return plain_words(str(error))
        if isinstance(error, OSError):
            return plain_error(error)
        return super()._describe(error)
