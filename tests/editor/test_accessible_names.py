"""A screen reader names every control of the authoring side: the main window and its dialogs.

An icon-only button needs an accessible name (its tooltip is not read as its name), a widget
that paints itself needs one (the card map, the card list, the variants, the heat map: there is
no text in them for a reader to find), and a label beside a field must be its buddy (so the
field is announced by it and the label's & letter reaches it).

Found: the user set's remove button (an icon) and the card map had no name; the Improve
dialog's "length" and "steps" and the statistics' "Program" labelled nothing; the test bench's
"Field", "×", "Me" and "Name", the battle setup's "×" and "Length" labelled nothing, its seed die
and the bench's field had no name. The battle's transport (the arena's) had its
"Step" label beside the step box, labelling nothing. The arena pane's setup had its "Game", "Map",
"Steps", "Seed", "Time limit", "Memory, CPU" and "Sandbox" labelling nothing, its "+", "−" and
"…" buttons no name, and a match's board (a painted view), its scores and think time plots no
name. The tournament pane is walked
by its own test and left out here."""

from __future__ import annotations
from collections.abc import Callable, Iterator

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QBoxLayout, QComboBox,
                               QFormLayout, QGridLayout, QGroupBox, QLabel, QLayout, QLineEdit, QPlainTextEdit, QScrollArea, QTextEdit, QWidget)
from pyqtgraph import GraphicsView
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow
from editor.window.card_menus import mnemonic
from editor.widgets.improve.improve_dialog import ImproveDialog
from editor.widgets.games.cell_hover import SeatBoard
from editor.widgets.games.registry import playable_games
from editor.widgets.stats.card_stats_dialog import CardStatsDialog
from tests.editor.arena.pane_driver import full_speed, set_up, start, wait_finished

FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit, QTextEdit, QAbstractItemView)
OTHER_AREAS = ("editor.widgets.tournament",)


def others(window: MainWindow) -> list[QWidget]:
    return [window.tournament_tab]


def widgets(root: QWidget, skip: list[QWidget]) -> Iterator[QWidget]:
    for widget in [root, *root.findChildren(QWidget)]:
        if widget.objectName().startswith("qt_") or isinstance(widget.parent(), QLineEdit):
            continue  # Qt's own: a line edit's clear button, a table's corner, a bar's » button
        if any(widget is pane or pane.isAncestorOf(widget) for pane in skip):
            continue
        yield widget


def row_pairs(layout: QLayout | None) -> Iterator[tuple[QWidget | None, QWidget | None]]:
    """(label, field) candidates: neighbours in a row, a form's label and field."""
    if layout is None:
        return
    items = [layout.itemAt(i) for i in range(layout.count())]
    if isinstance(layout, QBoxLayout):
        found = [item.widget() if item is not None else None for item in items]
        yield from zip(found, found[1:])
    if isinstance(layout, QFormLayout):
        for row in range(layout.rowCount()):
            label = layout.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field = layout.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if label is not None and field is not None:
                inner = field.layout()
                first = inner.itemAt(0) if inner is not None else None
                yield label.widget(), first.widget() if first is not None else field.widget()
    if isinstance(layout, QGridLayout):
        for row in range(layout.rowCount()):
            label, field = layout.itemAtPosition(row, 0), layout.itemAtPosition(row, 1)
            if label is not None and field is not None:
                inner = field.layout()
                first = inner.itemAt(0) if inner is not None else None
                yield label.widget(), first.widget() if first is not None else field.widget()
    for item in items:
        if item is not None and item.layout() is not None:
            yield from row_pairs(item.layout())


def letter_clashes(root: QWidget) -> list[str]:
    """Two labels or buttons of one window underlining the same letter (Alt+letter then only
    moves between them)."""
    owners: dict[str, str] = {}
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else \
            widget.title() if isinstance(widget, QGroupBox) else ""
        if not widget.isVisibleTo(root) or "<" in text:
            continue
        letter = mnemonic(text)
        if letter is not None and letter in owners:
            found.append(f"{text!r} and {owners[letter]!r} share {letter!r}")
        elif letter is not None:
            owners[letter] = text
    return found


