"""The replay transport shared by the arena and the Battle tab: First, Back, Play/Pause, Step, Last,
Loop, a box to type a turn into, the speed in the game's own rounds per second (remembered), and
the game's own word for a round everywhere it speaks of one.

Most tests drive a transport over a finished timeline of plain frames (no worker: they need no
match); the last ones open real replays in the arena pane and the Battle tab."""

from __future__ import annotations
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.games.registry import games
from arena.match import MatchSetup, run_match
from editor.widgets.arena.match_runner import Frame
from editor.widgets.arena.match_transport import SPEEDS, Transport, parse_turn, speed_text
from editor.widgets.arena.playback import Playback
from tests.editor.arena.pane_driver import BIOBLOTS, pick
from editor.widgets.arena.arena_pane import ArenaPane

LEFT = Qt.MouseButton.LeftButton
LAST_TURN = 30


def timeline(turns: int = LAST_TURN) -> list[Frame]:
    return [Frame(turn, state=None, scores=(turn, 0)) for turn in range(turns + 1)]


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "transport.ini"), QSettings.Format.IniFormat)


class MakeTransport(Protocol):
    """The ``make_transport`` fixture: a shown transport saying ``noun``, over ``frames`` (a
    timeline of ``LAST_TURN`` turns if None), with none of them played."""

    def __call__(self, noun: str = ..., frames: list[Frame] | None = ...) -> Transport: ...


@pytest.fixture
def make_transport(qtbot: QtBot, settings: QSettings) -> MakeTransport:
    def make(noun: str = "turn", frames: list[Frame] | None = None) -> Transport:
        host = QWidget()
        playback = Playback(parent=host)
        transport = Transport(playback, shortcut_host=host, settings=settings, settings_prefix="test/")
        transport.set_noun(noun)
        QVBoxLayout(host).addWidget(transport)
        qtbot.addWidget(host)
        host.resize(900, 120)
        host.show()
        qtbot.waitExposed(host)
        frames = timeline() if frames is None else frames
        playback.reset(frames[0], live=False, play=False)
        playback.extend(frames[1:])
        return transport

    return make


def shown(transport: Transport) -> int:
    return transport.playback.frames[transport.playback.index].turn


def type_turn(qtbot: QtBot, transport: Transport, text: str) -> None:
    """Click into the turn box, select what is there, type ``text`` and press Enter."""
    box = transport.turn_box
    qtbot.mouseClick(box, LEFT)
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_the_buttons_go_to_the_first_back_on_and_last_turn(qtbot: QtBot, make_transport: MakeTransport) -> None:
    transport = make_transport()
    assert shown(transport) == 0 and transport.turn_text() == f"Turn 0 / {LAST_TURN}"
    assert not transport.first_button.isEnabled() and not transport.back_button.isEnabled()
    qtbot.mouseClick(transport.step_button, LEFT)
    qtbot.mouseClick(transport.step_button, LEFT)
    assert shown(transport) == 2
    qtbot.mouseClick(transport.back_button, LEFT)
    assert shown(transport) == 1
    qtbot.mouseClick(transport.last_button, LEFT)
    assert shown(transport) == LAST_TURN and transport.turn_text() == f"Turn {LAST_TURN} / {LAST_TURN}"
    assert not transport.last_button.isEnabled() and not transport.step_button.isEnabled()
    qtbot.mouseClick(transport.first_button, LEFT)
    assert shown(transport) == 0 and transport.seek_bar.value() == 0


