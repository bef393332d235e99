"""The pattern palette: choose what painting puts into card cells (the document's brush).

The brush preview at the top shows the pattern and its weight, with the NOT toggle (N) under it;
then buttons for the 7 elements and the program's user sets (number keys 1–7, then 8, 9, 0, -), the
8 groups as AND and OR rows (G / Shift+G step through them) and a legend of what the frames mean."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QFont, QKeySequence, QPainter, QPaintEvent, QPalette, QPen, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from editor.document import Brush, ProgramDocument
from editor.typing_guard import install_typing_guard
from editor.widgets.cards.pattern_paint import (
    ELEMENT_LOOK,
    SET_KEYS,
    group_pen,
    group_title,
    match_name,
    paint_match_icon,
    paint_not_mark,
    paint_pattern,
    pattern_text,
)
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Element
from matcher.model import ALL_ELEMENTS, ALL_GROUPS, MAX_SETS, Group, GroupKind, Match, Program, SetRef, set_weight

IconPainter = Callable[[QPainter, QRectF], None]

NOT_KEY = "N"
NEXT_GROUP_KEY = "G"
PREVIOUS_GROUP_KEY = "Shift+G"
SWATCH = 52


def brush_weight(program: Program, brush: Brush) -> int | None:
    """The weight the brush's pattern would have, or None when it names a set that is gone."""
    if isinstance(brush.match, SetRef):
        if brush.match.index >= len(program.sets):
            return None
        return set_weight(program.sets[brush.match.index].elements, brush.negate)
    return program.weight(brush.pattern())


def group_description(group: Group) -> str:
    if group.kind is GroupKind.AND:
        return f"{group_title(group)}: every pattern of this group must match (one complete AND group is enough)"
    return f"{group_title(group)}: at least one pattern of this group must match (every OR group must)"


class ChoiceButton(QAbstractButton):
    """A flat palette entry: an icon painted by ``paint_icon``, a name and a key hint on the right.
    Tab reaches it (Space picks it); a click does not take the keyboard focus, so the canvas keeps
    its keys while the author picks with the mouse."""

    def __init__(self, text: str, paint_icon: IconPainter, key: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setText(text)
        self.paint_icon = paint_icon
        self.key = key
        self.setCheckable(True)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Tab into a group lands on its chosen button, as with radio buttons (the arrow keys
        then choose another)."""
        group = self.group()
        checked = group.checkedButton() if group is not None else None
        tabbed = event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        if tabbed and checked is not None and checked is not self and checked.isVisible():
            checked.setFocus(event.reason())
            return
        super().focusInEvent(event)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        key_width = metrics.horizontalAdvance(self.key) + 14 if self.key else 0
        return QSize(36 + metrics.horizontalAdvance(self.text()) + key_width + 8, max(26, metrics.height() + 9))

    def minimumSizeHint(self) -> QSize:
        """Room for the icon and a short text (a long one is elided); an icon-only button is a
        square."""
        height = self.sizeHint().height()
        if not self.text() and not self.key:
            return QSize(height, height)
        text = min(self.fontMetrics().horizontalAdvance(self.text()), 24)
        return QSize(5 + (height - 6) + 7 + text + 6, height)

    def icon_rect(self) -> QRectF:
        side = self.height() - 6.0
        if not self.text() and not self.key:  # an icon-only button: the icon in the middle
            return QRectF((self.width() - side) / 2, 3, side, side)
        return QRectF(5, 3, side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        highlight = QColor(pal.color(QPalette.ColorRole.Highlight))
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        if self.isChecked():
            fill = QColor(highlight)
            fill.setAlpha(70)
            painter.setPen(QPen(highlight, 1.5))
            painter.setBrush(fill)
            painter.drawRoundedRect(frame.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        elif self.underMouse() and self.isEnabled():
            fill = QColor(highlight)
            fill.setAlpha(28)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawRoundedRect(frame, 5, 5)
        if self.hasFocus():
            pen = QPen(highlight, 1.5)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(frame.adjusted(1, 1, -1, -1), 4, 4)
        if not self.isEnabled():
            painter.setOpacity(0.4)
        icon = self.icon_rect()
        self.paint_icon(painter, icon)
        text_left = icon.right() + 7
        right = self.width() - 6.0
        if self.key:
            right = self._paint_key(painter, right)
        painter.setPen(pal.color(QPalette.ColorRole.ButtonText))
        font = QFont(self.font())
        font.setBold(self.isChecked())
        painter.setFont(font)
        text_rect = QRectF(text_left, 0, right - text_left - 4, self.height())
        text = painter.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, int(text_rect.width()))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        painter.end()

    def _paint_key(self, painter: QPainter, right: float) -> float:
        """The key hint as a small keycap at the right edge; returns where the text must end."""
        font = QFont(self.font())
        font.setPointSizeF(max(6.5, font.pointSizeF() * 0.85))
        painter.setFont(font)
        width = painter.fontMetrics().horizontalAdvance(self.key) + 10
        height = painter.fontMetrics().height() + 2
        cap = QRectF(right - width, (self.height() - height) / 2, width, height)
        pal = self.palette()
        painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(pal.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(cap, 3, 3)
        painter.setPen(pal.color(QPalette.ColorRole.Text))
        painter.drawText(cap, Qt.AlignmentFlag.AlignCenter, self.key)
        return cap.left()


def paint_group_swatch(painter: QPainter, rect: QRectF, group: Group) -> None:
    """A small tinted square framed like the canvas frames the group's cells."""
    painter.save()
    r = rect.adjusted(2, 2, -2, -2)
    tint = QColor(group_pen(group, 1).color())
    tint.setAlpha(55)
    painter.fillRect(r, tint)
    width = max(2.0, r.width() / 8)
    painter.setPen(group_pen(group, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(r.adjusted(width / 2, width / 2, -width / 2, -width / 2))
    painter.restore()


def paint_group_button_icon(painter: QPainter, rect: QRectF, group: Group) -> None:
    """The group's swatch with its number in it: the palette's group buttons."""
    paint_group_swatch(painter, rect, group)
    painter.save()
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(rect.height() * 0.5)))
    painter.setFont(font)
    device = painter.device()
    palette = device.palette() if isinstance(device, QWidget) else QApplication.palette()
    painter.setPen(palette.color(QPalette.ColorRole.ButtonText))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(group.number))
    painter.restore()


