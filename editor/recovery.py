"""Crash recovery: the open program is autosaved to a recovery file a few seconds after the last
edit, and the next start offers to restore a file its session left behind.

Each window session owns one recovery file ``<session>.recovery.json`` in the recovery folder and
holds a :class:`QLockFile` ``<session>.lock`` next to it while it lives. A recovery file whose
lock can be taken belongs to a session that is gone without cleaning up (a crash, a kill, a
power cut): that is what :meth:`RecoveryStore.abandoned` offers. A clean save, close or discard
removes the file. Several instances running at once never offer each other's live files.

The file is JSON: ``{"format": "snakepit-recovery/1", "path": original path or null,
"saved_at": unix time, "program": the program's JSON}``; the program inside is read with the
same strict reader as a ``.snake.json`` file."""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer, Signal

from editor.document import ProgramDocument
from matcher import Program, ProgramError, program_from_json, program_to_json
from matcher.atomic import atomic_write_text, remove_stale_temps
from matcher.fileformat import loads_json, read_text

RECOVERY_FORMAT = "snakepit-recovery/1"
RECOVERY_SUFFIX = ".recovery.json"
IDLE_MS = 3000
"""Autosave this long after the last change: a paint stroke or a typed name is one write."""
MAX_WAIT_MS = 30_000
"""...but at most this long after the first unsaved change: continuous editing is saved too
(issue 16: the quiet timer alone restarted with every stroke, so it never fired)."""