def test_brackets_change_the_speed_from_anywhere_but_a_text_field(qtbot: QtBot, make_transport: MakeTransport) -> None:
    """The speed took tabbing to its slider; [ and ] set it from the keys (as in video players; - and
    + zoom a focused board), as the slider's tooltip says, while a field being typed in keeps them."""
    transport = make_transport()
    slider, start = transport.speed_slider, transport.speed_slider.value()
    host = transport.window()
    host.activateWindow()  # keys reach a shortcut in the active window only
    qtbot.waitUntil(lambda: QApplication.activeWindow() is host, timeout=2_000)
    transport.seek_bar.setFocus()  # the focus elsewhere in the transport's host, as on the board
    qtbot.keyClick(transport.seek_bar, "]")
    assert slider.value() == start + 1 and transport.playback.speed() == SPEEDS[start + 1]
    for _ in range(2):
        qtbot.keyClick(transport.seek_bar, "[")
    assert slider.value() == start - 1
    for _ in range(len(SPEEDS) + 1):
        qtbot.keyClick(transport.seek_bar, "]")
    assert slider.value() == len(SPEEDS) - 1  # no further than full speed
    assert "[ slower, ] faster" in slider.toolTip()
    box = transport.turn_box
    qtbot.mouseClick(box, LEFT)
    box.selectAll()
    qtbot.keyClicks(box, "[")
    assert box.text() == "[" and slider.value() == len(SPEEDS) - 1  # typed, not slower


def test_a_typed_turn_is_shown_and_a_wrong_one_is_explained_under_the_box(qtbot: QtBot, make_transport: MakeTransport) -> None:
    transport = make_transport()
    type_turn(qtbot, transport, "17")
    assert shown(transport) == 17 and transport.seek_bar.value() == 17 and transport.hint() == ""
    assert transport.turn_box.text() == "17"
    type_turn(qtbot, transport, "99")
    assert shown(transport) == 17  # it stays where it was
    assert transport.hint() == f"There is no turn 99: turns 0 to {LAST_TURN} are there"
    assert transport.hint_label.isVisible()
    type_turn(qtbot, transport, "ten")
    assert "“ten” is no turn: type a number" in transport.hint()
    qtbot.keyClick(transport.turn_box, Qt.Key.Key_Escape)  # Escape puts the shown turn back
    assert transport.turn_box.text() == "17" and transport.hint() == "" and not transport.hint_label.isVisible()
    type_turn(qtbot, transport, "3")
    assert shown(transport) == 3


def test_a_turn_not_played_yet_says_so_while_the_match_runs() -> None:
    assert parse_turn("40", 0, 12, "round", live=True) == "Round 40 is not played yet: rounds 0 to 12 are there"
    assert parse_turn("", 0, 0, "step") == "Type a step number: step 0 only are there"
    assert parse_turn(" 5 ", 0, 12) == 5


def test_play_stops_at_the_end_unless_loop_is_on_then_it_starts_again(qtbot: QtBot, make_transport: MakeTransport) -> None:
    transport = make_transport(frames=timeline(3))
    playback = transport.playback
    qtbot.mouseClick(transport.speed_slider, LEFT)
    qtbot.keyClick(transport.speed_slider, Qt.Key.Key_End)  # full speed: a frame per screen frame
    qtbot.mouseClick(transport.last_button, LEFT)
    assert not transport.play_button.isEnabled()  # nothing after the last turn, no loop
    qtbot.mouseClick(transport.loop_button, LEFT)
    assert playback.loop and transport.loop_action.isChecked() and transport.play_button.isEnabled()
    qtbot.mouseClick(transport.play_button, LEFT)
    seen: set[int] = set()
    playback.shown.connect(lambda index: seen.add(index))
    qtbot.waitUntil(lambda: {0, 1, 2, 3} <= seen and 0 in seen, timeout=10_000)
    assert playback.playing  # it went round: past 3 back to 0 and on
    qtbot.mouseClick(transport.loop_button, LEFT)
    assert not playback.loop
    qtbot.waitUntil(lambda: not playback.playing, timeout=10_000)  # now it stops at the end
    assert shown(transport) == 3


def test_speed_and_loop_are_remembered_for_the_next_transport(qtbot: QtBot, make_transport: MakeTransport) -> None:
    first = make_transport()
    first.speed_slider.setFocus()
    qtbot.keyClick(first.speed_slider, Qt.Key.Key_Home)  # the slowest: half a turn a second
    assert first.playback.speed() == SPEEDS[0] == 0.5 and first.speed_label.text() == "0.5 turns/s"
    qtbot.mouseClick(first.loop_button, LEFT)
    second = make_transport()
    assert second.playback.speed() == 0.5 and second.playback.loop and second.loop_action.isChecked()


