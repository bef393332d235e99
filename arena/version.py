"""snakepit's name and version as installed: for ``snakepit --version``, the app's about box and
its QApplication, the desktop file and the MIME type of programs."""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "snakepit"
DESKTOP_ID = "snakepit"
"""The desktop file's name (``snakepit.desktop``), also the icon's name."""
PROGRAM_MIME_TYPE = "application/x-snakepit-program+json"
"""The MIME type of ``*.snake.json`` files (a kind of JSON)."""


def version() -> str:
    """The installed version (pyproject.toml's), or ``"unknown"`` when run from a folder that
    was never installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
