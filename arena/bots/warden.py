"""The runner's side of the warden: nothing of the bots outlives a runner that is SIGKILLed.

The reaper and :class:`~arena.bots.host.BotHost` clean up whenever the runner (the ``snakepit``
CLI, the app, a tournament worker) ends in any way Python sees. A SIGKILL (or the OOM killer)
gives it no chance: its bots would go on running, reparented to init, and the scratch folders
would stay. So the first time a process starts a bot or makes a scratch folder, it starts a
*warden* (:mod:`arena.bots.warden_script`): a small stdlib-only Python process in its own session
that ignores SIGINT, SIGHUP and SIGTERM and holds the read end of a pipe whose write end only the
runner holds. When that pipe reaches EOF, which the kernel guarantees however the runner ends,
the warden kills every process carrying one of the runner's bot markers
(:func:`arena.bots.reaper.marker_range`), removes the scratch folders the runner announced
(``+ PATH``) and did not remove (``- PATH``), and exits. A runner that exits normally has
already done all that, so its warden finds nothing and is gone within milliseconds.

The write end is close-on-exec, and bots are started with ``close_fds``: no bot (nor anything
else the runner executes) holds it, so no bot can keep the warden waiting. A child *forked*
from the runner without exec (``multiprocessing`` with the fork method) would hold it, so an
at-fork handler closes it there and forgets the parent's folders; such a child that starts bots
starts its own warden, with its own marker range. The warden also watches the runner's pid, in
case something forked without Python's at-fork handlers keeps the write end open.

If the warden cannot be started (no ``sys.executable``), bots still run; only this protection is
missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from arena.bots import reaper

SCRIPT = Path(__file__).with_name("warden_script.py")


@dataclass
class _State:
    """This process's warden and the scratch folders it knows of."""

    pid: int
    """The process this state belongs to (a forked child must not use its parent's)."""
    popen: subprocess.Popen[bytes] | None = None
    write_fd: int = -1
    pipe_id: tuple[int, int] = (0, 0)
    """``(st_dev, st_ino)`` of the write end: closed in a child only if the fd is still that pipe."""
    failed: bool = False
    folders: dict[bytes, None] = field(default_factory=dict)


_lock = threading.Lock()
_state = _State(os.getpid())


def ensure() -> int | None:
    """Start this process's warden unless it is running; its pid (None if it cannot run)."""
    with _lock:
        state = _current()
        if state.popen is not None and state.popen.poll() is None:
            return state.popen.pid
        if state.failed:
            return None
        _start(state)
        return state.popen.pid if state.popen is not None else None


def folder_created(path: Path) -> None:
    """Tell the warden about a new scratch folder (starting the warden if need be)."""
    name = os.fsencode(path.absolute())
    if b"\n" in name:
        return  # cannot be said in a line; such a folder is left to the host's own cleanup
    with _lock:
        state = _current()
        state.folders[name] = None
        if state.popen is None or state.popen.poll() is not None:
            if not state.failed:
                _start(state)  # it is told every live folder at its start
            return
        _send(state, b"+ " + name)


def folder_removed(path: Path) -> None:
    """Tell the warden a scratch folder is gone (removed by the host)."""
    name = os.fsencode(path.absolute())
    with _lock:
        state = _current()
        if name in state.folders:
            del state.folders[name]
            if state.popen is not None:
                _send(state, b"- " + name)


def warden_pid() -> int | None:
    """The pid of this process's running warden, if any (for tests)."""
    with _lock:
        state = _current()
        return state.popen.pid if state.popen is not None and state.popen.poll() is None else None


def write_end() -> int:
    """The file descriptor of the write end of the pipe, -1 without a warden (for tests)."""
    with _lock:
        return _current().write_fd


def _current() -> _State:
    """This process's state; a fresh one in a child forked past the at-fork handler."""
    global _state
    if _state.pid != os.getpid():
        _forget_parent(_state)
        _state = _State(os.getpid())
    return _state


def _start(state: _State) -> None:
    if state.write_fd >= 0:
        os.close(state.write_fd)
        state.write_fd = -1
    if not sys.executable:
        state.failed = True
        return
    base, span = reaper.marker_range()
    read_fd, write_fd = os.pipe2(os.O_CLOEXEC)
    try:
        state.popen = subprocess.Popen(
            [sys.executable, "-I", "-S", str(SCRIPT), str(os.getpid()), str(base), str(span)],
            stdin=read_fd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            cwd="/", env={}, start_new_session=True, close_fds=True,
        )
    except OSError:
        os.close(write_fd)
        state.failed = True
        return
    finally:
        os.close(read_fd)
    os.set_blocking(write_fd, False)
    info = os.fstat(write_fd)
    state.write_fd, state.pipe_id = write_fd, (info.st_dev, info.st_ino)
    for name in state.folders:
        _send(state, b"+ " + name)


def _send(state: _State, line: bytes) -> None:
    """Write a line without ever blocking the runner: a warden that does not read (stopped by
    someone) loses the line rather than stalling a match."""
    try:
        os.write(state.write_fd, line + b"\n")
    except OSError:
        pass


def _forget_parent(state: _State) -> None:
    """In a forked child: close the inherited write end (if the fd is still that pipe), so that the
    parent's warden sees EOF when the parent ends, however long this child lives."""
    if state.write_fd < 0:
        return
    try:
        info = os.fstat(state.write_fd)
    except OSError:
        return
    if (info.st_dev, info.st_ino) == state.pipe_id:
        try:
            os.close(state.write_fd)
        except OSError:
            pass


def _after_fork_in_child() -> None:
    global _lock
    _lock = threading.Lock()  # another thread may have held it at the fork
    _current()


os.register_at_fork(after_in_child=_after_fork_in_child)
