"""The base of every game's referee: what is the same for all games is written here once.

A game's referee (``arena/<game>_referee.py``) gives only how its players are run and asked
(:meth:`GameReferee.start` and its run's ``play_round``). Everything else comes from its
descriptor (:mod:`arena.games.descriptor`: name, seats, typed options) and its engine
(:mod:`engines.protocol`): checking the options, the state before round 1, the replay loop that
re-plays recorded moves, the JSON and text forms, and (with :mod:`arena.verify`) verification.
"""

from __future__ import annotations

import hashlib
import random
import threading
import traceback
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from arena.bots import TurnRecord
from arena.bots.bwrap import SandboxUnavailable
from arena.bots.command import BotCommandError
from arena.bots.limits import LimitsError
from arena.bots.mirror import MirrorError
from arena.bots.sandbox import SandboxError
from arena.bots.script import ScriptError
from arena.bots.uids import UidPoolError
from arena.games.options import OptionError
from arena.match import (
    CANCELLED,
    BotRun,
    EventT,
    GameRun,
    MatchResult,
    MatchSetup,
    MatchSetupError,
    MoveT,
    RoundInfo,
    SeatedBots,
    SeatTally,
    StateT,
)
from arena.replay import Replay, ReplayError, ReplayWriter, VerifyReport, check_idle
from arena.samples import SampleError
from arena.seed import check_seed
from engines.protocol import Game, GameOverError, MoveError, Step

if TYPE_CHECKING:
    from arena.games.descriptor import GameDescriptor

S = TypeVar("S")
B = TypeVar("B")
T = TypeVar("T")

HEADER_ERRORS = (MatchSetupError, OptionError, KeyError, TypeError, ValueError)
"""What a replay header that the engine cannot start from raises."""
SAID_ERRORS = (MatchSetupError, ReplayError, SampleError, OSError, SandboxUnavailable, SandboxError, LimitsError,
               MirrorError, BotCommandError, UidPoolError, ScriptError)
"""What a match's start or round raises on purpose, each in words of its own (a seat, a file,
the sandbox and the bots' limits, a scripted bot's test failing): they go on as they are."""
CODE_FAULTS = (ArithmeticError, AssertionError, AttributeError, LookupError, NameError, RuntimeError, TypeError,
               ValueError)
"""What a bug in a game's code raises (an engine's IndexError, KeyError, AttributeError...): said
as a :class:`GameCodeError`. Anything else goes on as it is: a signal turned into an exception
(``snakepit match``'s SIGTERM) may be raised wherever the match happens to be."""


class GameCodeError(MatchSetupError):
    """A game's own code (its engine or referee: perhaps another package's) raised where it must
    not: the match cannot go on. One line naming the game, when, what was raised and where
    (the file and line, which say whose code it is); the rounds played so far stay recorded."""

    @classmethod
    def of(cls, game: str, when: str, error: BaseException) -> GameCodeError:
        return cls(f"the game {game!r} failed {when}: {code_fault(error)}")


