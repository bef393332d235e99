"""The Battle tab: the edited program against chosen opponents, started with F5, watched with the
arena's transport (step, step back, seek), and a clicked snake's move explained on the board it
saw at its turn in the shown step."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QToolButton

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.program_battle import BattleSettings, SnakeMatch, explain_turn
from arena.replay import read_replay, verify_replay
from arena.samples import SNAKE_SAMPLES, resolve_program
from editor.document import ProgramDocument
from editor.seats import builtin_program
from editor.widgets.arena.match_runner import WHAT_IF
from editor.widgets.arena.match_transport import FULL_SPEED, SPEEDS
from editor.widgets.battle.battle_setup import ADD_FILE
from editor.widgets.battle.battle_tab import BattleTab
from editor.widgets.parts.seat_cards import ordinal
from tests.editor.file_choosers import assert_remembered_only_in, two_program_folders
from engines.snake import Element, board_at_turn, start_position
from matcher import Pattern, SetRef, dumps_program, load_program, program_to_json
from matcher.editing import paint
from pytestqt.qtbot import QtBot
from editor.widgets.arena.match_runner import MatchInfo, Outcome
from editor.widgets.games.snake.battle_view import BattleView
from engines.snake import Board
from matcher import Program
from collections.abc import Sequence
from typing import Any

LEFT = Qt.MouseButton.LeftButton
WAIT = 20_000
"""Milliseconds to wait for the battle's worker: a deadline for a hang, not a timing window."""


@pytest.fixture
def make_tab(qtbot: QtBot) -> Iterator[Callable[..., BattleTab]]:
    def make(program: Program | None = None, opponents: Sequence[str] = ("hunter",), seed: int = 7, size: tuple[int, int] = (900, 800)) -> BattleTab:
        tab = BattleTab(ProgramDocument(program if program is not None else builtin_program()))
        qtbot.addWidget(tab, before_close_func=lambda t: t.shutdown())
        tab.setup.set_opponents([SNAKE_SAMPLES / f"{name}.snake.json" for name in opponents])
        tab.setup.seed_box.setValue(seed)
        tab.resize(*size)
        tab.show()
        qtbot.waitExposed(tab)
        return tab

    yield make


def start(qtbot: QtBot, tab: BattleTab, *, pause: bool = True) -> None:
    """Click Start battle and wait for the battle to start; then (``pause``) Pause, and once the
    worker holds (every step it played is in), show step 0."""
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: tab.info is not None, timeout=WAIT)
    if pause:
        assert tab.playback.playing
        qtbot.mouseClick(tab.transport.play_button, LEFT)
        assert not tab.playback.playing
        qtbot.waitUntil(lambda: tab.runner.gate.waiting, timeout=WAIT)
        QApplication.processEvents()  # the frames it reported before it came to wait
        tab.playback.seek(0)


def info_of(tab: BattleTab) -> MatchInfo:
    assert tab.info is not None, "no battle started"
    return tab.info


def outcome_of(tab: BattleTab) -> Outcome:
    assert tab.outcome is not None, "the battle has not ended"
    return tab.outcome


def board_of(view: BattleView) -> Board:
    board = view.board()
    assert board is not None, "the view shows no board"
    return board


def shown_step(tab: BattleTab) -> int:
    return tab.playback.frames[tab.playback.index].turn


def step(qtbot: QtBot, tab: BattleTab, times: int = 1) -> None:
    """Click Step ``times`` times, each time waiting for the next step to be on show."""
    for _ in range(times):
        target = shown_step(tab) + 1
        qtbot.mouseClick(tab.transport.step_button, LEFT)
        qtbot.waitUntil(lambda: f"step {target} of" in tab.scoreboard.summary_label.text().lower(), timeout=WAIT)


def click_snake(qtbot: QtBot, tab: BattleTab, snake: int) -> None:
    view = tab.board.view
    cell = board_of(view).bodies[snake][1]  # a body cell: what a user clicks on most easily
    qtbot.mouseClick(view, LEFT, pos=view.cell_rect(*cell).center().toPoint())


