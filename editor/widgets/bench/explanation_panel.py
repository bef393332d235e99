"""The test bench's explanation as text: the possible moves, the deciding card, every move's
validity, score and variant, the best moves, and the shown variant's patterns, ticked or crossed.

It shows the same values ``snakepit explain`` prints as JSON (a test compares them), in the
editor's words: cards are numbered from 1 as in the card list."""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.widgets.cards.pattern_paint import (
    group_color,
    group_title,
    match_pixmap,
    paint_match_icon,
    paint_not_mark,
    pattern_text,
)
from editor.widgets.games.snake.explanation_overlay import (
    arrow_color,
    move_verdict,
    paint_verdict,
    shown_move,
    variant_text,
)
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.seat_colors import is_dark
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Direction, Element
from matcher.explain import Explanation, PatternMatch
from matcher.model import Card, Match, Program

MOVE_COLUMNS = ("Move", "Valid", "Score", "Variant", "Best")
PATTERN_COLUMNS = ("", "Pattern", "Group", "Weight", "Sees", "Card cell")
NO_VALUE = "—"
ICON = 18


def moves_text(moves: tuple[Direction, ...] | list[Direction]) -> str:
    return ", ".join(d.label for d in moves)


class ExplanationPanel(QWidget):
    """Shows one :class:`matcher.explain.Explanation` (or a message when there is none)."""

    moveSelected = Signal(object)
    """The user picked a move (a :class:`Direction`): the overlay should show its variant."""
    cardLinkActivated = Signal(int)
    """The user clicked the deciding card's link: show card ``index`` (0-based)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._explanation: Explanation | None = None
        self._program: Program | None = None
        self._shown: Direction | None = None
        self._filling = False
        self._shown_key: object = None
        """What the tables were last filled from: the same again (a paint stroke far from the
        snake) is not filled again."""

        self.headline = bold_label(scale=1.1)
        self.headline.setWordWrap(True)
        self.possible_label = QLabel()
        self.card_label = QLabel()
        self.card_label.setTextFormat(Qt.TextFormat.RichText)
        self.card_label.setWordWrap(True)
        self.card_label.linkActivated.connect(self._card_link)
        self.card_label.setToolTip("The first card with a valid move decides; click to show it in the editor")
        self.best_label = QLabel()
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        self.note_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        for label in (self.possible_label, self.card_label, self.best_label, self.note_label):
            label.setTextInteractionFlags(label.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByMouse)

        self.moves_table = self._table(MOVE_COLUMNS)
        self.moves_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.moves_table.setToolTip("Every possible move for the deciding card; click one to lay its variant over the field")
        self.moves_table.itemSelectionChanged.connect(self._move_row_selected)
        self.moves_table.setAccessibleName("Moves of the deciding card")
        self.patterns_title = QLabel()
        self.patterns_title.setWordWrap(True)
        self.patterns_table = self._table(PATTERN_COLUMNS, _ShortTable)
        self.patterns_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.patterns_table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.patterns_table.setMinimumHeight(60)
        self.patterns_title.setBuddy(self.patterns_table)  # the title names the table to a reader
        self.patterns_table.setToolTip("The patterns of the shown variant: ✓ matched, ✗ not matched")

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setContentsMargins(0, 0, 0, 0)
        # A large font in the bench dock: the moves go under their label and wrap, not off the edge
        # (the area scrolls up and down only; "Possible moves: up, right, dow" was cut).
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for label in (self.possible_label, self.best_label):
            label.setWordWrap(True)
        form.addRow("Possible moves:", self.possible_label)
        form.addRow("Deciding card:", self.card_label)
        form.addRow("Best moves:", self.best_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.headline)
        layout.addLayout(form)
        layout.addWidget(self.note_label)
        layout.addWidget(self.moves_table)
        layout.addWidget(self.patterns_title)
        layout.addWidget(self.patterns_table, 1)
        self.show_message("Draw a snake on the field to see how the program decides.")

    # --- our API -----------------------------------------------------------------------------

    def explanation(self) -> Explanation | None:
        return self._explanation

    def shown_move(self) -> Direction | None:
        """The move whose variant is listed (and laid over the field)."""
        return shown_move(self._explanation, self._shown) if self._explanation is not None else None

    def set_shown_move(self, direction: Direction | None) -> None:
        self._shown = direction
        if self._explanation is not None:
            self._fill_moves_selection()
            self._fill_patterns()

    def show_message(self, text: str) -> None:
        """No explanation: say why (no snake, the program has problems, …)."""
        self._explanation = None
        self._shown_key = None
        self.headline.setText(text)
        for label in (self.possible_label, self.card_label, self.best_label):
            label.setText(NO_VALUE)
        self.note_label.clear()
        self.note_label.hide()
        self.moves_table.setRowCount(0)
        self.patterns_table.setRowCount(0)
        self.patterns_title.hide()

    def set_explanation(self, explanation: Explanation, program: Program | None = None, snake_name: str = "") -> None:
        """Show ``explanation``, made for ``program`` (for card descriptions and set names)."""
        card = program.cards[explanation.card] if program is not None and explanation.card is not None \
            and explanation.card < len(program.cards) else None
        key = (explanation, None if program is None else program.sets, card, snake_name)
        self._explanation = explanation
        self._program = program
        if key == self._shown_key:
            return
        self._shown_key = key
        if self._shown not in explanation.moves:
            self._shown = None
        who = snake_name or f"Snake {explanation.snake + 1}"
        if explanation.possible:
            where = f" at ({explanation.head[0]}, {explanation.head[1]})" if explanation.head[0] >= 0 else ""
            self.headline.setText(f"{who}{where} moves {_either(explanation.best)}")
        else:
            self.headline.setText(f"{who} cannot move: it skips")
        self.possible_label.setText(moves_text(explanation.possible) or "none")
        self.card_label.setText(self._card_html(explanation))
        self.best_label.setText(moves_text(explanation.best) or "none")
        note = self._note(explanation)
        self.note_label.setText(note)
        self.note_label.setVisible(bool(note))
        self._fill_moves()
        self._fill_patterns()

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(380, 460)

    # --- filling -------------------------------------------------------------------------------

    def _table(self, columns: tuple[str, ...], kind: type[QTableWidget] = QTableWidget) -> QTableWidget:
        table = kind(0, len(columns))
        # Tab leaves the table (arrow keys move within it): Qt's default kept Tab in its cells.
        table.setTabKeyNavigation(False)
        table.setHorizontalHeaderLabels(list(columns))
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setIconSize(QSize(ICON, ICON))
        table.setWordWrap(False)
        table.setShowGrid(False)
        table.setAlternatingRowColors(True)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        return table

    def _card_html(self, explanation: Explanation) -> str:
        if explanation.card is None:
            return "no card decided"
        link = QColor("#7cb8ff") if is_dark(self.palette()) else self.palette().color(QPalette.ColorRole.Link)
        text = f'<a href="card:{explanation.card}" style="color: {link.name()}">card {explanation.card + 1}</a>'
        if self._program is not None and explanation.card < len(self._program.cards):
            description = self._program.cards[explanation.card].description
            if description:
                text += f" — {html.escape(description)}"
        return text

    def _note(self, explanation: Explanation) -> str:
        if not explanation.possible:
            return "No neighbouring cell is free or holds a tail, so the snake skips its move."
        if len(explanation.possible) == 1:
            return "Only one move is possible: the snake takes it without looking at its cards."
        if explanation.card is None:
            return "No card has a valid move: the snake picks one of the possible moves at random."
        valid = [d for d, m in explanation.moves.items() if m.valid]
        if len(valid) == 1:
            return f"Card {explanation.card + 1} is the first card with a valid move, and it has only one."
        if len(explanation.best) > 1:
            return "The best moves share the top score; the snake picks one of them at random."
        return f"Of the valid moves of card {explanation.card + 1}, the best-scoring one wins."

    def _fill_moves(self) -> None:
        explanation = self._explanation
        assert explanation is not None
        card = self._program.cards[explanation.card] if self._program and explanation.card is not None and explanation.card < len(self._program.cards) else None
        self._filling = True
        with _filling(self.moves_table, len(explanation.possible)):
            self._fill_move_rows(explanation, card)
        self._fit_height(self.moves_table, len(explanation.possible))
        self._fill_moves_selection()
        self._filling = False

    def _fill_move_rows(self, explanation: Explanation, card: Card | None) -> None:
        for row, direction in enumerate(explanation.possible):
            move = explanation.moves.get(direction)
            verdict = move_verdict(explanation, direction)
            best = direction in explanation.best
            values = (
                direction.label,
                NO_VALUE if move is None else ("valid" if move.valid else "invalid"),
                NO_VALUE if move is None else str(move.score),
                NO_VALUE if move is None else variant_text(move, card),
                "best" if best else "",
            )
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, int(direction))
                if best:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                if column == 0:
                    item.setIcon(_arrow_icon(direction, arrow_color(explanation, direction)))
                elif column == 1 and move is not None:
                    item.setIcon(_verdict_icon(move.valid))
                elif column == 4 and best:
                    item.setText("★ best")
                if verdict == "invalid":
                    item.setForeground(self.palette().color(QPalette.ColorRole.PlaceholderText))
                self.moves_table.setItem(row, column, item)

    def _fill_moves_selection(self) -> None:
        shown = self.shown_move()
        previous, self._filling = self._filling, True
        self.moves_table.clearSelection()
        for row in range(self.moves_table.rowCount()):
            item = self.moves_table.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == (None if shown is None else int(shown)):
                self.moves_table.selectRow(row)
        self._filling = previous

    def _fill_patterns(self) -> None:
        explanation = self._explanation
        assert explanation is not None
        shown = self.shown_move()
        move = explanation.moves.get(shown) if shown is not None else None
        if move is None:
            self.patterns_title.hide()
            self.patterns_table.setRowCount(0)
            self.patterns_table.hide()
            return
        card = self._program.cards[explanation.card] if self._program and explanation.card is not None and explanation.card < len(self._program.cards) else None
        matched = sum(1 for p in move.patterns if p.matched)
        self.patterns_title.setText(
            f"<b>{shown.label if shown is not None else ''}</b> variant ({variant_text(move, card)}): "
            f"{matched} of {len(move.patterns)} patterns match"
        )
        self.patterns_title.show()
        self.patterns_table.show()
        with _filling(self.patterns_table, len(move.patterns)):
            for row, pattern in enumerate(move.patterns):
                self._fill_pattern_row(row, pattern)

    def _fill_pattern_row(self, row: int, p: PatternMatch) -> None:
        verdict = QTableWidgetItem("✓" if p.matched else "✗")
        verdict.setIcon(_verdict_icon(p.matched))
        verdict.setText("")
        verdict.setData(Qt.ItemDataRole.AccessibleTextRole, "matched" if p.matched else "not matched")
        verdict.setToolTip("matched" if p.matched else "not matched")
        name = QTableWidgetItem(pattern_text(self._program, p.pattern))
        name.setIcon(_pattern_icon(p))
        group = QTableWidgetItem(group_title(p.pattern.group))
        group.setForeground(group_color(p.pattern.group))
        weight = QTableWidgetItem(str(p.weight))
        weight.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        sees = QTableWidgetItem(p.element.label.replace("_", " "))
        sees.setIcon(_element_icon(p.element))
        where = QTableWidgetItem(f"({p.card_cell[0]}, {p.card_cell[1]}) → ({p.field_cell[0]}, {p.field_cell[1]})")
        where.setToolTip("card (row, col) → field (x, y)")
        for column, item in enumerate((verdict, name, group, weight, sees, where)):
            if not p.matched and column != 2:
                item.setForeground(self.palette().color(QPalette.ColorRole.PlaceholderText))
            self.patterns_table.setItem(row, column, item)

    @staticmethod
    def _fit_height(table: QTableWidget, rows: int) -> None:
        header = table.horizontalHeader().sizeHint().height()
        row = table.verticalHeader().defaultSectionSize()
        table.setFixedHeight(header + row * max(rows, 1) + 2 * table.frameWidth() + 2)

    # --- reacting ------------------------------------------------------------------------------

    def _move_row_selected(self) -> None:
        if self._filling or self._explanation is None:
            return
        rows = self.moves_table.selectionModel().selectedRows()
        if not rows:
            return
        item = self.moves_table.item(rows[0].row(), 0)
        if item is None:
            return
        direction = Direction(int(item.data(Qt.ItemDataRole.UserRole)))
        if direction in self._explanation.moves and direction != self.shown_move():
            self._shown = direction
            self._fill_patterns()
            self.moveSelected.emit(direction)

    def _card_link(self, link: str) -> None:
        if link.startswith("card:"):
            self.cardLinkActivated.emit(int(link.split(":", 1)[1]))


class _ShortTable(QTableWidget):
    """A table that asks for no more height than its minimum: any height will do (it scrolls),
    and a tall hint would make the bench's scroll area scroll. (An Ignored size policy did that
    too, but a layout counts such a widget as 0 px high for a given width: the panel was made too
    short for its wrapped lines, and they were drawn over the moves table.)"""

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.minimumHeight())


def _either(moves: tuple[Direction, ...]) -> str:
    """``up``, ``up or left``, ``up, right or left``."""
    labels = [d.label for d in moves]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


@contextmanager
def _filling(table: QTableWidget, rows: int) -> Iterator[None]:
    """Fill ``table`` with ``rows`` rows in one go: its columns are fitted to their contents
    once at the end, not after every item (which made a refill cost a frame)."""
    header = table.horizontalHeader()
    modes = [header.sectionResizeMode(c) for c in range(table.columnCount())]
    table.setUpdatesEnabled(False)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    try:
        table.setRowCount(rows)
        yield
    finally:
        for column, mode in enumerate(modes):
            header.setSectionResizeMode(column, mode)
        table.setUpdatesEnabled(True)


@lru_cache(maxsize=None)
def _element_icon(element: Element) -> QIcon:
    return QIcon(match_pixmap(element, ICON))


@lru_cache(maxsize=2)
def _verdict_icon(matched: bool) -> QIcon:
    pixmap = QPixmap(ICON * 2, ICON * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_verdict(painter, QRectF(2, 2, ICON - 4, ICON - 4), matched)
    painter.end()
    return QIcon(pixmap)


def _pattern_icon(p: PatternMatch) -> QIcon:
    return _match_icon(p.pattern.match, p.pattern.negate)


@lru_cache(maxsize=64)
def _match_icon(match: Match, negate: bool) -> QIcon:
    pixmap = QPixmap(ICON * 2, ICON * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    rect = QRectF(0, 0, ICON, ICON)
    paint_match_icon(painter, rect, match)
    if negate:
        paint_not_mark(painter, rect)
    painter.end()
    return QIcon(pixmap)


def _arrow_icon(direction: Direction, color: QColor) -> QIcon:
    return _arrow_icon_rgba(direction, color.rgba())


@lru_cache(maxsize=64)
def _arrow_icon_rgba(direction: Direction, rgba: int) -> QIcon:
    color = QColor.fromRgba(rgba)
    pixmap = QPixmap(ICON * 2, ICON * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = QPointF(ICON / 2, ICON / 2)
    d, n = QPointF(direction.dx, direction.dy), QPointF(-direction.dy, direction.dx)
    tip, back = c + d * (ICON * 0.42), c - d * (ICON * 0.4)
    base = c + d * (ICON * 0.02)
    polygon = QPolygonF([back + n * 2.2, base + n * 2.2, base + n * 6.5, tip, base - n * 6.5, base - n * 2.2, back - n * 2.2])
    painter.setPen(QPen(color.darker(150), 1))
    painter.setBrush(color)
    painter.drawPolygon(polygon)
    painter.end()
    return QIcon(pixmap)


def main() -> int:
    """Explain the first test of a sample program."""
    from matcher import compile_program
    from matcher.explain import explain

    program = sample_document("tail_biter").program
    test = program.tests[0]

    def make() -> ExplanationPanel:
        panel = ExplanationPanel()
        panel.set_explanation(explain(compile_program(program), test.position, test.snake), program)
        panel.cardLinkActivated.connect(lambda card: print(f"show card {card + 1}"))
        return panel

    return run_alone(make, f"ExplanationPanel — {program.name}: {test.name}", (420, 520))


if __name__ == "__main__":
    raise SystemExit(main())
