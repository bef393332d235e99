"""Cutting a bot's output into answers, and keeping the tail of its stderr. Pure: no processes.

The process layer only moves bytes under deadlines; what counts as an answer is decided here, the
same way for both hosting modes, and can be tested without starting anything.
"""

from __future__ import annotations

import enum


class AnswerRule(enum.Enum):
    """What completes a spawn-per-turn bot's answer."""

    FIRST_CHAR = "first_char"
    """The first byte of stdout (Redbot worms); it must be ASCII."""
    FIRST_LINE = "first_line"
    """The first line, up to a newline, or up to the end of the output (Redbot kingdoms)."""


class OutputBuffer:
    """Bytes read from a bot's stdout that are not yet part of an answer."""

    def __init__(self) -> None:
        self.data = bytearray()
        """The bytes themselves, one object for the buffer's life: read them, do not change them
        (a host's hot path tests them for emptiness, which a ``__len__`` call costs more than)."""
        self.total = 0
        """Bytes fed so far."""

    def __len__(self) -> int:
        return len(self.data)

    def feed(self, chunk: bytes) -> None:
        self.data += chunk
        self.total += len(chunk)

    def take(self, rule: AnswerRule) -> bytes | None:
        """The next complete answer (without its line end), removed from the buffer; or None."""
        if rule is AnswerRule.FIRST_CHAR:
            if not self.data:
                return None
            first = bytes(self.data[:1])
            del self.data[:1]
            return first
        end = self.data.find(b"\n")
        if end < 0:
            return None
        line = bytes(self.data[:end])
        del self.data[: end + 1]
        return line[:-1] if line.endswith(b"\r") else line

    def take_rest(self) -> bytes | None:
        """At the end of the output: what is left counts as a last line (None if nothing is)."""
        if not self.data:
            return None
        rest = bytes(self.data)
        self.data.clear()
        return rest[:-1] if rest.endswith(b"\r") else rest


def decode_answer(raw: bytes, rule: AnswerRule) -> tuple[str | None, str]:
    """``(answer, "")``, or ``(None, why)`` when ``raw`` is not readable text under ``rule``."""
    if rule is AnswerRule.FIRST_CHAR:
        if raw and raw[0] < 0x80:
            return chr(raw[0]), ""
        return None, f"first byte {raw[:1]!r} is not an ASCII character"
    try:
        return raw.decode("utf-8"), ""
    except UnicodeDecodeError:
        return None, f"answer is not UTF-8: {raw[:40]!r}"


class Tail:
    """The last ``keep`` bytes of a stream, and how much of it there was."""

    def __init__(self, keep: int) -> None:
        self._keep = keep
        self._data = bytearray()
        self.total = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        self._data += chunk
        if len(self._data) > self._keep:
            del self._data[: len(self._data) - self._keep]

    def text(self) -> str:
        """The kept bytes as text; undecodable bytes (and a character cut at the start) become
        U+FFFD."""
        return self._data.decode("utf-8", "replace")

    def last_line(self, limit: int = 200) -> str:
        """The last non-empty line, shortened to ``limit`` characters: the usual crash message."""
        for line in reversed(self.text().splitlines()):
            if line.strip():
                line = line.strip()
                return line if len(line) <= limit else line[: limit - 1] + "…"
        return ""
