"""The one worker base (WorkerThread, and FunctionJob for a plain function): what a window hears
from work in a thread — progress, the result, a cancel, an error in one line — always in that
order and always ending with ``finished``."""

from __future__ import annotations

import threading

import pytest

import editor.widgets  # noqa: F401  (the PySide6 guard before any widget)
from editor.widgets.parts.worker_thread import FunctionJob, JobControl, WorkerThread


def heard(job: WorkerThread) -> list[tuple[str, object]]:
    """Every signal ``job`` emits, in order, with its values."""
    said: list[tuple[str, object]] = []
    job.finished.connect(lambda value: said.append(("finished", value)))
    job.failed.connect(lambda text: said.append(("failed", text)))
    job.cancelled.connect(lambda: said.append(("cancelled", None)))
    if isinstance(job, FunctionJob):
        job.progressed.connect(lambda done, total: said.append(("progressed", (done, total))))
    return said


def test_a_function_reports_its_steps_then_its_result(qtbot) -> None:
    job = FunctionJob("counting")
    said = heard(job)

    def work(control: JobControl) -> str:
        for done in range(1, 4):
            control.step(done, 3)
        return "counted"

    with qtbot.waitSignal(job.finished, timeout=10_000):
        job.start(work)
    assert said == [("progressed", (1, 3)), ("progressed", (2, 3)), ("progressed", (3, 3)), ("finished", "counted")]
    assert job.wait(5.0)


def test_cancel_stops_the_work_at_its_next_step(qtbot) -> None:
    job = FunctionJob("counting")
    said = heard(job)
    first_step = threading.Event()
    steps: list[int] = []

    def work(control: JobControl) -> str:
        for done in range(1000):
            control.step(done, 1000)
            steps.append(done)
            first_step.set()
            if done == 0:
                control.event.wait(5.0)  # the cancel arrives during the first step
        return "all counted"

    job.start(work)
    assert first_step.wait(10.0)
    with qtbot.waitSignal(job.finished, timeout=10_000):
        job.cancel()
    assert steps == [0]
    assert [what for what, _ in said if what != "progressed"] == ["cancelled", "finished"]
    assert said[-1] == ("finished", None)


@pytest.mark.parametrize(("error", "line"), [
    (FileNotFoundError(2, "No such file or directory", "/gone/tournament.json"),
     "/gone/tournament.json: No such file or directory"),
    (ValueError("line 3:\n  bad   seat"), "line 3: bad seat"),
    (KeyError("seats"), "The counting stopped: KeyError: 'seats'"),
])
def test_an_error_is_one_line_then_finished_with_none(qtbot, error: Exception, line: str) -> None:
    job = FunctionJob("counting", (ValueError, OSError))
    said = heard(job)

    def work(_control: JobControl) -> None:
        raise error

    with qtbot.waitSignal(job.finished, timeout=10_000):
        job.start(work)
    assert said == [("failed", line), ("finished", None)]


def test_one_piece_of_work_at_a_time(qtbot) -> None:
    job = FunctionJob("counting")
    release = threading.Event()
    job.start(lambda _control: release.wait(10.0))
    with pytest.raises(RuntimeError, match="counting is already running"):
        job.start(lambda _control: None)
    with qtbot.waitSignal(job.finished, timeout=10_000):
        release.set()
