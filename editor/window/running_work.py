"""What would be lost by quitting now: a live arena match, a running tournament.

Issue 16: the app quit without a word while a tournament or a match ran. The panes are asked
through ``busy_reason()`` where they have it (a line naming what runs, or None); otherwise from
their workers' state. A battle on the editor's bench is not asked about: it is replayed from its
seed in a second and nothing of it is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QMessageBox, QWidget


class _Tournament(Protocol):
    def is_running(self) -> bool: ...


def _asked(pane: object) -> str | None | bool:
    """The pane's own answer: its reason, None (idle), or False when it cannot say."""
    busy = getattr(pane, "busy_reason", None)
    if not callable(busy):
        return False
    reason = busy()
    return str(reason) if reason else None


def tournament_work(tab: _Tournament) -> str | None:
    reason = _asked(tab)
    if reason is not False:
        return reason if isinstance(reason, str) else None
    return "a tournament is running" if tab.is_running() else None


def arena_work(pane: QWidget) -> str | None:
    """A live match in the arena (a replay loading is not one: the file stays)."""
    reason = _asked(pane)
    if reason is not False:
        return reason if isinstance(reason, str) else None
    runner, playback = getattr(pane, "runner", None), getattr(pane, "playback", None)
    live = runner is not None and runner.is_running() and playback is not None and playback.live
    return "a match is running in the arena" if live else None


def confirm_quit(parent: QWidget, checks: list[Callable[[], str | None]]) -> bool:
    """One question naming everything that runs (each pane's line, e.g. "a tournament is
    running: 3 of 12 games played"); True when nothing runs or the user says Yes."""
    running = [reason for reason in (check() for check in checks) if reason]
    if not running:
        return True
    lines = "\n".join(f"• {reason[0].upper()}{reason[1:]}" for reason in running)
    answer = QMessageBox.question(
        parent, "Quit snakepit?",
        f"Quitting now stops what runs:\n{lines}\n\nQuit anyway?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes
