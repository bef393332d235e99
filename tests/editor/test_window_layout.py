"""The main window on laptop screens. Regressions: the panes' minimum widths added up to ~1489 px
(no 1366 × 768 or 1440 × 900 screen could show the window), the variant strip's tiles were ~30 px
with cut labels ("lown ⇄"), and the palette's brush summary was cut ("AND 1 (solid fra…")."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.document import Brush, ProgramDocument
from editor.main_window import DEFAULT_SIZE, MainWindow, first_size
from editor.recovery import RecoveryStore
from editor.widgets.cards.card_editor import PALETTE_WIDTH
from editor.widgets.cards.variant_strip import VariantStrip, variant_label
from engines.snake import Direction, Element
from matcher.model import VARIANTS, Card, ElementSet, Group, GroupKind, Head, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot
from tests.editor.conftest import show_main_window
from pathlib import Path

LAPTOP = QSize(1366, 700)
"""A 1366 × 768 screen less a title bar and a task bar."""
COMMON = QSize(*DEFAULT_SIZE)
RIVAL = ElementSet("any rival part", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))


def edge_program() -> Program:
    """Two cards; the second has its head on the bottom edge, so its variants reach 6 cells out."""
    centre = Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(Element.ENEMY_TAIL)}, "bite the tail ahead")
    edge = Card(Head(6, 3, Direction.UP), {
        (0, 3): Pattern(SetRef(0), group=Group(GroupKind.OR, 2)),
        (5, 2): Pattern(Element.BORDER, negate=True),
        (4, 4): Pattern(Element.OWN_TAIL, group=Group(GroupKind.AND, 3)),
    }, "rivals far ahead: go")
    return Program("Edge", "Two cards.", (RIVAL,), (centre, edge))


@pytest.fixture
def make_window(qtbot: QtBot, window_settings: QSettings, tmp_path: Path) -> Callable[[QSize], MainWindow]:
    def make(size: QSize) -> MainWindow:
        window = MainWindow(ProgramDocument(edge_program()), settings=window_settings,
                            recovery=RecoveryStore(tmp_path / "recovery"))
        show_main_window(qtbot, window)
        QApplication.processEvents()  # the first-start sizing runs once the window is shown
        window.resize(size)
        window.reset_layout()  # the panes as a first start on this screen shares them out
        QApplication.processEvents()
        window.document.set_current_card(1)
        QApplication.processEvents()
        return window

    return make


def rect_in_window(widget: QWidget) -> QRect:
    return QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())


def assert_whole(window: MainWindow, widget: QWidget) -> None:
    """Shown, inside the window, and at least as big as it says it must be."""
    assert widget.isVisible(), widget
    assert window.rect().contains(rect_in_window(widget)), (widget, rect_in_window(widget), window.rect())
    minimum = widget.minimumSizeHint()
    assert widget.width() >= minimum.width() and widget.height() >= minimum.height(), (widget, widget.size(), minimum)


def assert_labels_whole(strip: VariantStrip) -> None:
    metrics = QFontMetrics(strip.label_font())
    for variant in VARIANTS:
        assert metrics.horizontalAdvance(variant_label(variant)) <= strip.label_rect(variant).width(), variant
        assert strip.rect().contains(strip.label_rect(variant).toAlignedRect()), variant


def test_the_window_fits_a_1366_by_768_screen_with_every_pane_usable(make_window: Callable[[QSize], MainWindow]) -> None:
    window = make_window(LAPTOP)
    minimum = window.minimumSizeHint()
    assert minimum.width() <= LAPTOP.width() and minimum.height() <= LAPTOP.height(), minimum
    assert window.size() == LAPTOP
    editor, bench = window.card_editor, window.test_bench
    for pane in (window.program_panel, editor, bench, window.problems_view, window.history_view):
        assert_whole(window, pane)
    # The card editor is compact: inspector and variants under palette and map, the palette scrolls.
    assert editor.side_panel_below()
    assert editor.side_panel.geometry().top() >= editor.canvas.geometry().bottom()
    assert_whole(window, editor.inspector_box)
    assert_whole(window, editor.variants_box)
    assert editor.palette_scroll.verticalScrollBar().maximum() > 0
    assert editor.palette_panel.width() >= editor.palette_panel.minimumSizeHint().width()
    assert editor.canvas.cell_size() >= 26
    assert editor.variants.tile_rect(VARIANTS[0]).width() >= 56
    assert_labels_whole(editor.variants)
    assert bench.is_narrow()


def test_a_running_battle_still_fits_the_1366_window(qtbot: QtBot, make_window: Callable[[QSize], MainWindow]) -> None:
    window = make_window(LAPTOP)
    window.battle_action.trigger()
    tab = window.battle_tab
    qtbot.waitUntil(lambda: tab.info is not None, timeout=20_000)
    tab.playback.pause()
    QApplication.processEvents()
    assert window.size() == LAPTOP
    assert_whole(window, tab)
    assert_whole(window, tab.board.view)
    assert_whole(window, tab.transport)
    assert_whole(window, tab.scoreboard)
    assert not tab.transport.in_one_row()
    assert tab.board.view.cell_size() * 25 >= 200, tab.board.view.size()


def test_at_1440_by_900_the_palette_is_whole_and_the_variants_legible(make_window: Callable[[QSize], MainWindow]) -> None:
    window = make_window(COMMON)
    editor = window.card_editor
    assert editor.palette_scroll.verticalScrollBar().maximum() == 0, "the palette scrolls at 1440 × 900"
    assert editor.canvas.cell_size() >= 40
    tiles = [editor.variants.tile_rect(v) for v in VARIANTS]
    assert all(tile.width() >= 56 for tile in tiles), tiles[0]
    assert all(editor.variants.rect().contains(tile.toAlignedRect()) for tile in tiles)
    assert_labels_whole(editor.variants)


def test_the_brush_summary_is_never_cut(qtbot: QtBot, make_window: Callable[[QSize], MainWindow]) -> None:
    window = make_window(LAPTOP)
    document, preview = window.document, window.card_editor.palette_panel.preview
    document.set_brush(Brush(SetRef(0), True, Group(GroupKind.AND, 1)))
    QApplication.processEvents()
    assert preview.lines() == ["NOT set1 “any rival part”", "group AND 1", "weight 3"]
    label = preview.text_label
    assert window.card_editor.palette_scroll.width() == PALETTE_WIDTH
    assert label.height() >= label.heightForWidth(label.width()), "the wrapped summary is taller than its room"
    assert label.width() >= label.minimumSizeHint().width()
    assert "group AND 1" in label.text() and "weight 3" in label.text()


def test_the_first_window_fits_the_screen_it_opens_on() -> None:
    assert first_size(None) == COMMON  # no real screen (offscreen): the default
    assert first_size(QSize(1366, 728)) == QSize(1366, 728)
    assert first_size(QSize(2560, 1400)) == COMMON
