"""A seat's sandbox: one bubblewrap sandbox per seat for the whole match, its launcher inside as
PID 1, and the bot processes it starts (:class:`SandboxedProcess`).

The host starts ``bwrap`` once per seat (:mod:`arena.bots.bwrap` builds its command line) with
the launcher (:mod:`arena.bots.launcher_script`) as the sandbox's init, and talks to it over a
``SOCK_SEQPACKET`` socket pair. Each turn of a spawn-per-round game is then one message and one
fork in the sandbox; the bot's stdin, stdout and stderr are pipes the host made and passed in, so
reading answers costs exactly what it costs without a sandbox.

As root, the seat's processes run as a uid of their own (:mod:`arena.bots.uids`) and the seat is
capped as a whole by cgroups where it may make them (:mod:`arena.bots.cgroups`); without root,
bwrap makes a user namespace, whose process count is the seat's alone.

Ending a bot is the launcher's job: it kills everything in the namespace but itself and answers
once nothing is left. If the launcher dies (the OOM killer may pick it), the whole namespace dies
with it; the host notices the closed socket and starts a new sandbox for the seat's next bot.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import select
import signal
import socket
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from arena.bots import bwrap, cgroups, uids
from arena.bots.bwrap import SEAT
from arena.bots.limits import Limits, MiB
from arena.bots.process import cpu_clock_id, cpu_clock_seconds
from arena.bots.reaper import Family

READY_TIMEOUT = 30.0
"""How long a new sandbox may take to say it is ready (a loaded machine takes tens of ms)."""
REPLY_TIMEOUT = 10.0
"""How long the launcher may take to answer a spawn or a kill."""
EXIT_TIMEOUT = 2.0
"""How long bwrap may take to exit once its launcher is told to end, before it is killed."""
OPEN_DIRS = ("/tmp", "/dev/shm")


class SeatSandboxError(OSError):
    """A sandbox that cannot start or that died: the message says what bubblewrap said."""


SHOWN_ALONE = "shown without their folder:"
"""How a seat's description starts the line on files shown without their folder."""


