"""Finding and choosing menu entries as a user sees them in the menu bar."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu


def menu(window: QMainWindow, title: str) -> QMenu:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title:
            found = action.menu()
            assert isinstance(found, QMenu)
            return found
    raise AssertionError(f"no menu {title!r} in {[a.text() for a in window.menuBar().actions()]}")


def entry(window: QMainWindow, title: str, text: str) -> QAction:
    """The entry of menu ``title`` that reads ``text`` (before its key, without the & marks)."""
    found = menu(window, title)
    for action in found.actions():
        if action.text().split("\t")[0].replace("&", "").rstrip("…") == text:
            return action
    raise AssertionError(f"no {text!r} in {title}: {[a.text() for a in found.actions()]}")


def choose(window: QMainWindow, title: str, text: str) -> None:
    """Choose an entry, as a click on it does (after the menu's own check that it is enabled)."""
    action = entry(window, title, text)
    menu(window, title).aboutToShow.emit()
    assert action.isEnabled(), f"{title} → {text} is disabled"
    action.trigger()
    QApplication.processEvents()
