"""``snakepit match``'s progress is thinned: a flushed line per round made a snake match of
20,000 steps take twice as long as without. A round's line every few seconds (on a terminal, one
line rewritten in place), always with the lines that say something new, and the last round."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena import cli_progress
from arena.cli_progress import MatchProgress
from arena.replay import read_replay
from editor.cli import main


def _ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves a second each time it is read."""
    ticks: Iterator[int] = iter(range(1_000_000))
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: float(next(ticks))))


def test_a_match_says_a_round_every_few_seconds_and_the_last_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _ticking(monkeypatch)
    record = tmp_path / "r.jsonl"
    code = main(["match", "snake", "--bot", "hunter", "--bot", "tail_biter", "--seed", "5", "--rounds", "12",
                 "--record", str(record)])
    err = capsys.readouterr().err
    assert code == 0, err
    replay = read_replay(record)
    assert replay.result is not None
    scores = [" ".join(map(str, line["scores"])) for line in replay.rounds]
    assert cli_progress.PROGRESS_SECONDS == 5.0
    assert err.splitlines() == [f"round 5: scores {scores[4]}", f"round 10: scores {scores[9]}",
                                f"round 12: scores {scores[11]}; end: {replay.result['end']}"]


def test_on_a_terminal_the_round_line_is_rewritten_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    _ticking(monkeypatch)
    monkeypatch.setattr(cli_progress, "TERMINAL_SECONDS", 2.0)
    stream = io.StringIO()
    shown = MatchProgress(stream, terminal=True)  # the clock read once: 0, the first line due at 2
    for index in range(1, 5):  # read at 1, 2, 3, 4: due at 2 and 4
        shown.show(f"round {index}")
    assert stream.getvalue() == "\r\x1b[Kround 2\r\x1b[Kround 4"  # no newline: the next one overwrites it
    shown.show("round 5", ["round 5: seat 1 crashed: why"])  # news: its own lines, kept
    shown.show("round 6", last=True)
    assert stream.getvalue().endswith("\r\x1b[Kround 5\nround 5: seat 1 crashed: why\n\r\x1b[Kround 6\n")
    shown.close()  # nothing open: nothing written
    assert stream.getvalue().endswith("round 6\n")


def test_a_stopped_match_keeps_its_rewritten_line_and_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _ticking(monkeypatch)
    monkeypatch.setattr(cli_progress, "TERMINAL_SECONDS", 1.0)
    stream = io.StringIO()
    shown = MatchProgress(stream, terminal=True)
    shown.show("round 1")
    shown.close()
    assert stream.getvalue() == "\r\x1b[Kround 1\n"  # what follows ("match stopped by SIGINT") has its own line


def test_off_a_terminal_a_round_with_news_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: 0.0))  # nothing is ever due
    stream = io.StringIO()
    shown = MatchProgress(stream, terminal=False)
    shown.show("round 1: scores 0 0")
    shown.show("round 2: scores 1 0", ["round 2: seat 0 stderr: hello"])
    shown.show("round 3: scores 1 0")
    shown.close()
    assert stream.getvalue() == "round 2: scores 1 0\nround 2: seat 0 stderr: hello\n"


def test_a_rewritten_line_is_cut_to_the_terminals_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line wider than the terminal wraps, and rewriting it left a row behind each time."""
    _ticking(monkeypatch)
    monkeypatch.setattr(cli_progress, "TERMINAL_SECONDS", 1.0)
    stream = io.StringIO()
    shown = MatchProgress(stream, terminal=True, columns=20)
    shown.show("round 1: scores 1 2 3 4; seat 0 crashed")
    shown.show("round 2: scores 1 2 3 4; seat 0 crashed", last=True)  # a line of its own: whole
    assert stream.getvalue() == "\r\x1b[Kround 1: scores 1 …\r\x1b[Kround 2: scores 1 2 3 4; seat 0 crashed\n"
