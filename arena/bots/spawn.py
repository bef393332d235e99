"""Spawn per turn: each turn every bot of a round is started with its arguments and input files,
in one ``selectors`` loop, each under its own deadline from its own start.

The loop ends a bot's turn as soon as its answer is complete (then everything of it is killed at
once, so it stops taking CPU from the others), when its leader exits (not waiting for an EOF that
an escaped child holding stdout would delay), or at its deadline. Nothing is left running when
:func:`run_round` returns or raises: every bot is killed and reaped (in a sandbox, by its
launcher; unsandboxed, its group and the escapees the reaper finds).
"""

from __future__ import annotations

import selectors
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from arena.bots import reaper
from arena.bots.command import BotCommand
from arena.bots.limits import Limits
from arena.bots.process import CANCEL_POLL, CANCELLED, EOF_GRACE, exit_reason, read_chunk
from arena.bots.records import BotStatus, TurnRecord
from arena.bots.sandbox import InputFiles, check_file_name
from arena.bots.seats import PendingStart, Process, Seat
from arena.bots.streams import AnswerRule, OutputBuffer, Tail, decode_answer


@dataclass(frozen=True)
class TurnInput:
    """What a bot gets for one turn: arguments after its command, files in its folder.

    The bot runs in its folder, so a file is named to it by its plain name (``playfield.txt``)
    or, absolutely, by ``bot.workdir / name``.
    """

    args: tuple[str, ...] = ()
    files: InputFiles = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.files:
            check_file_name(name)


class SpawnBot:
    """One seat whose bot is started afresh every turn, in the seat's folder for the match.

    Made by :meth:`arena.bots.host.BotHost.spawn_bot`.
    """

    def __init__(self, command: BotCommand, seat: Seat, env: Mapping[str, str], limits: Limits) -> None:
        self.command = command
        self.seat = seat
        self.env = dict(env)
        self.limits = limits
        self.shell_noted = False
        """Whether a record has said that the program runs with /bin/sh (said once)."""
        self.last_start: float | None = None
        """When its last turn's process started (``time.monotonic()``): its deadline is this plus
        the turn's time limit."""

    @property
    def workdir(self) -> Path | PurePosixPath:
        """The seat's folder as the bot sees it (its working directory)."""
        return self.seat.workdir

    def run(self, turn: TurnInput, timeout: float, rule: AnswerRule) -> TurnRecord:
        """One turn of this bot alone."""
        return run_round([(self, turn)], timeout, rule)[0]

    def __repr__(self) -> str:
        return f"SpawnBot({str(self.command)!r}, workdir={str(self.workdir)!r})"


def run_round(
    turns: Sequence[tuple[SpawnBot, TurnInput]], timeout: float, rule: AnswerRule,
    cancel: threading.Event | None = None,
) -> list[TurnRecord]:
    """Run every bot's turn in parallel, each under a deadline ``timeout`` seconds from its own
    start (a loaded machine that starts the last seat late does not shorten its turn); one
    record per turn, in order.

    ``cancel`` may be set from another thread (a GUI's Stop): every bot still running is then
    killed within :data:`~arena.bots.process.CANCEL_POLL` seconds and its turn ends ``KILLED``
    with the reason :data:`~arena.bots.process.CANCELLED`."""
    states = [_Turn(bot, turn_input, rule, timeout) for bot, turn_input in turns]
    selector = selectors.DefaultSelector()
    try:
        pending = [(state, state.request()) for state in states]
        for state, start in pending:
            state.started(start, selector)
        _serve(states, selector, timeout, cancel)
    finally:
        _end_all(states)
        selector.close()
    return [state.record() for state in states]


