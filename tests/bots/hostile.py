"""Hostile, for the sandbox's tests (tests/arena/test_sandbox_*.py): attacks first, then plays.

``hostile.py ATTACK MARKER [ARG...] -- [--play BOT ARGS...]``

A path argument of an attack is written ``@PATH``: a path the command line names as such is one
the bot may read (the sandbox shows it), which would spoil the attack.

The attack runs at the start (every round, for a bot started each round); one line on stderr
says what it achieved, ``attack ATTACK: ...``. Then, with ``--play BOT``, the real bot BOT (a
Python file, e.g. a sample) plays in this process with the remaining arguments, so
the hostile seat's moves are exactly BOT's; without it, the bot answers ``.`` (a worm going
straight on).

Attacks (each bounded so that a sandbox that fails to stop it cannot hurt the machine much):

* ``kill_rivals``: SIGKILL every process it can see but itself and its parent;
* ``spy PATH...``: read each path (``/etc/shadow``, a project file, ``/proc/PID/environ`` of the
  referee...) and list what it could read;
* ``write_outside FOLDER...``: write a file named after MARKER in each folder and in ``/tmp``,
  and 65 MiB to ``/dev/shm``, and list which writes worked;
* ``rewrite_playfields``: overwrite every other seat's worms playfield file it can find;
* ``network PORT``: connect to 127.0.0.1:PORT;
* ``escape``: double fork and ``setsid``: a daemon that sleeps on, MARKER in its command line;
* ``locks_escape``: the same after lowering its RLIMIT_LOCKS (the unsandboxed host's marker);
* ``fork_bomb``: ``setsid``, then doubles itself up to 512 processes, every one busy;
* ``memory N MIB``: N children that each try to allocate and touch MIB MiB; says how many managed;
* ``kill_parent``: ``kill -9`` its parent (the runner, unsandboxed);
* ``none``: nothing (the baseline).
"""

from __future__ import annotations

import os
import resource
import runpy
import signal
import socket
import sys
import time

MiB = 1 << 20


def kill_rivals() -> str:
    killed = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) not in (os.getpid(), os.getppid()):
            try:
                os.kill(int(name), signal.SIGKILL)
                killed.append(name)
            except OSError:
                pass
    return f"killed {len(killed)}: {' '.join(killed)}"


def spy(paths: list[str]) -> str:
    read = []
    for path in paths:
        try:
            with open(path, "rb") as secret:
                if secret.read(64) is not None:
                    read.append(path)
        except OSError as error:
            read.append(f"!{path}:{error.errno}")
    return "read " + " ".join(read)


def write_outside(marker: str, folders: list[str]) -> str:
    wrote = []
    for folder in [*folders, "/tmp", "/dev/shm"]:
        try:
            with open(os.path.join(folder, marker), "wb") as out:
                out.write(b"x" * (65 * MiB if folder == "/dev/shm" else 10))
            wrote.append(folder)
        except OSError as error:
            wrote.append(f"!{folder}:{error.errno}")
    return "wrote " + " ".join(wrote)


def rewrite_playfields() -> str:
    import glob

    mine = os.path.realpath("playfield.txt")
    found = [p for p in glob.glob("/tmp/snakepit-match-*/*/playfield.txt") + glob.glob("/*/playfield.txt")
             if os.path.realpath(p) != mine]
    wrote = []
    for path in found:
        try:
            with open(path, "w") as out:
                out.write("0 1 0\n")
            wrote.append(path)
        except OSError as error:
            wrote.append(f"!{path}:{error.errno}")
    return f"found {len(found)} " + " ".join(wrote)


def network(port: int) -> str:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0):
            return "connected"
    except OSError as error:
        return f"!connect:{error.errno}"


def escape(marker: str, lower_locks: bool) -> str:
    if lower_locks:
        resource.setrlimit(10, (0, 0))  # RLIMIT_LOCKS: the unsandboxed host's marker
    child = os.fork()
    if child == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [sys.executable, "-c", "import time\nwhile True: time.sleep(60)", marker])
        os._exit(0)
    os.waitpid(child, 0)
    time.sleep(0.1)
    return "escaped"


def fork_bomb() -> str:
    if os.fork() != 0:
        time.sleep(0.3)  # let it grow
        return "bombed"
    os.setsid()
    for _ in range(9):
        try:
            os.fork()
        except OSError:
            break
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        pass
    os._exit(0)


def memory(children: int, size: int) -> str:
    pids = []
    for _ in range(children):
        pid = os.fork()
        if pid == 0:
            try:
                block = bytearray(size * MiB)
                for i in range(0, len(block), 4096):
                    block[i] = 1
                time.sleep(0.5)  # hold it while the others try
                os._exit(0)
            except MemoryError:
                os._exit(3)
        pids.append(pid)
    managed = 0
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        managed += os.waitstatus_to_exitcode(status) == 0
    return f"managed {managed} of {children}"


def kill_parent() -> str:
    try:
        os.kill(os.getppid(), signal.SIGKILL)
        return f"killed parent {os.getppid()}"
    except OSError as error:
        return f"!kill:{error.errno}"


def attack(name: str, marker: str, args: list[str]) -> str:
    if name == "kill_rivals":
        return kill_rivals()
    if name == "spy":
        return spy(args)
    if name == "write_outside":
        return write_outside(marker, args)
    if name == "rewrite_playfields":
        return rewrite_playfields()
    if name == "network":
        return network(int(args[0]))
    if name in ("escape", "locks_escape"):
        return escape(marker, name == "locks_escape")
    if name == "fork_bomb":
        return fork_bomb()
    if name == "memory":
        return memory(int(args[0]), int(args[1]))
    if name == "kill_parent":
        return kill_parent()
    return "nothing"


def main() -> None:
    name, marker, *rest = sys.argv[1:]
    end = rest.index("--") if "--" in rest else len(rest)
    args, rest = [arg.removeprefix("@") for arg in rest[:end]], rest[end + 1:]
    bot = rest[1:] if rest[:1] == ["--play"] else []
    sys.stderr.write(f"attack {name}: {attack(name, marker, args)}\n")
    sys.stderr.flush()
    if bot:
        sys.argv = bot
        sys.path.insert(0, os.path.dirname(os.path.abspath(bot[0])))  # as ``python3 BOT`` does: for what is beside it
        runpy.run_path(bot[0], run_name="__main__")
    else:
        sys.stdout.write(".\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
