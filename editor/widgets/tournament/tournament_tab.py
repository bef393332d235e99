"""The tournament tab: set a tournament up, play it without blocking the app, watch the standings
and the ratings grow game by game, and open any finished game in the arena.

The games run in a worker thread through :func:`arena.tournament.run_tournament` (a process pool
for more than one job); each finished game comes back as a signal, so the table, the rating plot
and the game list fill while the tournament plays. Cancel stops every running game at once and
keeps the finished ones; Start with the same settings (and folder) plays the rest. Standings are
always recomputed from the finished games in schedule order, so the tab shows exactly what
``snakepit tournament`` prints for the same spec."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from arena.tournament import (
    GameRecord,
    Progress,
    Standings,
    TournamentError,
    TournamentRun,
    TournamentSpec,
    clock,
    compute_standings,
    read_tournament,
    run_tournament,
)
from arena.tournament.pool import STOP_GRACE
from arena.tournament.store import TournamentStore
from editor.widgets.parts.form_widgets import error_line, form_beside, heading
from editor.widgets.parts.standalone import application, run_alone
from editor.widgets.parts.worker_thread import WorkerThread
from editor.widgets.tournament.tournament_setup import TournamentSetup, plain_words
from editor.widgets.tournament.tournament_views import VALUE_ROLE, GameList, RatingPlot, ResultsTable
from matcher import ProgramError

REFRESH_MS = 150
"""The table and plot are recomputed at most this often while games pour in."""


# --- the worker -------------------------------------------------------------------------------------


class TournamentWorker(WorkerThread):
    """Runs one tournament at a time in a thread. Signals arrive in the GUI thread: ``progressed``
    per finished game, then ``finished`` with the run (:class:`TournamentRun`; also after a
    cancel), or ``failed`` with one line and then ``finished`` with None."""

    progressed = Signal(object)
    """:class:`Progress`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__("tournament", parent)
        self._cancel = threading.Event()

    def start(self, spec: TournamentSpec, out: Path, jobs: int) -> None:
        if self.is_running():
            raise RuntimeError("a tournament is already running")
        self._cancel = cancel = threading.Event()
        self._launch(lambda: run_tournament(spec, out, jobs=jobs, on_progress=lambda p: self._emit(self.progressed, p),
                                            cancel=cancel))

    def cancel(self) -> None:
        """Stop every running game; the finished ones are kept and ``finished`` follows."""
        self._cancel.set()

    def _describe(self, error: Exception) -> str:
        if isinstance(error, (TournamentError, ProgramError)):
            return plain_words(str(error))
        if isinstance(error, OSError):
            where = f"{error.filename}: " if error.filename else ""
            return f"{where}{error.strerror or error}"
        return super()._describe(error)

    def _gone(self) -> None:
        self._cancel.set()


# --- the tab ----------------------------------------------------------------------------------------


