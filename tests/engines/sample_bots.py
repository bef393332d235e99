"""Where the sample bots are and the environment the engine tests run them in."""

from __future__ import annotations

from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
"""samples/: a folder per game."""
BOT_ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
"""Explicit and minimal, as the arena gives bots."""
