"""A tournament played in a worker thread through :func:`arena.tournament.run_tournament` (a
process pool for more than one job), everything it says coming back as signals on the GUI
thread: the folder checked (``began``), each game as it starts (``gameStarted``) and ends
(``progressed``), then the run."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from arena.tournament import TournamentError, TournamentRun, TournamentSpec, run_tournament
from editor.widgets.parts.background_job import BackgroundJob, JobControl
from editor.widgets.tournament.tournament_setup import plain_words
from matcher import ProgramError


class TournamentWorker(QObject):
    """Runs one tournament at a time in a thread. Signals arrive in the GUI thread: ``began``
    once the folder is checked, ``gameStarted`` and ``progressed`` (or ``gameFailed``) per game,
    then ``finished``
    with the run (also after a cancel), or ``failed`` with one line and then ``finished`` with
    None."""

    began = Signal(int, int)
    """Games finished before (by earlier runs) and the schedule's length: the first game is next."""
    gameStarted = Signal(object)
    """:class:`arena.tournament.GameStart`: a game handed to a worker."""
    progressed = Signal(object)
    """:class:`arena.tournament.Progress`."""
    gameFailed = Signal(object)
    """:class:`arena.tournament.runner.GameFailure`: a game that could not be played (the run goes on)."""
    finished = Signal(object)
    """:class:`TournamentRun`, or None after ``failed``."""
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job = BackgroundJob((TournamentError, ProgramError, OSError), "The tournament", self)
        self.job.succeeded.connect(self.finished.emit)
        self.job.failed.connect(self._failed)

    def is_running(self) -> bool:
        return self.job.is_running()

    def start(self, spec: TournamentSpec, out: Path, jobs: int) -> None:
        def play(control: JobControl) -> TournamentRun:
            relay = self.job.emit_safely
            return run_tournament(spec, out, jobs=jobs, cancel=control.event,
                                  on_start=lambda done, total: relay(self.began, done, total),
                                  on_game_start=lambda game: relay(self.gameStarted, game),
                                  on_failure=lambda failure: relay(self.gameFailed, failure),
                                  on_progress=lambda progress: relay(self.progressed, progress))

        self.job.start(play, "snakepit-tournament")

    def cancel(self) -> None:
        """Stop every running game; the finished ones are kept and ``finished`` follows."""
        self.job.cancel()

    def wait(self, timeout: float) -> bool:
        return self.job.wait(timeout)

    def _failed(self, text: str) -> None:
        self.failed.emit(plain_words(text))
        self.finished.emit(None)
