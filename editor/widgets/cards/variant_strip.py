"""The variant strip: the current card's 8 variants, small, as the matcher lays them on the field.

Each tile is a window of the field centred on the snake's head; every pattern sits at the offset
:func:`matcher.model.variant_offset` gives it, the head faces the variant's direction, and a dashed
outline shows where the card's 7×7 map landed. The selected (or hovered) card cell is marked in
every tile, so the author can follow one cell through the rotations and mirrors."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.document import ProgramDocument
from editor.widgets.cards.pattern_paint import paint_grid, paint_head, paint_pattern, pattern_text
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Cell, Direction
from matcher.model import CARD_SIZE, VARIANTS, Card, CardCell, Variant, variant_offset

SPACING = 8
MIN_TILE = 42
"""The smallest tile the strip asks room for: 4 × 2 of these, labels included."""
MIN_EXTENT = 3
"""Tiles show at least the 7×7 window around the head, so a centred card fills them."""
GRID_MIN_CELL = 10
"""Below this many pixels per cell grid lines would drown the patterns."""
LAYOUTS = (8, 4, 2)
_CORNERS = ((0, 0), (0, CARD_SIZE - 1), (CARD_SIZE - 1, 0), (CARD_SIZE - 1, CARD_SIZE - 1))
"""Columns to try: one row of 8, two rows of 4 (plain above mirrored), four rows of 2."""


def variant_label(variant: Variant) -> str:
    """``up``, ``up ⇄`` (mirrored left–right), ``right ⇅`` (mirrored top–bottom) …"""
    if not variant.mirrored:
        return variant.direction.label
    return variant.direction.label + (" ⇄" if variant.direction in (Direction.UP, Direction.DOWN) else " ⇅")


def variant_description(variant: Variant) -> str:
    text = f"head turned to face {variant.direction.label}"
    if variant.mirrored:
        text += ", mirrored about the line through the head"
    return f"{text}: tried when {variant.direction.label} is a possible move"


def card_extent(card: Card) -> int:
    """How far from the head (in cells, either axis) any cell of the card's map lands in any variant."""
    corners = [(0, 0), (0, CARD_SIZE - 1), (CARD_SIZE - 1, 0), (CARD_SIZE - 1, CARD_SIZE - 1)]
    reach = max(max(abs(dx), abs(dy)) for v in VARIANTS for dx, dy in (variant_offset(card, c, v) for c in corners))
    return max(MIN_EXTENT, reach)


