"""The persistent bot layer (one process per match, lines on stdin/stdout) against real bots.

Each hostile bot ends with the status its misbehaviour calls for, within its deadline, and
leaves no process behind; a bot that is gone answers every later request with why it went.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from arena.bots import BotCommand, BotHost, BotStatus, Limits, PersistentBot, SandboxPolicy
from arena.bots import persistent
from arena.bots.persistent import idle_hint
from tests.bots.survivors import BOTS, MARK_VARIABLE, assert_none_left
from typing import Any

SLACK = 5.0
"""How late a call may return after its deadline: generous, for a machine whose cores are busy
with other work (the hostile bots here never answer, so "well before never" is what counts)."""



def start(host: BotHost, marker: str, bot: str, **options: Any) -> PersistentBot:
    started = host.start_bot(str(BOTS / bot), args=(marker,), **options)
    assert started.running
    return started


def test_answers_in_order_and_a_line_sent_earlier_is_answered_first(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_echo.py")
    first = bot.request("0", 5.0)
    assert (first.status, first.answer) == (BotStatus.OK, "echo 0")
    bot.send("P 1 2 3 4")  # a broadcast: the bot answers it too, so it waits in the buffer
    assert bot.request("1 0 29.5", 5.0).answer == "echo P 1 2 3 4"
    assert bot.read_line(5.0).answer == "echo 1 0 29.5"
    assert first.wall_time > 0 and first.cpu_time >= 0
    ended = bot.close()
    assert (ended.status, ended.reason, ended.exit_code) == (BotStatus.OK, "exited after its input was closed", 0)
    assert_none_left(marker)
    gone = bot.request("2", 5.0)
    assert (gone.status, gone.reason) == (BotStatus.SKIPPED, "not running: exited after its input was closed")


class CountingEpoll:
    """An epoll (all that :class:`PersistentBot` calls of one) that notes the ``maxevents`` of
    each of its waits; select.epoll cannot be subclassed."""

    def __init__(self, real: type[select.epoll] = select.epoll) -> None:  # the real one, bound before a patch
        self.epoll = real()
        self.waits: list[int] = []

    def register(self, fd: int, eventmask: int) -> None:
        self.epoll.register(fd, eventmask)

    def unregister(self, fd: int) -> None:
        self.epoll.unregister(fd)

    def poll(self, timeout: float | None = None, maxevents: int = -1) -> list[tuple[int, int]]:
        self.waits.append(maxevents)
        return self.epoll.poll(timeout, maxevents)

    def close(self) -> None:
        self.epoll.close()


def test_a_request_waits_once_reads_the_cpu_clock_once_and_reports_its_differences(
    host: BotHost, marker: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What a request costs beyond a raw pipe is counted, not timed: one wait for the answer
    # (with a buffer for the 4 events it can report, not epoll's 1023) and one read of the
    # bot's CPU clock, whose differences are the records' CPU times.
    epolls: list[CountingEpoll] = []

    def counting_epoll() -> CountingEpoll:
        epolls.append(CountingEpoll())
        return epolls[-1]

    with monkeypatch.context() as patch:
        patch.setattr(select, "epoll", counting_epoll)  # the module persistent calls it from
        bot = start(host, marker, "p_echo.py")
    assert len(epolls) == 1
    readings: list[float] = []
    real_clock = time.clock_gettime

    def clock(clock_id: int) -> float:
        value = real_clock(clock_id)
        if clock_id < 0:  # another process's CPU clock: MAKE_PROCESS_CPUCLOCK ids are negative
            readings.append(value)
        return value

    with monkeypatch.context() as patch:
        patch.setattr(time, "clock_gettime", clock)
        records = [bot.request(f"{turn} 0 29.5", 10.0) for turn in range(5)]
    assert [record.answer for record in records] == [f"echo {turn} 0 29.5" for turn in range(5)]
    assert epolls[0].waits == [persistent.MAX_EVENTS] * 5
    assert len(readings) == 5
    assert [record.cpu_time for record in records] == [readings[0]] + [
        later - earlier for earlier, later in zip(readings, readings[1:])]
    assert bot.close().status is BotStatus.OK


def test_a_bot_leads_its_own_session_and_process_group(host: BotHost) -> None:
    code = "import os, sys; print(os.getpid(), os.getpgid(0), os.getsid(0), flush=True); sys.stdin.read()"
    bot = host.start_bot([sys.executable, "-c", code])
    record = bot.read_line(5.0)
    assert record.answer is not None, record
    pid, pgid, sid = map(int, record.answer.split())
    assert pgid == sid == pid  # as the bot sees it (in a sandbox, in its own PID namespace)
    fields = Path(f"/proc/{bot.pid}/stat").read_text().rsplit(")", 1)[1].split()
    assert int(fields[2]) == int(fields[3]) == bot.pid  # as the host sees it
    assert bot.pid not in (os.getsid(0), os.getpgrp())
    bot.close()


def test_a_line_must_not_contain_a_newline(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_echo.py")
    with pytest.raises(ValueError, match="cannot contain a newline"):
        bot.send("a\nb")


def test_never_answers_times_out_and_is_killed(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_never_answers.py")
    begin = time.monotonic()
    record = bot.request("0", 0.4)
    assert time.monotonic() - begin < 0.4 + SLACK
    # It waits for more input, as a bot reading one line too many does: the reason says so.
    assert record.status is BotStatus.TIMEOUT
    assert record.reason == ("no answer within 0.400 s, hardly using the CPU: it was waiting, for input the protocol "
                             "does not send or with its answer unflushed in its output buffer")
    assert not bot.running
    assert_none_left(marker)
    later = bot.request("1", 0.4)
    assert (later.status, later.reason) == (BotStatus.TIMEOUT, f"not running: {record.reason}")


@pytest.mark.parametrize(("cpu_now", "cpu_start", "said"), [
    (1.02, 1.0, True), (1.05, 1.0, False), (1.3, 1.0, False), (None, 1.0, False), (1.0, None, False)])
def test_only_a_timeout_that_hardly_used_the_cpu_is_called_waiting(
        cpu_now: float | None, cpu_start: float | None, said: bool) -> None:
    assert bool(idle_hint(cpu_now, cpu_start, 0.5)) is said


def test_late_answer_is_a_timeout_not_the_next_answer(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_answers_late.py")
    assert bot.request("a", 5.0).answer == "late a"
    record = bot.request("b", 0.3)
    assert record.status is BotStatus.TIMEOUT
    assert_none_left(marker)
    assert bot.request("c", 5.0).status is BotStatus.TIMEOUT  # the late "late b" never arrives


def test_answer_without_newline_times_out(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_no_newline.py")
    record = bot.request("0", 0.3)
    assert (record.status, record.reason) == (BotStatus.TIMEOUT, "no answer within 0.300 s (4 bytes without a newline)")


def test_closing_stdout_is_a_crash_noticed_at_once(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_closes_stdout.py")
    record = bot.request("0", 10.0)
    assert (record.status, record.reason) == (BotStatus.CRASHED, "closed its stdout")
    assert record.wall_time < 5.0
    assert_none_left(marker)


def test_flood_without_newline_is_cut_at_the_cap(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_floods.py", limits=Limits(stdout_bytes=256 * 1024))
    record = bot.request("0", 10.0)
    assert (record.status, record.reason) == (BotStatus.KILLED, f"wrote more than {256 * 1024} bytes without a newline")
    assert record.wall_time < 5.0


def test_crash_mid_game_reports_the_exit_and_the_error(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_crashes.py")
    assert [bot.request(str(n), 5.0).answer for n in range(2)] == ["ok 0", "ok 1"]
    record = bot.request("2", 5.0)
    assert record.status is BotStatus.CRASHED
    assert record.reason == "exited with code 1 without answering: RuntimeError: lost track of the board"
    assert record.exit_code == 1
    assert "Traceback" in record.stderr_tail


def test_bot_that_forgets_to_flush_hangs_here_as_everywhere(host: BotHost, marker: str) -> None:
    # This machine exports PYTHONUNBUFFERED=1; the bot must not inherit it.
    bot = start(host, marker, "p_no_flush.py")
    assert bot.request("0", 0.3).status is BotStatus.TIMEOUT


def test_non_utf8_answer_is_invalid_but_the_bot_plays_on(host: BotHost, marker: str) -> None:
    bot = host.start_bot(["/bin/sh", "-c", "while read l; do printf '\\377%s\\n' \"$l\"; done", marker])
    record = bot.request("x", 5.0)
    assert record.status is BotStatus.INVALID_OUTPUT
    assert bot.running
    assert bot.request("y", 5.0).status is BotStatus.INVALID_OUTPUT


def test_bot_that_never_reads_cannot_stall_the_host(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_never_reads.py", limits=Limits(stdin_bytes=100_000))
    begin = time.monotonic()
    for _ in range(300):  # 300 kB: more than the pipe and the queue hold
        bot.send("x" * 999)
    assert time.monotonic() - begin < SLACK  # not blocked on the full pipe
    assert not bot.running
    record = bot.request("0", 5.0)
    assert (record.status, record.reason) == (BotStatus.KILLED, "not running: left more than 100000 bytes of its input unread")
    assert_none_left(marker)


def test_bot_ignoring_the_end_of_input_is_killed_after_the_grace(host: BotHost, marker: str) -> None:
    bot = start(host, marker, "p_ignores_eof.py")
    assert bot.request("0", 5.0).answer == "ok"
    record = bot.close(grace=0.3)
    assert (record.status, record.reason) == (BotStatus.KILLED, "still running 0.300 s after its input was closed")
    assert_none_left(marker)


def cpu_between_requests(bot: PersistentBot, seconds: float) -> float:
    """The bot's own CPU time between two requests ``seconds`` apart."""
    before = bot.request("a", 5.0)
    time.sleep(seconds)
    after = bot.request("b", 5.0)
    assert before.answer is not None and after.answer is not None
    return float(after.answer) - float(before.answer)


