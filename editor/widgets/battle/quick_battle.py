"""A quick battle of the program being edited against 1–3 opponents, and why a snake moved.

Seat 1 plays a snapshot of the document's program taken at Start; opponents are samples or
program files. The battle is a :class:`BattlePlayer`; clicking a snake shows the board as that
snake saw it at its turn in the shown step, with the matcher's explanation laid over it (the
same overlay as the test bench). Nothing here knows the main window, so the arena pane can host
it too."""

from __future__ import annotations

import functools
import html
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.samples import SNAKE_SAMPLES, sample_programs
from arena.snake_battle import BattleSettings, explain_turn
from editor.document import ProgramDocument
from editor.seats import Seat, unique_names
from editor.widgets.battle.battle_arena import arrange_player
from editor.widgets.battle.battle_player import BattlePlayer
from editor.widgets.games.snake.turn_explanation import board_at_turn, explanation_html
from editor.widgets.parts.standalone import run_alone
from engines.snake import GAME_INFO, PositionError
from matcher import Program, ProgramError, load_program
from matcher.explain import Explanation
from matcher.fileformat import PROGRAM_SUFFIX

MAX_OPPONENTS = GAME_INFO.max_snakes - 1
DEFAULT_OPPONENTS = ("hunter", "wall_hugger", "head_avoider")
ADD_FILE = "add-file"
"""The combo item that asks for a program file instead of naming one."""
SEED_LIMIT = 2**31 - 1
COMBO_MAX_WIDTH = 240


@functools.lru_cache(maxsize=1)
def _named_samples() -> tuple[tuple[str, Path], ...]:
    """The shipped samples by program name (read once: they do not change while the app runs)."""
    samples = []
    for path in sample_programs():
        try:
            samples.append((load_program(path).name, path))
        except ProgramError:
            continue  # a broken sample is simply not offered
    return tuple(samples)


