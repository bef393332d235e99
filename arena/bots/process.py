"""One bot process: started in its own session with limits, its pipes, its end.

Both hosting modes use this. It only starts, signals, reaps and cleans up; reading and writing
under deadlines is the job of :mod:`arena.bots.spawn` and :mod:`arena.bots.persistent`.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from arena.bots import reaper, warden
from arena.bots.limits import Limits, RlimitPlan, apply_plan, prlimit_wrapper
from arena.bots.records import BotStatus
from arena.bots.reaper import Family

CHUNK = 65536
"""Bytes per read from a bot's pipe."""
EOF_GRACE = 0.1
"""After a bot closes stdout without answering, how long to wait for its exit to tell why (an
exiting process closes its pipes before it is reported as exited)."""
CANCEL_POLL = 0.02
"""How often a wait with a ``cancel`` event looks at it (seconds): a ``threading.Event`` has no
file descriptor to wait on, and 50 looks a second cost nothing next to the bots."""
CANCELLED = "the match was cancelled"
"""The reason of every turn a cancel ends."""
REAP_TIMEOUT = 2.0
"""How long to wait for a SIGKILLed process to be gone (only a process stuck in the kernel takes
more than microseconds)."""


class BotProcess:
    """A started bot: the leader of a new session and process group.

    :meth:`finish` kills whatever is left of it, reaps it and its orphans, and closes the pipes;
    after it, :attr:`exit_code` and :attr:`cpu_time` are final. Callers ending many bots at once
    use the steps (:meth:`kill` all, :meth:`reap` each, one :func:`reaper.sweep`, :meth:`close`).
    """

    def __init__(self, popen: subprocess.Popen[bytes], family: Family, via_shell: bool = False) -> None:
        self.popen = popen
        self.pid = popen.pid
        self.family: Family | None = family
        self.started = time.monotonic()
        self.pidfd = os.pidfd_open(self.pid)
        self.exit_fd = self.pidfd
        """Readable once the leader has exited (then :meth:`poll` says how)."""
        self.via_shell = via_shell
        """Whether the program had no ``#!`` line and runs with /bin/sh (as ``execvp`` does)."""
        self.limit_reason = ""
        """Set by a sandbox that ended the bot for a seat-wide limit (never here)."""
        self.stdin = popen.stdin.fileno() if popen.stdin is not None else -1
        self.stdout = popen.stdout.fileno() if popen.stdout is not None else -1
        self.stderr = popen.stderr.fileno() if popen.stderr is not None else -1
        for fd in (self.stdin, self.stdout, self.stderr):
            if fd >= 0:
                os.set_blocking(fd, False)
        self._exit_code: int | None = None
        self._cpu_clock_id = cpu_clock_id(self.pid)
        self._reaped = False
        self.cpu_time = 0.0
        """CPU seconds of every process of the bot reaped so far."""
        self._killed = False
        self._closed = False

    @classmethod
    def start(
        cls, argv: Sequence[str], cwd: Path, env: Mapping[str, str], plan: RlimitPlan, *, stdin: bool,
        before_exec: bool = False,
    ) -> BotProcess:
        """Start ``argv``; raises ``OSError`` if it cannot be executed at all. ``before_exec``: set
        the limits through ``prlimit(1)`` before the program runs (see limits.py)."""
        reaper.enable_subreaper()
        warden.ensure()  # kills the bot should this process be SIGKILLed (started once)
        marker = reaper.new_marker()
        plan = plan + ((reaper.MARKER_RESOURCE, (marker, marker)),)
        wrapper = prlimit_wrapper(plan) if before_exec else []
        via_shell = False
        try:
            popen = _popen([*wrapper, *argv], cwd, env, stdin)
        except OSError as error:
            if error.errno != errno.ENOEXEC:
                raise
            # A script without a "#!" line: run it with the shell, as execvp(3) does.
            popen = _popen([*wrapper, "/bin/sh", *argv], cwd, env, stdin)
            via_shell = True
        try:
            reaper.register_leader(popen.pid)
            if not before_exec:
                apply_plan(popen.pid, plan)
            family = Family(marker, groups={popen.pid})
            return cls(popen, family, via_shell)
        except BaseException:
            # e.g. KeyboardInterrupt right after the start: do not leave the bot behind.
            _kill_and_reap(popen)
            raise

    @property
    def exit_code(self) -> int | None:
        """The leader's exit code (negative: the signal that killed it) once it has exited."""
        return self._exit_code

    def poll(self) -> bool:
        """Whether the leader has exited. It is left a zombie until :meth:`finish`, so that its
        pid, which is also the bot's group and session id, cannot be given to another process."""
        if self._exit_code is None:
            try:
                info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return False
            if info is not None:
                exited = info.si_code == os.CLD_EXITED
                self._exit_code = info.si_status if exited else -info.si_status
        return self._exit_code is not None

    def cpu_clock(self) -> float | None:
        """CPU seconds the leader has used so far, all its threads; None once it has exited."""
        return None if self._exit_code is not None else cpu_clock_seconds(self._cpu_clock_id)

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to the bot's process group (pause, resume); ignored once it is gone."""
        if not self._reaped:
            try:
                os.killpg(self.pid, signum)
            except (ProcessLookupError, PermissionError):
                pass

    def kill(self) -> None:
        """SIGKILL the bot's group and every descendant attached to its tree (idempotent; the
        leader is never reaped before this, see :meth:`poll`)."""
        if self._killed:
            return
        self._killed = True
        # One waitid first: a leader that has already exited (a quick bot that answered and left)
        # spares the /proc walk, the largest part of ending a turn (tests/bench/arena_bots.py).
        if not self.poll():
            assert self.family is not None  # set by start(), for every process of this class
            reaper.kill_tree(self.pid, self.family)
        else:
            # An exited leader's children have already gone to the subreaper; the rest of its
            # group is killed here (its zombie still holds the group id) and the sweep reaps.
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def reap(self, timeout: float = REAP_TIMEOUT) -> None:
        """Reap the leader (after :meth:`kill`, or once :meth:`poll` says it has exited)."""
        if self._reaped:
            return
        reaped = reaper.wait_for_exit(self.pid, timeout, self.pidfd)
        if reaped is None:
            return
        status, cpu = reaped
        self._reaped = True
        self.cpu_time += cpu
        if self._exit_code is None:
            self._exit_code = os.waitstatus_to_exitcode(status)
        reaper.unregister_leader(self.pid)
        # Tell Popen, so that neither it nor subprocess' cleanup ever waits for a reused pid.
        self.popen.returncode = os.waitstatus_to_exitcode(status)

    def close_stdin(self) -> None:
        """Close the bot's stdin (the end of a persistent game)."""
        if self.popen.stdin is not None:
            try:
                self.popen.stdin.close()
            except OSError:
                pass  # a broken pipe to a dead bot
        self.stdin = -1

    @property
    def stdin_open(self) -> bool:
        return self.popen.stdin is not None and not self.popen.stdin.closed

    def close(self) -> None:
        """Close the pipes and the pidfd (idempotent)."""
        if self._closed:
            return
        self._closed = True
        os.close(self.pidfd)
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass  # e.g. a broken pipe to a dead bot's stdin

    def finish(self) -> None:
        """Kill, reap the leader, sweep its orphans, close: nothing of the bot is left after it."""
        try:
            self.kill()
            self.reap()
            if self.family is not None:
                self.cpu_time += reaper.sweep([self.family])[0]
        finally:
            self.close()


