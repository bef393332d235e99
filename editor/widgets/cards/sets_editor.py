"""The program's user sets (up to 4): a name, 7 element check boxes and the weight the set gives.

Each set is a row (:class:`SetRow`) updated in place when the program changes, so typing a name
is never interrupted by the refresh its own edit causes. A name typed in one go is one undo step;
ticking a box is one step. Boxes are never blocked: a set may be emptied or filled while editing,
and the problems list says what is wrong meanwhile."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QPainter, QPaintEvent, QPalette, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument, new_stroke_id
from editor.widgets.bench.wrap_row import WrapRow
from editor.widgets.cards.card_list import plural, problem_style, restyle, tool_icon
from editor.widgets.cards.document_undo import undo_in_document
from editor.widgets.cards.pattern_paint import ELEMENT_LOOK, SET_COLORS, match_pixmap
from editor.widgets.parts.boxes import WrappingGrid
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Element
from matcher.editing import EditError, add_set, remove_set, replace_set, set_uses
from matcher.model import ALL_ELEMENTS, MAX_SET_SIZE, MAX_SETS, MIN_SET_SIZE, ElementSet, Program, SetRef, set_weight

ICON = 18
HIGHLIGHT_MS = 2500
NEW_SET_NAME = "new set"


def free_set_name(program: Program) -> str:
    """A name no set of ``program`` has: "new set", "new set 2", ... (issue 16: "set 1" read like
    the set's label "set1", and a click behind it made "set 1rival")."""
    taken = {element_set.name for element_set in program.sets}
    return next(name for n in range(1, MAX_SETS + 2) if (name := NEW_SET_NAME if n == 1 else f"{NEW_SET_NAME} {n}")
                not in taken)


def weight_text(elements: frozenset[Element]) -> str:
    """What a pattern using the set weighs, plain and with NOT: ``weight 4 · NOT: 3``."""
    return f"weight {set_weight(elements)} · NOT: {set_weight(elements, negate=True)}"


def size_problem(elements: frozenset[Element]) -> str | None:
    if len(elements) < MIN_SET_SIZE:
        return f"empty: tick {MIN_SET_SIZE} to {MAX_SET_SIZE} elements"
    if len(elements) > MAX_SET_SIZE:
        return f"all {len(ALL_ELEMENTS)} elements: a set holds at most {MAX_SET_SIZE}"
    return None


class SetRow(QFrame):
    """One user set: badge, name, remove button; the element boxes; weight and uses."""

    def __init__(self, editor: SetsEditor, index: int) -> None:
        super().__init__()
        self.editor = editor
        self.index = index
        self._highlighted = False
        self._session = 0
        self.setObjectName(f"set_row_{index}")
        self.setFrameShape(QFrame.Shape.StyledPanel)

        self.badge = QLabel()
        self.badge.setFixedSize(QSize(22, 22))
        self.label = bold_label(SetRef(index).label)
        self.setAccessibleName(f"User set {SetRef(index).label}")
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("name this set")
        self.name_edit.setToolTip(f"The name of {SetRef(index).label}, shown in the palette and tooltips")
        self.name_edit.textEdited.connect(self._name_edited)
        self.name_edit.editingFinished.connect(self._end_session)
        undo_in_document(self.name_edit)
        self._select_on_click = False
        self.name_edit.installEventFilter(self)
        self.remove_button = QToolButton()
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(f"Remove {SetRef(index).label} (patterns using it are removed too)")
        self.remove_button.setAccessibleName(f"Remove {SetRef(index).label}")
        self.label.setBuddy(self.name_edit)
        self.remove_button.clicked.connect(lambda: editor.remove_set(self.index))

        self.boxes: dict[Element, QCheckBox] = {}
        grid = self._grid = WrappingGrid(2)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        for n, element in enumerate(Element):
            look = ELEMENT_LOOK[element]
            box = QCheckBox(look.label)
            box.setIcon(QIcon(match_pixmap(element, ICON * 2)))
            box.setIconSize(QSize(ICON, ICON))
            box.setToolTip(f"{look.label}: {look.description}")
            box.setObjectName(f"set{index + 1}_{element.label}")
            box.clicked.connect(lambda checked, e=element: self._box_clicked(e, checked))
            self.boxes[element] = box
            grid.addWidget(box, n // 2, n % 2)

        self.weight_label = QLabel()
        self.weight_label.setWordWrap(True)  # a problem ("all 7 elements: …") is read whole in a narrow pane
        self.weight_label.setToolTip(
            "The weight a pattern using this set adds to a move's score: 7 minus the number of "
            "elements it can match (with NOT, the set is inverted)"
        )
        self.uses_label = QLabel()
        self.uses_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.uses_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.badge)
        top.addWidget(self.label)
        top.addWidget(self.name_edit, 1)
        top.addWidget(self.remove_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.weight_label, 1)
        bottom.addWidget(self.uses_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addLayout(grid)
        layout.addLayout(bottom)
        self.refresh_icons()

    # --- showing -------------------------------------------------------------------------------

    def show_set(self, program: Program) -> None:
        """Show set ``index`` of ``program`` without emitting edits."""
        element_set = program.sets[self.index]
        if self.name_edit.text() != element_set.name:
            self.name_edit.setText(element_set.name)
            if not self.name_edit.hasFocus():
                self.name_edit.setCursorPosition(0)  # a long name shows its start ("mes near" said nothing)
        for element, box in self.boxes.items():
            if box.isChecked() != (element in element_set.elements):
                box.setChecked(element in element_set.elements)
        problem = size_problem(element_set.elements)
        if problem is None:
            self.weight_label.setText(weight_text(element_set.elements))
            restyle(self.weight_label, "")
        else:
            self.weight_label.setText("⚠ " + problem)
            restyle(self.weight_label, problem_style(self.palette()))
        uses = len(set_uses(program, self.index))
        self.uses_label.setText("unused" if uses == 0 else f"used by {plural(uses, 'pattern')}")

    def minimumSizeHint(self) -> QSize:
        """One column of element boxes in a narrow program pane (a 1024-wide window), two
        otherwise: the boxes never run under the pane's edge."""
        hint = super().minimumSizeHint()
        box = max(b.sizeHint().width() for b in self.boxes.values())
        return QSize(min(hint.width(), box + 2 * 8 + 4), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        box = max(b.sizeHint().width() for b in self.boxes.values())
        self._grid.fit(list(self.boxes.values()), event.size().width() - 2 * 8, box, 2)

    def columns(self) -> int:
        return self._grid.columns

    def refresh_icons(self) -> None:
        self.badge.setPixmap(_set_badge(self.index, 22, self.devicePixelRatioF()))
        self.remove_button.setIcon(tool_icon("delete", self.palette().color(QPalette.ColorRole.ButtonText)))

    def set_highlighted(self, on: bool) -> None:
        self._highlighted = on
        self.update()

    @property
    def highlighted(self) -> bool:
        return self._highlighted

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._highlighted:
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(SET_COLORS[self.index % len(SET_COLORS)], 3))
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), 4, 4)
            painter.end()

    def select_name_on_click(self) -> None:
        """The name is one given for now: the next click in it selects it whole, so typing
        replaces it (a click otherwise puts the cursor behind it)."""
        self._select_on_click = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.name_edit and self._select_on_click and event.type() == QEvent.Type.MouseButtonRelease:
            self._select_on_click = False
            self.name_edit.selectAll()  # the press placed the cursor; the release leaves the selection be
        return super().eventFilter(watched, event)

    # --- editing -------------------------------------------------------------------------------

    def _name_edited(self, text: str) -> None:
        self._select_on_click = False
        if not self._session:
            self._session = new_stroke_id()
        index = self.index
        self.editor.apply(
            lambda p: replace_set(p, index, ElementSet(text, p.sets[index].elements)),
            f"Rename {SetRef(index).label}",
            merge_key=self._session,
        )

    def _end_session(self) -> None:
        self._session = 0

    def _box_clicked(self, element: Element, checked: bool) -> None:
        index = self.index
        label = ELEMENT_LOOK[element].label

        def change(program: Program) -> Program:
            old = program.sets[index]
            elements = old.elements | {element} if checked else old.elements - {element}
            return replace_set(program, index, ElementSet(old.name, frozenset(elements)))

        verb = f"Add {label} to" if checked else f"Remove {label} from"
        self.editor.apply(change, f"{verb} {SetRef(index).label}")


