"""The common match API of every game: set a match up, run it (with a replay, a per-round callback
and a cancel button), get its result; the registry of referees; verification of replays.

::

    setup = MatchSetup("worms", seats=("heuristic_bot", "bot.py", "greedy.sh", "./mybot"), seed=7,
                       options={"map": "meadow", "time_limit": 1.0})
    result = run_match(setup, record=Path("m.jsonl"), on_round=print, cancel=stop_event)
    result.to_json()  # {"game": "worms", "rounds": 212, "scores": [...], "ranks": [...], "statuses": [...]}

A game plugs in as a :class:`GameReferee` (its rules of play, its options, how it re-simulates a
replay) registered in :data:`GAMES`; everything here is game-agnostic: the round loop, the replay
lines, the tally of statuses and times, cancelling, verification.

Statuses: each seat's label in a result is ``"ok"`` when its bot never misbehaved, else the worst
status it ever got, worst first: disqualified, killed, crashed, timeout, invalid_output. A turn
the referee skipped (a dead or frozen player) is no misbehaviour.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Generic, NamedTuple

if TYPE_CHECKING:
    # PEP 696 defaults (Python 3.13's typing): a bare ``RoundInfo`` is ``RoundInfo[Any, Any, Any]``
    # where the game is not known (the match API, the CLI, the GUI).
    from typing_extensions import TypeVar
else:
    from typing import TypeVar as _TypeVar

    def TypeVar(name: str, default: object = None) -> Any:  # noqa: N802 (typing's name)
        return _TypeVar(name)

from arena.bots import (
    UNSANDBOXED,
    BotCommand,
    BotCommandError,
    BotHost,
    BotStatus,
    HostFactory,
    Host,
    Limits,
    LimitsError,
    SandboxPolicy,
    SandboxUnavailable,
    TurnRecord,
)
from arena.replay import Replay, ReplayError, ReplayWriter
from arena.samples import SampleError, resolve_bot

SEVERITY = (
    BotStatus.DISQUALIFIED, BotStatus.KILLED, BotStatus.CRASHED, BotStatus.TIMEOUT, BotStatus.INVALID_OUTPUT,
)
"""Misbehaviours, worst first: a seat's result status is the first of these it ever got."""
CANCELLED = "cancelled"
"""The end reason of a match stopped through its ``cancel`` event."""


class MatchSetupError(ValueError):
    """A match that cannot start: unknown game, wrong number of seats, a bad option, a bot that
    does not exist, a map that is not a playfield. One line naming the seat, file or option.

    One about a seat (:meth:`of_seat`) keeps the seat, counted from 0 as the command line and
    the files count them, and what is wrong with it (``detail``), so that a form that counts its
    rows from 1 can say it in its own numbers."""

    def __init__(self, message: str, seat: int | None = None, detail: str = "") -> None:
        super().__init__(message)
        self.seat = seat
        self.detail = detail or message

    @classmethod
    def of_seat(cls, seat: int, detail: object) -> MatchSetupError:
        return cls(f"seat {seat}: {detail}", seat, str(detail))


@dataclass(frozen=True)
class MatchSetup:
    """Everything that decides a match. Plain data, so it can go to another process.

    ``seats``: per seat a bot (a path or a command line) or, for snake, a program file or sample
    name. ``options``: the game's options (see each referee's ``defaults``); options left out take
    the defaults. ``names``: what to call the seats (default: their program's file name)."""

    game: str
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()


StateT = TypeVar("StateT", default=Any)
"""A game's state (its engine's, immutable)."""
MoveT = TypeVar("MoveT", default=Any)
"""A seat's move in a game's replay (JSON) form, None (for a seat that did not move) included."""
EventT = TypeVar("EventT", default=Any)
"""One of a game's events (its engine's)."""


