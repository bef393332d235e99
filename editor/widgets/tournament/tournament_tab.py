"""The tournament tab: set a tournament up, play it without blocking the app, watch the standings
and the ratings grow game by game, open any finished game in the arena, and open a tournament
folder again (finished or interrupted: Start resumes it).

The games run in a worker thread (:class:`~.tournament_worker.TournamentWorker`; a process pool
for more than one job); what happens comes back as signals, so the games being played, the
table, the rating plot and the game list fill while the tournament plays, and its clock ticks.
Cancel stops every running game at once and keeps the finished ones; Start with the same
settings (and folder) plays the rest. Standings count the finished games in schedule order
(kept up to date game by game, :class:`~arena.tournament.running.RunningStandings`), so the tab
shows exactly what ``snakepit tournament`` prints for the same spec.

Games are numbered from 1 here, as the standings are; the files keep the schedule's 0-based
index (``replays/game-0000.jsonl`` is game 1), see docs/tournaments.md.

The setup, and the tournament last shown, are kept in the app's settings between sessions."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QStyle, QWidget

from arena.tournament import (
    CancelFlag,
    GameRecord,
    GameStart,
    Progress,
    Standings,
    TournamentError,
    TournamentRun,
    TournamentSpec,
    compute_standings,
    open_tournament,
    read_tournament,
)
from arena.tournament.crosstable import HeadToHead
from arena.tournament.games import SNAKE
from arena.tournament.pool import STOP_GRACE
from arena.tournament.runner import GameFailure
from arena.tournament.running import RunningStandings
from arena.tournament.store import TournamentStore
from editor.widgets.parts.boxes import STRETCH, column, row, status_line
from editor.widgets.parts.form_widgets import error_line, form_beside, push_button
from editor.widgets.parts.standalone import application, run_alone
from editor.widgets.stats.card_stats_dialog import CardStatsDialog
from editor.widgets.tournament import tournament_memory as memory
from editor.widgets.tournament.tournament_folder import FolderReader, ended_text, opened_text
from editor.widgets.tournament.tournament_progress import RunProgress
from editor.widgets.tournament.tournament_setup import TournamentSetup
from editor.widgets.tournament.tournament_results import ResultsArea
from editor.widgets.tournament.tournament_worker import TournamentWorker

REFRESH_MS = 150
"""The table is shown again at most this often while games pour in."""


class TournamentTab(QWidget):
    """Setup on the left; progress, standings, the rating plot and the games on the right.

    ``data_dir`` (default: the app's data folder) is where fresh output folders go; ``settings``
    (default: the app's) keeps the setup between sessions; ``clock`` (seconds, default
    ``time.monotonic``) times the run; ``read(folder, cancel)`` reads a tournament folder back, in
    a worker thread, stopping with :class:`~arena.tournament.ReadCancelled` once ``cancel`` is set
    (default: :func:`~arena.tournament.open_tournament`)."""

    openReplay = Signal(str)
    """A finished game's replay file, to watch in the arena pane."""
    message = Signal(str)
    """A one-line note for a host's status bar."""
    runFinished = Signal(object)
    """The run that just ended (:class:`TournamentRun`), completed or cancelled."""
    folderOpened = Signal(object)
    """A tournament folder was read (:class:`TournamentRun`), or could not be (None: the tab
    says why)."""

    def __init__(self, parent: QWidget | None = None, *, data_dir: Path | None = None,
                 settings: QSettings | None = None, clock: Callable[[], float] = time.monotonic,
                 read: Callable[[Path, CancelFlag], TournamentRun] = open_tournament) -> None:
        super().__init__(parent)
        if data_dir is None:
            data_dir = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
        self.settings = settings if settings is not None else QSettings()
        self.worker = TournamentWorker(self)
        self.worker.counted.connect(self._counted)
        self.worker.began.connect(self._began)
        self.worker.gameStarted.connect(self._game_started)
        self.worker.progressed.connect(self._progressed)
        self.worker.gameFailed.connect(self._game_failed)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.reader = FolderReader(read, self)
        self.reader.finished.connect(self._folder_read)
        self.reader.failed.connect(self._folder_unreadable)
        self.spec: TournamentSpec | None = None
        self.out: Path | None = None
        self.run: TournamentRun | None = None
        self.stats_dialog: CardStatsDialog | None = None
        self._records: dict[int, GameRecord] = {}
        self._running: RunningStandings | None = None  # the run's standings, once counted (in the worker)
        self._standings = compute_standings([], [])
        self._meetings = HeadToHead([])  # who beat whom, beside the standings
        self._total = 0
        self._cancelling = False
        self._keys_to_start = False  # Cancel had the keys when pressed: Start gets them when the run ends
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self._refresh_results)
        self.setup = TournamentSetup(data_dir, settings=self.settings)
        self.progress = RunProgress(clock)
        self.progress_bar, self.eta_label = self.progress.bar, self.progress.time_label
        self._build()
        self._show_results()
        self._show_idle("Choose the game and the entrants on the left, then <b>Start tournament</b>, "
                        "or <b>Open…</b> a tournament played before.")
        self._restore()

    # --- our API -----------------------------------------------------------------------------

    def set_editor_program(self, path: Path | str | None, text: str | None) -> None:
        """The program open in the editor (path None: not saved yet): what an "editor's program"
        entrant plays, as it is at the next Start."""
        self.setup.set_editor_program(Path(path) if path is not None else None, text)

    def is_running(self) -> bool:
        return self.worker.is_running()

    def busy_reason(self) -> str | None:
        """Why quitting now would lose work (a host's quit confirmation asks it), or None."""
        if not self.worker.is_running():
            return None
        return f"a tournament is running: {self.progress_bar.value()} of {self._total} games played"

    def start(self) -> bool:
        """Start the tournament the form describes; False (and why, in the tab) when it cannot."""
        if self.worker.is_running():
            return False
        try:
            spec, out = self.setup.build()
            earlier = read_tournament(spec, out, count=False)  # the worker counts them (see _counted)
        except TournamentError as err:
            self._show_error(str(err))
            return False
        except OSError as err:
            self._show_error(f"{err.filename or 'Output folder'}: {err.strerror or err}")
            return False
        self.reader.abandon()  # a folder still being read would show an older state
        self._show_error("")
        self.spec, self.out, self.run = spec, out, None
        self._show_records(earlier)
        self._running = None
        jobs = self.setup.jobs()
        resumed = f"Resuming: {len(self._records)} of {self._total} games were played before. " if self._records else ""
        workers = ("Starting…" if jobs == 1 and spec.game == SNAKE else
                   f"Starting {jobs} worker{'s' if jobs > 1 else ''}…")
        self._say(f"{resumed}{workers} Results go to {out}")
        self.progress.start(len(earlier.records) + len(earlier.failed), self._total, earlier.seconds)
        self._set_running(True)
        self.worker.start(spec, out, jobs, earlier)
        memory.remember_folder(self.settings, out)
        self.remember()
        return True

    def cancel(self) -> None:
        """Stop every running game; the finished games are kept (Start resumes)."""
        if self.worker.is_running():
            self._cancelling = True
            self._keys_to_start = self.cancel_button.hasFocus()  # it is disabled now, Start is at the end
            self.worker.cancel()
            self.cancel_button.setEnabled(False)
            self._say("Stopping the running games…")

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the worker (tests, closing); True when it has ended."""
        return self.worker.wait(timeout) and self.reader.wait(timeout)

    def shutdown(self) -> None:
        """Cancel and wait for the games to end (the app is closing); the setup is kept."""
        self.remember()
        self.cancel()
        self.reader.cancel()
        if self.stats_dialog is not None:
            self.stats_dialog.cancel()
        self.worker.wait(STOP_GRACE + 5)

    def remember(self) -> None:
        """Keep the setup for the next session."""
        memory.remember_setup(self.settings, self.setup)

    def open_folder(self, folder: Path | str) -> bool:
        """Read the tournament in ``folder`` (in a worker thread): its setup into the form, its
        games and standings shown; ``folderOpened`` follows. False when a tournament is running."""
        if self.worker.is_running():
            self._show_error("A tournament is running: cancel it before opening another")
            return False
        self._read_folder(Path(folder), apply=True)
        return True

    def standings(self) -> Standings:
        return self._standings

    def head_to_head(self) -> HeadToHead:
        return self._meetings

    def records(self) -> dict[int, GameRecord]:
        return dict(self._records)

    def replay_path(self, index: int) -> Path | None:
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    def open_game(self, index: int) -> bool:
        """Ask for game ``index``'s replay in the arena (``openReplay``); False when it has none."""
        path = self.replay_path(index)
        if path is None or index not in self._records or not path.is_file():
            self._say(f"Game {index + 1} has no replay file yet.")
            return False
        self.openReplay.emit(str(path))
        return True

    def show_card_stats(self, name: str) -> CardStatsDialog | None:
        """The card statistics of entrant ``name`` over its finished games (a snake tournament
        only), counted in a window of their own; None when there is nothing to count."""
        spec, out = self.spec, self.out
        if spec is None or out is None or spec.game != SNAKE or name not in spec.names:
            return None
        # Entrants playing the same program are counted together (card statistics are the
        # program's), so every game of any of them counts.
        digests = {e.name: e.to_json().get("sha256") for e in spec.entrants}
        same = {other for other, digest in digests.items() if digest == digests[name]}
        store = TournamentStore(out)
        files = [store.replay_path(i) for i, record in sorted(self._records.items()) if same & set(record.seats)]
        if self.stats_dialog is None:
            self.stats_dialog = CardStatsDialog(self)
        dialog = self.stats_dialog
        others = [other for other in spec.names if other in same and other != name]
        together = f" and {', '.join(others)} (the same program)" if others else ""
        dialog.setWindowTitle(f"Card statistics: {name}")
        dialog.count(files, seat=name, title=f"<b>{name}</b>{together} in the tournament in {out}: {len(files)} "
                                             f"finished game{'s' * (len(files) != 1)}")
        dialog.show()
        dialog.raise_()
        return dialog

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        pixmap = QStyle.StandardPixmap
        self.start_button = push_button("Start tournament", "Play every game of the schedule (a folder with finished "
                                        "games resumes)", self.start, pixmap.SP_MediaPlay)
        self.start_button.setDefault(True)
        self.cancel_button = push_button("Cancel", "Stop all running games; the finished games are kept", self.cancel,
                                         pixmap.SP_MediaStop)
        self.open_folder_button = push_button("Open…", "Open a tournament played before (its folder): its setup, "
                                              "standings and games; Start resumes an unfinished one",
                                              self._browse_folder, pixmap.SP_DialogOpenButton)
        self.error_label = error_line("tournamentError")
        self.setup.entrants.message.connect(self._show_error)
        left = QWidget()
        column((self.setup, 1), parent=left, margins=(10, 10, 10, 4))
        actions = QWidget()  # under the scrolled form: always in sight, at any height
        column(self.error_label, row(self.open_folder_button, STRETCH, self.cancel_button, self.start_button),
               parent=actions, spacing=8, margins=(10, 4, 10, 10))

        self.status_label = status_line()
        self.results_area = ResultsArea()
        self.results_area.gameChosen.connect(self.open_game)
        self.results_area.statsChosen.connect(self.show_card_stats)
        area = self.results_area  # its parts, by the names the tab's users and tests know
        self.results, self.stats_button, self.rating_plot = area.results, area.stats_button, area.rating_plot
        self.games, self.open_button = area.games, area.open_button
        self.games_filter, self.all_games_button = area.games_filter, area.all_games_button
        self.head_to_head_panel, self.result_tabs = area.head_to_head_panel, area.result_tabs
        right = QWidget()
        column(self.progress, self.status_label, (self.results_area, 1), parent=right, margins=(4, 10, 10, 10))

        self.splitter = form_beside(left, right, actions)
        column(self.splitter, parent=self)
        self._set_running(False)

    # --- reactions: a run ----------------------------------------------------------------------

    def _counted(self, running: RunningStandings) -> None:
        """The standings of the games played before this run, counted in the worker."""
        self._running = running
        self._standings, self._meetings = running.standings(), running.head_to_head()
        self._show_results()

    def _began(self, done: int, total: int) -> None:
        self.progress.show_count(done, total)

    def _game_started(self, game: GameStart) -> None:
        self.games.start_game(game.index, game.seats)
        self._show_playing()

    def _progressed(self, progress: Progress) -> None:
        record = progress.record
        self._records[record.index] = record
        if self._running is not None:  # always: it comes first
            self._running.add(record)
        self.games.add_game(record)
        self.progress.finished_game(progress)
        self._show_playing()
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def _game_failed(self, failure: GameFailure) -> None:
        if self._running is not None:
            self._running.skip(failure.index)
        self.games.stop_playing(failure.index)
        self.message.emit(f"Game {failure.index + 1} ({', '.join(failure.seats)}) could not be played: {failure.error}")

    def _finished(self, run: TournamentRun | None) -> None:
        self._refresh_timer.stop()
        cancelled, self._cancelling = self._cancelling, False
        self._set_running(False)
        self.games.stop_playing()
        if run is None:  # failed: the error says why; the finished games stay in the folder
            self.progress.stop()
            if self._running is not None:  # else the earlier games' standings stay
                self._standings, self._meetings = self._running.standings(), self._running.head_to_head()
            self._show_results()
            self._say(f"Stopped: {len(self._records)} of {self._total} games finished and kept in {self.out}.")
            return
        self.run = run
        self._records = dict(run.records)
        self._standings, self._meetings = run.standings, run.head_to_head()  # counted in the worker
        self._show_results()
        self.progress.show_count(len(run.records), run.total)
        self.progress.stop(run.seconds)
        self._say(ended_text(run, cancelled))
        if run.complete and self.setup.out_is_default():
            self.setup.new_out_folder()  # the next Start is a new tournament
        self.remember()
        self.runFinished.emit(run)

    def _failed(self, text: str) -> None:
        self._show_error(text)
        self.message.emit(text)

    # --- reactions: a folder -------------------------------------------------------------------

    def _browse_folder(self) -> None:
        start = memory.remembered_folder(self.settings)
        where = str(start.parent) if start is not None else str(self.setup.data_dir / "tournaments")
        path = QFileDialog.getExistingDirectory(self, "Open a tournament folder", where)
        if path:
            self.open_folder(path)

    def _read_folder(self, folder: Path, apply: bool) -> None:
        self._say(f"Reading the tournament in {folder}…", aloud=apply)
        self.reader.read_folder(folder, apply)

    def _folder_read(self, run: object) -> None:
        if not isinstance(run, TournamentRun) or run.out is None:
            return  # failed (``failed`` said why)
        if self.reader.apply:
            memory.show_spec(self.setup, run.spec, run.out)
        self._show_error("")
        self.spec, self.out, self.run = run.spec, run.out, run
        self._show_records(run)
        self.progress.show_still(len(run.records) + len(run.failed), run.total, run.seconds)
        self._say(opened_text(run), aloud=self.reader.apply)
        memory.remember_folder(self.settings, run.out)
        self.remember()
        self.folderOpened.emit(run)

    def _folder_unreadable(self, text: str) -> None:
        self._show_error(f"Not opened: {text}")
        self._say("The tournament could not be opened; nothing was changed.", aloud=self.reader.apply)
        self.folderOpened.emit(None)

    # --- details -----------------------------------------------------------------------------

    def _restore(self) -> None:
        """The setup of the last session, and the tournament it showed last (read in the
        background; a folder gone since is not mentioned)."""
        memory.restore_setup(self.settings, self.setup)
        folder = memory.remembered_folder(self.settings)
        if folder is not None and folder.is_dir():
            self._read_folder(folder, apply=False)

    def _show_records(self, run: TournamentRun) -> None:
        self._records = dict(run.records)
        self._total = run.total
        self.games.clear_games()
        self.results_area.show_all_games()
        for record in self._records.values():
            self.games.add_game(record)
        # Counted where the folder was read (a folder read for Start is counted in the worker
        # next: ``counted``); never here, on the GUI thread.
        self._standings = run.standings
        self._meetings = run.counted_head_to_head or HeadToHead(run.spec.names)
        self._show_results()

    def _show_playing(self) -> None:
        playing = self.games.playing()
        if not playing:
            return
        numbers = [str(index + 1) for index in playing]
        games = f"game {numbers[0]}" if len(numbers) == 1 else f"games {', '.join(numbers[:-1])} and {numbers[-1]}"
        self.status_label.setText(f"Playing {games} · {len(self._records)} of {self._total} finished · "
                                  f"results go to {self.out}")

    def _refresh_results(self) -> None:
        """The standings of the games finished so far, while a tournament plays (the plot at
        most every :data:`~.tournament_results.PLOT_MS`)."""
        if self._running is not None:
            self._standings, self._meetings = self._running.standings(), self._running.head_to_head()
        self._show_results(throttle=True)

    def _show_results(self, throttle: bool = False) -> None:
        spec = self.spec
        self.results_area.show_results(spec.names if spec is not None else [], spec.seats if spec is not None else 2,
                                       spec is None or spec.game == SNAKE, self._standings, self._meetings,
                                       throttle=throttle)

    def _set_running(self, running: bool) -> None:
        # The keys were on what is disabled now (Start, the setup, Cancel): they go to the button
        # that undoes it, Cancel or Start (Qt passed them on to the next stop in the chain: the
        # results' tab bar, past Cancel, for a Start pressed from the keyboard).
        focused = QApplication.focusWidget()
        moved = self._keys_to_start or focused is not None and (
            focused in (self.start_button, self.cancel_button, self.open_folder_button) or self.setup.isAncestorOf(focused))
        self._keys_to_start = False
        self.setup.set_editable(not running)
        self.start_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.open_folder_button.setEnabled(not running)
        self.results_area.update_buttons()
        if moved:
            (self.cancel_button if running else self.start_button).setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_idle(self, text: str) -> None:
        self.status_label.setText(text)
        self.eta_label.setText("")

    def _say(self, text: str, aloud: bool = True) -> None:
        """``text`` in the tab's status line and, ``aloud``, in the host's status bar (which the
        user reads wherever they are: only for what they did)."""
        self.status_label.setText(text)
        if aloud:
            self.message.emit(text)

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))
        self.setup.yield_summary_to(text)

    KEYS = (("Enter", "In the setup: start (or resume) the tournament; on the sample box: add the sample"),
            ("Escape", "Cancel the running tournament (the finished games are kept; Start resumes)"),
            ("Enter", "On a game: open it in the arena; on an entrant in the standings: its card statistics"),
            ("Enter", "On a head-to-head cell: list that pair's games"),
            ("Ctrl+C", "In the head-to-head table: copy the table as text"))
    """The tab's own keys (handled by it and its views), for Help → Keyboard Reference."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter in the setup starts (the Start button is drawn as the default: in a tab, unlike
        a dialog, nothing pressed it); Escape stops a running tournament (the finished games are
        kept and Start resumes, so it loses nothing). Keys a field or list uses never come here."""
        key, focused = event.key(), QApplication.focusWidget()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and focused is not None and self.setup.isAncestorOf(focused) \
                and self.start_button.isEnabled():
            self.start()
        elif key == Qt.Key.Key_Escape and self.worker.is_running():
            self.cancel()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)


# --- on its own -------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.tournament.tournament_tab [GAME]``: the tab with the game's first
    samples as entrants (snake: on a small field), ready to Start."""
    args = list(sys.argv[1:] if argv is None else argv)
    application()  # before the tab, which is a widget
    tab = TournamentTab(settings=QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "snakepit",
                                           "tournament-tab-alone"))
    if args:
        try:
            tab.setup.set_game(args[0])
        except TournamentError as err:
            print(f"tournament_tab: {err}", file=sys.stderr)
            return 2
    if not tab.setup.entrants.rows():
        for index in range(min(4, tab.setup.entrants.sample_box.count())):
            tab.setup.entrants.add_sample(tab.setup.entrants.sample_box.itemText(index))
    tab.openReplay.connect(lambda path: tab.status_label.setText(f"Would open {path} in the arena"))
    return run_alone(lambda: tab, "Tournament", (1280, 760))


if __name__ == "__main__":
    raise SystemExit(main())
