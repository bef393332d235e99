"""The card editor: everything for drawing one card, the centre of the main window.

The palette on the left, the card's title, description and map in the middle with the head's turn
buttons, the selected cell's inspector and the 8 variants on the right, a hint line at the bottom.
When the editor is narrow (the main window on a laptop screen), the inspector and the variants move
under palette and map, and the palette scrolls."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument, new_stroke_id
from editor.typing_guard import install_typing_guard
from editor.widgets.cards.card_canvas import GUTTER, MARGIN, CardCanvas
from editor.widgets.cards.cell_inspector import CellInspector
from editor.widgets.cards.document_undo import undo_in_document
from editor.widgets.cards.pattern_palette import PatternPalette
from editor.widgets.cards.variant_strip import VariantStrip
from editor.widgets.parts.form_widgets import bold_label, scrolled
from editor.widgets.parts.standalone import run_alone, sample_document
from matcher.editing import EditError, describe_card
from matcher.model import CARD_SIZE

HINT = ("Click or drag to paint · right-click clears · click a painted cell to edit it · "
        "Alt+click picks a pattern · drag the head (or Shift+arrows) to move it, R / Shift+R turn it")
MESSAGE_MS = 6000
RIGHT_WIDTH = 236
"""The inspector over the variants, beside the map."""
INSPECTOR_WIDTH = 200
"""The inspector beside the variants, under palette and map (the compact arrangement)."""
COMPACT_MIN_TILE = 56
COMPACT_MAX_TILE = 104
"""Variant tiles under the map: never smaller (they must stay legible), never bigger than useful."""
QWIDGETSIZE_MAX = (1 << 24) - 1
PALETTE_WIDTH = 200
PALETTE_MIN_HEIGHT = 160
MARGINS = (8, 8, 8, 6)
CENTRE_SPACING = 4
SIDE_SPACING = 10
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

        self.title_label = bold_label(scale=1.25)
        self.head_label = QLabel()
        self.turn_left_button = self._tool_button("⟲", f"Turn the head counter-clockwise ({TURN_COUNTER_CLOCKWISE_KEY})")
        self.turn_right_button = self._tool_button("⟳", f"Turn the head clockwise ({TURN_CLOCKWISE_KEY})")
        self.turn_left_button.clicked.connect(lambda: self.canvas.turn_head(-1))
        self.turn_right_button.clicked.connect(lambda: self.canvas.turn_head(1))
        install_typing_guard()  # R in the inspector's combo boxes must not turn the head
        for key, turns in ((TURN_CLOCKWISE_KEY, 1), (TURN_COUNTER_CLOCKWISE_KEY, -1)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setWhatsThis(f"Turn the head {'clockwise' if turns > 0 else 'counter-clockwise'}")
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda turns=turns: self.canvas.turn_head(turns))

        self.description_edit = QLineEdit()
        self.description_edit.setAccessibleName("Card description")
        self.description_edit.setPlaceholderText("Describe this card: when should it decide, and why this move?")
        self.description_edit.setToolTip("The card's description (Enter or leaving the field ends one undo step)")
        self.description_edit.setClearButtonEnabled(True)
        self.description_edit.textEdited.connect(self._description_typed)
        self.description_edit.editingFinished.connect(self._end_description_session)
        undo_in_document(self.description_edit)

        self.hint_label = QLabel(HINT)
        self.hint_label.setWordWrap(True)
        self._hint_shown = True
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.setInterval(MESSAGE_MS)
        self._hint_timer.timeout.connect(self._show_hint)

        self._build_layout()

        self.canvas.statusMessage.connect(self.show_message)
        self.canvas.hoveredCellChanged.connect(self.variants.set_highlighted_cell)
        document.programChanged.connect(self._refresh)
        document.currentCardChanged.connect(self._refresh)
        # A column's contents change their minimum (the inspector shows more rows for a selected
        # cell); the column follows once their layout is redone.
        for column in (self.palette_panel, self.inspector_box):
            column.installEventFilter(self)
        self._refresh()

    def _tool_button(self, text: str, tooltip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tooltip)
        font = button.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        button.setFont(font)
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it; a click leaves the keys with the map
        button.setAutoRaise(True)
        button.setAccessibleName(tooltip.split(" (")[0])  # its text is an arrow glyph a reader cannot say
        button.setMinimumSize(QSize(34, 34))
        return button

    def _build_layout(self) -> None:
        scroll = scrolled(self.palette_panel)  # no Tab stop: a click on a button leaves the keys with the map
        scroll.setFixedWidth(self.palette_width())
        scroll.setMinimumHeight(PALETTE_MIN_HEIGHT)
        self.palette_scroll = scroll

        title = self._title_row = QHBoxLayout()
        title.addWidget(self.title_label)
        title.addStretch(1)
        title.addWidget(self.head_label)
        title.addWidget(self.turn_left_button)
        title.addWidget(self.turn_right_button)

        self._centre = QVBoxLayout()
        self._centre.setSpacing(CENTRE_SPACING)
        self._centre.addLayout(title)
        self._centre.addWidget(self.description_edit)
        self._centre.addWidget(self.canvas, 1)

        self.inspector_box = _titled("Selected cell", self.inspector, stretch=False)
        self.variants_box = _titled("Variants the matcher tries", self.variants, stretch=True)
        self.side_panel = QWidget()
        self._side = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.side_panel)
        self._side.setContentsMargins(0, 0, 0, 0)
        self._side.setSpacing(SIDE_SPACING)
        self._side.addWidget(self.inspector_box)
        self._side.addWidget(self.variants_box, 1)

        self._body = QHBoxLayout()
        self._body.setSpacing(SIDE_SPACING)
        self._body.addWidget(scroll)
        self._body.addLayout(self._centre, 1)

        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(*MARGINS)
        self._layout.setSpacing(SIDE_SPACING)
        # The arrangement in use must not set the editor's minimum size: shrinking the editor is
        # what switches it to the compact one (see minimumSizeHint).
        self._layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._layout.addLayout(self._body, 1)
        self._layout.addWidget(self.hint_label)
        self._side_below: bool | None = None
        self._place_side_panel(below=False)

    # The columns' widths fit the default font; a larger font (a user's setting) widens them to
    # what their contents need, which a fixed width cut off ("Cell (row 2, c", "group AND 1").

    def palette_width(self) -> int:
        extent = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return max(PALETTE_WIDTH, self.palette_panel.minimumSizeHint().width() + extent)

    def inspector_width(self) -> int:
        return max(INSPECTOR_WIDTH, self.inspector_box.minimumSizeHint().width())

    def right_width(self) -> int:
        return max(RIGHT_WIDTH, self.inspector_box.minimumSizeHint().width(), self.variants_box.minimumSizeHint().width())

    def side_panel_below(self) -> bool:
        """True when the inspector and variants sit under the palette and map (the compact
        arrangement) rather than beside the map."""
        return bool(self._side_below)

    def set_hint_line_visible(self, visible: bool) -> None:
        """Show or hide the hint line under the editor (a host with a status bar shows the hint
        there and gives the room to the map)."""
        self.hint_label.setVisible(visible)
        self._hint_shown = visible
        self._arrange(self.width(), self.height())

    def hint_line_visible(self) -> bool:
        return self._hint_shown

    def minimumSizeHint(self) -> QSize:
        """The compact arrangement's minimum: the editor never asks for more, whatever it shows."""
        centre = max(self.canvas.minimumWidth(), self._title_least_width())
        width = sum(MARGINS[::2]) + max(self.palette_width() + SIDE_SPACING + centre,
                                         self.inspector_width() + SIDE_SPACING + self.variants_box.minimumSizeHint().width())
        height = self._fixed_height(width, below=True) + max(self.canvas.minimumHeight(), PALETTE_MIN_HEIGHT)
        return QSize(width, height + self._side_min_height())

    def sizeHint(self) -> QSize:
        return QSize(1000, 720)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and self._side_below is not None:
            self._fit_columns(self._side_below)
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width(), event.size().height())

    # --- arranging -----------------------------------------------------------------------------

    def _fixed_height(self, width: int, below: bool) -> int:
        """Everything in the editor's height but the map (and the side panel when below)."""
        height = MARGINS[1] + MARGINS[3] + self._centre_fixed_height()
        if self._hint_shown:
            height += SIDE_SPACING + self.hint_label.heightForWidth(width - sum(MARGINS[::2]))
        if below:
            height += SIDE_SPACING
        return height

    def _side_min_height(self) -> int:
        variants = self.variants_box.sizeHint().height() - self.variants.sizeHint().height()
        return max(self.inspector_box.minimumSizeHint().height(),
                   variants + self.variants.size_for(COMPACT_MIN_TILE).height())

    def _side_max_height(self) -> int:
        variants = self.variants_box.sizeHint().height() - self.variants.sizeHint().height()
        return variants + self.variants.size_for(COMPACT_MAX_TILE).height()

    def _arrangement(self, width: int, height: int) -> tuple[bool, int]:
        """(below, side panel height): beside the map or under palette and map, whichever leaves
        the map bigger (beside wins ties, so a wide editor never flips back and forth, and is
        only chosen when its minimum fits). Below, the side panel takes the height that neither
        the square map nor the palette can use, within limits that keep the variants legible."""
        centre = width - sum(MARGINS[::2]) - self.palette_width() - SIDE_SPACING
        fixed = self._fixed_height(width, below=True)
        palette = self.palette_panel.sizeHint().height() - self._centre_fixed_height()  # as map heights
        spare = height - fixed - max(centre, palette)
        side = max(self._side_min_height(), min(self._side_max_height(), spare))
        below = _cells(centre, height - fixed - side)
        beside_room = height - self._fixed_height(width, below=False)
        beside_width = centre - self.right_width() - SIDE_SPACING
        beside_fits = (beside_width >= self.canvas.minimumWidth()
                       and beside_room >= self.inspector_box.minimumSizeHint().height() + SIDE_SPACING
                       + self.variants_box.minimumSizeHint().height())
        beside = _cells(beside_width, beside_room) if beside_fits else -1
        return below > beside, side

    def _centre_fixed_height(self) -> int:
        """The title row and the description above the map."""
        title = max(self.title_label.sizeHint().height(), self.turn_right_button.minimumHeight())
        return title + self.description_edit.sizeHint().height() + 2 * CENTRE_SPACING

    def _arrange(self, width: int, height: int) -> None:
        below, side = self._arrangement(width, height)
        self._place_side_panel(below)
        self._fit_columns(below)
        centre = width - sum(MARGINS[::2]) - self.palette_width() - SIDE_SPACING - (0 if below else self.right_width() + SIDE_SPACING)
        self._fit_title(centre)
        if below and self.side_panel.height() != side:
            self.side_panel.setFixedHeight(side)
            self._layout.activate()

    def _title_least_width(self) -> int:
        """The title row without "head faces up": the card's number whole and the turn buttons
        (at a large font wider than the map's least width: "Card 1 of :" was cut)."""
        return (self.title_label.sizeHint().width() + 2 * self.turn_right_button.minimumWidth()
                + 3 * max(0, self._title_row.spacing()))

    def _fit_title(self, centre: int) -> None:
        """Over a narrow map "head faces up" gives way to the card's number (the map's head and
        the turn buttons' tooltips say where it faces)."""
        needed = (self.title_label.sizeHint().width() + self.head_label.sizeHint().width()
                  + 2 * self.turn_right_button.minimumWidth() + 4 * self._title_row.spacing())
        self.head_label.setVisible(centre >= needed)

    def _fit_columns(self, below: bool) -> None:
        """The columns as wide as their contents need now (their fonts are final only once
        shown; a fixed width taken before cut the inspector off at a large font)."""
        widths = [(self.palette_scroll, self.palette_width()),
                  (self.inspector_box, self.inspector_width()) if below else (self.side_panel, self.right_width())]
        for widget, wanted in widths:
            if widget.minimumWidth() != wanted or widget.maximumWidth() != wanted:
                widget.setFixedWidth(wanted)

    def _place_side_panel(self, below: bool) -> None:
        if below == self._side_below:
            return
        self._side_below = below
        if below:
            self._body.removeWidget(self.side_panel)
            self._side.setDirection(QBoxLayout.Direction.LeftToRight)
            self.side_panel.setMinimumWidth(0)
            self.side_panel.setMaximumWidth(QWIDGETSIZE_MAX)
            self.side_panel.setFixedHeight(self._side_min_height())
            self.inspector_box.setFixedWidth(self.inspector_width())
            self._layout.insertWidget(1, self.side_panel)
        else:
            self._layout.removeWidget(self.side_panel)
            self._side.setDirection(QBoxLayout.Direction.TopToBottom)
            self.side_panel.setMinimumHeight(0)
            self.side_panel.setMaximumHeight(QWIDGETSIZE_MAX)
            self.side_panel.setFixedWidth(self.right_width())
            self.inspector_box.setMinimumWidth(0)
            self.inspector_box.setMaximumWidth(QWIDGETSIZE_MAX)
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


