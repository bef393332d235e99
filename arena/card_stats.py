"""Card statistics: what each card of a program did in battle, read off the moments of battles or
replays (:mod:`arena.moments`).

Per program (seats playing the same cards are pooled, whatever their names) and per card: how
often it decided (and its share of the program's choices: turns with two or more possible
moves), with which moves, how often its choice was a draw between equal best moves, what
followed, and where on the field it decided (a heat map of head cells per field size); the
cards that never decided. Choices no card decided (a random pick among the possible moves) are
tallied apart. "What followed" a decision counts the bites the snake made and the segments it
lost from that move up to the end of the :data:`HORIZON`-th step after it; a bite can follow
several decisions, so these are per-decision outlooks, not a partition of the bites.
"""

from __future__ import annotations

import json
import os
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from arena.moments import BattleSource, Moment, battle_moments, battle_source, replay_moments, replay_source
from arena.replay import ReplayError, read_replay
from arena.program_battle import BattleSettings
from engines.snake import Direction
from matcher import Program, program_to_json
from matcher.fileformat import PROGRAM_SUFFIX

HORIZON = 5
"""Steps after a decision whose bites and losses count as what followed it."""
STATS_FORMAT = "snake-card-stats/1"

HeatMaps = dict[tuple[int, int], npt.NDArray[np.int64]]


class StatsError(ValueError):
    """Nothing to count: no replays in a folder, no seat of the asked-for program."""


class StatsInterrupted(KeyboardInterrupt):
    """Ctrl-C while counting replays: what was counted (``stats``) and how far it got: the
    ``done`` replays before ``path`` (the ``number``-th of ``of``) whole, and ``path`` up to
    its ``step`` (None: it was still being read, nothing of it counted)."""

    def __init__(self, stats: list[ProgramStats], path: Path | str, number: int, of: int, step: int | None) -> None:
        super().__init__(f"stopped in {path}")
        self.stats = stats
        self.path = path
        self.number = number
        self.of = of
        self.step = step

    @property
    def counted(self) -> int:
        """How many replays the counts are of, whole or in part."""
        return self.number - (self.step is None)

    def where(self) -> str:
        """``at step 1,204 of c.jsonl (replay 3 of 20): the counts are of replays 1 to 2 and c.jsonl up
        to that step``: how far the counting got, and what the counts cover."""
        place = f"(replay {self.number} of {self.of})"
        before = "" if self.number == 1 else "replay 1" if self.number == 2 else f"replays 1 to {self.number - 1}"
        if self.step is None:
            return f"while reading {self.path} {place}: " + (f"the counts are of {before}" if before else "nothing counted")
        return (f"at step {self.step:,} of {self.path} {place}: the counts are of "
                f"{before + ' and ' if before else ''}{self.path} up to that step")


@dataclass
class CardTally:
    """What one card (or no card: the random picks) did over all its decisions."""

    decided: int = 0
    moves: dict[Direction, int] = field(default_factory=lambda: dict.fromkeys(Direction, 0))
    ties: int = 0
    bites: int = 0
    lost: int = 0
    heat: HeatMaps = field(default_factory=dict)
    """Per field size ``(width, height)``, an int64 (height, width) count of the head's cell."""

    def add(self, moment: Moment, field_size: tuple[int, int], bites: int, lost: int) -> None:
        self.decided += 1
        if moment.move is not None:
            self.moves[moment.move] += 1
        self.ties += moment.tie
        self.bites += bites
        self.lost += lost
        width, height = field_size
        counts = self.heat.setdefault(field_size, np.zeros((height, width), dtype=np.int64))
        x, y = moment.head
        counts[y, x] += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "decided": self.decided,
            "moves": {d.label: n for d, n in self.moves.items()},
            "ties": self.ties,
            "bites": self.bites,
            "lost": self.lost,
            "heat": [{"width": w, "height": h, "counts": counts.tolist()} for (w, h), counts in sorted(self.heat.items())],
        }