def test_speed_reads_in_the_games_own_rounds() -> None:
    assert speed_text(1, "move") == "1 move/s" and speed_text(8, "step") == "8 steps/s"
    assert speed_text(0, "round") == "full speed"


@pytest.mark.parametrize("game", sorted(games()))
def test_the_transport_says_each_games_word_for_a_round(qtbot: QtBot, make_transport: MakeTransport, game: str) -> None:
    noun = games()[game].round_noun
    transport = make_transport(noun=noun)
    word = noun.capitalize()
    assert transport.turn_text() == f"{word} 0 / {LAST_TURN}" and transport.noun_label.text() == word
    assert noun in transport.step_button.toolTip() and noun in transport.back_button.toolTip()
    assert f"{word}s per second" in transport.speed_slider.toolTip()
    assert transport.speed_label.text().endswith(f"{noun}s/s")
    type_turn(qtbot, transport, "99")
    assert transport.hint().startswith(f"There is no {noun} 99: {noun}s 0 to")


@pytest.mark.parametrize("size", [(1024, 120), (600, 120), (460, 120)])
def test_every_control_stays_reachable_in_a_narrow_pane(qtbot: QtBot, make_transport: MakeTransport, size: tuple[int, int]) -> None:
    transport = make_transport()
    transport.window().resize(*size)
    qtbot.waitUntil(lambda: transport.width() <= size[0])
    qtbot.waitUntil(lambda: transport.in_one_row() == (size[0] >= 900))  # narrow: the seek bar gets a row
    QApplication.processEvents()  # the rows' layout settles
    for widget in (transport.first_button, transport.back_button, transport.play_button, transport.step_button,
                   transport.last_button, transport.loop_button, transport.speed_slider, transport.turn_box):
        rect = widget.rect().translated(widget.mapTo(transport, widget.rect().topLeft()))
        assert transport.rect().contains(rect), f"{widget} is cut off at {size}"
    assert transport.seek_bar.width() >= 60
    narrowest = size[0] < 500  # a docked Battle tab: Play, Step and Stop as icons, their words in tooltips
    assert (transport.play_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly) == narrowest
    assert "Play" in transport.play_button.toolTip()


def test_a_replay_in_the_arena_says_moves_for_bioblots(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    path = tmp_path / "bioblots.jsonl"
    seats = (str(BIOBLOTS / "heuristic_bot.py"), str(BIOBLOTS / "random_bot.py"))
    run_match(MatchSetup("bioblots", seats, 3, {"move_limit": 6, "time_limit": 2.0}), record=path,
              host_root=tmp_path)
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(path)
    transport = pane.transport
    assert transport.turn_text().startswith("Move 0 / ")
    type_turn(qtbot, transport, "4")
    assert shown(transport) == 4 and "move 4 of" in pane.scoreboard.summary_label.text().lower()


def test_the_battle_tab_has_the_same_transport_saying_step(qtbot: QtBot) -> None:
    from editor.document import ProgramDocument
    from editor.seats import builtin_program
    from editor.widgets.battle.battle_tab import BattleTab

    tab = BattleTab(ProgramDocument(builtin_program()))
    qtbot.addWidget(tab, before_close_func=lambda t: t.shutdown())
    transport = tab.transport
    assert isinstance(transport, Transport) and transport.noun_label.text() == "Step"
    for button in (transport.first_button, transport.back_button, transport.play_button, transport.step_button,
                   transport.last_button, transport.loop_button, transport.turn_box, transport.speed_slider):
        assert button.parentWidget() is not None and transport.isAncestorOf(button)


def test_before_a_match_the_transport_speaks_of_the_chosen_games_rounds(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    from editor.widgets.games.registry import GAME_VIEWS

    pane = make_pane()
    pick(qtbot, pane.setup_panel.game_box, GAME_VIEWS["bioblots"].spec.title)
    assert pane.transport.noun_label.text() == "Move" and "moves/s" in pane.transport.speed_label.text()
    pick(qtbot, pane.setup_panel.game_box, GAME_VIEWS["snake"].spec.title)
    assert pane.transport.noun_label.text() == "Step"
