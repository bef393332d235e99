"""Playing one game of a tournament or duel, in whichever process (or cluster worker) runs it,
through the common match API (:func:`arena.match.run_match`), so every game's replay is a match
replay the arena pane opens.

Entrants are resolved once, in the process that starts the tournament: a snake program is read
and checked, and its text travels in every task (a cluster worker needs no copy of the file, and
an edit during the tournament changes nothing); a bot command line is made absolute (its files
must exist wherever the game is played).

A game is *finished* or *cancelled*: a cancelled game (the tournament was stopped) has no outcome
and is played again from its seed when the tournament resumes."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol, cast

from arena.bots import BotCommand, BotCommandError
from arena.games import registry
from arena.match import GAMES, MatchSetup, MatchSetupError, run_match
from arena.samples import SampleError, resolve_bot, resolve_program
from arena.tournament.errors import TournamentError
from matcher import ProgramError, loads_program
from matcher.fileformat import read_text

SNAKE = "snake"


class CancelFlag(Protocol):
    """What a game polls to stop early: a ``threading.Event`` or a ``multiprocessing`` one."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class GameOutcome:
    """One finished game, seat by seat."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    rounds: int


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play game ``index``: picklable, no open files.

    ``sources`` holds the snake programs' text per seat (None for bot games). With ``replay`` the
    worker writes the replay there (shared file system); with ``capture`` it returns the text."""

    index: int
    game: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    sources: tuple[str, ...] | None = None
    replay: str | None = None
    capture: bool = False


@dataclass(frozen=True)
class TaskResult:
    task: GameTask
    outcome: GameOutcome | None
    """None: cancelled, or failed (then ``error`` says why)."""
    replay_text: str | None = None
    error: str | None = None
    """Why the game could not be played: its worker process died (see :mod:`arena.tournament.pool`)."""


def seat_range(game: str) -> tuple[int, int]:
    """``(min, max)`` seats of ``game``; a clear error for an unknown game."""
    referee = GAMES.get(game)
    if referee is None:
        raise TournamentError(registry.unknown_game(game))
    return referee.min_seats, referee.max_seats


def resolve_entrant(game: str, argument: str, where: str) -> tuple[str, str | None]:
    """The seat string for an entrant argument and, for snake, the program text (read and
    checked now, so a bad file stops the tournament before it starts)."""
    seat_range(game)  # an unknown game first
    if game != SNAKE:
        try:
            return str(BotCommand.parse(resolve_bot(game, argument))), None
        except (BotCommandError, SampleError) as err:
            raise TournamentError(f"{where}: {err}") from None
    path = resolve_program(argument)
    try:
        text = read_text(path)
        loads_program(text, os.fspath(path))
    except ProgramError as err:
        raise TournamentError(f"{where}: {err}") from None
    return os.fspath(path.resolve()), text


def check_setup(game: str, entrants: Sequence[tuple[str, str]], seats: int, options: Mapping[str, Any],
                label: str = "--entrant ") -> None:
    """Refuse bad options and entrants before anything is played: each ``(name, seat)`` entrant
    is set up (not played) in every seat of a game with these options. Errors about an entrant
    start with ``label`` and its name. A file the match writes (kingdoms' ``history``) is
    refused: every game would write over the others' (and setting up an entrant opens it)."""
    referee = GAMES[game]
    for option in referee.descriptor.options:
        if option.writes and options.get(option.name) is not None:
            flag = option.cli_flag or option.name
            raise TournamentError(f"{flag} {options[option.name]}: every game of a tournament would write over that "
                                  f"one file; `snakepit match {game} {flag} FILE` writes a match's")
    for name, seat in entrants:
        setup = MatchSetup(game, (seat,) * seats, 0, options)
        try:
            referee.check_setup(setup)
            with referee.started(setup):
                pass
        except MatchSetupError as err:
            message = str(err)
            if message.startswith("seat "):  # about the entrant, not the options
                raise TournamentError(f"{label}{name}: {message.partition(': ')[2]}") from None
            raise TournamentError(message) from None


def play_game(
    game: str,
    seats: Sequence[str],
    seed: int,
    replay: Path | None,
    *,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    cancel: CancelFlag | None = None,
) -> GameOutcome | None:
    """Play one game to its end, the replay written to ``replay``; None when ``cancel`` stopped
    it first."""
    task = GameTask(0, game, tuple(seats), tuple(names or ()), seed, dict(options or {}))
    return _play(task, replay, cancel)


def run_task(task: GameTask, cancel: CancelFlag | None = None) -> TaskResult:
    """Play ``task`` in this process: the replay goes to ``task.replay`` through a ``.part`` file
    renamed at the end (so a replay file always belongs to a finished game), or is returned
    (captured in memory: a worker killed mid-game leaves no file behind)."""
    if task.capture:
        buffer = io.StringIO()
        outcome = _play(task, buffer, cancel)
        return TaskResult(task, outcome, buffer.getvalue() if outcome else None)
    if task.replay is None:
        return TaskResult(task, _play(task, None, cancel))
    part = Path(task.replay + ".part")
    try:
        outcome = _play(task, part, cancel)
        if outcome is not None:
            os.replace(part, task.replay)
    finally:
        part.unlink(missing_ok=True)
    return TaskResult(task, outcome)


def _play(task: GameTask, replay: Path | IO[str] | None, cancel: CancelFlag | None) -> GameOutcome | None:
    # Snake programs travel as their text, which is a seat the snake referee takes as it is: no
    # file is written for them.
    seats = task.sources if task.sources is not None else task.seats
    setup = MatchSetup(task.game, seats, task.seed, task.options, task.names)
    # The match only polls ``cancel.is_set()``, which a multiprocessing event has too.
    result = run_match(setup, record=replay, cancel=cast(threading.Event | None, cancel))
    if result.cancelled:
        return None
    return GameOutcome(tuple(float(s) for s in result.scores), tuple(result.ranks), tuple(result.statuses), result.rounds)

