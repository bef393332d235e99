"""The "continue from here" dialog of a snake battle: who steers each snake from the shown step on
(the program it played, the program open in the editor, a sample, or any program file) and the
seed of the what-if."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from arena.samples import SNAKE_SAMPLES
from editor.widgets.games.snake.battle_view import snake_name
from editor.widgets.parts.dialog_folders import PROGRAMS, remember_file, start_folder
from editor.widgets.parts.form_widgets import SEED_LIMIT
from editor.widgets.parts.seat_cards import swatch_pixmap
from editor.widgets.parts.seat_choices import EDITOR_SEAT, program_samples
from editor.widgets.parts.seat_names import plain_tip, seat_label
from matcher import Program, ProgramError, load_program
from matcher.fileformat import PROGRAM_SUFFIX

FILE = "<file>"
"""The "File…" choice: asks for a program file and adds it to the seat's choices."""


class WhatIfDialog(QDialog):
    """Per seat a program (as played by default) and a seed; :meth:`programs` once accepted."""

    def __init__(self, names: Sequence[str], played: Sequence[Program], turn: int, *,
                 editor_program: Callable[[], Program | None] | None = None, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Continue from here")
        self.editor_program = editor_program
        self._folders = settings if settings is not None else QSettings()  # remembers the File… folder
        self._programs: list[Program] = []
        form = QFormLayout(self)
        form.addRow(QLabel(f"Play on from step {turn} with (each seat keeps its snake):"))
        self.boxes: list[QComboBox] = []
        for seat, program in enumerate(played):
            box = QComboBox()
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            box.addItem(f"{program.name} (as played)", program)
            if editor_program is not None:
                box.addItem("The program in the editor", EDITOR_SEAT)  # taken when accepted
            for label, path in program_samples():
                box.addItem(label, path)
            box.addItem("File…", FILE)
            box.setToolTip("Who steers this snake from here: the program it played, the editor's, a sample or a file")
            box.activated.connect(lambda index, b=box, s=seat: self._chosen(b, s, index))
            box.setProperty("last", 0)
            self.boxes.append(box)
            form.addRow(_seat_label(seat, snake_name(names, seat)), box)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_LIMIT)
        self.seed_box.setValue(secrets.randbelow(1_000_000))
        self.seed_box.setToolTip("The what-if's seed: who moves first in each step, and ties")
        form.addRow("Seed", self.seed_box)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.message_label.hide()
        form.addRow(self.message_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)

    # --- our API -----------------------------------------------------------------------------

    def programs(self) -> list[Program]:
        """The chosen programs (read when the dialog was accepted)."""
        return list(self._programs)

    def seed(self) -> int:
        return self.seed_box.value()

    def accept(self) -> None:
        """Read every seat's program; a seat that has none keeps the dialog open, saying why."""
        try:
            self._programs = [self._program(seat, box) for seat, box in enumerate(self.boxes)]
        except ProgramError as error:
            self._say(str(error))
            return
        super().accept()

    # --- details -----------------------------------------------------------------------------

    def _program(self, seat: int, box: QComboBox) -> Program:
        data = box.currentData()
        if isinstance(data, Program):
            return data
        if data == EDITOR_SEAT:
            program = self.editor_program() if self.editor_program is not None else None
            if program is None:
                raise ProgramError(f"{seat_label(seat).lower()}: there is no program open in the editor")
            return program
        try:
            return load_program(data)
        except OSError as error:
            raise ProgramError(f"{seat_label(seat).lower()}: {data}: {error.strerror or error}") from None

    def _chosen(self, box: QComboBox, seat: int, index: int) -> None:
        self._say("")
        if box.itemData(index) != FILE:
            box.setProperty("last", index)
            return
        path, _ = QFileDialog.getOpenFileName(self, f"{seat_label(seat)}: a program",
                                              str(start_folder(self._folders, PROGRAMS, SNAKE_SAMPLES)),
                                              f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
        if not path:
            box.setCurrentIndex(int(box.property("last")))
            return
        remember_file(self._folders, PROGRAMS, path)
        found = box.findData(path)
        if found < 0:
            found = box.count() - 1  # before "File…"
            box.insertItem(found, Path(path).name.removesuffix(PROGRAM_SUFFIX), path)
            box.setItemData(found, plain_tip(path), Qt.ItemDataRole.ToolTipRole)
        box.setCurrentIndex(found)
        box.setProperty("last", found)

    def _say(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))


def _seat_label(seat: int, name: str) -> QWidget:
    """The seat's colour disc and name."""
    widget = QWidget()
    row = QHBoxLayout(widget)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(6)
    swatch = QLabel()
    swatch.setPixmap(swatch_pixmap(seat))
    row.addWidget(swatch)
    label = QLabel(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # a name from a replay: "<h1>" is text
    row.addWidget(label)
    return widget


if __name__ == "__main__":  # pragma: no cover - a look at the dialog on its own
    from PySide6.QtWidgets import QApplication

    from editor.seats import builtin_program

    app = QApplication.instance() or QApplication(sys.argv[:1])
    program = builtin_program()
    dialog = WhatIfDialog([program.name, "Hunter"], [program, program], 12, editor_program=builtin_program)
    dialog.show()
    raise SystemExit(app.exec())