def default_recovery_dir() -> Path:
    """``recovery/`` in the app's data folder (QStandardPaths.AppDataLocation)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "recovery"


@dataclass(frozen=True)
class Recovered:
    """A program a gone session left behind, and the file it came from (None: never saved)."""

    file: Path
    program: Program
    path: Path | None
    saved_at: float

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        where = self.path.name if self.path is not None else "an unsaved program"
        return f"“{self.program.name}” ({where}), autosaved {when}"


def recovery_text(program: Program, path: Path | None, saved_at: float) -> str:
    data = {
        "format": RECOVERY_FORMAT,
        "path": str(path) if path is not None else None,
        "saved_at": saved_at,
        "program": program_to_json(program),
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def read_recovery(file: Path) -> Recovered:
    """Read a recovery file; a broken one raises :class:`ProgramError` naming it."""
    source = str(file)
    text = read_text(file)
    data: Any = loads_json(text, source)
    if not isinstance(data, dict) or data.get("format") != RECOVERY_FORMAT:
        raise ProgramError(f"{source}: not a {RECOVERY_FORMAT} file")
    path = data.get("path")
    saved_at = data.get("saved_at", 0.0)
    if not (path is None or isinstance(path, str)) or not isinstance(saved_at, (int, float)):
        raise ProgramError(f"{source}: bad 'path' or 'saved_at'")
    # Work in progress as it was, rules broken or not (an empty set just added): it is restored
    # with its problems listed, never thrown away as broken.
    program = program_from_json(data.get("program"), source, text=text, at=("program",), rules=False)
    return Recovered(file, program, Path(path) if path else None, float(saved_at))


class RecoveryStore:
    """One session's recovery file in ``directory``, and the files of sessions that are gone."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_recovery_dir()
        self.session = uuid.uuid4().hex
        self._lock: QLockFile | None = None

    @property
    def file(self) -> Path:
        return self.directory / f"{self.session}{RECOVERY_SUFFIX}"

    def _lock_path(self, session: str) -> Path:
        return self.directory / f"{session}.lock"

    def claim(self) -> None:
        """Mark this session as alive (idempotent); its files are not offered to others."""
        if self._lock is not None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        lock = QLockFile(str(self._lock_path(self.session)))
        lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, never its age
        if lock.tryLock(0):
            self._lock = lock

    def release(self) -> None:
        """This session is over (its window closed or was destroyed)."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def write(self, program: Program, path: Path | None) -> None:
        self.claim()
        atomic_write_text(self.file, recovery_text(program, path, time.time()))

    def remove(self) -> None:
        self.file.unlink(missing_ok=True)

    def has_file(self) -> bool:
        return self.file.exists()

    def abandoned(self) -> list[Path]:
        """Recovery files of sessions that ended without cleaning up, newest first. Temporary
        files of autosaves that were killed mid-write, and the locks of gone sessions that left
        nothing to recover, are removed on the way."""
        if not self.directory.is_dir():
            return []
        remove_stale_temps(self.directory)
        self._remove_dead_locks()
        found = []
        for file in self.directory.glob(f"*{RECOVERY_SUFFIX}"):
            session = file.name[: -len(RECOVERY_SUFFIX)]
            if session != self.session and self._is_gone(session):
                found.append(file)
        return sorted(found, key=lambda f: f.stat().st_mtime, reverse=True)

    def _remove_dead_locks(self) -> None:
        """Issue 16: every killed session left its empty ``.lock`` behind for good when it had
        nothing unsaved (only locks beside a recovery file were ever looked at)."""
        for lock in self.directory.glob("*.lock"):
            session = lock.name[: -len(".lock")]
            if session != self.session and not (self.directory / f"{session}{RECOVERY_SUFFIX}").exists():
                self._is_gone(session)  # taking a dead owner's lock and letting go removes it

    def _is_gone(self, session: str) -> bool:
        probe = QLockFile(str(self._lock_path(session)))
        probe.setStaleLockTime(0)
        if not probe.tryLock(0):
            return False
        probe.unlock()  # also removes the lock file
        return True

    def take(self, file: Path) -> Recovered:
        """Read an abandoned file and remove it: from now on its program belongs to this session
        (which autosaves it again under its own name). Raises :class:`ProgramError`."""
        try:
            return read_recovery(file)
        finally:
            file.unlink(missing_ok=True)

    def discard(self, file: Path) -> None:
        file.unlink(missing_ok=True)


class Autosaver(QObject):
    """Writes ``document`` to ``store`` ``idle_ms`` after the last change while it is dirty, or
    ``max_wait_ms`` after the first unsaved one if edits never pause that long, and removes the
    file when the document becomes clean (saved, reverted, a new or opened file)."""

    saved = Signal()
    failed = Signal(str)

    def __init__(self, document: ProgramDocument, store: RecoveryStore, idle_ms: int = IDLE_MS,
                 parent: QObject | None = None, max_wait_ms: int = MAX_WAIT_MS) -> None:
        super().__init__(parent)
        self.document = document
        self.store = store
        store.claim()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(idle_ms)
        self._timer.timeout.connect(self.save_now)
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.setInterval(max_wait_ms)
        self._deadline.timeout.connect(self.save_now)
        document.programChanged.connect(self._changed)
        document.dirtyChanged.connect(self._dirty_changed)
        # Released when the Qt object goes, even when no close event ran (the closest an
        # in-process test comes to a crash); a real crash leaves a stale lock QLockFile detects.
        self.destroyed.connect(store.release)

    def pending(self) -> bool:
        """An autosave is scheduled."""
        return self._timer.isActive()

    def save_now(self) -> None:
        self._timer.stop()
        self._deadline.stop()
        if not self.document.dirty:
            self.store.remove()
            return
        try:
            self.store.write(self.document.program, self.document.path)
        except OSError as err:
            self.failed.emit(f"Autosave failed: {err.strerror or err}")
            return
        self.saved.emit()

    def discard(self) -> None:
        """The document's changes were saved or deliberately dropped: no recovery needed."""
        self._timer.stop()
        self._deadline.stop()
        self.store.remove()

    def shutdown(self) -> None:
        """The window closed cleanly."""
        self.discard()
        self.store.release()

    def _changed(self) -> None:
        self._timer.start()
        if not self._deadline.isActive():  # counts from the first change not yet saved
            self._deadline.start()

    def _dirty_changed(self, dirty: bool) -> None:
        if not dirty:
            self.discard()