def faults(root: QWidget, skip: list[QWidget], plots: bool = False) -> list[str]:
    """What a screen reader cannot name under ``root``; ``plots``: unnamed plots too (every
    seat plot is named by its title, or by what it plots)."""
    found: list[str] = []
    for widget in widgets(root, skip):
        kind = type(widget)
        if isinstance(widget, QAbstractButton) and not any(c.isalnum() for c in widget.text()) \
                and not widget.accessibleName():
            found.append(f"icon-only {kind.__name__} {widget.text()!r} without a name (tip {widget.toolTip()[:40]!r})")
        if isinstance(widget, QScrollArea) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus \
                and not widget.accessibleName():  # a named one is a view a reader can scroll with keys
            found.append(f"scroll area of {type(widget.widget()).__name__} is a Tab stop that shows no focus")
        if plots and isinstance(widget, GraphicsView) and not widget.accessibleName():  # a plot: a picture to a reader
            found.append(f"plot {type(widget.parent()).__name__} without a name")
        painted = kind.__module__.startswith("editor") and "paintEvent" in vars(kind)
        if painted and not kind.__module__.startswith(OTHER_AREAS) \
                and not isinstance(widget, (QAbstractButton, QComboBox)) and not widget.accessibleName():
            found.append(f"self-painted {kind.__name__} without a name")
        for label, field in row_pairs(widget.layout()):
            if isinstance(label, QLabel) and isinstance(field, FIELDS) and label.text() and label.buddy() is None \
                    and not field.accessibleName():
                found.append(f"label {label.text()!r} names no field (its {type(field).__name__})")
    return found


def test_the_main_window_names_every_control(make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    found = faults(window, others(window), plots=True)
    assert found == [], "\n".join(found)
    assert window.card_editor.canvas.accessibleName() == "Card map"


def test_every_authoring_dialog_names_every_control(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    improve = ImproveDialog(window.document, window)
    stats = CardStatsDialog(window)
    qtbot.addWidget(improve)
    qtbot.addWidget(stats)
    dialogs: list[QWidget] = [window.show_preferences(), window.show_key_reference(), improve, stats]
    for shown in dialogs:
        shown.show()
        assert faults(shown, [], plots=True) == [], type(shown).__name__
        assert letter_clashes(shown) == [], type(shown).__name__


def test_the_card_map_tells_a_screen_reader_the_selected_cell(make_window: Callable[[], MainWindow]) -> None:
    """The map is painted: its description says what the mouse user reads in the cell's tooltip."""
    window = make_window()
    canvas = window.card_editor.canvas
    document = window.document
    document.select_cell(None)
    assert "no cell selected" in canvas.accessibleDescription()
    cell = document.card.sorted_cells()[0][0]
    document.select_cell(cell)
    assert canvas.accessibleDescription().startswith(f"row {cell[0]}, col {cell[1]}: ")
    document.edit_card(lambda card: card.__class__(head=card.head, cells={}), "clear")
    assert "blank: no condition" in canvas.accessibleDescription()


def test_the_bench_and_battle_fields_say_what_they_show(make_window: Callable[[], MainWindow]) -> None:
    """Both boards are pictures: the name says which, the description what is on them."""
    window = make_window()
    editor = window.test_bench.position_editor
    assert editor.view.accessibleName() == "Position field"
    assert window.battle_tab.board.view.accessibleName() == "Battle field"
    description = editor.view.accessibleDescription()
    assert description.startswith(f"{editor.position().width}×{editor.position().height} field; Snake 1 (me) head at ")
    editor.clear()
    assert editor.view.accessibleDescription().endswith("field; no snakes")


def test_the_arena_names_every_control_of_a_finished_match(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """With a match shown the setup is hidden and the board, the scoreboard, the log and the
    transport take the pane: the board is painted, so its name says the game and its
    description which round it shows."""
    window = make_window()
    pane = window.arena_pane
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 12})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    found = faults(pane, [], plots=True)
    assert found == [], "\n".join(found)
    boards = [view for view in pane.findChildren(SeatBoard) if view.isVisibleTo(pane)]
    assert [view.accessibleName() for view in boards] == ["Snake board"]
    assert boards[0].accessibleDescription() == "Step 12 of 12"
    assert [plot.plot_widget.accessibleName() for plot in (pane.score_plot, pane.time_plot)] == [
        "Score per step", "Think time per step"]  # the title as shown: the game's own word
    setup = pane.setup_panel  # a check box is not a field the walk pairs: its label is checked here
    assert setup.sandbox_label.buddy() is setup.unsandboxed_box


def test_the_arena_setup_of_every_game_names_every_control(make_window: Callable[[], MainWindow]) -> None:
    """Each game brings its own rows (a map, numbers, flags): each is walked."""
    window = make_window()
    setup = window.arena_pane.setup_panel
    for game in playable_games():
        setup.set_game(game)
        assert faults(setup, []) == [], game