def _set_badge(index: int, size: int, ratio: float) -> QPixmap:
    pixmap = match_pixmap(SetRef(index), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


class SetsEditor(QWidget):
    """Up to 4 user sets, an Add button, and removal that asks first when a set is in use."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.rows: list[SetRow] = []
        self._highlight_timer = QTimer(self)
        self._highlight_timer.setSingleShot(True)
        self._highlight_timer.timeout.connect(self._clear_highlight)
        self.confirm_box: QMessageBox | None = None
        """The "remove a set in use?" question while it is open (tests answer it)."""

        self.title = bold_label("User sets")
        self.count_label = QLabel()
        self.count_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.count_label.setToolTip(
            f"A user set names {MIN_SET_SIZE} to {MAX_SET_SIZE} elements a pattern can match as one: "
            f"set1…set{MAX_SETS} in the palette"
        )
        self.add_button = QToolButton()
        self.add_button.setText("Add set")
        self.add_button.setAutoRaise(True)
        self.add_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.add_button.clicked.connect(self.add_set)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        self.empty_label = QLabel("No user sets. A set lets one pattern match several elements, "
                                  "e.g. “any rival part” = enemy head + body + tail.")
        self.empty_label.setWordWrap(True)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.rows_box = QWidget()
        self.rows_layout = QVBoxLayout(self.rows_box)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.setSpacing(6)
        self.rows_layout.addWidget(self.empty_label)
        self.rows_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.rows_box)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its rows' fields are the Tab stops
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        # "Add set" goes under the title where the pane is narrower than the line (a large font
        # in a 1024-wide window): on one line it set the program pane's least width.
        push = QWidget()  # keeps the button at the right edge, as before
        push.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.header = WrapRow([self.title, self.count_label], [push, self.add_button])
        for group in self.header.groups:
            row = group.layout()
            if row is not None:
                row.setSpacing(4)  # the count as near the title as before (the column's spacing)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.header)
        layout.addWidget(self.scroll_area, 1)
        layout.addWidget(self.message)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        document.programChanged.connect(self.refresh)
        document.focusSetRequested.connect(self.focus_set)
        self._refresh_icons()
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    def row(self, index: int) -> SetRow:
        return self.rows[index]

    def add_set(self) -> None:
        """Append an empty set with a free name, selected in its field: typing replaces it, and so
        does typing after a click in it."""
        if self.apply(lambda program: add_set(program, free_set_name(program)), "Add set"):
            row = self.rows[-1]
            row.select_name_on_click()
            self.scroll_area.ensureWidgetVisible(row)
            row.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            row.name_edit.selectAll()

    def remove_set(self, index: int) -> bool:
        """Remove set ``index`` as one undo step; when patterns use it, ask first and say how many
        will go. Later sets move up one place (their patterns follow). Returns whether it was removed."""
        program = self.document.program
        uses = set_uses(program, index)
        if uses and not self._confirm_remove(program, index, uses):
            return False
        label = SetRef(index).label
        return self.apply(lambda p: remove_set(p, index), f"Remove {label}")

    def focus_set(self, index: int) -> None:
        """Scroll to set ``index`` and highlight it for a moment (the problems list asks)."""
        if not 0 <= index < len(self.rows):
            return
        self._clear_highlight()
        row = self.rows[index]
        self.scroll_area.ensureWidgetVisible(row)
        row.set_highlighted(True)
        row.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self._highlight_timer.start(HIGHLIGHT_MS)

    def apply(self, change: Callable[[Program], Program], text: str, merge_key: int = 0) -> bool:
        """One undoable edit; a broken limit shows as a message under the sets, not an exception."""
        try:
            done = self.document.edit(change, text, merge_key=merge_key)
        except EditError as error:
            self.message.setText(str(error).capitalize() + ".")
            restyle(self.message, problem_style(self.palette()))
            self.message.show()
            return False
        self.message.hide()
        return done

    # --- internals ---------------------------------------------------------------------------

    def _confirm_remove(self, program: Program, index: int, uses: list[tuple[int, tuple[int, int]]]) -> bool:
        cards = sorted({card + 1 for card, _ in uses})
        where = ("card " if len(cards) == 1 else "cards ") + ", ".join(map(str, cards))
        later = len(program.sets) - index - 1
        name = program.sets[index].name
        box = QMessageBox(QMessageBox.Icon.Question, "Remove set",
                          f"{SetRef(index).label} “{name}” is used by {plural(len(uses), 'pattern')} on {where}.",
                          parent=self)
        text = f"Removing the set removes {'that pattern' if len(uses) == 1 else f'those {len(uses)} patterns'} too."
        if later:
            text += " Later sets move up one place and their patterns follow them."
        box.setInformativeText(text + " You can undo it.")
        remove = box.addButton(f"Remove {plural(len(uses), 'pattern')}", QMessageBox.ButtonRole.DestructiveRole)
        remove.setObjectName("remove")
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        self.confirm_box = box
        try:
            box.exec()
        finally:
            self.confirm_box = None
        return box.clickedButton() is remove

    def refresh(self) -> None:
        sets = self.document.program.sets
        while len(self.rows) > len(sets):
            row = self.rows.pop()
            self.rows_layout.removeWidget(row)
            row.deleteLater()
        while len(self.rows) < len(sets):
            row = SetRow(self, len(self.rows))
            self.rows_layout.insertWidget(len(self.rows), row)
            self.rows.append(row)
        for row in self.rows:
            row.show_set(self.document.program)
        self.empty_label.setVisible(not sets)
        full = len(sets) >= MAX_SETS
        self.add_button.setEnabled(not full)
        self.add_button.setToolTip(
            f"A program has at most {MAX_SETS} user sets: remove one first." if full
            else "Add a user set: a named group of elements one pattern can match"
        )
        self.count_label.setText(f"{len(sets)} / {MAX_SETS}")

    def _clear_highlight(self) -> None:
        for row in self.rows:
            row.set_highlighted(False)

    def _refresh_icons(self) -> None:
        self.add_button.setIcon(tool_icon("add", self.palette().color(QPalette.ColorRole.ButtonText)))
        for row in self.rows:
            row.refresh_icons()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._refresh_icons()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(300, 300)


def main() -> int:
    """Open the sets editor on a sample program that has a user set."""
    return run_alone(lambda: SetsEditor(sample_document("hunter")), "SetsEditor", (340, 460))


if __name__ == "__main__":
    raise SystemExit(main())
