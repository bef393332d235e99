"""The bots of one match: their scratch folders and processes, and the promise that nothing of
them outlives the match.

::

    with BotHost(Limits(cpu_seconds=30)) as host:
        seats = [host.spawn_bot(command) for command in commands]
        records = run_round([(seat, TurnInput(args=("7",))) for seat in seats], 3.0, AnswerRule.FIRST_CHAR)

:meth:`BotHost.close` (also on an exception, ``KeyboardInterrupt`` or at interpreter exit) kills
every persistent bot with its escaped descendants and removes the folders. Spawn-per-turn bots
never outlive :func:`arena.bots.spawn.run_round`.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

from arena.bots.command import BotCommand
from arena.bots.limits import Limits, prlimit_wrapper, user_task_count
from arena.bots.persistent import PersistentBot
from arena.bots.sandbox import DEFAULT_PATH, Sandbox, bot_environment
from arena.bots.spawn import SpawnBot

CommandLike = BotCommand | str | Sequence[str]
"""A :class:`BotCommand`, a path or command line (parsed), or an argv list."""


class BotHost:
    """Owner of every bot of one match."""

    def __init__(
        self, limits: Limits | None = None, *, root: Path | None = None, keep_workdirs: bool = False,
        path: str = DEFAULT_PATH, env: Mapping[str, str] | None = None,
    ) -> None:
        """``limits``: the default for every bot; ``root``: where the match folder is made (a
        temporary folder by default); ``path``/``env``: the bots' PATH and extra variables."""
        self.limits = limits or Limits()
        self.sandbox = Sandbox(root, keep_workdirs)
        self._path = path
        self._env = dict(env or {})
        # RLIMIT_NPROC is relative to the user's tasks now (see limits.py); counting them reads
        # all of /proc, so once per match.
        self._user_tasks = user_task_count() if os.geteuid() != 0 else None
        self._persistent: list[PersistentBot] = []
        self._count = 0
        self._finalizer = weakref.finalize(self, _close, self._persistent, self.sandbox)

    @property
    def root(self) -> Path:
        return self.sandbox.root

    def spawn_bot(
        self, command: CommandLike, *, name: str | None = None, limits: Limits | None = None,
        env: Mapping[str, str] | None = None,
    ) -> SpawnBot:
        """A seat whose bot is started every turn (:func:`arena.bots.spawn.run_round`)."""
        bot_command, workdir, limits, environment = self._seat(command, name, limits, env)
        return SpawnBot(bot_command, workdir, environment, limits, limits.plan(self._user_tasks))

    def start_bot(
        self, command: CommandLike, *, args: Sequence[str] = (), name: str | None = None,
        limits: Limits | None = None, env: Mapping[str, str] | None = None, pause_between_requests: bool = False,
    ) -> PersistentBot:
        """A seat whose bot runs for the whole match, started now (if it cannot start, its
        :attr:`PersistentBot.ended` says why and every request returns that)."""
        bot_command, workdir, limits, environment = self._seat(command, name, limits, env)
        bot = PersistentBot(
            bot_command, workdir, environment, limits, limits.plan(self._user_tasks),
            pause_between_requests=pause_between_requests,
        )
        self._persistent.append(bot)
        bot.start(args)
        return bot

    def close(self) -> None:
        """Kill every bot still running, remove the folders (idempotent)."""
        self._finalizer()

    def __enter__(self) -> BotHost:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _seat(
        self, command: CommandLike, name: str | None, limits: Limits | None, env: Mapping[str, str] | None,
    ) -> tuple[BotCommand, Path, Limits, dict[str, str]]:
        if not self._finalizer.alive:
            raise RuntimeError("this BotHost is closed")
        bot_command = _command(command)
        limits = limits or self.limits
        if limits.before_exec:
            prlimit_wrapper(())  # raises now, not at the first turn, if prlimit(1) is missing
        workdir = self.sandbox.seat_dir(name or f"seat-{self._count}")
        self._count += 1
        environment = bot_environment(workdir, {**self._env, **(env or {})}, self._path)
        return bot_command, workdir, limits, environment


def _command(command: CommandLike) -> BotCommand:
    if isinstance(command, BotCommand):
        return command
    if isinstance(command, str):
        return BotCommand.parse(command)
    return BotCommand.from_argv(command)


def _close(persistent: list[PersistentBot], sandbox: Sandbox) -> None:
    """Also run at interpreter exit if the host was never closed; so it must not refer to it."""
    first_error: BaseException | None = None
    for bot in persistent:
        try:
            bot.close(grace=0.0)
        except BaseException as error:  # a second Ctrl-C must not leave the other bots running
            first_error = first_error or error
    sandbox.close()
    if first_error is not None:
        raise first_error
