"""Playing a whole match against scripted bots (arena/bots/scripted.py), for the referees' unit
tests (tests/arena/test_referee_<game>.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from arena.bots import TurnRecord
from arena.bots.scripted import Reply, Script, ScriptedHost
from arena.games import registry
from arena.match import MatchResult, MatchSetup, RoundInfo, run_match
from arena.replay import verify_replay

ANY_PROGRAM = "true"
"""A seat's bot command: any program will do, a scripted host starts none."""


class Played(NamedTuple):
    host: ScriptedHost
    rounds: list[RoundInfo]
    result: MatchResult


def play(game: str, scripts: list[Script], seed: int = 1, record: Path | None = None,
         cancel: threading.Event | None = None, **options: object) -> Played:
    """A match of ``game`` with a scripted bot per seat: its host, its rounds and its result."""
    host = ScriptedHost(scripts)
    rounds: list[RoundInfo] = []
    setup = MatchSetup(game, (ANY_PROGRAM,) * len(scripts), seed, options)
    result = run_match(setup, host_factory=host, on_round=rounds.append, record=record, cancel=cancel)
    return Played(host, rounds, result)


def first_turn(game: str, reply: Reply, others: Callable[[], Script], folder: Path,
               **options: object) -> tuple[TurnRecord, Any, str]:
    """Seat 0's record, move and result status in a one-round match where it replies ``reply``
    and every other seat plays ``others()``; the match's replay verifies."""
    record = folder / "r.jsonl"
    descriptor = registry.game(game)
    scripts = [Script(reply), *(others() for _ in range(descriptor.min_seats - 1))]
    _, rounds, result = play(game, scripts, record=record, **{descriptor.round_limit: 1}, **options)
    assert verify_replay(record).ok
    records = rounds[0].records
    assert records is not None
    return records[0], rounds[0].moves[0], result.statuses[0]
