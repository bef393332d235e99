"""Resource limits of a bot: kernel rlimits on its processes and the host's caps on its pipes.

By default the rlimits are set with ``prlimit(2)`` on the new process right after it starts, not
in a ``preexec_fn``: a ``preexec_fn`` disables the vfork fast path and triples the start time of
a small compiled bot (0.7 -> 2.4 ms measured, notes/platform-facts.md 5a), and is not safe in a
threaded host. The price is a window of about 0.1 ms in which the bot runs unlimited: enough for a
compiled program to write a few megabytes or fork before its limits arrive (children forked in
that window keep no limits; the kill at the end of the turn still finds them). With
:attr:`Limits.before_exec` the bot is started through ``prlimit(1)`` instead, which sets the limits
and then executes the bot in the same process: exact, for about 1 ms more per start.

``RLIMIT_NPROC`` counts every task of the *user* across the machine, and the kernel does not
enforce it for root. So it is only set for other users, and then as "the tasks the user has when
the match starts + :attr:`Limits.processes`"; as root it is skipped, and a fork bomb is stopped by
the deadline, which kills the bot's whole process group and every descendant the reaper finds.
"""

from __future__ import annotations

import os
import resource
import shutil
from dataclasses import dataclass

Rlimit = tuple[int, int]
RlimitPlan = tuple[tuple[int, Rlimit], ...]
"""``(resource, (soft, hard))`` pairs, ready for ``resource.prlimit``."""

MiB = 1 << 20
GiB = 1 << 30


class LimitsError(ValueError):
    """A limit that cannot be applied (zero, negative)."""


@dataclass(frozen=True)
class Limits:
    """Limits of one bot. ``None`` leaves a kernel limit as the host has it."""

    cpu_seconds: int | None = 60
    """CPU seconds over the process's life: SIGXCPU at this, SIGKILL one second later. A backstop
    for persistent bots; per-turn time is the deadline's job."""
    address_space: int | None = 1 * GiB
    """``RLIMIT_AS`` in bytes. Runtimes that reserve big address ranges up front (V8, the JVM)
    need ``None`` here and a :attr:`data` limit instead."""
    data: int | None = None
    """``RLIMIT_DATA`` in bytes: writable private memory, not mere reservations."""
    file_size: int | None = 64 * MiB
    """``RLIMIT_FSIZE``: largest file a bot may write (SIGXFSZ beyond)."""
    processes: int | None = 64
    """Processes (threads count too) the bot may have at once. In a sandbox, for the whole seat
    (its cgroup's ``pids.max``, and ``RLIMIT_NPROC`` of the seat's own uid or user namespace);
    unsandboxed, extra tasks of the bot's user (``RLIMIT_NPROC``), not enforceable as root."""
    memory: int | None = 1 * GiB
    """Memory of the whole seat, all its processes and its tmpfs files together (a cgroup limit;
    in force only where the sandbox may make cgroups, see :mod:`arena.bots.cgroups`)."""
    disk: int = 64 * MiB
    """Size of each of a sandboxed seat's writable places: its folder, ``/tmp``, ``/dev/shm``."""
    open_files: int | None = None
    """``RLIMIT_NOFILE``."""
    stdout_bytes: int = 1 * MiB
    """The most the host reads from stdout for one answer; a bot that writes more without
    completing its answer is killed."""
    stderr_bytes: int = 1 * MiB
    """The most the host reads from stderr per turn; more kills the bot."""
    stderr_tail: int = 4096
    """How many of the last stderr bytes a turn record keeps."""
    stdin_bytes: int = 1 * MiB
    """Persistent bots: the most input the host queues for a bot that does not read it."""
    before_exec: bool = False
    """Set the rlimits before the bot's program runs (through ``prlimit(1)``), not just after."""

    def __post_init__(self) -> None:
        for name in ("cpu_seconds", "address_space", "data", "file_size", "processes", "open_files"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise LimitsError(f"limit {name} must be positive or None, got {value!r}")
        for name in ("memory",):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise LimitsError(f"limit {name} must be positive or None, got {value!r}")
        for name in ("stdout_bytes", "stderr_bytes", "stderr_tail", "stdin_bytes", "disk"):
            value = getattr(self, name)
            if value <= 0:
                raise LimitsError(f"limit {name} must be positive, got {value!r}")

    def plan(self, user_tasks: int | None = None) -> RlimitPlan:
        """The rlimits to set on each bot process. ``user_tasks`` is the user's current task count
        (:func:`user_task_count`), needed for ``RLIMIT_NPROC``; as root that limit is left out."""
        wanted: list[tuple[int, int, int]] = [(resource.RLIMIT_CORE, 0, 0)]
        if self.cpu_seconds is not None:
            wanted.append((resource.RLIMIT_CPU, self.cpu_seconds, self.cpu_seconds + 1))
        for res, value in (
            (resource.RLIMIT_AS, self.address_space),
            (resource.RLIMIT_DATA, self.data),
            (resource.RLIMIT_FSIZE, self.file_size),
            (resource.RLIMIT_NOFILE, self.open_files),
        ):
            if value is not None:
                wanted.append((res, value, value))
        if self.processes is not None and os.geteuid() != 0 and user_tasks is not None:
            total = user_tasks + self.processes
            wanted.append((resource.RLIMIT_NPROC, total, total))
        return tuple((res, _within_host(res, soft, hard)) for res, soft, hard in wanted)


    def sandbox_rlimits(self) -> list[tuple[int, int, int]]:
        """The rlimits the launcher of a sandboxed seat sets on itself, and so on every process
        of the seat: as :meth:`plan` without the CPU limit (the launcher adds up the CPU time of
        all the seat's processes instead) and with ``RLIMIT_NPROC`` counting the seat alone (its
        own uid, or its own user namespace), the launcher included."""
        plan = [(res, soft, hard) for res, (soft, hard) in self.plan() if res != resource.RLIMIT_CPU]
        if self.processes is not None:
            total = self.processes + 1
            plan.append((resource.RLIMIT_NPROC, *_within_host(resource.RLIMIT_NPROC, total, total)))
        return plan


def _within_host(res: int, soft: int, hard: int) -> Rlimit:
    """Never ask for more than the host's own hard limit: an unprivileged prlimit cannot raise it."""
    _, host_hard = resource.getrlimit(res)
    if host_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, host_hard), min(hard, host_hard)
    return soft, hard


