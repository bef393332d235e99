"""Scripted bots: a match's bots answering from a script, in this process, with no clock.

python-chess's ``MockTransport`` is the model: a referee is unit-tested against bots that take
its lines and answer from a script, so time banks, deadlines, disqualifications, broadcasts and
faults are tested exactly, without processes, sandboxes or waiting (the process layer keeps its
own tests with real and hostile processes)::

    mover = Script(answer("0", wall=9.5), silent())       # its replies to requests, in order
    host = ScriptedHost([Script(then=answer("0")), mover, ...])   # a script per seat
    result = run_match(setup, host_factory=host)
    assert mover.received == ["2", "1 0 0", "2 0 30", ...]      # every line it read, in order
    assert mover.requests == [Request("2 0 30", 30.0), ...]     # what it was asked, and the deadline
    host.assert_done()                                          # every reply was asked for

**The level.** A scripted bot stands where a referee meets the process layer: it *is* a
:class:`PersistentBot` or :class:`SpawnBot` (so the referees keep their types), and a request — a
line and a deadline, or a spawned turn's arguments and files — gets the :class:`TurnRecord` the
process layer would make of what the script says the bot does: the bytes it writes, after how
many seconds of wall clock and of CPU, or that it stays silent, exits, or that the user stops
the match meanwhile. The deadline is applied as the process layer applies it (a reply
``wall >= timeout`` seconds after the request is a timeout, and the bot is killed), the output is
cut into answers by the same code (:mod:`arena.bots.streams`) and exits are worded by the same
function, so the records are those of real bots; only no time passes. Scripting lower, at the
pipes, could not inject wall times: the process layer reads the real clock.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from arena.bots.bwrap import SandboxPolicy
from arena.bots.command import BotCommand
from arena.bots.host import CommandLike, Host, HostFactory, command_of
from arena.bots.limits import Limits
from arena.bots.persistent import PersistentBot, idle_hint
from arena.bots.process import CANCELLED, exit_reason
from arena.bots.records import BotStatus, TurnRecord
from arena.bots.script import Reply, Request, Script, ScriptError, Turn, answer, crash, silent, stop
from arena.bots.seats import PendingStart
from arena.bots.spawn import SpawnBot, TurnInput
from arena.bots.streams import AnswerRule, OutputBuffer, Tail, decode_answer

__all__ = ["Reply", "Request", "Script", "ScriptError", "ScriptedHost", "Turn", "answer", "crash", "silent", "stop"]


class ScriptedSeat:
    """A seat whose bot is a script: a folder name for the arguments that name files in it, and
    no process (the scripted bots never ask their seat for one)."""

    sandboxed = False

    def __init__(self, name: str) -> None:
        self.workdir = PurePosixPath("/scripted") / name

    def request(self, argv: Sequence[str], env: Mapping[str, str], files: Mapping[str, bytes | None],
                stdin: bool) -> PendingStart:
        raise ScriptError(f"a scripted seat starts no process (asked for {list(argv)!r})")

    def describe(self) -> list[str]:
        return ["scripted: answers from a test's script, no process"]

    def close(self) -> None:
        """Nothing to end."""


class ScriptedLineBot(PersistentBot):
    """A persistent bot answering from its :class:`Script` (see the module doc)."""

    def __init__(self, host: ScriptedHost, script: Script, command: BotCommand, limits: Limits,
                 pause_between_requests: bool) -> None:
        super().__init__(command, ScriptedSeat(script.name), script.env, limits,
                         pause_between_requests=pause_between_requests)
        self.host = host
        self.script = script
        self._started = False
        self._exit: tuple[int, str] | None = None
        """The code and stderr of an exit after an answer, found at the next request."""
        self._closed_input = False
        self._stdout = OutputBuffer()

    def start(self, args: Sequence[str] = ()) -> TurnRecord:
        if self._started or self._ended is not None:
            raise RuntimeError(f"{self!r} was already started")
        if self.script.start_error is not None:
            return self._finish(BotStatus.CRASHED, f"could not start: {self.script.start_error}", 0.0)
        self._started = True
        self.host.note(self.script, "started")
        return TurnRecord(BotStatus.OK)

    @property
    def running(self) -> bool:
        return self._started and self._ended is None

    @property
    def pid(self) -> int | None:
        return None

    def send(self, line: str) -> None:
        if "\n" in line:
            raise ValueError(f"a protocol line cannot contain a newline: {line!r}")
        if self.running and self._exit is None and not self._closed_input:
            self.script.received.append(line)
            self.host.note(self.script, f"sent {line!r}")

    def request(self, line: str | None, timeout: float, cancel: threading.Event | None = None) -> TurnRecord:
        if not self.running:
            return self._gone()
        self.resume()
        if line is not None:
            self.send(line)
        self.script.requests.append(Request(line, timeout))
        record = self._replied(line, timeout, cancel)
        self.host.note(self.script, f"{record.status.label} {record.answer!r} after {record.wall_time:.3f} s")
        if self.pause_between_requests and self.running:
            self.pause()
        return record

    def _replied(self, line: str | None, timeout: float, cancel: threading.Event | None) -> TurnRecord:
        waiting = self._stdout.take(AnswerRule.FIRST_LINE)
        if waiting is not None:  # written before it was asked: the answer to this request
            return self._line(waiting, 0.0, 0.0, "")
        if self._exit is not None:  # it exited after its last answer
            code, stderr = self._exit
            return self._died(code, stderr, 0.0, 0.0)
        reply = self.script.next(line)
        if reply.stops:
            _stop(cancel, self.script)
            return self._finish(BotStatus.KILLED, CANCELLED, reply.wall, reply.cpu)
        if reply.wall >= timeout:
            return self._timed_out(timeout, reply)
        self._stdout.feed(reply.output)
        raw = self._stdout.take(AnswerRule.FIRST_LINE)
        if raw is None and reply.exit_code == 0:
            raw = self._stdout.take_rest()  # a last line without a newline, then a clean exit
        if raw is not None:
            if reply.exit_code is not None:
                self._exit = (reply.exit_code, reply.stderr)
            return self._line(raw, reply.wall, reply.cpu, reply.stderr)
        if reply.exit_code is not None:
            return self._died(reply.exit_code, reply.stderr, reply.wall, reply.cpu)
        return self._timed_out(timeout, reply)

    def _line(self, raw: bytes, wall: float, cpu: float, stderr: str) -> TurnRecord:
        try:
            return TurnRecord(BotStatus.OK, "", raw.decode(), wall, cpu, _tail(stderr, self.limits))
        except UnicodeDecodeError:
            text, problem = decode_answer(raw, AnswerRule.FIRST_LINE)
            return TurnRecord(BotStatus.INVALID_OUTPUT, problem, text, wall, cpu, _tail(stderr, self.limits))

    def _timed_out(self, timeout: float, reply: Reply) -> TurnRecord:
        pending = len(self._stdout)
        detail = f" ({pending} bytes without a newline)" if pending else idle_hint(reply.cpu, 0.0, timeout)
        return self._finish(BotStatus.TIMEOUT, f"no answer within {timeout:.3f} s{detail}", timeout, reply.cpu,
                            reply.stderr)

    def _died(self, code: int, stderr: str, wall: float, cpu: float) -> TurnRecord:
        status, reason = exit_reason(code, self.limits, _last_line(stderr, self.limits))
        return self._finish(status, reason, wall, cpu, stderr, code)

    def _finish(self, status: BotStatus, reason: str, wall: float, cpu: float = 0.0, stderr: str = "",
                exit_code: int | None = None) -> TurnRecord:
        """The bot ends (is killed, or has exited): this record is what later requests get."""
        self._ended = TurnRecord(status, reason, None, wall, cpu, _tail(stderr, self.limits), exit_code)
        self.host.note(self.script, f"ended: {status.label}: {reason}")
        return self._ended

    def close_input(self) -> None:
        if self.running and not self._closed_input:
            self.resume()
            self._closed_input = True
            self.host.note(self.script, "input closed")

    def close(self, grace: float = 1.0) -> TurnRecord:
        if self._ended is not None:
            return self._ended
        if not self._started:
            self._ended = TurnRecord(BotStatus.SKIPPED, "never started")
            return self._ended
        self.close_input()
        after, code = self.script.exit_after, self.script.exit_code
        if self._exit is not None:
            after, code = 0.0, self._exit[0]
        if after is None or after > grace:
            return self._finish(BotStatus.KILLED, f"still running {grace:.3f} s after its input was closed", grace)
        if code == 0:
            return self._finish(BotStatus.OK, "exited after its input was closed", after, exit_code=code)
        return self._finish(BotStatus.CRASHED, f"exited with code {code} after its input was closed", after,
                            exit_code=code)

    def pause(self) -> None:
        if self.running and not self._paused:
            self._paused = True
            self.host.note(self.script, "paused")

    def resume(self) -> None:
        if self._paused:
            self._paused = False
            self.host.note(self.script, "resumed")

    def __repr__(self) -> str:
        return f"ScriptedLineBot({self.script.label})"


class ScriptedSpawnBot(SpawnBot):
    """A spawn-per-turn bot answering from its :class:`Script`: each turn is one reply."""

    def __init__(self, host: ScriptedHost, script: Script, command: BotCommand, limits: Limits) -> None:
        super().__init__(command, ScriptedSeat(script.name), script.env, limits)
        self.host = host
        self.script = script

    def run(self, turn: TurnInput, timeout: float, rule: AnswerRule) -> TurnRecord:
        return self.host.run_round([(self, turn)], timeout, rule)[0]

    def turn(self, turn: TurnInput, timeout: float, rule: AnswerRule, cancel: threading.Event | None) -> TurnRecord:
        """The record of one turn: what the script's next reply makes of it."""
        script = self.script
        script.turns.append(Turn(turn.args, dict(turn.files), timeout))
        self.host.note(script, f"turn {list(turn.args)!r}")
        if script.start_error is not None:
            return TurnRecord(BotStatus.CRASHED, f"could not start: {script.start_error}")
        reply = script.next(turn.args)
        stderr = _tail(reply.stderr, self.limits)
        if reply.stops:
            _stop(cancel, script)
            return TurnRecord(BotStatus.KILLED, CANCELLED, None, reply.wall, reply.cpu, stderr)
        if reply.wall >= timeout:
            return TurnRecord(BotStatus.TIMEOUT, f"no answer within {timeout:.3f} s", None, timeout, reply.cpu, stderr)
        out = OutputBuffer()
        out.feed(reply.output)
        raw = out.take(rule)
        exits = reply.exit_code
        if raw is None and rule is AnswerRule.FIRST_LINE and exits == 0:
            raw = out.take_rest()
        if raw is not None:
            text, problem = decode_answer(raw, rule)
            status = BotStatus.OK if text is not None else BotStatus.INVALID_OUTPUT
            return TurnRecord(status, problem, text, reply.wall, reply.cpu, stderr)
        if exits is None:
            return TurnRecord(BotStatus.TIMEOUT, f"no answer within {timeout:.3f} s", None, timeout, reply.cpu, stderr)
        status, reason = exit_reason(exits, self.limits, _last_line(reply.stderr, self.limits))
        return TurnRecord(status, reason, None, reply.wall, reply.cpu, stderr, exits)

    def __repr__(self) -> str:
        return f"ScriptedSpawnBot({self.script.label})"


