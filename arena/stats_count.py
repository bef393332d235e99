"""Counting card statistics over many replays, replay by replay, so that the counter can report
progress and stop between two replays (the app counts in a child process of its own:
:mod:`arena.stats_process`). A replay that cannot be read (damaged, another game's, programs
that do not play its moves) is skipped and named, never the end of the count: the others still
count."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from arena.card_stats import ProgramStats, StatsBuilder
from arena.moments import replay_moments, replay_source
from arena.replay import read_replay


@dataclass(frozen=True)
class CountedStats:
    """Every program's statistics over the replays that could be read, and why the others
    could not (one line each, naming the file and line)."""

    programs: list[ProgramStats]
    replays: int
    skipped: list[str] = field(default_factory=list)

    def playing_as(self, seat: str) -> ProgramStats | None:
        """The statistics of the program that played as ``seat`` (a seat name in the replays)."""
        return next((stats for stats in self.programs if seat in stats.names), None)


def count_stats(files: Sequence[Path], step: Callable[[int, int], None] | None = None) -> CountedStats:
    """The card statistics of every program in the replay ``files``; ``step(done, total)`` is
    called before each replay and at the end (it may raise to stop the count)."""
    builder = StatsBuilder()
    skipped: list[str] = []
    for done, path in enumerate(files):
        if step is not None:
            step(done, len(files))
        try:
            replay = read_replay(path)
            source = replay_source(replay)
            moments = list(replay_moments(replay, keep_positions=False))  # all read before any is counted
        except (ValueError, OSError) as err:
            skipped.append(_reason(path, err))
            continue
        builder.add_battle(source, moments)
    if step is not None:
        step(len(files), len(files))
    return CountedStats(builder.result(), len(files) - len(skipped), skipped)


def _reason(path: Path, err: BaseException) -> str:
    if isinstance(err, OSError):
        return f"{path}: {err.strerror or err}"
    text = str(err)
    return text if text.startswith(str(path)) else f"{path}: {text}"
