"""The variant strip keeps its picture and repaints only where an edit changed it (issue 16: the
strip was a third of every paint of a stroke). Checked on work done and on pixels: after each step
of a stroke the kept picture must look as a whole paint of the same card does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import numpy
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPalette

from editor.document import ProgramDocument
from editor.widgets.cards import variant_strip
from editor.widgets.cards.pattern_paint import paint_pattern
from editor.widgets.cards.variant_strip import VariantStrip
from engines.snake import Direction, Element
from matcher.editing import clear, paint
from matcher.model import ALL_GROUPS, VARIANTS, Card, ElementSet, Head, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot

CLIP_ROUNDING = 4
"""Qt rounds the antialiased edge of a shape cut by a clip a level or two off the uncut one's; a
stale or missing pattern is off by far more (a whole icon)."""


def dense_card(head: Head) -> Card:
    """Nearly every cell set: elements and sets, NOT, AND and OR groups."""
    elements = list(Element)
    cells = {}
    for k, cell in enumerate((r, c) for r in range(7) for c in range(7)):
        if cell != head.cell and k % 3:
            match = SetRef(k % 2) if k % 5 == 0 else elements[k % len(elements)]
            cells[cell] = Pattern(match, negate=k % 4 == 1, group=ALL_GROUPS[k % len(ALL_GROUPS)])
    return Card(head, cells)


CARDS = {
    "centred head": dense_card(Head(3, 3, Direction.UP)),
    "head at an edge": dense_card(Head(6, 2, Direction.LEFT)),
    "few cells": Card(Head(3, 3, Direction.RIGHT), {(1, 3): Pattern(Element.ENEMY_HEAD, negate=True)}),
}
SETS = (ElementSet("rival", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY})),
        ElementSet("wall", frozenset({Element.BORDER})))


@pytest.fixture
def make_strip(qtbot: QtBot) -> Callable[[Card, int, int], VariantStrip]:
    def make(card: Card, width: int, height: int) -> VariantStrip:
        strip = VariantStrip(ProgramDocument(Program(sets=SETS, cards=(card,))))
        qtbot.addWidget(strip)
        strip.resize(width, height)
        strip.show()
        return strip

    return make


def pixels(strip: VariantStrip) -> numpy.ndarray:
    image = strip.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    data = numpy.frombuffer(bytes(image.constBits()), dtype=numpy.uint8)
    return data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4].astype(int)


def whole_paint(strip: VariantStrip, make_strip: Callable[[Card, int, int], VariantStrip]) -> numpy.ndarray:
    fresh = make_strip(strip.document.card, strip.width(), strip.height())
    fresh.set_highlighted_cell(strip.marked_cell())
    return pixels(fresh)


def stroke(strip: VariantStrip) -> Iterator[str]:
    """A user's stroke over the card, step by step: hover and paint along the bottom row (NOT and
    plain in turn), hover inside, erase two cells, hover off the card."""
    document = strip.document
    for col in range(7):
        cell = (6, col) if document.card.head.cell != (6, col) else (5, col)
        strip.set_highlighted_cell(cell)
        document.edit_card(partial(paint, cells=[cell], pattern=Pattern(Element.BORDER, negate=col % 2 == 0)), "paint")
        yield f"paint {cell}"
    strip.set_highlighted_cell((2, 2))
    yield "hover (2, 2)"
    document.edit_card(lambda card: clear(card, [(2, 2), (2, 3)]), "erase")
    yield "erase (2, 2) and (2, 3)"
    strip.set_highlighted_cell(None)
    yield "hover nothing"


@pytest.mark.parametrize("size", [(395, 179), (900, 160), (260, 560)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(CARDS))
def test_after_every_step_of_a_stroke_the_kept_picture_is_a_whole_paint(
        make_strip: Callable[[Card, int, int], VariantStrip], name: str, size: tuple[int, int]) -> None:
    strip = make_strip(CARDS[name], *size)
    pixels(strip)  # the first, whole paint
    for step in stroke(strip):
        kept, whole = pixels(strip), whole_paint(strip, make_strip)
        assert kept.shape == whole.shape
        worst = int(numpy.abs(kept - whole).max())
        assert worst <= CLIP_ROUNDING, f"after {step}: a pixel off by {worst} levels"


def test_painting_a_cell_paints_its_neighbourhood_in_each_tile_not_every_pattern(
        make_strip: Callable[[Card, int, int], VariantStrip], monkeypatch: pytest.MonkeyPatch) -> None:
    card = CARDS["centred head"]
    strip = make_strip(card, 395, 179)
    pixels(strip)
    painted: list[Pattern] = []

    def counted(painter: QPainter, rect: QRectF, pattern: Pattern, show_group_label: bool = True) -> None:
        painted.append(pattern)
        paint_pattern(painter, rect, pattern, show_group_label)

    monkeypatch.setattr(variant_strip, "paint_pattern", counted)
    new = Pattern(Element.ENEMY_TAIL)
    strip.document.edit_card(lambda card: paint(card, [(0, 0)], new), "paint")
    pixels(strip)
    assert painted.count(new) == len(VARIANTS)  # the new pattern in every tile, once
    assert len(painted) <= len(VARIANTS) * 9  # with at most its 8 neighbours
    painted.clear()
    strip.resize(396, 179)  # a new size: the whole strip again
    pixels(strip)
    assert len(painted) == len(VARIANTS) * len(strip.document.card.cells) > len(VARIANTS) * 9


def test_the_strip_follows_a_new_palette(make_strip: Callable[[Card, int, int], VariantStrip]) -> None:
    strip = make_strip(CARDS["few cells"], 395, 179)
    up = VARIANTS[0]
    spot = strip.offset_rect(up, (2, 2)).center().toPoint()  # an empty square of the field
    assert strip.grab().toImage().pixelColor(spot) == strip.palette().color(QPalette.ColorRole.Base)
    dark = QPalette(strip.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#202020"))
    strip.setPalette(dark)
    assert strip.grab().toImage().pixelColor(spot) == QColor("#202020")
