"""A game's own code that raises (another package's engine or referee: a bug, not a bot's fault)
ends the match with one line naming the game, when, what was raised and the line that raised it,
by the command line and the app alike; a replay that the code fails on says so for its round.
Before, ``snakepit match`` ended in the engine's traceback."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from arena.bots.scripted import Script, ScriptedHost, ScriptError, answer
from arena.games import registry
from arena.match import MatchSetup, MatchSetupError, run_match
from arena.referee import GameCodeError
from arena.replay import verify_replay
from arena.tournament.errors import TournamentError
from arena.tournament.games import check_setup
from engines.protocol import Step
from tests.games.nim.engine import NimGame, NimState
from tests.games.nim import referee as nim_referee
from tests.games.nim.referee import BOTS, DESCRIPTOR, NimReferee


class Failing(NimGame):
    """Nim whose start or step raises as a buggy engine does."""

    def __init__(self, fails: str) -> None:
        self.fails = fails

    def start(self, options: Mapping[str, Any], seats: int = 2) -> NimState:
        if self.fails == "start":
            raise KeyError("heap_sizes")
        return super().start(options, seats)

    def step(self, state: NimState, moves: Sequence[Any], rng: random.Random) -> Step[NimState]:
        if (self.fails == "step" and sum(state.heaps) < 5) or self.fails == "first step":
            raise IndexError("list index out of range")
        return super().step(state, moves, rng)


SEATS = (str(BOTS / "nim_bot.py"),) * 2


@pytest.fixture(params=["start", "step"])
def failing(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Nim registered with a failing engine, which its referee plays with."""
    fails: str = request.param
    engine = Failing(fails)
    monkeypatch.setattr(nim_referee, "GAME", engine)
    registry.register(dataclasses.replace(DESCRIPTOR, engine=engine, referee=NimReferee()))
    yield fails
    registry.unregister(DESCRIPTOR.name)


def bots() -> ScriptedHost:
    return ScriptedHost([Script(then=answer("0 1")), Script(then=answer("0 1"))])


def test_a_raising_engine_ends_the_match_in_one_line_naming_the_game(failing: str, tmp_path: Path) -> None:
    record = tmp_path / "nim.jsonl"
    with pytest.raises(MatchSetupError) as raised:
        run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), record=record, host_factory=bots())
    message = str(raised.value)
    assert isinstance(raised.value, GameCodeError) and "\n" not in message
    when = "to start" if failing == "start" else "in move 3"  # 3 3, 2 3, 1 3: the step from 4 counters raises
    error = "KeyError: 'heap_sizes'" if failing == "start" else "IndexError: list index out of range"
    assert message.startswith(f"the game 'nim' failed {when}: {error} (at {__file__}:"), message
    if failing == "step":  # the round played is kept
        assert len(record.read_text().splitlines()) == 3  # the header and rounds 1, 2


def test_a_replay_the_engine_fails_on_says_so_for_its_round(tmp_path: Path) -> None:
    record = tmp_path / "nim.jsonl"
    registry.register(DESCRIPTOR)
    try:
        run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), record=record, host_factory=bots())
    finally:
        registry.unregister("nim")
    registry.register(dataclasses.replace(DESCRIPTOR, engine=Failing("step"), referee=NimReferee()))
    try:
        report = verify_replay(record)
    finally:
        registry.unregister("nim")
    assert not report.ok and "round 3" in report.summary() and "the game 'nim' failed: IndexError" in report.summary()


@pytest.mark.parametrize("failing", ["start"], indirect=True)
def test_a_tournament_whose_engine_fails_to_start_says_so_in_one_line(failing: str) -> None:
    # Its entrants are set up before any game; that ended in the engine's traceback.
    with pytest.raises(TournamentError, match="^the game 'nim' failed to start: KeyError: 'heap_sizes' \\(at "):
        check_setup("nim", [("a", SEATS[0])], 2, {"heaps": "3 3"})


