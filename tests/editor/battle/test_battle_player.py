from __future__ import annotations

from PySide6.QtCore import Qt

from arena.snake_battle import BattleSettings
from engines.snake import start_position


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_it_starts_at_step_0_ready_to_play(make_player):
    player = make_player()
    assert player.step_label.text() == "Step 0 / 1000"
    assert player.play_button.text() == "Play"
    assert player.step_button.isEnabled()
    assert player.view.board().position() == start_position(4)
    assert [row.length_label.text() for row in player.seat_panel.rows] == ["10"] * 4
    assert [row.status_label.text() for row in player.seat_panel.rows] == ["alive"] * 4


def test_step_advances_the_counter_and_moves_the_snakes(qtbot, make_player):
    player = make_player()
    before = player.view.board().position()
    click(qtbot, player.step_button)
    assert player.step_label.text() == "Step 1 / 1000"
    after = player.view.board().position()
    assert after != before
    assert all(a.head != b.head for a, b in zip(after.snakes, before.snakes))


def test_play_runs_until_pause(qtbot, make_player):
    player = make_player()
    player.set_speed(60)
    click(qtbot, player.play_button)
    assert player.play_button.text() == "Pause"
    assert not player.step_button.isEnabled()
    qtbot.waitUntil(lambda: player.match.battle.steps >= 3, timeout=3000)
    click(qtbot, player.play_button)
    assert player.play_button.text() == "Play"
    assert player.step_button.isEnabled()
    shown = player.step_label.text()
    assert shown == f"Step {player.match.battle.steps} / 1000"
    qtbot.wait(150)
    assert player.step_label.text() == shown


def test_restart_returns_to_step_0_and_replays_the_same_battle(qtbot, make_player):
    player = make_player()
    for _ in range(30):
        click(qtbot, player.step_button)
    assert player.step_label.text() == "Step 30 / 1000"
    after_30 = player.view.board().position()
    click(qtbot, player.restart_button)
    assert player.step_label.text() == "Step 0 / 1000"
    assert player.view.board().position() == start_position(4)
    assert player.log.count() == 0
    for _ in range(30):
        click(qtbot, player.step_button)
    assert player.view.board().position() == after_30


def test_restart_uses_the_seed_typed_in(qtbot, make_player):
    player = make_player()
    player.seed_box.setValue(99)
    click(qtbot, player.restart_button)
    assert player.match.settings.seed == 99


def test_the_end_shows_the_reason_ranks_and_disables_play(qtbot, make_player):
    player = make_player(settings=BattleSettings(seed=3, max_steps=4))
    player.set_speed(60)
    with qtbot.waitSignal(player.finished, timeout=3000):
        click(qtbot, player.play_button)
    assert player.step_label.text() == "Step 4 / 4"
    assert "Battle over after 4 steps: the step limit was reached." in player.status_label.text()
    assert not player.play_button.isEnabled()
    assert not player.step_button.isEnabled()
    statuses = [row.status_label.text() for row in player.seat_panel.rows]
    assert all(status.split(" · ")[0] in {"1st", "2nd", "3rd", "4th"} for status in statuses)
    click(qtbot, player.restart_button)
    assert player.play_button.isEnabled()


def test_clicking_a_snake_on_the_board_selects_its_seat(qtbot, make_player):
    player = make_player()
    head = player.view.board().head(2)
    click_point = player.view.cell_rect(*head).center().toPoint()
    qtbot.mouseClick(player.view, Qt.MouseButton.LeftButton, pos=click_point)
    assert player.view.highlighted_snake() == 2
    assert [row.is_selected() for row in player.seat_panel.rows] == [False, False, True, False]
    qtbot.mouseClick(player.seat_panel.rows[2], Qt.MouseButton.LeftButton)
    assert player.view.highlighted_snake() is None


def test_bites_are_listed_with_the_step_they_happened(qtbot, make_player):
    player = make_player(settings=BattleSettings(seed=2))
    while player.log.count() == 0 and not player.match.battle.over:
        click(qtbot, player.step_button)
    assert player.log.count() > 0
    text = player.log.item(0).text()
    assert str(player.match.battle.steps) in text
    assert " bit " in text or " was eaten by " in text


def test_space_plays_and_pauses_and_right_steps(qtbot, make_player):
    player = make_player()
    player.activateWindow()
    qtbot.waitUntil(player.isActiveWindow)
    qtbot.keyClick(player, Qt.Key.Key_Right)
    assert player.step_label.text() == "Step 1 / 1000"
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert player.play_button.text() == "Pause"
    qtbot.keyClick(player, Qt.Key.Key_Space)
    assert player.play_button.text() == "Play"