def _serve(
    states: Sequence[_Turn], selector: selectors.BaseSelector, timeout: float, cancel: threading.Event | None,
) -> None:
    wait = 0.0  # first look at what is there already: a host busy since the starts must not cost a bot its answer
    while True:
        for key, _ in selector.select(wait):
            state, stream = key.data
            if state.running:
                state.ready(stream)
        now = time.monotonic()
        for state in states:
            if state.running and state.grace_end is not None and now >= state.grace_end:
                state.output_closed()
        running = [s for s in states if s.running]
        if not running:
            return
        if cancel is not None and cancel.is_set():
            for state in running:
                state.decide(BotStatus.KILLED, CANCELLED)
            return
        for state in running:
            if now >= state.deadline:  # only once what it wrote in time has been read
                state.timed_out(timeout)
        running = [s for s in running if s.running]
        if not running:
            return
        wake = min([*(s.deadline for s in running), *(s.grace_end for s in running if s.grace_end is not None)])
        if cancel is not None:
            wake = min(wake, now + CANCEL_POLL)
        wait = max(0.0, wake - now)


def _end_all(states: Sequence[_Turn]) -> None:
    """Kill every bot first (so none keeps running while others are reaped), then reap, then one
    sweep for the orphans of all of them."""
    started = [(state, state.proc) for state in states if state.proc is not None]
    for state, proc in started:
        state.decide(BotStatus.KILLED, "the round was interrupted")  # only if still undecided
        proc.kill()
    try:
        for state, proc in started:
            proc.reap()
            state.drain_stderr()
        swept = [proc for _, proc in started if proc.family is not None]
        if swept:
            cpu = reaper.sweep([proc.family for proc in swept if proc.family is not None])
            for proc, extra in zip(swept, cpu):
                proc.cpu_time += extra
    finally:
        for _, proc in started:
            proc.close()


