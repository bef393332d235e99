""""New card from here": a card from what one snake saw at one moment (the bench's position, a
step of a battle or replay), made with :mod:`matcher.moment`.

The user picks the move (default: the one the snake made, on the bench the program's choice),
trims the 48 cells (all, within 1/2/3 steps of the head, only the non-empty ones), and drags the
new card to its place among the program's cards. A live preview says whether the card decides
its own moment there and which of the program's tests and the battle's steps it would decide,
with the answers before and after. "Insert card" puts the card in, and, when asked, the position
as a test expecting the move: one edit, so one Undo takes both back."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.authoring.card_evidence import EvidenceRow, EvidenceSet, decision_text, summary_text
from editor.widgets.authoring.insert_list import InsertList
from editor.widgets.authoring.moment_source import CardMoment, Evidence
from editor.widgets.authoring.moment_view import MomentView
from editor.widgets.cards.pattern_paint import card_thumbnail
from editor.widgets.parts.form_widgets import buddy_label, error_line
from engines.snake import Board, Direction
from matcher.editing import EditError
from matcher.model import Card
from matcher.moment import Keep, card_from_moment, insert_moment_card, moment_test

PICTURE = 196
ARROWS = {Direction.UP: "↑", Direction.RIGHT: "→", Direction.DOWN: "↓", Direction.LEFT: "←"}
DISTANCES = (("All 48 cells", None), ("Within 1 step of the head", 1), ("Within 2 steps", 2), ("Within 3 steps", 3))
DECIDED_FILL = QColor(46, 158, 79, 36)
BROKEN_INK = QColor("#c62828")
ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class NewCardDialog(QDialog):
    """Makes one card from ``moment`` for ``document``'s program (see the module docstring)."""

    def __init__(self, document: ProgramDocument, moment: CardMoment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.moment = moment
        self.setWindowTitle("New card from here")
        self.rows: list[EvidenceRow] = []
        self._with_card = document.program
        self._evidence_set: EvidenceSet | None = None
        """The positions checked, decided without the card once (the program cannot change
        while the window-modal dialog is open)."""
        program = document.program
        self._valid = not document.problems()
        self._build()
        move = moment.default_move(program if self._valid else None)
        if move is not None:
            self.move_buttons[move].setChecked(True)
        self.description_edit.setText(self._description(move))
        self.insert_list.set_cards(program.cards, self.card(), 0)
        self.position_box.setRange(1, len(program.cards) + 1)
        self._connect()
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    def chosen_move(self) -> Direction | None:
        return next((d for d, b in self.move_buttons.items() if b.isChecked()), None)

    def keep(self) -> Keep:
        return Keep(self.distance_box.currentData(), self.nonempty_box.isChecked())

    def position(self) -> int:
        """Where the card goes (0-based)."""
        return self.insert_list.position()

    def card(self) -> Card:
        move = self.chosen_move()
        if move is None:  # a snake that cannot move: a card for the look of it, never inserted
            move = (self.moment.possible or (Direction.UP,))[0]
        return card_from_moment(self.moment.board, self.moment.snake, move, self.keep(),
                                self.description_edit.text().strip())

    def set_keep(self, distance: int | None, nonempty: bool) -> None:
        self.distance_box.setCurrentIndex(next(i for i, (_, d) in enumerate(DISTANCES) if d == distance))
        self.nonempty_box.setChecked(nonempty)

    def insert(self) -> bool:
        """Put the card (and the test, when asked) into the program as one undo step."""
        move = self.chosen_move()
        if move is None:
            self._error(f"{self.moment.snake_name} could not move at this moment: there is no card to make.")
            return False
        card, at = self.card(), self.position()
        test = None
        if self.test_box.isChecked():
            name = self.test_name_edit.text().strip() or self.test_name_edit.placeholderText()
            test = moment_test(self.moment.position, self.moment.snake, move, name)
        what = f"New card {at + 1} from {self.moment.where}" + (" with its test" if test is not None else "")
        try:
            self.document.edit(lambda program: insert_moment_card(program, card, at, test), what, show_card=at)
        except EditError as err:
            self._error(f"The card cannot go in: {err}")
            return False
        self.accept()
        return True

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        moment = self.moment
        self.title_label = QLabel(f"What <b>{html.escape(moment.snake_name)}</b> saw at {html.escape(moment.where)}, "
                                  "as a card that asks for a move. Earlier cards are asked first.")
        self.title_label.setWordWrap(True)

        self.move_group = QButtonGroup(self)
        self.move_buttons: dict[Direction, QToolButton] = {}
        move_row = QHBoxLayout()
        move_row.addWidget(QLabel("Move"))
        possible = moment.possible
        for direction in Direction:
            made = " (made)" if direction == moment.made else " (expected)" if direction == moment.wished else ""
            button = QToolButton()
            button.setText(f"{ARROWS[direction]} {direction.label}{made}")
            button.setCheckable(True)
            button.setEnabled(direction in possible)
            button.setToolTip(f"The card asks for {direction.label}" if direction in possible
                              else f"{moment.snake_name} could not move {direction.label} here")
            self.move_group.addButton(button)
            self.move_buttons[direction] = button
            move_row.addWidget(button)
        move_row.addStretch(1)

        self.distance_box = QComboBox()
        for label, distance in DISTANCES:
            self.distance_box.addItem(label, distance)
        self.distance_box.setToolTip("Which cells around the head the card keeps (steps: up, down, left, right)")
        self.nonempty_box = QCheckBox("Only non-empty cells")
        self.nonempty_box.setToolTip("Leave out the cells that showed an empty field: the card then matches "
                                     "whatever is there")
        keep_row = QHBoxLayout()
        keep_row.addWidget(buddy_label("&Keep", self.distance_box))
        keep_row.addWidget(self.distance_box, 1)
        keep_row.addWidget(self.nonempty_box)

        self.picture = QLabel()
        self.picture.setFixedSize(PICTURE, PICTURE)
        self.picture.setAccessibleName("The new card's picture")
        self.cells_label = QLabel()
        self.cells_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.description_edit = QLineEdit()
        self.description_edit.setPlaceholderText("what the card is for")

        card_box = QGroupBox("The card")
        card_layout = QGridLayout(card_box)
        card_layout.addLayout(move_row, 0, 0, 1, 2)
        card_layout.addLayout(keep_row, 1, 0, 1, 2)
        card_layout.addWidget(self.picture, 2, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
        card_layout.addWidget(self.cells_label, 2, 1, Qt.AlignmentFlag.AlignTop)
        card_layout.addWidget(buddy_label("&Description", self.description_edit), 4, 0, 1, 2)
        card_layout.addWidget(self.description_edit, 5, 0, 1, 2)
        card_layout.setColumnStretch(1, 1)

        self.insert_list = InsertList()
        self.position_box = QSpinBox()
        self.position_box.setPrefix("Card ")
        self.position_box.setToolTip("The new card's number: cards before it are asked first")
        place_box = QGroupBox("Where it goes")
        place_layout = QVBoxLayout(place_box)
        place_layout.addWidget(self.insert_list, 1)
        place_row = QHBoxLayout()
        place_row.addWidget(buddy_label("Insert &as", self.position_box))
        place_row.addWidget(self.position_box)
        place_row.addStretch(1)
        place_layout.addLayout(place_row)

        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.evidence_tree = QTreeWidget()
        self.evidence_tree.setHeaderLabels(["Decides", "Before", "With the card"])
        self.evidence_tree.setRootIsDecorated(False)
        self.evidence_tree.setUniformRowHeights(True)
        self.evidence_tree.setToolTip("The positions the new card would decide: this moment, the program's tests "
                                      "and the battle's steps of this snake")
        self.evidence_tree.currentItemChanged.connect(lambda item, _previous: self._show_row(item))
        self.moment_view = MomentView()
        self.moment_view.setAccessibleName("The moment, with the program's choice")
        self.shown_label = QLabel()
        self.shown_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        preview_box = QGroupBox("What it would decide")
        preview_layout = QVBoxLayout(preview_box)
        preview_layout.addWidget(self.summary_label)
        preview_layout.addWidget(self.moment_view, 3)
        preview_layout.addWidget(self.shown_label)
        preview_layout.addWidget(self.evidence_tree, 2)

        self.test_box = QCheckBox("Also &save this position as a test expecting the move")
        self.test_box.setToolTip("The card and the test go in together: one Undo takes both back")
        self.test_name_edit = QLineEdit()
        # "Snake 1 at the test bench", "Hunter at step 12 of the battle" (without "at", the
        # first read "Snake 1 the test bench").
        self.test_name_edit.setPlaceholderText(f"{moment.snake_name} at {moment.where}")
        self.test_name_edit.setEnabled(False)
        self.test_name_edit.setAccessibleName("Test name")
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_box)
        test_row.addWidget(self.test_name_edit, 1)

        self.error_label = error_line("newCardError")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.insert_button = self.buttons.addButton("&Insert card", QDialogButtonBox.ButtonRole.AcceptRole)

        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(card_box)
        left.addWidget(place_box, 1)
        columns.addLayout(left, 2)
        columns.addWidget(preview_box, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addLayout(columns, 1)
        layout.addLayout(test_row)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        # Default only now that the box is in the dialog: set before, it did not count, and the
        # box made Cancel the default, so Enter in the description dropped the card.
        self.insert_button.setDefault(True)
        self.resize(900, 640)

    def _connect(self) -> None:
        self.move_group.buttonToggled.connect(self._move_toggled)
        self.distance_box.currentIndexChanged.connect(lambda _index: self.refresh())
        self.nonempty_box.toggled.connect(lambda _on: self.refresh())
        self.description_edit.textEdited.connect(lambda _text: self.refresh(preview=False))
        self.insert_list.positionChanged.connect(self._placed)
        self.position_box.valueChanged.connect(lambda number: self.insert_list.set_position(number - 1))
        self.test_box.toggled.connect(self.test_name_edit.setEnabled)
        self.buttons.accepted.connect(self.insert)
        self.buttons.rejected.connect(self.reject)

    # --- showing -----------------------------------------------------------------------------

    def refresh(self, preview: bool = True) -> None:
        """The card's picture and, with ``preview``, what it would decide where it stands."""
        card = self.card()
        self.picture.setPixmap(card_thumbnail(card, PICTURE, self.palette()))
        self.cells_label.setText(f"{len(card.cells)} of 48 cells kept")
        self.insert_list.set_new_card(card)
        self.position_box.blockSignals(True)
        self.position_box.setValue(self.position() + 1)
        self.position_box.blockSignals(False)
        move = self.chosen_move()
        self.test_box.setText(f"Also &save this position as a test expecting {move.label if move is not None else 'the move'}")
        if preview:
            self._preview(card)

    def _preview(self, card: Card) -> None:
        self.evidence_tree.clear()
        if not self._valid:
            self.rows = []
            self.summary_label.setText("The program has problems: fix them to see what the card would decide.")
            return
        at = self.position()
        if self._evidence_set is None:
            self._evidence_set = EvidenceSet(self.document.program, self.moment)
        self.rows = self._evidence_set.rows(card, at)
        self.summary_label.setText(summary_text(self.rows, at))
        self._with_card = insert_moment_card(self.document.program, card, at)
        for index, row in enumerate(self.rows):
            if not row.preview.decided and row.kind != "moment":
                continue
            before = decision_text(row.preview.before)
            after = decision_text(row.preview.after, at)
            item = QTreeWidgetItem([row.label, before, after])
            item.setData(0, ROW_ROLE, index)
            if row.preview.decided:
                for column in range(3):
                    item.setBackground(column, DECIDED_FILL)
            if row.breaks:
                item.setForeground(2, BROKEN_INK)
                item.setToolTip(2, "This test would fail with the card")
            self.evidence_tree.addTopLevelItem(item)
        for column in range(3):
            self.evidence_tree.resizeColumnToContents(column)
        first = self.evidence_tree.topLevelItem(0)  # the moment itself
        if first is not None:
            self.evidence_tree.setCurrentItem(first)
            self._show_row(first)

    def _show_row(self, item: QTreeWidgetItem | None) -> None:
        """The position of a preview row on the field, decided with the new card in place."""
        if item is None or not self.rows:
            return
        row = self.rows[int(item.data(0, ROW_ROLE))]
        evidence = self._evidence(row)
        self.moment_view.show_turn(evidence.board, evidence.snake, self._with_card)
        self.shown_label.setText(f"Shown: {row.label} — {decision_text(row.preview.after, self.position())}")

    def _evidence(self, row: EvidenceRow) -> Evidence:
        if row.kind == "moment":
            return Evidence(row.label, self.moment.board, self.moment.snake)
        if row.kind == "test":
            test = self.document.program.tests[row.index]
            return Evidence(row.label, Board(test.position), test.snake)
        return self.moment.steps[row.index]

    def decided_labels(self) -> list[str]:
        """The positions the preview lists as decided by the new card."""
        return [r.label for r in self.rows if r.preview.decided]

    def _move_toggled(self, _button: object, checked: bool) -> None:
        if checked:  # the newly chosen move (the one left also reports, unchecked)
            self._move_changed()

    def _move_changed(self) -> None:
        if not self.description_edit.isModified():
            self.description_edit.setText(self._description(self.chosen_move()))
        self.refresh()

    def _placed(self, at: int) -> None:
        self.refresh()

    def _description(self, move: Direction | None) -> str:
        if move is None:
            return f"From {self.moment.where}"
        return f"From {self.moment.where}: {self.moment.snake_name} {move.label}"

    def _error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))
