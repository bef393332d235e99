"""Keeping a watched match's replay: the file its worker wrote in the scratch folder, copied where
the user says (the arena pane's and the Battle tab's "Save replay…")."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

from editor.widgets.arena.match_runner import MatchInfo
from editor.widgets.parts.dialog_folders import REPLAYS, remember_file, start_folder

REPLAY_FILTER = "Match replays (*.jsonl *.JSONL);;All files (*)"  # a file dialog's patterns heed case


def save_replay_copy(parent: QWidget, info: MatchInfo | None, path: str | Path | None = None,
                     what: str = "match", settings: QSettings | None = None) -> tuple[bool, str]:
    """Copy ``info``'s replay (every finished turn so far) to ``path``, asked for (with
    ``<game>-<seed>.jsonl`` offered, in the last replay folder of ``settings``) when None.
    Returns whether it was saved and what to tell the user ("" when they cancelled the dialog)."""
    source = info.replay_file if info is not None else None
    if info is None or source is None or not source.exists():
        return False, f"This {what} has no replay to save."
    settings = settings if settings is not None else QSettings()
    if path is None:
        start = start_folder(settings, REPLAYS) / f"{info.game}-{info.seed}.jsonl"
        path, _ = QFileDialog.getSaveFileName(parent, "Save the replay", str(start), REPLAY_FILTER)
        if not path:
            return False, ""
    try:
        if Path(path).resolve() != source.resolve():
            shutil.copyfile(source, path)
    except OSError as error:
        return False, f"Could not save {path}: {error.strerror or error}"
    remember_file(settings, REPLAYS, path)
    return True, f"Saved the replay to {path}"
