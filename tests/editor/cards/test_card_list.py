"""The card list driven with real clicks, key presses and drags: select, add, duplicate, delete,
reorder, the limits, undo/redo of each, and what the rows show (thumbnail, decided badge)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard, before any widget)
from editor.document import ProgramDocument
from editor.widgets.cards.card_list import DECIDED_COLOR, PROBLEM_COLOR, CardList, DecidedRole, ProblemCountRole
from engines.snake import Direction, Element
from matcher.editing import new_card, paint
from matcher.model import MAX_CARDS, Card, ElementSet, Head, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot

from editor.main_window import MainWindow

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


def labelled_program(count: int = 3) -> Program:
    """Cards described "a", "b", "c", …, each with one pattern so thumbnails differ."""
    cards = tuple(
        paint(Card(Head(3, 3, Direction.UP), {}, chr(ord("a") + i)), [(i % 7, 0)], Pattern(Element.ENEMY_TAIL))
        for i in range(count)
    )
    return Program("cards", "", (), cards)


@pytest.fixture
def make_list(qtbot: QtBot) -> Callable[..., CardList]:
    def make(program: Program | None = None) -> CardList:
        document = ProgramDocument(program if program is not None else labelled_program())
        widget = CardList(document)
        qtbot.addWidget(widget)
        widget.resize(340, 560)
        widget.show()
        qtbot.waitExposed(widget)
        widget.activateWindow()  # window-wide shortcuts need the active window
        qtbot.waitUntil(lambda: QApplication.activeWindow() is widget, timeout=2000)
        return widget

    return make


def descriptions(widget: CardList) -> list[str]:
    return [card.description for card in widget.document.program.cards]


def shown_descriptions(widget: CardList) -> list[str]:
    """What the rows say (their display text), read from the view's model."""
    model = widget.view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def click_card(qtbot: QtBot, widget: CardList, index: int) -> None:
    qtbot.mouseClick(widget.view.viewport(), LEFT, pos=widget.card_rect(index).center())


def drag_card(qtbot: QtBot, widget: CardList, source: int, to: QPoint, release: bool = True) -> None:
    """Press on card ``source`` and move the mouse in small steps to ``to`` (viewport coordinates)."""
    viewport = widget.view.viewport()
    start = widget.card_rect(source).center()
    qtbot.mousePress(viewport, LEFT, pos=start)
    steps = 8
    for i in range(1, steps + 1):
        qtbot.mouseMove(viewport, start + (to - start) * i / steps)
    if release:
        qtbot.mouseRelease(viewport, LEFT, pos=to)


def below(widget: CardList, index: int) -> QPoint:
    """A point in the lower half of card ``index`` (drops after it)."""
    rect = widget.card_rect(index)
    return QPoint(rect.center().x(), rect.bottom() - 4)


def above(widget: CardList, index: int) -> QPoint:
    rect = widget.card_rect(index)
    return QPoint(rect.center().x(), rect.top() + 4)


# --- showing and selecting ------------------------------------------------------------------


