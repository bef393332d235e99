"""A bot as a command: an executable, a Python file, or a command line (an argv list, never a
shell).

Everything is resolved when the command is made, against the caller's folder, because the bot
itself runs in its seat's scratch folder: the program becomes an absolute path, and so do
arguments naming existing files (``node bot.js``). A ``.py`` program runs with this interpreter
(``sys.executable``), as does a bare ``python``/``python3``: on some machines the one on PATH is a
shim script that takes ten times longer to start (notes/platform-facts.md 5a).

A known interpreter followed by a script that does not exist (``python3 nope.py``) is refused
here, once, instead of "crashing" in every turn of the match. The interpreters known are
:data:`INTERPRETERS`: Python (``python``, ``python3``, ``python3.11``, ``pypy3``…), the shells
``sh``, ``bash``, ``dash``, ``zsh``, ``ksh``, and ``node``, ``perl``, ``ruby``, ``lua``, ``php``,
and ``java -jar FILE``. For them the first argument that is not an option (or the option's value)
names the script, unless an option says the program comes from elsewhere (``-c``, ``-m``,
``-e``…). Any other program's arguments are passed on unchecked.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PYTHON_NAMES = frozenset({"python", "python3"})


@dataclass(frozen=True)
class Interpreter:
    """How an interpreter's command line names its script."""

    inline: frozenset[str] = frozenset()
    """Options after which no script file is read (code on the command line, a module, stdin)."""
    takes_value: frozenset[str] = frozenset()
    """Options whose value is the next argument."""
    script_option: str | None = None
    """An option whose value is the script (``java -jar FILE``, ``php -f FILE``)."""
    script_needed: bool = True
    """False: without :attr:`script_option` the arguments name no file (``java`` runs a class)."""
    runs_folders: bool = False
    """Whether a folder can be the script (Python runs a folder's ``__main__.py``)."""


_PYTHON = Interpreter(frozenset({"-c", "-m", "-"}), frozenset({"-W", "-X"}), runs_folders=True)
_SHELL = Interpreter(frozenset({"-c", "-s", "-i", "-"}), frozenset({"-o", "+o", "-O", "+O"}))
INTERPRETERS: dict[str, Interpreter] = {
    **dict.fromkeys(("sh", "bash", "dash", "zsh", "ksh"), _SHELL),
    "node": Interpreter(frozenset({"-e", "--eval", "-p", "--print", "-i", "--interactive", "-"}),
                        frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader"})),
    "perl": Interpreter(frozenset({"-e", "-E", "-"})),
    "ruby": Interpreter(frozenset({"-e", "-"}), frozenset({"-I", "-r"})),
    "lua": Interpreter(frozenset({"-e", "-i", "-"}), frozenset({"-l"})),
    "php": Interpreter(frozenset({"-r", "-a", "-"}), frozenset({"-c", "-d", "-z"}), script_option="-f"),
    "java": Interpreter(script_option="-jar", script_needed=False),
}
"""Known interpreters by program name (a path's last part), Python's versioned names aside."""
_VERSIONED_PYTHON = re.compile(r"(python|pypy)(\d+(\.\d+)*)?")


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
        _check_script(program, args, base)
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
        if found is None and path.is_dir():
            raise _folder_error(path)
        if found is None:
            raise BotCommandError(f"bot program {program!r} is neither a file in {str(base)!r} nor on PATH")
        return [found]
    if not path.exists():
        raise BotCommandError(f"bot program {str(path)!r} does not exist")
    if path.is_dir():
        raise _folder_error(path)
    if not path.is_file():
        raise BotCommandError(f"bot program {str(path)!r} is not a file")
    if path.suffix == ".py":
        return [sys.executable, str(path)]
    if not os.access(path, os.X_OK):
        raise BotCommandError(f"bot program {str(path)!r} is not executable (chmod +x it, or name its interpreter)")
    _check_shebang(path)
    return [str(path)]


def _folder_error(folder: Path) -> BotCommandError:
    """A folder given as the program: the error names the programs in it that could be meant."""
    try:
        found = sorted(entry.name for entry in folder.iterdir() if entry.is_file()
                       and (entry.suffix == ".py" or os.access(entry, os.X_OK)))
    except OSError:
        found = []
    shown = ", ".join(repr(os.path.join(folder.name, name)) for name in found[:3])
    return BotCommandError(f"bot program {str(folder)!r} is a folder: name the program in it that starts the bot"
                           + (f" (e.g. {shown})" if shown else " (it holds no executable file or .py script)"))


def _check_shebang(path: Path) -> None:
    """Refuse a script whose ``#!`` line names an interpreter that does not exist: the kernel's
    "No such file or directory" would name the script itself, in every turn. The usual cause is
    a script saved with Windows line ends, whose ``#!`` line ends in a carriage return."""
    try:
        with path.open("rb") as script:
            first = script.readline(512)
    except OSError:
        return
    if not first.startswith(b"#!"):
        return
    line = first[2:].rstrip(b"\n")
    if line.endswith(b"\r"):
        raise BotCommandError(f"bot program {str(path)!r} has Windows line ends (CRLF): its #! line asks for "
                              f"{os.fsdecode(line.strip(b' '))!r}, carriage return included, which does not exist; "
                              "save it with Unix line ends (dos2unix FILE, or sed -i 's/\\r$//' FILE)")
    named = os.fsdecode(line.replace(b"\t", b" ").split(maxsplit=1)[0]) if line.strip() else ""
    if os.path.isabs(named) and not os.path.exists(named):
        raise BotCommandError(f"bot program {str(path)!r}: its #! line names the interpreter {named!r}, "
                              "which does not exist")


def interpreter(program: str) -> Interpreter | None:
    """The :class:`Interpreter` ``program`` (a name or a path) is, if it is a known one."""
    name = os.path.basename(program)
    if _VERSIONED_PYTHON.fullmatch(name):
        return _PYTHON
    return INTERPRETERS.get(name)


def script_argument(program: str, args: Sequence[str]) -> int | None:
    """The index in ``args`` of the script a known interpreter ``program`` would run, or None
    (not a known interpreter, or its program does not come from a file)."""
    known = interpreter(program)
    if known is None:
        return None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return index + 1 if index + 1 < len(args) and known.script_option is None else None
        if arg == known.script_option:
            return index + 1 if index + 1 < len(args) else None
        if arg in known.inline:
            return None
        if not arg.startswith(("-", "+")) or arg in ("-", "+"):
            return index if known.script_needed else None
        index += 2 if arg in known.takes_value else 1
    return None


def _check_script(program: str, args: Sequence[str], base: Path) -> None:
    index = script_argument(program, args)
    if index is None:
        return
    path = (base / args[index]).absolute()
    name = os.path.basename(program)
    if not path.exists():
        raise BotCommandError(f"bot script {str(path)!r} does not exist (the script {name} would run)")
    known = interpreter(program)
    if path.is_dir() and not (known is not None and known.runs_folders):
        raise BotCommandError(f"bot script {str(path)!r} is a folder, not a file {name} can run")


def _argument(arg: str, base: Path) -> str:
    """An argument naming an existing file or folder becomes absolute; others stay as they are."""
    if arg.startswith("-") or os.path.isabs(arg):
        return arg
    path = base / arg
    return str(path.absolute()) if path.exists() else arg
