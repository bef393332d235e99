""""New card from here" (issue 17): a card from what a snake saw, on the test bench and at a step
of a battle, its move picked, trimmed, dragged to its place with a live preview of what it would
decide, inserted with its test as one undo step."""

from __future__ import annotations
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QToolButton, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import SNAKE_SAMPLES, resolve_program
from editor.document import ProgramDocument
from editor.widgets.authoring.authoring_tools import NEW_CARD_TEXT
from editor.widgets.authoring.new_card_dialog import NewCardDialog
from editor.widgets.games.snake.snake_game import SnakeBoard
from editor.widgets.arena.match_runner import Frame
from editor.widgets.arena.match_transport import FULL_SPEED
from arena.match import MatchSetup, run_match
from engines.snake import Bite, Board, board_at_turn
from engines.snake import Direction
from matcher import load_program
from matcher.explain import Explanation
from matcher.model import Card, Head, Pattern, Program, SetRef
from matcher.moment import Keep, card_from_moment
from editor.main_window import MainWindow
from tests.editor.qt_items import top_item

LEFT = Qt.MouseButton.LeftButton
WAIT = 20_000
"""Milliseconds to wait for the battle's worker: a deadline for a hang, not a timing window."""


def tool_button(parent: QWidget, text: str) -> QToolButton:
    found = [b for b in parent.findChildren(QToolButton) if b.defaultAction() is not None
             and b.defaultAction().text() == text and b.isVisible()]
    assert found, f"no visible button {text!r}"
    return found[0]


