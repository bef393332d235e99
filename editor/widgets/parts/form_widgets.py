"""Small pieces every form of the app shares (the match, tournament and Improve setups, the
Battle tab's setup, the what-if dialog): section headings, the setups' form and their choice
boxes, spin boxes, tool and push buttons, bold titles and the range of a seed."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

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


def bold_label(text: str = "", scale: float = 1.0) -> QLabel:
    """A label in the bold of its font, ``scale`` times its size: a pane's title, a summary line."""
    label = QLabel(text)
    font = QFont(label.font())
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def buddy_label(text: str, field: QWidget) -> QLabel:
    """A label naming ``field`` to a screen reader (and its ``&`` letter focusing it), as a
    form's own labels do."""
    label = QLabel(text)
    label.setBuddy(field)
    return label


def setup_form() -> QFormLayout:
    """The labelled rows of a setup: fields grow to the form's width, labels and rows spaced alike
    in every setup of the app."""
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setHorizontalSpacing(8)
    form.setVerticalSpacing(6)
    return form


def game_row(game_box: QComboBox) -> QFormLayout:
    """The row at a setup's top: the game, under a heading that lines up with the form's labels."""
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.addRow(heading("Game"), game_box)
    return form


def choice_box(choices: Iterable[tuple[str, object]], tip: str, chosen: Callable[[object], object]) -> QComboBox:
    """A combo of ``(label, value)`` choices; picking one (not setting it from code) calls
    ``chosen`` with its value."""
    box = QComboBox()
    fill_choices(box, choices, tips=False)
    box.setToolTip(tip)
    box.activated.connect(lambda _index: chosen(box.currentData()))
    return box


def fill_choices(box: QComboBox, choices: Iterable[tuple[str, object]], *, tips: bool = True) -> None:
    """Add ``(label, value)`` choices to ``box``; with ``tips`` each value is its choice's tooltip
    (a map's file, which the label shortens)."""
    for label, value in choices:
        box.addItem(label, value)
        if tips:
            box.setItemData(box.count() - 1, value, Qt.ItemDataRole.ToolTipRole)


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


def push_button(text: str, tip: str, slot: Callable[[], object], icon: QStyle.StandardPixmap | None = None) -> QPushButton:
    """A command button with the style's standard ``icon`` (where given); a click calls ``slot``."""
    button = QPushButton(text)
    if icon is not None:
        button.setIcon(button.style().standardIcon(icon))
    button.setToolTip(tip)
    button.clicked.connect(slot)
    return button


def file_choice(browse: Callable[[], object]) -> tuple[QComboBox, QToolButton, QHBoxLayout]:
    """A combo of samples (maps, playfields) beside a "…" button that calls ``browse`` for a file,
    and the row holding both."""
    box = QComboBox()
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(10)
    button = tool_button("…", "Choose a file", browse)
    row = QHBoxLayout()
    row.setSpacing(6)
    row.addWidget(box, 1)
    row.addWidget(button)
    return box, button, row


def run_bar(tip: str = "") -> tuple[QProgressBar, QLabel]:
    """The bar of a long run (a tournament, a search), "not started", and the label at its right
    for its times, as wide as "ETA 00:00:00 · 00:00:00" so that it does not jump as they tick."""
    bar = QProgressBar()
    bar.setFormat("not started")
    bar.setRange(0, 1)
    bar.setValue(0)
    bar.setToolTip(tip)
    label = QLabel()
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    label.setMinimumWidth(label.fontMetrics().horizontalAdvance("ETA 00:00:00 · 00:00:00") + 8)
    return bar, label


def error_line(name: str) -> QLabel:
    """A hidden line that shows why something cannot be done, boxed in red, selectable; ``name``
    is its object name (its style sheet is keyed to it)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setStyleSheet(f"QLabel#{name} {{ background: rgba(214, 69, 58, 0.14); border: 1px solid rgba(214, 69, 58, 0.55);"
                        " border-radius: 4px; padding: 5px 7px; }")
    label.hide()
    return label


def scrolled(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless area that scrolls it up and down (never sideways) when it does not
    fit. The area is no Tab stop of its own (it showed no focus there: a stop that seemed lost);
    its fields are, and it scrolls to the one that has the focus."""
    scroll = QScrollArea()
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.setWidget(widget)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll


def form_beside(form: QWidget, results: QWidget, actions: QWidget | None = None) -> QSplitter:
    """A setup form on the left, as wide as it needs and scrolled up and down when it does not
    fit, beside what it runs on the right, which takes the rest of the width. ``actions`` (the
    form's Start and such) stand under the scrolled form, never scrolled away: on a small screen
    a user must see how to start without scrolling to find out."""
    scroll = scrolled(form)
    scroll.setMinimumWidth(form.minimumSizeHint().width() + 16)
    left: QWidget = scroll
    if actions is not None:
        left = QWidget()
        layout = QVBoxLayout(left)  # not boxes.column: boxes imports this module
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(scroll, 1)
        layout.addWidget(actions)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(left)
    splitter.addWidget(results)
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    return splitter
