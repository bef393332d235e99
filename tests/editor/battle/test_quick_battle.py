"""The quick battle: the edited program against chosen opponents, driven by clicks; clicking a
snake explains its move on the board as the snake saw it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.samples import SNAKE_SAMPLES
from arena.snake_battle import BattleSettings, SnakeMatch, explain_turn
from editor.document import ProgramDocument
from editor.seats import builtin_program
from editor.widgets.battle.quick_battle import ADD_FILE, QuickBattle, board_at_turn
from engines.snake import Element
from matcher import Pattern, SetRef, dumps_program, load_program
from matcher.editing import paint

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def make_battle(qtbot) -> Callable[..., QuickBattle]:
    def make(program=None, opponents=("hunter",), seed: int = 7) -> QuickBattle:
        document = ProgramDocument(program if program is not None else builtin_program())
        widget = QuickBattle(document)
        qtbot.addWidget(widget)
        widget.set_opponents([SNAKE_SAMPLES / f"{name}.snake.json" for name in opponents])
        widget.seed_box.setValue(seed)
        widget.resize(900, 800)
        widget.show()
        qtbot.waitExposed(widget)
        return widget

    return make


def start(qtbot, widget: QuickBattle) -> None:
    qtbot.mouseClick(widget.start_button, LEFT)
    assert widget.player is not None
    widget.player.pause()


def step(qtbot, widget: QuickBattle, times: int = 1) -> None:
    for _ in range(times):
        qtbot.mouseClick(widget.player.step_button, LEFT)


def click_snake(qtbot, widget: QuickBattle, snake: int) -> None:
    view = widget.player.view
    cell = view.board().bodies[snake][1]  # a body cell: what a user clicks on most easily
    qtbot.mouseClick(view, LEFT, pos=view.cell_rect(*cell).center().toPoint())


def test_start_plays_the_program_as_seat_1_against_the_opponents(qtbot, make_battle):
    widget = make_battle(opponents=("hunter", "wall_hugger"))
    assert widget.player is None and widget.placeholder.isVisible()
    qtbot.mouseClick(widget.start_button, LEFT)
    player = widget.player
    assert player is not None and player.is_playing()
    assert player.names == ["Built-in biter", "Hunter", "Wall hugger"]
    assert player.match.programs[0] == widget.document.program
    assert player.settings == BattleSettings(seed=7)
    assert player.view.isVisible() and not widget.placeholder.isVisible()
    player.pause()


def test_step_advances_and_the_seed_replays_the_same_battle(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    step(qtbot, widget, 12)
    assert widget.player.step_label.text() == "Step 12 / 1000"
    reference = SnakeMatch(list(widget.player.match.programs), BattleSettings(seed=7))
    for _ in range(12):
        reference.step()
    assert widget.player.view.board().position() == reference.battle.board.position()


def test_clicking_a_snake_explains_its_move_on_the_board_it_saw(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    step(qtbot, widget, 5)
    programs = list(widget.player.match.programs)
    click_snake(qtbot, widget, 0)
    expected = explain_turn(programs, widget.player.settings, 5, 0)
    assert expected is not None
    assert widget.explanation == expected
    assert widget.player.view.explanation() == expected
    shown = widget.player.view.board()
    assert shown.position() == board_at_turn(programs, widget.player.settings, 5, 0).position()
    assert shown.head(0) == expected.head
    text = widget.explain_label.text()
    assert "Built-in biter" in text and "step 5" in text
    assert ("Card" in text) == (expected.card is not None)
    assert widget.player.view.highlighted_snake() == 0


def test_clicking_the_same_snake_again_or_stepping_clears_the_explanation(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    step(qtbot, widget, 3)
    click_snake(qtbot, widget, 1)
    assert widget.explanation is not None and "Hunter" in widget.explain_label.text()
    click_snake(qtbot, widget, 1)
    assert widget.explanation is None and widget.player.view.explanation() is None
    click_snake(qtbot, widget, 1)
    assert widget.explanation is not None
    step(qtbot, widget)
    assert widget.explanation is None and widget.player.view.explanation() is None
    assert widget.player.view.board() is widget.player.match.battle.board


def test_at_step_0_a_click_explains_the_coming_move(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    click_snake(qtbot, widget, 0)
    assert widget.explanation == explain_turn(list(widget.player.match.programs), widget.player.settings, 1, 0)
    assert "next move" in widget.explain_label.text()


def test_clicking_a_seat_row_explains_too(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    step(qtbot, widget, 2)
    qtbot.mouseClick(widget.player.seat_panel.rows[1], LEFT)
    assert widget.explanation is not None and widget.explanation.snake == 1


def test_explaining_our_snake_marks_the_deciding_card(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    step(qtbot, widget, 4)
    click_snake(qtbot, widget, 0)
    assert widget.document.decided_card == widget.explanation.card


def test_an_invalid_program_is_refused_with_its_first_problem(qtbot, make_battle):
    program = builtin_program()
    broken = dataclasses.replace(program, cards=(paint(program.cards[0], [(0, 0)], Pattern(SetRef(0))),))
    widget = make_battle(broken)
    qtbot.mouseClick(widget.start_button, LEFT)
    assert widget.player is None
    assert widget.message_label.isVisible()
    assert "cannot fight" in widget.message_label.text() and "set1" in widget.message_label.text()


def test_field_settings_reach_the_battle_and_a_field_too_small_is_refused(qtbot, make_battle):
    widget = make_battle()
    widget.width_box.setValue(11)
    widget.height_box.setValue(9)
    widget.length_box.setValue(4)
    widget.steps_box.setValue(50)
    start(qtbot, widget)
    assert widget.player.settings == BattleSettings(seed=7, width=11, height=9, length=4, max_steps=50)
    assert (widget.player.view.board().width, widget.player.view.board().height) == (11, 9)
    widget.width_box.setValue(5)
    widget.length_box.setValue(9)
    qtbot.mouseClick(widget.start_button, LEFT)
    assert "do not fit" in widget.message_label.text()
    assert widget.player.settings.width == 11, "the old battle stays"


def test_editing_the_program_after_start_says_the_battle_is_stale(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    assert not widget.stale_label.isVisible()
    widget.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(Element.BORDER)), "Paint")
    assert widget.stale_label.isVisible()
    widget.document.undo_stack.undo()
    assert not widget.stale_label.isVisible()


def test_opponents_can_be_none_and_files_can_be_added(qtbot, make_battle, tmp_path, monkeypatch):
    widget = make_battle(opponents=("hunter", "wall_hugger", "head_avoider"))
    assert len(widget.opponents()) == 3
    path = tmp_path / "rival.snake.json"
    path.write_text(dumps_program(dataclasses.replace(builtin_program(), name="Rival")), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    combo = widget.opponent_boxes[1]
    combo.setCurrentIndex(combo.findData(ADD_FILE))
    combo.activated.emit(combo.currentIndex())
    assert widget.opponents()[1] == path
    third = widget.opponent_boxes[2]
    third.setCurrentIndex(third.findData(None))
    start(qtbot, widget)
    assert widget.player.names == ["Built-in biter", "Hunter", "Rival"]


def test_a_broken_opponent_file_is_not_added(qtbot, make_battle, tmp_path):
    widget = make_battle()
    bad = tmp_path / "bad.snake.json"
    bad.write_text("{", encoding="utf-8")
    assert not widget.add_opponent_file(bad)
    assert "bad.snake.json" in widget.message_label.text()
    assert bad not in widget.opponents()
    assert load_program(SNAKE_SAMPLES / "hunter.snake.json").name == "Hunter"


def test_the_players_keys_work_in_the_side_pane_layout(qtbot, make_battle):
    widget = make_battle()
    start(qtbot, widget)
    view = widget.player.view
    view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    widget.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert widget.player.match.battle.steps == 1
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert widget.player.is_playing()
    widget.player.pause()
