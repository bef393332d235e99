"""Find and kill every process a bot started, also the ones that left its process group.

``killpg`` misses a child that called ``setsid`` (notes/platform-facts.md 5c), and a double fork
hands the grandchild to whoever reaps orphans. So this process makes itself the *child subreaper*
(``prctl(PR_SET_CHILD_SUBREAPER)``): every orphan of a bot is reparented to us, and a sweep
kills and reaps the ones that belong to a given bot.

Telling a bot's orphans from the host's own children (a pool worker, another thread's bot) must
not depend on anything the bot can shed cheaply. A :class:`Family` knows three things:

- a **marker** set as the hard and soft ``RLIMIT_LOCKS`` of the bot's leader. Linux ignores that
  limit since 2.4.25, every child inherits it through fork, exec and setsid, and unlike
  ``/proc/PID/environ`` it can still be read from a zombie. A bot could only lose it by lowering
  the limit on purpose.
- every pid seen in the bot's process tree, walked just before the kill (so a zombie
  intermediate of a double fork is known before its parent dies and it is reparented);
- every process group and session seen there (escapees keep the session of their parent).

The sweep only ``wait``\\ s for pids it has attributed, never ``waitpid(-1)``: a multi-threaded
host (or pytest) may have other children whose exit status belongs to someone else.
"""

from __future__ import annotations

import ctypes
import os
import resource
import secrets
import select
import signal
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

PR_SET_CHILD_SUBREAPER = 36
MARKER_RESOURCE = 10
"""``RLIMIT_LOCKS``: not exported by Python's ``resource`` module; ignored by the kernel."""

_lock = threading.Lock()
_subreaper: bool | None = None
_live_leaders: set[int] = set()
"""Leaders of running bots of this process (any thread): a sweep never mistakes them for orphans."""
MARKER_SPAN = 1 << 20
"""Every marker of one process lies in ``[base, base + MARKER_SPAN)`` (:func:`marker_range`): the
warden kills what carries one of them when the process is gone (:mod:`arena.bots.warden`)."""


@dataclass
class _Markers:
    pid: int
    base: int
    issued: int = 0


def _new_markers() -> _Markers:
    # A random base per process (never 0: no marker may look like a small real limit), so runners
    # side by side, and the pool workers forked from one server, never share a range.
    return _Markers(os.getpid(), (1 + secrets.randbelow((1 << 30) - 1)) * MARKER_SPAN)


_markers = _new_markers()


def enable_subreaper() -> bool:
    """Make this process the reaper of its descendants' orphans (once, for the whole process).

    The attribute stays on: other threads may be running bots. Orphans that belong to no bot
    (a test's ``sh -c 'sleep 9 &'``) also come to us; they are left alone, so they stay as
    zombies until this process exits. Returns whether the kernel accepted it.
    """
    global _subreaper
    with _lock:
        if _subreaper is None:
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            except (OSError, AttributeError):
                _subreaper = False
        return _subreaper


def new_marker() -> int:
    """A marker no other live bot of this process has (well inside the 64-bit rlimit range).

    They are issued in turn from this process's range and wrap around within it: the bot that had
    a marker a million bots ago is long gone."""
    with _lock:
        markers = _current_markers()
        marker = markers.base + markers.issued % MARKER_SPAN
        markers.issued += 1
        return marker


def marker_range() -> tuple[int, int]:
    """``(base, span)``: every marker this process gives its bots is in ``[base, base + span)``."""
    with _lock:
        return _current_markers().base, MARKER_SPAN


def _current_markers() -> _Markers:
    global _markers
    if _markers.pid != os.getpid():  # forked without the at-fork handler (a raw fork)
        _markers = _new_markers()
    return _markers


def _after_fork_in_child() -> None:
    """A forked child is not a subreaper (the kernel clears it), has none of its parent's bots,
    and needs markers of its own; another thread may have held the lock at the fork."""
    global _lock, _subreaper, _markers
    _lock = threading.Lock()
    _subreaper = None
    _live_leaders.clear()
    _markers = _new_markers()


os.register_at_fork(after_in_child=_after_fork_in_child)


def register_leader(pid: int) -> None:
    with _lock:
        _live_leaders.add(pid)


def unregister_leader(pid: int) -> None:
    with _lock:
        _live_leaders.discard(pid)


def marker_of(pid: int) -> int | None:
    try:
        return resource.prlimit(pid, MARKER_RESOURCE)[0]
    except OSError:
        return None


@dataclass(frozen=True)
class ProcInfo:
    pid: int
    state: str
    ppid: int
    pgrp: int
    session: int


