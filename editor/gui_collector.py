"""Python's cycle collector on the GUI thread while worker threads run (matches, tournaments).

A collection frees the garbage it finds in whichever thread happens to allocate. In a worker, a
cycle holding Qt objects (a closed dialog, an old pane's wrappers) would be destroyed there, and a
Qt object destroyed off the GUI thread can deadlock it: the worker waits for the GIL inside
``QObject``'s destructor, the GUI thread for that destructor's lock. pyqtgraph's
``GarbageCollector`` answers this by turning automatic collection off for good; here it is off
only while a watched worker is alive, so code without workers (and the tests) keeps Python's own.

While a worker runs, what existed when it started is frozen (``gc.freeze()``): the collections
look at what was made since. A full collection of the app's whole heap (~100,000 objects) took
20-50 ms of the GUI thread, a stall of its own in a live match or a statistics count (issue 16);
what was made before is looked at again, all of it, once no worker runs.
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QCoreApplication, QTimer


class GuiThreadCollector:
    """While a watched worker runs, automatic collection is off and a timer collects, by the
    collector's own thresholds, on the GUI thread; once no worker is alive it is on again. The
    state is the process's, as the collector is (several workers may run at once; a runner
    deleted mid-way leaves nothing on)."""

    INTERVAL_MS = 200
    _workers: list[threading.Thread] = []
    _timer: QTimer | None = None
    _switched_off = False
    """Whether we turned collection off (someone else's ``gc.disable()`` is left alone)."""
    _froze = False
    """Whether we froze what existed when the first worker started."""

    @classmethod
    def watch(cls, worker: threading.Thread) -> None:
        """Collect on the GUI thread (call it there) until ``worker`` has ended."""
        cls._workers.append(worker)
        if not cls._froze and gc.get_freeze_count() == 0:  # (someone else's freeze is left alone)
            gc.freeze()
            cls._froze = True
        if gc.isenabled():
            gc.disable()
            cls._switched_off = True
        if cls._timer is None:
            cls._timer = QTimer(QCoreApplication.instance())
            cls._timer.setInterval(cls.INTERVAL_MS)
            cls._timer.timeout.connect(cls.tick)
        cls._timer.start()

    @classmethod
    def tick(cls) -> None:
        thresholds, counts = gc.get_threshold(), gc.get_count()
        # As the automatic collector decides: the oldest generation over its threshold, with the
        # younger ones (the full ones only look at what was not frozen).
        over = [generation for generation in range(3) if counts[generation] > thresholds[generation]]
        if over:
            gc.collect(over[-1])
        cls._workers = [worker for worker in cls._workers if worker.is_alive()]
        if not cls._workers:
            if cls._timer is not None:
                cls._timer.stop()
            if cls._froze:
                cls._froze = False
                gc.unfreeze()
            if cls._switched_off:
                cls._switched_off = False
                gc.enable()
