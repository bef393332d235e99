"""The test bench: its decision shows exactly what ``snakepit explain`` prints, the overlay lies on
the field, and program tests are saved, rerun after edits and loaded back by clicking them."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QApplication, QToolButton

import editor.widgets  # noqa: F401
from editor import cli
from editor.document import ProgramDocument
from editor.widgets.bench.position_bench import TestBench
from editor.widgets.games.snake.battle_view import BattleView
from editor.widgets.games.snake.explanation_overlay import BEST
from engines.snake import Board, Direction, Element, Position, SnakeBody
from matcher import compile_program
from matcher.editing import paint, remove_card, replace_card
from matcher.explain import explain
from matcher.fileformat import save_program
from matcher.model import Card, Group, GroupKind, Head, Pattern, Program, SetRef
from pytestqt.qtbot import QtBot
from tests.editor.qt_items import table_item, top_item
from typing import Any
from collections.abc import Callable

from editor.main_window import MainWindow

OR1, OR2 = Group(GroupKind.OR, 1), Group(GroupKind.OR, 2)

# Card 1 bites a tail right ahead; card 2 goes where it is free ahead and beyond, scoring the
# free cells it sees, so near a wall its moves score differently.
PROGRAM = Program(
    "Bench test",
    cards=(
        Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(Element.ENEMY_TAIL)}, "a tail ahead: bite it"),
        Card(
            Head(3, 3, Direction.UP),
            {
                (2, 3): Pattern(Element.EMPTY),
                (1, 3): Pattern(Element.EMPTY, group=OR1),
                (0, 3): Pattern(Element.EMPTY, group=OR1),
                (2, 2): Pattern(Element.OWN_BODY, negate=True, group=OR2),
            },
            "free ahead and beyond: go",
        ),
    ),
)

# Card 2 decides between valid moves of different scores (and one invalid move).
CARD_DECIDES = Position(9, 9, (SnakeBody(((1, 4), (2, 4), (3, 4))), SnakeBody(((1, 1), (2, 1), (3, 1)))))
# Cornered: a single possible move, taken without any card.
SINGLE_MOVE = Position(9, 9, (SnakeBody(((5, 5), (5, 6), (5, 7))), SnakeBody(((0, 0), (1, 0), (2, 0)))))
# No card has a valid move (nothing lies beyond the cell ahead): every possible move is best.
NO_CARD = Position(3, 3, (SnakeBody(((1, 1), (1, 2), (2, 2))),))


@pytest.fixture
def program_file(tmp_path: Path) -> Path:
    path = tmp_path / "bench.snake.json"
    save_program(path, PROGRAM)
    return path


@pytest.fixture
def bench(qtbot: QtBot, program_file: Path) -> TestBench:
    from matcher.fileformat import load_program

    widget = TestBench(ProgramDocument(load_program(program_file), program_file))
    qtbot.addWidget(widget)
    widget.resize(1200, 760)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def displayed(bench: TestBench) -> dict[str, object]:
    """What the explanation panel shows, read off its labels and table, in the CLI's terms."""
    panel = bench.explanation_panel
    table = panel.moves_table
    rows = [[table_item(table, r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    card_html = QTextDocument()
    card_html.setHtml(panel.card_label.text())
    card_text = card_html.toPlainText()
    if card_text == "no card decided":
        card = None
    else:
        found = re.match(r"card (\d+)", card_text)
        assert found, card_text
        card = int(found.group(1)) - 1
    moves = {} if card is None else {row[0]: {"valid": row[1] == "valid", "score": int(row[2])} for row in rows}
    best_text = panel.best_label.text()
    return {
        "possible": [row[0] for row in rows],
        "possible_label": [] if panel.possible_label.text() == "none" else panel.possible_label.text().split(", "),
        "card": card,
        "moves": moves,
        "best": [] if best_text == "none" else best_text.split(", "),
        "best_rows": [row[0] for row in rows if row[4].endswith("best")],
    }


def cli_explain(capsys: pytest.CaptureFixture[str], program: Path, position: Path, snake: int) -> dict[str, Any]:
    capsys.readouterr()
    assert cli.main(["explain", str(program), str(position), "--snake", str(snake)]) == 0
    explained: dict[str, Any] = json.loads(capsys.readouterr().out)
    return explained


@pytest.mark.parametrize(
    ("position", "me", "decided"),
    [(CARD_DECIDES, 0, 1), (SINGLE_MOVE, 1, None), (NO_CARD, 0, None)],
    ids=["card-decides", "single-move", "no-card"],
)
def test_the_bench_shows_what_the_cli_explains(qtbot: QtBot, bench: TestBench, program_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], position: Position, me: int, decided: int | None) -> None:
    bench.position_editor.set_position(position, me)
    path = tmp_path / "here.position.json"
    assert bench.position_editor.save(path)
    expected = cli_explain(capsys, program_file, path, me)
    shown = displayed(bench)
    assert expected["card"] == decided  # the case is the one its name says
    assert shown["possible"] == shown["possible_label"] == expected["possible"]
    assert shown["card"] == expected["card"]
    assert shown["moves"] == {m: {"valid": v["valid"], "score": v["score"]} for m, v in expected["moves"].items()}
    assert shown["best"] == expected["best"]
    assert shown["best_rows"] == expected["best"]
    assert bench.document.decided_card == expected["card"]


def test_the_overlay_lies_on_the_field(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    view = bench.position_editor.view
    explanation = view.explanation()
    assert explanation is not None and explanation.card == 1
    assert view.explained_move() == Direction.DOWN  # the best move's variant is laid over the field
    # The best move's arrow is painted between the head and the cell below it.
    head = view.cell_rect(1, 4)
    point = head.center().toPoint() + QPoint(0, round(head.height() * 0.75))
    color = QColor(view.grab().toImage().pixel(point))
    assert abs(color.hueF() - BEST.hueF()) < 0.06 and color.saturationF() > 0.5


def test_clicking_a_move_lays_its_variant_over_the_field(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    table = bench.explanation_panel.moves_table
    row = next(r for r in range(table.rowCount()) if table_item(table, r, 0).text() == "up")
    rect = table.visualItemRect(table_item(table, row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert bench.position_editor.view.explained_move() == Direction.UP
    assert "up" in bench.explanation_panel.patterns_title.text()
    assert bench.explanation_panel.patterns_table.rowCount() == 4
    marks = [table_item(bench.explanation_panel.patterns_table, r, 0).toolTip() for r in range(4)]
    assert marks.count("not matched") == 1  # the rival's head two cells up is not empty


def test_decide_runs_again_after_each_program_edit(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    assert bench.document.decided_card == 1
    with qtbot.waitSignal(bench.decided):
        bench.document.edit(lambda p: remove_card(p, 1), "Delete card 2")
    assert displayed(bench)["card"] is None
    assert displayed(bench)["best"] == ["up", "down", "left"]
    assert bench.document.decided_card is None
    bench.document.undo_stack.undo()
    assert displayed(bench)["card"] == 1


def test_ctrl_return_decides_and_f5_does_not(qtbot: QtBot, bench: TestBench) -> None:
    """Decide had F5 here but Ctrl+Return in the main window (where F5 starts a battle): one key
    everywhere now, and the tooltip says which."""
    with qtbot.waitActive(bench):
        bench.activateWindow()
    with qtbot.assertNotEmitted(bench.decided):
        qtbot.keyClick(bench.position_editor.view, Qt.Key.Key_F5)
    with qtbot.waitSignal(bench.decided) as decided:
        qtbot.keyClick(bench.position_editor.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert decided.args[0] is not None
    assert "(Ctrl+Return)" in bench.decide_action.toolTip()


def test_an_invalid_program_shows_why_nothing_is_decided(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    # A pattern that refers to a user set the program does not have.
    bench.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(SetRef(0))), "Paint")
    assert bench.explanation() is None
    assert "problems" in bench.explanation_panel.headline.text()
    assert bench.document.decided_card is None
    assert bench.position_editor.view.explanation() is None
    bench.document.undo_stack.undo()
    assert bench.explanation() is not None


def test_drawing_a_snake_decides_for_it(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(Position(9, 9), 0)
    assert "Draw a snake" in bench.explanation_panel.headline.text()
    view = bench.position_editor.view
    cells = [(4, 4), (4, 5), (4, 6)]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=view.cell_rect(*cells[0]).center().toPoint())
    for cell in cells[1:]:
        qtbot.mouseMove(view, view.cell_rect(*cell).center().toPoint())
    with qtbot.waitSignal(bench.decided):
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=view.cell_rect(*cells[-1]).center().toPoint())
    assert displayed(bench)["possible"] == ["up", "right", "left"]


# --- program tests --------------------------------------------------------------------------


def save_test_by_click(qtbot: QtBot, bench: TestBench) -> None:
    button = next(b for b in bench.test_form.findChildren(QToolButton) if b.defaultAction() is bench.save_test_action)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_save_as_test_keeps_the_position_and_the_best_moves_and_the_test_passes(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    qtbot.keyClicks(bench.test_name_edit, "near the wall")
    save_test_by_click(qtbot, bench)
    (test,) = bench.document.program.tests
    assert (test.name, test.position, test.snake, test.expect) == ("near the wall", CARD_DECIDES, 0, frozenset({Direction.DOWN}))
    assert bench.test_list.summary_text() == "1/1 passing"
    assert top_item(bench.test_list.tree, 0).text(0) == "near the wall"
    bench.document.undo_stack.undo()
    assert bench.document.program.tests == ()
    assert bench.test_list.tree.topLevelItemCount() == 0


def test_ctrl_t_saves_a_test_with_the_checked_moves(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    qtbot.mouseClick(bench.expect_boxes[Direction.UP], Qt.MouseButton.LeftButton)
    assert bench.expected_moves() == {Direction.UP, Direction.DOWN}
    with qtbot.waitActive(bench):
        bench.activateWindow()
    bench.position_editor.view.setFocus()
    qtbot.keyClick(bench.position_editor.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    (test,) = bench.document.program.tests
    assert test.expect == {Direction.UP, Direction.DOWN}
    assert test.name == "test 1"
    assert bench.test_list.summary_text() == "0/1 passing"  # the program's best move is only down


def test_an_edit_that_breaks_a_test_shows_it_failing(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    save_test_by_click(qtbot, bench)
    assert bench.test_list.summary_text() == "1/1 passing"
    bench.document.edit(lambda p: remove_card(p, 1), "Delete card 2")
    assert bench.test_list.summary_text() == "0/1 passing"
    item = top_item(bench.test_list.tree, 0)
    assert item.foreground(0).color() == QColor("#d23c32")
    assert item.text(2) == "up, down, left"  # what the program now picks from
    bench.document.undo_stack.undo()
    assert bench.test_list.summary_text() == "1/1 passing"


def test_clicking_a_failing_test_loads_its_position(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    save_test_by_click(qtbot, bench)
    bench.document.edit(lambda p: remove_card(p, 1), "Delete card 2")
    bench.position_editor.set_position(NO_CARD, 0)
    tree = bench.test_list.tree
    rect = tree.visualItemRect(top_item(tree, 0))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert bench.position_editor.position() == CARD_DECIDES
    assert bench.position_editor.me() == 0
    assert bench.expected_moves() == {Direction.DOWN}  # the test's, not the current best moves
    assert "FAILS" in bench.position_editor.status_text()
    assert displayed(bench)["best"] == ["up", "down", "left"]
    assert bench.loaded_test() == 0


def test_update_test_replaces_the_loaded_test(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    bench.save_as_test("wall")
    bench.position_editor.set_position(SINGLE_MOVE, 1)
    bench.update_test_action.trigger()
    (test,) = bench.document.program.tests
    assert (test.name, test.position, test.snake, test.expect) == ("wall", SINGLE_MOVE, 1, frozenset({Direction.DOWN}))
    assert bench.test_list.summary_text() == "1/1 passing"


def test_focus_test_requested_loads_the_test(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(SINGLE_MOVE, 1)
    bench.save_as_test("corner")
    bench.position_editor.set_position(CARD_DECIDES, 0)
    bench.document.focusTestRequested.emit(0)
    assert bench.position_editor.position() == SINGLE_MOVE
    assert bench.position_editor.me() == 1


def test_save_as_test_needs_a_snake(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(Position(9, 9), 0)
    assert bench.save_as_test() is None
    assert bench.document.program.tests == ()
    assert "Draw a snake first" in bench.position_editor.status_text()


# --- the battle view's overlay ----------------------------------------------------------------


def test_the_battle_view_paints_an_explanation_over_its_board(qtbot: QtBot) -> None:
    view = BattleView()
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    qtbot.waitExposed(view)
    board = Board(CARD_DECIDES)
    view.set_board(board)
    before = view.grab().toImage()
    explanation = explain(compile_program(PROGRAM), board, 0)
    view.set_explanation(explanation)
    assert view.explained_move() == Direction.DOWN
    after = view.grab().toImage()
    below = view.cell_rect(1, 5).center().toPoint()  # the cell below the head: arrow and a ticked pattern
    assert before.pixel(below) != after.pixel(below)
    view.set_explanation(None)
    assert view.grab().toImage() == before


def test_a_narrow_bench_stacks_the_field_over_decision_and_tests_tabs(qtbot: QtBot, bench: TestBench) -> None:
    bench.position_editor.set_position(CARD_DECIDES, 0)
    bench.save_as_test("wall")
    assert not bench.is_narrow()
    bench.resize(620, 760)
    qtbot.waitUntil(bench.is_narrow)
    tabs = bench.side_tabs
    assert bench.splitter.orientation() == Qt.Orientation.Vertical
    assert bench.splitter.widget(1) is tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Decision", "Tests · 1/1 passing"]
    assert bench.explanation_panel.isVisible() and not bench.test_list.isVisible()
    bench.document.edit(lambda p: remove_card(p, 1), "Delete card 2")
    assert tabs.tabText(1) == "Tests · 0/1 passing"
    bench.resize(1200, 760)
    qtbot.waitUntil(lambda: not bench.is_narrow())
    assert bench.splitter.widget(1) is bench.side_splitter
    assert bench.explanation_panel.isVisible() and bench.test_list.isVisible()


def test_the_decision_never_lays_its_lines_over_the_moves_table(qtbot: QtBot, bench: TestBench) -> None:
    """Regression: the patterns table counted as 0 px high where lines wrap (its size policy
    was Ignored), so the panel was made too short for a wrapped card description and note, and
    the "up variant: 3 of 4 patterns match" line was drawn over the moves table's last row."""
    long = "free ahead and beyond it, with room to turn round in, and no body of my own beside it: go"
    bench.document.edit(lambda p: replace_card(p, 1, replace(p.cards[1], description=long)), "Describe")
    bench.position_editor.set_position(CARD_DECIDES, 0)
    bench.resize(480, 800)
    qtbot.waitUntil(bench.is_narrow)
    panel = bench.explanation_panel
    assert panel.explanation() is not None and panel.patterns_table.isVisible()
    parts = [panel.headline, panel.card_label, panel.best_label, panel.note_label, panel.moves_table,
             panel.patterns_title, panel.patterns_table]
    tops = [part.mapTo(panel, QPoint(0, 0)).y() for part in parts]
    for above, below, top_above, top_below in zip(parts, parts[1:], tops, tops[1:]):
        assert top_above + above.height() <= top_below, (above, below)
    assert panel.patterns_table.height() >= panel.patterns_table.minimumHeight()


def test_a_hand_made_position_wiped_by_clear_or_a_test_comes_back_with_undo(qtbot: QtBot, bench: TestBench) -> None:
    """Regression: the field had no undo: Clear, a right-click on a snake, Load position or a
    click on a test replaced a position drawn by hand for good."""
    field = bench.position_editor
    history = bench.field_history
    assert not history.can_undo() and not bench.field_history.undo_action.isEnabled()
    start = field.position()
    field.set_position(CARD_DECIDES, 1)
    bench.save_as_test("wall")
    field.set_position(NO_CARD, 0)
    qtbot.mouseClick(field.buttons[field.clear_action], Qt.MouseButton.LeftButton)
    assert field.snake_count() == 0
    history.undo_action.trigger()
    assert field.position() == NO_CARD and field.me() == 0
    bench.load_test(0)
    assert field.position() == CARD_DECIDES and field.me() == 1
    history.undo_action.trigger()
    assert field.position() == NO_CARD
    history.redo_action.trigger()
    assert field.position() == CARD_DECIDES and field.me() == 1
    assert bench.explanation_panel.explanation() is not None  # decided again for what it shows
    history.undo_action.trigger()
    history.undo_action.trigger()
    history.undo_action.trigger()
    assert field.position() == start and not history.can_undo()


def test_ctrl_z_on_the_field_undoes_its_change_then_the_programs(qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    document = window.document
    document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(Element.BORDER)), "Paint border")
    painted = document.program
    window.show_test_bench()
    field = window.test_bench.position_editor
    drawn = field.position()
    window.activateWindow()
    QApplication.processEvents()
    field.view.setFocus()
    assert QApplication.focusWidget() is field.view
    qtbot.keyClick(field.view, Qt.Key.Key_Space)  # select the snake under the cursor
    qtbot.keyClick(field.view, Qt.Key.Key_Delete)
    assert field.snake_count() == len(drawn.snakes) - 1
    qtbot.keySequence(field.view, "Ctrl+Z")
    assert field.position() == drawn and document.program == painted
    qtbot.keySequence(field.view, "Ctrl+Z")  # nothing left on the field: the program's edit goes
    assert document.program != painted and field.position() == drawn


def test_the_fields_undo_and_redo_say_which_change_they_undo(qtbot: QtBot, bench: TestBench, tmp_path: Path) -> None:
    """Qt's undo stack names each step: the arrows' texts and tips say what they will undo or
    redo, and they are enabled exactly while there is something to undo or redo."""
    field = bench.position_editor
    undo, redo = bench.field_history.undo_action, bench.field_history.redo_action
    assert (undo.text(), undo.isEnabled(), redo.text(), redo.isEnabled()) == \
        ("Undo Field Change", False, "Redo Field Change", False)
    field.set_position(CARD_DECIDES, 1)
    bench.save_as_test("wall")
    path = tmp_path / "wall.position.json"
    assert field.save(path)
    qtbot.mouseClick(field.buttons[field.clear_action], Qt.MouseButton.LeftButton)
    assert undo.text() == "Undo Clear field" and undo.isEnabled()
    assert undo.toolTip().startswith("Undo Clear field:")
    button = bench.toolbar.widgetForAction(undo)
    assert isinstance(button, QToolButton) and button.toolTip().startswith("Undo Clear field")
    assert bench.load_position(path)
    assert undo.text() == "Undo Load position wall.position.json"
    undo.trigger()
    assert field.position() == Position(9, 9, ())
    assert (undo.text(), redo.text(), redo.isEnabled()) == \
        ("Undo Clear field", "Redo Load position wall.position.json", True)
    assert field.status_text() == "Undid “Load position wall.position.json”"
    undo.trigger()
    assert (undo.text(), redo.text()) == ("Undo Replace field", "Redo Clear field")  # set_position above
    undo.trigger()
    assert (undo.text(), undo.isEnabled(), redo.text()) == ("Undo Field Change", False, "Redo Replace field")
    bench.load_test(0)
    assert (undo.text(), redo.text(), redo.isEnabled()) == ("Undo Load test “wall”", "Redo Field Change", False)
    qtbot.mouseClick(field.view, Qt.MouseButton.RightButton, pos=bench_cell_centre(bench, (1, 1)))
    assert undo.text() == "Undo Delete Snake 2"
    assert field.set_field_size(12, 10)
    assert undo.text() == "Undo Resize field to 12×10"


def bench_cell_centre(bench: TestBench, cell: tuple[int, int]) -> QPoint:
    return bench.position_editor.view.cell_rect(*cell).center().toPoint()


def test_the_test_menu_names_the_field_change_its_undo_undoes(make_window: Callable[..., MainWindow]) -> None:
    from tests.editor.window.menus import choose, entry

    window = make_window()
    window.show_test_bench()
    field = window.test_bench.position_editor
    drawn = field.position()
    field.clear()
    assert not entry(window, "Test", "Redo Field Change").isEnabled()
    choose(window, "Test", "Undo Clear field")
    assert field.position() == drawn
    assert not entry(window, "Test", "Undo Field Change").isEnabled()
    assert entry(window, "Test", "Redo Clear field").isEnabled()


@pytest.mark.parametrize("size", [(1024, 700), (1440, 900)])
def test_the_narrow_bench_shows_every_tool_bar_button(qtbot: QtBot, make_window: Callable[..., MainWindow],
                                                      size: tuple[int, int]) -> None:
    """QA: in the bench dock the tool bar's texts hid Redo Field Change (at 1024x700) and Save
    position behind its » button; narrow, all but Decide show their icons only."""
    window = make_window()
    qtbot.wait(20)  # the first start's sizing, once the window shows
    window.resize(*size)
    window.reset_layout()
    window.show_test_bench()
    bench = window.test_bench
    qtbot.waitUntil(lambda: bench.is_narrow() and bench.toolbar.width() < 600)
    toolbar = bench.toolbar
    for action in toolbar.actions():
        if not action.isSeparator():
            button = toolbar.widgetForAction(action)
            assert button is not None and button.isVisible(), action.text()
    decide = toolbar.widgetForAction(bench.decide_action)
    assert isinstance(decide, QToolButton) and decide.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon


def test_a_loaded_tests_name_shows_from_its_start(qtbot: QtBot, bench: TestBench) -> None:
    """QA: in the narrow bench a loaded test's name box showed its end ("xpects down"), the
    cursor left after the text."""
    bench.resize(480, 800)
    qtbot.waitUntil(bench.is_narrow)
    bench.position_editor.set_position(CARD_DECIDES, 1)
    bench.save_as_test("a test name far longer than the box beside it")
    bench.load_test(0)
    edit = bench.test_name_edit
    assert edit.text() == "a test name far longer than the box beside it"
    assert edit.cursorPosition() == 0  # the box shows the text from the cursor's side


def test_save_as_test_refuses_a_test_the_programs_rules_refuse(qtbot: QtBot, bench: TestBench) -> None:
    """QA: Save as test with an eaten "me", or with no expected move checked, said "Saved test 1"
    and made the whole program invalid (the bench and battles stopped running it)."""
    eaten_me = Position(5, 5, (SnakeBody(((0, 0),), True), SnakeBody(((2, 2), (2, 3)))))
    bench.position_editor.set_position(eaten_me, 0)
    qtbot.mouseClick(bench.toolbar.widgetForAction(bench.save_test_action), Qt.MouseButton.LeftButton)
    assert bench.document.program.tests == PROGRAM.tests
    assert bench.position_editor.status_text().startswith("Snake 1 is eaten and cannot move")
    bench.position_editor.set_position(CARD_DECIDES, 1)
    for box in bench.expect_boxes.values():
        box.setChecked(False)
    bench.test_name_edit.setText("expects nothing")
    qtbot.mouseClick(bench.toolbar.widgetForAction(bench.save_test_action), Qt.MouseButton.LeftButton)
    assert bench.document.program.tests == PROGRAM.tests
    assert "Check the moves the test expects" in bench.position_editor.status_text()
    assert bench.document.compiled() is not None  # the program still runs


def test_resizes_one_after_another_are_one_undo_step(qtbot: QtBot, bench: TestBench) -> None:
    """Holding a field size arrow made an undo step of every cell; Qt's undo stack merges them."""
    field = bench.position_editor
    history = bench.field_history
    field.set_position(CARD_DECIDES, 1)
    spin = field.width_spin
    for _ in range(4):
        qtbot.mouseClick(spin, Qt.MouseButton.LeftButton, pos=spin.rect().topRight() + QPoint(-4, 4))  # its up arrow
    assert field.position().width == 13 and history.undo_action.text() == "Undo Resize field to 13×9"
    history.undo_action.trigger()
    assert field.position() == CARD_DECIDES and history.undo_action.text() == "Undo Replace field"
    history.redo_action.trigger()
    assert field.position().width == 13
    field.set_field_size(14, 9)
    field.set_field_size(13, 9)
    field.set_field_size(9, 9)  # back where the resizes began: they are no step at all
    assert field.position() == CARD_DECIDES and history.undo_action.text() == "Undo Replace field"
