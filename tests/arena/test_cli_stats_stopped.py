"""``snakepit stats`` of long replays: a line every few seconds says how far it is; stopped by
Ctrl-C (it printed only "stats stopped by Ctrl-C": everything counted was lost), it prints the
counts so far (text or JSON) and one line on stderr saying where it stopped and what the counts
cover, with exit status 130. The Ctrl-C is raised by an injected reader (no signal, no timing)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena import card_stats, cli_progress
from arena.match import MatchSetup, run_match
from arena.moments import Moment, replay_moments
from arena.replay import Replay, read_replay
from editor.cli import main

NAMES = ("tail_biter", "hunter")


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("stats")
    paths = [folder / "a.jsonl", folder / "b.jsonl"]
    for seed, path in enumerate(paths, 1):
        run_match(MatchSetup("snake", NAMES, seed, {"width": 13, "height": 13, "length": 6, "steps": 40}, NAMES),
                  record=path)
    return paths


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _turns(path: Path, last_step: int = 10**9) -> int:
    return sum(1 for m in replay_moments(read_replay(path), keep_positions=False) if m.step <= last_step)


def test_stopped_in_a_replay_prints_the_counts_so_far(
    replays: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = replays

    def ctrl_c_after_step_6_of_the_second(replay: Replay, keep_positions: bool = True) -> Iterator[Moment]:
        for moment in replay_moments(replay, keep_positions):
            if replay.path == str(second) and moment.step > 6:
                raise KeyboardInterrupt
            yield moment

    monkeypatch.setattr(card_stats, "replay_moments", ctrl_c_after_step_6_of_the_second)
    code, out, err = run(capsys, "stats", first, second, "--json")
    assert code == 130
    assert err == (f"snakepit: stats stopped by Ctrl-C at step 6 of {second} (replay 2 of 2): the counts are of "
                   f"replay 1 and {second} up to that step\n")
    data = json.loads(out)
    assert data["sources"] == [str(first), str(second)] and data["stopped"] == {"source": str(second), "step": 6}
    assert sum(p["turns"] for p in data["programs"]) == _turns(first) + _turns(second, 6) < _turns(first) + _turns(second)
    code, out, err = run(capsys, "stats", first, second)  # the text says as much
    assert code == 130 and out.endswith("2 replays; bites and lost: from each decision to the end of the 5th step after it\n")
    assert "Tail biter (as tail_biter; 2 battles)" in out and err.startswith("snakepit: stats stopped by Ctrl-C at step 6")
    code, out, err = run(capsys, "stats", second, "--json")  # stopped in the only replay
    assert code == 130 and json.loads(out)["sources"] == [str(second)]
    assert err.endswith(f"(replay 1 of 1): the counts are of {second} up to that step\n")


def test_stopped_while_reading_a_replay_counts_those_before_it(
    replays: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = replays

    def reader(path: Path | str) -> Any:
        if str(path) == str(second):
            raise KeyboardInterrupt
        return read_replay(path)

    monkeypatch.setattr(card_stats, "read_replay", reader)
    code, out, err = run(capsys, "stats", first, second, "--json")
    assert code == 130
    assert err == f"snakepit: stats stopped by Ctrl-C while reading {second} (replay 2 of 2): the counts are of replay 1\n"
    data = json.loads(out)
    assert data["sources"] == [str(first)] and data["stopped"] == {"source": str(second), "step": None}
    assert sum(p["turns"] for p in data["programs"]) == _turns(first)
    # Stopped in the first replay's reading: nothing counted, nothing printed but the line.
    code, out, err = run(capsys, "stats", second, first)
    assert (code, out) == (130, "")
    assert err == f"snakepit: stats stopped by Ctrl-C while reading {second} (replay 1 of 2): nothing counted\n"


def test_a_long_count_says_how_far_it_is(replays: list[Path], capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Replays of a million steps took minutes without a word; now a line every few seconds (a
    clock here that moves a second each time it is read)."""
    ticks = iter(range(10**6))
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: float(next(ticks))))
    code, _, err = run(capsys, "stats", *replays)
    assert code == 0, err
    lines = err.splitlines()
    assert lines and all(re.fullmatch(r"snakepit: stats: replay [12] of 2, step \d+", line) for line in lines), lines
    assert lines[0].startswith("snakepit: stats: replay 1 of 2") and lines[-1].startswith("snakepit: stats: replay 2 of 2")
