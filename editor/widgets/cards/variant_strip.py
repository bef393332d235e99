"""The variant strip: the current card's 8 variants, small, as the matcher lays them on the field.

Each tile is a window of the field centred on the snake's head; every pattern sits at the offset
:func:`matcher.model.variant_offset` gives it, the head faces the variant's direction, and a dashed
outline shows where the card's 7×7 map landed. The selected (or hovered) card cell is marked in
every tile, so the author can follow one cell through the rotations and mirrors."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.document import ProgramDocument
from editor.widgets.cards.pattern_paint import paint_grid, paint_head, paint_pattern, pattern_text
from editor.widgets.cards.strip_picture import KeptPicture, Repaint, StripTiles, TileRepaint, mark_pen_width
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Cell, Direction
from matcher.model import CARD_SIZE, VARIANTS, Card, CardCell, Head, Variant, variant_offset

SPACING = 8
MIN_TILE = 42
"""The smallest tile the strip asks room for: 4 × 2 of these, labels included."""
MIN_EXTENT = 3
"""Tiles show at least the 7×7 window around the head, so a centred card fills them."""
GRID_MIN_CELL = 10
"""Below this many pixels per cell grid lines would drown the patterns."""
LAYOUTS = (8, 4, 2)
"""Columns to try: one row of 8, two rows of 4 (plain above mirrored), four rows of 2."""
_ALL_CELLS = tuple((row, col) for row in range(CARD_SIZE) for col in range(CARD_SIZE))


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
        # Worked out once per head and size, not for every cell painted (a paint stroke repainted
        # the strip with ~300 layouts and extents each time).
        self._extent: tuple[Head, int, dict[tuple[Variant, CardCell], Cell]] | None = None
        self._picture: KeptPicture | None = None
        self._layout_cache: tuple[tuple[int, int, int, int], tuple[int, int]] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Variants the matcher tries")
        for signal in (document.programChanged, document.currentCardChanged, document.selectedCellChanged):
            signal.connect(self.update)

    def sizeHint(self) -> QSize:
        return self.size_for(96)

    def minimumSizeHint(self) -> QSize:
        """4 × 2 tiles of :data:`MIN_TILE`, or wider where a label needs it (a label is as wide
        as its tile and the gap: at 14 pt "right ⇅" over a 42-pixel tile was cut to "ight ⇅")."""
        return self.size_for(max(MIN_TILE, self._widest_label() - SPACING))

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
        """The current card's extent and every card cell's offset from the head in every variant:
        they follow from the head alone, so they are worked out again only when the head moves, not
        for each card a stroke makes."""
        card = self.document.card
        if self._extent is None or self._extent[0] != card.head:
            offsets = {(v, cell): variant_offset(card, cell, v) for v in VARIANTS for cell in _ALL_CELLS}
            self._extent = (card.head, card_extent(card), offsets)
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
        gap = self._gap(columns, side)
        used = columns * side + (columns - 1) * gap
        left = (self.width() - used) / 2 + column * (side + gap)
        top = SPACING + row * (side + label + SPACING) + label
        return QRectF(int(left), int(top), side, side)

    def _gap(self, columns: int, side: int) -> int:
        """Between tiles :data:`SPACING`, or more where a label needs it and the width allows (at a
        large font a strip held short by its height packed its tiles so close that "right ⇅" and
        "down ⇄" ran into each other). At the default font a label fits: nothing moves."""
        spare = (self.width() - columns * side - 2 * SPACING) // max(1, columns - 1)
        return max(SPACING, min(spare, self._widest_label() - side))

    def _widest_label(self) -> int:
        metrics = QFontMetrics(self.label_font())
        return max(metrics.horizontalAdvance(variant_label(variant)) for variant in VARIANTS)

    def label_rect(self, variant: Variant) -> QRectF:
        """Where ``variant``'s label is written: above its tile, as wide as the tile plus the gap
        to its neighbours, so a label a little wider than a small tile is still whole."""
        return self._label_over(self.tile_rect(variant))

    def _label_over(self, tile: QRectF) -> QRectF:
        height = self._label_height()
        gap = self._gap(self._layout()[0], int(tile.width()))
        return QRectF(tile.left() - gap / 2, tile.top() - height, tile.width() + gap, height)

    def label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 0.9)
        return font

    def cell_size(self) -> float:
        return self._layout()[1] / (2 * self.extent() + 1)

    def offset_rect(self, variant: Variant, offset: Cell) -> QRectF:
        """The square of field offset ``(dx, dy)`` from the head in ``variant``'s tile."""
        return self._tiles().square(variant, offset)

    def card_cell_rect(self, variant: Variant, cell: CardCell) -> QRectF:
        """Where card cell ``(row, col)`` is drawn in ``variant``'s tile."""
        return self._tiles().cell_rect(variant, cell)

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
        painter.drawPixmap(0, 0, self.picture())
        painter.end()

    def picture(self) -> QPixmap:
        """The strip as painted, kept between paints: an edit repaints only the squares of the cells
        it changed (8 of them for one cell, where a whole paint draws every pattern 8 times), and the
        marks that moved. A paint comes with every event of a stroke on the card (issue 16)."""
        card, marked = self.document.card, self.marked_cell()
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio, self.palette().cacheKey(), self.font().key(), card.head)
        kept, tiles = self._picture, self._tiles()
        repaint = Repaint(None) if kept is None or kept.key != key else kept.changes(tiles, card, marked)
        if kept is not None and repaint.boxes == []:
            return kept.pixmap
        if kept is None or repaint.boxes is None:
            pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
            pixmap.setDevicePixelRatio(ratio)
        else:
            pixmap = kept.pixmap
        self._paint_strip(pixmap, tiles, repaint)
        self._picture = KeptPicture(key, pixmap, card, marked)
        return pixmap

    def _tiles(self) -> StripTiles:
        """The geometry once a paint, not once a cell: asked per cell it was a quarter of a paint's
        cost (issue 16)."""
        size, extent, offsets = self.cell_size(), self.extent(), self._card_geometry()[1]
        return StripTiles({v: self.tile_rect(v) for v in VARIANTS}, size, extent, offsets)

    def _paint_strip(self, pixmap: QPixmap, tiles: StripTiles, repaint: Repaint) -> None:
        """Paint the strip on ``pixmap``, as far as ``repaint`` says (everything that reaches into
        it is drawn again, in the same order, so the pixels come out as a whole paint makes them)."""
        if pixmap.isNull():  # no room yet
            return
        painter = QPainter(pixmap)
        region = repaint.region()
        if region is not None:
            painter.setClipRegion(region)

        pal = self.palette()
        painter.fillRect(self.rect(), pal.color(QPalette.ColorRole.Window))
        font = self.label_font()
        for variant in VARIANTS:
            self._paint_tile(painter, tiles, variant, font, repaint)
        painter.end()

    def _paint_tile(self, painter: QPainter, tiles: StripTiles, variant: Variant, font: QFont,
                    repaint: Repaint) -> None:
        """``variant``'s tile, as far as it reaches into what ``repaint`` draws again."""
        pal = self.palette()
        tile, size = tiles.rects[variant], tiles.size
        painter.save()
        painter.setFont(font)
        painter.setPen(pal.color(QPalette.ColorRole.WindowText))
        label = self._label_over(tile)
        flags, text = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, variant_label(variant)
        # The text's own bounds only where its row is painted: a label may be wider than its room.
        if repaint.touches(QRectF(0, label.top(), self.width(), label.height())) and (
                repaint.boxes is None or repaint.touches(painter.boundingRect(label, flags, text).united(label))):
            painter.drawText(label, flags, text)
        field = repaint.within(tile)
        if not field.empty():
            self._paint_field(painter, tiles, variant, field)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        marked = self.marked_cell()
        if marked is not None and marked != self.document.card.head.cell and (
                repaint.touches(tiles.mark_rect(variant, marked))):
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Text), mark_pen_width(size)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(tiles.cell_rect(variant, marked).adjusted(-1, -1, 1, 1))
        painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        painter.drawRect(tile.adjusted(-0.5, -0.5, 0.5, 0.5))
        painter.restore()

    def _paint_field(self, painter: QPainter, tiles: StripTiles, variant: Variant, area: TileRepaint) -> None:
        """The tile's field: base, grid, the card's patterns, the head and the map's outline."""
        pal = self.palette()
        tile = tiles.rects[variant]
        painter.fillRect(tile, pal.color(QPalette.ColorRole.Base))
        cells = 2 * tiles.extent + 1
        if tiles.size >= GRID_MIN_CELL:
            paint_grid(painter, tile, cells, cells, pal)
        size = tiles.size
        for cell, pattern in self.document.card.sorted_cells():
            x, y = tiles.corner(variant, tiles.offsets[variant, cell])
            if area.touches_box(x, y, size, size):
                paint_pattern(painter, QRectF(x, y, size, size), pattern, show_group_label=False)
        head = tiles.square(variant, (0, 0))
        if area.touches(head):
            paint_head(painter, head, variant.direction)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_map_outline(painter, tiles, variant)

    def _paint_map_outline(self, painter: QPainter, tiles: StripTiles, variant: Variant) -> None:
        """A dashed frame round the cells the card's 7×7 map covers in this variant."""
        corners = [tiles.cell_rect(variant, c) for c in ((0, 0), (CARD_SIZE - 1, CARD_SIZE - 1))]
        outline = corners[0].united(corners[1])
        color = QColor(self.palette().color(QPalette.ColorRole.Text))
        color.setAlpha(110)
        pen = QPen(color, 1)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(outline.intersected(tiles.rects[variant]).adjusted(0.5, 0.5, -0.5, -0.5))

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
        tiles = self._tiles()
        for cell, pattern in self.document.card.sorted_cells():
            if tiles.cell_rect(variant, cell).contains(pos):
                text += f"\ncard cell (row {cell[0]}, col {cell[1]}): {pattern_text(self.document.program, pattern)}"
        return text


def main() -> int:
    """Show the variants of a sample card whose head sits at the bottom edge."""
    document = sample_document("tail_biter", card=1)
    return run_alone(lambda: VariantStrip(document), "VariantStrip — tail_biter.snake.json, card 2", (760, 160))


if __name__ == "__main__":
    raise SystemExit(main())
