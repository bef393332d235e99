"""Standings kept up to date while a tournament plays, at the cost of the games that arrived out
of order rather than of all games.

:func:`~arena.tournament.results.compute_standings` counts every finished game in schedule order
each time; the app asked it after every few games, which grew with the tournament (16 ms at 120
games, 50 ms at 840, on the GUI thread). Games finish nearly in schedule order (a pool of ``J``
workers plays games ``i .. i+J-1`` together), so the games before the first unfinished one are
*settled*: counted once, for good. A table asks only the few games past that point to be
counted, on a copy. The result is the same as :func:`compute_standings` on the same games, in
the same order, always. The head-to-head table does not depend on the order: each game is
counted into it as it arrives."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from arena.tournament.crosstable import HeadToHead
from arena.tournament.errors import TournamentError
from arena.tournament.results import GameRecord, Standing, Standings, count_record, ranked


class RunningStandings:
    """The standings of ``entrants`` as games are added (in any order) or skipped (a game that
    will never have a result: it could not be played)."""

    def __init__(self, entrants: Sequence[str], records: Iterable[GameRecord] = (), skipped: Iterable[int] = ()) -> None:
        self.entrants = list(entrants)
        self._settled = {name: Standing(name) for name in self.entrants}
        self._history: list[dict[str, float]] = []
        self._counted: list[int] = []
        self._next = 0  # every game before it is settled (counted, or skipped)
        self._waiting: dict[int, GameRecord] = {}
        self._skipped: set[int] = set()
        self._meetings = HeadToHead(self.entrants)  # order-free: counted as each game arrives
        for index in skipped:
            self.skip(index)
        for record in records:
            self.add(record)

    def add(self, record: GameRecord) -> None:
        unknown = sorted(set(record.seats) - set(self._settled))
        if unknown:
            raise TournamentError(f"game {record.index + 1}: unknown entrant {unknown[0]!r}")
        if record.index < self._next or record.index in self._waiting:
            raise TournamentError(f"game {record.index + 1} is counted twice")
        self._waiting[record.index] = record
        self._meetings.add(record)
        self._settle()

    def skip(self, index: int) -> None:
        self._skipped.add(index)
        self._settle()

    def standings(self) -> Standings:
        """The standings now, as :func:`compute_standings` gives them for the games added."""
        standing = {name: dataclasses.replace(s) for name, s in self._settled.items()}
        history, counted = list(self._history), list(self._counted)
        for index in sorted(self._waiting):
            count_record(self._waiting[index], standing, history, counted)
        return Standings(ranked(standing.values()), history, counted)

    def head_to_head(self) -> HeadToHead:
        """Who beat whom in the games added, as :func:`~arena.tournament.crosstable.head_to_head`
        counts them (a copy: the caller may keep it while games are added)."""
        return self._meetings.copy()

    def _settle(self) -> None:
        while self._next in self._waiting or self._next in self._skipped:
            record = self._waiting.pop(self._next, None)
            if record is not None:
                count_record(record, self._settled, self._history, self._counted)
            self._skipped.discard(self._next)
            self._next += 1

