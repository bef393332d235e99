"""The warden process: kills a runner's bots and removes its scratch folders once the runner is gone.

Run by :mod:`arena.bots.warden` as ``python -I -S warden_script.py RUNNER_PID BASE SPAN`` with
the read end of a pipe as stdin; only the runner holds the write end. **Standard library only**,
and it imports nothing of the project: it must start from any checkout state and keep working
when the runner that started it is already gone.

While the runner lives, the warden reads lines from the pipe: ``+ PATH`` when the runner makes a
scratch folder, ``- PATH`` when it has removed it. When the pipe reaches EOF (the runner exited,
was killed, or exec'd another program) or the runner's pid ends, it:

1. kills every process whose ``RLIMIT_LOCKS`` (the bot marker, see :mod:`arena.bots.reaper`) lies
   in ``[BASE, BASE + SPAN)``, in passes until a pass finds none left (bounded in time): the bots'
   leaders, their children, escapees that called ``setsid``, fork bombs;
2. removes the folders it was told about and not told were removed (scratch folders, readable
   copies of bots' files, and seats' cgroups, which empty once their sandboxes die with the
   runner);
3. exits.

It ignores SIGINT, SIGHUP and SIGTERM (it lives in its own session anyway): a Ctrl-C or a closed
terminal that ends the runner must not end the warden before it has done its work.
"""

from __future__ import annotations

import os
import resource
import select
import shutil
import signal
import stat
import sys
import time

MARKER_RESOURCE = 10
"""``RLIMIT_LOCKS``; the same as :data:`arena.bots.reaper.MARKER_RESOURCE`."""
FOLDER_PREFIX = b"snakepit-"
"""Only folders whose name starts with this are removed (a guard against a wrong line)."""
CGROUPS = b"/sys/fs/cgroup/"
"""Folders under this are seats' cgroups (:mod:`arena.bots.cgroups`)."""
CGROUP_WAIT = 5.0
"""How long to wait for a seat's cgroup to be empty."""
SWEEP_SECONDS = 10.0
"""The longest a sweep goes on while it keeps finding processes (a process stuck in the kernel
cannot be killed sooner; nothing else takes more than a few passes)."""
PASS_PAUSE = 0.002
"""Pause between two passes that found processes: the killed ones need a moment to die."""


def marker_of(pid: int) -> int | None:
    """The soft ``RLIMIT_LOCKS`` of ``pid`` (None if it is gone or unreadable)."""
    try:
        return resource.prlimit(pid, MARKER_RESOURCE)[0]
    except PermissionError:
        pass  # another user's process: /proc/PID/limits is readable by everyone
    except OSError:
        return None
    try:
        with open(f"/proc/{pid}/limits", "rb") as limits:
            for line in limits:
                if line.startswith(b"Max file locks"):
                    soft = line.split()[3]
                    return resource.RLIM_INFINITY if soft == b"unlimited" else int(soft)
    except (OSError, ValueError, IndexError):
        pass
    return None


def is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            text = stat_file.read()
    except OSError:
        return True  # gone: nothing to kill
    return text[text.rfind(b")") + 2 :][:1] in (b"Z", b"X")


def kill_pass(base: int, span: int) -> int:
    """SIGKILL every live process marked in ``[base, base + span)``; how many were signalled.

    A candidate is pinned with a pidfd before its marker is read again, so a pid that ended and
    was given to another process in between is never signalled."""
    me = os.getpid()
    killed = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        pid = int(name)
        if pid == me:
            continue
        marker = marker_of(pid)
        if marker is None or not base <= marker < base + span:
            continue
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            continue
        try:
            marker = marker_of(pid)
            if marker is not None and base <= marker < base + span and not is_zombie(pid):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
                killed += 1
        except OSError:
            pass
        finally:
            os.close(pidfd)
    return killed


def sweep(base: int, span: int, seconds: float = SWEEP_SECONDS) -> int:
    """Passes of :func:`kill_pass` until one finds nothing (or ``seconds`` ran out): the total."""
    deadline = time.monotonic() + seconds
    total = 0
    while True:
        killed = kill_pass(base, span)
        total += killed
        if killed == 0 or time.monotonic() >= deadline:
            return total
        time.sleep(PASS_PAUSE)


def remove_folder(name: bytes) -> None:
    if not os.path.isabs(name) or not os.path.basename(name).startswith(FOLDER_PREFIX):
        return
    if name.startswith(CGROUPS):
        remove_cgroup(name)
        return
    shutil.rmtree(os.fsdecode(name), onerror=make_writable_and_retry)


def remove_cgroup(name: bytes) -> None:
    """A seat's cgroup: empty once its sandbox is gone, which takes a moment after the runner's
    death (its processes die of it); its files cannot be unlinked, the folder is rmdir'ed."""
    deadline = time.monotonic() + CGROUP_WAIT
    while True:
        try:
            os.rmdir(name)
            return
        except FileNotFoundError:
            return
        except OSError:
            if time.monotonic() >= deadline:
                return
            time.sleep(0.01)


def make_writable_and_retry(func: object, path: str, _info: object) -> None:
    """A bot may leave read-only folders behind: make them writable and try once more (the
    ``onerror`` of every ``shutil.rmtree`` of bot folders, :mod:`arena.bots.sandbox`'s too)."""
    try:
        os.chmod(os.path.dirname(path), stat.S_IRWXU)
        os.chmod(path, stat.S_IRWXU)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
    except OSError:
        pass


class Folders:
    """The runner's live scratch folders, from the lines it wrote."""

    def __init__(self) -> None:
        self.live: dict[bytes, None] = {}  # ordered: removed in the order they were made
        self._partial = b""

    def feed(self, data: bytes) -> None:
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            if line.startswith(b"+ "):
                self.live[line[2:]] = None
            elif line.startswith(b"- "):
                self.live.pop(line[2:], None)


def runner_pidfd(runner: int) -> int | None:
    """A pidfd of the runner if it is still our parent (so the pid is not a reused one)."""
    if os.getppid() != runner:
        return None
    try:
        pidfd = os.pidfd_open(runner)
    except OSError:
        return None
    if os.getppid() != runner:  # it died between the two looks; the pidfd may name another
        os.close(pidfd)
        return None
    return pidfd


def watch(pipe: int, runner: int, folders: Folders) -> None:
    """Return once the pipe is at EOF or the runner has ended, reading folder lines meanwhile."""
    pidfd = runner_pidfd(runner)
    if pidfd is None:
        return
    try:
        while True:
            ready, _, _ = select.select([pipe, pidfd], [], [])
            if pidfd in ready:
                return
            try:
                data = os.read(pipe, 65536)
            except OSError:
                return
            if not data:
                return
            folders.feed(data)
    finally:
        os.close(pidfd)


def main(argv: list[str]) -> int:
    for signum in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)
    runner, base, span = (int(arg) for arg in argv[1:4])
    folders = Folders()
    watch(0, runner, folders)
    # Read what the runner wrote just before it ended (its last "- PATH" lines).
    os.set_blocking(0, False)
    try:
        while data := os.read(0, 65536):
            folders.feed(data)
    except OSError:
        pass
    sweep(base, span)
    for folder in folders.live:
        remove_folder(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
