"""The card editor: everything for drawing one card, the centre of the main window.

The palette on the left, the card's title, description and map in the middle with the head's turn
buttons, the selected cell's inspector and the 8 variants on the right, a hint line at the bottom."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument, new_stroke_id
from editor.widgets.card_canvas import CardCanvas
from editor.widgets.cell_inspector import CellInspector
from editor.widgets.palette import PatternPalette
from editor.widgets.variant_strip import VariantStrip
from matcher.editing import EditError, describe_card

HINT = ("Click or drag to paint · right-click clears · click a painted cell to edit it · "
        "Alt+click picks a pattern · drag the head to move it, R / Shift+R turn it")
MESSAGE_MS = 6000
RIGHT_WIDTH = 236
BELOW_HEIGHT = 236
QWIDGETSIZE_MAX = (1 << 24) - 1
PALETTE_WIDTH = 214
TURN_CLOCKWISE_KEY = "R"
TURN_COUNTER_CLOCKWISE_KEY = "Shift+R"


class CardEditor(QWidget):
    """Edits ``document``'s current card: palette, canvas, description, inspector and variants."""

    statusMessage = Signal(str)
    """A hint or an edit that could not be made (also shown in the editor's own hint line)."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._description_key = 0  # merge key of the description typing session; 0: none yet
        self._description_card = -1

        self.palette_panel = PatternPalette(document)
        self.canvas = CardCanvas(document)
        self.inspector = CellInspector(document)
        self.variants = VariantStrip(document)

        self.title_label = QLabel()
        font = self.title_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title_label.setFont(font)
        self.head_label = QLabel()
        self.turn_left_button = self._tool_button("⟲", f"Turn the head counter-clockwise ({TURN_COUNTER_CLOCKWISE_KEY})")
        self.turn_right_button = self._tool_button("⟳", f"Turn the head clockwise ({TURN_CLOCKWISE_KEY})")
        self.turn_left_button.clicked.connect(lambda: self.canvas.turn_head(-1))
        self.turn_right_button.clicked.connect(lambda: self.canvas.turn_head(1))
        for key, turns in ((TURN_CLOCKWISE_KEY, 1), (TURN_COUNTER_CLOCKWISE_KEY, -1)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda turns=turns: self.canvas.turn_head(turns))

        self.description_edit = QLineEdit()
        self.description_edit.setPlaceholderText("Describe this card: when should it decide, and why this move?")
        self.description_edit.setToolTip("The card's description (Enter or leaving the field ends one undo step)")
        self.description_edit.setClearButtonEnabled(True)
        self.description_edit.textEdited.connect(self._description_typed)
        self.description_edit.editingFinished.connect(self._end_description_session)

        self.hint_label = QLabel(HINT)
        self.hint_label.setWordWrap(True)
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.setInterval(MESSAGE_MS)
        self._hint_timer.timeout.connect(self._show_hint)

        self._build_layout()

        self.canvas.statusMessage.connect(self.show_message)
        self.canvas.hoveredCellChanged.connect(self.variants.set_highlighted_cell)
        document.programChanged.connect(self._refresh)
        document.currentCardChanged.connect(self._refresh)
        self._refresh()

    def _tool_button(self, text: str, tooltip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tooltip)
        font = button.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        button.setFont(font)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setAutoRaise(True)
        button.setMinimumSize(QSize(34, 34))
        return button

    def _build_layout(self) -> None:
        scroll = QScrollArea()
        scroll.setWidget(self.palette_panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFixedWidth(PALETTE_WIDTH)
        self.palette_scroll = scroll

        title = QHBoxLayout()
        title.addWidget(self.title_label)
        title.addStretch(1)
        title.addWidget(self.head_label)
        title.addWidget(self.turn_left_button)
        title.addWidget(self.turn_right_button)

        self._centre = QVBoxLayout()
        self._centre.setSpacing(4)
        self._centre.addLayout(title)
        self._centre.addWidget(self.description_edit)
        self._centre.addWidget(self.canvas, 1)

        self.side_panel = QWidget()
        self._side = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.side_panel)
        self._side.setContentsMargins(0, 0, 0, 0)
        self._side.setSpacing(10)
        self._side.addWidget(_titled("Selected cell", self.inspector, stretch=False))
        self._side.addWidget(_titled("Variants the matcher tries", self.variants, stretch=True), 1)

        self._body = QHBoxLayout()
        self._body.setSpacing(10)
        self._body.addWidget(scroll)
        self._body.addLayout(self._centre, 1)

        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 8, 8, 6)
        self._layout.addLayout(self._body, 1)
        self._layout.addWidget(self.hint_label)
        self._side_below: bool | None = None
        self._place_side_panel(below=False)

    def side_panel_below(self) -> bool:
        """True when the inspector and variants sit under the map rather than beside it."""
        return bool(self._side_below)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_side_panel(self._map_is_bigger_with_side_below(event.size().width(), event.size().height()))

    @staticmethod
    def _map_is_bigger_with_side_below(width: int, height: int) -> bool:
        """Beside the map or under it: whichever leaves the map bigger (rough sizes, so no layout
        pass is needed; beside wins ties, so a wide editor never flips back and forth)."""
        room_width = width - PALETTE_WIDTH - 40
        room_height = height - 110
        beside = min(room_width - RIGHT_WIDTH, room_height)
        below = min(room_width, room_height - BELOW_HEIGHT)
        return below > beside

    def _place_side_panel(self, below: bool) -> None:
        if below == self._side_below:
            return
        self._side_below = below
        if below:
            self._body.removeWidget(self.side_panel)
            self._side.setDirection(QBoxLayout.Direction.LeftToRight)
            self.side_panel.setMinimumWidth(0)
            self.side_panel.setMaximumWidth(QWIDGETSIZE_MAX)
            self.side_panel.setFixedHeight(BELOW_HEIGHT)
            self._centre.addWidget(self.side_panel)
        else:
            self._centre.removeWidget(self.side_panel)
            self._side.setDirection(QBoxLayout.Direction.TopToBottom)
            self.side_panel.setMinimumHeight(0)
            self.side_panel.setMaximumHeight(QWIDGETSIZE_MAX)
            self.side_panel.setFixedWidth(RIGHT_WIDTH)
            self._body.addWidget(self.side_panel)
        self._layout.activate()  # place the widgets now, not after the next event loop turn

    # --- our API -------------------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """Show ``text`` in the hint line for a few seconds and pass it on to ``statusMessage``."""
        self.hint_label.setText(text)
        self._hint_timer.start()
        self.statusMessage.emit(text)

    def _show_hint(self) -> None:
        self.hint_label.setText(HINT)

    # --- keeping up with the document ----------------------------------------------------------

    def _refresh(self) -> None:
        document = self.document
        index = document.current_card
        self.title_label.setText(f"Card {index + 1} of {len(document.program.cards)}")
        self.head_label.setText(f"head faces {document.card.head.facing.label}")
        if index != self._description_card:
            self._description_card = index
            self._end_description_session()
        if self.description_edit.text() != document.card.description:
            self.description_edit.setText(document.card.description)
            if not self.description_edit.hasFocus():
                self.description_edit.setCursorPosition(0)  # show the start of a long description

    def _description_typed(self, text: str) -> None:
        if not self._description_key:
            self._description_key = new_stroke_id()
        try:
            self.document.edit_card(lambda card: describe_card(card, text), "Edit card description",
                                    self._description_key)
        except EditError as err:
            self.show_message(str(err))

    def _end_description_session(self) -> None:
        """The next keystroke in the description starts a new undo step."""
        self._description_key = 0


def _titled(title: str, widget: QWidget, stretch: bool) -> QWidget:
    """``widget`` under a bold heading."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    label = QLabel(title)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    layout.addWidget(label)
    layout.addWidget(widget, 1 if stretch else 0)
    if not stretch:
        layout.addStretch(1)
    return box


def main() -> int:
    """Edit a sample program's cards (Ctrl+Z / Ctrl+Shift+Z undo and redo, PgUp / PgDown change card)."""
    import sys
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from matcher.fileformat import load_program

    app = QApplication.instance() or QApplication(sys.argv)
    path = Path(__file__).resolve().parents[2] / "samples" / "snake" / "hunter.snake.json"
    document = ProgramDocument(load_program(path), path)
    editor = CardEditor(document)
    QShortcut(QKeySequence.StandardKey.Undo, editor, document.undo_stack.undo)
    QShortcut(QKeySequence.StandardKey.Redo, editor, document.undo_stack.redo)
    QShortcut(QKeySequence("PgUp"), editor, lambda: document.set_current_card(document.current_card - 1))
    QShortcut(QKeySequence("PgDown"), editor, lambda: document.set_current_card(document.current_card + 1))
    editor.setWindowTitle("CardEditor — hunter.snake.json")
    editor.resize(1180, 780)
    editor.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