def code_fault(error: BaseException) -> str:
    """``IndexError: list index out of range (at engine.py:60 in step)``: what was raised, and
    the line of the game's code that raised it."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


class GameReferee(ABC, Generic[StateT, MoveT, EventT]):
    """A game as the arena runs it: its states, moves (replay form) and events are those of
    its engine (the registry holds them all as ``GameReferee[Any, Any, Any]``)."""

    descriptor: GameDescriptor
    """Set when the game is registered (:func:`arena.games.registry.register`)."""

    # --- what a game provides ---

    @abstractmethod
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> GameRun:
        """Check the setup (raise :class:`MatchSetupError`) and start the match; no round played."""

    # --- from the descriptor and the engine ---

    @property
    def name(self) -> str:
        return self.descriptor.name

    @property
    def min_seats(self) -> int:
        return self.descriptor.min_seats

    @property
    def max_seats(self) -> int:
        return self.descriptor.max_seats

    @property
    def defaults(self) -> dict[str, Any]:
        """Every option the game takes, with its default."""
        return self.descriptor.defaults

    @property
    def round_limit(self) -> str | None:
        """The option that limits the number of rounds (``snakepit match --rounds``); None when
        the game has none."""
        return self.descriptor.round_limit

    @property
    def engine(self) -> Game[StateT]:
        return self.descriptor.engine

    def resolve_options(self, setup: MatchSetup) -> dict[str, Any]:
        """The setup's options over the defaults, each checked; an unknown option is an error."""
        try:
            return self.descriptor.parse_options(setup.options, len(setup.seats))
        except OptionError as error:
            raise MatchSetupError(str(error)) from None

    def initial_state(self, options: Mapping[str, Any], seats: int) -> StateT:
        """The state before round 1, from resolved options (a replay header's)."""
        return self.engine.start(options, seats)

    def event_json(self, event: EventT) -> Any:
        return self.engine.event_json(event)

    def state_text(self, state: StateT) -> str:
        """The engine's canonical text of a state (its digest goes into the replay)."""
        return self.engine.to_text(state)

    def idle_seats(self, state: StateT) -> Mapping[int, str]:
        """The seats that do not move in the next round, with why."""
        return self.engine.idle(state)

    def check_setup(self, setup: MatchSetup) -> None:
        """Refuse a seed out of range (:mod:`arena.seed`) and a count of seats or names the game
        does not take, before anything starts."""
        check_seed(setup.seed, MatchSetupError)
        count = len(setup.seats)
        if not self.min_seats <= count <= self.max_seats:
            wanted = str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats}..{self.max_seats}"
            raise MatchSetupError(f"{self.name} needs {wanted} seats, got {count}")
        if setup.names and len(setup.names) != count:
            raise MatchSetupError(f"{len(setup.names)} seat names for {count} seats")

    # --- replays ---

    def replay_start(self, replay: Replay) -> StateT:
        """The state before round 1 of ``replay`` (its header's); errors name the header's line."""
        count = len(replay.seats)
        if not self.min_seats <= count <= self.max_seats:
            wanted = str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats}..{self.max_seats}"
            raise ReplayError(f"{replay.path}:1: {replay.game} has {wanted} seats, the header lists {count}")
        try:
            return self.initial_state(replay.options, count)
        except KeyError as error:  # what a referee left out of the header's options (its start's ``resolved``)
            raise ReplayError(f"{replay.path}:1: the header's options have no {error}, which the engine's start "
                              "needs") from None
        except HEADER_ERRORS as error:
            raise ReplayError(f"{replay.path}:1: the header's options: {error}") from None

    def replay_rounds(self, replay: Replay) -> Iterator[RoundInfo[StateT, MoveT, EventT]]:
        """Play the replay's recorded moves through the engine from its header, round by round
        (records as recorded). Raises :class:`ReplayError` naming the round for moves that are
        not moves, moves of seats that could not move, or rounds after the game's end."""
        state = self.replay_start(replay)
        context = self.replay_context(replay)
        engine = self.engine
        rng = engine.rng(replay.seed)
        for index, line in enumerate(replay.rounds, 1):
            where = f"{replay.where(index)}: round {index}"
            outcome = engine.outcome(state)
            if outcome is not None:
                raise ReplayError(f"{where} after the game's end ({outcome.reason})")
            check_idle(replay, index, engine.idle(state))
            try:
                records = records_from_json(line["records"])
                step = self.replay_step(context, state, line["moves"], rng)
            except (MoveError, GameOverError, KeyError, TypeError, ValueError) as error:
                raise ReplayError(f"{where}: {error}") from None
            except CODE_FAULTS as error:  # the game's code, not the replay: say so, and where
                raise ReplayError(f"{where}: the game {self.name!r} failed: {code_fault(error)}") from error
            state = step.state
            yield self.replayed_round(context, self.round_info(index, step.state, step.moves, step.events, records, rng))

    def replay_context(self, replay: Replay) -> Any:
        """What :meth:`replay_step` needs of the header besides the state (snake: the programs)."""
        return None

    def replay_step(self, context: Any, state: StateT, moves: Sequence[MoveT], rng: random.Random) -> Step[StateT]:
        """Play one recorded round: the engine's step with the recorded moves (a game whose moves
        its players' programs can be asked for checks them too)."""
        return self.engine.step(state, moves, rng)

    def replayed_round(self, context: Any, info: RoundInfo[StateT, MoveT, EventT]) -> RoundInfo[StateT, MoveT, EventT]:
        """A replayed round as the caller gets it: what :meth:`replay_step` learnt beyond the
        recorded line may be added (snake: how long each program took to choose again)."""
        return info

    def round_info(self, index: int, state: StateT, moves: Sequence[MoveT], events: Sequence[EventT],
                   records: tuple[TurnRecord, ...] | None, rng: random.Random) -> RoundInfo[StateT, MoveT, EventT]:
        """Round ``index`` as it was played (live or replayed): the ranks are those a match
        ending with it gets (drawn from a copy of the match's generator where a game draws
        them, so the match is not disturbed)."""
        engine = self.engine
        outcome = engine.outcome(state)
        lot = random.Random()
        lot.setstate(rng.getstate())
        return RoundInfo(index, state, records, tuple(moves), tuple(events), engine.scores(state),
                         None if outcome is None else outcome.reason, engine.ranks(state, lot))

    def start_scores(self, replay: Replay) -> tuple[int, ...]:
        """The scores before any round (what a result after zero rounds says)."""
        return self.engine.scores(self.replay_start(replay))

    def start_end(self, replay: Replay) -> str | None:
        """Why the game of ``replay``'s header is over before any round (None: it is not)."""
        outcome = self.engine.outcome(self.replay_start(replay))
        return None if outcome is None else outcome.reason

    def replayed_ranks(self, replay: Replay, last: RoundInfo[StateT, MoveT, EventT] | None) -> tuple[int, ...]:
        """The ranks of a replayed match whose last round is ``last`` (None: it stopped before
        round 1), finished or cancelled."""
        if last is not None and last.ranks is not None:
            return last.ranks
        state = self.replay_start(replay)
        return self.engine.ranks(state, self.engine.rng(replay.seed))

    # --- the round loop, the replay's lines, verification ---

    def digest(self, state: StateT) -> str:
        return "sha256:" + hashlib.sha256(self.state_text(state).encode()).hexdigest()[:32]

    def checked(self, info: RoundInfo[StateT, MoveT, EventT]) -> dict[str, Any]:
        """What verification compares in a round: the moves the engine applied (so a seat's move
        left out or written another way shows), the events, the scores, the state."""
        return {"moves": list(info.moves), "events": [self.event_json(e) for e in info.events],
                "scores": list(info.scores), "state": self.digest(info.state)}

    def round_json(self, info: RoundInfo[StateT, MoveT, EventT]) -> dict[str, Any]:
        """The replay line of a round (without ``type`` and ``round``)."""
        records = None if info.records is None else [r.to_json() for r in info.records]
        return {"moves": list(info.moves), "records": records, **self.checked(info)}

    def play(self, setup: MatchSetup, *, writer: ReplayWriter | None = None,
             on_round: Callable[[RoundInfo[StateT, MoveT, EventT]], None] | None = None, cancel: threading.Event | None = None,
             host_root: Path | None = None, bot_env: Mapping[str, str] | None = None) -> MatchResult:
        """Start and play a whole match."""
        self.check_setup(setup)
        with self.started(setup, host_root=host_root, bot_env=bot_env) as run:
            return self.drive(run, setup, writer=writer, on_round=on_round, cancel=cancel)

    def started(self, setup: MatchSetup, *, host_root: Path | None = None,
                bot_env: Mapping[str, str] | None = None) -> GameRun:
        """:meth:`start`, with a fault of the game's code said as a :class:`GameCodeError`."""
        return self._game_code(lambda: self.start(setup, host_root=host_root, bot_env=bot_env), "to start")

    def drive(self, run: GameRun, setup: MatchSetup, *, writer: ReplayWriter | None = None,
              on_round: Callable[[RoundInfo[StateT, MoveT, EventT]], None] | None = None,
              cancel: threading.Event | None = None) -> MatchResult:
        """Play a started match to its end (or until ``cancel``), recording every round."""
        tally = SeatTally(len(setup.seats))
        if writer is not None:
            writer.header(self.name, setup.seed, run.seats, run.options)
        end = self._game_code(run.end, self._in_round(run.rounds + 1))
        while end is None:
            info = None if cancel is not None and cancel.is_set() else self._game_code(
                lambda: run.play_round(cancel), self._in_round(run.rounds + 1))
            if info is None:
                end = CANCELLED
                break
            tally.add(info.records)
            if writer is not None:
                # (the engine's JSON and text: the game's code too)
                writer.round(self._game_code(lambda: self.round_json(info), self._in_round(run.rounds)))
            if on_round is not None:
                on_round(info)
            end = self._game_code(run.end, self._in_round(run.rounds))
        scores, ranks = self._game_code(lambda: (run.scores(), run.ranks()), self._in_round(run.rounds))
        result = MatchResult(
            self.name, setup.seed, run.rounds, end, scores, ranks, tally.statuses(), tally.times(), tuple(tally.counts),
        )
        if writer is not None:
            writer.result(result.replay_json())
        return result

    def _game_code(self, call: Callable[[], T], when: str) -> T:
        """``call()``, work of the game's code (``when``: "to start", "in move 3"): what it raises
        unsaid is a :class:`GameCodeError`."""
        try:
            return call()
        except SAID_ERRORS:
            raise
        except CODE_FAULTS as error:
            raise GameCodeError.of(self.name, when, error) from error

    def _in_round(self, number: int) -> str:
        return f"in {self.descriptor.round_noun} {number}"

    def verify(self, replay: Replay, on_round: Callable[[int], None] | None = None) -> VerifyReport:
        """Re-simulate ``replay`` and compare it round by round and its result line
        (see :mod:`arena.verify`); ``on_round`` is told each round's number once checked."""
        from arena.verify import verify_rounds

        return verify_rounds(self, replay, on_round)

    def record_problems(self, info: RoundInfo[StateT, MoveT, EventT]) -> list[str]:
        """Where a replayed round's records (as recorded) disagree with its moves, one line per
        seat: a seat the referee did not run has no move; games add their own rules."""
        from arena.verify import skipped_seat_problems

        return skipped_seat_problems(info)


class RefereedRun(BotRun, Generic[S, B]):
    """A bot game's match whose end, scores and ranks are its engine's (a referee's run adds how
    its bots are asked: ``play_round``). ``rng`` is the match's generator, from its seed."""

    state: S
    bots: list[B]

    def __init__(self, referee: GameReferee, seated: SeatedBots[B], state: S, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(seated.host, seated.bots, state, seated.seats, options)
        self.referee = referee
        self.engine: Game[S] = referee.engine
        self.rng = self.engine.rng(seed)

    def end(self) -> str | None:
        outcome = self.engine.outcome(self.state)
        return None if outcome is None else outcome.reason

    def scores(self) -> tuple[int, ...]:
        return self.engine.scores(self.state)

    def ranks(self) -> tuple[int, ...]:
        return self.engine.ranks(self.state, self.rng)


def records_from_json(value: Any) -> tuple[TurnRecord, ...] | None:
    """A replay round's records (None for in-process programs); a missing record is a skip."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError(f"'records' must be a list or null, got {value!r:.80}")
    return tuple(TurnRecord.from_json(r) if r is not None else TurnRecord.skipped("") for r in value)