class ScriptedHost:
    """The bots of one match, scripted: a :class:`~arena.bots.host.Host` made of
    :class:`Script` s, one per seat in the order the referee asks for bots. It is its own host
    factory: ``run_match(setup, host_factory=ScriptedHost(scripts))``."""

    def __init__(self, scripts: Sequence[Script]) -> None:
        self.scripts = list(scripts)
        self.policy = SandboxPolicy()
        self.limits = Limits()
        self.root: Path | None = None
        self.env: dict[str, str] = {}
        self.bots: list[ScriptedLineBot | ScriptedSpawnBot] = []
        self.log: list[tuple[int, str]] = []
        """``(seat, what)`` for everything the bots did, in order, across seats."""
        self.closed = False

    def __call__(self, limits: Limits, policy: SandboxPolicy, root: Path | None,
                 env: Mapping[str, str] | None) -> ScriptedHost:
        """As the match's host factory: takes what a :class:`~arena.bots.BotHost` would be made with."""
        self.limits, self.policy, self.root, self.env = limits, policy, root, dict(env or {})
        return self

    def spawn_bot(self, command: CommandLike, *, name: str | None = None, limits: Limits | None = None,
                  env: Mapping[str, str] | None = None) -> SpawnBot:
        script = self._script(name, env)
        bot = ScriptedSpawnBot(self, script, _command(command, script), limits or self.limits)
        self.bots.append(bot)
        return bot

    def start_bot(self, command: CommandLike, *, args: Sequence[str] = (), name: str | None = None,
                  limits: Limits | None = None, env: Mapping[str, str] | None = None,
                  pause_between_requests: bool = False) -> PersistentBot:
        script = self._script(name, env)
        bot = ScriptedLineBot(self, script, _command(command, script), limits or self.limits, pause_between_requests)
        self.bots.append(bot)
        bot.start(args)
        return bot

    def run_round(self, turns: Sequence[tuple[SpawnBot, TurnInput]], timeout: float, rule: AnswerRule,
                  cancel: threading.Event | None = None) -> list[TurnRecord]:
        """Every bot's turn, in order; once one stops the match, the turns after it are killed
        as the process layer kills them."""
        records = []
        for bot, turn in turns:
            if not isinstance(bot, ScriptedSpawnBot) or bot.host is not self:
                raise ScriptError(f"{bot!r} is not a scripted bot of this host")
            if cancel is not None and cancel.is_set():
                records.append(TurnRecord(BotStatus.KILLED, CANCELLED))
            else:
                records.append(bot.turn(turn, timeout, rule, cancel))
        return records

    def describe(self) -> list[list[str]]:
        return [bot.seat.describe() for bot in self.bots]

    def close(self) -> None:
        for bot in self.bots:
            if isinstance(bot, ScriptedLineBot):
                bot.close(grace=0.0)
        self.closed = True

    def note(self, script: Script, what: str) -> None:
        self.log.append((script.seat, what))

    def assert_done(self) -> None:
        """Every reply of every script was asked for (MockTransport's ``assert_done``)."""
        left = [f"{s.label}: {len(s.replies) - s.used} of {len(s.replies)} replies" for s in self.scripts
                if s.used < len(s.replies)]
        if left:
            raise ScriptError(f"replies never asked for: {'; '.join(left)}")

    def _script(self, name: str | None, env: Mapping[str, str] | None) -> Script:
        seat = len(self.bots)
        if seat >= len(self.scripts):
            raise ScriptError(f"the referee asked for a bot for seat {seat}, but only {len(self.scripts)} scripts are given")
        script = self.scripts[seat]
        script.seat, script.name, script.env = seat, name or f"seat-{seat}", {**self.env, **(env or {})}
        return script


def _command(command: CommandLike, script: Script) -> BotCommand:
    script.command = command_of(command)
    return script.command


def _stop(cancel: threading.Event | None, script: Script) -> None:
    if cancel is None:
        raise ScriptError(f"{script.label}: the script stops the match, but the referee gave the request no cancel event")
    cancel.set()


def _stderr(stderr: str, limits: Limits) -> Tail:
    """What the process layer keeps of a bot's stderr."""
    tail = Tail(limits.stderr_tail)
    tail.feed(stderr.encode())
    return tail


def _tail(stderr: str, limits: Limits) -> str:
    return _stderr(stderr, limits).text()


def _last_line(stderr: str, limits: Limits) -> str:
    return _stderr(stderr, limits).last_line()


if TYPE_CHECKING:  # a scripted host is a host, and its own factory
    _FACTORY: HostFactory = ScriptedHost([])
    _HOST: Host = ScriptedHost([])
