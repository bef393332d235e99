"""A window with the card statistics of replays, counted with progress and Cancel by a worker
thread that waits on a child process (:mod:`editor.widgets.stats.stats_count`), so that a large
folder never freezes the app; then a :class:`CardStatsView` of the program asked for (a seat's),
or of any counted program, chosen in a list."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QProgressBar,
    QPushButton,
    QWidget,
)

from arena.card_stats import ProgramStats
from editor.widgets.parts.boxes import column, row
from editor.widgets.parts.form_widgets import buddy_label
from editor.widgets.parts.worker_thread import FunctionJob
from editor.widgets.stats.card_stats_view import CardStatsView
from editor.widgets.stats.stats_count import CountedStats, Counter, count_in_child_process


class CardStatsDialog(QDialog):
    """Counts, then shows, card statistics. ``ended`` follows every count (shown, failed or
    cancelled), except one that a newer count replaced. ``counter`` counts in the worker thread
    (default: in a child process)."""

    ended = Signal()

    def __init__(self, parent: QWidget | None = None, counter: Counter = count_in_child_process) -> None:
        super().__init__(parent)
        self.counter = counter
        self.setWindowTitle("Card statistics")
        self.job = FunctionJob("card statistics", (ValueError, OSError), self)
        self.job.progressed.connect(self._progressed)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(self._cancelled)
        self.job.finished.connect(self._finished)
        self._files: list[Path] = []
        self._seat: str | None = None
        self._programs: list[ProgramStats] = []
        self._build()

    # --- our API -----------------------------------------------------------------------------

    def count(self, files: Sequence[Path], *, seat: str | None = None, title: str = "") -> None:
        """Count the replay ``files`` and show the program that played as ``seat`` (every
        counted program, to choose from, without); ``title`` says what was counted."""
        # A count under way is replaced: it ends in the background, and nothing it still says
        # (its "Cancelled after…", its hidden progress) lands on top of this count's.
        self.job.abandon()
        self._files, self._seat = list(files), seat
        self.title_label.setText(title or f"{len(files)} replay{'s' * (len(files) != 1)}")
        self.notes_label.setVisible(False)
        self.program_row.setVisible(False)
        if not files:
            self.view.show_message("There are no replays to count yet.")
            self.progress_row.setVisible(False)
            self.ended.emit()
            return
        self.view.show_message(f"Counting what each card did in {len(files)} replay{'s' * (len(files) != 1)}…")
        self.progress_bar.setRange(0, len(files))
        self.progress_bar.setValue(0)
        self.progress_row.setVisible(True)
        self.cancel_button.setEnabled(True)
        counter, files = self.counter, self._files
        self.job.start(lambda control: counter(files, control))

    def show_counted(self, counted: CountedStats, seat: str | None = None) -> None:
        """Show statistics counted already (the program of ``seat``, or a choice of all)."""
        self._seat = seat
        self._programs = counted.programs
        self._show_notes(counted)
        if seat is not None:
            stats = counted.playing_as(seat)
            self.program_row.setVisible(False)
            if stats is None:
                self.view.show_message(f"{seat} plays in none of the replays that could be read.")
            else:
                self.view.show_stats(stats)
            return
        self.program_box.clear()
        for stats in self._programs:
            self.program_box.addItem(f"{stats.program.name} (as {', '.join(stats.names)})")
        self.program_row.setVisible(len(self._programs) > 1)
        if self._programs:
            self.view.show_stats(self._programs[0])
        else:
            self.view.show_message("No snake battle in these replays.")

    def cancel(self) -> None:
        self.job.cancel()

    def is_counting(self) -> bool:
        return self.job.is_running()

    def wait(self, timeout: float = 30.0) -> bool:
        return self.job.wait(timeout)

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.title_label = QLabel()
        self.title_label.setWordWrap(True)
        self.progress_bar = QProgressBar()
        self.progress_bar.setFormat("%v / %m replays")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop counting (nothing is shown of a part)")
        self.cancel_button.clicked.connect(self.cancel)
        self.progress_row = QWidget()
        row((self.progress_bar, 1), self.cancel_button, parent=self.progress_row)
        self.program_box = QComboBox()
        self.program_box.setToolTip("Programs playing the same cards are counted together, whatever their seats' names")
        self.program_box.activated.connect(self._program_chosen)
        self.program_row = QWidget()
        row(buddy_label("Program", self.program_box), (self.program_box, 1), parent=self.program_row)
        self.view = CardStatsView()
        self.notes_label = QLabel()
        self.notes_label.setWordWrap(True)
        self.notes_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.notes_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column(self.title_label, self.progress_row, self.program_row, (self.view, 1), self.notes_label, buttons,
               parent=self, margins=None)
        self.progress_row.setVisible(False)
        self.program_row.setVisible(False)
        self.notes_label.setVisible(False)
        self.resize(900, 560)

    # --- reactions ---------------------------------------------------------------------------

    def _program_chosen(self, index: int) -> None:
        self.view.show_stats(self._programs[index])

    def _progressed(self, done: int, total: int) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)

    def _finished(self, counted: object) -> None:
        """The count ended: shown when it was counted (None after ``failed`` or ``cancelled``)."""
        if isinstance(counted, CountedStats):
            self.show_counted(counted, self._seat)
        self.progress_row.setVisible(False)
        self.ended.emit()

    def _failed(self, text: str) -> None:
        self.view.show_message(f"The statistics could not be counted: {text}")

    def _cancelled(self) -> None:
        done = self.progress_bar.value()
        self.view.show_message(f"Cancelled after {done} of {len(self._files)} replays; nothing is shown of a part.")

    def _show_notes(self, counted: CountedStats) -> None:
        skipped = counted.skipped
        if not skipped:
            self.notes_label.setVisible(False)
            return
        many = len(skipped) > 1
        self.notes_label.setText(
            f"{len(skipped)} replay{'s' * many} could not be read and {'are' if many else 'is'} not counted"
            f"{'; the first' if many else ''}: {skipped[0]}")
        self.notes_label.setToolTip("\n".join(skipped[:20]))
        self.notes_label.setVisible(True)

    # --- Qt overrides --------------------------------------------------------------------------

    def reject(self) -> None:
        self.job.cancel()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.job.cancel()
        super().closeEvent(event)
