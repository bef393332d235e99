"""Small pieces every form of the app shares (the match and tournament setups, the quick battle,
the what-if dialog, the battle player): section headings, spin boxes, tool buttons and the
range of a seed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QLabel, QSpinBox, QToolButton

SEED_LIMIT = 2**31 - 1
"""The largest seed a seed box takes (a spin box holds a 32-bit int)."""


def heading(text: str) -> QLabel:
    """A section heading in small caps, muted, over the rows it names."""
    label = QLabel(text.upper())
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 0.85)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    label.setFont(font)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def spin_box(low: int, high: int, tip: str, *, suffix: str = "", value: int | None = None) -> QSpinBox:
    """A whole-number box from ``low`` to ``high`` that speeds up while an arrow is held."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setSuffix(suffix)
    if value is not None:
        box.setValue(value)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box


def tool_button(text: str, tip: str, slot: Callable[[], object] | None = None) -> QToolButton:
    """A small text button; a click calls ``slot`` (without the checked flag Qt passes)."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    if slot is not None:
        button.clicked.connect(lambda _checked=False: slot())
    return button
