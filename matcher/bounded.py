"""Reading a user's text file whole, but never more than a limit: a file far larger than any
program, map or replay, or an endless device (``snakepit check /dev/zero`` read until the
machine ran out of memory), is refused after the limit instead of being read into memory."""

from __future__ import annotations

from typing import IO

MiB = 1 << 20
TEXT_LIMIT = 64 * MiB
"""Characters of a program, position, map, playfield or board file: far more than the largest
(a program whose tests hold big fields is a few MiB)."""
REPLAY_LIMIT = 256 * MiB
"""Characters of a replay: a match of 100,000 worms rounds is about 60 MiB."""


def read_at_most(source: IO[str], limit: int) -> str | None:
    """The whole text of ``source``, or None when it holds more than ``limit`` characters."""
    text = source.read(limit + 1)
    return None if len(text) > limit else text


def too_large(limit: int) -> str:
    """The words of an error about a file over ``limit`` characters."""
    return f"larger than {limit // MiB} MiB: not a file snakepit reads"
