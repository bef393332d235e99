"""How every ``snakepit`` command reports bad input: one line on stderr and exit status 2."""

from __future__ import annotations

import sys

EXIT_BAD_INPUT = 2


def report_input_error(err: Exception) -> int:
    """Print ``snakepit: <what>`` for an input error and return :data:`EXIT_BAD_INPUT`. A file
    error names its file and says what the system said (``[Errno 2]`` and the like left out)."""
    if isinstance(err, OSError):
        where = f"{err.filename}: " if err.filename else ""
        print(f"snakepit: {where}{err.strerror or err}", file=sys.stderr)
    else:
        print(f"snakepit: {err}", file=sys.stderr)
    return EXIT_BAD_INPUT
