"""The variant strip draws each pattern where the matcher looks for it: checked on painted pixels."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QColor

from editor.document import ProgramDocument
from editor.widgets.cards.pattern_paint import ELEMENT_LOOK
from editor.widgets.cards.variant_strip import VariantStrip, card_extent, variant_label
from engines.snake import Direction, Element
from matcher.editing import paint
from matcher.model import VARIANTS, Card, Head, Pattern, Program, Variant, variant_offset
from pytestqt.qtbot import QtBot

BODY = Pattern(Element.OWN_BODY)
# A card with one pattern two cells ahead of the head and one to its right: where it must land,
# worked out by hand (x to the right, y down), for every variant.
CARD = Card(Head(3, 3, Direction.UP), {(1, 4): BODY})
EXPECTED = {
    Variant(Direction.UP, False): (1, -2),
    Variant(Direction.UP, True): (-1, -2),
    Variant(Direction.RIGHT, False): (2, 1),
    Variant(Direction.RIGHT, True): (2, -1),
    Variant(Direction.DOWN, False): (-1, 2),
    Variant(Direction.DOWN, True): (1, 2),
    Variant(Direction.LEFT, False): (-2, -1),
    Variant(Direction.LEFT, True): (-2, 1),
}


@pytest.fixture
def make_strip(qtbot: QtBot) -> Callable[..., VariantStrip]:
    def make(card: Card = CARD, width: int = 900, height: int = 160) -> VariantStrip:
        strip = VariantStrip(ProgramDocument(Program(cards=(card,))))
        qtbot.addWidget(strip)
        strip.resize(width, height)
        strip.show()
        return strip

    return make


def is_body_blue(color: QColor) -> bool:
    want = ELEMENT_LOOK[Element.OWN_BODY].color
    return abs(color.hue() - want.hue()) < 12 and color.saturation() > 120


def test_the_hand_worked_offsets_are_the_matchers() -> None:
    assert {v: variant_offset(CARD, (1, 4), v) for v in VARIANTS} == EXPECTED


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_label)
def test_each_variant_paints_the_pattern_where_the_matcher_looks(make_strip: Callable[..., VariantStrip], variant: Variant) -> None:
    strip = make_strip()
    image = strip.grab().toImage()
    for dx in range(-3, 4):
        for dy in range(-3, 4):
            if (dx, dy) == (0, 0):
                continue
            centre = strip.offset_rect(variant, (dx, dy)).center().toPoint()
            painted = is_body_blue(QColor(image.pixel(centre)))
            assert painted == ((dx, dy) == EXPECTED[variant]), (dx, dy)


def test_the_head_sits_in_the_middle_of_every_tile_facing_the_variant(make_strip: Callable[..., VariantStrip]) -> None:
    strip = make_strip()
    for variant in VARIANTS:
        tile = strip.tile_rect(variant)
        head = strip.offset_rect(variant, (0, 0))
        assert head.center() == tile.center()


def test_tiles_are_square_labelled_and_do_not_overlap(make_strip: Callable[..., VariantStrip]) -> None:
    strip = make_strip()
    rects = [strip.tile_rect(v) for v in VARIANTS]
    assert all(r.width() == r.height() >= 7 * 10 for r in rects)
    assert all(not a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert strip.columns() == 8  # a wide strip: one row
    assert [variant_label(v) for v in strip.tile_order()] == [
        "up", "right", "down", "left", "up ⇄", "right ⇅", "down ⇄", "left ⇅"]


def test_a_tall_narrow_strip_stacks_the_tiles(make_strip: Callable[..., VariantStrip]) -> None:
    strip = make_strip(width=260, height=560)
    assert strip.columns() in (2, 4)
    assert strip.tile_rect(VARIANTS[0]).width() >= 7 * 10


def test_a_head_at_the_edge_widens_the_window_so_nothing_is_cut_off(make_strip: Callable[..., VariantStrip]) -> None:
    card = Card(Head(6, 3, Direction.UP), {(0, 3): BODY})
    strip = make_strip(card, height=240)
    assert card_extent(card) == 6
    image = strip.grab().toImage()
    for variant in VARIANTS:
        offset = variant_offset(card, (0, 3), variant)
        assert max(map(abs, offset)) == 6
        rect = strip.offset_rect(variant, offset)
        assert strip.tile_rect(variant).contains(rect.center())
        assert is_body_blue(QColor(image.pixel(rect.center().toPoint())))


def test_the_strip_follows_edits_of_the_card(make_strip: Callable[..., VariantStrip]) -> None:
    strip = make_strip()
    up = Variant(Direction.UP, False)
    spot = strip.offset_rect(up, (0, -1)).center().toPoint()  # right ahead of the head
    assert not is_body_blue(QColor(strip.grab().toImage().pixel(spot)))
    strip.document.edit_card(lambda card: paint(card, [(2, 3)], BODY), "paint")
    assert is_body_blue(QColor(strip.grab().toImage().pixel(spot)))


def test_tooltips_name_the_variant_and_the_card_cell(make_strip: Callable[..., VariantStrip]) -> None:
    strip = make_strip()
    variant = Variant(Direction.RIGHT, True)
    centre = strip.offset_rect(variant, EXPECTED[variant]).center()
    assert strip.variant_at(centre) == variant
    text = strip.tooltip_for(variant, centre)
    assert text.startswith("right ⇅: head turned to face right, mirrored")
    assert "card cell (row 1, col 4): own body" in text
    assert strip.variant_at(QPointF(QPoint(0, 0))) is None
