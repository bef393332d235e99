"""Reading the files a match setup names (a worms map, a kingdoms playfield, a Bio-blots board):
one error line naming the file, and for text that is not UTF-8 the line and column of the first
bad byte. Line ends are kept as written (``newline=""``): a map may end its lines with CR."""

from __future__ import annotations

from pathlib import Path

from matcher.bounded import read_text_file


def read_setup_file(path: Path, error: type[ValueError]) -> str:
    """The text of ``path``; an unreadable file raises ``error`` with one line naming it."""
    return read_text_file(path, error, newline="")
