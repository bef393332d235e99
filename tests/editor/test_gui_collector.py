"""The cycle collector while workers run (editor/gui_collector.py): it collects on the GUI thread,
and only what was made since the first worker started; what existed before is frozen until no
worker runs (a full collection of the app's heap took 20-50 ms of the GUI thread, issue 16).
That it collects on the GUI thread during a match is tested in
tests/editor/arena/test_arena_match.py."""

from __future__ import annotations

import gc
import threading
import weakref

from pytestqt.qtbot import QtBot

from editor.gui_collector import GuiThreadCollector


class Node:
    """A piece of garbage in a cycle (weakly referable, so a test sees when it is freed)."""

    def __init__(self) -> None:
        self.me = self


def test_while_a_worker_runs_only_what_was_made_since_is_collected(qtbot: QtBot) -> None:
    old = Node()
    made_before = weakref.ref(old)
    del old  # garbage already when the worker starts
    done = threading.Event()
    worker = threading.Thread(target=done.wait, name="test-worker", daemon=True)
    worker.start()
    try:
        GuiThreadCollector.watch(worker)
        assert not gc.isenabled() and gc.get_freeze_count() > 0
        young = Node()
        made_since = weakref.ref(young)
        del young
        for _ in range(2 * gc.get_threshold()[0]):  # allocations enough for a collection
            Node()
        GuiThreadCollector.tick()
        assert made_since() is None  # collected on this (the GUI) thread
        gc.collect()  # even a full collection looks at what was made since only
        assert made_before() is not None
    finally:
        done.set()
        worker.join(5.0)
    GuiThreadCollector.tick()  # no worker runs any more
    assert gc.isenabled() and gc.get_freeze_count() == 0
    gc.collect()
    assert made_before() is None  # looked at again, and freed
