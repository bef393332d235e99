"""The bots of one match: their seats (sandboxes, or scratch folders with ``--no-sandbox``) and
processes, and the promise that nothing of them outlives the match.

::

    with BotHost(Limits(cpu_seconds=30)) as host:
        seats = [host.spawn_bot(command) for command in commands]
        records = run_round([(seat, TurnInput(args=("7",))) for seat in seats], 3.0, AnswerRule.FIRST_CHAR)

Every seat gets a sandbox of its own (:mod:`arena.bots.jail`) unless the policy says otherwise;
a host that cannot sandbox refuses to start (:class:`~arena.bots.bwrap.SandboxUnavailable`).
:meth:`BotHost.close` (also on an exception, ``KeyboardInterrupt`` or at interpreter exit) kills
every persistent bot and ends every sandbox, everything in them included, and removes the
folders. Spawn-per-turn bots never outlive :func:`arena.bots.spawn.run_round`.
"""

from __future__ import annotations

import os
import weakref
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from arena.bots import bwrap
from arena.bots.bwrap import SandboxPolicy
from arena.bots.command import BotCommand
from arena.bots.jail import SeatSandbox
from arena.bots.limits import Limits, prlimit_wrapper, user_task_count
from arena.bots.mirror import Mirror
from arena.bots.persistent import PersistentBot
from arena.bots.sandbox import DEFAULT_PATH, Sandbox, bot_environment
from arena.bots.seats import HostSeat, Seat
from arena.bots.records import TurnRecord
from arena.bots.spawn import SpawnBot, TurnInput, run_round
from arena.bots.streams import AnswerRule

CommandLike = BotCommand | str | Sequence[str]
"""A :class:`BotCommand`, a path or command line (parsed), or an argv list."""


class Host(Protocol):
    """What a referee needs of the owner of a match's bots: a :class:`BotHost` runs processes;
    :class:`arena.bots.scripted.ScriptedHost` answers from scripts, for the referees' tests."""

    policy: SandboxPolicy

    def spawn_bot(self, command: CommandLike, *, name: str | None = None, limits: Limits | None = None,
                  env: Mapping[str, str] | None = None) -> SpawnBot: ...

    def start_bot(self, command: CommandLike, *, args: Sequence[str] = (), name: str | None = None,
                  limits: Limits | None = None, env: Mapping[str, str] | None = None,
                  pause_between_requests: bool = False) -> PersistentBot: ...

    def run_round(self, turns: Sequence[tuple[SpawnBot, TurnInput]], timeout: float, rule: AnswerRule,
                  cancel: threading.Event | None = None) -> list[TurnRecord]:
        """The turns of the host's spawn-per-turn bots (:func:`arena.bots.spawn.run_round`)."""
        ...

    def describe(self) -> list[list[str]]: ...

    def close(self) -> None: ...


HostFactory = Callable[[Limits, SandboxPolicy, Path | None, Mapping[str, str] | None], Host]
"""What makes a match's host from its limits, sandbox policy, scratch root and bots' extra
environment (:class:`BotHost`'s arguments); see :func:`arena.match.hosted_by`."""


