"""A frame in the highlight colour round a list or table of the tournament tab while it has the
keyboard focus: Fusion draws none, and a selected row looks the same with the focus anywhere
else, so a Tab press landed on a view unseen."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView

FOCUS_FRAME = "QAbstractItemView:focus { border: 2px solid palette(highlight); }"


def show_focus(view: QAbstractItemView) -> None:
    view.setStyleSheet(FOCUS_FRAME)
