"""Layouts in one call, for the rows, columns, titled panels, splitters and Close buttons that the
setups, the tournament tab, the Improve window, the statistics view and the dialogs are built from.

An item of :func:`row` or :func:`column` is a widget, a layout, ``(widget or layout, stretch)``,
:data:`STRETCH` (empty space that takes what is left), or a number of pixels of extra space."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.widgets.parts.form_widgets import heading

STRETCH = None
"""An item: empty space that takes what is left."""
Margins = Union[tuple[int, int, int, int], None]
NO_MARGINS = (0, 0, 0, 0)
Item = Union[QWidget, QLayout, tuple[Union[QWidget, QLayout], int], int, None]


def row(*items: Item, parent: QWidget | None = None, spacing: int = 6, margins: Margins = NO_MARGINS) -> QHBoxLayout:
    """``items`` side by side (the layout of ``parent`` when given), ``spacing`` pixels apart."""
    layout = QHBoxLayout(parent) if parent is not None else QHBoxLayout()
    _fill(layout, items, spacing, margins)
    return layout


def column(*items: Item, parent: QWidget | None = None, spacing: int = 6, margins: Margins = NO_MARGINS) -> QVBoxLayout:
    """``items`` one over the other (the layout of ``parent`` when given), ``spacing`` pixels apart.
    ``margins`` (left, top, right, bottom) are none by default; None keeps the style's (a dialog's
    own layout)."""
    layout = QVBoxLayout(parent) if parent is not None else QVBoxLayout()
    _fill(layout, items, spacing, margins)
    return layout


def titled(title: str, body: QWidget, *buttons: QWidget) -> QWidget:
    """``body`` under a section heading, with ``buttons`` at the heading's right."""
    panel = QWidget()
    column(row(heading(title), STRETCH, *buttons), (body, 1), parent=panel, spacing=4)
    return panel


def split(orientation: Qt.Orientation, widgets: Sequence[QWidget], sizes: Sequence[int]) -> QSplitter:
    """``widgets`` in a splitter, first sized in proportion to ``sizes``; none can be collapsed
    away (dragged to nothing and lost)."""
    splitter = QSplitter(orientation)
    for widget in widgets:
        splitter.addWidget(widget)
    splitter.setChildrenCollapsible(False)
    splitter.setSizes(list(sizes))
    return splitter


def close_buttons(dialog: QDialog) -> QDialogButtonBox:
    """The Close button at the foot of a dialog that only shows something; it rejects ``dialog``."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    return buttons


def status_line() -> QLabel:
    """A line of what is going on, wrapped when long, selectable (a folder to copy)."""
    label = QLabel()
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class WrappingGrid(QGridLayout):
    """A grid of widgets in rows of as many as fit its width (a narrow pane's rows hold fewer)."""

    def __init__(self, columns: int = 0) -> None:
        super().__init__()
        self.columns = columns
        """How many widgets stand in a row (0: not laid out yet)."""

    def fit(self, widgets: Sequence[QWidget], width: int, item_width: int, most: int) -> bool:
        """``widgets`` in rows of as many ``item_width`` wide as fit ``width`` (``most`` at the
        most, one at the least); False when they stood so already (nothing moved)."""
        spacing = self.horizontalSpacing()
        columns = next((n for n in range(most, 1, -1) if n * item_width + (n - 1) * spacing <= width), 1)
        if columns == self.columns:
            return False
        self.columns = columns
        for n, widget in enumerate(widgets):
            self.removeWidget(widget)
            self.addWidget(widget, n // columns, n % columns)
        return True


def _fill(layout: QBoxLayout, items: Sequence[Item], spacing: int, margins: Margins) -> None:
    if margins is not None:
        layout.setContentsMargins(*margins)
    layout.setSpacing(spacing)
    for item in items:
        if isinstance(item, int):
            layout.addSpacing(item)
            continue
        thing, stretch = item if isinstance(item, tuple) else (item, 0)
        if thing is None:
            layout.addStretch(1)
        elif isinstance(thing, QLayout):
            layout.addLayout(thing, stretch)
        else:
            layout.addWidget(thing, stretch)
