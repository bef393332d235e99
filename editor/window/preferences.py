"""Preferences: where file dialogs start, how fast battles and replays play, and the bots' sandbox.

Stored in QSettings under ``preferences/`` and used as follows (decisions where the issue was
silent):
* **Folders**: Open and Save As of programs, Load and Save of positions start in the folder of the
  last such file; before there is one, in the folder named here (the user's documents by default).
* **Speed**: the steps per second a battle on the editor's bench starts playing at; its slider
  still changes the one playing. (The arena's transport remembers its own last speed.)
* **Sandbox**: the seats whose bots may use the network, the memory and CPU time of each seat, and
  the ``bwrap`` program. the arena's match form starts each game's limits
  from them (a setup it remembers keeps its own) and allows those seats the network in every
  match (:func:`bot_defaults`); the ``bwrap`` program is handed to the bot layer through its
  ``SNAKEPIT_BWRAP`` variable. Turning the sandbox off stays a per-match choice that is never
  remembered (the arena's and the tournament's "Off: bots run as you" box)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.bots.bwrap import BWRAP_ORIGIN_VARIABLE, BWRAP_VARIABLE, program_problem
from editor.widgets.arena.match_transport import DEFAULT_SPEED, SPEEDS, speed_text
from editor.widgets.parts.form_widgets import error_line
from editor.widgets.parts.seat_choices import BotDefaults
from editor.window.folders import user_documents

PREFIX = "preferences/"
SEATS = 4
MIN_WIDTH = 480
"""Room for a folder's path beside its label."""


@dataclass(frozen=True)
class Preferences:
    programs_folder: str = ""
    positions_folder: str = ""
    battle_speed: float = DEFAULT_SPEED
    network_seats: tuple[int, ...] = ()
    """0-based seats whose bots may use the network (shown as 1 to 4)."""
    memory_mib: int = 1024
    cpu_seconds: int = 60
    bwrap: str = ""
    """The ``bwrap`` program; empty: the system's."""


def load_preferences(settings: QSettings) -> Preferences:
    """The stored preferences; a missing or malformed value takes its default."""
    default = Preferences()
    values: dict[str, Any] = {}
    for field in fields(Preferences):
        raw = settings.value(PREFIX + field.name)
        if raw is None:
            continue
        wanted = getattr(default, field.name)
        try:
            if isinstance(wanted, tuple):
                items = raw if isinstance(raw, list) else [raw] if raw != "" else []
                values[field.name] = tuple(sorted({int(i) for i in items if 0 <= int(i) < SEATS}))
            elif field.name == "battle_speed":
                values[field.name] = float(raw)
            elif isinstance(wanted, int):
                values[field.name] = int(raw)
            else:
                values[field.name] = str(raw)
        except (TypeError, ValueError):
            continue
    prefs = replace(default, **values)
    if prefs.battle_speed not in SPEEDS:
        prefs = replace(prefs, battle_speed=DEFAULT_SPEED)
    return prefs


def save_preferences(settings: QSettings, prefs: Preferences) -> None:
    for field in fields(Preferences):
        value = getattr(prefs, field.name)
        settings.setValue(PREFIX + field.name, list(value) if isinstance(value, tuple) else value)
    settings.sync()


def bot_defaults(prefs: Preferences) -> BotDefaults:
    """The sandbox preferences as the arena's match form takes them."""
    return BotDefaults(memory_mib=prefs.memory_mib, cpu_seconds=prefs.cpu_seconds, network_seats=prefs.network_seats)


_STARTED_WITH = os.environ.get(BWRAP_VARIABLE)
"""The variable as snakepit was started with it: what clearing the preference goes back to."""
_ORIGIN_STARTED_WITH = os.environ.get(BWRAP_ORIGIN_VARIABLE)
PREFERENCE_ORIGIN = "the bwrap program in Preferences"
"""Where the bot layer's messages say a bwrap path handed over by :func:`apply_environment` came from."""
_set_by_us: list[str] = []
"""The value this module put there, if any (an empty preference leaves anyone else's alone)."""


