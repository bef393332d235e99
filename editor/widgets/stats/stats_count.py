"""How the app counts card statistics over replays (issue 17), for a worker thread's
:class:`~editor.widgets.parts.worker_thread.JobControl`: a :data:`Counter` is given the replay
files and the control, and returns the :class:`CountedStats`.

:func:`count_in_child_process` is what the app uses: the counting runs in a child process
(:func:`arena.stats_process.count_in_child`), the worker thread only waits on its pipe, so the GUI
thread never waits for the counting's hold on the GIL (issue 16's 50 ms stall target); Cancel ends
the child. :func:`count_in_this_process` counts in the worker thread itself
(:func:`arena.stats_count.count_stats`), for tests that hold a count at a step of their own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from arena.stats_count import CountedStats, count_stats
from arena.stats_process import Count, count_in_child
from editor.widgets.parts.worker_thread import JobCancelled, JobControl

__all__ = ["Counter", "CountedStats", "count_in_child_process", "count_in_this_process", "count_stats"]

Counter = Callable[[Sequence[Path], JobControl], CountedStats]
"""Counts replay files under a job's control: ``control.step(done, total)`` per replay; raises
:class:`JobCancelled` once cancelled."""


def count_in_child_process(files: Sequence[Path], control: JobControl, count: Count = count_stats) -> CountedStats:
    """The statistics of ``files`` counted by ``count`` in a child process (the app's counter)."""
    counted = count_in_child(files, control.step, control.cancelled, count)
    if counted is None:
        raise JobCancelled
    return counted


def count_in_this_process(files: Sequence[Path], control: JobControl) -> CountedStats:
    """The statistics of ``files`` counted in the calling (worker) thread."""
    return count_stats(files, control.step)
