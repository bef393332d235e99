"""Scratch folders for the seats of an unsandboxed match, and the explicit environment every bot
gets.

The folders are for ``--no-sandbox`` matches only (a sandboxed seat's folder is a tmpfs inside
its sandbox, :mod:`arena.bots.jail`), and not a security boundary: such bots run as the same user
as the host. Each seat has its own folder for the whole match (bots may keep files there, the
same program may sit in two seats). No variable of the host leaks into any bot: the host's
environment is a trap, and one that exports ``PYTHONUNBUFFERED=1`` hides a bot that forgets to
flush, which then hangs elsewhere (notes/platform-facts.md).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from arena.bots import warden
from arena.bots.warden_script import make_writable_and_retry

DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"

InputFiles = Mapping[str, str | bytes | None]
"""Files to put in a seat's folder before a turn: name (relative) -> contents; None: make sure
there is no such file (the kingdoms information files are absent when their event did not
happen)."""


class SandboxError(ValueError):
    """A file name that is not a plain relative path inside the seat's folder."""


def bot_environment(workdir: Path | PurePosixPath, extra: Mapping[str, str] | None = None, path: str = DEFAULT_PATH,
                    tmp: str | None = None) -> dict[str, str]:
    """The whole environment of a bot: nothing is inherited from the host.

    ``PYTHONUNBUFFERED`` is deliberately absent: the protocols say a bot must flush, and a bot
    should behave here as it will everywhere. Bytecode writing is off so that a Python bot does
    not write ``__pycache__`` next to its source, outside its scratch folder. ``tmp``: the
    temporary folder (default: the seat's folder).
    """
    env = {
        "PATH": path,
        "HOME": str(workdir),
        "TMPDIR": tmp or str(workdir),
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.update(extra or {})
    return env


class Sandbox:
    """The scratch folders of one match, removed by :meth:`close` unless ``keep``.

    Unless kept, the folder is announced to this process's warden, which removes it should the
    process die without closing the sandbox (a SIGKILL)."""

    def __init__(self, root: Path | None = None, keep: bool = False, lazy: bool = False) -> None:
        """``lazy``: make the folder only when a seat asks for one (a sandboxed match never does)."""
        self._parent = root
        self.keep = keep
        self._names: set[str] = set()
        self._root: Path | None = None
        if not lazy:
            self._make()

    def _make(self) -> Path:
        if self._root is None:
            self._root = Path(tempfile.mkdtemp(prefix="snakepit-match-", dir=self._parent))
            if not self.keep:
                warden.folder_created(self._root)
        return self._root

    @property
    def root(self) -> Path:
        return self._make()

    def seat_dir(self, name: str) -> Path:
        """A new, empty folder for one seat."""
        if not name or "/" in name or name in (".", "..") or name in self._names:
            raise SandboxError(f"seat folder name {name!r} is not a new plain name")
        self._names.add(name)
        folder = self.root / name
        folder.mkdir()
        return folder

    def close(self) -> None:
        if self._root is not None and not self.keep:
            shutil.rmtree(self.root, onerror=make_writable_and_retry)
            if not self.root.exists():  # else the warden tries again when this process ends
                warden.folder_removed(self.root)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_files(workdir: Path, files: InputFiles) -> None:
    """Put ``files`` into ``workdir``, replacing whatever the bot left under those names (also a
    folder or a symlink: the host never writes through a link the bot planted)."""
    for name, contents in files.items():
        target = workdir / check_file_name(name)
        _remove(target)
        if contents is None:
            continue
        data = contents.encode() if isinstance(contents, str) else contents
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as out:
            out.write(data)


def check_file_name(name: str) -> str:
    """``name`` if it is a plain relative path inside a seat folder; raises otherwise."""
    parts = PurePosixPath(name).parts
    if not parts or PurePosixPath(name).is_absolute() or ".." in parts:
        raise SandboxError(f"input file name {name!r} is not a relative path inside the seat folder")
    return name


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path, onerror=make_writable_and_retry)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