def test_paused_bot_does_not_think_between_requests(host: BotHost, marker: str) -> None:
    # The bot computes from its answer until the next line arrives. Running, it gets CPU between
    # requests: asked again until it has had 0.2 s, however busy the cores are (within 30 s).
    # Stopped, it gets only the moments between its answer and the stop, however long the wait.
    running = start(host, marker, "p_busy_between.py")
    deadline, thought = time.monotonic() + 30.0, 0.0
    while thought < 0.2 and time.monotonic() < deadline:
        thought += cpu_between_requests(running, 0.2)
    assert thought >= 0.2
    paused = start(host, marker, "p_busy_between.py", pause_between_requests=True)
    assert cpu_between_requests(paused, 1.0) < 0.1
    assert paused.close(grace=2.0).status is BotStatus.OK  # resumed to see its end of input


def test_bot_that_cannot_start_says_so_on_every_request(host: BotHost, tmp_path: Path) -> None:
    program = tmp_path / "vanishing.sh"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    command = BotCommand.parse(str(program))
    program.unlink()
    bot = host.start_bot(command)
    assert bot.ended is not None and bot.ended.status is BotStatus.CRASHED
    record = bot.request("0", 1.0)
    assert record.status is BotStatus.CRASHED
    assert record.reason.startswith("not running: could not start: [Errno 2]")


def test_closing_the_host_kills_every_bot_and_its_escapees(marker: str, tmp_path: Path, policy: SandboxPolicy) -> None:
    with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}, policy=policy) as host:
        start(host, marker, "p_never_reads.py")
        start(host, marker, "p_ignores_eof.py")
        escaping = host.start_bot(str(BOTS / "setsid_escape.py"), args=(marker, "daemon"))
        assert escaping.read_line(5.0).answer == "r"
    assert_none_left(marker)
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_during_a_request_leaves_nothing_running(marker: str, tmp_path: Path, policy: SandboxPolicy) -> None:
    main = threading.get_ident()
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}, policy=policy) as host:
                start(host, marker, "p_never_answers.py").request("0", 10.0)
    finally:
        timer.cancel()
    assert_none_left(marker)
