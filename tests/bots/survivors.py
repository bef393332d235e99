"""Looking for what a test's bots left behind: live processes carrying the test's marker (in
their environment or command line), and zombie children of the test process."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from arena.bots.reaper import children, proc_info

BOTS = Path(__file__).parent
MARK_VARIABLE = "SNAKEPIT_TEST_MARK"


def new_marker() -> str:
    return f"snakepit-test-{uuid.uuid4().hex}"


def processes_with(marker: str) -> list[int]:
    """Pids of live processes whose environment or command line contains ``marker``."""
    needle = marker.encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        for part in ("environ", "cmdline"):
            try:
                with open(f"/proc/{entry}/{part}", "rb") as data:
                    if needle in data.read():
                        found.append(int(entry))
                        break
            except OSError:
                continue
    return found


def wardens_of(runner: int) -> list[int]:
    """Pids of live warden processes (arena/bots/warden.py) started by process ``runner``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(arg.endswith(b"warden_script.py") for arg in argv) and str(runner).encode() in argv:
            info = proc_info(int(entry))
            if info is not None and info.state != "Z":
                found.append(int(entry))
    return found


def zombie_children() -> set[int]:
    zombies = set()
    for pid in children(os.getpid()):
        info = proc_info(pid)
        if info is not None and info.state == "Z":
            zombies.add(pid)
    return zombies


def describe(pids: list[int]) -> str:
    lines = []
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            cmdline = "?"
        lines.append(f"{pid}: {cmdline}")
    return "\n".join(lines)


def assert_none_left(marker: str) -> None:
    left = processes_with(marker)
    assert not left, "processes survived:\n" + describe(left)


def marked(marker: object) -> dict[str, str]:
    """The extra environment that marks a match's bots (``bot_env``) for :func:`processes_with`:
    a sandboxed bot sees neither the host's folders nor its variables."""
    return {MARK_VARIABLE: str(marker)}


def tree(root: int) -> set[tuple[int, int]]:
    """Every live process under ``root`` (not ``root`` itself), as ``(pid, start time)``: the
    start time tells a process from a later one given the same pid."""
    found: set[tuple[int, int]] = set()
    todo = [root]
    while todo:
        for pid in children(todo.pop()):
            started = _start_time(pid)
            if started is not None:
                found.add((pid, started))
                todo.append(pid)
    return found


def still_alive(processes: set[tuple[int, int]]) -> list[int]:
    """The pids of ``processes`` (from :func:`tree`) that still run (zombies count as gone)."""
    alive = []
    for pid, started in processes:
        info = proc_info(pid)
        if _start_time(pid) == started and info is not None and info.state != "Z":
            alive.append(pid)
    return sorted(alive)


def _start_time(pid: int) -> int | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
        return int(fields[19])
    except (OSError, IndexError, ValueError):
        return None
