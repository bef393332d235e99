"""A frame in the highlight colour round a list or table of the tournament tab while it has the
keyboard focus: Fusion draws none, and a selected row looks the same with the focus anywhere
else, so a Tab press landed on a view unseen.

The frame is a style sheet set only while the view has the focus: a view with a style sheet is
painted through Qt's style-sheet style, which made every repaint of the standings and the games
list slower while a tournament runs (the tab's longest stall went from ~37 to 55–84 ms in
``tests.bench.tournament_gui``, with no view focused)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractItemView

FOCUS_FRAME = "QAbstractItemView { border: 2px solid palette(highlight); }"


class _FocusFrame(QObject):
    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn:
            self._view.setStyleSheet(FOCUS_FRAME)
        elif event.type() == QEvent.Type.FocusOut:
            self._view.setStyleSheet("")
        return False


def show_focus(view: QAbstractItemView) -> None:
    view.installEventFilter(_FocusFrame(view))