def _cells(width: int, height: int) -> int:
    """The map's cell size in a box of ``width`` × ``height`` (as the canvas computes it)."""
    return (min(width, height) - GUTTER - 2 * MARGIN) // CARD_SIZE


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
    # Wraps where the column is narrower: on one line "Variants the matcher tries" at a large
    # font set the editor's least width (and the window's past 1024 px).
    label.setWordWrap(True)
    layout.addWidget(label)
    layout.addWidget(widget, 1 if stretch else 0)
    if not stretch:
        layout.addStretch(1)
    return box


def main() -> int:
    """Edit a sample program's cards (Ctrl+Z / Ctrl+Shift+Z undo and redo, PgUp / PgDown change card)."""
    document = sample_document("hunter")

    def make() -> CardEditor:
        editor = CardEditor(document)
        QShortcut(QKeySequence.StandardKey.Undo, editor, document.undo_stack.undo)
        QShortcut(QKeySequence.StandardKey.Redo, editor, document.undo_stack.redo)
        QShortcut(QKeySequence("PgUp"), editor, lambda: document.set_current_card(document.current_card - 1))
        QShortcut(QKeySequence("PgDown"), editor, lambda: document.set_current_card(document.current_card + 1))
        return editor

    return run_alone(make, "CardEditor — hunter.snake.json", (1180, 780))


if __name__ == "__main__":
    raise SystemExit(main())
