"""A screen reader is told what the arena's status line says when it matters: a match's result,
a replay opened, an error; never a round's number as it plays (a reader would read 500 lines).

Found: nothing was announced; a reader heard of a finished match or a failed replay only by
going looking for it. What is said is heard through the seam :func:`accessibility.deliver`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6 import QtGui
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.parts import accessibility
from tests.editor.arena.pane_driver import full_speed, set_up, start, wait_finished


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What a screen reader is told, in order."""
    said: list[str] = []
    monkeypatch.setattr(accessibility, "deliver", lambda _source, words: said.append(words))
    return said


def play(qtbot: QtBot, pane: ArenaPane, rounds: int) -> None:
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": rounds})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)


def test_a_finished_match_is_announced_once_and_its_rounds_never(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                                 heard: list[str]) -> None:
    pane = make_pane()
    play(qtbot, pane, 40)
    qtbot.waitUntil(lambda: bool(heard), timeout=2_000)
    assert len(heard) == 1, heard
    assert heard[0].startswith("Over after ") and heard[0].endswith(("wins.", "first place.")), heard
    assert "<" not in heard[0] and "\u200b" not in heard[0]  # words, not the label's markup


def test_a_replay_opened_is_announced_without_its_result_and_a_broken_one_says_why(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], heard: list[str], tmp_path: Path) -> None:
    pane = make_pane()
    play(qtbot, pane, 12)
    saved = tmp_path / "twelve.jsonl"
    assert pane.save_replay(saved)
    heard.clear()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(saved)
    assert heard == ["Opened the replay twelve.jsonl: 12 steps; Space plays it."]
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    heard.clear()
    with qtbot.waitSignal(pane.runner.failed, timeout=10_000) as failed:
        pane.open_replay(broken)
    qtbot.waitUntil(lambda: bool(heard), timeout=2_000)
    assert heard[0] == failed.args[0] and heard[0].startswith(str(broken))


def test_a_pane_in_a_host_leaves_the_saying_to_the_host(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                       heard: list[str]) -> None:
    """The main window shows the pane's notes in its status bar, which announces them: said
    twice, a reader would read each twice."""
    pane = make_pane()
    notes: list[str] = []
    pane.message.connect(notes.append)
    play(qtbot, pane, 10)
    qtbot.waitUntil(lambda: bool(notes), timeout=2_000)
    assert notes[0].startswith("Over after ") and heard == []


def test_the_words_said_are_plain() -> None:
    rich = "Over after 3 steps. <b>hun\u200bter</b> wins.\n"
    assert accessibility.plain_words(rich, rich=True) == "Over after 3 steps. hunter wins."
    assert accessibility.plain_words("seat 2 <h1>:\n crashed") == "seat 2 <h1>: crashed"


def test_before_qt_6_8_a_reader_hears_the_name_change(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    label = QLabel("Ready")
    qtbot.addWidget(label)
    accessibility.deliver(label, "Saved the replay")  # Qt's own announcement: no error, the name stays
    assert label.accessibleName() == ""
    monkeypatch.delattr(QtGui, "QAccessibleAnnouncementEvent")
    accessibility.deliver(label, "Saved the replay")
    assert label.accessibleName() == "Saved the replay"


def test_a_stopped_match_is_said_in_the_games_word(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                   heard: list[str]) -> None:
    """Found: "Stopped after 9 rounds; every bot was killed." of a snake match: its rounds are
    steps (as the scoreboard says) and its seats are programs, not bots."""
    pane = make_pane()
    set_up(pane, "snake", ("hunter", "tail_biter"), {"rounds": 1000})
    start(qtbot, pane)  # at the saved speed: a few steps a second
    qtbot.waitUntil(lambda: len(pane.playback.frames) >= 2, timeout=10_000)
    pane.stop()
    wait_finished(qtbot, pane)
    assert pane.outcome is not None and pane.outcome.cancelled
    rounds = pane.outcome.rounds
    assert heard == [f"Stopped after {rounds} step{'' if rounds == 1 else 's'}."]
