"""Desktop integration for the user who runs it: the app in the menus (a ``.desktop`` file with
the icon), ``*.snake.json`` files known as snakepit programs (a shared-mime-info type) that open
in the app, following the XDG base directories (``~/.local/share`` by default).

``snakepit install-desktop`` (``make install-desktop``) installs; ``--remove`` takes it all out
again. No root needed, nothing outside the user's data folder is touched."""

from __future__ import annotations

import importlib.resources
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from arena.version import DESKTOP_ID, PROGRAM_MIME_TYPE

RESOURCES = "editor.resources"
ICON = f"{DESKTOP_ID}.svg"
DESKTOP_FILE = f"{DESKTOP_ID}.desktop"
MIME_FILE = f"{DESKTOP_ID}-mime.xml"
GUI_SCRIPT = "snakepit-gui"


def resource(name: str) -> Path:
    """A file of ``editor/resources`` (package data)."""
    return Path(str(importlib.resources.files(RESOURCES).joinpath(name)))


def icon_path() -> Path:
    return resource(ICON)


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


@dataclass(frozen=True)
class Installed:
    """Where each file goes under the user's data folder."""

    root: Path

    @property
    def desktop(self) -> Path:
        return self.root / "applications" / DESKTOP_FILE

    @property
    def icon(self) -> Path:
        return self.root / "icons" / "hicolor" / "scalable" / "apps" / ICON

    @property
    def mime_icon(self) -> Path:
        return self.root / "icons" / "hicolor" / "scalable" / "mimetypes" / f"{PROGRAM_MIME_TYPE.replace('/', '-')}.svg"

    @property
    def mime(self) -> Path:
        return self.root / "mime" / "packages" / f"{DESKTOP_ID}.xml"

    def files(self) -> tuple[Path, ...]:
        return self.desktop, self.icon, self.mime_icon, self.mime


def gui_command() -> str:
    """The absolute path of ``snakepit-gui`` next to this Python (a venv's or the system's
    scripts folder; desktop sessions do not see a venv's PATH), else the bare name."""
    beside = Path(sys.executable).parent / GUI_SCRIPT
    found = beside if beside.is_file() else shutil.which(GUI_SCRIPT)
    return str(found) if found else GUI_SCRIPT


def desktop_entry(command: str) -> str:
    """The shipped ``.desktop`` file with ``Exec`` and ``TryExec`` running ``command``."""
    lines = []
    for line in resource(DESKTOP_FILE).read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={_quoted(command)} %f"
        elif line.startswith("TryExec="):
            line = f"TryExec={command}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _quoted(command: str) -> str:
    """A desktop entry's Exec quoting: double quotes when the path has a space or a special."""
    if not any(c in command for c in ' \t"\'\\><~|&;$*?#()`'):
        return command
    escaped = command.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return f'"{escaped}"'


def install(root: Path | None = None, command: str | None = None) -> list[str]:
    """Install the desktop file, the icon (for the app and the MIME type) and the MIME type;
    refresh the caches whose tools exist. Returns what it did, a line each."""
    places = Installed(root or data_home())
    for path in places.files():
        path.parent.mkdir(parents=True, exist_ok=True)
    _write(places.desktop, desktop_entry(command or gui_command()))
    for target in (places.icon, places.mime_icon):
        _write(target, icon_path().read_text(encoding="utf-8"))
    _write(places.mime, resource(MIME_FILE).read_text(encoding="utf-8"))
    return [f"installed {path}" for path in places.files()] + _refresh(places.root)


def remove(root: Path | None = None) -> list[str]:
    places = Installed(root or data_home())
    done = []
    for path in places.files():
        if path.exists():
            path.unlink()
            done.append(f"removed {path}")
    return done + _refresh(places.root)


def _write(path: Path, text: str) -> None:
    """Replace ``path`` in one step (a desktop indexing it never sees half a file)."""
    partial = path.with_name(f".{path.name}.part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def _refresh(root: Path) -> list[str]:
    """Run the cache tools that exist (a desktop without them re-reads the folders itself)."""
    tools = [("update-mime-database", [str(root / "mime")]),
             ("update-desktop-database", [str(root / "applications")]),
             ("gtk-update-icon-cache", ["-f", "-t", "-q", str(root / "icons" / "hicolor")])]
    done = []
    for tool, args in tools:
        if shutil.which(tool) is None:
            continue
        result = subprocess.run([tool, *args], capture_output=True, text=True, check=False)
        done.append(f"ran {tool}" + ("" if result.returncode == 0 else f" (failed: {result.stderr.strip()[:200]})"))
    return done