def reference(tab: BattleTab, steps: int, **settings: Any) -> SnakeMatch:
    """The battle on show played again from its seed, ``steps`` steps on."""
    match = SnakeMatch(list(info_of(tab).programs), BattleSettings(seed=info_of(tab).seed, **settings))
    for _ in range(steps):
        match.step()
    return match


def play_to_the_end(qtbot: QtBot, tab: BattleTab) -> None:
    tab.playback.set_speed(FULL_SPEED)
    start(qtbot, tab, pause=False)
    qtbot.waitUntil(lambda: tab.outcome is not None and not tab.playback.live, timeout=WAIT)


# --- starting ------------------------------------------------------------------------------------


def test_f5_plays_the_program_as_seat_1_against_the_opponents(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab(opponents=("hunter", "wall_hugger"))
    assert tab.info is None and tab.placeholder.isVisible() and tab.setup.isVisible()
    tab.activateWindow()
    qtbot.waitUntil(tab.isActiveWindow)
    qtbot.keyClick(tab, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: tab.info is not None, timeout=WAIT)
    assert tab.names == ["Built-in biter", "Hunter", "Wall hugger"]
    assert info_of(tab).programs[0] == tab.document.program
    assert (info_of(tab).seed, dict(info_of(tab).options)) == (7, {"width": 25, "height": 25, "length": 10, "steps": 1000})
    assert tab.playback.playing and tab.board.view.isVisible() and not tab.placeholder.isVisible()
    assert not tab.setup.isVisible()  # watching, the board takes the setup's room; Setup shows it again
    qtbot.mouseClick(tab.setup_button, LEFT)
    assert tab.setup.isVisible()
    assert [row.name_label.text() for row in tab.scoreboard.rows] == tab.names


def test_step_advances_and_the_seed_replays_the_same_battle(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 12)
    assert tab.transport.turn_text().startswith("Step 12 / ")
    assert board_of(tab.board.view).position() == reference(tab, 12).battle.board.position()
    assert [int(score) for score, _, _ in tab.scoreboard.shown()] == reference(tab, 12).battle.lengths()


def test_step_back_and_seek_show_earlier_steps_of_the_battle(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 12)
    qtbot.mouseClick(tab.transport.back_button, LEFT)
    assert shown_step(tab) == 11
    assert board_of(tab.board.view).position() == reference(tab, 11).battle.board.position()
    tab.transport.seek_bar.setValue(4)  # as a drag of the seek bar does
    assert shown_step(tab) == 4 and tab.transport.turn_text().startswith("Step 4 / 12")
    assert board_of(tab.board.view).position() == reference(tab, 4).battle.board.position()
    assert "step 4 of 12" in tab.scoreboard.summary_label.text().lower()
    tab.transport.seek_bar.setValue(0)
    assert board_of(tab.board.view).position() == start_position(2)
    step(qtbot, tab)  # a finished step: shown at once, no new one played
    assert shown_step(tab) == 1 and tab.playback.last() == 12


def test_the_keys_step_step_back_and_play(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    view = tab.board.view
    view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    tab.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: shown_step(tab) == 1, timeout=WAIT)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: shown_step(tab) == 2, timeout=WAIT)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert shown_step(tab) == 1
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert shown_step(tab) == 0
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert tab.playback.playing
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not tab.playback.playing


# --- why it moved --------------------------------------------------------------------------------


def test_clicking_a_snake_explains_its_move_on_the_board_it_saw(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 5)
    click_snake(qtbot, tab, 0)
    programs = list(info_of(tab).programs)
    expected = explain_turn(programs, BattleSettings(seed=7), 5, 0)
    assert expected is not None
    assert tab.explanation == expected and tab.board.view.explanation() == expected
    before = reference(tab, 4)
    seen = board_at_turn(before.battle.board.position(), before.step().events, 0)
    assert seen is not None
    assert board_of(tab.board.view).position() == seen.position()
    assert board_of(tab.board.view).head(0) == expected.head
    text = tab.board.explain_label.text()
    assert "Built-in biter" in text and "step 5" in text
    assert ("Card" in text) == (expected.card is not None)
    assert tab.board.view.highlighted_snake() == 0 and tab.scoreboard.rows[0].is_selected()