class _Turn:
    """One bot's turn in a round, from start to record."""

    def __init__(self, bot: SpawnBot, turn_input: TurnInput, rule: AnswerRule, timeout: float) -> None:
        self.bot = bot
        self.input = turn_input
        self.rule = rule
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.limits = bot.limits
        self.proc: Process | None = None
        self.out = OutputBuffer()
        self.err = Tail(bot.limits.stderr_tail)
        self.running = False
        self.grace_end: float | None = None
        self.status: BotStatus | None = None
        self.reason = ""
        self.answer: str | None = None
        self.wall = 0.0
        self.exit_code: int | None = None
        self._selector: selectors.BaseSelector | None = None

    def request(self) -> PendingStart | None:
        """Ask the seat to start the bot (None if that failed; the turn is then decided)."""
        files = {name: contents.encode() if isinstance(contents, str) else contents
                 for name, contents in self.input.files.items()}
        argv = self.bot.command.with_args(self.input.args)
        try:
            return self.bot.seat.request(argv, self.bot.env, files, stdin=False)
        except OSError as error:
            self.decide(BotStatus.CRASHED, f"could not start: {error}")
            return None

    def started(self, start: PendingStart | None, selector: selectors.BaseSelector) -> None:
        self._selector = selector
        if start is None:
            return
        try:
            self.proc = start.result()
        except OSError as error:
            self.decide(BotStatus.CRASHED, f"could not start: {error}")
            return
        self.deadline = self.proc.started + self.timeout
        self.bot.last_start = self.proc.started
        self.running = True
        selector.register(self.proc.stdout, selectors.EVENT_READ, (self, "stdout"))
        selector.register(self.proc.stderr, selectors.EVENT_READ, (self, "stderr"))
        selector.register(self.proc.exit_fd, selectors.EVENT_READ, (self, "exit"))

    def ready(self, stream: str) -> None:
        assert self.proc is not None
        if stream == "stdout":
            self._read_stdout()
        elif stream == "stderr":
            self._read_stderr()
        else:
            self._leader_exited()

    def _read_stdout(self) -> None:
        assert self.proc is not None
        chunk = read_chunk(self.proc.stdout)
        if chunk is None:
            return
        if not chunk:
            # The end of the output. Usually the leader is exiting, which is reported a moment
            # later, and its exit code decides whether a last line without a newline counts.
            self._unregister(self.proc.stdout)
            self.grace_end = time.monotonic() + EOF_GRACE
            return
        self.out.feed(chunk)
        self._check_answer()

    def _check_answer(self) -> None:
        raw = self.out.take(self.rule)
        if raw is not None:
            self._answered(raw)
        elif self.out.total > self.limits.stdout_bytes:
            self.decide(BotStatus.KILLED, f"wrote more than {self.limits.stdout_bytes} bytes to stdout without an answer")

    def _read_stderr(self) -> None:
        assert self.proc is not None
        chunk = read_chunk(self.proc.stderr)
        if chunk is None:
            return
        if not chunk:
            self._unregister(self.proc.stderr)
            return
        self.err.feed(chunk)
        if self.err.total > self.limits.stderr_bytes:
            self.decide(BotStatus.KILLED, f"wrote more than {self.limits.stderr_bytes} bytes to stderr")

    def _leader_exited(self) -> None:
        assert self.proc is not None
        if not self.proc.poll():
            return
        self._unregister(self.proc.exit_fd)
        # Whatever it wrote before exiting is in the pipe now; children it left may write more,
        # but the turn is the leader's.
        while self.running and (chunk := read_chunk(self.proc.stdout)):
            self.out.feed(chunk)
            self._check_answer()
        if not self.running:
            return
        code = self.proc.exit_code
        rest = self.out.take_rest() if self.rule is AnswerRule.FIRST_LINE else None
        if rest is not None and code == 0:
            self._answered(rest)
            return
        self.drain_stderr()
        status, reason = exit_reason(code, self.limits, self.err.last_line(), self.proc.limit_reason)
        if rest is not None:
            reason += f" (after {len(rest)} bytes without a newline)"
        self.exit_code = code
        self.decide(status, reason)

    def output_closed(self) -> None:
        """The bot closed its stdout and is still running: what it wrote is all it will say."""
        rest = self.out.take_rest() if self.rule is AnswerRule.FIRST_LINE else None
        if rest is not None:
            self._answered(rest)
        else:
            self.decide(BotStatus.CRASHED, "closed its stdout without answering")

    def _answered(self, raw: bytes) -> None:
        answer, problem = decode_answer(raw, self.rule)
        if answer is None:
            self.decide(BotStatus.INVALID_OUTPUT, problem)
        else:
            self.decide(BotStatus.OK, "", answer)

    def timed_out(self, timeout: float) -> None:
        pending = len(self.out)
        detail = f" ({pending} bytes without a newline)" if pending else ""
        self.decide(BotStatus.TIMEOUT, f"no answer within {timeout:.3f} s{detail}")

    def decide(self, status: BotStatus, reason: str, answer: str | None = None) -> None:
        """Settle the turn (the first decision stands) and stop the bot at once."""
        if self.status is not None:
            return
        self.status, self.reason, self.answer = status, reason, answer
        self.running = False
        if self.proc is None:
            return
        self.wall = time.monotonic() - self.proc.started
        for fd in (self.proc.stdout, self.proc.stderr, self.proc.exit_fd):
            self._unregister(fd)
        self.proc.kill()

    def drain_stderr(self) -> None:
        """Read what is waiting on stderr (within the turn's stderr budget) for the record."""
        if self.proc is None:
            return
        while self.err.total <= self.limits.stderr_bytes and (chunk := read_chunk(self.proc.stderr)):
            self.err.feed(chunk)

    def record(self) -> TurnRecord:
        assert self.status is not None
        reason = self.reason
        if self.proc is not None and self.proc.via_shell and not self.bot.shell_noted:
            self.bot.shell_noted = True
            note = "its program has no #! line, so it runs with /bin/sh"
            reason = f"{reason}; {note}" if reason else note
        return TurnRecord(
            status=self.status,
            reason=reason,
            answer=self.answer,
            wall_time=self.wall,
            cpu_time=self.proc.cpu_time if self.proc is not None else 0.0,
            stderr_tail=self.err.text(),
            exit_code=self.exit_code,
        )

    def _unregister(self, fd: int) -> None:
        assert self._selector is not None
        try:
            self._selector.unregister(fd)
        except (KeyError, ValueError):
            pass
