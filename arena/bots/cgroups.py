"""Control groups for a seat: the limits that hold for all of a seat's processes together.

Rlimits are per process: four children of one bot each get the whole memory limit, and as root
``RLIMIT_NPROC`` is not enforced at all. A cgroup per seat caps the seat as a whole: ``pids.max``
(a fork bomb fails at the cap) and its memory (every process of the seat together, tmpfs files
included). The launcher of the seat's sandbox joins the groups before any process of the bot
exists (:mod:`arena.bots.launcher_script`), so nothing is applied to a bot after it started.

Where the groups are made, if anywhere:

* **cgroup v1** (``/sys/fs/cgroup/pids``, ``/sys/fs/cgroup/memory`` mounted, as on these
  machines), as root: one group per controller, under the runner's own group of that controller;
* **cgroup v2** (``/sys/fs/cgroup`` is the unified hierarchy with the ``pids`` and ``memory``
  controllers), when the runner may write its own group's parent (root, or a delegated subtree
  such as ``systemd-run --user --scope -p Delegate=yes``): a group beside the runner's;
* otherwise none: :func:`availability` says why, and the seat is limited per process only.

Groups are named ``snakepit-<runner pid>-<n>``; a runner that was SIGKILLed leaves empty groups,
which the next runner removes (:func:`sweep_stale`), as its warden does.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.bots import warden

ROOT = Path("/sys/fs/cgroup")
PREFIX = "snakepit-"
V1_CONTROLLERS = ("pids", "memory")
REMOVE_WAIT = 2.0
"""How long to keep trying to remove a seat's groups while its last processes die (seconds)."""

_counter = itertools.count()
_lock = threading.Lock()
_probe: tuple[str, tuple[Path, ...], int] | None = None
"""(reason or "", the parent folders new groups go into, the cgroup version), found once per
process."""


@dataclass
class SeatCgroups:
    """The groups of one seat (one per v1 controller, or one v2 group)."""

    folders: tuple[Path, ...]
    version: int
    memory: int | None
    processes: int | None

    def procs_files(self) -> list[int]:
        """Open ``cgroup.procs`` of every group for writing (the launcher writes ``0`` to join)."""
        fds: list[int] = []
        try:
            for folder in self.folders:
                fds.append(os.open(folder / "cgroup.procs", os.O_WRONLY | os.O_CLOEXEC))
        except OSError:
            for fd in fds:
                os.close(fd)
            raise
        return fds

    def peak_memory(self) -> int | None:
        """The most memory the seat used at once, in bytes, if the kernel says."""
        for folder in self.folders:
            for name in ("memory.max_usage_in_bytes", "memory.peak"):
                try:
                    return int((folder / name).read_text())
                except (OSError, ValueError):
                    continue
        return None

    def oom_kills(self) -> int:
        """How many of the seat's processes the kernel killed for its memory limit."""
        for folder in self.folders:
            for name in ("memory.oom_control", "memory.events"):
                try:
                    for line in (folder / name).read_text().splitlines():
                        key, _, value = line.partition(" ")
                        if key == "oom_kill":
                            return int(value)
                except (OSError, ValueError):
                    continue
        return 0

    def remove(self) -> bool:
        """Remove the groups (after the seat's processes are gone); False if one is still busy."""
        deadline = time.monotonic() + REMOVE_WAIT
        left = list(self.folders)
        while left:
            left = [folder for folder in left if not _rmdir(folder)]
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.005)
        for folder in self.folders:
            if folder not in left:
                warden.folder_removed(folder)
        return not left


def availability() -> str:
    """Empty if seat groups can be made here, else why not (one line)."""
    return _probed()[0]


def parents() -> tuple[Path, ...]:
    """Where seat groups are made (empty if nowhere)."""
    return _probed()[1]


def create(limits_memory: int | None, limits_processes: int | None) -> SeatCgroups | None:
    """New groups for one seat with these limits (``processes`` counts the launcher too), or None
    when cgroups cannot be used here (:func:`availability`)."""
    reason, where, version = _probed()
    if reason:
        return None
    name = f"{PREFIX}{os.getpid()}-{next(_counter)}"
    made: list[Path] = []
    try:
        for parent in where:
            folder = parent / name
            folder.mkdir()
            made.append(folder)
            warden.folder_created(folder)  # removed by the warden should this process be killed
            _write_limits(folder, version, limits_memory, limits_processes)
    except OSError:
        for folder in made:
            _rmdir(folder)
        raise
    return SeatCgroups(tuple(made), version, limits_memory, limits_processes)


