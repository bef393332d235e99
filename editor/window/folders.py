"""The folders file dialogs start in, remembered between sessions per kind of file.

A dialog starts in the folder of the last file of its kind the user opened or saved; before there
is one, in the folder Preferences names. The shipped samples' folder is never remembered: Save As
must not propose to write into the installed package (issue 16: it did, as ``untitled``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from arena.samples import SAMPLES_DIR

PROGRAMS = "programs"
POSITIONS = "positions"
LAST_KEY = "folders/last_{kind}"
DEFAULT_KEY = "preferences/{kind}_folder"


def user_documents() -> Path:
    """The user's documents folder (their home where there is none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found and Path(found).is_dir() else Path.home()


def is_shipped(path: Path) -> bool:
    """``path`` is in the samples that come with snakepit."""
    try:
        return Path(path).resolve().is_relative_to(SAMPLES_DIR.resolve())
    except OSError:
        return False


def default_folder(settings: QSettings, kind: str) -> Path:
    """The folder Preferences names for ``kind`` (the user's documents when unset or gone)."""
    value = settings.value(DEFAULT_KEY.format(kind=kind), "")
    path = Path(str(value)) if value else None
    return path if path is not None and path.is_dir() else user_documents()


def set_default_folder(settings: QSettings, kind: str, folder: Path | None) -> None:
    settings.setValue(DEFAULT_KEY.format(kind=kind), str(folder) if folder is not None else "")


def last_folder(settings: QSettings, kind: str) -> Path | None:
    """The folder of the last ``kind`` file opened or saved, while it exists."""
    value = settings.value(LAST_KEY.format(kind=kind), "")
    path = Path(str(value)) if value else None
    return path if path is not None and path.is_dir() else None


def start_folder(settings: QSettings, kind: str) -> Path:
    """Where a dialog for ``kind`` files starts: the last folder, else Preferences' one."""
    return last_folder(settings, kind) or default_folder(settings, kind)


def remember_folder(settings: QSettings, kind: str, folder: Path) -> None:
    """A ``kind`` file was opened or saved in ``folder``: the next dialog starts there (unless it
    is a shipped sample's)."""
    folder = Path(folder)
    if folder.is_dir() and not is_shipped(folder):
        settings.setValue(LAST_KEY.format(kind=kind), str(folder.resolve()))
