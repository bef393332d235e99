"""A frame in the highlight colour round a list or table of the tournament tab while it has the
keyboard focus: Fusion draws none, and a selected row looks the same with the focus anywhere
else, so a Tab press landed on a view unseen.

The frame is a style sheet set only while the view has the focus: a view with a style sheet is
painted through Qt's style-sheet style, which made every repaint of the standings and the games
list slower while a tournament runs (the tab's longest stall went from ~37 to 55–84 ms in
``tests.bench.tournament_gui``, with no view focused).

The focus is followed through the application's ``focusChanged`` (one call per move of the
keys), not an event filter on each view: a filter is a call into Python for every event the view
gets, hundreds during a tournament, each asking the event's type."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

FOCUS_FRAME = "QAbstractItemView { border: 2px solid palette(highlight); }"
_MARK = "snakepitFocusFrame"
"""The property that marks a view drawn with the frame while it has the focus."""
_followed: list[QApplication] = []  # the application whose focusChanged is followed


def _focus_moved(old: QWidget | None, new: QWidget | None) -> None:
    if isinstance(old, QAbstractItemView) and old.property(_MARK):
        old.setStyleSheet("")
    if isinstance(new, QAbstractItemView) and new.property(_MARK):
        new.setStyleSheet(FOCUS_FRAME)


def show_focus(view: QAbstractItemView) -> None:
    """Draw the frame round ``view`` whenever it has the keyboard focus."""
    view.setProperty(_MARK, True)
    app = QApplication.instance()
    if isinstance(app, QApplication) and app not in _followed:
        _followed[:] = [app]
        app.focusChanged.connect(_focus_moved)
    if view.hasFocus():
        view.setStyleSheet(FOCUS_FRAME)
