"""``--stderr SEAT``: what a seat's bot wrote to its standard error, on the command line.

A bot writer debugs with prints to stderr (stdout is the move). The referee keeps the last
:attr:`arena.bots.Limits.stderr_tail` bytes of each turn's stderr in the turn's record and the
replay, and the app's seat log shows them; ``snakepit match --stderr SEAT`` prints them as the
match plays and ``snakepit replay FILE --stderr SEAT`` from a replay, one line each, so the
amount printed stays bounded by that tail whatever the bot floods.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

STDERR_LINE_LIMIT = 300
"""The longest stderr line printed (characters); a longer one is cut with "…"."""


def add_stderr_flag(parser: argparse.ArgumentParser, where: str) -> None:
    parser.add_argument("--stderr", type=int, action="append", default=[], metavar="SEAT",
                        help=f"print what seat SEAT's bot (0-based) wrote to stderr {where}, each turn's last "
                             "4 KiB, prefixed 'round N: seat SEAT stderr:' (repeatable)")


def unknown_stderr_seat(seats: Sequence[int], count: int, flag: str = "--stderr") -> str | None:
    """``--stderr 4: there are seats 0 to 3`` for a seat a match of ``count`` seats lacks (and
    the same for another ``flag`` naming seats)."""
    for seat in seats:
        if not 0 <= seat < count:
            return f"{flag} {seat}: there are seats 0 to {count - 1}" if count else f"{flag} {seat}: no seats"
    return None


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on (escape sequences that retitle the
    window, recolour or clear it, a bell) written as its Python escape (``\\x1b``): what a bot
    wrote is shown, never obeyed. A byte of a file name that is not UTF-8 (decoded as a lone
    surrogate) stays, printed as that byte as ``ls`` does (see :func:`arena.cli.run`)."""
    return "".join(char if char.isprintable() or "\udc80" <= char <= "\udcff" else repr(char)[1:-1] for char in text)


def clip(line: str, limit: int = STDERR_LINE_LIMIT) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


def stderr_lines(index: int, seat: int, text: str) -> list[str]:
    """``round 3: seat 0 stderr: thinking…``: a line per non-blank line of ``text``."""
    return [clip(f"round {index}: seat {seat} stderr: {printable(part.rstrip())}")
            for part in text.splitlines() if part.strip()]


def replay_stderr_lines(rounds: Iterable[Mapping[str, Any]], seats: Sequence[int]) -> Iterator[str]:
    """The recorded stderr of ``seats``, round by round, from a replay's round lines."""
    for value in rounds:
        records = value.get("records") or ()
        for seat in seats:
            yield from stderr_lines(int(value["round"]), seat, _stderr_of(records, seat))


def silent_seats_notes(rounds: Sequence[Mapping[str, Any]], seats: Sequence[int], names: Sequence[str]) -> list[str]:
    """``seat 0 (a.py) wrote nothing to stderr in the 20 rounds recorded`` for each of ``seats``
    that :func:`replay_stderr_lines` prints nothing for: an empty answer said, not left to guess."""
    said = {seat for value in rounds for seat in seats
            if any(stderr_lines(0, seat, _stderr_of(value.get("records") or (), seat)))}
    notes = []
    for seat in seats:
        if seat not in said:
            name = f" ({names[seat]})" if seat < len(names) and names[seat] else ""
            notes.append(f"seat {seat}{name} wrote nothing to stderr in the {len(rounds)} rounds recorded")
    return notes


def _stderr_of(records: Sequence[Any], seat: int) -> str:
    record = records[seat] if seat < len(records) else None
    stderr = record.get("stderr") if isinstance(record, dict) else None
    return stderr if isinstance(stderr, str) else ""
