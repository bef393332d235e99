"""The bubblewrap command line of a seat's sandbox: its namespaces and its view of the files.

What a bot sees (everything read-only but its seat folder, ``/tmp`` and ``/dev/shm``):

* the system: ``/usr`` (and ``/bin``, ``/lib``... as the host has them, links or folders) and
  ``/etc``; a ``/proc`` of its own PID namespace only; a minimal ``/dev``;
* the programs it runs: the folder of its program, its script and any file its command line
  names (a folder ``bin`` stands for its parent, the prefix an interpreter needs), the program a
  ``#!`` line names, and the interpreter running the launcher;
* paths the user adds (:attr:`SandboxPolicy.read_only`);
* its seat folder ``/seat`` (the working directory, ``HOME``), a private ``/tmp`` and
  ``/dev/shm``: three size-limited tmpfs, gone with the sandbox.

Nothing else: no home directory, not the project, not the host's ``/tmp``, no other seat. A
folder too broad to show (``/``, ``/home``, the user's home, ``/tmp``...) is replaced by the one
file that needed it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

SEAT = "/seat"
"""Where the seat folder is inside every sandbox."""
LAUNCHER = "/.snakepit/launcher.py"
LAUNCHER_SOURCE = Path(__file__).with_name("launcher_script.py")
SYSTEM_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
"""Top-level names that are links into /usr on merged-/usr systems and folders elsewhere."""
SHOWN_ALREADY = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
HIDDEN = ("/proc", "/sys", "/dev", "/run", SEAT, "/.snakepit")
TOO_BROAD = ("/", "/home", "/root", "/tmp", "/var", "/var/tmp", "/srv", "/opt", "/mnt", "/media", "/work")
"""Folders shown only file by file: binding them whole would show what is not the bot's."""
PROBE_TIMEOUT = 10.0


class SandboxUnavailable(RuntimeError):
    """This machine cannot sandbox bots: the message names the missing piece and the fix."""


@dataclass(frozen=True)
class SandboxPolicy:
    """How a match's bots are sandboxed."""

    enabled: bool = True
    """False only when the user explicitly opted out (``--no-sandbox``)."""
    network: frozenset[int] = frozenset()
    """Seats (0-based) allowed the host's network; the others have none, loopback included."""
    read_only: tuple[str, ...] = ()
    """More paths every bot may read."""

    def allows_network(self, seat: int) -> bool:
        return seat in self.network


UNSANDBOXED = SandboxPolicy(enabled=False)


BWRAP_VARIABLE = "SNAKEPIT_BWRAP"
"""An environment variable naming the ``bwrap`` to use (default: the one on the system's PATH)."""
BWRAP_ORIGIN_VARIABLE = "SNAKEPIT_BWRAP_ORIGIN"
"""Where the value of :data:`BWRAP_VARIABLE` was chosen, in the user's words, when not by hand
(the app hands its preference over as the variable: "the bwrap program in Preferences")."""


def bwrap_program() -> str:
    """The path of ``bwrap``; raises :class:`SandboxUnavailable` if it is not installed, or if the
    one chosen (:data:`BWRAP_VARIABLE`) cannot run: then the message names the path, why, and
    where it was chosen (not "install bubblewrap": the choice is what is wrong)."""
    chosen = os.environ.get(BWRAP_VARIABLE)
    if chosen:
        problem = program_problem(chosen)
        if problem is not None:
            origin = os.environ.get(BWRAP_ORIGIN_VARIABLE) or f"the environment variable {BWRAP_VARIABLE}"
            raise SandboxUnavailable(f"cannot sandbox bots: the bwrap program {chosen!r} set by {origin} {problem}; "
                                     "give the path of bubblewrap's bwrap there, or clear it to use the system's")
        return chosen
    found = shutil.which("bwrap", path="/usr/local/bin:/usr/bin:/bin:" + os.environ.get("PATH", ""))
    if found is None:
        raise SandboxUnavailable(
            "cannot sandbox bots: bubblewrap (bwrap) is not installed; install it (apt-get install bubblewrap) "
            "or pass --no-sandbox to run bots unsandboxed")
    return found


def program_problem(path: str) -> str | None:
    """Why ``path`` cannot be run as a program ("does not exist", "is a folder"...), or None."""
    if not os.path.lexists(path):
        return "does not exist"
    if not os.path.exists(path):
        return f"is a link to {os.readlink(path)!r}, which does not exist"
    if not os.path.isfile(path):
        return "is a folder, not a program" if os.path.isdir(path) else "is not a regular file"
    if not os.access(path, os.X_OK):
        return "is not executable (no x permission for you)"
    return None


_probe_lock = threading.Lock()
_probes: dict[str, str] = {}
"""What trying bwrap said, by the bwrap program's path: "" if it works."""


def check_available() -> None:
    """Raise :class:`SandboxUnavailable` unless a sandbox can start here (bwrap tried once per
    process and program; a chosen program that cannot run is said every time, until it can)."""
    program = bwrap_program()
    with _probe_lock:
        if program not in _probes:
            _probes[program] = _probe(program)
        if _probes[program]:
            raise SandboxUnavailable(_probes[program])


