"""Where the arena's and the Battle tab's file dialogs start: the folder of the last file of the
same kind the user chose (kept in QSettings between sessions), else a sensible default — never
the process's current folder, which is wherever the app happened to be started from (issue 16).

The keys are the main window's (``folders/last_<kind>``, :mod:`editor.window.folders` on the
editor's branch), so a program folder chosen in the arena is the editor's too. The shipped
samples' folder is a fine place to start looking but is never remembered (a user's files do not
belong there)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from arena.samples import SAMPLES_DIR, game_samples

REPLAYS, EXPORTS, BOTS, PROGRAMS, MAPS = "replays", "exports", "bots", "programs", "maps"
LAST_KEY = "folders/last_{kind}"


def user_documents() -> Path:
    """The user's documents folder (their home where there is none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found and Path(found).is_dir() else Path.home()


def start_folder(settings: QSettings, kind: str, default: Path | None = None) -> Path:
    """The last folder of ``kind`` while it exists, else ``default`` (when it exists), else the
    user's documents."""
    value = settings.value(LAST_KEY.format(kind=kind), "")
    last = Path(str(value)) if value else None
    for folder in (last, default):
        if folder is not None and folder.is_dir():
            return folder
    return user_documents()


def game_start_folder(settings: QSettings, kind: str, game: str) -> Path:
    """Where a chooser of ``game``'s files (its bots, programs or maps) starts: the last folder of
    ``kind``, else the game's samples — its descriptor's folder, a game from another package
    ships its own (not ``samples/<game>``, which it has not) — else the user's documents."""
    return start_folder(settings, kind, game_samples(game))


def remember_file(settings: QSettings, kind: str, file: str | Path) -> None:
    """``file`` of ``kind`` was opened or saved: the next dialog of that kind starts in its folder
    (unless that is inside the shipped samples)."""
    folder = Path(file).parent
    try:
        shipped = folder.resolve().is_relative_to(SAMPLES_DIR.resolve())
    except OSError:
        shipped = True
    if folder.is_dir() and not shipped:
        settings.setValue(LAST_KEY.format(kind=kind), str(folder.resolve()))