def drag_new_card(qtbot: QtBot, dialog: NewCardDialog, row: int) -> None:
    """Press on the new card's row in "Where it goes", move to ``row`` and release there."""
    strip = dialog.insert_list
    start = strip.visualItemRect(strip.item(strip.position())).center()
    target = strip.visualItemRect(strip.item(row)).center()
    qtbot.mousePress(strip.viewport(), LEFT, pos=start)
    qtbot.mouseMove(strip.viewport(), QPoint(start.x(), (start.y() + target.y()) // 2))
    qtbot.mouseMove(strip.viewport(), target)
    qtbot.mouseRelease(strip.viewport(), LEFT, pos=target)


def choose_keep(qtbot: QtBot, dialog: NewCardDialog, steps_down: int, nonempty: bool) -> None:
    """Pick a trim the way a keyboard user does: the Keep box's entries with Down, the box ticked."""
    dialog.distance_box.setFocus()
    for _ in range(steps_down):
        qtbot.keyClick(dialog.distance_box, Qt.Key.Key_Down)
    if dialog.nonempty_box.isChecked() != nonempty:
        qtbot.mouseClick(dialog.nonempty_box, LEFT, pos=QPoint(6, dialog.nonempty_box.height() // 2))


def click_undo(qtbot: QtBot, window: MainWindow) -> None:
    """The tool bar's Undo, clicked."""
    button = next(b for b in window.findChildren(QToolButton) if b.defaultAction() is window.undo_action)
    qtbot.mouseClick(button, LEFT)


def bench_dialog(window: MainWindow) -> NewCardDialog:
    """"New card from here" on the test bench, asked directly: its dialog."""
    dialog = window.authoring.card_from_bench(window.test_bench)
    assert dialog is not None, "the test bench gave no new-card dialog"
    return dialog


def explained(explanation: Explanation | None) -> Explanation:
    assert explanation is not None, "no decision is explained"
    return explanation


def board_shown(board: Board | None) -> Board:
    assert board is not None, "the view shows no board"
    return board


def open_window(make_window: Callable[[], MainWindow], sample: str = "tail_biter") -> MainWindow:
    window = make_window()
    path = resolve_program(sample)
    window.document.replace_all(load_program(path), path)
    return window


# --- on the test bench ---------------------------------------------------------------------------


def test_bench_card_asks_for_the_chosen_move_trims_and_goes_in_with_its_test_as_one_undo_step(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = open_window(make_window)
    window.show_test_bench()
    bench = window.test_bench
    bench.load_test(0)
    program = window.document.program
    me = bench.position_editor.me()
    assert me is not None
    board = Board(bench.position_editor.position())
    qtbot.mouseClick(tool_button(bench, NEW_CARD_TEXT), LEFT)
    dialog = window.authoring.card_dialog
    assert dialog is not None and dialog.isVisible()
    # No move was made on the bench: the default is the program's choice.
    best = explained(bench.explanation()).best
    assert dialog.chosen_move() in best
    other = next(d for d in board.possible_moves(me) if d not in best)
    qtbot.mouseClick(dialog.move_buttons[other], LEFT)
    assert dialog.chosen_move() == other and other.label in dialog.test_box.text()
    assert len(dialog.card().cells) == 48
    choose_keep(qtbot, dialog, 1, nonempty=True)  # within 1 step, non-empty only
    expected = card_from_moment(board, me, other, Keep(1, nonempty=True), dialog.description_edit.text())
    assert dialog.card() == expected and dialog.cells_label.text() == f"{len(expected.cells)} of 48 cells kept"
    # First, it decides its own moment with the chosen move.
    assert dialog.summary_label.text().startswith(f"As card 1 it decides this moment: ")
    assert "this moment" in dialog.decided_labels()
    qtbot.mouseClick(dialog.test_box, LEFT, pos=QPoint(6, dialog.test_box.height() // 2))
    qtbot.keyClicks(dialog.test_name_edit, "turn away")
    qtbot.mouseClick(dialog.insert_button, LEFT)
    assert not dialog.isVisible()
    after = window.document.program
    assert after.cards[0] == expected and after.cards[1:] == program.cards
    assert after.tests[-1].name == "turn away" and after.tests[-1].expect == frozenset({other})
    assert window.document.current_card == 0
    # The bench decides the new test with the new card, for the move asked.
    bench.load_test(len(after.tests) - 1)
    explanation = explained(bench.explanation())
    assert explanation.card == 0 and other in explanation.best
    click_undo(qtbot, window)
    assert window.document.program == program  # card and test gone in one step


def test_cancel_leaves_the_program_alone_and_an_empty_bench_says_why(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = open_window(make_window)
    program = window.document.program
    dialog = bench_dialog(window)
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Cancel), LEFT)
    assert window.document.program == program and not window.document.dirty
    window.test_bench.position_editor.set_position(window.test_bench.position_editor.position().__class__(9, 9, ()), None)
    messages: list[str] = []
    window.authoring.message.connect(messages.append)
    assert window.authoring.card_from_bench(window.test_bench) is None
    assert messages and "Draw a snake first" in messages[0]


# --- at a step of a battle: the done-when of issue 17 --------------------------------------------


def bitten_step(frames: Sequence[Frame]) -> tuple[int, int]:
    """The first frame index whose step bites off a snake's tail while that snake still had a
    turn with a choice, and the bitten snake."""
    for index in range(1, len(frames)):
        for event in frames[index].events:
            if isinstance(event, Bite):
                board = board_at_turn(frames[index - 1].state.position, frames[index].events, event.victim)
                if board is not None and len(board.possible_moves(event.victim)) >= 2:
                    return index, event.victim
    raise AssertionError("no bite in the battle")


def test_a_card_from_the_step_where_a_sample_snake_lost_its_tail(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = open_window(make_window, "tail_biter")
    tab = window.battle_tab
    tab.setup.set_opponents([SNAKE_SAMPLES / "hunter.snake.json"])
    tab.setup.seed_box.setValue(7)
    window.show_battle()
    tab.playback.set_speed(FULL_SPEED)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: tab.outcome is not None and not tab.playback.live, timeout=WAIT)
    index, victim = bitten_step(tab.playback.frames)
    tab.playback.seek(index)
    button = tool_button(tab, NEW_CARD_TEXT)
    assert not button.isEnabled()  # no snake clicked yet
    view = tab.board.view
    cell = board_shown(view.board()).bodies[victim][1]
    qtbot.mouseClick(view, LEFT, pos=view.cell_rect(*cell).center().toPoint())
    assert tab.board.explanation is not None and tab.board.explanation.snake == victim
    program = window.document.program
    qtbot.mouseClick(button, LEFT)
    dialog = window.authoring.card_dialog
    assert dialog is not None and dialog.isVisible()
    frame = tab.playback.frames[index]
    made = next(e.direction for e in frame.events if getattr(e, "snake", None) == victim and hasattr(e, "direction"))
    assert dialog.chosen_move() == made and "(made)" in dialog.move_buttons[made].text()
    assert f"step {frame.turn} of the battle" in dialog.title_label.text()
    # The battle's steps of this snake are the preview's evidence, with the program's tests.
    assert any(r.kind == "step" for r in dialog.rows) and any(r.kind == "test" for r in dialog.rows)
    choose_keep(qtbot, dialog, 2, nonempty=True)  # within 2 steps of the head, non-empty
    assert dialog.keep() == Keep(2, nonempty=True)
    trimmed = dialog.card()
    assert 0 < len(trimmed.cells) < 48 and all(abs(r - 3) + abs(c - 3) <= 2 for r, c in trimmed.cells)
    # Dropped last, then back on top: the preview follows where it stands.
    drag_new_card(qtbot, dialog, len(program.cards))
    assert dialog.position() == len(program.cards) and dialog.position_box.value() == len(program.cards) + 1
    assert dialog.summary_label.text().startswith(f"As card {len(program.cards) + 1} ")
    drag_new_card(qtbot, dialog, 0)
    assert dialog.position() == 0 and dialog.summary_label.text().startswith("As card 1 it decides this moment")
    decided_steps = [r for r in dialog.rows if r.kind == "step" and r.preview.decided]
    assert f"It would decide {len(decided_steps)} of " in dialog.summary_label.text()
    assert dialog.evidence_tree.topLevelItemCount() == len(dialog.decided_labels())
    # The field shows the moment, decided by the new card; a click on a step's row shows that step.
    view = dialog.moment_view
    assert board_shown(view.board()).position() == dialog.moment.position and explained(view.explanation()).card == 0
    assert view.highlighted_snake() == victim
    step_row = next(i for i in range(dialog.evidence_tree.topLevelItemCount())
                    if top_item(dialog.evidence_tree, i).text(0).startswith("step "))
    item = top_item(dialog.evidence_tree, step_row)
    tree = dialog.evidence_tree
    qtbot.mouseClick(tree.viewport(), LEFT, pos=tree.visualItemRect(item).center())
    step = next(e for e in dialog.moment.steps if e.label == item.text(0))
    assert board_shown(view.board()).position() == step.board.position() and explained(view.explanation()).card == 0
    assert dialog.shown_label.text().startswith(f"Shown: {item.text(0)} — ")
    qtbot.mouseClick(dialog.test_box, LEFT, pos=QPoint(6, dialog.test_box.height() // 2))
    qtbot.mouseClick(dialog.insert_button, LEFT)
    after = window.document.program
    assert after.cards[0] == trimmed and len(after.cards) == len(program.cards) + 1
    assert after.tests[-1].snake == victim and after.tests[-1].expect == frozenset({made})
    assert after.tests[-1].name == f"{dialog.moment.snake_name} at step {frame.turn} of the battle"
    # The test bench decides the saved moment with the new card.
    window.show_test_bench()
    window.test_bench.load_test(len(after.tests) - 1)
    QApplication.processEvents()
    assert explained(window.test_bench.explanation()).card == 0
    assert window.test_bench.test_list.summary_text().startswith(f"{len(after.tests)}")
    assert window.document.undo_stack.count() == 1
    click_undo(qtbot, window)
    assert window.document.program == program


def test_a_snake_clicked_in_an_arena_replay_gives_a_card_for_the_editors_program(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path) -> None:
    path = tmp_path / "battle.jsonl"
    seats = tuple(str(resolve_program(name)) for name in ("hunter", "wall_hugger"))
    run_match(MatchSetup("snake", seats, 3, {"steps": 40}), record=path, host_root=tmp_path)
    window = open_window(make_window, "tail_biter")
    assert window.open_dropped(path)
    pane = window.arena_pane
    qtbot.waitUntil(lambda: len(pane.playback.frames) > 20, timeout=WAIT)
    pane.playback.seek(12)
    board = pane.board
    assert isinstance(board, SnakeBoard)
    view = board.view
    cell = board_shown(view.board()).bodies[1][1]
    qtbot.mouseClick(view, LEFT, pos=view.cell_rect(*cell).center().toPoint())
    pane.select_seat(None)
    # A right-click on the snake selects it and offers "New card from here…".
    where = view.cell_rect(*cell).center().toPoint()
    view.customContextMenuRequested.emit(where)  # what a right-click on a real display sends
    assert board.explanation is not None and board.explanation.snake == 1
    menu = board.context_menu
    assert menu is not None and menu.isVisible()
    (action,) = [a for a in menu.actions() if a.text() == NEW_CARD_TEXT]
    assert action.isEnabled()
    action.trigger()
    menu.close()
    dialog = window.authoring.card_dialog
    assert dialog is not None and "step 12 of the replay" in dialog.title_label.text()
    assert "wall_hugger" in dialog.title_label.text()  # the seat as the replay names it
    assert len([r for r in dialog.rows if r.kind == "step"]) >= 10  # the replay's turns of that snake
    program = window.document.program
    qtbot.mouseClick(dialog.insert_button, LEFT)
    assert len(window.document.program.cards) == len(program.cards) + 1
    assert window.document.program.tests == program.tests  # no test unless asked


def test_a_program_with_problems_gets_the_card_without_a_preview(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    broken = Program("p", "", (), (Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(SetRef(2))}),))
    window.document.replace_all(broken, None)
    dialog = bench_dialog(window)
    assert dialog.summary_label.text().startswith("The program has problems")
    assert dialog.evidence_tree.topLevelItemCount() == 0
    assert dialog.chosen_move() == dialog.moment.possible[0]  # no program's choice to go by
    qtbot.mouseClick(dialog.insert_button, LEFT)
    assert len(window.document.program.cards) == 2 and window.document.program.cards[1] == broken.cards[0]


def test_on_the_bench_the_one_expected_move_ticked_is_the_card_s_move(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = open_window(make_window)
    bench = window.test_bench
    bench.load_test(0)
    me = bench.position_editor.me()
    assert me is not None
    possible = Board(bench.position_editor.position()).possible_moves(me)
    wished = next(d for d in possible if d not in explained(bench.explanation()).best)
    for direction, box in bench.expect_boxes.items():  # the user ticks only the move they wish for
        if box.isChecked() != (direction == wished):
            qtbot.mouseClick(box, LEFT, pos=QPoint(6, box.height() // 2))
    assert bench.expected_moves() == frozenset({wished})
    qtbot.mouseClick(tool_button(bench, NEW_CARD_TEXT), LEFT)
    dialog = window.authoring.card_dialog
    assert dialog is not None
    assert dialog.chosen_move() == wished and dialog.move_buttons[wished].text().endswith("(expected)")


def test_the_new_card_moves_with_alt_arrows_and_the_number_box(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = open_window(make_window)
    dialog = bench_dialog(window)
    strip, cards = dialog.insert_list, len(window.document.program.cards)
    strip.setFocus()
    qtbot.keyClick(strip, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(strip, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert dialog.position() == 2 and dialog.position_box.value() == 3
    assert strip.item(2).text() == "3. New card" and strip.item(0).text().startswith("1. ")
    qtbot.keyClick(strip, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert dialog.position() == 1 and dialog.summary_label.text().startswith("As card 2 ")
    dialog.position_box.setValue(cards + 1)  # typed into the number box
    assert dialog.position() == cards and strip.item(cards).text() == f"{cards + 1}. New card"
    qtbot.keyClick(strip, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert dialog.position() == cards  # no further than last
    qtbot.mouseClick(dialog.insert_button, LEFT)
    assert window.document.program.cards[cards] == dialog.card() and window.document.current_card == cards


def test_the_dialog_is_made_with_the_keyboard_alone(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Keyboard only: Alt+D reaches the description (its label is its buddy), Enter there
    inserts the card; a second dialog closes on Escape and changes nothing."""
    window = open_window(make_window)
    window.test_bench.load_test(0)
    program = window.document.program
    dialog = bench_dialog(window)
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.insert_button.isDefault(), "Enter would cancel"
    qtbot.keyClick(dialog, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(dialog.description_edit.hasFocus)
    dialog.description_edit.clear()
    qtbot.keyClicks(dialog.description_edit, "typed card")
    qtbot.keyClick(dialog.description_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.document.card.description == "typed card"
    assert len(window.document.program.cards) == len(program.cards) + 1
    again = bench_dialog(window)
    qtbot.waitExposed(again)
    edited = window.document.program
    qtbot.keyClick(again.description_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not again.isVisible())
    assert window.document.program == edited
