"""The cycle collector while workers run (editor/gui_collector.py): the GUI thread's timer decides
as Python's collector does, and a full collection only once the heap grew by a quarter (a full collection of the
app's heap took 20-50 ms of the GUI thread, issue 16). That it collects on the GUI thread during
a match is tested in tests/editor/arena/test_arena_match.py."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from editor.gui_collector import GuiThreadCollector


@pytest.fixture
def worker(qtbot: QtBot) -> Iterator[threading.Thread]:
    """A worker the collector watches, until the test ends."""
    done = threading.Event()
    thread = threading.Thread(target=done.wait, name="test-worker", daemon=True)
    thread.start()
    GuiThreadCollector.watch(thread)
    yield thread
    done.set()
    thread.join(5.0)
    GuiThreadCollector.tick()
    assert gc.isenabled()


def collected_by_tick() -> list[int]:
    """The generations the next tick collects."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    try:
        GuiThreadCollector.tick()
    finally:
        gc.callbacks.remove(note)
    return seen


def middle_collections_until_a_full_one_is_asked() -> None:
    while gc.get_count()[2] <= gc.get_threshold()[2]:
        gc.collect(1)


def test_a_full_collection_waits_for_enough_new_long_lived_objects(worker: threading.Thread) -> None:
    assert not gc.isenabled()
    middle_collections_until_a_full_one_is_asked()
    assert 2 not in collected_by_tick()  # the heap grew too little since the worker started
    kept = [[n] for n in range(sys.getallocatedblocks() // 2)]  # it grows by half at least, long-lived
    gc.collect(1)  # (they reach the oldest generation)
    middle_collections_until_a_full_one_is_asked()
    assert collected_by_tick() == [2]
    assert 2 not in collected_by_tick()  # counted again from there
    assert len(kept) > 0
