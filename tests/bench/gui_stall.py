"""How long the GUI thread stops answering while something runs: a probe timer that should fire
every few milliseconds records the longest gap between two of its firings (issue 16's target:
no gap over 50 ms while a tournament runs, a live match plays, a replay loads).

Any scenario can use it: start the work, then ``longest_stall(app, done)`` runs the event loop
(as the app would) until ``done()`` is true and returns what the probe saw, including the
worst gap's place in time and what a ``note()`` said was happening then (the game being
played, say), to find the cause of a stall."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer

PROBE_MS = 5
"""The probe's period: a gap is measured to this precision."""
TARGET_MS = 50.0


@dataclass
class Stalls:
    """What the probe saw: the longest gap between two firings (ms) and when it ended (seconds
    from the start), the number of firings, the run's length, and the gaps over the target
    with what ``note`` said at each.

    Each gap is also measured in the GUI thread's own CPU time: on a busy machine (the games'
    worker processes take the cores too) a gap can be long while the thread waited for a core,
    not worked; ``busiest_ms`` is the most CPU the GUI thread spent between two firings."""

    longest_ms: float = 0.0
    at: float = 0.0
    ticks: int = 0
    seconds: float = 0.0
    busiest_ms: float = 0.0
    over: list[tuple[float, float, float, str]] = field(default_factory=list)
    """``(gap ms, its CPU ms, seconds from the start, note)`` of every gap over the target."""

    def verdict(self, target_ms: float = TARGET_MS) -> str:
        return "pass" if self.longest_ms <= target_ms else "MISS"


def longest_stall(app: QCoreApplication, run_until: Callable[[], bool], *, timeout: float = 300.0,
                  note: Callable[[], str] | None = None, target_ms: float = TARGET_MS) -> Stalls:
    """Run ``app``'s event loop until ``run_until()`` is true (checked at each probe firing) or
    ``timeout`` seconds passed, while a :data:`PROBE_MS` timer measures the gaps between its
    firings: the longest is the longest the GUI thread did not answer. ``app`` is the running
    application: what was pending before is handled first, so that it is not counted."""
    app.processEvents()
    stalls = Stalls()
    loop = QEventLoop()
    start = last = time.perf_counter()
    last_cpu = time.thread_time()

    def probe() -> None:
        nonlocal last, last_cpu
        now, cpu = time.perf_counter(), time.thread_time()
        gap, cpu_gap = (now - last) * 1000, (cpu - last_cpu) * 1000
        last, last_cpu = now, cpu
        stalls.ticks += 1
        stalls.busiest_ms = max(stalls.busiest_ms, cpu_gap)
        if gap > stalls.longest_ms:
            stalls.longest_ms, stalls.at = gap, now - start
        if gap > target_ms:
            stalls.over.append((gap, cpu_gap, now - start, note() if note is not None else ""))
        if run_until() or now - start > timeout:
            loop.quit()

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(PROBE_MS)
    timer.timeout.connect(probe)
    timer.start()
    loop.exec()
    timer.stop()
    stalls.seconds = time.perf_counter() - start
    return stalls


def idle_baseline(app: QCoreApplication, seconds: float = 1.0) -> Stalls:
    """The probe on an idle event loop: what the machine's scheduling alone costs."""
    end = time.perf_counter() + seconds
    return longest_stall(app, lambda: time.perf_counter() >= end)
