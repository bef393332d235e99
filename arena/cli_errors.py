"""How every ``snakepit`` command reports bad input: one line on stderr and exit status 2."""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Sequence

EXIT_BAD_INPUT = 2
_WRITE_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE
"""What a shell reports for a command whose reader went away (``snakepit rules worms | head``)."""


def report_input_error(err: Exception) -> int:
    """Print ``snakepit: <what>`` for an input error and return :data:`EXIT_BAD_INPUT`. A file
    error names its file and says what the system said (``[Errno 2]`` and the like left out).
    The reader of the output having gone away (a ``BrokenPipeError``) is no input error: nothing
    is said, as other tools say nothing, and the exit status is :data:`EXIT_BROKEN_PIPE`."""
    if isinstance(err, BrokenPipeError):
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    if isinstance(err, OSError):
        # Without a file name, a failed write is the output's (files' errors name them, --record's too):
        # `snakepit stats DIR > /dev/full` said only "snakepit: No space left on device".
        where = f"{err.filename}: " if err.filename else "standard output: " if err.errno in _WRITE_ERRORS else ""
        print(f"snakepit: {where}{err.strerror or err}", file=sys.stderr)
    else:
        print(f"snakepit: {err}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's last flush at exit does not fail on the broken
    pipe too (``Exception ignored ... BrokenPipeError``)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # a stdout with no file (a test's capture)
        pass


def check_new_files(outputs: Sequence[tuple[str, str | None]], error: type[Exception],
                    may_replace: Sequence[str] = ()) -> None:
    """Refuse, before anything runs, an output (``("--record", path)``) that names a file
    holding something (a replay kept from before, the program or map being played), or one that
    another output names too: what the user had is never written over. An empty file (from
    ``mktemp``), what is not a regular file (``/dev/stdout``, a pipe) and the files of
    ``may_replace`` (``card PROGRAM ... --out PROGRAM``: the edit asked for) are written as usual.
    The refusal is an ``error`` (the command's own input error)."""
    mine = {os.path.realpath(path) for path in may_replace}
    seen: dict[str, str] = {}
    for flag, name in outputs:
        if name is None:
            continue
        key = os.path.realpath(name)
        if os.path.isdir(name):  # improve --out DIR searched for its whole budget, then lost it all: "/.tmp.8443-n76yizay.tmp: Is a directory"
            raise error(f"{flag} {name}: a folder; name a file (in it: {os.path.join(name, 'FILE')})")
        folder = os.path.dirname(os.path.abspath(name))
        if not os.path.isdir(folder):  # (improve's result was lost the same way: ".x.snake.json.9094-b1_qz_9h.tmp")
            raise error(f"{flag} {name}: there is no folder {folder}")
        if not os.path.exists(name) and not os.access(folder, os.W_OK | os.X_OK):
            raise error(f"{flag} {name}: you may not write in {folder}")
        if os.path.isfile(name) and os.path.getsize(name) > 0 and key not in mine:
            raise error(f"{flag} {name}: the file exists, and snakepit does not write over it "
                        "(remove it, or choose another name)")
        if key in seen:
            raise error(f"{flag} {name}: {seen[key]} writes to that file too")
        seen[key] = flag