def sweep_stale() -> int:
    """Remove the empty groups of runners that are gone; how many were removed."""
    removed = 0
    for parent in parents():
        try:
            entries = list(parent.iterdir())
        except OSError:
            continue
        for entry in entries:
            owner = _owner_pid(entry.name)
            if owner is not None and not _alive(owner) and _rmdir(entry):
                removed += 1
    return removed


def _write_limits(folder: Path, version: int, memory: int | None, processes: int | None) -> None:
    if processes is not None and (folder / "pids.max").exists():
        (folder / "pids.max").write_text(str(processes))
    if memory is None:
        return
    if version == 1 and (folder / "memory.limit_in_bytes").exists():
        (folder / "memory.limit_in_bytes").write_text(str(memory))
        if (folder / "memory.memsw.limit_in_bytes").exists():  # memory + swap: no escape to swap
            (folder / "memory.memsw.limit_in_bytes").write_text(str(memory))
    elif version == 2 and (folder / "memory.max").exists():
        (folder / "memory.max").write_text(str(memory))
        if (folder / "memory.swap.max").exists():
            (folder / "memory.swap.max").write_text("0")


def _probed() -> tuple[str, tuple[Path, ...], int]:
    global _probe
    with _lock:
        if _probe is None:
            _probe = _find_parents()
        return _probe


def _find_parents() -> tuple[str, tuple[Path, ...], int]:
    own = _own_groups()
    if (ROOT / "cgroup.controllers").exists():
        reason, found = _v2_parent(own.get("", "/"))
        return reason, found, 2
    missing = [c for c in V1_CONTROLLERS if not (ROOT / c / "cgroup.procs").exists()]
    if missing:
        return f"the cgroup controllers {', '.join(missing)} are not mounted under {ROOT}", (), 1
    found = tuple(ROOT / controller / own.get(controller, "/").lstrip("/") for controller in V1_CONTROLLERS)
    for parent in found:
        if not os.access(parent, os.W_OK):
            return f"cgroup v1 needs root to make seat groups ({parent} is not writable)", (), 1
    return "", found, 1


def _v2_parent(own: str) -> tuple[str, tuple[Path, ...]]:
    controllers = (ROOT / "cgroup.controllers").read_text().split()
    missing = [c for c in V1_CONTROLLERS if c not in controllers]
    if missing:
        return f"the cgroup v2 controllers {', '.join(missing)} are not available", ()
    # A process may not sit in a group whose controllers are enabled for children ("no internal
    # processes"), so seat groups go beside our own group, in its parent, which must be ours.
    own_folder = ROOT / own.lstrip("/")
    parent = own_folder if own == "/" else own_folder.parent
    if not os.access(parent, os.W_OK) or not os.access(parent / "cgroup.subtree_control", os.W_OK):
        return f"the cgroup {parent} is not delegated to this user (run as root, or under systemd-run --user " \
               "-p Delegate=yes)", ()
    try:
        enabled = (parent / "cgroup.subtree_control").read_text().split()
        wanted = [f"+{c}" for c in V1_CONTROLLERS if c not in enabled]
        if wanted:
            (parent / "cgroup.subtree_control").write_text(" ".join(wanted))
    except OSError as error:
        return f"cannot enable the pids and memory controllers in {parent}: {error.strerror}", ()
    return "", (parent,)


def _own_groups() -> dict[str, str]:
    """This process's group per v1 controller (``""``: the v2 group)."""
    groups: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return groups
    for line in lines:
        _id, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            groups[controller] = path
    return groups


def _rmdir(folder: Path) -> bool:
    try:
        folder.rmdir()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def _owner_pid(name: str) -> int | None:
    if not name.startswith(PREFIX):
        return None
    owner = name[len(PREFIX):].split("-", 1)[0]
    return int(owner) if owner.isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def describe(groups: SeatCgroups | None) -> Sequence[str]:
    """The seat-wide limits in force, in words."""
    if groups is None:
        return ()
    words = []
    if groups.processes is not None:
        words.append(f"at most {groups.processes} processes")
    if groups.memory is not None:
        words.append(f"{groups.memory >> 20} MiB of memory")
    return [f"{w} for the whole seat (cgroup v{groups.version})" for w in words]
