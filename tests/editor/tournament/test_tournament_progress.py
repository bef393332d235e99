"""The tournament's progress bar and clock, on an injected clock (no waiting)."""

from __future__ import annotations

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.tournament import GameRecord, Progress
from editor.widgets.parts.boxes import column
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


class _Painted(QWidget):
    """Counts its paints: stands for the games list, which changes with each finished game."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def paintEvent(self, event: QPaintEvent) -> None:
        self.paints += 1


def test_a_finished_game_is_painted_with_the_next_frame_not_at_once(qtbot: QtBot) -> None:
    """QProgressBar.setValue repaints at once, and a repaint at once paints everything in the
    window waiting to be painted: a second whole paint on the GUI thread per finished game while
    a tournament plays. The count is shown at the next frame, with the rest."""
    window = QWidget()
    qtbot.addWidget(window)
    progress, games = RunProgress(FakeClock()), _Painted()
    column(progress, (games, 1), parent=window)
    window.resize(600, 400)
    window.show()
    qtbot.waitExposed(window)
    progress.start(0, 90, 0.0)
    qtbot.waitUntil(lambda: games.paints > 0)
    games.paints = 0
    games.update()  # a game row just changed
    progress.finished_game(Progress(45, 90, 5.0, 5.0, RECORD))
    assert games.paints == 0  # it was painted here, at once, with the bar
    assert progress.bar.text() == "45 / 90 games"
    qtbot.waitUntil(lambda: games.paints == 1)
