"""A replay whose result line was edited by hand: the board (re-simulated) showed one winner and
the scoreboard, the summary and the statuses (read from the result line) another, unsaid. The
result shown is now the rounds', and the disagreement is said above the board."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.parts.seat_cards import ordinal

GOLDEN = Path(__file__).resolve().parents[2] / "arena" / "golden" / "kingdoms.jsonl"


def test_an_edited_result_line_is_said_and_the_rounds_result_shown(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                                    tmp_path: Path) -> None:
    lines = GOLDEN.read_text().splitlines()[:-1]  # less its test-only last line
    result = json.loads(lines[-1])
    assert result["type"] == "result"
    true_ranks, seats = result["ranks"], len(result["ranks"])
    forged = dict(result, ranks=[1] + [2] * (seats - 1), statuses=["ok"] + ["crashed"] * (seats - 1))
    assert forged["ranks"] != true_ranks
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join([*lines[:-1], json.dumps(forged)]) + "\n")
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(edited)
    pane.playback.seek(len(pane.playback.frames) - 1)
    shown = pane.scoreboard.shown()
    assert [rank for _, rank, _ in shown] == [ordinal(r) for r in true_ranks]
    assert [line.split(" · ")[0] for _, _, line in shown] == result["statuses"]
    label = pane.failure_label
    assert label.isVisible() and label.text().startswith(f"{edited}:{len(lines)}: its result line does not agree"), label.text()
    assert f"ranks recorded {forged['ranks']}" in label.text()


def test_an_edited_round_is_said_and_the_rules_shown(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                     tmp_path: Path) -> None:
    """A round whose scores were edited: the board and scoreboard show the engine's (as before);
    that the file says otherwise was not said at all."""
    lines = GOLDEN.read_text().splitlines()[:-1]
    fifth = json.loads(lines[5])
    assert fifth["round"] == 5
    true_scores = list(fifth["scores"])
    fifth["scores"][0] += 5
    lines[5] = json.dumps(fifth)
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n")
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(edited)
    label = pane.failure_label
    assert label.isVisible() and label.text() == (
        f"{edited}:6: round 5 does not agree with its game's rules, so what is shown is the rules': "
        f"scores recorded {fifth['scores']}, re-simulated {true_scores}"), label.text()
    pane.playback.seek(5)
    assert [int(score) for score, _, _ in pane.scoreboard.shown()] == true_scores
    assert len(pane.playback.frames) == len(lines) - 1  # every round shown (lines: the header, the rounds, the result)
