"""What a scripted bot does, in the words of a test (:mod:`arena.bots.scripted` plays it): per
seat a :class:`Script` of :class:`Reply` s, each made by :func:`answer`, :func:`silent`,
:func:`crash` or :func:`stop`, and what the bot was given, filled in as the match runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from arena.bots.command import BotCommand


class ScriptError(AssertionError):
    """A referee that did not do what a script expects (a failed test, not a bot's fault)."""


Asked = str | tuple[str, ...] | None
"""A request as a script sees it: a persistent bot's line (None: a read without one), or a
spawned turn's arguments."""


@dataclass(frozen=True)
class Reply:
    """What a bot does when it is asked once (made by :func:`answer`, :func:`silent`,
    :func:`crash`, :func:`stop`)."""

    output: bytes = b""
    """What it writes to stdout."""
    wall: float = 0.0
    """Seconds from the request to its output (or exit)."""
    cpu: float = 0.0
    stderr: str = ""
    exit_code: int | None = None
    """It exits with this code once it has written its output (None: it keeps running)."""
    stops: bool = False
    """The user stops the match while this bot thinks (the referee's ``cancel`` is set)."""
    to: Asked = None
    """The request it expects: the line (a persistent bot) or the arguments (a spawned turn);
    None: any."""


def answer(text: str | bytes, *, wall: float = 0.0, cpu: float = 0.0, stderr: str = "",
           exit_code: int | None = None, to: Asked = None) -> Reply:
    """A bot writing ``text`` (a str is a line: a newline is added; bytes go out as they are,
    e.g. ``b"\\xff\\n"``, or a line without its newline) ``wall`` seconds after the request."""
    output = text.encode() + b"\n" if isinstance(text, str) else text
    return Reply(output, wall, cpu, stderr, exit_code, to=to)


def silent(*, cpu: float = 0.0, stderr: str = "", to: Asked = None) -> Reply:
    """A bot that never answers: it times out at the request's deadline."""
    return Reply(cpu=cpu, stderr=stderr, to=to)


def crash(exit_code: int = 1, *, stderr: str = "", wall: float = 0.0, to: Asked = None) -> Reply:
    """A bot exiting without an answer (a negative code: killed by that signal)."""
    return Reply(wall=wall, stderr=stderr, exit_code=exit_code, to=to)


def stop(*, wall: float = 0.0, to: Asked = None) -> Reply:
    """The user stops the match while the bot thinks."""
    return Reply(wall=wall, stops=True, to=to)


class Request(NamedTuple):
    """A persistent bot's request: the line sent with it (None: a read) and its deadline."""

    line: str | None
    timeout: float


class Turn(NamedTuple):
    """A spawned turn: the arguments after the command, the files put in the seat's folder, the
    deadline."""

    args: tuple[str, ...]
    files: dict[str, str | bytes | None]
    timeout: float


Responder = Callable[[Asked], "Reply"]
"""A script's reply made from the request (``then``)."""


class Script:
    """One seat's bot: its replies, in order, and what it was given (filled in as the match
    runs). ``then``: the reply to every request after those, or a function making it from the
    request (None: a request beyond the replies is a :class:`ScriptError`). ``exit_after``:
    seconds it takes to exit once its input is closed at the end (None: it never does; by
    default a millisecond, as a real bot needs a moment), with ``exit_code``. ``start_error``:
    it cannot be started (the ``OSError``'s text)."""

    def __init__(self, *replies: Reply, then: Reply | Responder | None = None, exit_after: float | None = 0.001,
                 exit_code: int = 0, start_error: str | None = None) -> None:
        self.replies = list(replies)
        self.then = then
        self.exit_after = exit_after
        self.exit_code = exit_code
        self.start_error = start_error
        self.seat = -1
        self.name = ""
        self.command: BotCommand | None = None
        self.env: dict[str, str] = {}
        self.received: list[str] = []
        """Every line the bot read, in order (the lines of its requests included)."""
        self.requests: list[Request] = []
        self.turns: list[Turn] = []
        self.used = 0
        """How many of :attr:`replies` were asked for."""

    def next(self, asked: Asked) -> Reply:
        """The reply to the request ``asked`` (a line, a turn's arguments)."""
        number = len(self.requests) + len(self.turns)
        if self.used < len(self.replies):
            reply = self.replies[self.used]
            self.used += 1
        elif self.then is not None:
            reply = self.then if isinstance(self.then, Reply) else self.then(asked)
        else:
            raise ScriptError(f"{self.label}: no reply left in the script for request {number} ({asked!r})")
        if reply.to is not None and reply.to != asked:
            raise ScriptError(f"{self.label}: request {number} was {asked!r}, the script expects {reply.to!r}")
        return reply

    @property
    def label(self) -> str:
        return f"seat {self.seat} ({self.name})"

    def __repr__(self) -> str:
        return f"Script({self.label}, {self.used}/{len(self.replies)} replies used)"
