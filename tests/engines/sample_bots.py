"""Where the sample bots are and the environment the engine tests run them in."""

from __future__ import annotations

import subprocess
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
"""samples/: a folder per game."""
BOT_ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
"""Explicit and minimal, as the arena gives bots."""


def end_bot(proc: subprocess.Popen[bytes]) -> int:
    """Close the bot's stdin (the end of the game) and give its exit code; a bot still running
    5 s later is killed (and the wait raises ``TimeoutExpired``)."""
    assert proc.stdin is not None
    proc.stdin.close()
    try:
        return proc.wait(timeout=5)
    finally:
        proc.kill()
