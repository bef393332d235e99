"""For tests of a file chooser that starts in the folder of the last program chosen: two folders
of a program each, the first remembered, a dialog that answers the second and notes where it
was asked to start, and the check that the folder is remembered in the settings given (the main
window's), never in the app's default ``QSettings()``."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from arena.samples import resolve_program
from editor.widgets.parts.dialog_folders import LAST_KEY, PROGRAMS, remember_file
from matcher import load_program, save_program

PROGRAM = "rival.snake.json"


def two_program_folders(tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, list[str]]:
    """``(mine, theirs, asked)``: a program in each folder, ``mine`` remembered in ``settings`` as
    the last program folder, and every open-file dialog answering ``theirs``'s program while
    ``asked`` collects the folders it started in."""
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    for folder in (mine, theirs):
        folder.mkdir()
        save_program(folder / PROGRAM, load_program(resolve_program("hunter")))
    remember_file(settings, PROGRAMS, mine / PROGRAM)  # chosen earlier, in the arena
    asked: list[str] = []

    def choose(parent: object, caption: str, start: str, *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(start)
        return str(theirs / PROGRAM), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    return mine, theirs, asked


def assert_remembered_only_in(settings: QSettings, folder: Path, kind: str = PROGRAMS) -> None:
    """``folder`` is the last of ``kind`` in ``settings``; the app's default settings hold none."""
    assert settings.value(LAST_KEY.format(kind=kind)) == str(folder.resolve())
    assert QSettings().value(LAST_KEY.format(kind=kind)) is None