def test_a_header_lacking_an_option_the_engine_needs_says_which(tmp_path: Path) -> None:
    """What a referee leaves out of its start's ``resolved`` (the header's options) the replay
    cannot start from: verification said only "the header's options: 'heaps'"."""
    record = tmp_path / "nim.jsonl"
    registry.register(DESCRIPTOR)
    try:
        run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), record=record, host_factory=bots())
        lines = record.read_text().splitlines(keepends=True)
        record.write_text(lines[0].replace('"heaps": "3 3", ', "").replace('"heaps":"3 3",', "") + "".join(lines[1:]))
        summary = verify_replay(record).summary()
    finally:
        registry.unregister("nim")
    assert "the header's options have no 'heaps', which the engine's start needs" in summary, summary


@pytest.mark.parametrize("failing", ["first step"], indirect=True)
def test_the_arena_pane_ends_a_match_its_engine_failed_in(qtbot: QtBot, failing: str, tmp_path: Path) -> None:
    """The pane said why, but went on "Playing: move 0 of 0 so far" with Pause and Step on."""
    from PySide6.QtCore import QSettings, Qt

    from editor.widgets.arena.arena_pane import ArenaPane

    pane = ArenaPane(QSettings(str(tmp_path / "arena.ini"), QSettings.Format.IniFormat), host_root=tmp_path)
    qtbot.addWidget(pane, before_close_func=lambda p: p.shutdown())
    pane.resize(1200, 700)
    pane.show()
    pane.setup_panel.set_game("nim")
    pane.setup_panel.set_seats(SEATS)
    qtbot.mouseClick(pane.setup_panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane.failure_label.isVisible(), timeout=30_000)
    assert pane.failure_label.text().startswith("the game 'nim' failed in move 1: IndexError")
    qtbot.waitUntil(lambda: not pane.runner.is_running(), timeout=10_000)
    assert not pane.playback.live and "Playing" not in pane.scoreboard.summary_label.text()


class TextFails(NimGame):
    def to_text(self, state: NimState) -> str:
        raise AttributeError("'NimState' object has no attribute 'heap'")


def test_an_engine_whose_text_fails_ends_the_recorded_match_in_one_line(tmp_path: Path) -> None:
    registry.register(dataclasses.replace(DESCRIPTOR, engine=TextFails(), referee=NimReferee()))
    try:
        with pytest.raises(GameCodeError, match="^the game 'nim' failed in move 1: AttributeError: 'NimState' object"):
            run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), record=tmp_path / "r.jsonl", host_factory=bots())
    finally:
        registry.unregister("nim")


def test_a_scripted_bots_failing_test_stays_a_script_error(nim_registered: None) -> None:
    """What a referee test's script says is wrong is the test's failure, not the game's code."""
    host = ScriptedHost([Script(answer("0 1")), Script(answer("0 1"))])  # one reply each: too few
    with pytest.raises(ScriptError, match="no reply left in the script"):
        run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), host_factory=host)


class Signalled(Exception):
    """What a signal handler raises wherever the match happens to be (``snakepit match``'s SIGTERM)."""


class StepSignalled(NimGame):
    def step(self, state: NimState, moves: Sequence[Any], rng: random.Random) -> Step[NimState]:
        raise Signalled("SIGTERM")


def test_an_exception_no_bug_raises_goes_on_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    # The CLI's SIGTERM, raised inside a step, became "the game 'worms' failed in round 5:
    # Interrupted: SIGTERM", and the killed match exited 2 instead of 143.
    engine = StepSignalled()
    monkeypatch.setattr(nim_referee, "GAME", engine)
    registry.register(dataclasses.replace(DESCRIPTOR, engine=engine, referee=NimReferee()))
    try:
        with pytest.raises(Signalled):
            run_match(MatchSetup("nim", SEATS, 1, {"heaps": "3 3"}), host_factory=bots())
    finally:
        registry.unregister("nim")
