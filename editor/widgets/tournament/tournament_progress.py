"""How far a tournament is, shown with signs of life: the games finished of all (the bar), the
time it has played, which ticks every second and goes on from the earlier runs' time after a
resume, and the estimated time left, counting down between two finished games.

The clock is injected (``time.monotonic`` by default), so tests move it instead of waiting."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from arena.tournament import Progress, clock, eta_clock
from editor.widgets.parts.boxes import row
from editor.widgets.parts.form_widgets import run_bar

TICK_MS = 1000
COUNT_FORMAT = "%v / %m games"
ETA_TIP = ("Estimated time left (at this run's pace since its first finished game) · time the tournament has played, "
           "over all its runs")
CLOCK_TIP = "Time the tournament has played, over all its runs (the estimate of the time left follows the first games)"


class RunClock:
    """The tournament's play time: the seconds its earlier runs played, plus this run's while
    it runs; and the estimated time left, as of the last finished game, counting down."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.before = 0.0
        self._started: float | None = None
        self._eta: tuple[float, float] | None = None  # (seconds left, when that was said)

    def start(self, before: float) -> None:
        self.before, self._started, self._eta = before, self.now(), None

    def stop(self, total: float | None = None) -> None:
        """The run ended; ``total`` (the run's own count, when known) replaces ours."""
        self.before = total if total is not None else self.seconds()
        self._started, self._eta = None, None

    def running(self) -> bool:
        return self._started is not None

    def seconds(self) -> float:
        return self.before + (self.now() - self._started if self._started is not None else 0.0)

    def set_eta(self, seconds: float | None) -> None:
        self._eta = None if seconds is None else (seconds, self.now())

    def eta(self) -> float | None:
        if self._eta is None:
            return None
        left, said = self._eta
        return max(0.0, left - (self.now() - said))


class RunProgress(QWidget):
    """The progress bar and the clock of a tournament."""

    def __init__(self, now: Callable[[], float] = time.monotonic, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock = RunClock(now)
        self.bar, self.time_label = run_bar()
        self.bar.setAccessibleName("Games played")
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        row((self.bar, 1), self.time_label, parent=self, spacing=8)

    def start(self, done: int, total: int, before: float) -> None:
        """A run starts with ``done`` of ``total`` games finished and ``before`` seconds played."""
        self.show_count(done, total)
        self.clock.start(before)
        self._timer.start()
        self.tick()

    def finished_game(self, progress: Progress) -> None:
        self.show_count(progress.done, progress.total)
        pending = progress.done < progress.total
        self.clock.set_eta(progress.eta if pending else None)
        self.tick()

    def stop(self, total_seconds: float | None = None) -> None:
        """The run ended: the clock stops at the tournament's play time; no estimate."""
        self._timer.stop()
        self.clock.stop(total_seconds)
        self.tick()

    def show_still(self, done: int, total: int, seconds: float) -> None:
        """A tournament not running (opened from its folder): its count and its play time."""
        self._timer.stop()
        self.clock.stop(seconds)
        self.show_count(done, total)
        self.tick()

    def show_count(self, done: int, total: int) -> None:
        # Only what changed (each set asks for a paint).
        if self.bar.format() != COUNT_FORMAT:
            self.bar.setFormat(COUNT_FORMAT)
        if self.bar.maximum() != max(total, 1) or self.bar.minimum() != 0:
            self.bar.setRange(0, max(total, 1))
        if self.bar.value() != done:
            # QProgressBar.setValue repaints at once, and a repaint at once paints everything in
            # the window waiting to be painted (the games list just changed, the labels): a second
            # whole paint per finished game on the GUI thread. With updates off it is painted with
            # the rest, at the next frame (turning them on again asks for it).
            self.bar.setUpdatesEnabled(False)
            self.bar.setValue(done)
            self.bar.setUpdatesEnabled(True)

    def tick(self) -> None:
        eta = self.clock.eta()
        played = clock(self.clock.seconds())
        text = f"ETA {eta_clock(eta)} · {played}" if eta is not None else played
        if text != self.time_label.text():
            self.time_label.setText(text)
            self.time_label.setToolTip(ETA_TIP if eta is not None else CLOCK_TIP)
