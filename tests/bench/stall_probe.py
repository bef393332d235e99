"""How long the GUI thread stops answering while something runs (issue 16's target: no gap over
50 ms while a tournament runs, a live match plays, a replay loads).

A :class:`StallProbe` is a timer that should fire every :data:`PROBE_MS` on the GUI thread; it
records the longest gap between two of its firings, which is the longest the thread did not
answer. Any benchmark can use it::

    probe = StallProbe(note=lambda: "what is happening now")
    stalls = probe.run_until(app, lambda: work_is_done())   # runs the event loop, as the app would
    print(stalls.longest_ms, stalls.verdict())

or ``probe.start()`` … ``probe.stop()`` around an event loop the benchmark runs itself.

Each gap is also measured in the GUI thread's own CPU time: on a busy machine (games' worker
processes, other people's work) a gap can be long while the thread waited for a core, not worked.
:func:`idle_baseline` is the same probe on an idle event loop: what the machine alone costs."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt, QTimer

PROBE_MS = 5
"""The probe's period: a gap is measured to this precision."""
TARGET_MS = 50.0
"""Issue 16: the GUI thread never stalls longer."""


@dataclass
class Stalls:
    """What a probe saw: the longest gap between two firings (ms) and when it ended (seconds
    from the start), the number of firings, the run's length, the most CPU the GUI thread spent
    in one gap, and the gaps over the target with what ``note`` said at each."""

    longest_ms: float = 0.0
    at: float = 0.0
    ticks: int = 0
    seconds: float = 0.0
    busiest_ms: float = 0.0
    over: list[tuple[float, float, float, str]] = field(default_factory=list)
    """``(gap ms, its CPU ms, seconds from the start, note)`` of every gap over the target."""

    def verdict(self, target_ms: float = TARGET_MS) -> str:
        """``pass`` when no gap was longer than ``target_ms``, else ``MISS``."""
        return "pass" if self.longest_ms <= target_ms else "MISS"

    def work_verdict(self, target_ms: float = TARGET_MS) -> str:
        """The same for the GUI thread's own work in a gap (what the app costs, not the machine)."""
        return "pass" if self.busiest_ms <= target_ms else "MISS"


class StallProbe(QObject):
    """A :data:`PROBE_MS` precise timer on the GUI thread measuring the gaps between its firings.
    ``note()`` (optional) says what is happening: it is asked at each gap over ``target_ms``."""

    def __init__(self, note: Callable[[], str] | None = None, target_ms: float = TARGET_MS,
                 period_ms: int = PROBE_MS) -> None:
        super().__init__()
        self.note = note
        self.target_ms = target_ms
        self.stalls = Stalls()
        self._start = self._last = 0.0
        self._last_cpu = 0.0
        self._until: Callable[[], bool] | None = None
        self._deadline = float("inf")
        self._loop: QEventLoop | None = None
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(period_ms)
        self._timer.timeout.connect(self._fire)

    def start(self) -> None:
        """Measure from now on (a fresh :class:`Stalls`)."""
        self.stalls = Stalls()
        self._start = self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._timer.start()

    def stop(self) -> Stalls:
        """Stop measuring; what was seen."""
        self._timer.stop()
        self.stalls.seconds = time.perf_counter() - self._start
        return self.stalls

    def run_until(self, app: QCoreApplication, done: Callable[[], bool], timeout: float = 300.0) -> Stalls:
        """Run ``app``'s event loop, measuring, until ``done()`` is true (asked at each firing)
        or ``timeout`` seconds passed. What was pending before is handled first, so that it is
        not counted."""
        app.processEvents()
        self._until, self._deadline = done, time.perf_counter() + timeout
        self._loop = QEventLoop()
        self.start()
        self._loop.exec()
        self._loop, self._until = None, None
        return self.stop()

    def _fire(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        gap, cpu_gap = (now - self._last) * 1000, (cpu - self._last_cpu) * 1000
        self._last, self._last_cpu = now, cpu
        stalls = self.stalls
        stalls.ticks += 1
        stalls.busiest_ms = max(stalls.busiest_ms, cpu_gap)
        if gap > stalls.longest_ms:
            stalls.longest_ms, stalls.at = gap, now - self._start
        if gap > self.target_ms:
            stalls.over.append((gap, cpu_gap, now - self._start, self.note() if self.note is not None else ""))
        if self._loop is not None and self._until is not None and (self._until() or now > self._deadline):
            self._loop.quit()


def line(what: str, stalls: Stalls, idle: Stalls) -> str:
    """One bench line: the longest gap (its ratio to ``idle``'s, how many gaps were over the
    target) and the most work the GUI thread did in one gap, each with pass/MISS."""
    many = len(stalls.over)
    worst = f", {many} gap{'s' * (many != 1)} over {TARGET_MS:.0f} ms" if stalls.over else ""
    return (f"  {what:<38} longest stall {stalls.longest_ms:6.1f} ms ({stalls.longest_ms / max(idle.longest_ms, 0.1):4.1f}x idle) "
            f"in {stalls.seconds:5.1f} s{worst}  target <= {TARGET_MS:.0f} ms: {stalls.verdict()}; "
            f"GUI-thread work in a gap {stalls.busiest_ms:5.1f} ms: {stalls.work_verdict()}")


def worst_gaps(stalls: Stalls, count: int = 5) -> list[str]:
    """The ``count`` gaps over the target in which the GUI thread worked most, with their notes."""
    worst = sorted(stalls.over, key=lambda over: over[1], reverse=True)[:count]
    return [f"    {gap:6.1f} ms ({cpu:5.1f} ms of it working) at {at:5.1f} s: {note}" for gap, cpu, at, note in worst]


def idle_baseline(app: QCoreApplication, seconds: float = 1.0) -> Stalls:
    """The probe on an idle event loop for ``seconds``: what the machine's scheduling alone costs."""
    end = time.perf_counter() + seconds
    return StallProbe().run_until(app, lambda: time.perf_counter() >= end)