def cpu_clock_id(pid: int) -> int:
    """The process-wide CPU clock of any pid: MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)."""
    return (~pid << 3) | 2


def cpu_clock_seconds(clock_id: int) -> float | None:
    """A CPU clock's seconds (None once its process is gone)."""
    try:
        return time.clock_gettime(clock_id)
    except OSError:
        return None


def _popen(argv: Sequence[str], cwd: Path, env: Mapping[str, str], stdin: bool) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=dict(env),
        start_new_session=True,  # own session and group: setsid() in the child
        close_fds=True,
        bufsize=0,
    )


def _kill_and_reap(popen: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(popen.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        popen.wait(REAP_TIMEOUT)
    except subprocess.TimeoutExpired:
        pass  # stuck in the kernel; Popen's own cleanup reaps it later
    reaper.unregister_leader(popen.pid)


def read_chunk(fd: int) -> bytes | None:
    """A chunk from non-blocking ``fd``: b"" at EOF, None if nothing is there now."""
    try:
        return os.read(fd, CHUNK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def exit_reason(code: int | None, limits: Limits, last_stderr_line: str, limit_reason: str = "") -> tuple[BotStatus, str]:
    """Status and reason for a bot whose leader ended (by itself) before answering.
    ``limit_reason``: what its sandbox said (``cpu``: the seat's CPU time; ``sandbox: ...``)."""
    status = BotStatus.CRASHED
    if limit_reason == "cpu":
        status, reason = BotStatus.KILLED, (f"used up its CPU time limit ({limits.cpu_seconds} s, all its processes "
                                            "together)")
    elif limit_reason.startswith("sandbox: "):
        reason = f"its sandbox ended ({limit_reason.removeprefix('sandbox: ')})"
    elif code is None:
        reason = "ended without answering"
    elif code >= 0:
        reason = f"exited with code {code} without answering"
    elif -code == signal.SIGXCPU:
        status, reason = BotStatus.KILLED, f"used up its CPU time limit ({limits.cpu_seconds} s)"
    elif -code == signal.SIGXFSZ:
        status, reason = BotStatus.KILLED, f"wrote a file larger than its limit ({limits.file_size} bytes)"
    else:
        reason = f"killed by {_signal_name(-code)}"
    if last_stderr_line:
        reason += f": {last_stderr_line}"
    return status, reason


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