def test_a_step_back_explains_the_earlier_step_of_the_selected_snake(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 6)
    click_snake(qtbot, tab, 1)
    qtbot.mouseClick(tab.transport.back_button, LEFT)
    assert tab.explanation == explain_turn(list(info_of(tab).programs), BattleSettings(seed=7), 5, 1)
    assert "Hunter" in tab.board.explain_label.text() and "step 5" in tab.board.explain_label.text()
    step(qtbot, tab)
    assert tab.explanation == explain_turn(list(info_of(tab).programs), BattleSettings(seed=7), 6, 1)


def test_clicking_the_same_snake_again_clears_the_explanation(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 3)
    click_snake(qtbot, tab, 1)
    assert tab.explanation is not None and "Hunter" in tab.board.explain_label.text()
    click_snake(qtbot, tab, 1)
    assert tab.explanation is None and tab.board.view.explanation() is None
    assert board_of(tab.board.view).position() == reference(tab, 3).battle.board.position()


def test_at_step_0_a_click_explains_the_coming_move(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab)
    tab.transport.seek_bar.setValue(0)
    click_snake(qtbot, tab, 0)
    assert tab.explanation == explain_turn(list(info_of(tab).programs), BattleSettings(seed=7), 1, 0)
    assert "next move" in tab.board.explain_label.text()


def test_clicking_a_seat_row_explains_too(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 2)
    qtbot.mouseClick(tab.scoreboard.rows[1], LEFT)
    assert tab.explanation is not None and tab.explanation.snake == 1
    assert tab.seat_log.seat_box.currentData() == 1


def test_explaining_our_snake_marks_the_deciding_card(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 4)
    with qtbot.waitSignal(tab.explained) as explained:
        click_snake(qtbot, tab, 0)
    assert explained.args[0] == tab.explanation
    assert tab.explanation is not None and tab.document.decided_card == tab.explanation.card


# --- the setup -----------------------------------------------------------------------------------


