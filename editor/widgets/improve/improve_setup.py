"""The options of an improve search, as ``snakepit improve`` has them: the opponents (the shipped
samples, ticked, and program files), the budget, the seed, the cards to keep as they are, the
battles' field sizes, seats, start length and step limit, where to play (jobs here or a Dask
cluster) and the check on fresh seeds.

Nothing here plays: :meth:`ImproveSetup.build` turns the form and the program into an
:class:`~editor.widgets.improve.improve_worker.ImproveJob`, or raises :class:`ImproveSetupError`
whose one line names the opponent, size or setting in the form's words."""

from __future__ import annotations

import re
import secrets
from argparse import ArgumentTypeError
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arena.cli_improve import MOST_BUDGET, MOST_REPORT_PAIRS, REPORT_PAIRS, parse_budget
from arena.samples import SNAKE_SAMPLES
from arena.improve import Field, SearchSettings
from arena.tournament import TournamentError
from arena.tournament.cluster import check_address
from arena.tournament.pool import default_jobs
from editor.document import ProgramDocument
from editor.widgets.cards.pattern_paint import card_thumbnail
from editor.widgets.improve.improve_worker import ImproveJob
from editor.widgets.parts.boxes import row
from editor.widgets.parts.dialog_folders import PROGRAMS, remember_file, start_folder
from editor.widgets.parts.form_widgets import SEED_LIMIT, buddy_label, heading, setup_form, spin_box, tool_button
from editor.widgets.parts.seat_choices import named_programs
from editor.widgets.tournament.tournament_entrants import unique_name
from engines.snake import GAME_INFO, PositionError, start_position
from matcher import Program, ProgramError, load_program

DEFAULT_OPPONENTS = ("tail_biter", "hunter", "wall_hugger", "head_avoider")
"""The samples ticked at first (file names): the field the issue's example improves against."""
DEFAULT_BUDGET = 600
PIN_THUMB = 28
PIN_ROWS = 3
"""Cards the keep list shows without scrolling."""
_PATH = Qt.ItemDataRole.UserRole


class ImproveSetupError(ValueError):
    """The form cannot make a search (one line, in the form's words)."""


def format_duration(seconds: int) -> str:
    """Seconds as ``snakepit improve --budget`` reads them: ``45s``, ``10m``, ``1h``, ``90s``."""
    if seconds and seconds % 3600 == 0:
        return f"{seconds // 3600}h"
    if seconds and seconds % 60 == 0:
        return f"{seconds // 60}m"
    return f"{seconds}s"


class DurationBox(QSpinBox):
    """Seconds shown and typed as ``--budget`` takes them: ``90``, ``90s``, ``10m``, ``1h``."""

    def textFromValue(self, value: int) -> str:
        return format_duration(value)

    def valueFromText(self, text: str) -> int:
        try:
            return round(parse_budget(text))
        except (ValueError, ArgumentTypeError):  # the command line's word for a bad --budget
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if not text.strip() or re.fullmatch(r"\s*\d+(\.\d*)?\s*", text):
            return QValidator.State.Intermediate if not text.strip() else QValidator.State.Acceptable, text, pos
        try:
            seconds = parse_budget(text)
        except (ValueError, ArgumentTypeError):  # an exception out of a Qt override answers nothing
            partial = re.fullmatch(r"\s*\d+(\.\d*)?\s*[smh]?\s*", text) is not None
            return QValidator.State.Intermediate if partial else QValidator.State.Invalid, text, pos
        inside = self.minimum() <= seconds <= self.maximum()
        return QValidator.State.Acceptable if inside else QValidator.State.Intermediate, text, pos


def parse_sizes(text: str) -> tuple[tuple[int, int], ...]:
    """``"25x25, 19x15"`` as sizes; :class:`ImproveSetupError` names the bad part."""
    sizes = []
    for part in re.split(r"[,;\s]+", text.strip()):
        if not part:
            continue
        match = re.fullmatch(r"(\d+)[xX×](\d+)", part)
        if not match:
            raise ImproveSetupError(f"Field size {part!r}: expected width x height such as 25x25")
        sizes.append((int(match.group(1)), int(match.group(2))))
    if not sizes:
        raise ImproveSetupError("Field size: at least one, such as 25x25")
    return tuple(dict.fromkeys(sizes))