class TournamentTab(QWidget):
    """Setup on the left; progress, standings, the rating plot and the games on the right.

    ``data_dir`` (default: the app's data folder) is where fresh output folders go."""

    openReplay = Signal(str)
    """A finished game's replay file, to watch in the arena pane."""
    message = Signal(str)
    """A one-line note for a host's status bar."""
    runFinished = Signal(object)
    """The run that just ended (:class:`TournamentRun`), completed or cancelled."""

    def __init__(self, parent: QWidget | None = None, *, data_dir: Path | None = None) -> None:
        super().__init__(parent)
        if data_dir is None:
            data_dir = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
        self.worker = TournamentWorker(self)
        self.worker.progressed.connect(self._progressed)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.spec: TournamentSpec | None = None
        self.out: Path | None = None
        self.run: TournamentRun | None = None
        self._records: dict[int, GameRecord] = {}
        self._standings = compute_standings([], [])
        self._total = 0
        self._cancelling = False
        self._elapsed = 0.0
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self._refresh_results)
        self.setup = TournamentSetup(data_dir)
        self._build()
        self._show_results()
        self._show_idle("Choose the game and the entrants on the left, then <b>Start tournament</b>.")

    # --- our API -----------------------------------------------------------------------------

    def set_editor_program(self, path: Path | str | None, text: str | None) -> None:
        """The program open in the editor (path None: not saved yet): what an "editor's program"
        entrant plays, as it is at the next Start."""
        self.setup.set_editor_program(Path(path) if path is not None else None, text)

    def is_running(self) -> bool:
        return self.worker.is_running()

    def start(self) -> bool:
        """Start the tournament the form describes; False (and why, in the tab) when it cannot."""
        if self.worker.is_running():
            return False
        try:
            spec, out = self.setup.build()
            earlier = read_tournament(spec, out)
        except TournamentError as err:
            self._show_error(str(err))
            return False
        except OSError as err:
            self._show_error(f"{err.filename or 'Output folder'}: {err.strerror or err}")
            return False
        self._show_error("")
        self.spec, self.out, self.run = spec, out, None
        self._records = dict(earlier.records)
        self._total = earlier.total
        self.games.clear_games()
        for record in self._records.values():
            self.games.add_game(record)
        self._refresh_results()
        self.progress_bar.setFormat("%v / %m games")
        self.progress_bar.setRange(0, self._total)
        self.progress_bar.setValue(len(self._records))
        self.eta_label.setText("")
        self._elapsed = 0.0
        resumed = f"Resuming: {len(self._records)} of {self._total} games were played before. " if self._records else ""
        self._say(f"{resumed}Playing {self._total - len(self._records)} games on {self.setup.jobs()} "
                  f"job{'s' if self.setup.jobs() > 1 else ''}; results go to {out}")
        self._set_running(True)
        self.worker.start(spec, out, self.setup.jobs())
        return True

    def cancel(self) -> None:
        """Stop every running game; the finished games are kept (Start resumes)."""
        if self.worker.is_running():
            self._cancelling = True
            self.worker.cancel()
            self.cancel_button.setEnabled(False)
            self._say("Stopping the running games…")

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the worker (tests, closing); True when it has ended."""
        return self.worker.wait(timeout)

    def shutdown(self) -> None:
        """Cancel and wait for the games to end (the app is closing)."""
        self.cancel()
        self.worker.wait(STOP_GRACE + 5)

    def standings(self) -> Standings:
        return self._standings

    def records(self) -> dict[int, GameRecord]:
        return dict(self._records)

    def replay_path(self, index: int) -> Path | None:
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    def open_game(self, index: int) -> bool:
        """Ask for game ``index``'s replay in the arena (``openReplay``); False when it has none."""
        path = self.replay_path(index)
        if path is None or index not in self._records or not path.is_file():
            self._say(f"Game {index} has no replay file yet.")
            return False
        self.openReplay.emit(str(path))
        return True

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        style = self.style()
        self.start_button = QPushButton(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay), "Start tournament")
        self.start_button.setDefault(True)
        self.start_button.setToolTip("Play every game of the schedule (a folder with finished games resumes)")
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(style.standardIcon(QStyle.StandardPixmap.SP_MediaStop), "Cancel")
        self.cancel_button.setToolTip("Stop all running games; the finished games are kept")
        self.cancel_button.clicked.connect(self.cancel)
        self.error_label = error_line("tournamentError")
        self.setup.entrants.message.connect(self._show_error)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.start_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(10, 10, 10, 10)
        left_layout.setSpacing(8)
        left_layout.addWidget(self.setup, 1)
        left_layout.addWidget(self.error_label)
        left_layout.addLayout(buttons)

        self.progress_bar = QProgressBar()
        self.progress_bar.setFormat("not started")
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.eta_label = QLabel()
        self.eta_label.setMinimumWidth(self.eta_label.fontMetrics().horizontalAdvance("ETA 00:00:00 · 00:00:00") + 8)
        self.eta_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        progress = QHBoxLayout()
        progress.setSpacing(8)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.eta_label)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.results = ResultsTable()
        self.rating_plot = RatingPlot()
        self.rating_plot.setMinimumSize(280, 200)
        self.games = GameList()
        self.games.itemDoubleClicked.connect(lambda item, _column: self.open_game(int(item.data(0, VALUE_ROLE))))
        self.games.itemSelectionChanged.connect(self._update_buttons)
        self.open_button = QPushButton("Open in arena")
        self.open_button.setToolTip("Watch the selected game in the arena pane")
        self.open_button.clicked.connect(self._open_selected)
        games_header = QHBoxLayout()
        games_header.addWidget(heading("Games"))
        games_header.addStretch(1)
        games_header.addWidget(self.open_button)
        games_panel = QWidget()
        games_layout = QVBoxLayout(games_panel)
        games_layout.setContentsMargins(0, 0, 0, 0)
        games_layout.setSpacing(4)
        games_layout.addLayout(games_header)
        games_layout.addWidget(self.games, 1)
        results_panel = QWidget()
        results_layout = QVBoxLayout(results_panel)
        results_layout.setContentsMargins(0, 0, 0, 0)
        results_layout.setSpacing(4)
        results_layout.addWidget(heading("Standings"))
        results_layout.addWidget(self.results, 1)

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(self.rating_plot)
        bottom.addWidget(games_panel)
        bottom.setChildrenCollapsible(False)
        bottom.setSizes([520, 420])
        right_split = QSplitter(Qt.Orientation.Vertical)
        right_split.addWidget(results_panel)
        right_split.addWidget(bottom)
        right_split.setChildrenCollapsible(False)
        right_split.setSizes([220, 420])
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 10, 10, 10)
        right_layout.setSpacing(6)
        right_layout.addLayout(progress)
        right_layout.addWidget(self.status_label)
        right_layout.addWidget(right_split, 1)

        self.splitter = form_beside(left, right)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self._set_running(False)

    # --- reactions ---------------------------------------------------------------------------

    def _progressed(self, progress: Progress) -> None:
        record = progress.record
        self._records[record.index] = record
        self.games.add_game(record)
        self.progress_bar.setRange(0, progress.total)
        self.progress_bar.setValue(progress.done)
        pending = progress.done < progress.total
        eta = f"ETA {clock(progress.eta)} · " if pending and progress.eta is not None else ""
        self._elapsed = progress.elapsed
        self.eta_label.setText(f"{eta}{clock(progress.elapsed)}")
        self.eta_label.setToolTip("Estimated time left (at this run's pace since its first finished game) · "
                                  "time since Start" if eta else "Time since Start (the ETA follows the first games)")
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def _finished(self, run: TournamentRun | None) -> None:
        self._refresh_timer.stop()
        cancelled, self._cancelling = self._cancelling, False
        self._set_running(False)
        if run is None:  # failed: the error says why; the finished games stay in the folder
            self._refresh_results()
            self._say(f"Stopped: {len(self._records)} of {self._total} games finished and kept in {self.out}.")
            return
        self.run = run
        self._records = dict(run.records)
        self._standings = run.standings
        self._show_results()
        self.progress_bar.setRange(0, run.total)
        self.progress_bar.setValue(len(run.records))
        done, total = len(run.records), run.total
        self.eta_label.setText(clock(self._elapsed))  # no ETA once stopped: the run's time
        if run.complete:
            self._say(f"Finished: all {total} games. The results, games and replays are in {run.out}")
            if self.setup.out_is_default():
                self.setup.new_out_folder()  # the next Start is a new tournament
        else:
            verb = "Cancelled" if cancelled else "Stopped"
            self._say(f"{verb}: {done} of {total} games finished and kept in {run.out}. "
                      f"Start again with the same settings to play the other {total - done}.")
        self.runFinished.emit(run)

    def _failed(self, text: str) -> None:
        self._show_error(text)
        self.message.emit(text)

    def _open_selected(self) -> None:
        index = self.games.selected_index()
        if index is not None:
            self.open_game(index)

    # --- details -----------------------------------------------------------------------------

    def _refresh_results(self) -> None:
        names = self.spec.names if self.spec is not None else []
        self._standings = compute_standings(names, self._records.values())
        self._show_results()

    def _show_results(self) -> None:
        names = self.spec.names if self.spec is not None else []
        self.results.show_standings(names, self._standings)
        self.rating_plot.show_standings(names, self._standings)

    def _set_running(self, running: bool) -> None:
        self.setup.set_editable(not running)
        self.start_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.open_button.setEnabled(self.games.selected_index() is not None)

    def _show_idle(self, text: str) -> None:
        self.status_label.setText(text)
        self.eta_label.setText("")

    def _say(self, text: str) -> None:
        self.status_label.setText(text)
        self.message.emit(text)

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))
        self.setup.yield_summary_to(text)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)


# --- on its own -------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.tournament.tournament_tab [GAME]``: the tab with the game's first
    samples as entrants (snake: on a small field), ready to Start."""
    args = list(sys.argv[1:] if argv is None else argv)
    application()  # before the tab, which is a widget
    tab = TournamentTab()
    if args:
        try:
            tab.setup.set_game(args[0])
        except TournamentError as err:
            print(f"tournament_tab: {err}", file=sys.stderr)
            return 2
    for index in range(min(4, tab.setup.entrants.sample_box.count())):
        tab.setup.entrants.add_sample(tab.setup.entrants.sample_box.itemText(index))
    tab.openReplay.connect(lambda path: tab.status_label.setText(f"Would open {path} in the arena"))
    return run_alone(lambda: tab, "Tournament", (1280, 760))


if __name__ == "__main__":
    raise SystemExit(main())
