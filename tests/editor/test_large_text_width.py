"""The main window with large text (a 14 pt application font) fits a 1024-wide screen, its panes
whole; at the default font nothing moves.

Found: at 14 pt the window's least width was 1135 px: the card editor asked 509 (the heading
"Variants the matcher tries" on one line beside the inspector), the program pane 280 (its sets
header "User sets 0 / 4 + Add set" on one line); on a 1024-wide screen the window ran off its
edge. Squeezed to fit, the card's title was cut ("Card 1 of :") and the variants' labels ran
into each other ("right ⇅down ⇄"); the cell inspector's note kept the height of fewer, wider
lines, and its lines ran into each other."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.main_window import MainWindow
from editor.widgets.cards.variant_strip import SPACING, VariantStrip, variant_label
from tests.editor.test_small_screen import SMALL, across, inside, small_window


@pytest.fixture
def large_text() -> Iterator[None]:
    default = QApplication.font()
    font = QFont(default)
    font.setPointSizeF(14)
    QApplication.setFont(font)
    try:
        yield
    finally:
        QApplication.setFont(default)


def labels_clear(strip: VariantStrip) -> list[str]:
    """The variants' labels that do not fit their room, or run into their neighbour's."""
    metrics = QFontMetrics(strip.label_font())
    order = strip.tile_order()
    found = []
    for variant, after in zip(order, order[1:]):
        room, text = strip.label_rect(variant), variant_label(variant)
        if room.width() < metrics.horizontalAdvance(text):
            found.append(f"{text!r} in {room.width()} px")
        if strip.tile_rect(after).top() == strip.tile_rect(variant).top() and room.right() > strip.label_rect(after).left() + 1:
            found.append(f"{text!r} over {variant_label(after)!r}")
    return found


def test_at_14_pt_the_window_fits_1024_px_with_its_panes_whole(
        qtbot: QtBot, large_text: None, make_window: Callable[[], MainWindow]) -> None:
    window = small_window(make_window, qtbot)
    assert window.minimumSizeHint().width() <= SMALL[0]
    editor, sets = window.card_editor, window.program_panel.sets
    qtbot.waitUntil(lambda: editor.title_label.width() >= editor.title_label.sizeHint().width())
    assert across(editor.turn_right_button, window)
    assert inside(sets.add_button, window) and sets.add_button.width() >= sets.add_button.sizeHint().width()
    assert sets.header.stacked()  # "Add set" under the title: the line did not fit
    assert labels_clear(editor.variants) == []
    summary = editor.inspector.summary_label  # "Click a cell of the map to select it; …": 4 lines
    qtbot.waitUntil(lambda: summary.height() >= summary.heightForWidth(summary.width()))


def test_at_the_default_font_the_sets_header_is_one_line_and_the_variants_packed(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = small_window(make_window, qtbot)
    sets, strip = window.program_panel.sets, window.card_editor.variants
    assert not sets.header.stacked()
    order = strip.tile_order()
    first, second = strip.tile_rect(order[0]), strip.tile_rect(order[1])
    assert second.left() - first.right() == SPACING  # as before: the gap widens only for a label
    assert labels_clear(strip) == []
