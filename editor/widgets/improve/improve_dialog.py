"""The Improve window (Battle → Improve Program…): make the program open in the editor stronger
against chosen opponents, automatically, and stay in control.

On the left the options (:class:`ImproveSetup`); on the right the search as it runs: the budget
spent, the best score with its interval and the gain over the user's program on the same battles,
battles per second and the time left, a live plot of the best score per generation, and the best
program so far as a card diff against the document. Start, Pause/Resume and Stop drive the search
(:class:`ImproveWorker`: never on the GUI thread); "Take this program" puts the best program into
the editor as one undo step. When the budget is spent, the start and the best program are scored
on fresh seeds (the table under the diff).

The window is modeless: the editor stays usable, and the diff follows the document. Closing it
while a search runs asks first, then stops the search (its best program stays, to take later);
when the main window closes, the search is stopped and waited for without asking."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStyle,
    QWidget,
)

from arena.improve import Best, ImproveReport, Progress
from arena.tournament import clock
from editor.document import ProgramDocument
from editor.widgets.improve.improve_setup import ImproveSetup, ImproveSetupError
from editor.widgets.improve.improve_worker import Clock, ImproveJob, ImproveWorker
from editor.widgets.parts.program_diff_view import ProgramDiffView
from editor.widgets.improve.score_plot import ScorePlot
from editor.widgets.improve.search_progress import ReportTable, SearchProgress
from editor.widgets.parts.boxes import STRETCH, column, row, split, status_line, titled
from editor.widgets.parts.form_widgets import error_line, form_beside, push_button
from editor.widgets.parts.screen_room import fitted_size, screen_room
from editor.widgets.parts.standalone import application, sample_document

DIALOG_SIZE = (1240, 800)
PLOT_SHARE = 42
"""Percent of the right side's height the plot gets; the diff gets the rest (less the fresh-seed table)."""
SHUTDOWN_WAIT = 60.0
"""Seconds the closing app waits for a stopped search's last generation (then leaves it behind)."""


def take_text(best: Best) -> str:
    """The undo step's name: what taking ``best`` does."""
    edits = len(best.changes)
    return f"Take improved program ({edits} edit{'s' if edits != 1 else ''}, generation {best.generation})"


