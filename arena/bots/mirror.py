"""Readable copies of a bot's files for sandboxes whose bots run as a uid of their own (root).

A bind mount keeps its files' permissions: a bot in a folder only its owner may read (pytest's
temporary folders, a ``umask 077`` checkout) could not be read by the seat's uid. Such a path is
copied once per match into a folder of the host's that everybody may read, and that copy is
shown to the bot at the original path. Big folders are refused with the fix, not copied.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from arena.bots import warden
from arena.bots.warden_script import make_writable_and_retry

MAX_COPY = 256 << 20
"""The most a match copies for its bots (bytes); more is refused with the chmod that fixes it."""


class MirrorError(ValueError):
    """A path a bot needs that its sandbox user cannot read, too big to copy."""


class Mirror:
    """The readable copies of one match (removed by :meth:`close`)."""

    def __init__(self) -> None:
        self._root: Path | None = None
        self._copies: dict[str, str] = {}
        self._copied = 0

    def source_for(self, path: str, needed: Iterable[str] = ()) -> str:
        """Where to bind ``path`` from: itself if other users may read it (and the ``needed``
        files in it), else a readable copy."""
        if _readable_by_others(path, needed):
            return path
        if path not in self._copies:
            self._copies[path] = self._copy(path)
        return self._copies[path]

    def _copy(self, path: str) -> str:
        size = _size(path)
        if self._copied + size > MAX_COPY:
            raise MirrorError(
                f"{path} is not readable by other users, which sandboxed bots are, and too big to copy "
                f"({size >> 20} MiB); make it readable (chmod -R o+rX {path}) or run snakepit as a regular user")
        self._copied += size
        root = self._make_root()
        target = root / path.lstrip("/")
        target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        if os.path.isdir(path):
            shutil.copytree(path, target, symlinks=True, copy_function=shutil.copy2)
        else:
            shutil.copy2(path, target)
        _open_up(target)
        return str(target)

    def _make_root(self) -> Path:
        if self._root is None:
            self._root = Path(tempfile.mkdtemp(prefix="snakepit-mirror-"))
            self._root.chmod(0o755)
            warden.folder_created(self._root)
        return self._root

    def close(self) -> None:
        if self._root is not None:
            shutil.rmtree(self._root, onerror=make_writable_and_retry)
            warden.folder_removed(self._root)
            self._root = None


def _readable_by_others(path: str, needed: Iterable[str]) -> bool:
    for item in [path, *needed]:
        try:
            mode = os.stat(item).st_mode
        except OSError:
            return True  # gone: the bot finds out when it starts, as it would unsandboxed
        wanted = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) or mode & stat.S_IXUSR else 0)
        if mode & wanted != wanted:
            return False
    return True


def _size(path: str) -> int:
    if not os.path.isdir(path):
        return os.path.getsize(path)
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return total


def _open_up(target: Path) -> None:
    """Everybody may read the copy (and run what its owner could run)."""
    items = [target, *target.rglob("*")] if target.is_dir() else [target]
    for item in items:
        if item.is_symlink():
            continue
        mode = item.stat().st_mode
        extra = stat.S_IRGRP | stat.S_IROTH
        if item.is_dir() or mode & stat.S_IXUSR:
            extra |= stat.S_IXGRP | stat.S_IXOTH
        item.chmod(stat.S_IMODE(mode) | extra)
