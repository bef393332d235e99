"""The Battle tab's setup: 1–3 opponents (samples or program files), the field, the seed, and the
snake match they make with the program being edited in seat 1.

Opponents are chosen in combo boxes of the shipped samples; "Add file…" offers a program file of
one's own (checked when added: a file that is not a program is reported, not offered). The match
is checked here, before anything runs, so a program with problems, an opponent that cannot be
read or snakes that do not fit the field are said at once, in words, and the battle on show stays."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from arena.match import MatchSetup
from arena.program_battle import BattleSettings
from arena.samples import SNAKE_SAMPLES
from editor.seats import unique_names
from editor.widgets.parts.boxes import WrappingGrid
from editor.widgets.parts.dialog_folders import PROGRAMS, remember_file, start_folder
from editor.widgets.parts.eliding_combo import ElidingComboBox
from editor.widgets.bench.wrap_row import WrapRow
from editor.widgets.parts.form_widgets import SEED_LIMIT, buddy_label, spin_box
from editor.widgets.parts.seat_choices import named_programs
from engines.snake import GAME_INFO, start_position
from matcher import Program, ProgramError, dumps_program, load_program
from matcher.fileformat import PROGRAM_SUFFIX

MAX_OPPONENTS = GAME_INFO.max_snakes - 1
DEFAULT_OPPONENTS = ("hunter", "wall_hugger", "head_avoider")
ADD_FILE = "add-file"
"""The combo item that asks for a program file instead of naming one."""
COMBO_MAX_WIDTH = 240


class BattleSetup(QWidget):
    """Opponents, field, seed; :meth:`match_setup` makes the match they describe."""

    message = Signal(str)
    """Why an opponent file was not added ("" once one was)."""

    def __init__(self, parent: QWidget | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self._folders = settings if settings is not None else QSettings()  # remembers the Add file… folder
        self._files: list[Path] = []
        self._samples = list(named_programs())
        self._opponents = WrappingGrid()
        self.opponent_boxes = [self._opponent_box(index) for index in range(MAX_OPPONENTS)]
        defaults = [SNAKE_SAMPLES / f"{name}{PROGRAM_SUFFIX}" for name in DEFAULT_OPPONENTS]
        self.set_opponents([p for p in defaults if any(p == s for _, s in self._samples)][:MAX_OPPONENTS]
                           or [s for _, s in self._samples[:1]])
        self.width_box = spin_box(5, 99, "Field width in cells", value=GAME_INFO.default_width)
        self.height_box = spin_box(5, 99, "Field height in cells", value=GAME_INFO.default_height)
        self.length_box = spin_box(2, 49, "Length of every snake at the start", value=GAME_INFO.default_length)
        self.steps_box = spin_box(1, 100_000, "The battle ends after this many steps", value=GAME_INFO.default_steps)
        self.steps_box.setSingleStep(100)
        self.seed_box = spin_box(0, SEED_LIMIT, "The battle's seed: the same seed replays the same battle",
                                 value=secrets.randbelow(1_000_000))
        self.seed_box.setMinimumWidth(self.seed_box.fontMetrics().horizontalAdvance("0000000") + 30)
        self.new_seed_button = QToolButton()
        self.new_seed_button.setText("⚄")
        self.new_seed_button.setToolTip("Draw a new random seed")
        self.new_seed_button.setAccessibleName("New random seed")  # a die glyph is no name to a reader
        self.new_seed_button.clicked.connect(lambda: self.seed_box.setValue(secrets.randbelow(1_000_000)))
        self._lay_out()

    # --- our API -----------------------------------------------------------------------------

    def opponents(self) -> list[Path]:
        """The chosen opponents' program files, in seat order."""
        chosen = []
        for combo in self.opponent_boxes:
            data = combo.currentData()
            if isinstance(data, str) and data != ADD_FILE:
                chosen.append(Path(data))
        return chosen

    def set_opponents(self, paths: Sequence[Path | str]) -> None:
        """Choose up to three opponents; files that are not samples are added to the choices."""
        for index, combo in enumerate(self.opponent_boxes):
            if index < len(paths):
                path = Path(paths[index])
                self._add_file_choice(path)
                combo.setCurrentIndex(combo.findData(str(path)))
            else:
                combo.setCurrentIndex(combo.findData(None) if index else 0)

    def add_opponent_file(self, path: Path | str, seat: int = 0) -> bool:
        """Offer the program in ``path`` and choose it for opponent ``seat``; a file that is not a
        valid program is reported (:attr:`message`) and not added."""
        path = Path(path)
        try:
            load_program(path)
        except ProgramError as err:
            self.message.emit(f"Not added: {err}")
            return False
        self._add_file_choice(path)
        combo = self.opponent_boxes[seat]
        combo.setCurrentIndex(combo.findData(str(path)))
        self.message.emit("")
        return True

    def settings(self) -> BattleSettings:
        return BattleSettings(seed=self.seed_box.value(), width=self.width_box.value(),
                              height=self.height_box.value(), length=self.length_box.value(),
                              max_steps=self.steps_box.value())

    def options(self) -> dict[str, int]:
        """The snake match's options the form sets."""
        return {"width": self.width_box.value(), "height": self.height_box.value(),
                "length": self.length_box.value(), "steps": self.steps_box.value()}

    def match_setup(self, program: Program) -> MatchSetup:
        """The match of ``program`` (seat 1, as its text: a snapshot) against the opponents.
        Raises :class:`ProgramError` for an opponent that cannot be read, ``PositionError`` when
        the snakes do not fit the field, ``ValueError`` without an opponent."""
        opponents = self.opponents()
        if not opponents:
            raise ValueError("Choose at least one opponent.")
        programs = [program] + [load_program(path) for path in opponents]
        start_position(len(programs), self.width_box.value(), self.height_box.value(), self.length_box.value())
        names = tuple(name for name, _ in unique_names([(p.name, p) for p in programs]))
        seats = (dumps_program(program), *(str(path) for path in opponents))
        return MatchSetup("snake", seats, self.seed_box.value(), self.options(), names)

    # --- building ----------------------------------------------------------------------------

    def _opponent_box(self, index: int) -> QComboBox:
        combo = ElidingComboBox(f"Opponent {index + 1}: a sample program or a program file")  # a long name ends in …
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(6)
        combo.setMinimumWidth(combo.minimumSizeHint().width())  # squeezed no narrower than 6 letters
        # Its size hint is its longest entry: the opponents wrap to rows of two (or one) rather
        # than clip a name ("Head avoide") in the bench dock of a 1024-wide window.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        combo.setMaximumWidth(COMBO_MAX_WIDTH)
        combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        if index:
            combo.addItem("— none —", None)
        for name, path in self._samples:
            combo.addItem(name, str(path))
        combo.insertSeparator(combo.count())
        combo.addItem("Add file…", ADD_FILE)
        combo.activated.connect(lambda _row, i=index: self._combo_activated(i))
        combo.setProperty("previous", combo.currentIndex())
        return combo

    def _lay_out(self) -> None:
        form = QGridLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setHorizontalSpacing(8)
        form.setVerticalSpacing(6)
        opponents = self._opponents
        opponents.setHorizontalSpacing(6)
        opponents.setVerticalSpacing(6)
        self._fit_opponents(1 << 24)  # all in a row until the first resize says what fits
        self.width_box.setAccessibleName("Field width")
        self.height_box.setAccessibleName("Field height")
        # The length under the size when a large font makes the row wider than the bench dock.
        self.field_row = WrapRow([self.width_box, buddy_label("×", self.height_box), self.height_box, 6],
                                 [buddy_label("Length", self.length_box), self.length_box])
        field = QHBoxLayout()
        field.addWidget(self.field_row)
        # The steps in a row of their own: in one row with the field the form was wider than the
        # bench dock of a 1024-wide window.
        steps = QHBoxLayout()
        steps.addWidget(self.steps_box)
        steps.addStretch(1)
        seed = QHBoxLayout()
        seed.setSpacing(6)
        seed.addWidget(self.seed_box)
        seed.addWidget(self.new_seed_button)
        seed.addStretch(1)
        # The opponents under their title, across the form: beside it the three boxes made the
        # form wider than the bench dock of a 1024-wide window.
        for row, (title, layout) in enumerate((("Opponents", None), (None, opponents), ("Field", field),
                                               ("Steps", steps), ("Seed", seed))):
            if title is not None:
                label = QLabel(f"<b>{title}</b>")
                label.setTextFormat(Qt.TextFormat.RichText)
                # A screen reader says the title with the row's first field.
                label.setBuddy({"Opponents": self.opponent_boxes[0], "Field": self.width_box,
                                "Steps": self.steps_box, "Seed": self.seed_box}[title])
                form.addWidget(label, row, 0)
            if layout is not None:
                form.addLayout(layout, row, 0 if title is None else 1, 1, 2 if title is None else 1)
        form.setColumnStretch(1, 1)

    def opponent_columns(self) -> int:
        """How many opponents' boxes stand in a row (fewer when all in one row would cut a name)."""
        return self._opponents.columns

    def _fit_opponents(self, width: int) -> None:
        """As many opponents' boxes in a row as fit ``width`` at their longest entry's width."""
        box = max(min(combo.sizeHint().width(), COMBO_MAX_WIDTH) for combo in self.opponent_boxes)
        if self._opponents.fit(self.opponent_boxes, width, box, MAX_OPPONENTS):
            # Packed to the left, as the field's boxes below them: the room left over goes to the
            # column after the boxes. (Stretched columns wider than a box, which stops at
            # COMBO_MAX_WIDTH, stood it centred in its cell.)
            for column in range(MAX_OPPONENTS + 1):
                self._opponents.setColumnStretch(column, 1 if column == self._opponents.columns else 0)
            for combo in self.opponent_boxes:
                self._opponents.setAlignment(combo, Qt.AlignmentFlag.AlignLeft)
            self.updateGeometry()  # taller or lower: the tab makes room

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_opponents(event.size().width())

    # --- reactions ---------------------------------------------------------------------------

    def _combo_activated(self, index: int) -> None:
        combo = self.opponent_boxes[index]
        if combo.currentData() == ADD_FILE:
            combo.setCurrentIndex(int(combo.property("previous")))
            settings = self._folders
            start = str(start_folder(settings, PROGRAMS, SNAKE_SAMPLES))
            path, _ = QFileDialog.getOpenFileName(self, "Add an opponent", start,
                                                  f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
            if path:
                remember_file(settings, PROGRAMS, path)
                self.add_opponent_file(path, index)
        combo.setProperty("previous", combo.currentIndex())

    def _add_file_choice(self, path: Path) -> None:
        if any(str(path) == str(s) for _, s in self._samples) or path in self._files:
            return
        self._files.append(path)
        try:
            name = load_program(path).name
        except ProgramError:
            name = path.name
        for combo in self.opponent_boxes:
            combo.insertItem(combo.count() - 2, f"{name} ({path.name})", str(path))
            combo.setItemData(combo.count() - 3, str(path), Qt.ItemDataRole.ToolTipRole)
        self._fit_opponents(self.width())  # a longer entry may need a row of fewer boxes