class SeatSandbox:
    """The sandbox of one seat. Made running (:meth:`start`); :meth:`close` ends it."""

    sandboxed = True

    def __init__(self, name: str, limits: Limits, network: bool, binds: Sequence[tuple[str, str]],
                 alone: Sequence[str] = ()) -> None:
        """``binds``: what the bots may read, ``(source, where they see it)``; ``alone``: the
        files among them shown without their folder (:func:`arena.bots.bwrap.shown_alone`)."""
        self.name = name
        self.alone = list(alone)
        self.limits = limits
        self.network = network
        self.binds = list(binds)
        self.workdir = PurePosixPath(SEAT)
        self.process: SandboxedProcess | None = None
        """The bot process running in the sandbox, if any."""
        self.starts = 0
        self._popen: subprocess.Popen[bytes] | None = None
        self._ctrl: socket.socket | None = None
        self._ready = False
        self._uid: uids.UidLease | None = None
        self._groups: cgroups.SeatCgroups | None = None
        self.start()

    # --- life cycle ------------------------------------------------------------------------

    def start(self) -> None:
        """Start bwrap and the launcher without waiting for it (:meth:`wait_ready` does)."""
        self.starts += 1
        if os.geteuid() == 0 and self._uid is None:
            self._uid = uids.lease()
        if self._groups is None:
            cgroups.sweep_stale()
            self._groups = cgroups.create(self.limits.memory, _seat_processes(self.limits))
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        argv = [bwrap.bwrap_program(), *bwrap.namespace_args(self.network),
                *bwrap.system_view(), *bwrap.seat_view(self.limits.disk, self.binds), "--",
                bwrap.launcher_python(), "-I", "-S", "-B", bwrap.LAUNCHER, str(theirs.fileno())]
        try:
            self._popen = subprocess.Popen(
                argv, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE, env={"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"},
                cwd="/", start_new_session=True, close_fds=True,
            )
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        self._ctrl = ours
        self._ready = False
        config = {"workdir": SEAT, "open_dirs": OPEN_DIRS, "rlimits": _seat_rlimits(self.limits, self._groups),
                  "cpu_limit": self.limits.cpu_seconds}
        if self._uid is not None:
            config.update(uid=self._uid.uid, gid=self._uid.gid)
        fds = self._groups.procs_files() if self._groups is not None else []
        try:
            self._send(("config", config), fds)
        finally:
            for fd in fds:
                os.close(fd)

    def wait_ready(self) -> None:
        """Wait until the launcher is ready; raises :class:`SeatSandboxError` with bwrap's words."""
        if self._ready:
            return
        line = self._receive(READY_TIMEOUT)[0]
        if line != b"ready":
            raise SeatSandboxError(f"the sandbox of {self.name} did not start: {self._failure(line)}")
        self._ready = True

    @property
    def alive(self) -> bool:
        return self._ctrl is not None

    def close(self) -> None:
        """End the sandbox and everything in it; release its uid and cgroups (idempotent)."""
        self.end()
        self.wait_ended()

    def end(self) -> None:
        """Tell the launcher to end (closing its socket), without waiting."""
        if self._ctrl is not None:
            self._ctrl.close()
            self._ctrl = None

    def wait_ended(self) -> None:
        popen, self._popen = self._popen, None
        if popen is not None:
            try:
                popen.wait(EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(popen.pid, signal.SIGKILL)  # bwrap leads its session; its sandbox dies with it
                popen.wait()
            if popen.stderr is not None:
                popen.stderr.close()
        if self._groups is not None and self._groups.remove():
            self._groups = None
        if self._uid is not None:
            self._uid.release()
            self._uid = None

    # --- bots ------------------------------------------------------------------------------

    def request(self, argv: Sequence[str], env: Mapping[str, str], files: Mapping[str, bytes | None],
                stdin: bool) -> SandboxStart:
        """Ask the launcher to start ``argv``; :meth:`SandboxStart.result` waits for the answer.
        Several seats' requests go out before any answer is awaited, so their starts overlap."""
        if self.process is not None:
            raise RuntimeError(f"{self.name}: a bot is still running in this sandbox")
        if self._ready:
            self.pump()  # notices a launcher that died since its last bot
        if self._ctrl is None:  # a new sandbox for the seat; the old one's folder is gone with it
            self.wait_ended()
            self.start()
        self.wait_ready()
        ours: list[int] = []
        theirs: list[int] = []
        try:
            if stdin:
                read_end, write_end = os.pipe2(os.O_CLOEXEC)
                ours.append(write_end)
                theirs.append(read_end)
            for _ in ("stdout", "stderr"):
                read_end, write_end = os.pipe2(os.O_CLOEXEC)
                ours.append(read_end)
                theirs.append(write_end)
            self._send(("spawn", list(argv), dict(env), dict(files)), theirs)
        except BaseException:
            for fd in ours:
                os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        return SandboxStart(self, ours, stdin)

    def describe(self) -> list[str]:
        """What holds for this seat, in words (for the app and the CLI)."""
        words = ["own PID, mount, IPC and UTS namespaces",
                 "host network" if self.network else "no network (own network namespace)",
                 f"writable: {SEAT}, /tmp and /dev/shm ({self.limits.disk // MiB} MiB each)"]
        if self._uid is not None:
            words.append(f"runs as uid {self._uid.uid}")
        if self.alone:
            words.append(f"{SHOWN_ALONE} {', '.join(self.alone)}: a home or shared folder is not shown, so the bot "
                         "sees no file beside these; keep a bot's files in a folder of its own")
        words += cgroups.describe(self._groups)
        if self._groups is None:
            processes = _seat_processes(self.limits)
            if processes is not None:
                owner = "uid" if self._uid is not None else "user namespace"
                words.append(f"at most {processes} processes for the whole seat (its own {owner})")
            words.append(f"memory limited per process only: {cgroups.availability()}")
        return words

    # --- the socket ------------------------------------------------------------------------

    def _send(self, message: tuple[Any, ...], fds: Sequence[int] = ()) -> None:
        assert self._ctrl is not None
        data = marshal.dumps(message)
        try:
            if fds:
                socket.send_fds(self._ctrl, [data], list(fds))
            else:
                self._ctrl.send(data)
        except OSError as error:
            self.end()
            raise SeatSandboxError(f"the sandbox of {self.name} is gone ({error.strerror})") from None

    def _receive(self, timeout: float) -> tuple[bytes, list[int]]:
        """The next message (b"" when the launcher is gone or silent past ``timeout``)."""
        if self._ctrl is None:
            return b"", []
        ready, _, _ = select.select([self._ctrl], [], [], timeout)
        if not ready:
            return b"", []
        try:
            data, fds, _flags, _addr = socket.recv_fds(self._ctrl, 4096, 2)
        except OSError:
            data, fds = b"", []
        if not data:
            self.end()
        return data, list(fds)

    def pump(self, timeout: float = 0.0) -> None:
        """Handle what the launcher said (waiting up to ``timeout`` for a first message)."""
        while True:
            data, fds = self._receive(timeout)
            for fd in fds:
                os.close(fd)
            process = self.process
            if not data:
                if self._ctrl is None and process is not None:
                    process.sandbox_died(self._failure(b""))
                return
            if process is not None:
                process.told(data)
            timeout = 0.0

    def _failure(self, said: bytes) -> str:
        """Why the launcher is gone: what bwrap wrote, or how it ended."""
        popen = self._popen
        if said.startswith(b"error "):
            return said[6:].decode(errors="replace")
        if popen is None:
            return "it was closed"
        try:
            popen.wait(0.5)
        except subprocess.TimeoutExpired:
            return "it did not answer"
        text = b""
        if popen.stderr is not None:
            os.set_blocking(popen.stderr.fileno(), False)
            try:
                text = popen.stderr.read(4096) or b""
            except OSError:
                pass
        lines = text.decode(errors="replace").strip().splitlines()
        if lines:
            return lines[-1]
        code = popen.returncode
        if self._groups is not None and self._groups.oom_kills():
            return f"the seat ran out of memory (its limit: {self.limits.memory} bytes, all its processes together)"
        if code is not None and code < 0:
            return f"bwrap was killed by {_signal_name(-code)}"
        if code is not None and code > 128:  # bwrap's own code for a launcher killed by a signal
            return f"its launcher was killed by {_signal_name(code - 128)}"
        return f"bwrap exited with code {code}"

    @property
    def launcher_pid(self) -> int | None:
        """The launcher's pid as this process sees it (the child of bwrap), while it runs."""
        popen = self._popen
        if popen is None:
            return None
        try:
            found = Path(f"/proc/{popen.pid}/task/{popen.pid}/children").read_text().split()
        except OSError:
            return None
        return int(found[0]) if found else None

    @property
    def control_fd(self) -> int:
        return self._ctrl.fileno() if self._ctrl is not None else -1


class SandboxStart:
    """A start asked of a launcher, whose answer is still to come."""

    def __init__(self, sandbox: SeatSandbox, fds: list[int], stdin: bool) -> None:
        self.sandbox = sandbox
        self.fds = fds
        self.stdin = stdin

    def result(self) -> SandboxedProcess:
        """The started process; raises :class:`SeatSandboxError` if it could not start."""
        sandbox = self.sandbox
        data, fds = sandbox._receive(REPLY_TIMEOUT)
        if not data.startswith(b"started ") or len(fds) != 1:
            for fd in [*self.fds, *fds]:
                os.close(fd)
            reason = sandbox._failure(data)
            if data.startswith(b"error "):
                raise SeatSandboxError(reason.removeprefix("could not start: "))
            raise SeatSandboxError(f"its sandbox failed: {reason}")
        stdin = self.fds[0] if self.stdin else -1
        stdout, stderr = self.fds[-2:]
        process = SandboxedProcess(sandbox, fds[0], stdin, stdout, stderr, via_shell=data.strip().endswith(b"1"))
        sandbox.process = process
        return process


class SandboxedProcess:
    """A bot process in a seat's sandbox, seen from the host.

    The same interface as :class:`arena.bots.process.BotProcess`. Its exit is reported by the
    launcher on the seat's socket (:attr:`exit_fd`), and :meth:`kill` ends everything the bot
    started, not just its group."""

    family: Family | None = None

    def __init__(self, sandbox: SeatSandbox, pidfd: int, stdin: int, stdout: int, stderr: int, *,
                 via_shell: bool) -> None:
        self.sandbox = sandbox
        self.pidfd = pidfd
        self.pid = _host_pid(pidfd)
        self.started = time.monotonic()
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        for fd in (stdin, stdout, stderr):
            if fd >= 0:
                os.set_blocking(fd, False)
        self.exit_fd = sandbox.control_fd
        self.via_shell = via_shell
        self.cpu_time = 0.0
        self.limit_reason = ""
        """Set when the launcher ended the bot for a seat-wide limit."""
        self._exit_code: int | None = None
        self._cpu_clock_id = cpu_clock_id(self.pid) if self.pid > 0 else None
        self._kill_sent = False
        self._clean = False
        self._closed = False

    @property
    def exit_code(self) -> int | None:
        return self._exit_code

    def poll(self) -> bool:
        if self._exit_code is None and not self._clean:
            self.sandbox.pump()
        return self._exit_code is not None

    def told(self, line: bytes) -> None:
        """A line from the launcher about this process."""
        words = line.split()
        try:
            if words[0] == b"exit" and len(words) == 4:
                self._exit_code = int(words[1])
                self.cpu_time += float(words[2])
                if words[3] == b"cpu":
                    self.limit_reason = "cpu"
            elif words[0] == b"clean" and len(words) == 2:
                self.cpu_time += float(words[1])
                self._clean = True
        except (IndexError, ValueError):
            self.sandbox_died(f"its launcher said {line[:80]!r}")

    def sandbox_died(self, why: str) -> None:
        if self._exit_code is None:
            self._exit_code = -signal.SIGKILL
            self.limit_reason = f"sandbox: {why}"
        self._clean = True
        self._kill_sent = True

    def cpu_clock(self) -> float | None:
        if self._exit_code is not None or self._cpu_clock_id is None:
            return None
        return cpu_clock_seconds(self._cpu_clock_id)

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to every process of the bot (pause, resume)."""
        if not self._kill_sent and self.sandbox.alive:
            try:
                self.sandbox._send(("signal", int(signum)))
            except SeatSandboxError:
                self.sandbox_died("it ended")

    def kill(self) -> None:
        """Ask the launcher to kill everything of the bot (idempotent; :meth:`reap` waits)."""
        if self._kill_sent:
            return
        self._kill_sent = True
        try:
            self.sandbox._send(("kill",))
        except SeatSandboxError:
            self.sandbox_died("it ended")

    def reap(self, timeout: float = REPLY_TIMEOUT) -> None:
        """Wait until the launcher says nothing of the bot is left."""
        deadline = time.monotonic() + timeout
        while not self._clean:
            left = deadline - time.monotonic()
            if left <= 0:
                self.sandbox.end()  # a launcher that does not answer: end the whole sandbox
                self.sandbox_died("its launcher did not answer")
                break
            self.sandbox.pump(left)
        if self.sandbox.process is self:
            self.sandbox.process = None

    def close_stdin(self) -> None:
        if self.stdin >= 0:
            os.close(self.stdin)
            self.stdin = -1

    @property
    def stdin_open(self) -> bool:
        return self.stdin >= 0

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for fd in (self.pidfd, self.stdin, self.stdout, self.stderr):
            if fd >= 0:
                os.close(fd)
        self.stdin = -1

    def finish(self) -> None:
        try:
            self.kill()
            self.reap()
        finally:
            self.close()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _host_pid(pidfd: int) -> int:
    """The pid, as this process sees it, of the process ``pidfd`` refers to (-1 if unknown)."""
    try:
        with open(f"/proc/self/fdinfo/{pidfd}", "rb") as info:
            for line in info:
                if line.startswith(b"Pid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return -1


def _seat_rlimits(limits: Limits, groups: cgroups.SeatCgroups | None) -> list[tuple[int, int, int]]:
    """The seat's rlimits. Where its cgroup holds all its memory, a process's memory is limited
    by ``RLIMIT_DATA`` (the memory it writes) instead of ``RLIMIT_AS`` (its address space, mere
    reservations included), at the same size: the JVM reserves gigabytes it never uses and cannot
    start under a 1 GiB address space, while a bot that allocates too much still gets its
    MemoryError, and the cgroup still caps the whole seat."""
    if groups is not None and groups.memory is not None and limits.address_space is not None:
        data = limits.address_space if limits.data is None else min(limits.data, limits.address_space)
        limits = dataclasses.replace(limits, address_space=None, data=data)
    return limits.sandbox_rlimits()


def _seat_processes(limits: Limits) -> int | None:
    return None if limits.processes is None else limits.processes + 1  # the launcher
