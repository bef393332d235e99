"""The tournament's progress bar and clock, on an injected clock (no waiting)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.tournament import GameRecord, Progress
from editor.widgets.tournament.tournament_progress import RunProgress
from tests.editor.tournament.test_tournament_life import FakeClock

RECORD = GameRecord(0, 1, ("a", "b"), (1.0, 0.0), (1, 2), ("ok", "ok"), 3)


def test_the_eta_never_reads_0_00_while_games_remain(qtbot: QtBot) -> None:
    """Very short games give an estimate under half a second, and the countdown between two
    games can run past its estimate: while games remain, the label never says ``ETA 0:00``."""
    fake = FakeClock()
    fake.now = 0.0
    progress = RunProgress(fake)
    qtbot.addWidget(progress)
    progress.start(0, 90, 0.0)
    fake.now = 0.05
    progress.finished_game(Progress(2, 90, 0.05, 0.3, RECORD))
    assert progress.time_label.text() == "ETA 0:01 · 0:00"
    fake.now = 7.0  # the next game is late: the countdown has run out
    progress.tick()
    assert progress.time_label.text() == "ETA 0:01 · 0:07"
    fake.now = 8.0
    progress.finished_game(Progress(90, 90, 8.0, 0.0, RECORD))  # the last game: no estimate at all
    assert progress.time_label.text() == "0:08"
