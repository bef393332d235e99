"""Reading a user's text file whole, but never more than a limit: a file far larger than any
program, map or replay, or an endless device (``snakepit check /dev/zero`` read until the
machine ran out of memory), is refused after the limit instead of being read into memory.

:func:`read_text_file` is how every file a user names is read (programs, positions, maps,
playfields, boards, tournament files, replays): one error line naming the file, whatever is wrong
with it (cannot be read, not UTF-8, too large)."""

from __future__ import annotations

import os
from typing import IO

from matcher.places import decode_place

MiB = 1 << 20
TEXT_LIMIT = 64 * MiB
"""Characters of a program, position, map, playfield or board file: far more than the largest
(a program whose tests hold big fields is a few MiB)."""
REPLAY_LIMIT = 256 * MiB
"""Bytes of one line of a replay (its header with the map's text, or one round): a replay is read
line by line (:func:`arena.replay.read_replay`), so the file itself has no limit (a match of a
million ITPW turns writes about 3.6 GB)."""


def read_at_most(source: IO[str], limit: int) -> str | None:
    """The whole text of ``source``, or None when it holds more than ``limit`` characters."""
    text = source.read(limit + 1)
    return None if len(text) > limit else text


def too_large(limit: int) -> str:
    """The words of an error about a file over ``limit`` characters."""
    return f"larger than {limit // MiB} MiB: not a file snakepit reads"


def read_text_file(path: str | os.PathLike[str], error: type[ValueError], limit: int | None = None,
                   newline: str | None = None) -> str:
    """The whole UTF-8 text of ``path`` (``newline`` as :func:`open` takes it: ``""`` keeps line
    ends as written). Whatever keeps it from being read raises ``error`` with one line that
    starts with the file's name: ``FILE: cannot read it: No such file or directory``, ``FILE:
    line 3, column 7: not UTF-8 text (invalid start byte)``, ``FILE: larger than 64 MiB…``."""
    name = os.fspath(path)
    limit = TEXT_LIMIT if limit is None else limit  # read now: a test makes it small
    try:
        with open(path, encoding="utf-8", newline=newline) as source:
            text = read_at_most(source, limit)
    except UnicodeDecodeError as problem:
        raise error(f"{name}: {decode_place(problem)}: not UTF-8 text ({problem.reason})") from None
    except OSError as problem:
        raise error(f"{name}: cannot read it: {problem.strerror or problem}") from None
    if text is None:
        raise error(f"{name}: {too_large(limit)}")
    return text
