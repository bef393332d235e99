"""Each card's share of the program's decisions in the last battle (or tournament), for the card
list: counted from the battle's replay (:mod:`arena.card_stats`) in a worker thread once the
battle ends.

A share belongs to a card as it was in that battle: the list shows it beside the same card, also
after the cards were reordered, and not beside a card edited since (its share would be about
another card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from arena.card_stats import ProgramStats, stats_of_replays
from editor.widgets.parts.worker_thread import WorkerThread
from matcher.model import Card, Program


@dataclass(frozen=True)
class CardShares:
    """How often each card of ``cards`` decided, of ``choices`` choices, in ``source``."""

    cards: tuple[Card, ...]
    decided: tuple[int, ...]
    choices: int
    source: str
    """What was counted, for people: ``the last battle (seed 7)``."""

    def of(self, card: Card) -> tuple[int, int] | None:
        """``(decided, choices)`` of a card equal to ``card``, None when no counted card is."""
        for counted, decided in zip(self.cards, self.decided):
            if counted == card:
                return decided, self.choices
        return None

    @classmethod
    def from_stats(cls, stats: ProgramStats, source: str) -> CardShares:
        return cls(stats.program.cards, tuple(t.decided for t in stats.cards), stats.choices, source)


def share_text(decided: int, choices: int) -> str:
    """``23%`` (``<1%`` for a card that decided rarely, ``0%`` for never)."""
    if not decided or not choices:
        return "0%"
    percent = 100 * decided / choices
    return "<1%" if percent < 1 else f"{percent:.0f}%"


def program_stats(paths: Sequence[Path], program: Program) -> ProgramStats | None:
    """The statistics of ``program``'s seats in the replays (None when it played none)."""
    return next((s for s in stats_of_replays(paths) if s.program.cards == program.cards
                 and s.program.sets == program.sets), None)


class ShareCounter(WorkerThread):
    """Counts a replay's statistics off the GUI thread; ``counted`` brings the program's
    :class:`ProgramStats` (or None)."""

    counted = Signal(object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__("card statistics", parent)
        self._source = ""
        self.finished.connect(lambda result: self.counted.emit(result, self._source))

    def count(self, paths: Sequence[Path], program: Program, source: str) -> bool:
        """Start counting; False while an earlier count still runs (its battle is older)."""
        if self.is_running():
            return False
        self._source = source
        self._launch(lambda: program_stats(paths, program))
        return True
