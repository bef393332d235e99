"""Card statistics counted in a child process (issue 16's stall target while issue 17's card
statistics count): the same numbers and steps as counting here, a damaged replay skipped and
named, the child's errors raised here as the child raised them, and a count stopped, failed or
interrupted leaves no process behind (nor a zombie), even when the child is stuck in a replay."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from arena.match import MatchSetup, run_match
from arena.samples import SNAKE_SAMPLES
from arena.stats_count import CountedStats, count_stats
from arena.stats_process import Count, CountProcessError, count_in_child
from tests.arena.stats_children import (
    MISSING, descendants, fail_missing, fail_unpicklable, fail_value, pids, stuck_replay,
)
from tests.bots.survivors import still_alive

NAMES = ("tail_biter", "hunter")
OPTIONS = {"width": 13, "height": 13, "length": 4, "steps": 80}


class Stop(Exception):
    """What a step raises to stop the count (as the app's Cancel does)."""


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("replays")
    files = [folder / f"battle-{seed}.jsonl" for seed in (1, 2, 3)]
    for seed, path in zip((1, 2, 3), files):
        setup = MatchSetup("snake", tuple(str(SNAKE_SAMPLES / f"{n}.snake.json") for n in NAMES), seed, OPTIONS, NAMES)
        run_match(setup, record=path)
    count_in_child([])  # the fork server runs from here on: the tests' new processes are their counts'
    return files


def as_json(counted: CountedStats) -> tuple[list[dict[str, Any]], int, list[str]]:
    return [p.to_json() for p in counted.programs], counted.replays, counted.skipped


class Watched:
    """A step that records each step and the processes that are new since the count began."""

    def __init__(self, stop_at: int | None = None, kill_at: int | None = None) -> None:
        self.before = descendants()
        self.steps: list[tuple[int, int]] = []
        self.new: set[tuple[int, int]] = set()
        self.stop_at, self.kill_at = stop_at, kill_at

    def __call__(self, done: int, total: int) -> None:
        self.steps.append((done, total))
        self.new |= descendants() - self.before
        if done == self.kill_at:
            (child,) = pids(self.new)
            os.kill(child, signal.SIGKILL)
        if done == self.stop_at:
            raise Stop

    def assert_no_child_left(self) -> None:
        assert pids(self.new), "no process counted"
        assert not pids(self.new) & pids(descendants()), "a counting process is left (or its zombie)"
        assert still_alive(self.new) == []


def test_a_child_process_counts_what_counting_here_counts_step_by_step(replays: list[Path]) -> None:
    watched = Watched()
    counted = count_in_child(replays, watched)
    here_steps: list[tuple[int, int]] = []
    here = count_stats(replays, lambda done, total: here_steps.append((done, total)))
    assert watched.steps == here_steps == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert counted is not None and as_json(counted) == as_json(here)
    assert counted.replays == 3 and len(counted.programs) == 2 and counted.skipped == []
    assert counted.playing_as("tail_biter") is not None
    watched.assert_no_child_left()


def test_a_damaged_replay_is_skipped_and_named_and_the_others_still_count(replays: list[Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(replays[1].read_text().splitlines(keepends=True)[:3]) + "{not json\n")
    files = [replays[0], broken, replays[2]]
    counted = count_in_child(files)
    assert counted is not None and as_json(counted) == as_json(count_stats(files))
    assert counted.replays == 2 and len(counted.skipped) == 1 and counted.skipped[0].startswith(f"{broken}:4: ")


@pytest.mark.parametrize(("count", "raised", "text"), [
    (fail_missing, FileNotFoundError, f"[Errno 2] No such file or directory: '{MISSING}'"),
    (fail_value, ValueError, f"{MISSING}:3: not a snake battle"),
    (fail_unpicklable, RuntimeError, "Unpicklable: card 3: no such card"),
])
def test_the_childs_error_is_raised_here_as_the_child_raised_it(replays: list[Path], count: Count,
                                                                  raised: type[Exception], text: str) -> None:
    with pytest.raises(raised) as error:
        count_in_child(replays, count=count)
    assert type(error.value) is raised and str(error.value) == text
    if isinstance(error.value, OSError):
        assert (error.value.filename, error.value.strerror) == (MISSING, "No such file or directory")


def test_stopping_ends_a_child_stuck_in_a_replay(replays: list[Path], tmp_path: Path) -> None:
    with stuck_replay(tmp_path) as stuck:
        watched = Watched()
        stop_after = 3  # the child has reported (2, 3): it opens the stuck replay next and waits there forever
        counted = count_in_child([*replays[:2], stuck], watched, lambda: len(watched.steps) >= stop_after)
    assert counted is None and watched.steps == [(0, 3), (1, 3), (2, 3)]
    watched.assert_no_child_left()


def test_a_step_that_raises_stops_the_count_and_ends_the_child(replays: list[Path], tmp_path: Path) -> None:
    with stuck_replay(tmp_path) as stuck:
        watched = Watched(stop_at=2)
        with pytest.raises(Stop):
            count_in_child([*replays[:2], stuck], watched)
    assert watched.steps == [(0, 3), (1, 3), (2, 3)]
    watched.assert_no_child_left()


def test_a_child_killed_from_outside_is_an_error_that_says_how(replays: list[Path], tmp_path: Path) -> None:
    with stuck_replay(tmp_path) as stuck:
        watched = Watched(kill_at=2)
        with pytest.raises(CountProcessError) as error:
            count_in_child([*replays[:2], stuck], watched)
    assert str(error.value) == "the card statistics' process ended without a result (killed by SIGKILL)"
    assert isinstance(error.value, OSError)  # the app shows it as an expected error, in these words
    watched.assert_no_child_left()
