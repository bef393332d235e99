"""The cell inspector: the selected card cell's pattern, shown and edited field by field.

Match (element or user set), NOT and group are edited here without repainting the cell with the
brush; every change is one undo step. With no cell selected it says so."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPaintEvent, QPalette, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.cards.pattern_paint import (
    ELEMENT_LOOK,
    group_title,
    match_name,
    match_pixmap,
    paint_head,
    paint_pattern,
    pattern_text,
)
from editor.widgets.cards.pattern_palette import paint_group_swatch
from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Element
from matcher.editing import EditError, clear, paint
from matcher.model import ALL_GROUPS, Card, ElementSet, Group, Match, Pattern, SetRef

ICON_SIZE = 18
PREVIEW_SIZE = 48


def _group_icon(group: Group) -> QIcon:
    pixmap = QPixmap(ICON_SIZE, ICON_SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_group_swatch(painter, QRectF(0, 0, ICON_SIZE, ICON_SIZE), group)
    painter.end()
    return QIcon(pixmap)


class _CellPreview(QWidget):
    """The selected cell painted as the canvas paints it."""

    def __init__(self, document: ProgramDocument) -> None:
        super().__init__()
        self.document = document
        self.setFixedSize(PREVIEW_SIZE, PREVIEW_SIZE)
        self.setAccessibleName("Selected cell's pattern")

    def paintEvent(self, event: QPaintEvent) -> None:
        cell = self.document.selected_cell
        if cell is None:
            return
        painter = QPainter(self)
        rect = QRectF(1, 1, self.width() - 2, self.height() - 2)
        painter.fillRect(rect, self.palette().color(QPalette.ColorRole.Base))
        card = self.document.card
        if cell == card.head.cell:
            paint_head(painter, rect, card.head.facing)
        elif cell in card.cells:
            paint_pattern(painter, rect, card.cells[cell])
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawRect(rect)
        painter.end()


class CellInspector(QWidget):
    """Shows and edits ``document.selected_cell`` of the current card."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.matches: list[Match] = []
        """What each entry of the match box stands for, in order."""
        self._showing = False  # True while the fields are being filled, so they do not edit back
        self._sets_listed: object = None  # the sets the match box lists (refilled when they change)

        self.title_label = bold_label()
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.preview = _CellPreview(document)

        self.match_combo = QComboBox()
        # Long set names are cut, not allowed to widen the inspector past a small screen.
        self.match_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.match_combo.setMinimumContentsLength(9)
        self.match_combo.setToolTip("What the cell matches: one element or one of the program's user sets")
        self.not_check = QCheckBox("NOT (anything else)")
        self.not_check.setToolTip("Invert the pattern: it matches every element except these")
        self.group_combo = QComboBox()
        self.group_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.group_combo.setMinimumContentsLength(5)
        self.group_combo.setToolTip("The group: AND groups (solid frame) need all their patterns, "
                                    "OR groups (dashed frame) at least one")
        for group in ALL_GROUPS:
            self.group_combo.addItem(_group_icon(group), group_title(group))
        self.weight_label = QLabel()
        self.weight_label.setToolTip("7 − the number of elements the pattern matches")
        self.clear_button = QPushButton("Clear cell")
        self.clear_button.setToolTip("Make the cell blank (Delete on the map)")
        self.paint_button = QPushButton("Paint with brush")
        self.paint_button.setToolTip("Put the palette's brush into this blank cell (Space on the map)")

        self.fields = QWidget()
        form = QFormLayout(self.fields)
        form.setContentsMargins(0, 0, 0, 0)
        form.setVerticalSpacing(4)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Match", self.match_combo)
        form.addRow("", self.not_check)
        form.addRow("Group", self.group_combo)
        # Weight and Clear share a row: the inspector stays short enough to sit under the map.
        form.addRow("Weight", row(self.weight_label, STRETCH, self.clear_button))

        header = row(self.preview, (column(self.title_label, self.summary_label, STRETCH, spacing=2), 1), spacing=8)
        header.setAlignment(self.preview, Qt.AlignmentFlag.AlignTop)
        column(header, self.fields, row(self.paint_button, STRETCH), STRETCH, parent=self, margins=(2, 4, 2, 2))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

        self.match_combo.activated.connect(self._match_chosen)
        self.not_check.toggled.connect(self._not_toggled)
        self.group_combo.activated.connect(self._group_chosen)
        self.clear_button.clicked.connect(self._clear)
        self.paint_button.clicked.connect(self._paint_brush)
        for signal in (document.programChanged, document.currentCardChanged, document.selectedCellChanged,
                       document.brushChanged):
            signal.connect(self.refresh)
        self.refresh()

    def sizeHint(self) -> QSize:
        return QSize(260, super().sizeHint().height())

    # --- showing -------------------------------------------------------------------------------

    def pattern(self) -> Pattern | None:
        """The selected cell's pattern (None when nothing or a blank cell is selected)."""
        cell = self.document.selected_cell
        return None if cell is None else self.document.card.cells.get(cell)

    def refresh(self) -> None:
        self._showing = True
        try:
            self._fill_matches()
            self._show()
        finally:
            self._showing = False
        self.preview.update()

    def _fill_matches(self) -> None:
        program = self.document.program
        if program.sets == self._sets_listed and len(self.matches) == len(Element) + len(program.sets):
            return
        self._sets_listed = program.sets
        self.match_combo.clear()
        # Item i is self.matches[i]: Qt does not compare Python objects stored as item data.
        self.matches = [*Element, *(SetRef(i) for i in range(len(program.sets)))]
        for match in self.matches:
            label = ELEMENT_LOOK[match].label if isinstance(match, Element) else match_name(program, match)
            self.match_combo.addItem(QIcon(match_pixmap(match, ICON_SIZE)), label)

    def _show(self) -> None:
        cell = self.document.selected_cell
        card = self.document.card
        pattern = self.pattern()
        self.fields.setVisible(pattern is not None)
        self.clear_button.setVisible(pattern is not None)
        self.paint_button.setVisible(cell is not None and pattern is None and cell != card.head.cell)
        self.preview.setVisible(cell is not None)
        if cell is None:
            self.title_label.setText("No cell selected")
            self.summary_label.setText("Click a cell of the map to select it; its pattern is edited here.")
            return
        self.title_label.setText(f"Cell (row {cell[0]}, col {cell[1]})")
        if cell == card.head.cell:
            self.summary_label.setText(f"Own head, facing {card.head.facing.label}: the move this card asks for.")
            return
        if pattern is None:
            self.summary_label.setText("Blank: no condition.")
            return
        program = self.document.program
        self.summary_label.setText(f"{pattern_text(program, pattern)}, {group_title(pattern.group)}")
        if pattern.match not in self.matches:  # a set that no longer exists: show it as such
            self.matches.append(pattern.match)
            self.match_combo.addItem(f"{pattern.match.label} (missing)")
        self.match_combo.setCurrentIndex(self.matches.index(pattern.match))
        self.not_check.setChecked(pattern.negate)
        self.group_combo.setCurrentIndex(ALL_GROUPS.index(pattern.group))
        weight = program.weight(pattern) if not _missing_set(program.sets, pattern.match) else "?"
        self.weight_label.setText(str(weight))

    # --- editing -------------------------------------------------------------------------------

    def _change(self, change: Callable[[Pattern], Pattern], text: str) -> None:
        cell = self.document.selected_cell
        pattern = self.pattern()
        if self._showing or cell is None or pattern is None:
            return
        updated = change(pattern)
        self._edit(lambda card: paint(card, [cell], updated), f"{text} at (row {cell[0]}, col {cell[1]})")

    def _edit(self, change: Callable[[Card], Card], text: str) -> None:
        """One undoable edit; the cell stays selected (a cleared cell too, to paint it again)."""
        try:
            self.document.edit_card(change, text)
        except EditError as err:
            self.summary_label.setText(str(err))

    def _match_chosen(self, index: int) -> None:
        match = self.matches[index]
        self._change(lambda p: replace(p, match=match), f"Match {match_name(self.document.program, match)}")

    def _not_toggled(self, checked: bool) -> None:
        self._change(lambda p: replace(p, negate=checked), "Set NOT" if checked else "Clear NOT")

    def _group_chosen(self, index: int) -> None:
        group = ALL_GROUPS[index]
        self._change(lambda p: replace(p, group=group), f"Group {group.label}")

    def _clear(self) -> None:
        cell = self.document.selected_cell
        if cell is not None:
            self._edit(lambda card: clear(card, [cell]), "Clear cell")

    def _paint_brush(self) -> None:
        cell = self.document.selected_cell
        if cell is not None:
            pattern = self.document.brush.pattern()
            self._edit(lambda card: paint(card, [cell], pattern),
                       f"Paint {pattern_text(self.document.program, pattern)}")


def _missing_set(sets: Sequence[ElementSet], match: Match) -> bool:
    return isinstance(match, SetRef) and match.index >= len(sets)


def main() -> int:
    """Inspect a selected cell of a sample card."""
    document = sample_document("hunter", card=2)
    document.select_cell((0, 3))
    return run_alone(lambda: CellInspector(document), "CellInspector — hunter.snake.json, card 3", (280, 260))


if __name__ == "__main__":
    raise SystemExit(main())
