"""The variant strip's kept picture: where its tiles are and which pixels an edit changed.

The strip draws each pattern 8 times (a quarter of a paint of the card editor, and a paint comes
with every event of a stroke: issue 16). It keeps its pixels between paints and, when an edit
changes a few cells or moves the mark, draws again only there: everything that reaches into the
changed squares is drawn again in the order of a whole paint, clipped to them, so the picture is
the one a whole paint makes (up to Qt's rounding of antialiased edges cut by the clip: a level or
two of 255 on a few pixels)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QPixmap, QRegion

from engines.snake import Cell
from matcher.model import VARIANTS, Card, CardCell, Variant

PARTIAL_CELLS = 8
"""An edit of more cells than this (another card, an undo of a fill) repaints the whole strip."""
REACH = 3
"""How many pixels past its rectangle a thing drawn in a tile may colour (a pattern's frame, a set's
number, antialiasing): a partial repaint draws again everything that comes this close."""


def mark_pen_width(cell_size: float) -> float:
    """The pen of the mark round the selected or hovered card cell."""
    return max(1.5, cell_size / 8)


def reach(rect: QRectF) -> QRect:
    """The whole pixels that something drawn in ``rect`` may colour."""
    return rect.adjusted(-REACH, -REACH, REACH, REACH).toAlignedRect()


@dataclass(frozen=True)
class StripTiles:
    """Where a paint draws: each variant's tile, the side of a square, the extent round the head
    and each card cell's offset from the head in each variant."""

    rects: dict[Variant, QRectF]
    size: float
    extent: int
    offsets: dict[tuple[Variant, CardCell], Cell]

    def corner(self, variant: Variant, offset: Cell) -> tuple[float, float]:
        """The top left of the square of field offset ``(dx, dy)`` from the head in ``variant``'s tile."""
        tile = self.rects[variant]
        return tile.left() + (offset[0] + self.extent) * self.size, tile.top() + (offset[1] + self.extent) * self.size

    def square(self, variant: Variant, offset: Cell) -> QRectF:
        return QRectF(*self.corner(variant, offset), self.size, self.size)

    def cell_rect(self, variant: Variant, cell: CardCell) -> QRectF:
        return self.square(variant, self.offsets[variant, cell])

    def mark_rect(self, variant: Variant, cell: CardCell) -> QRectF:
        """What the mark round a card cell covers, its pen included."""
        width = mark_pen_width(self.size)
        return self.cell_rect(variant, cell).adjusted(-1 - width, -1 - width, 1 + width, 1 + width)


class Repaint:
    """What a paint draws again: everything (``None``) or the pixels of some boxes."""

    def __init__(self, boxes: list[QRect] | None) -> None:
        self.boxes = boxes

    def region(self) -> QRegion | None:
        if self.boxes is None:
            return None
        region = QRegion()
        for box in self.boxes:
            region += box
        return region

    def touches(self, rect: QRectF) -> bool:
        """Whether something drawn in ``rect`` may colour a pixel drawn again (see :data:`REACH`)."""
        if self.boxes is None:
            return True
        pixels = reach(rect)
        return any(box.intersects(pixels) for box in self.boxes)

    def within(self, rect: QRectF) -> TileRepaint:
        """The part of it that things drawn in ``rect`` (a tile) can reach, for many quick tests."""
        if self.boxes is None:
            return TileRepaint(None)
        pixels = reach(rect)
        return TileRepaint([box.intersected(pixels) for box in self.boxes if box.intersects(pixels)])


class TileRepaint:
    """What a paint draws again in one tile, tested with plain numbers: a tile holds up to 49 cells
    to test on each paint."""

    def __init__(self, boxes: list[QRect] | None) -> None:
        self.everything = boxes is None
        self.boxes = [(b.left(), b.top(), b.left() + b.width(), b.top() + b.height()) for b in boxes or ()]

    def empty(self) -> bool:
        return not self.everything and not self.boxes

    def touches_box(self, x: float, y: float, width: float, height: float) -> bool:
        """Whether what is drawn in the box may colour a pixel drawn again (see :data:`REACH`)."""
        x0, y0, x1, y1 = x - REACH, y - REACH, x + width + REACH, y + height + REACH
        return self.everything or any(x0 < right and x1 > left and y0 < bottom and y1 > top
                                      for left, top, right, bottom in self.boxes)

    def touches(self, rect: QRectF) -> bool:
        return self.touches_box(rect.x(), rect.y(), rect.width(), rect.height())


@dataclass(frozen=True)
class KeptPicture:
    """The strip's pixels and what they show: the key of the look (size, pixel ratio, palette,
    font, head), the card and the marked cell."""

    key: tuple[object, ...]
    pixmap: QPixmap
    card: Card
    marked: CardCell | None

    def changes(self, tiles: StripTiles, card: Card, marked: CardCell | None) -> Repaint:
        """What to draw again to show ``card`` with ``marked`` (same head, size and look): the
        squares of the changed cells and of the moved marks in every tile; all of it when that is
        most of it."""
        old = self.card
        changed = [cell for cell in old.cells.keys() | card.cells.keys() if old.cells.get(cell) != card.cells.get(cell)]
        if len(changed) > PARTIAL_CELLS:
            return Repaint(None)
        marks = [c for c in {self.marked, marked} if c is not None and c != card.head.cell] if self.marked != marked else []
        boxes = []
        for variant in VARIANTS:
            boxes += [reach(tiles.cell_rect(variant, cell)) for cell in changed]
            boxes += [reach(tiles.mark_rect(variant, cell)) for cell in marks]
        return Repaint(boxes)
