"""Where a seat's bot processes are started: in its sandbox, or (``--no-sandbox``) on the host.

Both hosting modes (:mod:`arena.bots.spawn`, :mod:`arena.bots.persistent`) start processes only
through a seat's :meth:`Seat.request`, which returns a pending start whose ``result()`` is the
process; several seats' requests go out before any result is awaited, so starts overlap. A
sandboxed seat is a :class:`arena.bots.jail.SeatSandbox`; :class:`HostSeat` is the unsandboxed
one, a scratch folder on the host.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Protocol

from arena.bots.limits import Limits, RlimitPlan
from arena.bots.process import BotProcess
from arena.bots.reaper import Family
from arena.bots.sandbox import write_files


class Process(Protocol):
    """A started bot process (:class:`BotProcess` or :class:`arena.bots.jail.SandboxedProcess`)."""

    pid: int
    started: float
    stdin: int
    stdout: int
    stderr: int
    exit_fd: int
    """Readable once the leader has ended; :meth:`poll` then tells how."""
    via_shell: bool
    limit_reason: str
    cpu_time: float
    family: Family | None

    @property
    def exit_code(self) -> int | None: ...

    @property
    def stdin_open(self) -> bool: ...

    def poll(self) -> bool: ...

    def cpu_clock(self) -> float | None: ...

    def signal_group(self, signum: int) -> None: ...

    def kill(self) -> None: ...

    def reap(self, timeout: float = ...) -> None: ...

    def close_stdin(self) -> None: ...

    def close(self) -> None: ...

    def finish(self) -> None: ...


class PendingStart(Protocol):
    def result(self) -> Process:
        """The started process; raises ``OSError`` if it could not start."""


class Seat(Protocol):
    @property
    def workdir(self) -> Path | PurePosixPath:
        """The seat's folder as its bots see it (their working directory)."""

    @property
    def sandboxed(self) -> bool: ...

    def request(self, argv: Sequence[str], env: Mapping[str, str], files: Mapping[str, bytes | None],
                stdin: bool) -> PendingStart: ...

    def describe(self) -> list[str]: ...

    def close(self) -> None: ...


class HostSeat:
    """An unsandboxed seat: bots run as this user, in a scratch folder on the host, each in its
    own session with rlimits, their escapees tracked by markers (:mod:`arena.bots.reaper`)."""

    sandboxed = False

    def __init__(self, workdir: Path, limits: Limits, plan: RlimitPlan) -> None:
        self.workdir = workdir
        self.limits = limits
        self.plan = plan

    def request(self, argv: Sequence[str], env: Mapping[str, str], files: Mapping[str, bytes | None],
                stdin: bool) -> _Started:
        write_files(self.workdir, files)
        process = BotProcess.start(argv, self.workdir, env, self.plan, stdin=stdin,
                                   before_exec=self.limits.before_exec)
        return _Started(process)

    def describe(self) -> list[str]:
        return ["NOT SANDBOXED: runs as this user, sees and may change everything this user may",
                "per-process limits only"]

    def close(self) -> None:
        """The folder goes with the match's scratch folder."""


class _Started:
    def __init__(self, process: BotProcess) -> None:
        self.process = process

    def result(self) -> BotProcess:
        return self.process
