"""The stall probe the GUI benchmarks share (tests/bench/stall_probe.py; tested here, where Qt
may be missing) sees a stall it is shown: a slot that blocks the GUI thread for 200 ms is a gap
of at least that, over the target, with what ``note`` said then. (A lower bound only: a busy
machine can make gaps longer, never shorter.)"""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.bench.stall_probe import TARGET_MS, StallProbe


def test_a_blocked_gui_thread_is_the_longest_gap(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert app is not None  # the qtbot fixture made it
    blocked: list[bool] = []

    def block() -> None:
        time.sleep(0.2)
        blocked.append(True)

    QTimer.singleShot(20, block)
    stalls = StallProbe(note=lambda: "blocking" if not blocked else "blocked").run_until(app, lambda: bool(blocked),
                                                                                        timeout=30)
    assert stalls.longest_ms >= 200 and stalls.verdict() == "MISS"
    assert any(gap >= 200 and note == "blocked" for gap, _cpu, _at, note in stalls.over)
    assert stalls.ticks >= 1 and stalls.seconds >= 0.2
    assert all(gap > TARGET_MS for gap, *_ in stalls.over)