@dataclass(frozen=True)
class RoundInfo(Generic[StateT, MoveT, EventT]):
    """One round (one turn, for turn-based games) as it was played, for a GUI or progress:
    ``RoundInfo[State, Move, Event]`` of a game whose referee is a ``GameReferee[State, Move, Event]``."""

    index: int
    """1 for the first round."""
    state: StateT
    """The engine's state after the round (immutable)."""
    records: tuple[TurnRecord, ...] | None
    """Per seat how its bot did (skipped when it was not run); None for in-process programs."""
    moves: tuple[MoveT, ...]
    """Per seat the move the engine applied, in its replay (JSON) form."""
    events: tuple[EventT, ...]
    """The engine's events, in order."""
    scores: tuple[int, ...]
    end: str | None = None
    """Why the game ended with this round, if it did."""
    ranks: tuple[int, ...] | None = None
    """The ranks a match ending with this round gets (where the referee works them out)."""

    @property
    def bot_records(self) -> tuple[TurnRecord, ...]:
        """``records`` of a game played by bots; a ValueError for in-process programs (snake)."""
        if self.records is None:
            raise ValueError(f"round {self.index} was played by in-process programs: it has no bot records")
        return self.records


class SeatTime(NamedTuple):
    """A seat's bot time over a match: seconds of wall clock while it ran, and CPU."""

    wall: float
    cpu: float


@dataclass(frozen=True)
class MatchResult:
    game: str
    seed: int
    rounds: int
    end: str
    """The engine's end reason (``"flowers_eaten"``, ``"rounds"``, ...) or ``"cancelled"``."""
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    """Per seat ``"ok"`` or its worst misbehaviour (see the module doc)."""
    seat_times: tuple[SeatTime, ...]
    status_counts: tuple[dict[str, int], ...] = ()
    """Per seat how many turns ended with each status (labels)."""

    @property
    def cancelled(self) -> bool:
        return self.end == CANCELLED

    def to_json(self) -> dict[str, Any]:
        """The command line's final line."""
        return {"game": self.game, "rounds": self.rounds, "scores": list(self.scores), "ranks": list(self.ranks),
                "statuses": list(self.statuses)}

    def replay_json(self) -> dict[str, Any]:
        """The replay's result line (without its ``type``)."""
        return {"rounds": self.rounds, "end": self.end, "scores": list(self.scores), "ranks": list(self.ranks),
                "statuses": list(self.statuses),
                "seat_times": [{"wall": round(t.wall, 6), "cpu": round(t.cpu, 6)} for t in self.seat_times]}


class SeatTally:
    """Statuses and times of every seat, round by round."""

    def __init__(self, seats: int) -> None:
        self.counts: list[dict[str, int]] = [{} for _ in range(seats)]
        self.worst: list[BotStatus | None] = [None] * seats
        self.wall = [0.0] * seats
        self.cpu = [0.0] * seats

    def add(self, records: Sequence[TurnRecord] | None) -> None:
        for seat, record in enumerate(records or ()):
            label = record.status.label
            self.counts[seat][label] = self.counts[seat].get(label, 0) + 1
            self.wall[seat] += record.wall_time
            self.cpu[seat] += record.cpu_time
            if record.status in SEVERITY:
                worst = self.worst[seat]
                if worst is None or SEVERITY.index(record.status) < SEVERITY.index(worst):
                    self.worst[seat] = record.status

    def statuses(self) -> tuple[str, ...]:
        return tuple(BotStatus.OK.label if worst is None else worst.label for worst in self.worst)

    def times(self) -> tuple[SeatTime, ...]:
        return tuple(SeatTime(w, c) for w, c in zip(self.wall, self.cpu))


# --- the game interface -----------------------------------------------------------------------


class GameRun(ABC):
    """One match being played, made by :meth:`GameReferee.start`: owns its bots until closed."""

    seats: list[dict[str, Any]]
    """Per seat ``{"name", "command"}`` (or what the game records about it) for the header."""
    options: dict[str, Any]
    """The options resolved to plain JSON values, the map's text included: the replay header's,
    enough to play the match again from the seed and the moves."""
    state: Any
    """The engine's current state: before round 1 the start, then after the last round played."""
    rounds: int = 0

    @abstractmethod
    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        """Play the next round; None when ``cancel`` was set during it (the round is dropped)."""

    @abstractmethod
    def end(self) -> str | None:
        """Why the game is over, or None while it goes on."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]: ...

    @abstractmethod
    def ranks(self) -> tuple[int, ...]: ...

    def close(self) -> None:
        """Kill whatever bot still runs and remove the seats' folders (idempotent)."""

    def __enter__(self) -> GameRun:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class BotRun(GameRun):
    """A match of subprocess bots: ``host`` owns their processes (closing the run kills them and
    removes their folders), ``bots`` are the seats' bots in seat order."""

    def __init__(self, host: Host, bots: Sequence[Any], state: Any, seats: list[dict[str, Any]],
                 options: dict[str, Any]) -> None:
        self.host = host
        self.bots = list(bots)
        self.state = state
        self.seats = seats
        self.options = options

    def close(self) -> None:
        self.host.close()