@dataclass
class ProgramStats:
    """One program's card statistics over every battle it played in the sources."""

    program: Program
    names: list[str] = field(default_factory=list)
    """The seat names it played under, in order of first appearance."""
    battles: int = 0
    seats: int = 0
    """Seats it held (a battle of a program against itself counts twice)."""
    turns: int = 0
    """Turns it moved or skipped."""
    choices: int = 0
    """Turns with two or more possible moves: the program was asked."""
    cards: list[CardTally] = field(default_factory=list)
    undecided: CardTally = field(default_factory=CardTally)
    """Choices no card decided (every possible move was best)."""

    def __post_init__(self) -> None:
        if not self.cards:
            self.cards = [CardTally() for _ in self.program.cards]

    @property
    def never(self) -> list[int]:
        """The cards (0-based) that never decided."""
        return [i for i, tally in enumerate(self.cards) if tally.decided == 0]

    def share(self, tally: CardTally) -> float:
        return tally.decided / self.choices if self.choices else 0.0

    def to_json(self) -> dict[str, Any]:
        cards = []
        for index, (card, tally) in enumerate(zip(self.program.cards, self.cards)):
            cards.append({"card": index, "description": card.description, "share": round(self.share(tally), 4),
                          **tally.to_json()})
        return {
            "name": self.program.name,
            "seats": self.names,
            "battles": self.battles,
            "turns": self.turns,
            "choices": self.choices,
            "cards": cards,
            "undecided": {"share": round(self.share(self.undecided), 4), **self.undecided.to_json()},
            "never": self.never,
        }


def _key(program: Program) -> str:
    """Programs with the same cards, sets, name and description pool (tests do not matter)."""
    data = program_to_json(program)
    data.pop("tests", None)
    return json.dumps(data, sort_keys=True)


def seat_matches(name: str, seat: str, program: Program) -> bool:
    """Whether ``--program name`` means this seat: its name (with or without ``.snake.json``)
    or its program's name, ignoring case."""
    wanted = name.casefold()
    return wanted in {seat.casefold(), seat.casefold().removesuffix(PROGRAM_SUFFIX), program.name.casefold()}


class StatsBuilder:
    """Collects the statistics of battle after battle."""

    def __init__(self, program_name: str | None = None) -> None:
        self.program_name = program_name
        self.stats: dict[str, ProgramStats] = {}
        self.sources: list[str] = []
        self.seen: dict[str, None] = {}
        """Every seat name and program name met, in order (what ``--program`` could have named)."""

    def add_battle(self, source: BattleSource, moments: Iterable[Moment]) -> None:
        """Count one battle's moments for its seats (only the asked-for program's, if any)."""
        seats = [i for i, (n, p) in enumerate(zip(source.seat_names, source.programs))
                 if self.program_name is None or seat_matches(self.program_name, n, p)]
        self.sources.append(source.name)
        self.seen.update(dict.fromkeys(name for pair in zip(source.seat_names, (p.name for p in source.programs))
                                       for name in pair))
        if not seats:
            return
        entries = {}
        for seat in seats:
            program = source.programs[seat]
            entry = self.stats.setdefault(_key(program), ProgramStats(program))
            entry.seats += 1
            if source.seat_names[seat] not in entry.names:
                entry.names.append(source.seat_names[seat])
            entries[seat] = entry
        for entry in {id(e): e for e in entries.values()}.values():
            entry.battles += 1
        _count(moments, entries, (source.width, source.height))

    def result(self) -> list[ProgramStats]:
        return list(self.stats.values())


