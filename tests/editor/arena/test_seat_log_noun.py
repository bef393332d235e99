"""The seat log's first column says the game's own word for a round (from its descriptor) before
a match as after it: it read "Turn" before a match and "Move" or "Step" after."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from editor.document import ProgramDocument
from editor.seats import builtin_program
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.battle.battle_tab import BattleTab
from editor.widgets.arena.seat_log import TURN
from tests.editor.arena.pane_driver import WORMS, full_speed, pick, set_up, start, wait_finished
from pytestqt.qtbot import QtBot


def heading(pane: ArenaPane) -> str:
    """The first column's heading, as the table's header shows it."""
    header = pane.seat_log.table.horizontalHeader()
    return str(header.model().headerData(TURN, Qt.Orientation.Horizontal))


def test_the_heading_is_the_chosen_games_word_before_and_after_a_match(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    pick(qtbot, pane.setup_panel.game_box, "Bio-blots")
    assert heading(pane) == "Move" and "moves" in pane.seat_log.seat_box.toolTip()
    pick(qtbot, pane.setup_panel.game_box, "Snake")
    assert heading(pane) == "Step"
    set_up(pane, "worms", (str(WORMS / "greedy.sh"),) * 2, {"rounds": 2, "map": str(WORMS / "meadow.txt")})
    assert heading(pane) == "Round"
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    assert heading(pane) == "Round" and pane.seat_log.model.rowCount() > 0
    pane.setup_panel.set_game("snake")  # a worms match is still shown: its rows are worms rounds
    assert heading(pane) == "Round"


def test_the_battle_tabs_log_says_step_before_the_first_battle(qtbot: QtBot) -> None:
    """The Battle tab shares the log: it said "Turn" there until a battle had run."""
    tab = BattleTab(ProgramDocument(builtin_program()))
    qtbot.addWidget(tab, before_close_func=lambda t: t.shutdown())
    header = tab.seat_log.table.horizontalHeader()
    assert header.model().headerData(TURN, Qt.Orientation.Horizontal) == "Step"