class VariantStrip(QWidget):
    """Draws ``document.card``'s 8 variants; tiles in the order of :data:`matcher.model.VARIANTS`
    laid out as plain variants first, mirrored second."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._highlighted: CardCell | None = None
        # Worked out once per card and size, not for every cell painted (a paint stroke repainted
        # the strip with ~300 layouts and extents each time).
        self._extent: tuple[Card, int, dict[tuple[Variant, CardCell], Cell]] | None = None
        self._layout_cache: tuple[tuple[int, int, int, int], tuple[int, int]] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(self.size_for(MIN_TILE))
        for signal in (document.programChanged, document.currentCardChanged, document.selectedCellChanged):
            signal.connect(self.update)

    def sizeHint(self) -> QSize:
        return self.size_for(96)

    def size_for(self, tile: int, columns: int = 4) -> QSize:
        """The size that shows the 8 tiles ``tile`` pixels wide in ``columns`` columns."""
        rows = len(VARIANTS) // columns
        return QSize(columns * tile + (columns + 1) * SPACING, rows * (tile + self._label_height()) + (rows + 1) * SPACING)

    # --- our API -----------------------------------------------------------------------------

    def set_highlighted_cell(self, cell: CardCell | None) -> None:
        """Mark this card cell in every tile (the canvas's hovered cell); None marks the selection."""
        if cell != self._highlighted:
            self._highlighted = cell
            self.update()

    def marked_cell(self) -> CardCell | None:
        return self._highlighted if self._highlighted is not None else self.document.selected_cell

    def extent(self) -> int:
        return self._card_geometry()[0]

    def _card_geometry(self) -> tuple[int, dict[tuple[Variant, CardCell], Cell]]:
        """The current card's extent and every cell's offset from the head in every variant."""
        card = self.document.card
        if self._extent is None or self._extent[0] is not card:
            offsets = {(v, cell): variant_offset(card, cell, v) for v in VARIANTS for cell in (*card.cells, *_CORNERS)}
            self._extent = (card, card_extent(card), offsets)
        return self._extent[1], self._extent[2]

    def columns(self) -> int:
        return self._layout()[0]

    def tile_rect(self, variant: Variant) -> QRectF:
        """The field window of ``variant``'s tile (without its label)."""
        columns, side = self._layout()
        order = self.tile_order()
        index = order.index(variant)
        column, row = index % columns, index // columns
        label = self._label_height()
        used = columns * side + (columns - 1) * SPACING
        left = (self.width() - used) / 2 + column * (side + SPACING)
        top = SPACING + row * (side + label + SPACING) + label
        return QRectF(int(left), int(top), side, side)

    def label_rect(self, variant: Variant) -> QRectF:
        """Where ``variant``'s label is written: above its tile, as wide as the tile plus the gap
        to its neighbours, so a label a little wider than a small tile is still whole."""
        tile = self.tile_rect(variant)
        height = self._label_height()
        return QRectF(tile.left() - SPACING / 2, tile.top() - height, tile.width() + SPACING, height)

    def label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 0.9)
        return font

    def cell_size(self) -> float:
        return self._layout()[1] / (2 * self.extent() + 1)

    def offset_rect(self, variant: Variant, offset: Cell) -> QRectF:
        """The square of field offset ``(dx, dy)`` from the head in ``variant``'s tile."""
        tile, size, extent = self.tile_rect(variant), self.cell_size(), self.extent()
        return QRectF(tile.left() + (offset[0] + extent) * size, tile.top() + (offset[1] + extent) * size, size, size)

    def card_cell_rect(self, variant: Variant, cell: CardCell) -> QRectF:
        """Where card cell ``(row, col)`` is drawn in ``variant``'s tile."""
        offset = self._card_geometry()[1].get((variant, cell))
        return self.offset_rect(variant, offset if offset is not None else variant_offset(self.document.card, cell, variant))

    @staticmethod
    def tile_order() -> list[Variant]:
        return [v for v in VARIANTS if not v.mirrored] + [v for v in VARIANTS if v.mirrored]

    def variant_at(self, pos: QPointF) -> Variant | None:
        label = self._label_height()
        for variant in VARIANTS:
            if self.tile_rect(variant).adjusted(0, -label, 0, 0).contains(pos):
                return variant
        return None

    # --- layout --------------------------------------------------------------------------------

    def _label_height(self) -> int:
        return self.fontMetrics().height() + 2

    def _layout(self) -> tuple[int, int]:
        """(columns, tile side in pixels): the arrangement that gives the biggest tiles. Where
        grid lines are drawn the side is a whole number of cells, so they stay crisp."""
        cells = 2 * self.extent() + 1
        label = self._label_height()
        key = (self.width(), self.height(), cells, label)
        if self._layout_cache is None or self._layout_cache[0] != key:
            self._layout_cache = (key, self._best_layout(cells, label))
        return self._layout_cache[1]

    def _best_layout(self, cells: int, label: int) -> tuple[int, int]:
        best = (4, cells)
        for columns in LAYOUTS:
            rows = len(VARIANTS) // columns
            room = min((self.width() - (columns + 1) * SPACING) / columns,
                       (self.height() - (rows + 1) * SPACING - rows * label) / rows)
            whole = int(room // cells) * cells
            side = whole if whole >= cells * GRID_MIN_CELL else int(room)
            if side > best[1]:
                best = (columns, side)
        return best

    # --- painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        painter.fillRect(self.rect(), pal.color(QPalette.ColorRole.Window))
        # The geometry once a paint, not once a cell: asked per cell it was a quarter of a paint's
        # cost, and a paint comes with every event of a stroke on the card (issue 16).
        size, extent, offsets = self.cell_size(), self.extent(), self._card_geometry()[1]
        for variant in VARIANTS:
            tile = self.tile_rect(variant)

            def square(offset: Cell, tile: QRectF = tile) -> QRectF:
                return QRectF(tile.left() + (offset[0] + extent) * size, tile.top() + (offset[1] + extent) * size,
                              size, size)

            def cell_rect(cell: CardCell, variant: Variant = variant) -> QRectF:
                offset = offsets.get((variant, cell))
                return square(offset if offset is not None else variant_offset(self.document.card, cell, variant))

            self._paint_tile(painter, variant, tile, square, cell_rect)
        painter.end()

    def _paint_tile(self, painter: QPainter, variant: Variant, tile: QRectF, square: Callable[[Cell], QRectF],
                    cell_rect: Callable[[CardCell], QRectF]) -> None:
        """``variant``'s tile at ``tile``: ``square`` places a field offset from the head in it,
        ``cell_rect`` a card cell (what :meth:`offset_rect` and :meth:`card_cell_rect` say)."""
        pal = self.palette()
        card = self.document.card
        size = tile.width() / (2 * self.extent() + 1)
        painter.save()
        painter.setFont(self.label_font())
        painter.setPen(pal.color(QPalette.ColorRole.WindowText))
        painter.drawText(self.label_rect(variant), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                         variant_label(variant))
        painter.fillRect(tile, pal.color(QPalette.ColorRole.Base))
        if size >= GRID_MIN_CELL:
            paint_grid(painter, tile, 2 * self.extent() + 1, 2 * self.extent() + 1, pal)
        for cell, pattern in card.sorted_cells():
            paint_pattern(painter, cell_rect(cell), pattern, show_group_label=False)
        paint_head(painter, square((0, 0)), variant.direction)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_map_outline(painter, tile, cell_rect)
        marked = self.marked_cell()
        if marked is not None and marked != card.head.cell:
            pen = QPen(pal.color(QPalette.ColorRole.Text), max(1.5, size / 8))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(cell_rect(marked).adjusted(-1, -1, 1, 1))
        painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        painter.drawRect(tile.adjusted(-0.5, -0.5, 0.5, 0.5))
        painter.restore()

    def _paint_map_outline(self, painter: QPainter, tile: QRectF, cell_rect: Callable[[CardCell], QRectF]) -> None:
        """A dashed frame round the cells the card's 7×7 map covers in this variant."""
        corners = [cell_rect(c) for c in ((0, 0), (CARD_SIZE - 1, CARD_SIZE - 1))]
        outline = corners[0].united(corners[1])
        color = QColor(self.palette().color(QPalette.ColorRole.Text))
        color.setAlpha(110)
        pen = QPen(color, 1)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(outline.intersected(tile).adjusted(0.5, 0.5, -0.5, -0.5))

    # --- tooltips ------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            variant = self.variant_at(QPointF(event.pos()))
            if variant is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_for(variant, QPointF(event.pos())), self)
            return True
        return super().event(event)

    def tooltip_for(self, variant: Variant, pos: QPointF) -> str:
        text = f"{variant_label(variant)}: {variant_description(variant)}"
        for cell, pattern in self.document.card.sorted_cells():
            if self.card_cell_rect(variant, cell).contains(pos):
                text += f"\ncard cell (row {cell[0]}, col {cell[1]}): {pattern_text(self.document.program, pattern)}"
        return text


def main() -> int:
    """Show the variants of a sample card whose head sits at the bottom edge."""
    document = sample_document("tail_biter", card=1)
    return run_alone(lambda: VariantStrip(document), "VariantStrip — tail_biter.snake.json, card 2", (760, 160))


if __name__ == "__main__":
    raise SystemExit(main())
