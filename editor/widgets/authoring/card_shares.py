"""Each card's share of the program's decisions in the last battle or tournament, for the card
list: the battle's (or tournament's) replays counted once it ends, by a worker thread that waits on a
child process (:func:`editor.widgets.stats.stats_count.count_in_child_process`); a later count
replaces the one under way (whose shares the later ones would replace at once anyway).

A share belongs to a card as it was in that battle: the list shows it beside the same card, also
after the cards were reordered, and not beside a card edited since (its share would be about
another card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from arena.card_stats import ProgramStats
from editor.widgets.parts.worker_thread import FunctionJob
from editor.widgets.stats.stats_count import CountedStats, Counter, count_in_child_process
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


def stats_of(counted: CountedStats, program: Program) -> ProgramStats | None:
    """The statistics of the seats that played ``program``'s cards and sets."""
    return next((s for s in counted.programs if (s.program.cards, s.program.sets) == (program.cards, program.sets)),
                None)


@dataclass(frozen=True)
class _Count:
    program: Program
    source: str


class ShareCounter(QObject):
    """Counts replays for one program, the latest count only; ``counted`` brings the whole
    :class:`CountedStats`, the program's :class:`ProgramStats` and what was counted, in words.
    ``counter`` counts in the worker thread (default: in a child process)."""

    counted = Signal(object, object, str)

    def __init__(self, parent: QObject | None = None, counter: Counter = count_in_child_process) -> None:
        super().__init__(parent)
        self.counter = counter
        self.job = FunctionJob("card statistics", parent=self)
        self.job.finished.connect(self._finished)
        self._current: _Count | None = None

    def count(self, files: Sequence[Path], program: Program, source: str) -> None:
        """Count ``files`` for ``program``, in place of the count under way (it is cancelled and
        never heard of)."""
        self._current = _Count(program, source)
        counter, paths = self.counter, list(files)
        self.job.replace(lambda control: counter(paths, control))

    def is_counting(self) -> bool:
        return self.job.is_running()

    def _finished(self, counted: object) -> None:
        done = self._current
        if isinstance(counted, CountedStats) and done is not None:
            stats = stats_of(counted, done.program)
            if stats is not None:
                self.counted.emit(counted, stats, done.source)