class BotHost:
    """Owner of every bot of one match."""

    def __init__(
        self, limits: Limits | None = None, *, root: Path | None = None, keep_workdirs: bool = False,
        path: str = DEFAULT_PATH, env: Mapping[str, str] | None = None, policy: SandboxPolicy | None = None,
    ) -> None:
        """``limits``: the default for every bot; ``root``: where an unsandboxed match's folder is
        made (a temporary folder by default); ``path``/``env``: the bots' PATH and extra
        variables; ``policy``: the sandbox (on unless it says otherwise). Raises
        :class:`~arena.bots.bwrap.SandboxUnavailable` if bots should be sandboxed and cannot."""
        self.limits = limits or Limits()
        self.policy = policy or SandboxPolicy()
        if self.policy.enabled:
            bwrap.check_available()
        self.sandbox = Sandbox(root, keep_workdirs, lazy=self.policy.enabled)
        self._path = path
        self._env = dict(env or {})
        # RLIMIT_NPROC is relative to the user's tasks now (see limits.py); counting them reads
        # all of /proc, so once per match.
        self._user_tasks = user_task_count() if os.geteuid() != 0 and not self.policy.enabled else None
        self._persistent: list[PersistentBot] = []
        self.seats: list[Seat] = []
        self._mirror = Mirror()
        self._count = 0
        self._finalizer = weakref.finalize(self, _close, self._persistent, self.seats, self.sandbox, self._mirror)

    @property
    def root(self) -> Path:
        return self.sandbox.root

    def spawn_bot(
        self, command: CommandLike, *, name: str | None = None, limits: Limits | None = None,
        env: Mapping[str, str] | None = None,
    ) -> SpawnBot:
        """A seat whose bot is started every turn (:func:`arena.bots.spawn.run_round`)."""
        bot_command, seat, limits, environment = self._seat(command, name, limits, env)
        return SpawnBot(bot_command, seat, environment, limits)

    def start_bot(
        self, command: CommandLike, *, args: Sequence[str] = (), name: str | None = None,
        limits: Limits | None = None, env: Mapping[str, str] | None = None, pause_between_requests: bool = False,
    ) -> PersistentBot:
        """A seat whose bot runs for the whole match, started now (if it cannot start, its
        :attr:`PersistentBot.ended` says why and every request returns that)."""
        bot_command, seat, limits, environment = self._seat(command, name, limits, env)
        bot = PersistentBot(bot_command, seat, environment, limits, pause_between_requests=pause_between_requests)
        self._persistent.append(bot)
        bot.start(args)
        return bot

    def run_round(self, turns: Sequence[tuple[SpawnBot, TurnInput]], timeout: float, rule: AnswerRule,
                  cancel: threading.Event | None = None) -> list[TurnRecord]:
        """The turns of this host's spawn-per-turn bots: :func:`arena.bots.spawn.run_round`."""
        return run_round(turns, timeout, rule, cancel)

    def close(self) -> None:
        """Kill every bot still running, end the sandboxes, remove the folders (idempotent)."""
        self._finalizer()

    def describe(self) -> list[list[str]]:
        """Per seat, what holds for its bots (sandbox, limits), in words."""
        return [seat.describe() for seat in self.seats]

    def __enter__(self) -> BotHost:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _seat(
        self, command: CommandLike, name: str | None, limits: Limits | None, env: Mapping[str, str] | None,
    ) -> tuple[BotCommand, Seat, Limits, dict[str, str]]:
        if not self._finalizer.alive:
            raise RuntimeError("this BotHost is closed")
        bot_command = command_of(command)
        limits = limits or self.limits
        name = name or f"seat-{self._count}"
        seat: Seat
        if self.policy.enabled:
            seat = SeatSandbox(name, limits, self.policy.allows_network(self._count), self._binds(bot_command),
                               bwrap.shown_alone(bot_command.argv))
        else:
            if limits.before_exec:
                prlimit_wrapper(())  # raises now, not at the first turn, if prlimit(1) is missing
            seat = HostSeat(self.sandbox.seat_dir(name), limits, limits.plan(self._user_tasks))
        self.seats.append(seat)
        self._count += 1
        environment = bot_environment(seat.workdir, {**self._env, **(env or {})}, self._path,
                                      tmp="/tmp" if seat.sandboxed else None)
        return bot_command, seat, limits, environment


    def _binds(self, command: BotCommand) -> list[tuple[str, str]]:
        """What a sandboxed bot may read: ``(source, where it sees it)``; as root, a path its seat's
        uid could not read is shown from a readable copy (:mod:`arena.bots.mirror`)."""
        paths = bwrap.shown_paths(bwrap.reads_for(command.argv, self.policy.read_only))
        if os.geteuid() != 0:
            return [(path, path) for path in paths]
        named = [arg for arg in command.argv if os.path.isabs(arg)]
        return [(self._mirror.source_for(path, [arg for arg in named if arg.startswith(path + "/")]), path)
                for path in paths]


def command_of(command: CommandLike) -> BotCommand:
    """The :class:`BotCommand` a command stands for."""
    if isinstance(command, BotCommand):
        return command
    if isinstance(command, str):
        return BotCommand.parse(command)
    return BotCommand.from_argv(command)


def _close(persistent: list[PersistentBot], seats: list[Seat], sandbox: Sandbox, mirror: Mirror) -> None:
    """Also run at interpreter exit if the host was never closed; so it must not refer to it."""
    first_error: BaseException | None = None
    for bot in persistent:
        try:
            bot.close(grace=0.0)
        except BaseException as error:  # a second Ctrl-C must not leave the other bots running
            first_error = first_error or error
    for seat in seats:  # all sandboxes are told first, so that they end together
        if isinstance(seat, SeatSandbox):
            seat.end()
    for seat in seats:
        try:
            seat.close()
        except BaseException as error:
            first_error = first_error or error
    mirror.close()
    sandbox.close()
    if first_error is not None:
        raise first_error