def test_rows_show_number_description_and_a_thumbnail_of_each_card(make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    assert shown_descriptions(widget) == ["Card 1: a", "Card 2: b", "Card 3: c"]
    thumbs = [widget.model.thumbnail(i).toImage() for i in range(3)]
    assert all(not t.isNull() and t.width() >= 48 for t in thumbs)
    assert thumbs[0] != thumbs[1], "each card draws its own patterns"
    assert widget.count_label.text() == f"3 / {MAX_CARDS}"


def test_clicking_a_card_makes_it_the_current_card_and_back(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 2)
    assert widget.document.current_card == 2
    widget.document.set_current_card(1)
    assert widget.view.currentIndex().row() == 1
    assert widget.view.selectionModel().isSelected(widget.model.index(1, 0))


def test_letter_keys_in_the_list_do_not_search_for_a_card(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    """Regression: the list took letters as type-to-search, so R (turn the head) or a stray
    letter jumped to another card whose text starts with it ("Card 2: …")."""
    widget = make_list(labelled_program(3))
    click_card(qtbot, widget, 0)
    widget.view.setFocus()
    for key in (Qt.Key.Key_C, Qt.Key.Key_B, Qt.Key.Key_R):
        qtbot.keyClick(widget.view, key)
        assert widget.document.current_card == 0, key


def test_a_click_on_a_card_says_which_so_a_host_can_move_the_focus(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    with qtbot.waitSignal(widget.cardClicked) as clicked:
        click_card(qtbot, widget, 1)
    assert clicked.args == [1]


def test_thumbnail_is_redrawn_when_the_card_changes(make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    before = widget.model.thumbnail(0).toImage()
    widget.document.edit_card(lambda card: paint(card, [(0, 6), (1, 6)], Pattern(Element.BORDER)), "paint")
    assert widget.model.thumbnail(0).toImage() != before
    assert widget.model.thumbnail(1).toImage() == widget.model.thumbnail(1).toImage()


# --- add / duplicate / delete ---------------------------------------------------------------


def test_add_inserts_a_blank_card_after_the_current_one_and_selects_it(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 0)
    qtbot.mouseClick(widget.add_button, LEFT)
    program = widget.document.program
    assert descriptions(widget) == ["a", "", "b", "c"]
    assert program.cards[1] == new_card()
    assert program.cards[1].head == Head(3, 3, Direction.UP)
    assert widget.document.current_card == 1
    assert widget.view.currentIndex().row() == 1
    assert shown_descriptions(widget)[1] == "Card 2"

    widget.document.undo_stack.undo()
    assert descriptions(widget) == ["a", "b", "c"]
    assert widget.model.rowCount() == 3
    widget.document.undo_stack.redo()
    assert descriptions(widget) == ["a", "", "b", "c"]
    assert widget.view.currentIndex().row() == 1


def test_add_by_shortcut(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    widget.view.setFocus()
    qtbot.keyClick(widget.view, Qt.Key.Key_N, CTRL_SHIFT)
    assert len(widget.document.program.cards) == 4


def test_duplicate_inserts_a_copy_after_the_current_card(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 1)
    qtbot.mouseClick(widget.duplicate_button, LEFT)
    program = widget.document.program
    assert descriptions(widget) == ["a", "b", "b", "c"]
    assert program.cards[2] == program.cards[1]
    assert widget.document.current_card == 2
    widget.document.undo_stack.undo()
    assert descriptions(widget) == ["a", "b", "c"]
    assert widget.document.current_card == 1


def test_duplicate_by_shortcut(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 2)
    qtbot.keyClick(widget.view, Qt.Key.Key_D, CTRL_SHIFT)
    assert descriptions(widget) == ["a", "b", "c", "c"]


def test_delete_removes_the_current_card_and_undo_brings_it_back(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 1)
    qtbot.mouseClick(widget.delete_button, LEFT)
    assert descriptions(widget) == ["a", "c"]
    assert widget.document.current_card == 1
    assert shown_descriptions(widget) == ["Card 1: a", "Card 2: c"]
    widget.document.undo_stack.undo()
    assert descriptions(widget) == ["a", "b", "c"]
    assert widget.document.current_card == 1
    widget.document.undo_stack.redo()
    assert descriptions(widget) == ["a", "c"]


def test_deleting_the_last_card_of_the_list_selects_the_new_last(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 2)
    qtbot.mouseClick(widget.delete_button, LEFT)
    assert descriptions(widget) == ["a", "b"]
    assert widget.document.current_card == 1
    assert widget.view.currentIndex().row() == 1


def test_delete_key_in_the_list_deletes_the_current_card(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list()
    click_card(qtbot, widget, 0)
    qtbot.keyClick(widget.view, Qt.Key.Key_Delete)
    assert descriptions(widget) == ["b", "c"]


# --- limits ---------------------------------------------------------------------------------


def test_no_tenth_card(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(MAX_CARDS))
    assert not widget.add_button.isEnabled()
    assert not widget.duplicate_button.isEnabled()
    assert f"at most {MAX_CARDS} cards" in widget.add_button.toolTip()
    assert f"at most {MAX_CARDS} cards" in widget.duplicate_button.toolTip()
    qtbot.mouseClick(widget.add_button, LEFT)
    qtbot.mouseClick(widget.duplicate_button, LEFT)
    qtbot.keyClick(widget.view, Qt.Key.Key_N, CTRL_SHIFT)
    qtbot.keyClick(widget.view, Qt.Key.Key_D, CTRL_SHIFT)
    assert len(widget.document.program.cards) == MAX_CARDS
    assert widget.document.undo_stack.count() == 0

    qtbot.mouseClick(widget.delete_button, LEFT)
    assert widget.add_button.isEnabled()
    assert "Add a blank card" in widget.add_button.toolTip()


def test_reaching_nine_cards_disables_add(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(MAX_CARDS - 1))
    assert widget.add_button.isEnabled()
    qtbot.mouseClick(widget.add_button, LEFT)
    assert len(widget.document.program.cards) == MAX_CARDS
    assert not widget.add_button.isEnabled()
    widget.document.undo_stack.undo()
    assert widget.add_button.isEnabled()


def test_the_last_card_cannot_be_deleted(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(1))
    assert not widget.delete_button.isEnabled()
    assert "at least one card" in widget.delete_button.toolTip()
    qtbot.mouseClick(widget.delete_button, LEFT)
    qtbot.keyClick(widget.view, Qt.Key.Key_Delete)
    assert descriptions(widget) == ["a"]


def test_an_edit_error_is_shown_not_raised(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(MAX_CARDS))
    widget.add_card()  # as a menu would, past the disabled button
    assert len(widget.document.program.cards) == MAX_CARDS
    assert widget.message.isVisible()
    assert f"at most {MAX_CARDS} cards" in widget.message.text()


# --- reordering -----------------------------------------------------------------------------


def test_dragging_a_card_down_moves_it_as_one_undo_step(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(4))
    stack = widget.document.undo_stack
    drag_card(qtbot, widget, 0, below(widget, 2))
    assert descriptions(widget) == ["b", "c", "a", "d"]
    assert widget.document.current_card == 2, "the moved card stays selected"
    assert widget.view.currentIndex().row() == 2
    assert shown_descriptions(widget)[2] == "Card 3: a"
    assert stack.count() == 1
    stack.undo()
    assert descriptions(widget) == ["a", "b", "c", "d"]
    assert widget.document.current_card == 0
    stack.redo()
    assert descriptions(widget) == ["b", "c", "a", "d"]


def test_dragging_a_card_up_to_the_top(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(4))
    drag_card(qtbot, widget, 3, above(widget, 0))
    assert descriptions(widget) == ["d", "a", "b", "c"]
    assert widget.document.current_card == 0


def test_dragging_below_the_last_card_moves_it_to_the_end(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(3))
    last = widget.card_rect(2)
    drag_card(qtbot, widget, 0, QPoint(last.center().x(), last.bottom() + 30))
    assert descriptions(widget) == ["b", "c", "a"]


def test_the_drop_line_shows_where_the_card_will_land_and_escape_cancels(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(4))
    drag_card(qtbot, widget, 0, below(widget, 1), release=False)
    assert widget.view.dragging
    assert widget.view.drop_gap() == 2
    line_y = widget.card_rect(2).top()
    image = widget.view.viewport().grab().toImage()
    highlight = widget.view.palette().color(widget.view.palette().ColorRole.Highlight)
    assert QColor(image.pixel(widget.view.viewport().width() // 2, line_y)) == highlight

    qtbot.keyClick(widget.view, Qt.Key.Key_Escape)
    assert not widget.view.dragging
    qtbot.mouseRelease(widget.view.viewport(), LEFT, pos=below(widget, 1))
    assert descriptions(widget) == ["a", "b", "c", "d"]
    assert widget.document.undo_stack.count() == 0


def test_dropping_a_card_where_it_was_changes_nothing(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(3))
    drag_card(qtbot, widget, 1, above(widget, 1))
    drag_card(qtbot, widget, 1, above(widget, 2))  # the gap right after card 2 is where it is
    assert descriptions(widget) == ["a", "b", "c"]
    assert widget.document.undo_stack.count() == 0


def test_a_tiny_mouse_move_is_a_click_not_a_drag(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(3))
    viewport = widget.view.viewport()
    start = widget.card_rect(1).center()
    qtbot.mousePress(viewport, LEFT, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(0, QApplication.startDragDistance() // 2))
    assert not widget.view.dragging
    qtbot.mouseRelease(viewport, LEFT, pos=start)
    assert widget.document.current_card == 1
    assert descriptions(widget) == ["a", "b", "c"]


def test_move_up_and_down_buttons(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(3))
    click_card(qtbot, widget, 0)
    assert not widget.move_up_button.isEnabled()
    qtbot.mouseClick(widget.move_down_button, LEFT)
    assert descriptions(widget) == ["b", "a", "c"]
    assert widget.document.current_card == 1
    qtbot.keyClick(widget.view, Qt.Key.Key_Down, CTRL_SHIFT)
    assert descriptions(widget) == ["b", "c", "a"]
    assert not widget.move_down_button.isEnabled()
    qtbot.mouseClick(widget.move_up_button, LEFT)
    assert descriptions(widget) == ["b", "a", "c"]
    assert widget.document.undo_stack.count() == 3


# --- badges ---------------------------------------------------------------------------------


def row_image(widget: CardList, row: int) -> QImage:
    return widget.view.viewport().grab(widget.card_rect(row)).toImage()


def test_the_card_that_decided_is_marked(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(labelled_program(3))
    click_card(qtbot, widget, 0)
    assert QColor(row_image(widget, 1).pixel(1, 20)) != DECIDED_COLOR
    widget.document.set_decided_card(1)
    assert widget.model.index(1, 0).data(DecidedRole) is True
    assert widget.model.index(0, 0).data(DecidedRole) is False
    assert QColor(row_image(widget, 1).pixel(1, 20)) == DECIDED_COLOR
    assert "decided" in widget.model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
    widget.document.set_decided_card(None)
    assert QColor(row_image(widget, 1).pixel(1, 20)) != DECIDED_COLOR


def test_cards_with_problems_say_how_many(make_list: Callable[..., CardList]) -> None:
    program = labelled_program(2)
    program = Program(program.name, "", (ElementSet("nothing", frozenset()),),
                      (paint(program.cards[0], [(2, 3), (1, 3)], Pattern(SetRef(0))), program.cards[1]))
    widget = make_list(program)
    assert widget.model.index(0, 0).data(ProblemCountRole) == 2
    assert widget.model.index(1, 0).data(ProblemCountRole) == 0
    assert "2 problems" in widget.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)



def colour_columns(image: QImage, colour: QColor) -> list[int]:
    """The x of every column of ``image`` with a pixel of ``colour``."""
    return [x for x in range(image.width()) if any(QColor(image.pixel(x, y)) == colour for y in range(image.height()))]


def problem_program() -> Program:
    """Card 1 has 48 patterns (a long count), each naming an empty set: 48 problems."""
    program = labelled_program(2)
    many = [(r, c) for r in range(7) for c in range(7) if (r, c) != (3, 3)]
    return Program(program.name, "", (ElementSet("nothing", frozenset()),),
                   (paint(program.cards[0], many, Pattern(SetRef(0))), program.cards[1]))


def badge_columns(qtbot: QtBot, widget: CardList) -> tuple[QImage, list[int], list[int]]:
    """Card 1 decided, its row's image and the columns of its problem and decided badges (the
    decided bar at the row's edge left out)."""
    widget.document.set_decided_card(0)
    qtbot.waitUntil(lambda: widget.model.index(0, 0).data(ProblemCountRole) == 48)
    image = row_image(widget, 0)
    return image, colour_columns(image, PROBLEM_COLOR), [x for x in colour_columns(image, DECIDED_COLOR) if x > 8]


def test_a_row_shows_its_problem_and_decided_badges_whole(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    widget = make_list(problem_program())
    widget.resize(480, 560)
    image, red, yellow = badge_columns(qtbot, widget)
    for pill in (red, yellow):  # there, and whole: ending before the row's edge (a cut pill runs into it)
        assert len(pill) > 20 and max(pill) < image.width() - 3
    assert max(red) < min(yellow)


def test_in_a_1024_px_window_a_row_still_shows_its_problem_badge_whole(
        qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(problem_program())
    window.resize(1024, 700)
    widget = window.findChild(CardList)
    assert widget is not None
    qtbot.waitUntil(lambda: widget.view.viewport().width() < 200)  # the program pane is narrow here
    image, red, yellow = badge_columns(qtbot, widget)
    assert len(red) > 20 and max(red) < image.width() - 3, (red[-1:], image.width())
    assert yellow == []  # no room for "decided" beside the problems: the bar at the row's edge says it
    assert QColor(image.pixel(1, 20)) == DECIDED_COLOR


def test_the_current_card_shows_a_ring_while_the_list_has_the_keys(qtbot: QtBot, make_list: Callable[..., CardList]) -> None:
    """Focus is visible where Tab lands: the selected row looked the same with or without the
    focus, so a keyboard user could not see that the arrows would now move between cards."""
    widget = make_list()
    view = widget.view
    rect = widget.card_rect(widget.document.current_card)
    on_ring = QPoint(rect.left() + 6, rect.center().y())
    ink = view.palette().color(view.palette().ColorRole.HighlightedText)

    def ring() -> QColor:
        return view.viewport().grab().toImage().pixelColor(on_ring)

    widget.window().activateWindow()
    widget.count_label.setFocus()
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert ring() != ink
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert ring() == ink
