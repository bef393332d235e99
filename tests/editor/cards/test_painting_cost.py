"""Painting does only the work an edit needs (no timing here: `make bench` times it).

Issue 16: on nine_cards a click-paint took 115-200 ms and a 6-cell drag 800-900 ms: every edit
wrote the whole program out for the tournament tab, refilled every test row and the decision's
tables, and the variant strip recomputed its layout ~1,900 times per 6 clicks."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
import pytest

import editor.widgets  # noqa: F401
from editor import main_window as main_window_module
from editor.widgets.bench import explanation_panel, program_tests
from editor.widgets.cards.variant_strip import VariantStrip
from editor.main_window import MainWindow


class Calls:
    def __init__(self) -> None:
        self.count = 0


def counting(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> Calls:
    calls = Calls()
    original = getattr(owner, name)

    def wrapper(*args: object, **kwargs: object) -> object:
        calls.count += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return calls


def blank_cells(window: MainWindow) -> list[tuple[int, int]]:
    card = window.document.card
    return [(r, c) for r in range(7) for c in range(7) if (r, c) not in card.cells and (r, c) != card.head.cell]


def test_six_click_paints_do_not_lay_out_the_variant_strip_or_write_out_the_program(qtbot: QtBot, make_window: Callable[[], MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    window.resize(1440, 900)
    qtbot.wait(10)
    layouts = counting(monkeypatch, VariantStrip, "_best_layout")
    dumps = counting(monkeypatch, main_window_module, "dumps_program")
    rows = counting(monkeypatch, program_tests.TestList, "_fill_item")
    canvas = window.card_editor.canvas
    painted: list[tuple[int, int]] = []
    for cell in blank_cells(window)[:6]:
        qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center(cell))
        painted.append(cell)
        qtbot.wait(1)
    assert all(cell in window.document.card.cells for cell in painted)
    assert layouts.count <= 1  # once at most (the window settling at its size), not per cell painted
    assert dumps.count == 0  # the tournament tab hears of it once the edits pause
    assert rows.count == 0  # the built-in program has no tests whose result could change
    qtbot.waitUntil(lambda: dumps.count == 1, timeout=3000)


def test_an_edit_that_does_not_change_the_decision_does_not_refill_its_tables(qtbot: QtBot, make_window: Callable[[], MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    window.show_test_bench()
    assert window.test_bench.explanation() is not None
    refills = counting(monkeypatch, explanation_panel.ExplanationPanel, "_fill_pattern_row")
    window.document.set_current_card(2)  # the last card, blank: it never decides here
    canvas = window.card_editor.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.cell_center((0, 0)))
    assert (0, 0) in window.document.card.cells
    assert refills.count == 0
