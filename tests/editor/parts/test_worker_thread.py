"""The one worker base (WorkerThread, and FunctionJob for a plain function): what a window hears
from work in a thread — progress, the result, a cancel, an error in one line — always in that
order and always ending with ``finished``."""

from __future__ import annotations

import logging
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from pytestqt.qtbot import QtBot

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


def test_a_function_reports_its_steps_then_its_result(qtbot: QtBot) -> None:
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


def test_cancel_stops_the_work_at_its_next_step(qtbot: QtBot) -> None:
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
    (KeyError("seats"), "The counting stopped unexpectedly: 'seats'"),
    (AssertionError(), "The counting stopped unexpectedly: AssertionError"),
])
def test_an_error_is_one_line_then_finished_with_none(qtbot: QtBot, error: Exception, line: str) -> None:
    job = FunctionJob("counting", (ValueError, OSError))
    said = heard(job)

    def work(_control: JobControl) -> None:
        raise error

    with qtbot.waitSignal(job.finished, timeout=10_000):
        job.start(work)
    assert said == [("failed", line), ("finished", None)]


def test_an_unexpected_error_is_said_plainly_and_its_traceback_goes_to_the_log(
        qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    """QA: an unexpected failure read "The <name> stopped: <ExceptionClassName>: …" and its
    traceback was lost, so a bug report could not include it. An expected one is not logged."""
    job = FunctionJob("tournament reader", (ValueError, OSError))
    said = heard(job)

    def read_the_folder(_control: JobControl) -> None:
        raise ZeroDivisionError("division by zero")

    with caplog.at_level(logging.ERROR), qtbot.waitSignal(job.finished, timeout=10_000):
        job.start(read_the_folder)
    assert said == [("failed", "The tournament reader stopped unexpectedly: division by zero"), ("finished", None)]
    logged = "\n".join(caplog.text.splitlines())
    assert "The tournament reader stopped unexpectedly" in logged
    assert "Traceback" in logged and "read_the_folder" in logged and "ZeroDivisionError" in logged

    assert job.wait(5.0)
    caplog.clear()
    with caplog.at_level(logging.ERROR), qtbot.waitSignal(job.finished, timeout=10_000):
        job.start(lambda _control: int("seven"))
    assert not caplog.records


def test_one_piece_of_work_at_a_time(qtbot: QtBot) -> None:
    job = FunctionJob("counting")
    release = threading.Event()
    job.start(lambda _control: release.wait(10.0))
    with pytest.raises(RuntimeError, match="counting is already running"):
        job.start(lambda _control: None)
    with qtbot.waitSignal(job.finished, timeout=10_000):
        release.set()


# --- new work in place of the work under way (FunctionJob.replace) ------------------------------


def delivered(job: WorkerThread) -> None:
    """Every thread of ``job`` has ended and all it said has reached the GUI thread's slots (or
    been dropped there): nothing of it is still on its way."""
    assert job.wait(10.0)
    QCoreApplication.sendPostedEvents(job, QEvent.Type.MetaCall)


class Held:
    """Work that reports a first step, then waits for the test's ``release`` (never the GUI
    thread's), notes whether it was cancelled meanwhile and, ``stepping`` on, steps again (where
    a cancel stops it); its result: "held"."""

    def __init__(self, stepping: bool = False) -> None:
        self.stepping = stepping
        self.release = threading.Event()
        self.saw_cancel: list[bool] = []

    def __call__(self, control: JobControl) -> str:
        control.step(0, 2)
        self.release.wait(10.0)
        self.saw_cancel.append(control.cancelled())
        if self.stepping:
            control.step(1, 2)
        return "held"


@pytest.mark.parametrize("stepping", [False, True], ids=["ignores its cancel", "stops at its next step"])
def test_replaced_work_is_cancelled_and_never_heard_of_again(qtbot: QtBot, stepping: bool) -> None:
    job = FunctionJob("counting")
    said = heard(job)
    held = Held(stepping)
    job.start(held)
    qtbot.waitUntil(lambda: ("progressed", (0, 2)) in said, timeout=10_000)
    job.replace(lambda control: "new")  # returns at once: the old work is still held
    assert not held.release.is_set() and not job.wait(0.0)
    qtbot.waitUntil(lambda: ("finished", "new") in said, timeout=10_000)
    assert not job.is_running()  # the work heard has ended; the old one runs on unheard
    held.release.set()
    delivered(job)
    assert held.saw_cancel == [True]
    assert said == [("progressed", (0, 2)), ("finished", "new")]


def test_a_result_still_queued_when_new_work_replaces_it_is_dropped(qtbot: QtBot) -> None:
    job = FunctionJob("reading")
    said = heard(job)
    job.start(lambda control: "old")
    assert job.wait(10.0)  # ended, its ``finished`` queued: the GUI thread has not taken it yet
    job.replace(lambda control: "new")
    delivered(job)
    assert said == [("finished", "new")]


def test_new_work_after_old_work_ended_hears_both_when_started_one_at_a_time(qtbot: QtBot) -> None:
    """``start`` (a tournament's way) drops nothing: the earlier work's ``finished`` still comes."""
    job = FunctionJob("counting")
    said = heard(job)
    job.start(lambda control: "first")
    assert job.wait(10.0)
    job.start(lambda control: "second")
    delivered(job)
    assert said == [("finished", "first"), ("finished", "second")]


def test_abandoned_work_is_not_running_and_never_heard(qtbot: QtBot) -> None:
    job = FunctionJob("reading")
    said = heard(job)
    held = Held()
    job.start(held)
    qtbot.waitUntil(lambda: bool(said), timeout=10_000)
    assert job.is_running()
    job.abandon()
    assert not job.is_running() and not job.wait(0.0)
    job.start(lambda control: None)  # nothing heard is under way: a start is allowed
    held.release.set()
    delivered(job)
    assert held.saw_cancel == [True]
    assert said == [("progressed", (0, 2)), ("finished", None)]


def test_a_replacement_fails_and_is_cancelled_in_the_usual_order(qtbot: QtBot) -> None:
    job = FunctionJob("counting", (ValueError,))
    said = heard(job)
    release = threading.Event()
    job.start(lambda control: release.wait(10.0))

    def bad(_control: JobControl) -> None:
        raise ValueError("no such seat")

    job.replace(bad)
    qtbot.waitUntil(lambda: ("finished", None) in said, timeout=10_000)
    assert said == [("failed", "no such seat"), ("finished", None)]

    def stops(control: JobControl) -> None:
        control.event.wait(10.0)
        control.step(1, 1)

    job.replace(stops)
    job.cancel()
    release.set()
    delivered(job)
    assert said == [("failed", "no such seat"), ("finished", None), ("cancelled", None), ("finished", None)]
