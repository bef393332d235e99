"""A replay read from a FIFO (named pipe): with no writer, ``snakepit replay FIFO`` waited
forever without a word. Now, once it has waited a moment, one line says it waits for a writer;
a writer then gets the replay read as usual, and Ctrl-C ends it with one line. A bad replay from
a FIFO is one line too (the gzip check opened the FIFO again, waiting for a second writer).

No sleeps: the writer starts when the waiting is said, threads are joined with generous time."""

from __future__ import annotations

import io
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from arena import cli, replay_lines
from arena.match import MatchSetup, run_match

JOIN_SECONDS = 60.0
"""Far more than any of these takes; only a hang (the fault) runs into it."""
NAMES = ("tail_biter", "hunter")


class Said(io.StringIO):
    """A stderr that calls ``on_wait`` once the wait for a writer or reader is said."""

    def __init__(self, on_wait: Callable[[], None]) -> None:
        super().__init__()
        self.on_wait = on_wait

    def write(self, text: str) -> int:
        written = super().write(text)
        if "waiting for a " in text:
            self.on_wait()
        return written


def _replay(folder: Path) -> bytes:
    path = folder / "r.jsonl"
    run_match(MatchSetup("snake", NAMES, 3, {"width": 13, "height": 13, "length": 6, "steps": 12}, NAMES), record=path)
    return path.read_bytes()


def _run(argv: list[str], stderr: io.StringIO) -> tuple[int, str]:
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        patch.setattr("sys.stderr", stderr)
        status = cli.main(argv)
    return status, out.getvalue()


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(replay_lines, "FIFO_NOTICE_SECONDS", 0.0)  # say it at once (no timing in the test)
    path = tmp_path / "replay.fifo"
    os.mkfifo(path)
    return path


def _other_end_when_said(argv: list[str], other_end: Callable[[], None]) -> tuple[int, str, str]:
    """Run ``argv``; once it says it waits on the FIFO, ``other_end`` opens it (never said: it
    opens it all the same, and the test fails, not hangs)."""
    said = threading.Event()

    def then_other_end() -> None:
        said.wait(JOIN_SECONDS)
        other_end()

    thread = threading.Thread(target=then_other_end, daemon=True)
    thread.start()
    stderr = Said(said.set)
    status, out = _run(argv, stderr)
    thread.join(JOIN_SECONDS)
    assert not thread.is_alive()
    return status, out, stderr.getvalue()


def test_with_no_writer_the_wait_is_said_and_a_writer_then_gets_it_read(fifo: Path, tmp_path: Path) -> None:
    data = _replay(tmp_path)

    def writer() -> None:
        fifo.write_bytes(data)

    status, out, err = _other_end_when_said(["replay", str(fifo)], writer)
    assert status == 0, err
    assert err == f"snakepit: {fifo}: waiting for a writer on this FIFO (named pipe); Ctrl-C stops\n"
    assert out.startswith(f"{fifo}: snake, seed 3, 2 seats: tail_biter, hunter\n")
    assert "12 rounds, end step_limit" in out


def _ctrl_c_when_said(fifo: Path, argv: list[str]) -> tuple[int, str, str]:
    """Run ``argv``, pressing Ctrl-C once the wait on ``fifo`` is said."""
    said = threading.Event()
    done = threading.Event()

    def press_ctrl_c() -> None:
        said.set()
        main = threading.main_thread().ident
        assert main is not None
        signal.pthread_kill(main, signal.SIGINT)  # as the terminal does: the main thread, in its wait

    def unblock_if_never_said() -> None:
        """Never said: the other end comes and goes until the command ends: the test fails, not hangs."""
        if said.wait(JOIN_SECONDS):
            return
        while not done.is_set():
            try:
                end = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK) if "--record" in argv else \
                    os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                os.close(end)
            except OSError:  # no reader at this moment
                pass
            done.wait(0.1)

    watchdog = threading.Thread(target=unblock_if_never_said, daemon=True)
    watchdog.start()
    stderr = Said(press_ctrl_c)
    try:
        status, out = _run(argv, stderr)
    finally:
        done.set()
    watchdog.join(JOIN_SECONDS)
    return status, out, stderr.getvalue()


def test_ctrl_c_while_waiting_is_one_line_and_exit_130(fifo: Path) -> None:
    status, out, err = _ctrl_c_when_said(fifo, ["replay", str(fifo)])
    assert (status, out) == (130, "")
    assert err.splitlines() == [f"snakepit: {fifo}: waiting for a writer on this FIFO (named pipe); Ctrl-C stops",
                                "snakepit: replay stopped by Ctrl-C"]


def test_ctrl_c_while_waiting_for_a_reader_claims_no_replay_kept(fifo: Path) -> None:
    status, out, err = _ctrl_c_when_said(fifo, ["battle", "hunter", "tail_biter", "--seed", "1", "--record", str(fifo)])
    assert (status, out) == (130, "")
    assert err.splitlines() == [f"snakepit: {fifo}: waiting for a reader on this FIFO (named pipe); Ctrl-C stops",
                                "snakepit: battle stopped by SIGINT"]  # it said "{fifo} keeps the finished rounds"


def test_a_bad_replay_from_a_fifo_is_one_line_not_a_second_wait(fifo: Path) -> None:
    def writer() -> None:
        with open(fifo, "wb") as sink:  # waits for the reader, writes, goes
            sink.write(b"not a replay\n")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    result: list[tuple[int, str]] = []
    stderr = io.StringIO()
    reader = threading.Thread(target=lambda: result.append(_run(["replay", str(fifo)], stderr)), daemon=True)
    reader.start()
    reader.join(JOIN_SECONDS)
    thread.join(JOIN_SECONDS)
    assert not reader.is_alive(), "the reader hangs: it opened the FIFO again"
    assert result == [(2, "")]
    assert stderr.getvalue().splitlines()[-1] == f"snakepit: {fifo}:1: not JSON at column 1: Expecting value"


def test_recording_into_a_fifo_with_no_reader_says_it_waits_for_one(fifo: Path) -> None:
    """``--record FIFO`` with nothing reading it waited without a word (and, stopped, said the
    FIFO "keeps the finished rounds")."""
    lines: list[bytes] = []
    argv = ["battle", "hunter", "tail_biter", "--seed", "1", "--steps", "10", "--record", str(fifo)]
    status, out, err = _other_end_when_said(argv, lambda: lines.extend(fifo.read_bytes().splitlines()))
    assert status == 0, err
    assert err == f"snakepit: {fifo}: waiting for a reader on this FIFO (named pipe); Ctrl-C stops\n"
    assert '"steps": 10' in out and len(lines) == 12  # the header, 10 rounds, the result