def test_an_invalid_program_is_refused_with_its_first_problem(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    program = builtin_program()
    broken = dataclasses.replace(program, cards=(paint(program.cards[0], [(0, 0)], Pattern(SetRef(0))),))
    tab = make_tab(broken)
    qtbot.mouseClick(tab.start_button, LEFT)
    assert tab.info is None and not tab.runner.is_running()
    assert tab.message_label.isVisible()
    assert "cannot fight" in tab.message_label.text() and "set1" in tab.message_label.text()


def test_field_settings_reach_the_battle_and_a_field_too_small_is_refused(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    setup = tab.setup
    setup.width_box.setValue(11)
    setup.height_box.setValue(9)
    setup.length_box.setValue(4)
    setup.steps_box.setValue(50)
    start(qtbot, tab)
    assert dict(info_of(tab).options) == {"width": 11, "height": 9, "length": 4, "steps": 50}
    assert (board_of(tab.board.view).width, board_of(tab.board.view).height) == (11, 9)
    assert tab.title_label.full_text() == "Seed 7" and "11 × 9" in tab.title_label.toolTip()
    qtbot.mouseClick(tab.setup_button, LEFT)
    setup.width_box.setValue(5)
    setup.length_box.setValue(9)
    qtbot.mouseClick(tab.start_button, LEFT)
    assert "do not fit" in tab.message_label.text()
    assert info_of(tab).options["width"] == 11, "the old battle stays"


def test_editing_the_program_after_start_says_the_battle_is_stale(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    assert not tab.stale_label.isVisible()
    tab.document.edit_card(lambda card: paint(card, [(0, 0)], Pattern(Element.BORDER)), "Paint")
    assert tab.stale_label.isVisible()
    tab.document.undo_stack.undo()
    assert not tab.stale_label.isVisible()


def test_opponents_can_be_none_and_files_can_be_added(qtbot: QtBot, make_tab: Callable[..., BattleTab], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tab = make_tab(opponents=("hunter", "wall_hugger", "head_avoider"))
    setup = tab.setup
    assert len(setup.opponents()) == 3
    path = tmp_path / "rival.snake.json"
    path.write_text(dumps_program(dataclasses.replace(builtin_program(), name="Rival")), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    combo = setup.opponent_boxes[1]
    combo.setCurrentIndex(combo.findData(ADD_FILE))
    combo.activated.emit(combo.currentIndex())
    assert setup.opponents()[1] == path
    third = setup.opponent_boxes[2]
    third.setCurrentIndex(third.findData(None))
    start(qtbot, tab)
    assert tab.names == ["Built-in biter", "Hunter", "Rival"]


def test_add_file_remembers_its_folder_in_the_settings_the_tab_was_given(
        qtbot: QtBot, window_settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (window_settings: the main window's settings; the app's default QSettings() go below tmp_path)
    mine, theirs, asked = two_program_folders(tmp_path, window_settings, monkeypatch)
    tab = BattleTab(ProgramDocument(builtin_program()), settings=window_settings)
    qtbot.addWidget(tab, before_close_func=lambda t: t.shutdown())
    combo = tab.setup.opponent_boxes[1]
    for _ in range(2):
        combo.setCurrentIndex(combo.findData(ADD_FILE))
        combo.activated.emit(combo.currentIndex())
    assert asked == [str(mine), str(theirs)]
    assert_remembered_only_in(window_settings, theirs)


def test_a_broken_opponent_file_is_not_added(qtbot: QtBot, make_tab: Callable[..., BattleTab], tmp_path: Path) -> None:
    tab = make_tab()
    bad = tmp_path / "bad.snake.json"
    bad.write_text("{", encoding="utf-8")
    assert not tab.setup.add_opponent_file(bad)
    assert tab.message_label.isVisible() and "bad.snake.json" in tab.message_label.text()
    assert bad not in tab.setup.opponents()


# --- the end, the bites, the replay --------------------------------------------------------------


def test_the_end_shows_the_reason_and_the_ranks_and_the_battle_replays_from_its_start(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab(opponents=("hunter", "wall_hugger", "head_avoider"))
    tab.setup.steps_box.setValue(4)
    play_to_the_end(qtbot, tab)
    assert outcome_of(tab).rounds == 4 and tab.transport.turn_text() == "Step 4 / 4"
    summary = tab.scoreboard.summary_label.text()
    assert "Over after 4 steps (the step limit)." in summary and ("wins" in summary or "first place" in summary)
    assert [rank for _, rank, _ in tab.scoreboard.shown()] == [ordinal(r) for r in outcome_of(tab).ranks]
    assert not tab.transport.play_button.isEnabled() and not tab.transport.step_button.isEnabled()
    tab.transport.seek_bar.setValue(0)  # a finished battle plays again from any step
    assert tab.transport.play_button.isEnabled() and tab.transport.step_button.isEnabled()
    assert "step 0 of 4" in tab.scoreboard.summary_label.text().lower()


def test_bites_are_listed_with_their_step_and_a_double_click_shows_it(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab(opponents=("hunter", "wall_hugger", "head_avoider"), seed=2)
    play_to_the_end(qtbot, tab)
    bites = tab.bites
    assert bites.count() > 0
    oldest = bites.item(bites.count() - 1)
    when = int(oldest.text().split()[0])
    assert " bit " in oldest.text() or " was eaten by " in oldest.text()
    events = [e for f in tab.playback.frames if f.turn == when for e in f.events]
    assert any(type(e).__name__ in ("Bite", "Eaten") for e in events)
    tab.split.tabs.setCurrentWidget(bites)
    bites.scrollToItem(oldest)
    rect = bites.visualItemRect(oldest)
    centre = QPoint(rect.center().x(), rect.center().y())
    qtbot.mouseClick(bites.viewport(), LEFT, pos=centre)  # a double click's first click, then the second
    qtbot.mouseDClick(bites.viewport(), LEFT, pos=centre)
    assert shown_step(tab) == when and not tab.playback.playing


def test_the_battles_replay_saves_and_verifies(qtbot: QtBot, make_tab: Callable[..., BattleTab], tmp_path: Path) -> None:
    tab = make_tab(seed=3)
    tab.setup.steps_box.setValue(30)
    assert not tab.save_action.isEnabled()
    play_to_the_end(qtbot, tab)
    assert tab.save_action.isEnabled()
    saved = tmp_path / "battle.jsonl"
    assert tab.save_replay(saved)
    replay = read_replay(saved)
    assert replay.header["format"] == "match-replay/1" and replay.seed == 3
    assert replay.seats[0]["program"] == program_to_json(tab.document.program)
    assert [seat["name"] for seat in replay.seats] == ["Built-in biter", "Hunter"]
    report = verify_replay(saved)
    assert report.ok and len(report.rounds) == outcome_of(tab).rounds, report.summary()


def test_continue_from_here_plays_a_what_if_in_the_tab(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab(opponents=("hunter", "wall_hugger"), seed=3)
    tab.setup.steps_box.setValue(40)
    play_to_the_end(qtbot, tab)
    tab.transport.seek_bar.setValue(10)
    branch = tab.playback.frames[10].state.position
    others = [load_program(resolve_program(n)) for n in ("ouroboros", "hunter", "ouroboros")]
    with qtbot.waitSignal(tab.runner.finished, timeout=WAIT):
        assert tab.board.continue_from_here(others, seed=5)
    assert info_of(tab).kind == WHAT_IF and info_of(tab).branch == 10
    assert tab.playback.frames[0].state.position == branch
    assert tab.title_label.full_text().startswith("What-if from step 10 · Seed 5")


# --- the room it takes ---------------------------------------------------------------------------


def test_narrow_the_board_keeps_the_width_and_the_seats_go_under_it(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    """The Battle tab in the editor's side pane of a 1440 × 900 window: the 25 × 25 board was
    230 px beside a seat column; now the seats are a tab under the board and the board is wide."""
    tab = make_tab(size=(490, 770))
    start(qtbot, tab)
    assert tab.split.orientation() == Qt.Orientation.Vertical
    assert tab.split.tabs.tabText(0) == "Seats" and tab.split.tabs.currentWidget() is tab.split.seats_area
    assert tab.board.view.cell_size() * 25 >= 300, tab.board.view.size()
    assert not tab.transport.in_one_row()  # the seek bar under the buttons
    assert tab.transport.geometry().right() <= tab.width()


def test_wide_the_seats_and_logs_stand_beside_the_board(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab(size=(1100, 700))
    start(qtbot, tab)
    assert tab.split.orientation() == Qt.Orientation.Horizontal
    assert tab.scoreboard.parentWidget() is tab.split.side and tab.split.tabs.tabText(0) == "Seat log"
    assert tab.board.view.cell_size() * 25 >= 400, tab.board.view.size()
    assert tab.transport.in_one_row()
    tab.resize(490, 770)
    qtbot.waitUntil(lambda: tab.split.orientation() == Qt.Orientation.Vertical)
    assert tab.split.tabs.tabText(0) == "Seats"


def test_the_speed_slider_paces_a_live_battle(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    tab.transport.speed_slider.setValue(SPEEDS.index(FULL_SPEED))
    qtbot.mouseClick(tab.transport.play_button, LEFT)
    qtbot.waitUntil(lambda: tab.playback.last() >= 30, timeout=WAIT)
    qtbot.mouseClick(tab.transport.play_button, LEFT)
    assert not tab.playback.playing and tab.transport.speed_label.text() == "full speed"


def test_nothing_is_written_where_the_user_did_not_ask(qtbot: QtBot, make_tab: Callable[..., BattleTab], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle's replay lives in the tab's scratch folder until Save replay copies it."""
    monkeypatch.chdir(tmp_path)
    tab = make_tab()
    start(qtbot, tab)
    record = info_of(tab).record
    assert record is not None and tmp_path not in record.parents
    assert list(tmp_path.iterdir()) == []


# --- zoom, pan and the axes ----------------------------------------------------------------------


def wheel(view: BattleView, point: QPoint, notches: int) -> None:
    """Turn the mouse wheel over ``view`` at ``point``, as a user does."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    event = QWheelEvent(QPointF(point), QPointF(view.mapToGlobal(point)), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view, event)


def test_the_board_zooms_with_the_wheel_pans_with_a_drag_and_numbers_its_axes(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 3)
    view = tab.board.view
    left, top = view.axis_space()
    assert left > 0 and top > 0 and view.field_rect().left() >= left and view.field_rect().top() >= top
    fitted = view.cell_size()
    head = board_of(view).head(0)
    under = view.cell_rect(*head).center().toPoint()
    wheel(view, under, 3)
    assert view.zoom() > 1.9 and view.cell_size() > 1.9 * fitted
    assert view.cell_at(QPointF(under)) == head  # the cell under the mouse stays under it
    qtbot.mouseClick(view, LEFT, pos=under)  # zoomed, a click still explains the snake under it
    assert tab.explanation is not None and tab.explanation.snake == 0

    before = view.field_rect().topLeft()
    qtbot.mousePress(view, LEFT, pos=QPoint(view.width() // 2, view.height() // 2))
    qtbot.mouseMove(view, QPoint(view.width() // 2 + 40, view.height() // 2 + 25))
    qtbot.mouseRelease(view, LEFT, pos=QPoint(view.width() // 2 + 40, view.height() // 2 + 25))
    moved = view.field_rect().topLeft() - before
    assert moved.x() != 0 or moved.y() != 0
    field = view.field_rect()
    assert field.left() <= left + 10 and field.right() >= view.width() - 10  # it never leaves the view empty
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.zoom() == 1.0 and view.cell_size() == fitted


def test_a_paint_measures_the_axis_words_once_not_per_cell(qtbot: QtBot, make_tab: Callable[..., BattleTab],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: every cell's rectangle measured every row's axis word again (~7000 words a paint,
    17 of the snake board's 19 ms, a stall at a live match's first round); they are measured when
    the rows or the font change, and a larger font still makes the axes wider."""
    tab = make_tab()
    start(qtbot, tab)
    view = tab.board.view
    view.grab()  # measured once for this board and font
    words: list[int] = []
    label = BattleView._axis_label

    def counted(self: BattleView, vertical: bool, index: int) -> str:
        words.append(index)
        return label(self, vertical, index)

    monkeypatch.setattr(BattleView, "_axis_label", counted)
    view.grab()
    columns, rows = board_of(view).width, board_of(view).height
    assert 0 < len(words) <= 2 * (columns + rows)  # the numbered columns and rows, not ~90 per cell
    left, top = view.axis_space()
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    view.setFont(font)
    wider, taller = view.axis_space()
    assert wider > left and taller > top


def test_the_battle_pops_out_into_a_window_and_comes_back(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    tab = make_tab()
    start(qtbot, tab)
    button = next(b for b in tab.findChildren(QToolButton) if b.defaultAction() is tab.popout_action)
    qtbot.mouseClick(button, LEFT)
    window = tab.board.window()
    assert window is not tab.window() and window.isVisible() and "seed 7" in window.windowTitle()
    window.close()
    qtbot.waitUntil(lambda: tab.board.window() is tab.window())
    assert tab.board.isVisible() and not tab.popout_action.isChecked()


@pytest.mark.parametrize("size, long_name", [((480, 800), True), ((480, 800), False), ((1000, 800), True), ((1000, 800), False)])
def test_the_opponents_boxes_stand_at_the_left_under_their_title(
        qtbot: QtBot, make_tab: Callable[..., BattleTab], tmp_path: Path, size: tuple[int, int], long_name: bool) -> None:
    """QA (battle tab at 1440x900): with one long opponent name the boxes, each stopping at its
    widest, stood centred in the form instead of at its left edge under "Opponents"."""
    tab = make_tab(opponents=("hunter", "wall_hugger", "head_avoider"), size=size)
    setup = tab.setup
    if long_name:
        path = tmp_path / "rival.snake.json"
        path.write_text(dumps_program(dataclasses.replace(builtin_program(), name="A very long opponent name that goes on")),
                        encoding="utf-8")
        assert setup.add_opponent_file(path, 0)
    QApplication.processEvents()
    boxes = setup.opponent_boxes
    columns = setup.opponent_columns()
    for index, box in enumerate(boxes):
        if index % columns == 0:
            assert box.x() == 0, (index, box.geometry())  # the form's left edge, where the title is
        else:  # packed beside the box before it, no gap wider than the grid's spacing
            before = boxes[index - 1]
            assert 0 <= box.x() - before.geometry().right() - 1 <= 6, (index, box.geometry(), before.geometry())
    assert columns == (1 if long_name and size[0] < 800 else 3)  # the cases of the report: a column, and a row


@pytest.mark.parametrize("height", [640, 1000])
def test_under_the_board_the_seats_leave_the_board_most_of_a_low_tab(
        qtbot: QtBot, make_tab: Callable[..., BattleTab], height: int) -> None:
    """QA (bench dock at 1024x700): four seats under the board took half the height and left the
    25x25 board 143 px. Low, the seats get a third and scroll; tall, they all stand on show."""
    tab = make_tab(opponents=("hunter", "wall_hugger", "head_avoider"), size=(470, height))
    start(qtbot, tab)
    split = tab.split
    assert not split.side_beside()
    board, side = split.sizes()
    scroll = split.seats_area.verticalScrollBar()
    assert scroll is not None
    if height < 700:
        assert side <= max(split.height() // 3, split.side.minimumSizeHint().height()) + 2, (board, side)
        assert tab.board.view.height() >= side and scroll.maximum() > 0  # the seats scroll instead
    else:
        assert scroll.maximum() == 0  # every seat on show


@pytest.mark.parametrize("width", [340, 900])
def test_the_title_shows_the_whole_seed_beside_the_start_button(
        qtbot: QtBot, make_tab: Callable[..., BattleTab], width: int) -> None:
    """QA (bench dock at 1024x700): the title over a battle read "Seed …"; narrow, Start battle
    gives up its word (F5 and its tooltip keep it) so the seed shows whole."""
    tab = make_tab(size=(width, 800))
    assert tab.start_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon  # no title yet
    start(qtbot, tab)
    QApplication.processEvents()
    title = tab.title_label
    assert title.full_text() == f"Seed {info_of(tab).seed}" and title.text() == title.full_text()
    worded = tab.start_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    assert worded == (width > 600)
    assert tab.start_button.toolTip().startswith("Start battle:")  # the word, where the button lost it


def test_a_seat_number_key_selects_its_snake_as_a_click_does(qtbot: QtBot, make_tab: Callable[..., BattleTab]) -> None:
    """Alt+2 selects seat 2. Found: only the mouse (a click on a snake or its score row) chose the snake to explain."""
    tab = make_tab()
    start(qtbot, tab)
    step(qtbot, tab, 3)
    tab.activateWindow()
    tab.transport.play_button.setFocus()
    qtbot.waitUntil(lambda: tab.transport.play_button.hasFocus())
    qtbot.keyClick(tab.transport.play_button, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert tab.board.view.highlighted_snake() == 1 and tab.scoreboard.rows[1].is_selected()
    assert tab.explanation is not None and tab.explanation.snake == 1
    qtbot.keyClick(tab.transport.play_button, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)  # again: none, as a second click
    assert tab.explanation is None and tab.board.view.highlighted_snake() is None
    qtbot.keyClick(tab.transport.play_button, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)  # no third seat: nothing happens
    assert tab.explanation is None
