"""How every ``snakepit`` command reports bad input: one line on stderr and exit status 2."""

from __future__ import annotations

import os
import signal
import sys

EXIT_BAD_INPUT = 2
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
        where = f"{err.filename}: " if err.filename else ""
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
