"""The launcher: PID 1 of a seat's sandbox, which starts the seat's bot processes inside it.

Run by :mod:`arena.bots.jail` inside bubblewrap as ``python -I -S -B launcher_script.py FD``,
where FD is its end of a ``SOCK_SEQPACKET`` socket pair; the host holds the other end. **Standard
library only**, importing nothing of the project: only this file and the interpreter are in the
sandbox's view.

One launcher serves one seat for a whole match, so a spawn-per-round game pays for the sandbox
once and for a fork and exec each round. Being the PID namespace's init gives it three powers
nothing a bot does can take away:

* a signal from inside the namespace reaches it only if it has a handler (SIGKILL and SIGSTOP
  never do), so a bot cannot kill it, nor the host beyond it, which it cannot even see;
* every orphan is reparented to it, so ``kill(-1, SIGKILL)`` followed by reaping until there is
  no child left ends *everything* the bot started, ``setsid`` or double fork or not;
* when it exits, however, the kernel kills whatever else is in the namespace.

Messages from the host are ``marshal``-ed tuples (the host is trusted); messages to the host are
short ASCII lines, which the host parses defensively:

==========================================================  ===========================================
host -> launcher                                            launcher -> host
==========================================================  ===========================================
``("config", {...})`` + cgroup.procs fds, once             ``ready``
``("spawn", argv, env, files)`` + stdin?, stdout, stderr   ``started SHELL`` + pidfd, or ``error TEXT``
(the bot's leader exits, or the seat breaks a limit)       ``exit STATUS CPU REASON``
``("kill",)``: kill everything but the launcher            ``clean CPU`` once nothing else is left
``("signal", N)``: send N to everything but the launcher   (nothing)
==========================================================  ===========================================

``STATUS`` is the leader's exit code (negative: the signal that killed it), ``CPU`` seconds of
user and system time, ``REASON`` ``-`` or ``cpu`` (the seat used up its CPU time limit, all its
processes together). ``SHELL`` is 1 when the program had no ``#!`` line and runs with /bin/sh, as
``execvp`` does. When the host's end closes (the host exited or was killed), the launcher exits,
and with it everything in the sandbox.
"""

from __future__ import annotations

import errno
import marshal
import os
import resource
import selectors
import signal
import socket
import sys
import time
from typing import Any

MAX_MESSAGE = 1 << 24
"""The largest host message (a spawn with its input files)."""
MAX_FDS = 8
CPU_CHECK = 0.25
"""How often the seat's CPU time is added up while a limit is set and a bot runs (seconds)."""
KILL_WAIT = 5.0
"""How long to wait for killed processes to be gone (only one stuck in the kernel takes long)."""
RESET_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP)
"""Signals Python (or this script) handles or ignores; a bot gets their defaults back."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PR_SET_DUMPABLE = 4


class Launcher:
    def __init__(self, ctrl: socket.socket) -> None:
        self.ctrl = ctrl
        self.leader = 0
        """The running bot's pid (in this namespace), 0 when there is none."""
        self.leader_cpu = 0.0
        self.others_cpu = 0.0
        """CPU seconds of the processes reaped since the leader started, the leader aside."""
        self.cpu_limit = 0.0
        self.over_limit = False
        self.workdir = "/"
        wake_r, self.wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self.wake_r = wake_r
        self.selector = selectors.DefaultSelector()
        self.selector.register(ctrl, selectors.EVENT_READ, "ctrl")
        self.selector.register(wake_r, selectors.EVENT_READ, "child")

    # --- setup ---------------------------------------------------------------------------

    def configure(self, config: dict[str, Any], cgroup_fds: list[int]) -> None:
        for fd in cgroup_fds:  # join the seat's cgroups before anything of the bot exists
            try:
                os.write(fd, b"0")
            finally:
                os.close(fd)
        self.workdir = config["workdir"]
        uid, gid = config.get("uid"), config.get("gid")
        if os.getuid() == 0 and uid is not None and gid is not None:
            os.chown(self.workdir, uid, gid)
            for shared in config.get("open_dirs", ()):
                os.chmod(shared, 0o1777)
            os.setgroups([])
            os.setresgid(gid, gid, gid)
            os.setresuid(uid, uid, uid)  # this also makes us undumpable (suid_dumpable)
        else:
            _not_dumpable()
        for res, soft, hard in config.get("rlimits", ()):
            resource.setrlimit(res, (soft, hard))
        self.cpu_limit = float(config.get("cpu_limit") or 0.0)
        os.chdir(self.workdir)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(self.wake_w, warn_on_full_buffer=False)
        # bwrap's privileged helper was this process's child before the exec, and may be a
        # zombie already: reap it now, not leave it to whoever reaps orphans when we end.
        while self.reap_one() is not None:
            pass

    # --- the loop ------------------------------------------------------------------------

    def serve(self) -> None:
        while True:
            timeout = CPU_CHECK if self.leader and self.cpu_limit else None
            for key, _ in self.selector.select(timeout):
                if key.data == "ctrl":
                    if not self.handle_message():
                        return
                else:
                    _drain(self.wake_r)
                    self.reap()
            if self.leader and self.cpu_limit:
                self.check_cpu()

    def handle_message(self) -> bool:
        data, fds = _receive(self.ctrl)
        if not data:
            return False  # the host is gone: so are we, and everything in here with us
        message = marshal.loads(data)
        op = message[0]
        if op == "spawn":
            self.spawn(message[1], message[2], message[3], fds)
        elif op == "kill":
            self.kill_all()
        elif op == "signal":
            _kill_others(message[1])
        elif op == "config":
            self.configure(message[1], fds)
            self.send(b"ready")
        return True

    def send(self, line: bytes, fds: list[int] | None = None) -> None:
        try:
            if fds:
                socket.send_fds(self.ctrl, [line], fds)
            else:
                self.ctrl.send(line)
        except OSError:
            sys.exit(0)  # the host is gone

    # --- starting a bot ------------------------------------------------------------------

    def spawn(self, argv: list[str], env: dict[str, str], files: dict[str, bytes | None], fds: list[int]) -> None:
        try:
            if self.leader:
                raise RuntimeError("a bot is still running in this seat")
            if len(fds) == 2:
                fds.insert(0, os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC))
            if len(fds) != 3:
                raise RuntimeError(f"expected 3 file descriptors, got {len(fds)}")
            write_files(self.workdir, files)
            pid, shell = _start(argv, env, fds)
        except OSError as error:
            self.send(b"error " + _ascii(f"could not start: {error}"))
            return
        except (RuntimeError, ValueError) as error:
            self.send(b"error " + _ascii(f"could not start: {error}"))
            return
        finally:
            for fd in fds:
                os.close(fd)
        self.leader, self.leader_cpu, self.others_cpu, self.over_limit = pid, 0.0, 0.0, False
        pidfd = os.pidfd_open(pid)
        try:
            self.send(b"started %d" % shell, [pidfd])
        finally:
            os.close(pidfd)

    # --- ending --------------------------------------------------------------------------

    def reap(self) -> None:
        """Reap every child that has ended; report the leader's end."""
        while (ended := self.reap_one()) is not None:
            pid, status, cpu = ended
            if pid == self.leader:
                self.leader = 0
                self.leader_cpu = cpu
                reason = b"cpu" if self.over_limit else b"-"
                self.send(b"exit %d %.6f %s" % (os.waitstatus_to_exitcode(status), cpu, reason))
            else:
                self.others_cpu += cpu

    def reap_one(self) -> tuple[int, int, float] | None:
        try:
            pid, status, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            return None
        return None if pid == 0 else (pid, status, usage.ru_utime + usage.ru_stime)

    def kill_all(self) -> None:
        """Kill everything but this process, wait until it is gone, say so.

        ``kill(-1)`` fails only when no other process is left, zombies included; the killed
        processes' orphans are reparented to us, so reaping our children in between empties
        the namespace."""
        deadline = time.monotonic() + KILL_WAIT
        while _kill_others(signal.SIGKILL) and time.monotonic() < deadline:
            self.reap()
            if _kill_others(0):
                time.sleep(0.0002)
        self.reap()
        _drain(self.wake_r)
        self.send(b"clean %.6f" % self.others_cpu)
        self.others_cpu = 0.0

    def check_cpu(self) -> None:
        if self.over_limit or self.seat_cpu() < self.cpu_limit:
            return
        self.over_limit = True
        _kill_others(signal.SIGKILL)  # the leader's exit is reported when it is reaped

    def seat_cpu(self) -> float:
        """CPU seconds of the bot's processes since the leader started: reaped ones and live ones."""
        total = self.others_cpu
        for name in os.listdir("/proc"):
            if name.isdigit() and name != "1":
                total += _process_cpu(name)
        return total


