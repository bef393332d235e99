"""How much of its screen a window may take: a window sized for a wide screen opens past the
edges of a small one (a 1024 x 700 or 1366 x 768 laptop), its bottom buttons out of reach."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def screen_room(widget: QWidget) -> QSize | None:
    """The room a window like ``widget``'s has on its screen (the window manager's title bar and
    frame taken off, as they are around ``widget``'s window), or None when there is no real
    screen (the offscreen platform of tests and screenshots)."""
    window = widget.window()
    screen = window.screen()
    if screen is None or QGuiApplication.platformName() == "offscreen":
        return None
    frame = window.frameGeometry().size() - window.geometry().size()
    return screen.availableGeometry().size() - frame


def fitted_size(size: QSize, room: QSize | None) -> QSize:
    """``size``, or less where ``room`` (see :func:`screen_room`) is smaller."""
    return size if room is None else size.boundedTo(room)
