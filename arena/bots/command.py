"""A bot as a command: an executable, a Python file, or a command line (an argv list, never a
shell).

Everything is resolved when the command is made, against the caller's folder, because the bot
itself runs in its seat's scratch folder: the program becomes an absolute path, and so do
arguments naming existing files (``node bot.js``). A ``.py`` program runs with this interpreter
(``sys.executable``), as does a bare ``python``/``python3``: on some machines the one on PATH is a
shim script that takes ten times longer to start (notes/platform-facts.md 5a).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PYTHON_NAMES = frozenset({"python", "python3"})


class BotCommandError(ValueError):
    """A bot that cannot be run: no such file, not executable, an unreadable command line."""


@dataclass(frozen=True)
class BotCommand:
    """The argv that starts a bot; each turn's arguments are appended to it."""

    argv: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.argv:
            raise BotCommandError("empty bot command")

    @classmethod
    def parse(cls, text: str, base: Path | None = None) -> BotCommand:
        """A path to a program, or a command line split like a shell would (no shell runs it)."""
        base = Path.cwd() if base is None else base
        if not text.strip():
            raise BotCommandError("empty bot command")
        if (base / text).is_file():
            return cls.from_argv([text], base)
        try:
            argv = shlex.split(text)
        except ValueError as error:
            raise BotCommandError(f"bot command {text!r}: {error}") from None
        return cls.from_argv(argv, base)

    @classmethod
    def from_argv(cls, argv: Sequence[str], base: Path | None = None) -> BotCommand:
        base = Path.cwd() if base is None else base
        if not argv:
            raise BotCommandError("empty bot command")
        program, *args = argv
        resolved = [*_program(program, base), *(_argument(arg, base) for arg in args)]
        return cls(tuple(resolved))

    def with_args(self, args: Sequence[str]) -> list[str]:
        return [*self.argv, *args]

    def __str__(self) -> str:
        return shlex.join(self.argv)


def _program(program: str, base: Path) -> list[str]:
    if os.sep not in program and program in PYTHON_NAMES:
        return [sys.executable]
    path = (base / program).absolute()
    if os.sep not in program and not path.is_file() and not program.endswith(".py"):
        found = shutil.which(program)
        if found is None:
            raise BotCommandError(f"bot program {program!r} is neither a file in {str(base)!r} nor on PATH")
        return [found]
    if not path.exists():
        raise BotCommandError(f"bot program {str(path)!r} does not exist")
    if not path.is_file():
        raise BotCommandError(f"bot program {str(path)!r} is not a file")
    if path.suffix == ".py":
        return [sys.executable, str(path)]
    if not os.access(path, os.X_OK):
        raise BotCommandError(f"bot program {str(path)!r} is not executable (chmod +x it, or name its interpreter)")
    return [str(path)]


def _argument(arg: str, base: Path) -> str:
    """An argument naming an existing file or folder becomes absolute; others stay as they are."""
    if arg.startswith("-") or os.path.isabs(arg):
        return arg
    path = base / arg
    return str(path.absolute()) if path.exists() else arg