# --- helpers for referees ----------------------------------------------------------------------


def seat_seed(seed: int, seat: int) -> int:
    """A seat's own seed (``BOT_SEED``), derived from the match seed: stable across Python
    versions and machines, unrelated between seats."""
    digest = hashlib.sha256(f"snakepit-seat/{seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_commands(setup: MatchSetup) -> list[BotCommand]:
    """Each seat's bot command, resolved against the current folder, or the game's sample bot
    the seat names (``heuristic_bot``, ``greedy``: see :func:`arena.samples.find_sample_bot`);
    errors name the seat."""
    commands = []
    for seat, text in enumerate(setup.seats):
        try:
            commands.append(BotCommand.parse(resolve_bot(setup.game, text)))
        except (BotCommandError, SampleError) as error:
            raise MatchSetupError.of_seat(seat, error) from None
    return commands


def seat_names(setup: MatchSetup, commands: Sequence[BotCommand]) -> list[dict[str, Any]]:
    """The header's seats: a name and the command. The name is the given one, else what the
    command runs: an interpreter's script (``python3 -u bot.py``: ``bot.py``), ``python3 -m``'s
    module, ``python3 -c`` (``sh -c``, ``node -e``) for code on the command line, else the
    program's file name (a bot's own arguments are no name: ``./mybot data.txt`` is ``mybot``)."""
    inline = {"python": "-c", "pypy": "-c", "sh": "-c", "bash": "-c", "dash": "-c", "zsh": "-c", "ksh": "-c",
              "node": "-e", "ruby": "-e", "perl": "-e", "php": "-r", "lua": "-e", "Rscript": "-e", "julia": "-e"}
    """Interpreters (a version suffix aside: ``python3.12``) and their option for inline code."""
    valued = {"-X", "-W", "-r", "--require"}
    """Interpreter options whose value is the next argument."""

    def name_of(argv: Sequence[str]) -> str:
        program = Path(argv[0]).name
        interpreter = program.rstrip("0123456789.")
        if interpreter not in inline:
            return program
        rest = iter(argv[1:])
        for arg in rest:
            if arg == inline[interpreter]:
                return f"{program} {arg}"
            if arg == "-m":
                return next(rest, program)
            if arg in valued:
                next(rest, None)
            elif not arg.startswith("-"):
                return Path(arg).name
        return program

    seats = []
    for seat, command in enumerate(commands):
        name = setup.names[seat] if setup.names else name_of(command.argv)
        seats.append({"name": name, "command": str(command)})
    return seats


def time_limit_option(value: Any) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise MatchSetupError(f"option time_limit: expected a positive number of seconds, got {value!r}")
    return seconds


def rounds_option(value: Any) -> int | None:
    """The ``rounds`` option: None (the map's or playfield's own limit) or a positive count."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MatchSetupError(f"option rounds: expected a positive whole number, got {value!r}")
    return value


def limits_option(value: Any) -> Limits:
    """The ``limits`` option: None (the defaults), a :class:`Limits`, or a mapping of its fields."""
    if value is None:
        return Limits()
    if isinstance(value, Limits):
        return value
    if isinstance(value, Mapping):
        for key, item in value.items():
            _check_limit(key, item)
        try:
            return Limits(**value)
        except (TypeError, LimitsError) as error:
            raise MatchSetupError(f"option limits: {error}") from None
    raise MatchSetupError(f"option limits: expected a mapping of limits, got {value!r}")


MOST_PROCESSES = 4_194_303
"""The most ``processes`` a seat may be given: a seat's cgroup counts its launcher too, and the
kernel takes no ``pids.max`` above 4194304."""
MOST_OF_A_LIMIT = 2**62
"""The most any other limit may be (bytes, seconds, files): what the kernel's limits hold."""


def _check_limit(key: object, item: object) -> None:
    """One ``limits`` entry of a user's (``--option limits={...}``): a field of :class:`Limits`
    with a whole number in the range the kernel takes (null where the field allows it). A float,
    text or a huge number ended in ``Invalid argument``, ``'<=' not supported`` or a seat's
    sandbox gone, in no words of the option's."""
    kinds = {f.name: str(f.type) for f in dataclasses.fields(Limits)}
    if key not in kinds:
        raise MatchSetupError(f"option limits: unknown limit {key!r:.60} (limits: {', '.join(kinds)})")
    if kinds[str(key)] == "bool":
        if not isinstance(item, bool):
            raise MatchSetupError(f"option limits: {key} must be true or false, got {item!r:.60}")
        return
    nullable = "None" in kinds[str(key)]
    if item is None and nullable:
        return
    high = MOST_PROCESSES if key == "processes" else MOST_OF_A_LIMIT
    if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= high:
        null = " or null (no limit)" if nullable else ""
        raise MatchSetupError(f"option limits: {key} must be a whole number from 1 to {high}{null}, got {item!r:.60}")


SANDBOX_DEFAULTS: Mapping[str, Any] = {"sandbox": True, "network": ()}
"""Options of every bot game: ``sandbox`` False runs the bots unsandboxed (``--no-sandbox``,
said in the replay header), ``network``: the seats (0-based) allowed the host's network."""


def sandbox_option(options: Mapping[str, Any], seats: int) -> SandboxPolicy:
    """The sandbox policy from the ``sandbox`` and ``network`` options."""
    enabled = options.get("sandbox", True)
    if not isinstance(enabled, bool):
        raise MatchSetupError(f"option sandbox: expected true or false, got {enabled!r}")
    network = options.get("network") or ()
    if isinstance(network, (str, bytes)) or not isinstance(network, (list, tuple, set, frozenset)):
        raise MatchSetupError(f"option network: expected a list of seats, got {network!r}")
    for seat in network:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise MatchSetupError(f"option network: seat {seat!r} is not a seat of this match (0..{seats - 1})")
    return SandboxPolicy(enabled=enabled, network=frozenset(network)) if enabled else UNSANDBOXED


def sandbox_header(policy: SandboxPolicy) -> dict[str, Any]:
    """What a replay header's options say of the sandbox: only what differs from the default
    (so replays of sandboxed matches read as before)."""
    said: dict[str, Any] = {}
    if not policy.enabled:
        said["sandbox"] = False
    if policy.network:
        said["network"] = sorted(policy.network)
    return said


_HOST_FACTORY: ContextVar[HostFactory | None] = ContextVar("snakepit_host_factory", default=None)


@contextmanager
def hosted_by(factory: HostFactory) -> Iterator[None]:
    """Bot games started inside get their host from ``factory`` instead of a :class:`BotHost`:
    how the referees' tests give them scripted bots (:mod:`arena.bots.scripted`). A context, not
    a parameter of every referee's ``start``, so that only tests ever see it."""
    token = _HOST_FACTORY.set(factory)
    try:
        yield
    finally:
        _HOST_FACTORY.reset(token)


def bot_host(options: Mapping[str, Any], seats: int, limits: Limits, host_root: Path | None,
             bot_env: Mapping[str, str] | None) -> Host:
    """The :class:`BotHost` of a bot game's match, sandboxed as its options say; a machine that
    cannot sandbox is a :class:`MatchSetupError` naming the missing piece and the fix. (Inside
    :func:`hosted_by`, the host its factory makes.)"""
    policy = sandbox_option(options, seats)
    factory = _HOST_FACTORY.get()
    if factory is not None:
        return factory(limits, policy, host_root, bot_env)
    try:
        return BotHost(limits, root=host_root, env=bot_env, policy=policy)
    except SandboxUnavailable as error:
        raise MatchSetupError(str(error)) from None


B = TypeVar("B")


class SeatedBots(NamedTuple, Generic[B]):
    """A bot game's seats at the start: the host owning their processes, each seat's bot, and
    the replay header's seats (names and commands)."""

    host: Host
    bots: list[B]
    seats: list[dict[str, Any]]


def start_seats(setup: MatchSetup, options: Mapping[str, Any], resolved: dict[str, Any],
                start: Callable[[Host, int, BotCommand, dict[str, str]], B],
                host_root: Path | None, bot_env: Mapping[str, str] | None) -> SeatedBots[B]:
    """Every seat's bot, made by ``start(host, seat, command, env)`` (``env``: the seat's
    ``BOT_SEED``) in one host sandboxed and limited as the options say; the header's options
    (``resolved``) get what it says of the sandbox. If any seat fails to start, the host and the
    bots started so far are closed before the error goes on."""
    commands = bot_commands(setup)
    host = bot_host(options, len(setup.seats), limits_option(options["limits"]), host_root, bot_env)
    resolved.update(sandbox_header(host.policy))
    try:
        bots = [start(host, seat, command, {"BOT_SEED": str(seat_seed(setup.seed, seat))})
                for seat, command in enumerate(commands)]
    except BaseException:
        host.close()
        raise
    return SeatedBots(host, bots, seat_names(setup, commands))


def check_replay_seats(replay: Replay, seats: int) -> None:
    if len(replay.seats) != seats:
        raise ReplayError(f"{replay.path}:1: {replay.game} has {seats} seats, the header lists {len(replay.seats)}")


# --- the registry and the entry point -----------------------------------------------------------


class _Games(Mapping[str, "GameReferee"]):
    """Every game's referee by name, from the game registry (built-in games and those other
    packages add through the ``snakepit.games`` entry points), loaded on first use."""

    def __getitem__(self, name: str) -> GameReferee:
        return registry.games()[name].referee

    def __iter__(self) -> Iterator[str]:
        return iter(registry.games())

    def __len__(self) -> int:
        return len(registry.games())


GAMES: Mapping[str, GameReferee] = _Games()
"""Every game the arena can run, by name."""


def run_match(
    setup: MatchSetup, *, record: Path | str | IO[str] | None = None, on_round: Callable[[RoundInfo], None] | None = None,
    cancel: threading.Event | None = None, host_root: Path | None = None, bot_env: Mapping[str, str] | None = None,
    on_start: Callable[[GameRun], None] | None = None, host_factory: HostFactory | None = None,
) -> MatchResult:
    """Play a match. ``record``: write the replay there as the match runs (a file created only
    once the setup is known to be good, or an open text stream). ``on_round``: called after every round, in this thread.
    ``cancel``: set it from any thread to stop the match; running bots are killed within
    ~0.02 s, and the result's ``end`` is ``"cancelled"``. ``host_root``: where the seats' scratch
    folders are made; ``bot_env``: extra environment variables for every bot. ``on_start``:
    called once the setup is checked, before round 1, with the run (its ``state``, ``options``
    and ``seats``: what a board view shows first). ``host_factory``: what hosts the bots instead
    of a :class:`BotHost` (tests: :class:`arena.bots.scripted.ScriptedHost`; see :func:`hosted_by`).

    Raises :class:`MatchSetupError` before anything starts for a bad setup."""
    referee = GAMES.get(setup.game)
    if referee is None:
        raise MatchSetupError(registry.unknown_game(setup.game))
    referee.check_setup(setup)
    with hosted_by(host_factory) if host_factory is not None else nullcontext(), \
            referee.started(setup, host_root=host_root, bot_env=bot_env) as run:
        writer = None if record is None else ReplayWriter.open(record) if isinstance(record, (Path, str)) else \
            ReplayWriter(record)
        try:
            if on_start is not None:
                on_start(run)
            return referee.drive(run, setup, writer=writer, on_round=on_round, cancel=cancel)
        finally:
            if writer is not None:
                writer.close()


from arena.games import registry  # noqa: E402  (the referees it loads import this module)
from arena.referee import GameReferee  # noqa: E402
