"""Start the desktop app: check for a display, create the QApplication, show the main window."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping

NO_DISPLAY = "snakepit: no display found; set DISPLAY, or run under xvfb-run, or QT_QPA_PLATFORM=offscreen"
SEED_RANGE = 1_000_000
"""Each start plays a fresh battle; its seed is shown and can be typed in again to replay it."""


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """The message to print instead of starting Qt, or ``None`` when Qt can find a display.

    On Linux, Qt without a display and without a platform aborts the process with a long plugin
    error; a one-line hint is kinder."""
    if not platform.startswith("linux"):
        return None
    if environ.get("QT_QPA_PLATFORM") or environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def run_app(path: str | None = None) -> int:
    """Open the main window playing four samples, or the program ``path`` against three."""
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    # Qt only now, so the display check works where Qt's libraries would not even load.
    from PySide6.QtWidgets import QApplication

    import editor.qt_compat  # noqa: F401  (before any widget: PySide6 6.12.0 + Python 3.11 fix)
    from arena.snake_battle import BattleSettings
    from editor.main_window import MainWindow, show_load_error
    from editor.seats import builtin_program, sample_seats, seats_for_file, unique_names
    from matcher import ProgramError

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("snakepit")
    app.setOrganizationName("snakepit")
    app.setOrganizationDomain("snakepit.local")

    seats = None
    if path is not None:
        try:
            seats = seats_for_file(path)
        except ProgramError as err:
            show_load_error(None, f"Could not open the program {path!r}; playing the samples instead.", err)
    if seats is None:
        try:
            seats = sample_seats()
        except ProgramError as err:  # a broken sample must not keep the app from starting
            show_load_error(None, "A sample program could not be loaded; playing the built-in program.", err)
            seats = unique_names([(builtin_program().name, builtin_program())] * 4)

    window = MainWindow(seats, BattleSettings(seed=secrets.randbelow(SEED_RANGE)))
    window.show()
    window.player.play()
    return app.exec()