def apply_plan(pid: int, plan: RlimitPlan) -> None:
    """Set every limit of ``plan`` on process ``pid`` (a no-op for a process already gone)."""
    try:
        for res, limit in plan:
            resource.prlimit(pid, res, limit)
    except ProcessLookupError:
        pass


def user_task_count(uid: int | None = None) -> int:
    """How many tasks (threads included, as ``RLIMIT_NPROC`` counts them) the user has now."""
    uid = os.getuid() if uid is None else uid
    count = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status", "rb") as status:
                fields = dict(line.split(b":", 1) for line in status if b":" in line)
        except OSError:
            continue  # it ended while we looked
        if int(fields.get(b"Uid", b"-1 0").split()[0]) == uid:
            count += int(fields.get(b"Threads", b"1"))
    return count


_PRLIMIT_OPTIONS = {
    resource.RLIMIT_CORE: "core", resource.RLIMIT_CPU: "cpu", resource.RLIMIT_AS: "as",
    resource.RLIMIT_DATA: "data", resource.RLIMIT_FSIZE: "fsize", resource.RLIMIT_NOFILE: "nofile",
    resource.RLIMIT_NPROC: "nproc", 10: "locks",  # 10 = RLIMIT_LOCKS, see reaper.MARKER_RESOURCE
}


def prlimit_wrapper(plan: RlimitPlan) -> list[str]:
    """The ``prlimit(1)`` command line that sets ``plan`` and then executes what follows it."""
    program = shutil.which("prlimit", path=os.defpath + ":/usr/bin:/bin")
    if program is None:
        raise LimitsError("Limits(before_exec=True) needs the prlimit program (util-linux), which is not installed")
    return [program, *(f"--{_PRLIMIT_OPTIONS[res]}={soft}:{hard}" for res, (soft, hard) in plan), "--"]
