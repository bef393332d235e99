"""The progress a long command prints on stderr: every few seconds (:class:`ProgressEvery`), a
match's round lines (:class:`MatchProgress`) and what they say of the seats (:func:`status_lines`)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from arena import cli_stderr
from arena.bots import BotStatus, TurnRecord
from arena.closing import split_note
from arena.match import RoundInfo

PROGRESS_SECONDS = 5.0
"""How often a long battle or replay verification says how far it is (a million steps take
minutes, and said nothing)."""


class ProgressEvery:
    """An ``on_round`` that prints ``snakepit: battle: step 120,000 of 1,000,000`` on stderr at
    most every ``seconds`` (``template``'s ``{}`` is the round), none in the first."""

    clock: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, template: str, seconds: float = PROGRESS_SECONDS) -> None:
        self.template = template
        self.seconds = seconds
        self.next_at = self.clock() + seconds

    def __call__(self, info: RoundInfo) -> None:
        self.at(info.index)

    def at(self, index: int) -> None:
        if self.due():
            print(f"snakepit: {self.template.format(f'{index:,}')}", file=sys.stderr, flush=True)

    def due(self) -> bool:
        """Whether ``seconds`` have passed since the last time it was (or since the start)."""
        now = self.clock()
        if now < self.next_at:
            return False
        self.next_at = now + self.seconds
        return True


TERMINAL_SECONDS = 0.1
"""How often the round line rewritten in place on a terminal is rewritten."""
ERASE_LINE = "\r\x1b[K"
"""Back to the start of the terminal's line, and clear it."""


class MatchProgress:
    """``snakepit match``'s progress on stderr: a round's line (``round 17: scores 4 0 2 8``)
    every :data:`PROGRESS_SECONDS`, or on a terminal one line rewritten in place every
    :data:`TERMINAL_SECONDS`; always the round whose lines say something new (a seat's status the
    first time, what its bot wrote to stderr) with them, and the last round. A flushed line per
    round made a snake match of 20,000 steps take twice as long as without."""

    def __init__(self, stream: TextIO, terminal: bool | None = None, columns: int | None = None) -> None:
        self.stream = stream
        self.terminal = stream.isatty() if terminal is None else terminal
        self.columns = columns or _columns(stream)
        """The terminal's width: a rewritten line longer than it would wrap, and only its last
        row would be rewritten (the rest stays, a new row each time)."""
        self.every = ProgressEvery("", TERMINAL_SECONDS if self.terminal else PROGRESS_SECONDS)
        self.open = False
        """A rewritten line is on the terminal, not ended."""

    def show(self, line: str, news: Sequence[str] = (), last: bool = False) -> None:
        if news or last:
            self._write("\n".join([line, *news]), end=True)
        elif self.every.due():
            self._write(cli_stderr.clip(line, self.columns - 1) if self.terminal else line, end=not self.terminal)

    def close(self) -> None:
        """End a rewritten line (it stays: how far the match got), so what follows has a line."""
        if self.open:
            self._write("", end=True, erase=False)

    def _write(self, text: str, end: bool, erase: bool = True) -> None:
        start = ERASE_LINE if self.terminal and erase else ""
        self.stream.write(start + text + ("\n" if end else ""))
        self.stream.flush()
        self.open = not end


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):  # not a terminal, or no file (a test's capture)
        return 80


def progress_line(info: RoundInfo) -> str:
    """``round 17: scores 4 0 2 8`` and the seats whose bot misbehaved in it."""
    line = f"round {info.index}: scores {' '.join(map(str, info.scores))}"
    for seat, record in enumerate(info.records or ()):
        if record.status not in (BotStatus.OK, BotStatus.SKIPPED):
            line += f"; seat {seat} {record.status.label}"
    return line + (f"; end: {info.end}" if info.end else "")


STATUS_LINE_LIMIT = 300
"""The longest a progress line about a seat's status may be (characters)."""


def status_lines(info: RoundInfo, names: Sequence[str], seen: set[tuple[int, BotStatus]]) -> list[str]:
    """``round 3: seat 0 (random_bot.py) crashed: exited with code 1 without answering: ValueError``:
    a line with the reason, the first time a seat gets each status (``seen`` remembers), one line
    each, at most :data:`STATUS_LINE_LIMIT` characters."""
    return record_lines(info.index, info.records or (), names, seen)


def record_lines(index: int, records: Sequence[TurnRecord], names: Sequence[str],
                 seen: set[tuple[int, BotStatus]]) -> list[str]:
    """:func:`status_lines` of round ``index``'s ``records``."""
    lines = []
    for seat, record in enumerate(records):
        name = f" ({names[seat]})" if seat < len(names) and names[seat] else ""
        own, note = split_note(record.reason)  # how its bot ended after the game: said whatever its status
        if _news(record.status, own) and (seat, record.status) not in seen:
            seen.add((seat, record.status))
            lines.append(_status_line(f"round {index}: seat {seat}{name} {record.status.label}", own))
        if note:
            lines.append(_status_line(f"round {index}: seat {seat}{name} note", note))
    return lines


def _status_line(who: str, reason: str) -> str:
    said = cli_stderr.printable(" ".join(reason.split())) or "no reason given"
    return cli_stderr.clip(f"{who}: {said}", STATUS_LINE_LIMIT)


def _news(status: BotStatus, reason: str) -> bool:
    """Whether a record's status is worth a line: not a skipped turn, not a plain ok."""
    return status is not BotStatus.SKIPPED and (status is not BotStatus.OK or bool(reason))