# --- helpers -------------------------------------------------------------------------------


def _start(argv: list[str], env: dict[str, str], fds: list[int]) -> tuple[int, int]:
    actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(fds)]

    def spawn(program: str, args: list[str]) -> int:
        return os.posix_spawn(program, args, env, file_actions=actions, setsid=True, setsigdef=RESET_SIGNALS,
                              setsigmask=())

    try:
        return spawn(argv[0], argv), 0
    except OSError as error:
        if error.errno != errno.ENOEXEC:
            raise
    # A script without a "#!" line: run it with the shell, as execvp(3) does.
    return spawn("/bin/sh", ["/bin/sh", *argv]), 1


def write_files(workdir: str, files: dict[str, bytes | None]) -> None:
    """Put the turn's input files in the seat folder, replacing whatever the bot left under those
    names (never writing through a link it planted)."""
    for name, contents in files.items():
        parts = name.split("/")
        if not name or name.startswith("/") or ".." in parts:
            raise ValueError(f"input file name {name!r} is not a relative path inside the seat folder")
        target = os.path.join(workdir, name)
        _remove(target)
        if contents is None:
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            view = memoryview(contents)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except IsADirectoryError:
        import shutil

        shutil.rmtree(path, ignore_errors=True)
    except FileNotFoundError:
        pass
    except PermissionError:
        if os.path.isdir(path) and not os.path.islink(path):
            import shutil

            shutil.rmtree(path, ignore_errors=True)
        else:
            raise


def _kill_others(signum: int) -> bool:
    """Send ``signum`` to every process of the namespace but this one; False if there was none."""
    try:
        os.kill(-1, signum)
    except ProcessLookupError:
        return False
    return True


def _process_cpu(pid: str) -> float:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def _receive(ctrl: socket.socket) -> tuple[bytes, list[int]]:
    try:
        data, fds, _flags, _addr = socket.recv_fds(ctrl, MAX_MESSAGE, MAX_FDS)
    except OSError:
        return b"", []
    for fd in fds:
        os.set_inheritable(fd, False)
    return data, list(fds)


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except BlockingIOError:
        pass


def _ascii(text: str) -> bytes:
    return text.replace("\n", " ").encode("ascii", "replace")[:1000]


def _not_dumpable() -> None:
    """No process of the same user may ptrace the launcher or read its memory."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def main() -> None:
    ctrl = socket.socket(fileno=int(sys.argv[1]))
    ctrl.set_inheritable(False)
    Launcher(ctrl).serve()


if __name__ == "__main__":
    main()