class ImproveDialog(QDialog):
    """The Improve window for ``document`` (see the module docstring). ``clock`` is the search's."""

    message = Signal(str)
    """A one-line note for a host's status bar."""
    runFinished = Signal(object)
    """The search ended: its :class:`Best`, or None when it failed."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None, *,
                 clock: Clock = time.monotonic, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.worker = ImproveWorker(clock, self)
        self.worker.progressed.connect(self._progressed)
        self.worker.checking.connect(self._checking)
        self.worker.reported.connect(self._reported)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.job: ImproveJob | None = None
        self.best: Best | None = None
        self.report: ImproveReport | None = None
        self.generations = 0
        self._checking_now = False
        self.setup = ImproveSetup(document, settings=settings)
        self._build()
        self.setWindowTitle(f"Improve {document.display_name()}")
        # Less on a smaller screen: sized past its edges, the window's Start and Close are out of reach.
        self.resize(fitted_size(QSize(*DIALOG_SIZE), screen_room(parent) if parent is not None else None))
        document.programChanged.connect(self._document_changed)
        if parent is not None:
            parent.installEventFilter(self)  # its closing ends the search (see eventFilter)
        document.pathChanged.connect(lambda: self.setWindowTitle(f"Improve {document.display_name()}"))
        self._set_running(False)
        self._say("Tick the opponents to beat, set the budget, then <b>Start</b>. The search keeps a change only "
                  "when a sequential test on the same battles says it plays better.")

    # --- our API -----------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self.worker.is_running()

    def start(self) -> bool:
        """Search from the program as it is now; False (and why, in the window) when it cannot."""
        if self.worker.is_running():
            return False
        program = self.document.program
        problems = self.document.problems()
        if problems:
            self._show_error(f"The program has {len(problems)} problem{'s' if len(problems) > 1 else ''} to fix "
                             f"first: {problems[0]}")
            return False
        try:
            job = self.setup.build(program)
        except ImproveSetupError as err:
            self._show_error(str(err))
            return False
        self._show_error("")
        self.job, self.best, self.report, self.generations, self._checking_now = job, None, None, 0, False
        self.plot.clear()
        self.report_table.hide()
        self.diff_view.show_nothing("The first generation's battles are being played…")
        self.progress.begin(job.settings.budget)
        where = f"the Dask cluster at {job.cluster}" if job.cluster else \
            f"{job.jobs} job{'s' if job.jobs != 1 else ''}"
        self._say(f"Searching for {clock(job.settings.budget)} against "
                  f"{', '.join(name for name, _ in job.field.opponents)} on {where}…")
        self.worker.start(job)
        self._set_running(True)
        return True

    def toggle_pause(self) -> None:
        if not self.worker.is_running():
            return
        if self.worker.paused:
            self.worker.resume()
            self._say("Searching again…")
        else:
            self.worker.pause()
            self._say(f"Paused after generation {self.generations} (a generation under way finishes first; "
                      "paused time does not count). Take this program or Resume.")
        self._update_buttons()

    def stop(self) -> None:
        """End the search after the generation under way; its best program stays to take."""
        if self.worker.is_running():
            self.worker.stop()
            self._say("Stopping after the check on fresh seeds under way…" if self._checking_now else
                      "Stopping: the generation under way finishes first…")
            self._update_buttons()

    def take(self) -> bool:
        """Put the best program into the editor as one undo step; False when there is nothing to
        take (or the user kept their own)."""
        best = self.best
        if best is None or not self._takeable():
            return False
        if self.job is not None and self.document.program != self.job.program and not self._confirm(
                "The program in the editor changed since the search started. Take the improved program anyway? "
                "It replaces your later edits too (Undo brings them back)."):
            return False
        diff = self.diff_view.diff
        shown = next((c.after for c in diff.cards if c.kind != "same" and c.after is not None), None) if diff else None
        taken = self.document.edit(lambda _program: best.program, take_text(best), show_card=shown or 0)
        if taken:
            self._say(f"Took the improved program into the editor ({len(best.changes)} edits). "
                      "Edit → Undo (Ctrl+Z) puts yours back.")
            self.message.emit("Took the improved program; Undo puts yours back")
        return taken

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the worker (tests, closing); True when it has ended."""
        return self.worker.wait(timeout)

    def shutdown(self, timeout: float = SHUTDOWN_WAIT) -> bool:
        """Stop the search and wait for it to end (the app is closing)."""
        self.worker.stop()
        if not self.worker.is_running():
            return True
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # the generation under way finishes first
        try:
            return self.worker.wait(timeout)
        finally:
            QApplication.restoreOverrideCursor()

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        pixmap = QStyle.StandardPixmap
        self.start_button = push_button("Start", "Search from the program as it is now", self.start,
                                        pixmap.SP_MediaPlay)
        self.pause_button = push_button("Pause", "Pause the search between generations (paused time does not count)",
                                        self.toggle_pause, pixmap.SP_MediaPause)
        self.stop_button = push_button("Stop", "End the search after the generation under way; its best program "
                                       "stays", self.stop, pixmap.SP_MediaStop)
        self.take_button = push_button("Take this program", "Put the best program into the editor as one step "
                                       "(Undo puts yours back)", self.take, pixmap.SP_DialogApplyButton)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.close)
        # Enter in a field starts the search; without a default the dialog's first button (Add
        # file…) took Enter and opened a file chooser. While a search runs Start is disabled and
        # Enter does nothing.
        self.start_button.setDefault(True)
        self.error_label = error_line("improveError")
        self.setup.message.connect(self._show_error)

        left = QWidget()
        column((self.setup, 1), self.error_label, parent=left, margins=(10, 10, 10, 10))

        self.progress = SearchProgress()
        self.status_label = status_line()

        self.plot = ScorePlot()
        self.plot.setMinimumSize(280, 180)
        self.diff_view = ProgramDiffView()
        self.diff_view.setAccessibleName("Best program against yours")
        self.report_table = ReportTable()
        self.report_table.hide()
        self.right_split = right_split = split(
            Qt.Orientation.Vertical, [self.plot, titled("Best program against yours", self.diff_view), self.report_table],
            [PLOT_SHARE, 100 - PLOT_SHARE, 0])

        right = QWidget()
        column(self.progress, self.status_label, (right_split, 1), parent=right, margins=(4, 10, 10, 4))

        self.splitter = form_beside(left, right)
        buttons = row(self.start_button, self.pause_button, self.stop_button, STRETCH, self.take_button, self.close_button,
                      margins=(10, 0, 10, 10))
        column((self.splitter, 1), buttons, parent=self)

    # --- reactions ---------------------------------------------------------------------------

    def _progressed(self, progress: Progress, best: Best) -> None:
        self.generations = progress.generation
        self.best = best
        self.plot.add(progress)
        self.progress.show_progress(progress)
        if progress.kept:
            self._say(f"Generation {progress.generation} kept: {'; '.join(progress.kept)}.")
        elif self.worker.paused:
            self._say(f"Paused after generation {progress.generation}. Take this program or Resume.")
        self._show_best()
        self._update_buttons()

    def _checking(self, battles: int) -> None:
        self._checking_now = True
        self._say(f"The budget is spent. Checking the best program against yours on fresh seeds ({battles:,} "
                  "battles)…")

    def _reported(self, report: ImproveReport) -> None:
        self.report = report
        height = self.report_table.show_report(report)
        room = sum(self.right_split.sizes()) - height
        self.report_table.show()
        self.right_split.setSizes([room * PLOT_SHARE // 100, room - room * PLOT_SHARE // 100, height])

    def _finished(self, best: Best | None) -> None:
        stopped, self._checking_now = self.worker.stopping, False
        self._set_running(False)
        if best is not None:
            self.best = best
            self._show_best()
        kept = len(self.best.changes) if self.best is not None else 0
        if best is None:
            self._say(f"The search failed after {self.generations} generations.")
        elif stopped:
            self._say(f"Stopped after {self.generations} generations, {kept} edit{'s' if kept != 1 else ''} kept"
                      f"{'; take the program or Start again' if kept else ''}.")
        elif self.report is not None:
            change = self.report.overall_change
            self._say(f"Done: {kept} edit{'s' if kept != 1 else ''} kept in {self.generations} generations; on fresh "
                      f"seeds the improved program scores {change.text(signed=True)} against the opponents.")
        else:
            self._say(f"Done: {self.generations} generations, "
                      f"{f'{kept} edits kept' if kept else 'no change was better on the same battles'}.")
        self.progress.end(spent=best is not None and not stopped)
        self.runFinished.emit(best)

    def _failed(self, text: str) -> None:
        self._show_error(text)
        self.message.emit(text)

    def _document_changed(self) -> None:
        self._show_best()
        self._update_buttons()

    # --- details -----------------------------------------------------------------------------

    def _show_best(self) -> None:
        if self.best is None:
            return
        if not self.best.changes:
            self.diff_view.show_nothing("No change kept yet: the best program is the one the search started from.")
        else:
            self.diff_view.show_diff(self.document.program, self.best.program, self.best.changes)

    def _takeable(self) -> bool:
        return self.best is not None and bool(self.best.changes) and self.best.program != self.document.program

    def _set_running(self, running: bool) -> None:
        self.setup.set_editable(not running)
        self._update_buttons()

    def _update_buttons(self) -> None:
        running = self.worker.is_running()
        stopping = running and self.worker.stopping
        self.start_button.setEnabled(not running)
        self.pause_button.setEnabled(running and not stopping)
        self.pause_button.setText("Resume" if running and self.worker.paused else "Pause")
        self.pause_button.setIcon(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MediaPlay if running and self.worker.paused else QStyle.StandardPixmap.SP_MediaPause))
        self.stop_button.setEnabled(running and not stopping)
        self.take_button.setEnabled(self._takeable())

    def _say(self, text: str) -> None:
        self.status_label.setText(text)

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, self.windowTitle(), text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def _window_closing(self) -> bool:
        """The main window is closing (it closes its child windows once it is hidden)."""
        parent = self.parentWidget()
        return parent is not None and not parent.isVisible()

    # --- Qt overrides --------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The main window hidden by the app (closed; a minimised one is hidden by the system):
        stop the search, wait for it, and go too."""
        if watched is self.parentWidget() and event.type() == QEvent.Type.Hide and not event.spontaneous():
            if self.worker.is_running():
                self.shutdown()
            self.hide()
        return super().eventFilter(watched, event)

    def reject(self) -> None:
        """Close, Escape and the title bar's close button all come here."""
        if self.worker.is_running():
            if self._window_closing():
                self.shutdown()
            elif not self._confirm("A search is running. Stop it and close this window? Its best program so far "
                                   "stays here: open Improve again to take it."):
                return
            else:
                self.stop()
        super().reject()


def show_improve(parent: QWidget, document: ProgramDocument, settings: QSettings | None = None) -> ImproveDialog:
    """``parent``'s Improve window (made on first use, its choosers remembering folders in
    ``settings``), shown and raised."""
    dialog = parent.findChild(ImproveDialog)
    if not isinstance(dialog, ImproveDialog):
        dialog = ImproveDialog(document, parent, settings=settings)
        if isinstance(parent, QMainWindow):
            dialog.message.connect(lambda text: parent.statusBar().showMessage(text, 8000))
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


# --- on its own -------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.improve.improve_dialog [SAMPLE]``: the window on a sample program
    (default ``beginner``), ready to Start."""
    args = list(sys.argv[1:] if argv is None else argv)
    app = application()
    document = sample_document(args[0] if args else "beginner")
    dialog = ImproveDialog(document)
    dialog.show()
    QTimer.singleShot(0, dialog.raise_)
    code = app.exec()
    dialog.shutdown()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
