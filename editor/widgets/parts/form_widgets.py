"""Small pieces every form of the app shares (the match, tournament and Improve setups, the
Battle tab's setup, the what-if dialog): section headings, the setups' form and their choice
boxes, spin boxes, a game's own labelled options (:class:`OptionRows`), tool and push buttons,
bold titles and the range of a seed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
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

from arena.games.registry import games

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


def option_tip(game: str, option: str) -> str:
    """A game's option's help as its field's tooltip ("Each player's time bank for the game, in
    seconds"): the setups say what the game says, and name no game's option themselves."""
    descriptor = games().get(game)
    found = next((o.help for o in descriptor.options if o.name == option), "") if descriptor is not None else ""
    return found[:1].upper() + found[1:]


NumberRow = tuple[str, str, int, int, str]
"""A whole-number option on a form: ``(option, label, low, high, tooltip)``."""
FlagRow = tuple[str, str, str]
"""A yes/no option on a form: ``(option, label, tooltip)``."""


class OptionRows:
    """A game's own labelled options on a setup form — a spin box per whole number, a check box
    per yes/no — made again for each game from its descriptor, so the match setup and the
    tournament setup show a game's options alike (and name no game)."""

    def __init__(self, form: QFormLayout) -> None:
        self.form = form
        self.numbers: dict[str, QSpinBox] = {}
        self.flags: dict[str, QCheckBox] = {}

    def show(self, numbers: Sequence[NumberRow], flags: Sequence[FlagRow], *, numbers_at: int,
             flags_before: QWidget | None = None) -> None:
        """Rows for ``numbers`` from row ``numbers_at`` on and for ``flags`` above the row of
        ``flags_before`` (a widget of the form's own, such as a row's label; None: at the end), in
        place of the last game's."""
        for widget in self.widgets():
            self.form.removeRow(widget)  # deletes the field and its label
        self.numbers, self.flags = {}, {}
        for at, (name, label, low, high, tip) in enumerate(numbers, numbers_at):
            box = spin_box(low, high, tip)
            self.form.insertRow(at, buddy_label(label, box), box)
            self._tab_after_row_above(at, box)
            self.numbers[name] = box
        for name, label, tip in flags:
            check = QCheckBox(label)
            check.setToolTip(tip)
            at = self._row_of(flags_before) if flags_before is not None else self.form.rowCount()
            self.form.insertRow(at, "", check)
            self._tab_after_row_above(at, check)
            self.flags[name] = check

    def widgets(self) -> list[QWidget]:
        return [*self.numbers.values(), *self.flags.values()]

    def values(self) -> dict[str, Any]:
        """The options as the rows set them."""
        return {**{name: box.value() for name, box in self.numbers.items()},
                **{name: check.isChecked() for name, check in self.flags.items()}}

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Set the rows of the options in ``values`` (a remembered setup's, a game's defaults);
        a value of the wrong type (an old or edited record) is passed over."""
        for name, value in values.items():
            if name in self.numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
                self.numbers[name].setValue(int(value))
            elif name in self.flags and isinstance(value, bool):
                self.flags[name].setChecked(value)

    def _row_of(self, widget: QWidget) -> int:
        return next((row for row in range(self.form.rowCount()) if widget in self._row_widgets(row)), self.form.rowCount())

    def _row_widgets(self, row: int) -> list[QWidget]:
        """The widgets of a row, its label's and its field's (a nested layout's too), in order."""
        found: list[QWidget] = []
        for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole):
            item = self.form.itemAt(row, role)
            layout = item.layout() if item is not None else None
            items = [layout.itemAt(i) for i in range(layout.count())] if layout is not None else [item]
            found += [widget for part in items if part is not None and (widget := part.widget()) is not None]
        return found

    def _tab_after_row_above(self, at: int, field: QWidget) -> None:
        """Tab reaches a row made after the form where it reads, not last of all."""
        for above in range(at - 1, -1, -1):
            stops = [w for w in self._row_widgets(above) if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
            if stops:
                QWidget.setTabOrder(stops[-1], field)
                return


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
