"""Reading a replay file line by line: each line's JSON with errors that name the line, and the
round lines read again from the file when asked for (:class:`RoundLines`), so that a replay of
any size is read in little memory (:func:`arena.replay.read_replay` checks the lines)."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
import threading
from array import array
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import IO, Any, TypeVar, overload

from matcher.bounded import REPLAY_LIMIT, MiB


class ReplayError(ValueError):
    """A replay file that cannot be read; the message starts with ``file:line:`` (``file:`` when the
    file itself cannot be read)."""


_Opened = TypeVar("_Opened")

FIFO_NOTICE_SECONDS = 0.5
"""How long opening a FIFO may wait for a writer before the wait is said."""
waiting_notice: ContextVar[Callable[[str], None] | None] = ContextVar("waiting_notice", default=None)
"""Told, once, that opening a replay waits for a FIFO's writer (the command line says it on stderr)."""


def open_binary(path: Path | str) -> IO[bytes]:
    """``open(path, "rb")``. Opening a FIFO (a named pipe) waits until something opens it to
    write, forever if nothing does: ``snakepit replay FIFO`` hung without a word. Once it has
    waited :data:`FIFO_NOTICE_SECONDS`, :data:`waiting_notice` is told (a pipe whose writer is
    there, as from ``<(zcat r.jsonl.gz)``, opens at once: nothing said)."""
    if str(path) == "-" and not os.path.exists(path):  # it said only "-: cannot read it: No such file or directory"
        raise FileNotFoundError(errno.ENOENT, "no such file (to read standard input, name /dev/stdin)", str(path))
    return _said_when_waiting(path, "writer", lambda: open(path, "rb"))


def open_text_to_write(path: Path | str) -> IO[str]:
    """``open(path, "w")`` in UTF-8; a FIFO waits for its reader (``--record FIFO``), said as
    :func:`open_binary` says it."""
    return _said_when_waiting(path, "reader", lambda: open(path, "w", encoding="utf-8"))


def _said_when_waiting(path: Path | str, other_end: str, opening: Callable[[], _Opened]) -> _Opened:
    notice = waiting_notice.get()
    if notice is None or not _is_fifo(path):
        return opening()
    opened = threading.Event()

    def watch() -> None:
        if not opened.wait(FIFO_NOTICE_SECONDS):
            notice(f"{path}: waiting for a {other_end} on this FIFO (named pipe); Ctrl-C stops")

    watcher = threading.Thread(target=watch, name="fifo-notice", daemon=True)
    watcher.start()
    try:
        return opening()
    finally:
        opened.set()
        watcher.join()


def _is_fifo(path: Path | str) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):  # (open says what is wrong with the name)
        return False


class ReplayLines:
    """A replay file's lines as ``(line number, byte offset, text)``, blank ones left out, each at
    most ``limit`` bytes; ``truncated`` once the last line turned out to end without a newline."""

    def __init__(self, name: str, source: IO[bytes], limit: int) -> None:
        self.name = name
        self.source = source
        self.limit = limit
        self.truncated = False

    def __iter__(self) -> Iterator[tuple[int, int, str]]:
        offset = 0
        number = 0
        while raw := self.source.readline(self.limit + 1):
            number += 1
            if not raw.endswith(b"\n"):
                if len(raw) > self.limit:
                    most = f"{self.limit // MiB} MiB" if self.limit >= MiB else f"{self.limit} bytes"
                    raise ReplayError(f"{self.name}:{number}: a line of more than {most}: not a replay line")
                self.truncated = True
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as problem:
                column = len(raw[:problem.start].decode("utf-8", "replace")) + 1
                raise ReplayError(f"{self.name}: line {number}, column {column}: not UTF-8 text "
                                  f"({problem.reason})") from None
            if number == 1:
                text = text.removeprefix("\ufeff")  # the byte-order mark some editors write: nothing to the replay
            if text.strip():
                yield number, offset, text.removesuffix("\n").removesuffix("\r")
            offset += len(raw)


def line_values(name: str, lines: ReplayLines) -> Iterator[tuple[int, int, dict[str, Any]]]:
    for number, offset, line in lines:
        try:
            value = parse_line(name, number, line)
        except ReplayError:
            if lines.truncated:
                return  # the line being written when the match was killed
            raise
        yield number, offset, value


def parse_line(name: str, number: int, line: str | bytes) -> dict[str, Any]:
    """One line's JSON object; errors name the line."""
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        # (the column first: json's "Unterminated string starting at" read "… at at column 2")
        raise ReplayError(f"{name}:{number}: not JSON at column {error.colno}: {error.msg}") from None
    except RecursionError:
        raise ReplayError(f"{name}:{number}: not a replay line: nested too deeply") from None
    except ValueError:  # int() refuses a number of over 4300 digits
        text = line if isinstance(line, str) else line.decode("utf-8", "replace")
        raise ReplayError(f"{name}:{number}: not a replay line: {_long_number(text)}") from None
    if not isinstance(value, dict):
        raise ReplayError(f"{name}:{number}: expected a JSON object, got {type(value).__name__}")
    return value


class RoundLines(Sequence[dict[str, Any]]):
    """A replay's round lines (parsed), read again from its file when asked for: only each line's
    byte offset is held. Iterating reads the file once, in order; the round last read is kept, so
    that a verifier asking for the round it is at reads nothing again. A file changed since
    :func:`read_replay` checked it is a :class:`ReplayError` naming the line."""

    def __init__(self, path: str, offsets: array[int], lines: Sequence[int]) -> None:
        self._path = path
        self._offsets = offsets
        self._lines = lines
        self._last: tuple[int, dict[str, Any]] | None = None

    def __len__(self) -> int:
        return len(self._offsets)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        count = len(self)
        if not -count <= index < count:
            raise IndexError(f"round index {index} out of range (the replay has {count} rounds)")
        index %= count
        if self._last is not None and self._last[0] == index:
            return self._last[1]
        with self._open() as source:
            return self._read(source, index)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same rounds (a list, as before)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        if not self._offsets:
            return
        with self._open() as source:
            for index in range(len(self)):
                yield self._read(source, index)

    def _open(self) -> IO[bytes]:
        try:
            return open(self._path, "rb")
        except OSError as problem:
            raise ReplayError(f"{self._path}: cannot read it again: {problem.strerror or problem}") from None

    def _read(self, source: IO[bytes], index: int) -> dict[str, Any]:
        number = self._lines[index]
        source.seek(self._offsets[index])
        value = parse_line(self._path, number, source.readline(REPLAY_LIMIT + 1))
        if value.get("type") != "round" or value.get("round") != index + 1:
            raise ReplayError(f"{self._path}:{number}: the file changed since it was read (round {index + 1} "
                              "is no longer on this line)")
        self._last = (index, value)
        return value


def _long_number(line: str) -> str:
    """What is wrong with a JSON line whose number is too long for Python, and where."""
    limit = sys.get_int_max_str_digits()
    found = re.search(r"\d{%d,}" % (limit + 1), line)
    if found is None:
        return f"a number of more than {limit} digits"
    return f"a number of {len(found.group())} digits at column {found.start() + 1} (at most {limit} are read)"
