"""Start the desktop app: check for a display, create the QApplication, open the main window.

``snakepit`` opens the program used last (or, on the first start, a sample); ``snakepit edit
FILE`` opens FILE. A session that ended without closing its window is offered for restore."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from editor.document import ProgramDocument

NO_DISPLAY = "snakepit: no display found; set DISPLAY, or run under xvfb-run, or QT_QPA_PLATFORM=offscreen"
FIRST_SAMPLE = "tail_biter"
"""The sample a first start shows: small, valid, and it bites."""


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """The message to print instead of starting Qt, or ``None`` when Qt can find a display.

    On Linux, Qt without a display and without a platform aborts the process with a long plugin
    error; a one-line hint is kinder."""
    if not platform.startswith("linux"):
        return None
    if environ.get("QT_QPA_PLATFORM") or environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def initial_document(path: str | None, settings: QSettings) -> tuple[ProgramDocument, str | None]:
    """The document to open and, when ``path`` could not be opened, the error to show.

    ``path`` given: that file (a path, or a sample's name). Else the most recent file, else the
    first sample, else a fresh program."""
    from arena.samples import resolve_program
    from editor.document import ProgramDocument
    from editor.program_files import fresh_program, recent_files
    from matcher import ProgramError, load_program

    if path is not None:
        target = resolve_program(path)
        if not target.exists():  # `snakepit edit new.snake.json` starts that file
            return ProgramDocument(fresh_program(), Path(path)), None
        try:
            return ProgramDocument(load_program(target, rules=False), target), None  # problems listed
        except ProgramError as err:
            return ProgramDocument(fresh_program()), str(err)
    for recent in recent_files(settings)[:1]:
        try:
            return ProgramDocument(load_program(recent, rules=False), Path(recent)), None
        except ProgramError:
            pass
    try:
        # Untitled, so that Save asks for a name instead of overwriting the shipped sample.
        return ProgramDocument(load_program(resolve_program(FIRST_SAMPLE)), None), None
    except ProgramError:
        return ProgramDocument(fresh_program()), None


def library_problem(environ: Mapping[str, str] = os.environ) -> str | None:
    """One line naming a system library Qt lacks here, and the fix; ``None`` when Qt can start.

    Without this, a missing library ends the app in a Python traceback (Qt's modules) or in
    Qt's own abort with a misleading message (its X11 plugin)."""
    from editor.system_packages import qt_problem, xcb_problem

    problem = qt_problem()
    if problem is None and environ.get("QT_QPA_PLATFORM", "xcb").startswith("xcb") and environ.get("DISPLAY"):
        problem = xcb_problem()
    return None if problem is None else f"snakepit: {problem}"


def configure(app: QApplication) -> None:
    """The app's name and version (settings' folder, About), its desktop file (the icon and name
    task bars show, on Wayland too) and its window icon."""
    from PySide6.QtGui import QIcon

    from arena.version import DESKTOP_ID, version
    from editor.desktop import icon_path

    app.setApplicationName("snakepit")
    app.setApplicationVersion(version())
    app.setOrganizationName("snakepit")
    app.setOrganizationDomain("snakepit.local")
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(QIcon(str(icon_path())))


def run_app(path: str | None = None) -> int:
    """Open the main window on ``path`` (or the last program) and run the event loop."""
    problem = display_problem() or library_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2

    # Qt only now, so the checks above work where Qt's libraries would not even load.
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    import editor.qt_compat  # noqa: F401  (before any widget: PySide6 6.12.0 + Python 3.11 fix)
    from editor.main_window import MainWindow
    from editor.program_files import remember_file, show_error
    from matcher import ProgramError

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    configure(app)

    settings = QSettings()
    document, error = initial_document(path, settings)
    window = MainWindow(document, settings=settings)
    if document.path is not None and path is not None:
        remember_file(settings, document.path)
    window.show()
    if error is not None:
        show_error(window, f"Could not open {path}; starting with a new program.", ProgramError(error))
    QTimer.singleShot(0, window.offer_recovery)
    return app.exec()