class QuickBattle(QWidget):
    """Battle settings, a battle player and the explanation of a clicked snake's move."""

    started = Signal()
    """A new battle was set up (it plays right away)."""
    explained = Signal(object)
    """A snake's move was explained (:class:`Explanation`), or the explanation was cleared (None)."""
    message = Signal(str)
    """A one-line note for a host's status bar (e.g. why a battle could not start)."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.player: BattlePlayer | None = None
        self.explanation: Explanation | None = None
        self._programs: list[Program] = []
        self._battle_program: Program | None = None
        self._files: list[Path] = []
        self._samples = list(_named_samples())

        self.start_action = QAction(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay), "Start &Battle", self)
        self.start_action.setShortcut(QKeySequence("F5"))
        self.start_action.setToolTip("Play the program being edited against the chosen opponents (F5)")
        self.start_action.triggered.connect(lambda: self.start())
        self.addAction(self.start_action)

        self._build_settings()
        self._build_layout()
        document.programChanged.connect(self._program_changed)

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
        valid program is reported and not added."""
        path = Path(path)
        try:
            load_program(path)
        except ProgramError as err:
            self._show_message(f"Not added: {err}")
            return False
        self._add_file_choice(path)
        combo = self.opponent_boxes[seat]
        combo.setCurrentIndex(combo.findData(str(path)))
        self._show_message("")
        return True

    def settings(self) -> BattleSettings:
        return BattleSettings(
            seed=self.seed_box.value(),
            width=self.width_box.value(),
            height=self.height_box.value(),
            length=self.length_box.value(),
            max_steps=self.steps_box.value(),
        )

    def seats(self) -> list[Seat]:
        """Seat 1 is the document's program, then the opponents (raises :class:`ProgramError`)."""
        programs = [self.document.program] + [load_program(path) for path in self.opponents()]
        return unique_names([(p.name, p) for p in programs])

    def start(self) -> bool:
        """Set up a new battle and play it. When the program has problems, an opponent cannot be
        read or the snakes do not fit the field, say why instead and return False."""
        problems = self.document.problems()
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self._show_message(f"The program has problems, so it cannot fight yet: {problems[0]}{more}")
            return False
        if not self.opponents():
            self._show_message("Choose at least one opponent.")
            return False
        try:
            seats = self.seats()
            player = BattlePlayer(seats, self.settings())
        except (ProgramError, PositionError) as err:
            self._show_message(f"Cannot start the battle: {err}")
            return False
        self._install_player(player, seats)
        self._show_message("")
        self.started.emit()
        player.play()
        return True

    def explain_snake(self, snake: int) -> Explanation | None:
        """Show why ``snake`` moved as it did in the shown step (at step 0: how it will move in
        step 1): the board as the snake saw it, the explanation overlaid, a few lines of text."""
        if self.player is None:
            return None
        self.player.pause()
        step = max(1, self.player.match.battle.steps)
        upcoming = self.player.match.battle.steps == 0
        settings = self.player.settings
        explanation = explain_turn(self._programs, settings, step, snake)
        board = board_at_turn(self._programs, settings, step, snake) if explanation is not None else None
        name = self.player.names[snake]
        if explanation is None or board is None:
            self.clear_explanation()
            self.explain_label.setText(f"<b>{html.escape(name)}</b> had no turn in step {step}: it was eaten, or the battle was over.")
            return None
        self.explanation = explanation
        self.player.view.set_board(board)
        program = self._programs[snake]
        card = program.cards[explanation.card] if explanation.card is not None else None
        self.player.view.set_explanation(explanation, card=card)
        self.explain_label.setText(explanation_html(explanation, name, program, step, upcoming))
        if snake == 0 and self.document.program == self._battle_program:
            self.document.set_decided_card(explanation.card)
        self.explained.emit(explanation)
        return explanation

    def clear_explanation(self) -> None:
        """Back to the battle's current board without an overlay."""
        had = self.explanation is not None
        self.explanation = None
        if self.player is not None:
            self.player.view.set_explanation(None)
            self.player.view.set_board(self.player.match.battle.board)
        self.explain_label.setText(self._hint_text())
        if had:
            self.explained.emit(None)

    # --- building ----------------------------------------------------------------------------

    def _build_settings(self) -> None:
        self.opponent_boxes: list[QComboBox] = []
        for index in range(MAX_OPPONENTS):
            combo = QComboBox()
            combo.setToolTip(f"Opponent {index + 1}: a sample program or a program file")
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
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
            self.opponent_boxes.append(combo)
        defaults = [SNAKE_SAMPLES / f"{name}{PROGRAM_SUFFIX}" for name in DEFAULT_OPPONENTS]
        self.set_opponents([p for p in defaults if any(p == s for _, s in self._samples)][:MAX_OPPONENTS]
                           or [s for _, s in self._samples[:1]])

        self.width_box = _spin(5, 99, GAME_INFO.default_width, "Field width in cells")
        self.height_box = _spin(5, 99, GAME_INFO.default_height, "Field height in cells")
        self.length_box = _spin(2, 49, GAME_INFO.default_length, "Length of every snake at the start")
        self.steps_box = _spin(1, 100_000, GAME_INFO.default_steps, "The battle ends after this many steps")
        self.steps_box.setSingleStep(100)
        self.seed_box = _spin(0, SEED_LIMIT, secrets.randbelow(1_000_000), "The battle's seed: the same seed replays the same battle")
        self.seed_box.setMinimumWidth(self.seed_box.fontMetrics().horizontalAdvance("0000000") + 30)
        self.new_seed_button = QToolButton()
        self.new_seed_button.setText("⚄")
        self.new_seed_button.setToolTip("Draw a new random seed")
        self.new_seed_button.clicked.connect(lambda: self.seed_box.setValue(secrets.randbelow(1_000_000)))

        self.start_button = QPushButton(self.start_action.icon(), "Start battle")
        self.start_button.setToolTip(self.start_action.toolTip())
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_action.trigger)

    def _build_layout(self) -> None:
        form = QGridLayout()
        form.setHorizontalSpacing(8)
        form.setVerticalSpacing(6)
        form.addWidget(_label("Opponents"), 0, 0)
        opponents = QHBoxLayout()
        opponents.setSpacing(6)
        for combo in self.opponent_boxes:
            opponents.addWidget(combo, 1)
        opponents.addStretch(0)
        form.addLayout(opponents, 0, 1)

        field = QHBoxLayout()
        field.setSpacing(6)
        field.addWidget(self.width_box)
        field.addWidget(QLabel("×"))
        field.addWidget(self.height_box)
        field.addSpacing(12)
        field.addWidget(QLabel("Length"))
        field.addWidget(self.length_box)
        field.addSpacing(12)
        field.addWidget(QLabel("Steps"))
        field.addWidget(self.steps_box)
        field.addStretch(1)
        form.addWidget(_label("Field"), 1, 0)
        form.addLayout(field, 1, 1)

        seed = QHBoxLayout()
        seed.setSpacing(6)
        seed.addWidget(self.seed_box)
        seed.addWidget(self.new_seed_button)
        seed.addStretch(1)
        seed.addWidget(self.start_button)
        form.addWidget(_label("Seed"), 2, 0)
        form.addLayout(seed, 2, 1)
        form.setColumnStretch(1, 1)

        self.message_label = QLabel()
        self.message_label.setObjectName("battleMessage")
        self.message_label.setWordWrap(True)
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.message_label.setStyleSheet(
            "QLabel#battleMessage { background: rgba(214, 69, 58, 0.14); border: 1px solid rgba(214, 69, 58, 0.55);"
            " border-radius: 4px; padding: 6px 8px; }"
        )
        self.message_label.hide()

        self.placeholder = QLabel("Choose opponents and press <b>Start battle</b> (F5).<br>"
                                  "Your program plays seat 1; click a snake to see why it moved.")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.placeholder.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

        self.explain_label = QLabel(self._hint_text())
        self.explain_label.setObjectName("explanationText")
        self.explain_label.setWordWrap(True)
        self.explain_label.setTextFormat(Qt.TextFormat.RichText)
        self.explain_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.explain_label.setMinimumHeight(self.explain_label.fontMetrics().lineSpacing() * 3 + 12)
        self.explain_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.explain_label.setMargin(6)
        self.explain_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.stale_label = QLabel("The program changed since this battle started: <b>Start battle</b> again to use the edits.")
        self.stale_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()

        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(10, 10, 10, 10)
        self._layout.setSpacing(8)
        self._layout.addLayout(form)
        self._layout.addWidget(self.message_label)
        self.arena: QWidget = self.placeholder
        self._layout.addWidget(self.placeholder, 1)
        self._layout.addWidget(self.stale_label)
        self._layout.addWidget(self.explain_label)

    def _install_player(self, player: BattlePlayer, seats: Sequence[Seat]) -> None:
        if self.player is not None:
            self.player.pause()
            self.player.deleteLater()
        arena = arrange_player(player)
        self._layout.replaceWidget(self.arena, arena)
        self.arena.hide()
        if self.arena is not self.placeholder:
            self.arena.deleteLater()
        self.arena = arena
        self._layout.setStretchFactor(arena, 1)
        arena.show()
        player.setParent(self)
        player.hide()  # the controller: its parts are shown by the arena
        self.player = player
        self._programs = [program for _, program in seats]
        self._battle_program = self.document.program
        self.explanation = None
        self.stale_label.hide()
        self.seed_box.valueChanged.connect(player.seed_box.setValue)
        player.stepped.connect(lambda _step: self.clear_explanation())
        player.restart_button.defaultAction().triggered.connect(self.clear_explanation)
        player.view.snakeClicked.connect(self._snake_clicked)
        player.seat_panel.seatClicked.connect(self._snake_clicked)
        self.explain_label.setText(self._hint_text())

    # --- reactions ---------------------------------------------------------------------------

    def _snake_clicked(self, snake: int) -> None:
        # The player toggled the highlight first: a second click on the same snake clears it.
        if self.player is not None and self.player.view.highlighted_snake() != snake:
            self.clear_explanation()
        else:
            self.explain_snake(snake)

    def _combo_activated(self, index: int) -> None:
        combo = self.opponent_boxes[index]
        if combo.currentData() == ADD_FILE:
            combo.setCurrentIndex(int(combo.property("previous")))
            start = str(SNAKE_SAMPLES) if SNAKE_SAMPLES.is_dir() else str(Path.home())
            path, _ = QFileDialog.getOpenFileName(self, "Add an opponent", start,
                                                  f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
            if path:
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

    def _program_changed(self) -> None:
        if self.player is not None:
            self.stale_label.setVisible(self.document.program != self._battle_program)

    def _show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))
        if text:
            self.message.emit(text)

    def _hint_text(self) -> str:
        if self.player is None:
            return "<i>The explanation of a move appears here.</i>"
        return "<i>Click a snake on the board (or its row) to see why it moved in the shown step.</i>"


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box


def _label(text: str) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def main() -> int:
    """Open the quick battle on a sample program and start it."""
    from arena.samples import resolve_program

    path = resolve_program(sys.argv[1] if len(sys.argv) > 1 else "tail_biter")
    document = ProgramDocument(load_program(path), path)
    return run_alone(lambda: QuickBattle(document), f"Quick battle — {document.display_name()}", (1100, 820),
                     then=lambda battle: battle.start())


if __name__ == "__main__":
    raise SystemExit(main())
