"""The tournament tab: set a tournament up, play it without blocking the app, watch the standings
and the ratings grow game by game, open any finished game in the arena, and open a tournament
folder again (finished or interrupted: Start resumes it).

The games run in a worker thread (:class:`~.tournament_worker.TournamentWorker`; a process pool
for more than one job); what happens comes back as signals, so the games being played, the
table, the rating plot and the game list fill while the tournament plays, and its clock ticks
(what the tab shows, and how it follows the games: :mod:`.tournament_shown`).
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

from PySide6.QtCore import QSettings, QStandardPaths, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QStyle, QWidget

from arena.tournament import CancelFlag, TournamentError, TournamentRun, open_tournament, read_tournament
from arena.tournament.games import SNAKE
from arena.tournament.pool import STOP_GRACE
from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.form_widgets import error_line, form_beside, push_button
from editor.widgets.parts.standalone import application, run_alone
from editor.widgets.tournament import tournament_memory as memory
from editor.widgets.tournament.tournament_folder import FolderReader, ended_text, opened_text
from editor.widgets.tournament.tournament_setup import TournamentSetup
from editor.widgets.tournament.tournament_shown import ShownTournament
from editor.widgets.tournament.tournament_worker import TournamentWorker


class TournamentTab(ShownTournament):
    """Setup on the left; progress, standings, the rating plot and the games on the right.

    ``data_dir`` (default: the app's data folder) is where fresh output folders go; ``settings``
    (default: the app's) keeps the setup between sessions; ``clock`` (seconds, default
    ``time.monotonic``) times the run; ``read(folder, cancel)`` reads a tournament folder back, in
    a worker thread, stopping with :class:`~arena.tournament.ReadCancelled` once ``cancel`` is set
    (default: :func:`~arena.tournament.open_tournament`)."""

    runFinished = Signal(object)
    """The run that just ended (:class:`TournamentRun`), completed or cancelled."""
    folderOpened = Signal(object)
    """A tournament folder was read (:class:`TournamentRun`), or could not be (None: the tab
    says why)."""

    def __init__(self, parent: QWidget | None = None, *, data_dir: Path | None = None,
                 settings: QSettings | None = None, clock: Callable[[], float] = time.monotonic,
                 read: Callable[[Path, CancelFlag], TournamentRun] = open_tournament) -> None:
        super().__init__(parent, clock)
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
        self._cancelling = False
        self._keys_to_start = False  # Cancel had the keys when pressed: Start gets them when the run ends
        self.setup = TournamentSetup(data_dir, settings=self.settings)
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

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        """The setup on the left, Start and the others under it, the tournament shown on the right."""
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

        right = self._build_shown()

        self.splitter = form_beside(left, right, actions)
        column(self.splitter, parent=self)
        self._set_running(False)
    # --- reactions: a run's end (its games: ShownTournament) -----------------------------------

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
        # A game that could not be played is done with, as the run's progress and an opened folder count it.
        self.progress.show_count(len(run.records) + len(run.failed), run.total)
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
