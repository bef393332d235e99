"""Saving a file so that no crash, kill or power cut leaves it half written, and nothing else
changes about it: the text goes to a temporary file beside the target, which is flushed to the
disk and renamed over it, and the folder is flushed too (the rename itself must survive a power
cut). The saved file keeps its mode (and, where allowed, its owner); saving through a symbolic
link writes the file it points to and keeps the link.

A save killed before its rename leaves its temporary file, ``.NAME.PID-XXXXXXXX.tmp``: the next
save of that file removes every such file whose process is gone (and those of older snakepits,
``.NAME.XXXXXXXX.tmp``, once they are a minute old); :func:`remove_stale_temps` does the same for
a whole folder at start-up."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
LEGACY_AGE = 60.0
"""Seconds after which a temporary file without a process id (an older snakepit's) is stale."""
_DEFAULT_UMASK = 0o022


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` (or create it) with ``text`` in UTF-8, all or nothing."""
    target = Path(os.path.realpath(path))  # through a symbolic link: the link stays a link
    folder = target.parent
    remove_stale_temps(folder, target.name)
    mode, owner = _mode_and_owner(target)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), mode)  # mkstemp makes 0600
            if owner is not None:
                _chown(handle.fileno(), owner)
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


def remove_stale_temps(folder: str | os.PathLike[str], name: str | None = None) -> list[Path]:
    """Remove the temporary files that killed saves left in ``folder`` (of the file ``name``
    only, or of every file); return what was removed. Files of saves still running are kept."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if _is_stale(entry.name, name, entry):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass  # gone already, or not ours to remove
    return removed


_TEMP = re.compile(r"\.(?P<name>.+)\.(?:(?P<pid>\d+)-)?[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))


def _is_stale(file_name: str, name: str | None, entry: os.DirEntry[str]) -> bool:
    found = _TEMP.fullmatch(file_name)
    if found is None or (name is not None and found.group("name") != name):
        return False
    pid = found.group("pid")
    if pid is not None:
        return not _alive(int(pid))
    try:
        return time.time() - entry.stat(follow_symlinks=False).st_mtime > LEGACY_AGE
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or no such number): not ours to judge
    return True


def _mode_and_owner(target: Path) -> tuple[int, tuple[int, int] | None]:
    """The mode the saved file gets (the old file's, else what a plain ``open`` would give) and
    the owner to keep (None for a new file)."""
    try:
        old = target.stat()
    except FileNotFoundError:
        return 0o666 & ~_umask(), None
    return stat.S_IMODE(old.st_mode), (old.st_uid, old.st_gid)


def _chown(fd: int, owner: tuple[int, int]) -> None:
    try:
        os.fchown(fd, *owner)
    except OSError:
        pass  # only root may give a file away: the file is then the saver's, as any new file


def _umask() -> int:
    """The process's umask, read without changing it (``os.umask`` would, for every thread)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return _DEFAULT_UMASK


def _fsync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to the disk (a power cut must not undo it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # a file system that cannot flush folders (some network ones): nothing more to do
    finally:
        os.close(fd)