def _probe(program: str) -> str:
    argv = [program, *namespace_args(network=False), *system_view(), "--", "/bin/true"]
    # (--as-pid-1 among the namespace options: else bwrap's own init, left unreaped by bwrap,
    # would come to whoever reaps this process's orphans)
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=PROBE_TIMEOUT, env={"PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"cannot sandbox bots: bubblewrap does not run ({error}); pass --no-sandbox to run bots unsandboxed"
    if done.returncode == 0:
        return ""
    said = done.stderr.decode(errors="replace").strip().splitlines()
    detail = said[-1] if said else f"exit code {done.returncode}"
    fix = ("enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu "
           "kernel.apparmor_restrict_unprivileged_userns=0) or run as root"
           if os.geteuid() != 0 else "check that the kernel allows namespaces")
    return f"cannot sandbox bots: bubblewrap failed: {detail}; {fix}, or pass --no-sandbox to run bots unsandboxed"


def namespace_args(network: bool) -> list[str]:
    """Every namespace but the network's, which a seat may be allowed to share."""
    args = ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
    if os.geteuid() != 0:
        args.append("--unshare-user")  # bwrap without setuid needs it to make the others
    if not network:
        args.append("--unshare-net")
    # --as-pid-1: the program is the namespace's init (without it bwrap's own init is, and is left
    # unreaped to whoever reaps orphans when the sandbox ends).
    return [*args, "--as-pid-1", "--die-with-parent", "--new-session", "--hostname", "snakepit"]


def system_view() -> list[str]:
    """The read-only system: /usr, the top-level links or folders into it, /etc, /proc, /dev."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in SYSTEM_LINKS:
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    return [*args, "--ro-bind", "/etc", "/etc", "--proc", "/proc", "--dev", "/dev"]


def seat_view(sizes: int, binds: Iterable[tuple[str, str]]) -> list[str]:
    """The seat's writable tmpfs (each ``sizes`` bytes at most) and the read-only ``binds``
    (``(source, where the bot sees it)``, from :func:`shown_paths`), then the launcher."""
    args = []
    for folder in ("/tmp", "/dev/shm", SEAT):
        args += ["--size", str(sizes), "--tmpfs", folder]
    made: set[str] = {"/", "/tmp", "/dev", "/dev/shm"}
    for source, path in [*binds, (str(LAUNCHER_SOURCE), LAUNCHER)]:
        # bwrap would make the folders above a bound path private (0700) to root: the bot's
        # user could not reach it.
        for parent in reversed(PurePosixPath(path).parents):
            if str(parent) not in made:
                made.add(str(parent))
                args += ["--perms", "0755", "--dir", str(parent)]
        args += ["--ro-bind", source, path]
    # The root itself (a tmpfs holding the folders made above) is read-only too: else a bot could
    # fill memory through it, where no size limit holds.
    return [*args, "--remount-ro", "/", "--chdir", "/"]


def launcher_python() -> str:
    """The interpreter that runs the launcher: this one, without a virtual environment's link."""
    return os.path.realpath(sys.executable)


def reads_for(argv: Sequence[str], extra: Iterable[str] = ()) -> list[str]:
    """The paths a bot started with ``argv`` needs to read (see the module doc), for
    :func:`shown_paths`."""
    wanted: list[str] = [*_prefix_of(launcher_python()), *extra]
    for index, arg in enumerate(argv):
        if not os.path.isabs(arg) or not os.path.exists(arg):
            continue
        wanted += _needs(arg, program=index == 0)
        if index == 0 or os.path.isfile(arg):
            wanted += _shebang_interpreter(arg)
    return wanted


def shown_alone(argv: Sequence[str]) -> list[str]:
    """The files of a bot's command line that are shown without their folder, it being too broad
    (a home, ``/tmp``): the bot cannot see the files beside them (a module it imports, a table
    it reads), which only a note can tell its writer."""
    return [arg for arg in dict.fromkeys(argv) if os.path.isabs(arg) and os.path.isfile(arg)
            and _too_broad(os.path.dirname(os.path.realpath(arg)))]


def shown_paths(paths: Iterable[str]) -> list[str]:
    """``paths`` made absolute, without duplicates, without what the system view already shows
    or hides, and without paths inside another one of them (bwrap binds in order)."""
    result: list[str] = []
    for path in sorted({os.path.normpath(os.path.abspath(p)) for p in paths}):
        if not os.path.exists(path) or _under(path, SHOWN_ALREADY) or _under(path, HIDDEN):
            continue
        if any(_under(path, (kept,)) for kept in result):
            continue
        result.append(path)
    return result


def _needs(path: str, program: bool) -> list[str]:
    """What to show for a path a bot's command names: its folder (or the prefix around a bin
    folder), and the same for where a link points."""
    found = []
    for candidate in dict.fromkeys([path, os.path.realpath(path)]):
        if os.path.isdir(candidate) and not program:
            found.append(candidate if not _too_broad(candidate) else None)
            continue
        folder = os.path.dirname(candidate)
        if os.path.basename(folder) == "bin" and program:
            folder = os.path.dirname(folder)
        found.append(candidate if _too_broad(folder) else folder)
    return [p for p in found if p is not None]


def _prefix_of(program: str) -> list[str]:
    return _needs(program, program=True)


def _shebang_interpreter(path: str) -> list[str]:
    try:
        with open(path, "rb") as script:
            first = script.readline(512)
    except OSError:
        return []
    if not first.startswith(b"#!"):
        return []
    words = first[2:].split()
    if not words:
        return []
    interpreter = os.fsdecode(words[0])
    return _needs(interpreter, program=True) if os.path.isabs(interpreter) else []


def _too_broad(folder: str) -> bool:
    home = os.path.expanduser("~")
    return os.path.normpath(folder) in TOO_BROAD or os.path.normpath(folder) == os.path.normpath(home)


def _under(path: str, roots: Iterable[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)