def proc_info(pid: int) -> ProcInfo | None:
    """Fields of ``/proc/PID/stat``, or None if the process is gone (also readable for zombies)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name in parentheses may itself contain spaces and parentheses.
    fields = text[text.rfind(b")") + 2 :].split()
    return ProcInfo(pid, fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[3]))


def children(pid: int, all_threads: bool = True) -> list[int]:
    """Direct children of ``pid``: of all its threads (an orphan goes to any live thread), or of
    its main thread only (cheaper; a bot's children forked by other threads are still found by
    their group or their marker)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task") if all_threads else [str(pid)]
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as listing:
                found.extend(int(p) for p in listing.read().split())
        except OSError:
            continue
    return found


@dataclass
class Family:
    """What is known to belong to one bot."""

    marker: int
    pids: set[int] = field(default_factory=set)
    groups: set[int] = field(default_factory=set)
    """Process group and session ids of the bot's processes (both are pids of bot processes)."""

    def note(self, info: ProcInfo, host_groups: tuple[int, int]) -> None:
        self.pids.add(info.pid)
        for group in (info.pgrp, info.session):
            if group > 0 and group not in host_groups:
                self.groups.add(group)

    def owns(self, info: ProcInfo) -> bool:
        if info.pid in self.pids or info.pgrp in self.groups or info.session in self.groups:
            return True
        return marker_of(info.pid) == self.marker


def _host_groups() -> tuple[int, int]:
    """Our own group and session: bots never share them, so a family must never claim them."""
    return os.getpgrp(), os.getsid(0)


def kill_tree(root: int, family: Family) -> None:
    """SIGKILL ``root``, its process group and every descendant still attached to its tree.

    The tree is walked before anything dies, because a dying process's children scatter to the
    subreaper; the walk records them in ``family`` so the sweep recognises them there.
    """
    tree: list[int] = []
    groups: set[int] = set()
    todo = [root]
    host_groups = _host_groups()
    while todo:
        pid = todo.pop()
        info = proc_info(pid)
        if info is None:
            continue
        family.note(info, host_groups)
        tree.append(pid)
        if info.pgrp > 0:  # a dying process shows -1 (0 on older kernels): no group to kill
            groups.add(info.pgrp)
        todo.extend(children(pid, all_threads=False))
    # Only groups seen alive in this walk: an id recorded earlier may belong to nobody by now.
    for group in sorted(groups - set(host_groups)):
        _signal_group(group)
    for pid in tree:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _signal_group(group: int) -> None:
    if group <= 0:  # killpg(0) would be our own group; -1 is an error
        return
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def wait_for_exit(pid: int, timeout: float, pidfd: int | None = None) -> tuple[int, float] | None:
    """Reap child ``pid`` once it has exited: ``(wait status, CPU seconds)``, or None if it did not
    exit within ``timeout`` (or is not our child). ``pidfd``: one the caller holds for ``pid``."""
    try:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == 0:
            if pidfd is not None:
                select.select([pidfd], [], [], timeout)
            else:
                own = os.pidfd_open(pid)
                try:
                    select.select([own], [], [], timeout)
                finally:
                    os.close(own)
            done, status, usage = os.wait4(pid, os.WNOHANG)
    except ChildProcessError:
        return None
    if done == 0:
        return None
    return status, usage.ru_utime + usage.ru_stime


def sweep(families: Sequence[Family], timeout: float = 2.0) -> list[float]:
    """Kill and reap every child of this process that belongs to one of ``families`` (the orphans
    the subreaper adopted), until none is left. Returns the CPU seconds reaped per family.

    A process stuck in uninterruptible sleep past ``timeout`` is left to a later sweep.
    """
    cpu = [0.0] * len(families)
    deadline = time.monotonic() + timeout
    me = os.getpid()
    while True:
        with _lock:
            leaders = set(_live_leaders)
        found: list[tuple[int, int]] = []
        for pid in children(me):
            if pid in leaders:
                continue
            info = proc_info(pid)
            if info is None:
                continue
            owner = _owner(info, families)
            if owner is not None:
                found.append((pid, owner))
        if not found:
            return cpu
        for pid, owner in found:
            kill_tree(pid, families[owner])
        for pid, owner in found:
            reaped = wait_for_exit(pid, max(0.0, deadline - time.monotonic()))
            if reaped is not None:
                cpu[owner] += reaped[1]
        if time.monotonic() >= deadline:
            return cpu


def _owner(info: ProcInfo, families: Iterable[Family]) -> int | None:
    for index, family in enumerate(families):
        if family.owns(info):
            return index
    return None
