"""For hostile persistent bots that misbehave mid-game, not on their first line: run a real bot
(a Python file such as ``samples/itpw/random_bot.py``) in this process, counting the lines it
writes, and step in before a line is written or read. Its folder comes first on ``sys.path``, as
``python3 bot.py`` puts it, so it imports the modules beside it (``_itpw.py``).

``play(bot, before_answer=f)`` calls ``f(n)`` before the bot writes its answer line number ``n``
(0 for the first); ``before_read=g`` calls ``g(n)`` before every line it reads, ``n`` being the
answers written so far. Either may sleep or raise. Returns when the bot's ``main`` returns (at
the end of its input, for a well-behaved bot).
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO


class _Output:
    def __init__(self, stream: TextIO, before: Callable[[int], None] | None) -> None:
        self.stream, self.before, self.lines = stream, before, 0

    def write(self, text: str) -> int:
        if self.before is not None and "\n" in text:
            self.before(self.lines)
        self.lines += text.count("\n")
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _Input:
    def __init__(self, stream: TextIO, output: _Output, before: Callable[[int], None] | None) -> None:
        self.stream, self.output, self.before = stream, output, before

    def readline(self, *args: Any) -> str:
        if self.before is not None:
            self.before(self.output.lines)
        return self.stream.readline(*args)

    def __iter__(self) -> Iterator[str]:
        while line := self.readline():
            yield line

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def play(bot: str, *, before_answer: Callable[[int], None] | None = None,
         before_read: Callable[[int], None] | None = None) -> None:
    output = _Output(sys.stdout, before_answer)
    sys.stdout = output
    sys.stdin = _Input(sys.stdin, output, before_read)
    sys.argv = [bot]
    sys.path.insert(0, os.path.dirname(os.path.abspath(bot)))
    runpy.run_path(bot, run_name="__main__")
