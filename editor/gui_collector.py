"""Python's cycle collector on the GUI thread while worker threads run (matches, tournaments).

A collection frees the garbage it finds in whichever thread happens to allocate. In a worker, a
cycle holding Qt objects (a closed dialog, an old pane's wrappers) would be destroyed there, and a
Qt object destroyed off the GUI thread can deadlock it: the worker waits for the GIL inside
``QObject``'s destructor, the GUI thread for that destructor's lock. pyqtgraph's
``GarbageCollector`` answers this by turning automatic collection off for good; here it is off
only while a watched worker is alive, so code without workers (and the tests) keeps Python's own.

The timer decides as Python's own collector does, including the spirit of its rule for the
costly full collections: one only once the heap grew by a quarter since the last (Python counts
the objects that reached the oldest generation; counting them here costs what a collection
does, the heap's memory blocks cost nothing). Without that rule a full collection of the app's
heap (20-50 ms of the GUI thread, a stall of its own in a live match or a statistics count,
issue 16) came after every tenth collection of the middle generation.
"""

from __future__ import annotations

import gc
import sys
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
    _heap = 0
    """The heap's memory blocks after the last full collection (as far as we know: when the
    first worker started, or after our last one)."""

    @classmethod
    def watch(cls, worker: threading.Thread) -> None:
        """Collect on the GUI thread (call it there) until ``worker`` has ended."""
        cls._workers.append(worker)
        if gc.isenabled():
            cls._heap = sys.getallocatedblocks()
            gc.disable()
            cls._switched_off = True
        if cls._timer is None:
            cls._timer = QTimer(QCoreApplication.instance())
            cls._timer.setInterval(cls.INTERVAL_MS)
            cls._timer.timeout.connect(cls.tick)
        cls._timer.start()

    @classmethod
    def tick(cls) -> None:
        generation = cls._due()
        if generation is not None:
            gc.collect(generation)
            if generation == 2:
                cls._heap = sys.getallocatedblocks()
        cls._workers = [worker for worker in cls._workers if worker.is_alive()]
        if not cls._workers:
            if cls._timer is not None:
                cls._timer.stop()
            if cls._switched_off:
                cls._switched_off = False
                gc.enable()

    @classmethod
    def _due(cls) -> int | None:
        """The generation Python's collector would collect now (with the younger ones), if any."""
        thresholds, counts = gc.get_threshold(), gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] <= thresholds[generation]:
                continue
            if generation == 2 and sys.getallocatedblocks() - cls._heap <= cls._heap // 4:
                continue  # the heap grew too little to be worth a look at all of it
            return generation
        return None
