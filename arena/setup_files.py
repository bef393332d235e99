"""Reading the files a match setup names (a worms map, a kingdoms playfield, a Bio-blots board):
one error line naming the file, and for text that is not UTF-8 the line and column of the first
bad byte. Line ends are kept as written (``newline=""``): a map may end its lines with CR."""

from __future__ import annotations

from pathlib import Path

from matcher.bounded import TEXT_LIMIT, read_at_most, too_large
from matcher.places import decode_place


def read_setup_file(path: Path, error: type[ValueError]) -> str:
    """The text of ``path``; an unreadable file raises ``error`` with one line naming it."""
    try:
        with open(path, encoding="utf-8", newline="") as source:
            text = read_at_most(source, TEXT_LIMIT)
    except UnicodeDecodeError as problem:
        raise error(f"{path}: {decode_place(problem)}: not UTF-8 text ({problem.reason})") from None
    except OSError as problem:
        raise error(f"{path}: {problem.strerror or problem}") from None
    if text is None:
        raise error(f"{path}: {too_large(TEXT_LIMIT)}")
    return text
