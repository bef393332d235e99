"""The program's analysis in the Problems pane (issue 17): warnings under the errors, told apart
(amber triangle, "Warning ·", the kind in words), a click goes to the card and cell; an edit that
mends the card takes its warning away; "Sample battles" adds the weaker "never decided" ones."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import resolve_program
from editor.widgets.authoring.warning_rows import WARNING_INK, WarningRole
from editor.widgets.cards.problems_view import ProblemRole, ProblemsView
from engines.snake import Direction, Element
from matcher import load_program
from matcher.analysis import WarningKind
from matcher.editing import paint
from matcher.model import AND1, Card, Group, GroupKind, Head, Pattern, Program, SetRef
from editor.main_window import MainWindow

OR1 = Group(GroupKind.OR, 1)
LEFT = Qt.MouseButton.LeftButton
WAIT = 60_000
"""Milliseconds to wait for the sampled battles: a deadline for a hang, not a timing window."""
TAIL_AHEAD = Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(Element.ENEMY_TAIL, group=AND1)}, "bite")


def rows(view: ProblemsView) -> list[tuple[str, str]]:
    return [(view.item(i).text(0), view.item(i).text(1)) for i in range(view.tree.topLevelItemCount())]


def click_row(qtbot: QtBot, view: ProblemsView, row: int) -> None:
    rect = view.tree.visualItemRect(view.item(row))
    qtbot.mouseClick(view.tree.viewport(), LEFT, pos=rect.center())


def window_on(make_window: Callable[[], MainWindow], program: Program) -> MainWindow:
    window = make_window()
    window.document.replace_all(program, None)
    return window


def test_a_card_that_makes_the_rest_unreachable_is_a_warning_apart_from_errors(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    blank_first = Program("p", "", (), (Card(), TAIL_AHEAD, TAIL_AHEAD))
    window = window_on(make_window, blank_first)
    view = window.problems_view
    qtbot.waitUntil(lambda: len(view.warnings) == 1, timeout=WAIT)
    assert view.warnings[0].kind is WarningKind.ALWAYS_VALID
    assert view.summary.text() == "No problems · 1 warning"
    assert view.tree.isVisible() and not view.none_label.isVisible()
    where, message = rows(view)[0]
    assert where == "Warning · Card 1" and message.startswith("always valid: valid for every possible move")
    assert "cards 2 and 3 can never decide" in message
    item = view.item(0)
    assert item.foreground(1).color() == WARNING_INK and item.data(0, ProblemRole) is None
    assert "Warning (proved)" in item.toolTip(0)
    window.document.set_current_card(2)
    click_row(qtbot, view, 0)
    assert window.document.current_card == 0
    # An error and a warning: the error first, red; the summary counts both apart.
    broken = Program("p", "", (), (Card(), TAIL_AHEAD, TAIL_AHEAD, Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(SetRef(4))})))
    window.document.edit(lambda _p: broken, "break it")
    qtbot.waitUntil(lambda: view.summary.text().startswith("1 problem"), timeout=WAIT)
    # A program with errors has no warnings until they are mended (errors first).
    qtbot.waitUntil(lambda: not view.warnings, timeout=WAIT)
    assert view.summary.text() == "1 problem"
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: len(view.warnings) == 1, timeout=WAIT)


def test_a_click_on_a_cell_warning_selects_the_cell_and_mending_it_clears_the_warning(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    # Card 2 is card 1 turned: a duplicate. Card 3's (1, 3) is matched by every valid variant.
    turned = Card(Head(3, 3, Direction.RIGHT), {(3, 4): Pattern(Element.ENEMY_TAIL, group=AND1)}, "bite again")
    mixed = Card(Head(3, 3, Direction.UP), {(1, 3): Pattern(Element.EMPTY, group=AND1),
                                            (0, 2): Pattern(Element.ENEMY_TAIL, group=OR1),
                                            (0, 4): Pattern(Element.ENEMY_TAIL, group=OR1)}, "idle")
    window = window_on(make_window, Program("p", "", (), (TAIL_AHEAD, turned, mixed, Card())))
    view = window.problems_view
    qtbot.waitUntil(lambda: bool(view.warnings), timeout=WAIT)
    kinds = [(w.kind, w.card) for w in view.warnings]
    assert (WarningKind.EQUAL, 1) in kinds
    equal_row = kinds.index((WarningKind.EQUAL, 1))
    assert rows(view)[equal_row][1].startswith("duplicate card: is card 1 turned or mirrored")
    click_row(qtbot, view, equal_row)
    assert window.document.current_card == 1
    idle = kinds.index((WarningKind.IDLE_WEIGHT, 2))
    assert rows(view)[idle][0] == "Warning · Card 3, row 1 col 3"
    click_row(qtbot, view, idle)
    assert (window.document.current_card, window.document.selected_cell) == (2, (1, 3))
    # Mend card 2 (a cell of its own): its duplicate warning goes once the edits pause.
    window.document.set_current_card(1)
    window.document.edit_card(lambda c: paint(c, [(1, 4)], Pattern(Element.EMPTY, group=AND1)), "paint")
    qtbot.waitUntil(lambda: (WarningKind.EQUAL, 1) not in [(w.kind, w.card) for w in view.warnings], timeout=WAIT)


def test_sample_battles_adds_never_decided_warnings_marked_as_observed(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    path = resolve_program("nine_cards")
    window = make_window()
    window.document.replace_all(load_program(path), path)
    view = window.problems_view
    qtbot.waitUntil(lambda: bool(view.warnings), timeout=WAIT)
    assert all(w.proved for w in view.warnings)
    button = next(b for b in view.findChildren(QToolButton) if b.defaultAction() is window.authoring.sample_action)
    qtbot.mouseClick(button, LEFT)
    qtbot.waitUntil(lambda: any(not w.proved for w in view.warnings), timeout=WAIT)
    assert button.isEnabled() and button.text() == "Sample battles"
    never = [w for w in view.warnings if w.kind is WarningKind.NEVER_DECIDED]
    assert [w.card for w in never] == [7, 8]  # nine_cards' cards 8 and 9: shadowed in practice
    row = view.warnings.index(never[0])
    assert "never decided: never decided in " in rows(view)[row][1] and "(observed, not proved)" in rows(view)[row][1]
    assert "observed in sampled positions, not proved" in view.item(row).toolTip(0)
    # An edit: the sampled warnings were about another program, they go.
    window.document.edit_card(lambda c: paint(c, [(0, 0)], Pattern(Element.EMPTY, group=AND1)), "paint")
    qtbot.waitUntil(lambda: all(w.proved for w in view.warnings), timeout=WAIT)
