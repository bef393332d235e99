"""A persistent bot: one process for the whole match, spoken to in lines on stdin/stdout.

Every call has a deadline. Input is queued and written without blocking (a bot that does not
read its input cannot stall the host; past :attr:`Limits.stdin_bytes` queued it is killed).
Output is cut into lines; bytes after an answer stay buffered for the next request, so a line
the bot writes early is the answer to the next request (bio-blots counts every line as a move).

A bot that times out, crashes, closes its stdout or breaks a cap is killed at once, group and
escaped descendants included; from then on every request returns why it ended. Optionally the
bot is stopped (SIGSTOP to its group) between requests, so it cannot think on others' time.

A request is on the hot path of every persistent game (tens of microseconds per round trip), so
this module talks to ``select.epoll`` directly and does its bookkeeping while the bot thinks.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from arena.bots.command import BotCommand
from arena.bots.limits import Limits
from arena.bots.process import CANCEL_POLL, CANCELLED, CHUNK, EOF_GRACE, exit_reason, read_chunk
from arena.bots.records import BotStatus, TurnRecord
from arena.bots.seats import Process, Seat
from arena.bots.streams import AnswerRule, OutputBuffer, Tail, decode_answer

_LINE = AnswerRule.FIRST_LINE
IDLE_SHARE = 0.1
"""A bot that timed out having used less CPU than this share of its time was waiting, not thinking."""
WAITING = (", hardly using the CPU: it was waiting, for input the protocol does not send or with its answer "
           "unflushed in its output buffer")
"""What :func:`idle_hint` adds to the timeout reason of such a bot."""
MAX_EVENTS = 4
"""The most events one wait can report (stdout, stderr, the exit, stdin): select.epoll's own
default makes a buffer of 1023 for each call."""


class PersistentBot:
    """One seat's bot process for the match. Made by :meth:`arena.bots.host.BotHost.start_bot`."""

    def __init__(
        self, command: BotCommand, seat: Seat, env: Mapping[str, str], limits: Limits,
        *, pause_between_requests: bool = False,
    ) -> None:
        self.command = command
        self.seat = seat
        self.limits = limits
        self.pause_between_requests = pause_between_requests
        self._env = dict(env)
        self._proc: Process | None = None
        self._epoll: select.epoll | None = None
        self._out = OutputBuffer()
        self._outbox = bytearray()
        self._writing = False
        """Whether stdin is registered for "writable" (only while input is queued)."""
        self._err: Tail | None = None
        """Stderr read during the current request (made when there is some)."""
        self._ended: TurnRecord | None = None
        self._paused = False
        self._stdout_open = True
        self._input_closed: float | None = None
        """When :meth:`close_input` closed stdin (monotonic seconds)."""
        self._cpu_mark = 0.0
        """The leader's CPU clock at its previous answer: a request's CPU time is what the bot used
        since then (the first includes its start), one clock read per request on the hot path."""

    # --- life cycle -------------------------------------------------------------------------

    def start(self, args: Sequence[str] = ()) -> TurnRecord:
        """Start the process: OK, or CRASHED if it cannot be started (then :attr:`ended` says so)."""
        if self._proc is not None or self._ended is not None:
            raise RuntimeError(f"{self!r} was already started")
        try:
            proc = self.seat.request(self.command.with_args(args), self._env, {}, stdin=True).result()
        except OSError as error:
            self._ended = TurnRecord(BotStatus.CRASHED, f"could not start: {error}")
            return self._ended
        self._proc = proc
        self._epoll = select.epoll()
        for fd in (proc.stdout, proc.stderr, proc.exit_fd):
            self._epoll.register(fd, select.EPOLLIN)
        return TurnRecord(BotStatus.OK)

    @property
    def running(self) -> bool:
        return self._proc is not None and self._ended is None

    @property
    def ended(self) -> TurnRecord | None:
        """Why the bot is no longer running (None while it is, or before it started)."""
        return self._ended

    @property
    def workdir(self) -> Path | PurePosixPath:
        """The seat's folder as the bot sees it (its working directory)."""
        return self.seat.workdir

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def close_input(self) -> None:
        """Tell the bot the game is over: resume it and close its stdin (what is queued for it
        is written first, as far as it reads). :meth:`close` then waits for its exit; a caller
        ending several bots closes every input first, so that their graces run together."""
        proc = self._proc
        if proc is None or self._ended is not None or self._input_closed is not None:
            return
        self._input_closed = time.monotonic()
        self._err = None
        self._resume()
        self._flush_outbox()
        self._stop_writing()
        if proc.stdin_open:
            self._forget(proc.stdin)
            proc.close_stdin()

    def close(self, grace: float = 1.0) -> TurnRecord:
        """End the bot: close its stdin (the end of the game) unless :meth:`close_input` did,
        give it until ``grace`` seconds after that to exit, then kill whatever is left. Returns
        how it ended; idempotent."""
        if self._ended is not None:
            return self._ended
        if self._proc is None or self._epoll is None:
            self._ended = TurnRecord(BotStatus.SKIPPED, "never started")
            return self._ended
        proc, epoll = self._proc, self._epoll
        self.close_input()
        start = self._input_closed
        assert start is not None
        deadline = start + grace
        while not proc.poll() and (left := deadline - time.monotonic()) > 0:
            for fd, _ in epoll.poll(left):
                if fd == proc.stderr:
                    self._drain_stderr()
                elif fd == proc.stdout:
                    self._discard_stdout()
        code = proc.exit_code
        if code is None:
            status, reason = BotStatus.KILLED, f"still running {grace:.3f} s after its input was closed"
        elif code == 0:
            status, reason = BotStatus.OK, "exited after its input was closed"
        else:
            status, reason = BotStatus.CRASHED, f"exited with code {code} after its input was closed"
        return self._end(status, reason, start, None, exit_code=code)

    def __enter__(self) -> PersistentBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(grace=0.0)

    def __repr__(self) -> str:
        return f"PersistentBot({str(self.command)!r}, pid={self.pid})"

    # --- talking ----------------------------------------------------------------------------

    def send(self, line: str) -> None:
        """Queue ``line`` (a newline is added) for the bot's stdin and write what fits now.

        Never blocks. A bot that lets more than :attr:`Limits.stdin_bytes` pile up is killed;
        its next request says so.
        """
        if "\n" in line:
            raise ValueError(f"a protocol line cannot contain a newline: {line!r}")
        proc = self._proc
        if self._ended is not None or proc is None:
            return
        data = line.encode() + b"\n"
        if not self._outbox:  # the usual case: the pipe has room, write straight away
            try:
                written = os.write(proc.stdin, data)
            except BlockingIOError:
                written = 0
            except OSError:
                return  # the bot closed its stdin (or died); its next request finds out how
            if written == len(data):
                return
            data = data[written:]
        self._outbox += data
        self._flush_outbox()
        if len(self._outbox) > self.limits.stdin_bytes:
            self._end(BotStatus.KILLED, f"left more than {self.limits.stdin_bytes} bytes of its input unread",
                      time.monotonic(), None)

    def request(self, line: str | None, timeout: float, cancel: threading.Event | None = None) -> TurnRecord:
        """Send ``line`` (if any) and wait up to ``timeout`` seconds for the next line of output.

        The clock runs from the call (the request being sent) to the answer line arriving. A
        paused bot is resumed for the request, and paused again after it if
        :attr:`pause_between_requests`. ``cancel`` may be set from another thread (a GUI's
        Stop): the bot is then killed within :data:`~arena.bots.process.CANCEL_POLL` seconds and
        the request ends ``KILLED`` (as does every later one).
        """
        proc = self._proc
        if self._ended is not None or proc is None:
            return self._gone()
        start = time.monotonic()
        self._err = None
        if self._paused:
            self._resume()
        if line is not None:
            self.send(line)
            if self._ended is not None:
                return self._ended
        record = self._await_line(proc, start, timeout, self._cpu_mark, cancel)
        if self.pause_between_requests and self._ended is None:
            self.pause()
        return record

    def read_line(self, timeout: float, cancel: threading.Event | None = None) -> TurnRecord:
        """Wait for the next line without sending anything."""
        return self.request(None, timeout, cancel)

    def pause(self) -> None:
        """Stop the bot's process group (SIGSTOP) until the next request or :meth:`resume`."""
        if self._proc is not None and self._ended is None and not self._paused:
            self._proc.signal_group(signal.SIGSTOP)
            self._paused = True

    def resume(self) -> None:
        self._resume()

    # --- waiting for a line -----------------------------------------------------------------

    def _await_line(
        self, proc: Process, start: float, timeout: float, cpu_start: float | None, cancel: threading.Event | None,
    ) -> TurnRecord:
        assert self._epoll is not None
        poll = self._epoll.poll
        out = self._out
        buffered = out.data  # tested for emptiness without a call to out.__len__ (twice a request)
        stdout = proc.stdout
        deadline = start + timeout
        while True:
            if buffered:
                raw = out.take(_LINE)
                if raw is not None:
                    return self._answer(raw, start, cpu_start)
                if len(out) > self.limits.stdout_bytes:
                    return self._end(BotStatus.KILLED, f"wrote more than {self.limits.stdout_bytes} bytes without a "
                                     "newline", start, cpu_start)
            if not self._stdout_open:
                return self._stdout_closed(proc, start, deadline, cpu_start)
            left = deadline - time.monotonic()
            if left <= 0:
                detail = f" ({len(out)} bytes without a newline)" if out else idle_hint(proc.cpu_clock(), cpu_start,
                                                                                        timeout)
                return self._end(BotStatus.TIMEOUT, f"no answer within {timeout:.3f} s{detail}", start, cpu_start)
            if cancel is not None:
                if cancel.is_set():
                    return self._end(BotStatus.KILLED, CANCELLED, start, cpu_start)
                left = min(left, CANCEL_POLL)
            if self._outbox and not self._writing:
                self._epoll.register(proc.stdin, select.EPOLLOUT)
                self._writing = True
            for fd, _ in poll(left, MAX_EVENTS):
                if fd == stdout:
                    try:
                        chunk = os.read(stdout, CHUNK)
                    except BlockingIOError:
                        continue
                    except OSError:
                        chunk = b""
                    if not chunk:
                        self._stdout_open = False
                        self._forget(stdout)
                    elif not buffered and chunk.find(b"\n") == len(chunk) - 1:
                        # The usual answer: exactly one whole line in one read.
                        return self._answer(chunk[:-2] if chunk.endswith(b"\r\n") else chunk[:-1], start, cpu_start)
                    else:
                        out.feed(chunk)
                elif fd == proc.stderr:
                    if not self._drain_stderr():
                        return self._end(BotStatus.KILLED, f"wrote more than {self.limits.stderr_bytes} bytes to "
                                         "stderr in one request", start, cpu_start)
                elif fd == proc.stdin:
                    self._flush_outbox()
                elif proc.poll():
                    return self._exited(proc, start, cpu_start)

    def _stdout_closed(self, proc: Process, start: float, deadline: float, cpu_start: float | None) -> TurnRecord:
        # An exiting process closes its pipes before it is reported as exited; a short wait
        # tells a crash (with its exit code) from a bot that only closed its stdout.
        select.select([proc.exit_fd], [], [], min(EOF_GRACE, max(0.0, deadline - time.monotonic())))
        if proc.poll():
            return self._exited(proc, start, cpu_start)
        rest = self._out.take_rest()
        if rest is not None:  # the end of the output ends the last line
            return self._answer(rest, start, cpu_start)
        return self._end(BotStatus.CRASHED, "closed its stdout", start, cpu_start)

    def _exited(self, proc: Process, start: float, cpu_start: float | None) -> TurnRecord:
        """The leader exited: an answer it wrote first still counts; otherwise it crashed."""
        while len(self._out) <= self.limits.stdout_bytes and (chunk := read_chunk(proc.stdout)):
            self._out.feed(chunk)
        raw = self._out.take(_LINE)
        if raw is None and proc.exit_code == 0:
            raw = self._out.take_rest()  # a last line without a newline, then a clean exit
        if raw is not None:
            return self._answer(raw, start, cpu_start)  # the exit shows at the next request
        self._drain_stderr()
        last_line = self._err.last_line() if self._err is not None else ""
        status, reason = exit_reason(proc.exit_code, self.limits, last_line, proc.limit_reason)
        return self._end(status, reason, start, cpu_start, exit_code=proc.exit_code)

    def _answer(self, raw: bytes, start: float, cpu_start: float | None) -> TurnRecord:
        wall = time.monotonic() - start
        try:
            answer: str | None = raw.decode()
            status, problem = BotStatus.OK, ""
        except UnicodeDecodeError:
            answer, problem = decode_answer(raw, _LINE)
            status = BotStatus.INVALID_OUTPUT
        now = self._proc.cpu_clock() if self._proc is not None else None
        cpu = 0.0
        if now is not None:
            cpu = now - (cpu_start or 0.0)
            self._cpu_mark = now
        stderr = self._err.text() if self._err is not None else ""
        return TurnRecord(status, problem, answer, wall, cpu, stderr)

    def _end(
        self, status: BotStatus, reason: str, start: float, cpu_start: float | None, exit_code: int | None = None,
    ) -> TurnRecord:
        """Kill and clean up everything of the bot; this record is what later requests get."""
        proc = self._proc
        assert proc is not None and self._epoll is not None
        wall = time.monotonic() - start
        cpu_now = proc.cpu_clock()
        try:
            proc.kill()
            proc.reap()
            self._drain_stderr()
            proc.finish()
        finally:
            self._epoll.close()
        # An exited leader has no CPU clock any more; its rusage, read when it was reaped, is
        # the same count over its whole life.
        cpu_end = cpu_now if cpu_now is not None else proc.cpu_time
        cpu = 0.0 if cpu_start is None else max(0.0, cpu_end - cpu_start)
        stderr = self._err.text() if self._err is not None else ""
        self._ended = TurnRecord(status, reason, None, wall, cpu, stderr, exit_code)
        return self._ended

    def _gone(self) -> TurnRecord:
        ended = self._ended
        if ended is None:
            return TurnRecord(BotStatus.SKIPPED, "not running: never started")
        # A bot the host closed normally is no fault of the bot, but it cannot answer either.
        status = BotStatus.SKIPPED if ended.status is BotStatus.OK else ended.status
        return TurnRecord(status, f"not running: {ended.reason}", exit_code=ended.exit_code)

    # --- pipes ------------------------------------------------------------------------------

    def _discard_stdout(self) -> None:
        assert self._proc is not None
        if read_chunk(self._proc.stdout) == b"":
            self._forget(self._proc.stdout)

    def _drain_stderr(self) -> bool:
        """Read the stderr that is waiting; False once this request's budget is used up."""
        assert self._proc is not None
        while (chunk := read_chunk(self._proc.stderr)):
            if self._err is None:
                self._err = Tail(self.limits.stderr_tail)
            self._err.feed(chunk)
            if self._err.total > self.limits.stderr_bytes:
                return False
        if chunk == b"":
            self._forget(self._proc.stderr)
        return True

    def _flush_outbox(self) -> None:
        proc = self._proc
        if proc is None or not self._outbox or not proc.stdin_open:
            return
        try:
            written = os.write(proc.stdin, self._outbox)
        except BlockingIOError:
            return
        except OSError:
            # The bot closed its stdin (or died): what it has not read is lost; the next
            # request finds out how it ended.
            written = len(self._outbox)
        del self._outbox[:written]
        if not self._outbox:
            self._stop_writing()

    def _stop_writing(self) -> None:
        if self._writing and self._proc is not None:
            self._forget(self._proc.stdin)
            self._writing = False

    def _forget(self, fd: int) -> None:
        if self._epoll is not None:
            try:
                self._epoll.unregister(fd)
            except (OSError, ValueError):
                pass

    def _resume(self) -> None:
        if self._paused and self._proc is not None:
            self._proc.signal_group(signal.SIGCONT)
            self._paused = False


def idle_hint(cpu_now: float | None, cpu_start: float | None, timeout: float) -> str:
    """What a timeout reason adds for a bot that hardly ran: the two usual causes, a bot reading
    a line the protocol does not send (it is blocked reading) and an answer left in the bot's
    output buffer (stdout to a pipe is block-buffered until flushed), both look like a bot that
    "thinks" forever. No figure in it: the record has the CPU time, and the reason stays the
    same from run to run."""
    if cpu_now is None or cpu_start is None or cpu_now - cpu_start >= IDLE_SHARE * timeout:
        return ""
    return WAITING