def paint_not_icon(painter: QPainter, rect: QRectF) -> None:
    """The NOT mark of :func:`editor.widgets.cards.pattern_paint.paint_not_mark` filling ``rect`` (it normally sits in a
    cell's corner at 42 % of the cell's size)."""
    inset = rect.width() * 0.1
    side = (rect.width() - 2 * inset) / 0.42  # the corner rect whose 42 % mark fills ours
    corner = QRectF(rect.left() + inset - side * 0.54, rect.top() + inset - side * 0.04, side, side)
    paint_not_mark(painter, corner)


class _BrushSwatch(QWidget):
    """The brush's pattern painted as the canvas paints a cell."""

    def __init__(self, document: ProgramDocument) -> None:
        super().__init__()
        self.document = document
        self.setFixedSize(SWATCH + 4, SWATCH + 4)
        self.setAccessibleName("Brush pattern")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        swatch = QRectF(2, 2, SWATCH, SWATCH)
        painter.fillRect(swatch, self.palette().color(QPalette.ColorRole.Base))
        paint_pattern(painter, swatch, self.document.brush.pattern())
        painter.end()


class BrushPreview(QWidget):
    """The brush's pattern painted as the canvas would paint it, with its name, group and weight
    beside it; the text wraps rather than being cut, so a long set name stays whole."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.swatch = _BrushSwatch(document)
        self.text_label = QLabel()
        self.text_label.setObjectName("brushText")
        self.text_label.setWordWrap(True)
        self.text_label.setTextFormat(Qt.TextFormat.RichText)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 0, 2)
        layout.setSpacing(8)
        layout.addWidget(self.swatch, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text_label, 1)
        self.refresh()

    def lines(self) -> list[str]:
        """What the preview says: the pattern, its group, its weight."""
        brush = self.document.brush
        weight = brush_weight(self.document.program, brush)
        return [pattern_text(self.document.program, brush.pattern()), f"group {group_title(brush.group)}",
                f"weight {weight if weight is not None else '?'}"]

    def refresh(self) -> None:
        name, group, weight = (html.escape(line) for line in self.lines())
        text = f"<b>{name}</b><br>{group}<br>{weight}"
        if text != self.text_label.text():  # the same brush after an edit: no repaint
            self.text_label.setText(text)
            self.swatch.update()


class PatternPalette(QWidget):
    """Pick the brush: element or user set, NOT, group. Number keys, N and G work window-wide,
    except while a text field, spin box or combo box has the focus (typing there types)."""

    brushPicked = Signal()
    """The author picked something here (a click or a key); the canvas may want the focus back."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.match_buttons: dict[Match, ChoiceButton] = {}
        self.group_buttons: dict[Group, ChoiceButton] = {}
        self._sets_shown: tuple[tuple[str, frozenset[Element]], ...] | None = None

        self.preview = BrushPreview(document)
        self.weight_label = QLabel()
        self.weight_label.setObjectName("weightLabel")
        self.weight_label.hide()  # the preview paints the weight; the label carries it for tests and a11y

        self._match_group = QButtonGroup(self)
        self._match_group.setExclusive(True)
        elements = QGridLayout()
        elements.setSpacing(2)
        for i, element in enumerate(Element):
            look = ELEMENT_LOOK[element]
            button = self._add_match_button(element, look.label, look.key)
            button.setToolTip(f"{look.label}: {look.description}\nweight {len(ALL_ELEMENTS) - 1} "
                              f"(NOT: 1) — key {look.key}")
            elements.addWidget(button, i, 0)
        self._sets_layout = QGridLayout()
        self._sets_layout.setSpacing(2)
        self.no_sets_label = QLabel("No user sets yet: add them in the program panel.")
        self.no_sets_label.setWordWrap(True)
        self.no_sets_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.not_button = ChoiceButton("NOT (anything else)", paint_not_icon, NOT_KEY)
        self.not_button.setToolTip("NOT inverts the pattern: it matches every element except the chosen "
                                   f"ones (NOT enemy tail has weight 1) — key {NOT_KEY}")
        self.not_button.toggled.connect(self._not_toggled)

        self._group_group = QButtonGroup(self)
        self._group_group.setExclusive(True)
        # Two rows, AND over OR, numbered 1–4: the row says the kind, the swatch colour and frame.
        groups = QGridLayout()
        groups.setHorizontalSpacing(2)
        groups.setVerticalSpacing(2)
        for row, kind in enumerate(("AND", "OR")):
            label = QLabel(kind)
            label.setMinimumWidth(label.fontMetrics().horizontalAdvance("AND") + 6)
            groups.addWidget(label, row, 0)
        for group in ALL_GROUPS:
            button = ChoiceButton("", partial(paint_group_button_icon, group=group))
            button.setAccessibleName(group_title(group))
            button.setToolTip(group_description(group) + f"\n{NEXT_GROUP_KEY} / {PREVIOUS_GROUP_KEY}: next / previous group")
            button.clicked.connect(lambda _=False, g=group: self.pick_group(g))
            self._group_group.addButton(button)
            self.group_buttons[group] = button
            groups.addWidget(button, 0 if group.kind is GroupKind.AND else 1, group.number)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(3)
        # NOT modifies the brush whatever it matches, so it sits with the brush.
        layout.addWidget(_heading("Brush"))
        layout.addWidget(self.preview)
        layout.addWidget(self.weight_label)
        layout.addWidget(self.not_button)
        layout.addWidget(_heading("Element"))
        layout.addLayout(elements)
        layout.addWidget(_heading("User set"))
        layout.addLayout(self._sets_layout)
        layout.addWidget(self.no_sets_label)
        layout.addWidget(_heading(f"Group  ({NEXT_GROUP_KEY} / {PREVIOUS_GROUP_KEY})"))
        layout.addLayout(groups)
        layout.addWidget(_legend())
        layout.addStretch(1)

        self._shortcuts: list[QShortcut] = []
        install_typing_guard()  # the single keys below must not fire while a field takes typing
        for element in Element:
            self._shortcut(ELEMENT_LOOK[element].key, partial(self.pick_match, element),
                           f"Brush: {ELEMENT_LOOK[element].label}")
        self._set_shortcuts = [self._shortcut(SET_KEYS[i], partial(self.pick_match, SetRef(i)), f"Brush: {SetRef(i).label}")
                               for i in range(MAX_SETS)]
        self._shortcut(NOT_KEY, self.toggle_not, "Brush: NOT on or off")
        self._shortcut(NEXT_GROUP_KEY, lambda: self.step_group(1), "Brush: the next group")
        self._shortcut(PREVIOUS_GROUP_KEY, lambda: self.step_group(-1), "Brush: the previous group")

        document.programChanged.connect(self._program_changed)
        document.brushChanged.connect(self._show_brush)
        self._program_changed()

    # --- our API -----------------------------------------------------------------------------

    def pick_match(self, match: Match) -> None:
        """Paint with ``match`` from now on (a set that does not exist is ignored)."""
        if isinstance(match, SetRef) and match.index >= len(self.document.program.sets):
            return
        self.document.set_brush(replace(self.document.brush, match=match))
        self.brushPicked.emit()

    def set_negate(self, negate: bool) -> None:
        self.document.set_brush(replace(self.document.brush, negate=negate))
        self.brushPicked.emit()

    def toggle_not(self) -> None:
        self.set_negate(not self.document.brush.negate)

    def pick_group(self, group: Group) -> None:
        self.document.set_brush(replace(self.document.brush, group=group))
        self.brushPicked.emit()

    def step_group(self, step: int) -> None:
        """The next (or previous) group in the order and1…and4, or1…or4, wrapping around."""
        index = ALL_GROUPS.index(self.document.brush.group)
        self.pick_group(ALL_GROUPS[(index + step) % len(ALL_GROUPS)])

    def set_button(self, index: int) -> ChoiceButton | None:
        return self.match_buttons.get(SetRef(index))

    # --- keeping up with the document ----------------------------------------------------------

    def _shortcut(self, key: str, slot: Callable[[], None], what: str) -> QShortcut:
        shortcut = QShortcut(QKeySequence(key), self)
        shortcut.setWhatsThis(what)  # Help → Keyboard Reference lists it
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(slot)
        self._shortcuts.append(shortcut)
        return shortcut

    def _add_match_button(self, match: Match, text: str, key: str) -> ChoiceButton:
        button = ChoiceButton(text, partial(paint_match_icon, match=match), key)
        button.clicked.connect(lambda _=False, m=match: self.pick_match(m))
        self._match_group.addButton(button)
        self.match_buttons[match] = button
        return button

    def _program_changed(self) -> None:
        program = self.document.program
        shown = tuple((s.name, s.elements) for s in program.sets)
        if shown != self._sets_shown:
            if self._sets_shown is not None:
                self._follow_brush_set(self._sets_shown, shown)
            self._sets_shown = shown
            self._rebuild_set_buttons(program)
        brush = self.document.brush
        if isinstance(brush.match, SetRef) and brush.match.index >= len(program.sets):
            # The set was deleted (or undone away): keep the author from painting a dangling set.
            self.document.set_brush(replace(brush, match=Element.EMPTY))
        self._show_brush()

    def _follow_brush_set(self, before: tuple[object, ...], after: tuple[object, ...]) -> None:
        """A set removed (or put back by Undo) moves the sets behind it: a brush on one of them
        moves with it, and a brush on the removed set empties (it went on painting the set that
        took its number)."""
        brush = self.document.brush
        if not isinstance(brush.match, SetRef):
            return
        index = brush.match.index
        for shorter, longer, step in ((after, before, -1), (before, after, 1)):
            if len(longer) != len(shorter) + 1:
                continue
            gap = next((k for k in range(len(longer)) if longer[:k] + longer[k + 1:] == shorter), None)
            if gap is None:
                return
            if step < 0 and index == gap:
                self.document.set_brush(replace(brush, match=Element.EMPTY))
            elif index >= gap:
                self.document.set_brush(replace(brush, match=SetRef(index + step)))
            return

    def _rebuild_set_buttons(self, program: Program) -> None:
        for index in range(MAX_SETS):
            old = self.match_buttons.pop(SetRef(index), None)
            if old is not None:
                self._match_group.removeButton(old)
                old.deleteLater()
        for index, element_set in enumerate(program.sets):
            match = SetRef(index)
            button = self._add_match_button(match, element_set.name or match.label, SET_KEYS[index])
            members = ", ".join(ELEMENT_LOOK[e].label for e in Element if e in element_set.elements) or "no elements"
            weight = set_weight(element_set.elements)
            button.setToolTip(f"{match_name(program, match)}: {members}\nweight {weight} "
                              f"(NOT: {set_weight(element_set.elements, True)}) — key {SET_KEYS[index]}")
            self._sets_layout.addWidget(button, index, 0)
        for index, shortcut in enumerate(self._set_shortcuts):
            shortcut.setEnabled(index < len(program.sets))
        self.no_sets_label.setVisible(not program.sets)

    def _show_brush(self) -> None:
        brush = self.document.brush
        for match, button in self.match_buttons.items():
            button.setChecked(match == brush.match)
        self.not_button.setChecked(brush.negate)
        for group, button in self.group_buttons.items():
            button.setChecked(group == brush.group)
        weight = brush_weight(self.document.program, brush)
        self.weight_label.setText(f"weight {weight if weight is not None else '?'}")
        self.preview.setToolTip(f"Painting puts this pattern into cells; weight = 7 − elements it matches = "
                                f"{weight if weight is not None else '?'}")
        self.preview.refresh()

    def _not_toggled(self, checked: bool) -> None:
        if checked != self.document.brush.negate:
            self.set_negate(checked)


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 0.92)
    label.setFont(font)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    label.setContentsMargins(0, 5, 0, 0)
    return label


def _legend() -> QLabel:
    """What AND and OR mean, in a line under the group rows (whose swatches show the solid and
    dashed frames the map draws)."""
    label = QLabel("AND: all match · OR: any one")
    label.setObjectName("groupLegend")
    label.setWordWrap(True)
    label.setToolTip("A card's variant is valid when every pattern of one AND group (solid frame) matches\n"
                     "and at least one pattern of every OR group (dashed frame) matches.")
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.9)
    label.setFont(font)
    return label


def main() -> int:
    """Show the palette on a sample program with a user set."""
    document = sample_document("hunter")
    return run_alone(lambda: PatternPalette(document), "PatternPalette — hunter.snake.json", (240, 760))


if __name__ == "__main__":
    raise SystemExit(main())
