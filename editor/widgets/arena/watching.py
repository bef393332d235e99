"""How a view of a match (the arena pane, the editor's Battle tab) is wired to its worker and its
playback: the same reports reach the same kinds of handler in both, so they are connected once,
here, and each view brings only what it does with them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from editor.widgets.arena.match_runner import MatchRunner
from editor.widgets.arena.match_transport import Transport
from editor.widgets.arena.playback import Playback
from editor.widgets.arena.scoreboard import Scoreboard
from editor.widgets.arena.seat_log import SeatLog


@dataclass(frozen=True)
class Watcher:
    """What a view reacts to: the runner's reports, the shown frame changing, a seat clicked."""

    started: Callable[[Any], None]
    frames: Callable[[Any], None]
    finished: Callable[[Any], None]
    failed: Callable[[str], None]
    show: Callable[[int], None]
    seat_clicked: Callable[[int], None]


def watch(runner: MatchRunner, playback: Playback, transport: Transport, scoreboard: Scoreboard, seat_log: SeatLog,
          watcher: Watcher) -> None:
    """Connect a view's parts: Stop stops the worker, its reports go to ``watcher``, Stop is off
    once it is done, the shown frame is drawn, a seat's row selects it, a log row's double
    click shows its turn."""
    transport.stopRequested.connect(runner.stop)
    runner.started.connect(watcher.started)
    runner.frames.connect(watcher.frames)
    runner.finished.connect(watcher.finished)
    runner.failed.connect(watcher.failed)
    runner.done.connect(lambda: transport.set_stoppable(False))
    playback.shown.connect(watcher.show)
    scoreboard.seatClicked.connect(watcher.seat_clicked)
    seat_log.turnActivated.connect(playback.show_turn)