class ImproveSetup(QWidget):
    """The form. ``document``'s cards are offered to keep as they are."""

    message = Signal(str)
    """Why an opponent file was not added (empty: the last add went well)."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None, *,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.settings = settings if settings is not None else QSettings()  # remembers the Add file… folder
        self._build()
        self.show_cards()
        document.programChanged.connect(self.show_cards)

    # --- our API -----------------------------------------------------------------------------

    def opponents(self) -> list[tuple[str, Path]]:
        """The ticked opponents: (name, program file), in list order."""
        return [(item.text(), Path(str(item.data(_PATH)))) for item in self._items(self.opponent_list)
                if item.checkState() == Qt.CheckState.Checked]

    def set_opponents(self, chosen: Sequence[str | Path]) -> None:
        """Tick exactly the opponents named (file names such as ``hunter`` or program names such
        as ``Hunter``) or given as files (added when not listed yet)."""
        wanted = {str(c) for c in chosen}
        for item in self._items(self.opponent_list):
            path = Path(str(item.data(_PATH)))
            hit = {item.text(), path.name.split(".")[0], str(path)} & wanted
            item.setCheckState(Qt.CheckState.Checked if hit else Qt.CheckState.Unchecked)
        listed = {str(item.data(_PATH)) for item in self._items(self.opponent_list)}
        for target in chosen:
            if Path(target).suffix and str(target) not in listed:
                self.add_opponent_file(target)

    def add_opponent_file(self, path: str | Path) -> bool:
        """List the program in ``path`` as an opponent, ticked; a file that is no program is
        reported (``message``) and not added."""
        try:
            program = load_program(Path(path))
        except ProgramError as err:
            self.message.emit(f"Not added: {err}")
            return False
        for item in self._items(self.opponent_list):
            if Path(str(item.data(_PATH))) == Path(path):
                item.setCheckState(Qt.CheckState.Checked)
                self.message.emit("")
                return True
        taken = [item.text() for item in self._items(self.opponent_list)]
        name = program.name or Path(path).name.split(".")[0]
        item = self._opponent_item(unique_name(name, taken), Path(path))
        item.setCheckState(Qt.CheckState.Checked)
        self.opponent_list.scrollToItem(item)
        self.message.emit("")
        return True

    def pinned(self) -> frozenset[int]:
        """The cards (0-based) ticked to keep as they are."""
        return frozenset(row for row, item in enumerate(self._items(self.pin_list))
                         if item.checkState() == Qt.CheckState.Checked)

    def set_pinned(self, cards: Sequence[int]) -> None:
        for row, item in enumerate(self._items(self.pin_list)):
            item.setCheckState(Qt.CheckState.Checked if row in cards else Qt.CheckState.Unchecked)

    def new_seed(self) -> None:
        self.seed_box.setValue(secrets.randbelow(1_000_000))

    def set_editable(self, editable: bool) -> None:
        for widget in self._settings:
            widget.setEnabled(editable)
        if editable:
            self._cluster_changed()

    def build(self, program: Program) -> ImproveJob:
        """The search for ``program`` as the form sets it (the opponent files read now)."""
        if len(self.pinned()) >= len(program.cards):
            raise ImproveSetupError("Keep cards: every card is kept, so there is nothing to change; untick one")
        opponents = []
        for name, path in self.opponents():
            try:
                opponents.append((name, load_program(path)))
            except ProgramError as err:
                raise ImproveSetupError(f"Opponent {name}: {err}") from None
        if not opponents:
            raise ImproveSetupError("Opponents: tick at least one program to play against")
        seats, length = self.seats_box.value(), self.length_box.value()
        sizes = parse_sizes(self.sizes_edit.text())
        for width, height in sizes:
            try:
                start_position(seats, width, height, length)
            except PositionError as err:
                raise ImproveSetupError(f"Field {width}x{height} with {seats} snakes of length {length}: {err}") from None
        cluster = self.cluster_edit.text().strip() or None
        if cluster is not None:
            try:
                check_address(cluster)
            except TournamentError as err:
                raise ImproveSetupError(str(err).replace("--cluster", "Cluster")) from None
        seed = self.seed_box.value()
        field = Field(tuple(opponents), sizes, seats, length, self.steps_box.value(), seed)
        settings = SearchSettings(budget=float(self.budget_box.value()), pinned=self.pinned(),
                                  keep_tests=self.keep_tests_box.isChecked(), seed=seed)
        return ImproveJob(program, field, settings, self.jobs_box.value(), cluster, self.check_box.value())

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.opponent_list = QListWidget()
        self.opponent_list.setToolTip("The programs the search plays against: tick the ones to beat")
        self.opponent_list.setAccessibleName("Opponents")
        self.opponent_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.opponent_list.setUniformItemSizes(True)
        rows = self.opponent_list.fontMetrics().height() + 6
        self.opponent_list.setMinimumHeight(4 * rows + 6)
        for name, path in named_programs():
            item = self._opponent_item(name, path)
            stem = path.name.split(".")[0]
            item.setCheckState(Qt.CheckState.Checked if stem in DEFAULT_OPPONENTS else Qt.CheckState.Unchecked)
        self.add_file_button = QPushButton("Add file…")
        self.add_file_button.setToolTip("Add a program file as an opponent")
        self.add_file_button.clicked.connect(self._browse)
        files_row = QHBoxLayout()
        files_row.addStretch(1)
        files_row.addWidget(self.add_file_button)

        self.budget_box = DurationBox()
        self.budget_box.setRange(1, int(MOST_BUDGET))
        self.budget_box.setSingleStep(30)
        self.budget_box.setAccelerated(True)
        self.budget_box.setValue(DEFAULT_BUDGET)
        self.budget_box.setToolTip("How long to search: seconds, or like 90s, 10m, 1h (paused time does not count; "
                                   "the check on fresh seeds comes out of it)")
        self.seed_box = spin_box(0, SEED_LIMIT, "Seeds the battles and the edits tried: the same seed and settings "
                                 "search the same way")
        self.new_seed()
        self.new_seed_button = tool_button("New seed", "Draw a new random seed", self.new_seed)
        seed_row = row((self.seed_box, 1), self.new_seed_button)
        self.pin_list = QListWidget()
        self.pin_list.setToolTip("Ticked cards are never changed, dropped or reordered among themselves")
        self.pin_list.setIconSize(QSize(PIN_THUMB, PIN_THUMB))
        self.pin_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.pin_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pin_list.setFixedHeight(PIN_ROWS * (PIN_THUMB + 6) + 6)
        self.keep_tests_box = QCheckBox("Never break a test that passes now")
        self.keep_tests_box.setToolTip("Refuse edits that make one of the program's own tests fail")

        self.sizes_edit = QLineEdit(f"{GAME_INFO.default_width}x{GAME_INFO.default_height}")
        self.sizes_edit.setToolTip("Field sizes, width x height; several separated by commas (25x25, 15x15)")
        self.seats_box = spin_box(GAME_INFO.min_snakes, GAME_INFO.max_snakes,
                                  "Snakes per battle, the program and the opponent alternating", value=2)
        self.length_box = spin_box(2, 49, "Length of every snake at the start", value=GAME_INFO.default_length)
        self.steps_box = spin_box(1, 100_000, "Step limit of a battle", value=GAME_INFO.default_steps)
        self.steps_box.setSingleStep(100)
        battle_row = row((self.seats_box, 1), buddy_label("length", self.length_box), (self.length_box, 1),
                         buddy_label("steps", self.steps_box), (self.steps_box, 1))

        self.jobs_box = spin_box(1, max(64, 4 * default_jobs()), "Worker processes on this machine (1: in the app's "
                                 "own process)", value=default_jobs())
        self.jobs_box.setSuffix(f" of {default_jobs()} cores")
        self.cluster_edit = QLineEdit()
        self.cluster_edit.setPlaceholderText("optional: tcp://host:8786")
        self.cluster_edit.setToolTip("Play on a Dask scheduler instead of this machine (needs snakepit[cluster])")
        self.cluster_edit.textChanged.connect(self._cluster_changed)
        self.check_box = spin_box(0, MOST_REPORT_PAIRS, "Pairs of battles per opponent (seats swapped) on fresh seeds, played at "
                                  "the end for a before/after score with 95% intervals", value=REPORT_PAIRS)
        self.check_box.setSpecialValueText("no check")
        self.check_box.setSuffix(" pairs per opponent")

        search_form = setup_form()
        search_form.addRow("Budget", self.budget_box)
        search_form.addRow("Seed", seed_row)
        search_form.addRow("Keep cards", self.pin_list)
        search_form.addRow("", self.keep_tests_box)
        battle_form = setup_form()
        battle_form.addRow("Field", self.sizes_edit)
        battle_form.addRow("Seats", battle_row)
        # A row of several fields has no buddy of its own: its label names the first field.
        for form, field_row, first in ((search_form, seed_row, self.seed_box), (battle_form, battle_row, self.seats_box)):
            label = form.labelForField(field_row)
            if isinstance(label, QLabel):
                label.setBuddy(first)
        run_form = setup_form()
        run_form.addRow("Jobs", self.jobs_box)
        run_form.addRow("Cluster", self.cluster_edit)
        run_form.addRow("Check", self.check_box)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(heading("Opponents"))
        layout.addWidget(self.opponent_list, 2)
        layout.addLayout(files_row)
        layout.addWidget(heading("Search"))
        layout.addLayout(search_form)
        layout.addWidget(heading("Battles"))
        layout.addLayout(battle_form)
        layout.addWidget(heading("Where and after"))
        layout.addLayout(run_form)
        self._settings: list[QWidget] = [
            self.opponent_list, self.add_file_button, self.budget_box, self.seed_box, self.new_seed_button,
            self.pin_list, self.keep_tests_box, self.sizes_edit, self.seats_box, self.length_box, self.steps_box,
            self.jobs_box, self.cluster_edit, self.check_box]

    def show_cards(self) -> None:
        """Offer the document's cards to keep (ticks stay on the same card numbers)."""
        kept = self.pinned()
        self.pin_list.clear()
        program = self.document.program
        for index, card in enumerate(program.cards):
            text = f"Card {index + 1}" + (f": {card.description}" if card.description else "")
            item = QListWidgetItem(QIcon(card_thumbnail(card, PIN_THUMB * 2, self.palette())), text)
            item.setToolTip(text)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if index in kept else Qt.CheckState.Unchecked)
            self.pin_list.addItem(item)

    # --- details -----------------------------------------------------------------------------

    def _opponent_item(self, name: str, path: Path) -> QListWidgetItem:
        item = QListWidgetItem(name)
        item.setData(_PATH, str(path))
        item.setToolTip(str(path))
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable)
        self.opponent_list.addItem(item)
        return item

    @staticmethod
    def _items(widget: QListWidget) -> list[QListWidgetItem]:
        return [item for row in range(widget.count()) if (item := widget.item(row)) is not None]

    def _browse(self) -> None:
        # Where the last program was chosen (here, in the arena or the Battle tab), as the app's
        # other program dialogs: for an untitled program this started in the app's start folder.
        settings = self.settings
        folder = str(start_folder(settings, PROGRAMS, SNAKE_SAMPLES))
        path, _ = QFileDialog.getOpenFileName(self, "Add an Opponent", folder, "Snake programs (*.snake.json);;All files (*)")
        if path:
            remember_file(settings, PROGRAMS, path)
            self.add_opponent_file(path)

    def _cluster_changed(self) -> None:
        self.jobs_box.setEnabled(not self.cluster_edit.text().strip() and self.cluster_edit.isEnabled())

