"""What the editor knows about program files, apart from any window: names, a fresh program,
the recently used files (kept in QSettings) and how a file error is shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QWidget

from matcher import Program
from matcher.editing import new_card
from matcher.fileformat import PROGRAM_SUFFIX

APP_NAME = "snakepit"
MAX_RECENT = 8
RECENT_KEY = "files/recent"
FILE_FILTER = f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)"


def fresh_program() -> Program:
    """What File > New shows: one blank card, the head in the centre facing up."""
    return Program(name="Untitled", cards=(new_card(),))


def with_program_suffix(path: str) -> str:
    """``name`` → ``name.snake.json``; ``name.json`` → ``name.snake.json``."""
    if path.endswith(PROGRAM_SUFFIX):
        return path
    return (path[: -len(".json")] if path.endswith(".json") else path) + PROGRAM_SUFFIX


def recent_files(settings: QSettings) -> list[str]:
    """The recently used files that still exist, newest first."""
    value = settings.value(RECENT_KEY, [])
    paths = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []  # INI: one entry is a str
    return [p for p in paths if isinstance(p, str) and p and Path(p).is_file()][:MAX_RECENT]


def remember_file(settings: QSettings, path: Path) -> None:
    entry = str(Path(path).resolve())
    paths = [entry] + [p for p in recent_files(settings) if p != entry]
    settings.setValue(RECENT_KEY, paths[:MAX_RECENT])


def confirm_overwrite(parent: QWidget | None, path: Path) -> bool:
    """Whether to replace ``path``, asked when a save dialog's name gained a suffix (the dialog
    asked about the name typed, not about the file that is saved)."""
    answer = QMessageBox.question(parent, APP_NAME, f"{path.name} already exists. Replace it?",
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def show_error(parent: QWidget | None, headline: str, error: Exception | str) -> None:
    """A modal error box: ``headline`` on top, the error's own one-line message below it."""
    box = QMessageBox(QMessageBox.Icon.Critical, APP_NAME, headline, parent=parent)
    box.setInformativeText(str(error))
    box.exec()