def apply_environment(prefs: Preferences, environ: Any = os.environ) -> None:
    """Hand the ``bwrap`` program to the bot layer (it reads the variable at every start), with
    where it was chosen, so a path that cannot run is blamed on the preference, not on the
    environment."""
    if prefs.bwrap:
        environ[BWRAP_VARIABLE] = prefs.bwrap
        environ[BWRAP_ORIGIN_VARIABLE] = PREFERENCE_ORIGIN
        _set_by_us[:] = [prefs.bwrap]
        return
    if _set_by_us and environ.get(BWRAP_VARIABLE) == _set_by_us[0]:
        for variable, started in ((BWRAP_VARIABLE, _STARTED_WITH), (BWRAP_ORIGIN_VARIABLE, _ORIGIN_STARTED_WITH)):
            if started is None:
                environ.pop(variable, None)
            else:
                environ[variable] = started
    _set_by_us.clear()


class PreferencesDialog(QDialog):
    """The form; :meth:`preferences` is what it shows (OK stores it, see :func:`edit_preferences`)."""

    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.programs_edit, programs_row = self._folder_row("Programs")
        self.positions_edit, positions_row = self._folder_row("Positions")
        folders = QGroupBox("Folders")
        form = QFormLayout(folders)
        # Each label has a letter (Alt+letter goes to its field) and is its field's buddy, also
        # where the field shares its row with a button: a screen reader names the field by it.
        # None takes O or C: desktop themes underline them in OK and Cancel.
        form.addRow("&Programs", programs_row)
        form.addRow("Po&sitions", positions_row)
        buddies: list[tuple[QFormLayout, QLayout, QWidget]] = [(form, programs_row, self.programs_edit),
                                                              (form, positions_row, self.positions_edit)]
        form.addRow(_note("Dialogs start in the folder of the last file of the kind; these until there is one."))

        self.battle_speed_box = _speed_box("Steps per second a battle on the bench starts at")
        speeds = QGroupBox("Speed")
        form = QFormLayout(speeds)
        form.addRow("&Battles", self.battle_speed_box)
        form.addRow(_note("The arena plays at the speed it was left at."))

        self.network_boxes = []
        network_row = QHBoxLayout()
        for seat in range(SEATS):
            box = QCheckBox(str(seat + 1))
            box.setToolTip(f"The bot in the {('first', 'second', 'third', 'fourth')[seat]} seat may use the network")
            self.network_boxes.append(box)
            network_row.addWidget(box)
        network_row.addStretch(1)
        self.memory_box = QSpinBox()
        self.memory_box.setRange(16, 64 * 1024)
        self.memory_box.setSuffix(" MiB")
        self.memory_box.setToolTip("Memory of each seat: all the processes of its bot together")
        self.cpu_box = QSpinBox()
        self.cpu_box.setRange(1, 86_400)
        self.cpu_box.setSuffix(" s")
        self.cpu_box.setToolTip("CPU seconds a bot may use over the whole match")
        self.bwrap_edit = QLineEdit()
        self.bwrap_edit.setPlaceholderText("the system's bwrap")
        self.bwrap_edit.setToolTip(f"The bubblewrap program that sandboxes bots ({BWRAP_VARIABLE})")
        sandbox = QGroupBox("Bots' sandbox")
        form = QFormLayout(sandbox)
        form.addRow("&Network for seats", network_row)
        buddies.append((form, network_row, self.network_boxes[0]))
        form.addRow("&Memory per seat", self.memory_box)
        form.addRow("CP&U time per seat", self.cpu_box)
        form.addRow("b&wrap program", self.bwrap_edit)
        for row_form, field_row, field in buddies:
            label = row_form.labelForField(field_row)
            if isinstance(label, QLabel):
                label.setBuddy(field)
        form.addRow(_note("Every bot runs in a sandbox of its own, without network unless allowed here. "
                          "Running bots unsandboxed is chosen per match, never remembered."))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.defaults_button = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.defaults_button.clicked.connect(lambda: self.show_preferences(Preferences()))
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.message_label = error_line("preferencesMessage")
        self.setMinimumWidth(MIN_WIDTH)
        layout = QVBoxLayout(self)
        for group in (folders, speeds, sandbox):
            layout.addWidget(group)
        layout.addStretch(1)
        layout.addWidget(self.message_label)
        layout.addWidget(buttons)
        self.show_preferences(prefs)

    def showEvent(self, event: QShowEvent) -> None:
        """Tall enough for its wrapped notes at the width it opens with: the size it asks for
        does not count their wrapping, and at a large font the last note was cut in half."""
        super().showEvent(event)
        layout = self.layout()
        needed = layout.totalHeightForWidth(self.width()) if layout is not None else -1
        if needed > self.height():
            self.resize(self.width(), needed)

    def accept(self) -> None:
        """OK keeps what the form shows, unless a field names what cannot be used: then it says
        which, and the dialog stays open."""
        problem = bwrap_problem(self.bwrap_edit.text().strip())
        self.message_label.setText(problem or "")
        self.message_label.setVisible(problem is not None)
        if problem is not None:
            self.resize(self.width(), max(self.height(), self.sizeHint().height()))  # room for the message
            self.bwrap_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        super().accept()

    def show_preferences(self, prefs: Preferences) -> None:
        self.programs_edit.setText(prefs.programs_folder)
        self.positions_edit.setText(prefs.positions_folder)
        self.battle_speed_box.setCurrentIndex(SPEEDS.index(prefs.battle_speed))
        for seat, box in enumerate(self.network_boxes):
            box.setChecked(seat in prefs.network_seats)
        self.memory_box.setValue(prefs.memory_mib)
        self.cpu_box.setValue(prefs.cpu_seconds)
        self.bwrap_edit.setText(prefs.bwrap)

    def preferences(self) -> Preferences:
        return Preferences(
            programs_folder=self.programs_edit.text().strip(),
            positions_folder=self.positions_edit.text().strip(),
            battle_speed=float(self.battle_speed_box.currentData()),
            network_seats=tuple(seat for seat, box in enumerate(self.network_boxes) if box.isChecked()),
            memory_mib=self.memory_box.value(),
            cpu_seconds=self.cpu_box.value(),
            bwrap=self.bwrap_edit.text().strip(),
        )

    def _folder_row(self, what: str) -> tuple[QLineEdit, QHBoxLayout]:
        edit = QLineEdit()
        edit.setPlaceholderText(str(user_documents()))
        edit.setToolTip(f"Where dialogs for {what.lower()} start before one was used")
        browse = QToolButton()
        browse.setText("…")
        browse.setToolTip(f"Choose the {what.lower()} folder")
        browse.setAccessibleName(f"Choose the {what.lower()} folder")

        def choose() -> None:
            start = edit.text() if edit.text() and Path(edit.text()).is_dir() else str(user_documents())
            chosen = QFileDialog.getExistingDirectory(self, f"{what} folder", start)
            if chosen:
                edit.setText(chosen)

        browse.clicked.connect(choose)
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(browse)
        return edit, row


def bwrap_problem(bwrap: str) -> str | None:
    """Why ``bwrap`` (the preference: empty for the system's) cannot sandbox bots, or None. The bot
    layer would refuse it at every match; the dialog says so at once, naming the field."""
    problem = program_problem(bwrap) if bwrap else None
    if problem is None:
        return None
    return (f"bwrap program: {bwrap!r} {problem}; give the path of bubblewrap's bwrap, "
            "or leave it empty for the system's")


def _speed_box(tip: str) -> QComboBox:
    box = QComboBox()
    for speed in SPEEDS:
        box.addItem(speed_text(speed, "step"), speed)
    box.setToolTip(tip)
    return box


def _note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def open_preferences(parent: QWidget, settings: QSettings, apply: Callable[[Preferences], None]) -> PreferencesDialog:
    """Open the dialog (modal to ``parent``, without blocking); OK stores what it shows and calls
    ``apply`` with it."""
    dialog = PreferencesDialog(load_preferences(settings), parent)

    def accepted() -> None:
        prefs = dialog.preferences()
        save_preferences(settings, prefs)
        apply(prefs)

    dialog.accepted.connect(accepted)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
