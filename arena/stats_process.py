"""Card statistics counted in a child process (:func:`count_in_child`), so that the process that
asks only waits on a pipe. Counting is pure Python (reading replays, following their moves): in a
thread of the app's own process it held the GIL for tens of milliseconds at a time, and the GUI
thread waited for it (issue 16's stall target of 50 ms, missed by 33-107 ms while issue 17's
card statistics counted, of which the GUI thread's own work was 10-24 ms).

The child comes from :func:`arena.tournament.workers.worker_context`, as tournament and improve
workers do (a fork server, never a fork of the asking process, which may be a Qt app with
threads). It runs :func:`arena.stats_count.count_stats` and sends ``("step", (done, total))``
before each replay, then ``("done", counted)`` or ``("error", exception)``. The parent relays the
steps, returns the result or raises the child's exception again (a ValueError or OSError as the
child raised it: its message reads the same), and ends the child when the count is stopped, when
a step raises or when the child is done: SIGTERM, SIGKILL if it does not end within
:data:`END_GRACE`, then reaped. A child whose parent died ends at its next step (its pipe is
broken)."""

from __future__ import annotations

import pickle
import signal
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path

from arena.stats_count import CountedStats, count_stats
from arena.tournament.workers import how_ended, worker_context

Step = Callable[[int, int], None]
Count = Callable[[Sequence[Path], Step], CountedStats]

LOOK = 0.05
"""Seconds between two looks at ``stopped`` while the child is silent (in a long replay)."""
END_GRACE = 1.0
"""Seconds a child has to end (after its result, or after SIGTERM) before it is killed."""


class CountProcessError(ChildProcessError):
    """The counting process ended without a result (killed from outside, or crashed)."""


def count_in_child(files: Sequence[Path], step: Step | None = None, stopped: Callable[[], bool] | None = None,
                   count: Count = count_stats) -> CountedStats | None:
    """``count(files, step)`` (the card statistics of the replay ``files``) in a child process;
    ``step(done, total)`` is called here as the child reports it (it may raise to stop the
    count); None when ``stopped()`` became true first. ``count`` must be a module-level function
    (the child finds it by name); another than :func:`count_stats` is for tests."""
    context = worker_context(__name__)
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=_child_main, args=(writer, list(files), count),
                              name="snakepit-card-statistics", daemon=True)
    process.start()
    writer.close()  # the child's is the only writing end left: the pipe ends when the child does
    done = False
    try:
        counted = _relay(reader, process, step, stopped or (lambda: False))
        done = counted is not None
        return counted
    finally:
        reader.close()
        _end(process, done)


def _relay(reader: Connection, process: BaseProcess, step: Step | None, stopped: Callable[[], bool]) -> CountedStats | None:
    """The child's steps to ``step`` until its result (raised, if it is an error)."""
    while not stopped():
        if not wait([reader, process.sentinel], LOOK):
            continue
        try:
            kind, value = reader.recv()
        except EOFError:
            process.join(END_GRACE)
            how = "still running" if process.exitcode is None else how_ended(process.exitcode)
            raise CountProcessError(f"the card statistics' process ended without a result ({how})") from None
        if kind == "step":
            if step is not None:
                step(*value)
        elif kind == "done":
            assert isinstance(value, CountedStats)  # our own child's message
            return value
        else:
            raise value
    return None


def _end(process: BaseProcess, done: bool) -> None:
    """End the child and reap it: let it exit after its result, else SIGTERM, SIGKILL if need be."""
    if not done:
        process.terminate()
    process.join(END_GRACE)
    if process.exitcode is None:
        process.kill()
        process.join()
    process.close()


# --- in the child --------------------------------------------------------------------------------


def _child_main(conn: Connection, files: list[Path], count: Count) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides

    def step(done: int, total: int) -> None:
        conn.send(("step", (done, total)))  # raises once the parent is gone: the count ends

    try:
        message: tuple[str, object] = ("done", count(files, step))
    except Exception as error:  # noqa: BLE001  (every error goes to the parent, which words it)
        message = ("error", _sendable(error))
    try:
        conn.send(message)
    except OSError:
        pass  # the parent is gone or stopped listening: nobody wants the result


def _sendable(error: Exception) -> Exception:
    """``error`` if it crosses the pipe intact, else a RuntimeError naming its type and message."""
    try:
        back = pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001  (an exception class pickle cannot rebuild)
        back = None
    if type(back) is type(error) and str(back) == str(error):
        return error
    return RuntimeError(f"{type(error).__name__}: {error}")
