"""The Debian/Ubuntu packages snakepit needs from the system, which of them are missing, and the
one ``apt-get`` line that installs them all.

Used by ``make`` (through ``.ci/sysdeps.sh``, before any venv exists: standard library only, no
Qt at import), by the app when Qt's libraries do not load, and by the tests, which skip what
cannot run here and say why in one line.

``python3 -m editor.system_packages [--apt-line] [GROUP...]`` prints the missing packages of the
groups (all by default) as apt can install them, on one line (or the whole ``apt-get`` line), and
nothing when all are there."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

GROUPS: dict[str, tuple[str, ...]] = {
    # Qt's libraries (PySide6's wheels bring Qt, not these): offscreen, then the xcb plugin's.
    "qt": ("libgl1", "libegl1", "libglib2.0-0", "libxkbcommon0", "libfontconfig1", "libdbus-1-3",
           "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-image0",
           "libxcb-render-util0", "libxcb-shape0", "libxcb-randr0", "libxcb-xfixes0", "libxcb-xkb1", "libx11-xcb1"),
    # The sample bots written in C (samples/<game>/*.c).
    "compiler": ("gcc", "libc6-dev"),
    # The bots' sandbox (arena/bots/).
    "sandbox": ("bubblewrap",),
    # `make run` on a machine without a display: a virtual X server.
    "display": ("xvfb", "xauth"),
    # `make`'s .venv.
    "venv": ("python3-venv",),
}
"""What each part needs, by group: ``make`` installs every group."""

QT_LIBRARY = re.compile(r"(lib[\w.+-]*\.so(?:\.[\w.]+)?)")


def is_debian() -> bool:
    return os.path.exists("/etc/debian_version") and shutil.which("dpkg-query") is not None


def installed_packages(packages: Iterable[str]) -> set[str]:
    """The ones of ``packages`` that dpkg lists as installed (one dpkg-query call). Ubuntu 24.04
    renamed some libraries with a ``t64`` suffix: either name counts."""
    names = sorted({name for package in packages for name in (package, package + "t64")})
    done = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Status}\\n", *names],
                          capture_output=True, text=True, check=False)
    found = set()
    for line in done.stdout.splitlines():
        name, _, status = line.partition(" ")
        if status.endswith("install ok installed"):
            found.add(name.removesuffix("t64"))
    return found


def venv_works() -> bool:
    """Whether this Python can make a venv with pip (Debian splits ``ensurepip`` out)."""
    try:
        import ensurepip  # noqa: F401
    except ImportError:
        return False
    return True


def missing_packages(groups: Sequence[str] = tuple(GROUPS)) -> list[str]:
    """The packages of ``groups`` not installed, in the groups' order; empty off Debian/Ubuntu
    (there is no way to tell)."""
    if not is_debian():
        return []
    wanted = [package for group in groups for package in GROUPS[group]]
    found = installed_packages(wanted)
    if "venv" in groups and venv_works():
        found.add("python3-venv")
    return [package for package in wanted if package not in found]


def installable_names(packages: Sequence[str]) -> list[str]:
    """``packages`` as apt can install them here: a library Ubuntu 24.04 renamed takes its
    ``t64`` name when only that one has a candidate (from apt's lists as they are: after an
    ``apt-get update`` on a fresh system)."""
    if not packages or shutil.which("apt-cache") is None:
        return list(packages)
    names = sorted({name for package in packages for name in (package, package + "t64")})
    done = subprocess.run(["apt-cache", "policy", *names], capture_output=True, text=True, check=False)
    candidates, current = set(), None
    for line in done.stdout.splitlines():
        if not line.startswith(" ") and line.endswith(":"):
            current = line[:-1]
        elif current and line.strip().startswith("Candidate:") and line.split(":", 1)[1].strip() != "(none)":
            candidates.add(current)
    return [package + "t64" if package not in candidates and package + "t64" in candidates else package
            for package in packages]


def apt_line(packages: Sequence[str]) -> str:
    """The command that installs ``packages``: as root as it is; otherwise through sudo when
    there is one, else to be run as root (a minimal system has no sudo)."""
    command = f"apt-get install -y --no-install-recommends {' '.join(installable_names(packages))}"
    if os.geteuid() == 0:
        return command
    if shutil.which("sudo"):
        return f"sudo {command}"
    return f"su -c '{command}' (as root)"


def qt_problem() -> str | None:
    """``None`` when PySide6's widgets load; else one line naming the missing system library and
    the fix. Imports Qt in this process (harmless when it fails: an ImportError)."""
    try:
        import PySide6.QtWidgets  # noqa: F401
    except ImportError as error:
        found = QT_LIBRARY.search(str(error))
        library = found.group(1) if found else str(error)
        return f"Qt cannot start: the system library {library} is missing. {qt_fix()}"
    return None


def xcb_problem() -> str | None:
    """``None`` when Qt's X11 (xcb) platform plugin finds its libraries; else one line naming the
    first missing one and the fix. Qt itself would abort with a misleading plugin message
    (notes/platform-facts.md 2). Checked with ``ldd``, without loading Qt."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None or shutil.which("ldd") is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        return None
    done = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=False)
    missing = [line.split("=>")[0].strip() for line in done.stdout.splitlines() if "not found" in line]
    if not missing:
        return None
    return f"Qt cannot open a window: the system library {missing[0]} is missing. {qt_fix()}"


def qt_fix() -> str:
    """How to install what Qt needs, as one sentence."""
    missing = missing_packages(("qt",))
    if missing:
        return f"Install what Qt needs: {apt_line(missing)}"
    if is_debian():
        return "Qt's usual libraries are installed; run with QT_DEBUG_PLUGINS=1 to see what else it lacks."
    return "Install your system's packages for Qt 6 (OpenGL, EGL, GLib, xkbcommon, fontconfig, D-Bus, xcb)."


def main(argv: Sequence[str]) -> int:
    line = "--apt-line" in argv
    groups = [arg for arg in argv if arg != "--apt-line"]
    unknown = [group for group in groups if group not in GROUPS]
    if unknown:
        print(f"unknown group {unknown[0]!r} (groups: {', '.join(GROUPS)})", file=sys.stderr)
        return 2
    missing = missing_packages(tuple(groups) or tuple(GROUPS))
    if missing:
        print(apt_line(missing) if line else " ".join(installable_names(missing)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
