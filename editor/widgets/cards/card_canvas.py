"""The card canvas: the current card's 7×7 map, big and square, painted and edited with the mouse.

Left press/drag paints the document's brush (one undo step per stroke); a click on a painted cell
selects it instead of repainting it; right press/drag clears; Alt+click picks a cell's pattern into
the brush. The head is dragged to move it (a pattern where it lands swaps places with it) and
turned with R / Shift+R. Delete clears the selected cell; the arrow keys move the selection and
Space paints it; Shift+arrows move the head. Shift+click spans a rectangle of cells from the
selected one, for Copy (the clipboard's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.document import Brush, ProgramDocument, new_stroke_id
from editor.widgets.cards.pattern_paint import paint_badge_text, paint_card, paint_pattern, pattern_text, pattern_tooltip
from editor.widgets.parts.standalone import run_alone, sample_document
from matcher.editing import EditError, clear, move_head, paint, turn_head
from matcher.model import CARD_SIZE, Card, CardCell
from matcher.validate import Problem

GUTTER = 18
"""Pixels left of and above the map for the row and column numbers (problems name cells by them)."""
MARGIN = 6
MIN_CELL = 22
"""The smallest cell the map asks room for (a 1024 × 700 window still fits the whole editor)."""
HOVER_GHOST_OPACITY = 0.35

_SHIFT_OR_KEYPAD = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
_ARROWS = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}


@dataclass
class _Stroke:
    """One press … release of a mouse button on the map."""

    kind: str  # "paint", "clear" or "head"
    key: int
    start: CardCell
    last: CardCell
    started: bool  # False while a press on a painted cell may still turn out to be a plain click


def cells_between(a: CardCell, b: CardCell) -> list[CardCell]:
    """The cells on the straight line from ``a`` to ``b``, both included: a fast drag skips none."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if steps == 0:
        return [a]
    return [
        (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        for i in range(steps + 1)
    ]


class CardCanvas(QWidget):
    """Paints and edits ``document.card``; every change goes through the document's undo stack."""

    hoveredCellChanged = Signal(object)
    """The map cell under the pointer, ``(row, col)``, or None."""
    statusMessage = Signal(str)
    """A hint or an edit that could not be made, for a status line."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._hovered: CardCell | None = None
        self._stroke: _Stroke | None = None
        self._head_target: CardCell | None = None
        self._range_end: CardCell | None = None
        """The far corner of the Shift+clicked rectangle (the selected cell is the other)."""
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(CARD_SIZE * MIN_CELL + GUTTER + 2 * MARGIN, CARD_SIZE * MIN_CELL + GUTTER + 2 * MARGIN)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        for signal in (document.programChanged, document.currentCardChanged, document.selectedCellChanged,
                       document.brushChanged):
            signal.connect(self.update)
        self._card_index = document.current_card
        document.currentCardChanged.connect(self._card_changed)
        document.selectedCellChanged.connect(self._drop_range)
        # A screen reader has only these to say what the painted map shows: the selected cell,
        # as its tooltip says it to a mouse user.
        self.setAccessibleName("Card map")
        for signal in (document.programChanged, document.currentCardChanged, document.selectedCellChanged):
            signal.connect(self._describe_selection)
        self._describe_selection()

    def sizeHint(self) -> QSize:
        side = CARD_SIZE * 64 + GUTTER + 2 * MARGIN
        return QSize(side, side)

    # --- geometry ------------------------------------------------------------------------------

    def cell_size(self) -> float:
        room = min(self.width(), self.height()) - GUTTER - 2 * MARGIN
        return max(4.0, float(int(room / CARD_SIZE)))

    def board_rect(self) -> QRectF:
        """The map, square, centred left to right and at the top of the room the number gutter
        leaves (so it stays next to the description above it)."""
        side = self.cell_size() * CARD_SIZE
        left = GUTTER + MARGIN + (self.width() - GUTTER - 2 * MARGIN - side) / 2
        top = GUTTER + MARGIN
        return QRectF(int(left), int(top), side, side)

    def cell_rect(self, cell: CardCell) -> QRectF:
        board, size = self.board_rect(), self.cell_size()
        return QRectF(board.left() + cell[1] * size, board.top() + cell[0] * size, size, size)

    def cell_center(self, cell: CardCell) -> QPoint:
        return self.cell_rect(cell).center().toPoint()

    def cell_at(self, pos: QPointF | QPoint) -> CardCell | None:
        board, size = self.board_rect(), self.cell_size()
        col = int((pos.x() - board.left()) // size)
        row = int((pos.y() - board.top()) // size)
        if 0 <= row < CARD_SIZE and 0 <= col < CARD_SIZE:
            return (row, col)
        return None

    def hovered_cell(self) -> CardCell | None:
        return self._hovered

    def head_drag_target(self) -> CardCell | None:
        """Where the head would land if the drag in progress ended now (None when not dragging)."""
        return self._head_target

    # --- edits ---------------------------------------------------------------------------------

    def turn_head(self, quarter_turns_clockwise: int) -> None:
        text = "Turn head clockwise" if quarter_turns_clockwise > 0 else "Turn head counter-clockwise"
        self._edit(lambda card: turn_head(card, quarter_turns_clockwise), text)

    def step_head(self, d_row: int, d_col: int) -> None:
        """Move the head one cell (Shift+arrow): as a drag would, a pattern where it lands
        swaps places with it."""
        head = self.document.card.head.cell
        target = (head[0] + d_row, head[1] + d_col)
        if not (0 <= target[0] < CARD_SIZE and 0 <= target[1] < CARD_SIZE):
            self.statusMessage.emit("The head is at the edge of the card.")
            return
        self._edit(lambda card: move_head(card, target), "Move head")
        if self.document.selected_cell == target:
            self.document.select_cell(None)  # the head is not a pattern to edit

    def clear_selected(self) -> None:
        cell = self.document.selected_cell
        if cell is not None and cell in self.document.card.cells:
            self._edit(lambda card: clear(card, [cell]), "Clear cell")
            self.document.select_cell(None)

    def paint_selected(self) -> None:
        cell = self.document.selected_cell
        if cell is not None and cell != self.document.card.head.cell:
            pattern = self.document.brush.pattern()
            self._edit(lambda card: paint(card, [cell], pattern), self._paint_text())

    def pick_brush(self, cell: CardCell) -> None:
        """The eyedropper: paint with the pattern of ``cell`` from now on."""
        pattern = self.document.card.cells.get(cell)
        if pattern is None:
            self.statusMessage.emit("Alt+click a painted cell to pick its pattern into the brush.")
            return
        self.document.set_brush(Brush(pattern.match, pattern.negate, pattern.group))
        self.statusMessage.emit(f"Brush: {pattern_text(self.document.program, pattern)} in {pattern.group.label}")

    def _edit(self, change: Callable[[Card], Card], text: str, merge_key: int = 0) -> bool:
        """One undoable edit of the current card; a broken limit becomes a status message."""
        try:
            return self.document.edit_card(change, text, merge_key)
        except EditError as err:
            self.statusMessage.emit(str(err))
            return False

    def _paint_text(self) -> str:
        return f"Paint {pattern_text(self.document.program, self.document.brush.pattern())}"

    def _stroke_to(self, cell: CardCell) -> None:
        """Continue the stroke in progress through ``cell``."""
        stroke = self._stroke
        assert stroke is not None and stroke.kind != "head"
        cells = cells_between(stroke.last, cell) if stroke.started else cells_between(stroke.start, cell)
        stroke.started = True
        stroke.last = cell
        if stroke.kind == "paint":
            pattern = self.document.brush.pattern()
            self._edit(lambda card: paint(card, cells, pattern), self._paint_text(), stroke.key)
        else:
            self._edit(lambda card: clear(card, cells), "Clear cells", stroke.key)

    def _card_changed(self, index: int) -> None:
        # Every edit re-announces the current card; only a switch to another card ends a stroke.
        if index != self._card_index:
            self._card_index = index
            self._cancel_stroke()
            self._drop_range()

    def _cancel_stroke(self) -> None:
        self._stroke = None
        self._head_target = None
        self.unsetCursor()
        self.update()

    # --- mouse ---------------------------------------------------------------------------------

    def selected_cells(self) -> list[CardCell]:
        """The Shift+clicked rectangle's cells, else the selected cell, else none."""
        anchor, end = self.document.selected_cell, self._range_end
        if anchor is None:
            return []
        if end is None:
            return [anchor]
        rows = range(min(anchor[0], end[0]), max(anchor[0], end[0]) + 1)
        cols = range(min(anchor[1], end[1]), max(anchor[1], end[1]) + 1)
        return [(row, col) for row in rows for col in cols]

    def _drop_range(self) -> None:
        if self._range_end is not None:
            self._range_end = None
            self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if cell is None or self._stroke is not None:
            return
        card = self.document.card
        button = event.button()
        shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        if button == Qt.MouseButton.LeftButton and shift and self.document.selected_cell is not None:
            self._range_end = cell if cell != self.document.selected_cell else None
            self.update()
            return
        self._drop_range()
        if button == Qt.MouseButton.LeftButton and event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self.pick_brush(cell)
        elif button == Qt.MouseButton.LeftButton and cell == card.head.cell:
            self._stroke = _Stroke("head", 0, cell, cell, True)
            self._head_target = cell
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        elif button == Qt.MouseButton.LeftButton:
            self._stroke = _Stroke("paint", new_stroke_id(), cell, cell, False)
            if cell not in card.cells:
                self._stroke_to(cell)
                self.document.select_cell(cell)
        elif button == Qt.MouseButton.RightButton and cell != card.head.cell:
            self._stroke = _Stroke("clear", new_stroke_id(), cell, cell, False)
            self._stroke_to(cell)
            if self.document.selected_cell == cell:
                self.document.select_cell(None)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        self._set_hovered(cell)
        stroke = self._stroke
        if stroke is None:
            self._update_cursor(cell)
            return
        if stroke.kind == "head":
            target = cell if cell is not None else self._clamped_cell(event.position())
            if target != self._head_target:
                self._head_target = target
                self.update()
        elif cell is not None and cell != stroke.last:
            self._stroke_to(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        stroke = self._stroke
        if stroke is None:
            return
        self._stroke = None
        if stroke.kind == "head":
            target = self._head_target
            self._head_target = None
            self._update_cursor(self.cell_at(event.position()))
            if target is not None and target != stroke.start:
                self._edit(lambda card: move_head(card, target), "Move head")
                if self.document.selected_cell == target:
                    self.document.select_cell(None)  # the head is not a pattern to edit
            self.update()
        elif stroke.kind == "paint":
            if stroke.started:
                last = stroke.last
                if last in self.document.card.cells:
                    self.document.select_cell(last)
            else:
                self.document.select_cell(stroke.start)  # a plain click on a painted cell

    def leaveEvent(self, event: QEvent) -> None:
        self._set_hovered(None)
        super().leaveEvent(event)

    def _set_hovered(self, cell: CardCell | None) -> None:
        if cell != self._hovered:
            self._hovered = cell
            self.hoveredCellChanged.emit(cell)
            self.update()

    def _update_cursor(self, cell: CardCell | None) -> None:
        if cell is not None and cell == self.document.card.head.cell:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        elif cell is not None:
            self.setCursor(Qt.CursorShape.CrossCursor)
        else:
            self.unsetCursor()

    def _clamped_cell(self, pos: QPointF) -> CardCell:
        board, size = self.board_rect(), self.cell_size()
        col = int((pos.x() - board.left()) // size)
        row = int((pos.y() - board.top()) // size)
        return (max(0, min(CARD_SIZE - 1, row)), max(0, min(CARD_SIZE - 1, col)))

    # --- keys ----------------------------------------------------------------------------------

    KEYS = (("Arrows", "Move the selected cell"), ("Space, Enter", "Paint the selected cell with the brush"),
            ("Delete, Backspace", "Clear the selected cell"), ("Shift+Arrows", "Move the head"),
            ("R, Shift+R", "Turn the head clockwise, counter-clockwise"),
            ("Escape", "Cancel a head drag, else unselect the cell"))
    """The map's own keys (handled below), for Help → Keyboard Reference."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, modifiers = event.key(), event.modifiers()
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.clear_selected()
        elif key == Qt.Key.Key_R and not modifiers & ~_SHIFT_OR_KEYPAD:
            self.turn_head(-1 if modifiers & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key in _ARROWS and not modifiers & ~Qt.KeyboardModifier.KeypadModifier:
            self._move_selection(*_ARROWS[Qt.Key(key)])
        elif key in _ARROWS and not modifiers & ~_SHIFT_OR_KEYPAD:
            self.step_head(*_ARROWS[Qt.Key(key)])
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.paint_selected()
        elif key == Qt.Key.Key_Escape:
            if self._stroke is not None and self._stroke.kind == "head":
                self._cancel_stroke()
            else:
                self.document.select_cell(None)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _move_selection(self, d_row: int, d_col: int) -> None:
        card = self.document.card
        current = self.document.selected_cell
        if current is None:
            # Start next to the head, where most patterns go.
            current = card.head.cell
        row, col = current[0] + d_row, current[1] + d_col
        if (row, col) == card.head.cell:
            row, col = row + d_row, col + d_col
        if 0 <= row < CARD_SIZE and 0 <= col < CARD_SIZE:
            self.document.select_cell((row, col))

    # --- tooltips ------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            cell = self.cell_at(event.pos())
            if cell is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_for(cell), self, self.cell_rect(cell).toRect())
            return True
        return super().event(event)

    def tooltip_for(self, cell: CardCell) -> str:
        card, program = self.document.card, self.document.program
        if cell == card.head.cell:
            text = (f"own head, facing {card.head.facing.label}: the move this card asks for\n"
                    "drag to move it; R / Shift+R turn it")
        elif cell in card.cells:
            text = pattern_tooltip(program, card.cells[cell])
        else:
            text = f"blank: no condition\nclick to paint {pattern_text(program, self.document.brush.pattern())}"
        problems = [p.message for at, p in self._problems() if at == cell]
        text = f"row {cell[0]}, col {cell[1]}: " + text
        return "\n".join([text, *("⚠ " + message for message in problems)])

    def _describe_selection(self) -> None:
        cell = self.document.selected_cell
        text = (self.tooltip_for(cell).replace("\n", "; ") if cell is not None
                else "no cell selected: the arrow keys select one, Space paints it with the brush")
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

    def _problems(self) -> list[tuple[CardCell, Problem]]:
        """The current card's problems that have a cell, with it."""
        index = self.document.current_card
        return [(p.cell, p) for p in self.document.problems() if p.card == index and p.cell is not None]

    # --- painting ------------------------------------------------------------------------------

    def displayed_card(self) -> Card:
        """The card as painted: during a head drag, as it will be when the head is dropped."""
        card = self.document.card
        if self._head_target is not None and self._head_target != card.head.cell:
            return move_head(card, self._head_target)
        return card

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        painter.fillRect(self.rect(), pal.color(QPalette.ColorRole.Window))
        board = self.board_rect()
        card = self.displayed_card()
        self._paint_numbers(painter, board)
        paint_card(painter, board, card, pal)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_problems(painter)
        self._paint_hover(painter, card)
        self._paint_selection(painter)
        if self._head_target is not None:
            self._outline(painter, self.cell_rect(self.document.card.head.cell), pal.color(QPalette.ColorRole.Text), 1.5,
                          Qt.PenStyle.DotLine)
        frame = QColor(pal.color(QPalette.ColorRole.Highlight) if self.hasFocus() else pal.color(QPalette.ColorRole.Mid))
        painter.setPen(QPen(frame, 2 if self.hasFocus() else 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(board.adjusted(-1, -1, 1, 1))
        painter.end()

    def _paint_numbers(self, painter: QPainter, board: QRectF) -> None:
        size = self.cell_size()
        font = QFont(self.font())
        font.setPixelSize(max(8, min(12, int(size * 0.28))))
        painter.setFont(font)
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        for i in range(CARD_SIZE):
            painter.drawText(QRectF(board.left() + i * size, board.top() - GUTTER, size, GUTTER - 2),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, str(i))
            painter.drawText(QRectF(board.left() - GUTTER, board.top() + i * size, GUTTER - 4, size),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(i))

    def _paint_problems(self, painter: QPainter) -> None:
        for cell, _problem in self._problems():
            rect = self.cell_rect(cell)
            self._outline(painter, rect.adjusted(2, 2, -2, -2), QColor("#e53935"), 2.5, Qt.PenStyle.DotLine)
            badge = QRectF(rect.right() - rect.width() * 0.34, rect.bottom() - rect.height() * 0.34,
                           rect.width() * 0.3, rect.height() * 0.3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#e53935"))
            painter.drawEllipse(badge)
            paint_badge_text(painter, badge, "!", max(7, int(badge.height() * 0.8)), self.font())

    def _paint_hover(self, painter: QPainter, card: Card) -> None:
        cell = self._head_target if self._head_target is not None else self._hovered
        if cell is None:
            return
        rect = self.cell_rect(cell)
        if self._stroke is None and cell not in card.cells and cell != card.head.cell:
            painter.save()
            painter.setOpacity(HOVER_GHOST_OPACITY)
            paint_pattern(painter, rect, self.document.brush.pattern(), show_group_label=False)
            painter.restore()
        highlight = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        highlight.setAlpha(170)
        self._outline(painter, rect.adjusted(1, 1, -1, -1), highlight, 2.0)

    def _paint_selection(self, painter: QPainter) -> None:
        cell = self.document.selected_cell
        if cell is None:
            return
        cells = self.selected_cells()
        if len(cells) > 1:  # the rectangle to copy, dashed around its cells
            span = self.cell_rect(cells[0]).united(self.cell_rect(cells[-1]))
            self._outline(painter, span.adjusted(1, 1, -1, -1), self.palette().color(QPalette.ColorRole.Highlight),
                          2.0, Qt.PenStyle.DashLine)
        # Text colour, not Highlight: the highlight blue is too close to the AND 1 frame.
        rect = self.cell_rect(cell)
        width = max(3.0, self.cell_size() / 18)
        grow = width / 2 + 2
        pal = self.palette()
        self._outline(painter, rect.adjusted(-grow, -grow, grow, grow), pal.color(QPalette.ColorRole.Text), width)
        self._outline(painter, rect.adjusted(-grow + width / 2 + 0.5, -grow + width / 2 + 0.5, grow - width / 2 - 0.5,
                                             grow - width / 2 - 0.5), pal.color(QPalette.ColorRole.Base), 1.0)

    @staticmethod
    def _outline(painter: QPainter, rect: QRectF, color: QColor, width: float,
                 style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        pen = QPen(color, width)
        pen.setStyle(style)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)


def main() -> int:
    """Edit the second card of a sample program on its own (Ctrl+Z / Ctrl+Shift+Z undo and redo)."""
    document = sample_document("tail_biter", card=1)

    def make() -> CardCanvas:
        canvas = CardCanvas(document)
        QShortcut(QKeySequence.StandardKey.Undo, canvas, document.undo_stack.undo)
        QShortcut(QKeySequence.StandardKey.Redo, canvas, document.undo_stack.redo)
        canvas.statusMessage.connect(print)
        return canvas

    return run_alone(make, "CardCanvas — tail_biter.snake.json, card 2", (560, 560))


if __name__ == "__main__":
    raise SystemExit(main())