def _count(moments: Iterable[Moment], entries: dict[int, ProgramStats], field_size: tuple[int, int]) -> None:
    """Tally one battle's moments: decisions of the seats in ``entries``, and what followed them.
    Moments come in step order; a decision is tallied once its horizon has passed, so only the
    moments of the last :data:`HORIZON` steps are held (every moment of the battle was: 160 MB
    for a replay of 100,000 steps, gigabytes at the million steps a battle may have)."""
    made: dict[int, list[int]] = {}  # per snake the moment indices of its bites
    suffered: dict[int, list[int]] = {}  # per snake the moment indices of bites on it
    open_: deque[tuple[int, Moment, ProgramStats]] = deque()  # decisions whose horizon has not passed

    def tally(index: int, moment: Moment, entry: ProgramStats, end: int) -> None:
        entry.turns += 1
        if len(moment.possible) < 2:
            return
        entry.choices += 1
        bites = _within(made.get(moment.snake, []), index, end)
        lost = _within(suffered.get(moment.snake, []), index, end)
        (entry.undecided if moment.card is None else entry.cards[moment.card]).add(moment, field_size, bites, lost)

    index = -1
    try:
        for index, moment in enumerate(moments):
            while open_ and moment.step > open_[0][1].step + HORIZON:  # the last moment within its horizon was the one before
                tally(*open_.popleft(), index - 1)
            for event in moment.events:
                if event[0] == "bite":
                    made.setdefault(event[1], []).append(index)
                    suffered.setdefault(event[2], []).append(index)
            entry = entries.get(moment.snake)
            if entry is not None:
                open_.append((index, moment, entry))
    finally:  # also when stopped (Ctrl-C): the decisions read count, with what followed them so far
        while open_:
            tally(*open_.popleft(), index)


def _within(indices: list[int], first: int, last: int) -> int:
    return bisect_right(indices, last) - bisect_left(indices, first)


def replay_files(arguments: Sequence[str]) -> list[Path]:
    """Replay files from files and folders: a folder gives its ``*.jsonl`` and those of its
    ``replays/`` folder (a tournament's ``--out``), sorted; each file once."""
    files: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = sorted(path.glob("*.jsonl")) + sorted((path / "replays").glob("*.jsonl"))
            found = [f for f in found if f.name != "games.jsonl"]  # a tournament's game list, not a replay
            if not found:
                raise StatsError(f"{path}: no replays (*.jsonl) in it or in its replays/ folder")
            files.extend(found)
        else:
            files.append(path)
    # A replay named twice (a folder and a file in it, ./a and a) is counted once: it was counted
    # twice, and said "3 battles" of one.
    unique = {os.path.realpath(f): f for f in reversed(files)}
    return [f for f in files if unique.get(os.path.realpath(f)) is f]


def stats_of_replays(paths: Sequence[Path | str], program_name: str | None = None,
                     on_moment: Callable[[int, int], None] | None = None) -> list[ProgramStats]:
    """The card statistics of every program (or only ``program_name``'s) over the replays;
    ``on_moment`` is told each moment's replay (1-based) and step (a progress line). Ctrl-C is a
    :class:`StatsInterrupted` with what was counted (it was all lost)."""
    builder = StatsBuilder(program_name)
    step: int | None = None
    number = 0

    def noted(moments: Iterable[Moment]) -> Iterator[Moment]:
        nonlocal step
        for moment in moments:
            step = moment.step
            if on_moment is not None:
                on_moment(number, step)
            yield moment

    for number, path in enumerate(paths, 1):
        step = None
        try:
            replay = read_replay(path)
            step = 0
            builder.add_battle(replay_source(replay), noted(replay_moments(replay, keep_positions=False)))
        except KeyboardInterrupt:
            raise StatsInterrupted(builder.result(), path, number, len(paths), step) from None
    result = builder.result()
    if program_name is not None and not result:
        raise StatsError(f"no seat plays {program_name!r} in {_files(paths)} (seats and programs there: "
                         f"{', '.join(builder.seen)})")  # it named none: the user guessed again
    return result


def stats_of_battle(programs: Sequence[Program], settings: BattleSettings, names: Sequence[str] = ()) -> list[ProgramStats]:
    """The card statistics of the battle ``programs`` play with ``settings`` (the battle
    :func:`arena.program_battle.play_battle` plays), e.g. the one just watched in the editor."""
    builder = StatsBuilder()
    builder.add_battle(battle_source(programs, settings, names), battle_moments(programs, settings, names, keep_positions=False))
    return builder.result()


def _files(paths: Sequence[Path | str]) -> str:
    return str(paths[0]) if len(paths) == 1 else f"{len(paths)} replays"


__all__ = [
    "CardTally", "HORIZON", "ProgramStats", "ReplayError", "STATS_FORMAT", "StatsBuilder", "StatsError",
    "StatsInterrupted", "replay_files", "seat_matches", "stats_of_battle", "stats_of_replays",
]
