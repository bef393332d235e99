"""Where in a text file a problem is, for error messages that name the line: the line of the
value at a path in a JSON text, and the line and column of a byte that is not UTF-8.

Both work on text that was already read (and, for JSON, parsed), so they only have to find a
place, never to judge the text; on anything unexpected they settle for the nearest place found."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import cast

import json.decoder

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_scanstring = cast(Callable[[str, int], tuple[str, int]], getattr(json.decoder, "scanstring"))
"""The JSON string reader (not in the type stubs): the key of an object and where it ends."""


def json_line(text: str, path: Sequence[str | int]) -> int:
    """The 1-based line where the value at ``path`` (object keys and list indexes) starts in the
    JSON ``text``; as deep along the path as the text goes (line 1 for an empty path)."""
    found = _skip(text, 0)
    try:
        for step in path:
            position = _enter(text, found, step)
            if position is None:
                break
            found = position
    except (ValueError, IndexError, RecursionError):
        pass  # a path into a value the text does not hold: the nearest place found
    return text.count("\n", 0, found) + 1


def _enter(text: str, position: int, step: str | int) -> int | None:
    """Where the value at ``step`` of the object or list at ``position`` starts (None: absent)."""
    opening = "[" if isinstance(step, int) else "{"
    if not text.startswith(opening, position):
        return None
    position = _skip(text, position + 1)
    index = 0
    while not text.startswith("]" if opening == "[" else "}", position):
        if opening == "{":
            key, position = _scanstring(text, position + 1)
            position = _skip(text, _skip(text, position) + 1)  # past the colon
            if key == step:
                return position
        elif index == step:
            return position
        _, position = _DECODER.raw_decode(text, position)
        position = _skip(text, position)
        if text.startswith(",", position):
            position = _skip(text, position + 1)
        index += 1
    return None


def _skip(text: str, position: int) -> int:
    match = _SPACE.match(text, position)
    return match.end() if match else position


def decode_line_column(error: UnicodeDecodeError) -> tuple[int, int]:
    """The 1-based line and column of the first byte that is not UTF-8 (columns count bytes)."""
    data = bytes(error.object)
    line = data.count(b"\n", 0, error.start) + 1
    return line, error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1


def decode_place(error: UnicodeDecodeError) -> str:
    """``line L, column C`` of the first byte that is not UTF-8."""
    line, column = decode_line_column(error)
    return f"line {line}, column {column}"
