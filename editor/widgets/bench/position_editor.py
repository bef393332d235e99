"""Edit a battle position by hand: the field size, snakes drawn head to tail with the mouse, which
snake is "me", and ``.position.json`` files.

On the field: drag from an empty cell to draw a new snake, head first (dragging back over the last
cell takes it back); drag a snake to move it; Ctrl+click a snake to make it "me"; right-click a
snake, or select it and press Delete, to remove it; Escape cancels a drag. Whatever cannot be done
(crossing a snake, leaving the field, a fifth snake) is refused with a one-line message.

With the keyboard (the field has the focus): the arrow keys move a cursor; Space on an empty cell
starts a snake there, the arrows draw it and Space ends it; Space on a snake selects it, Shift+arrows
move it, M makes it "me", Delete removes it; Escape cancels."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFocusEvent,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QLabel,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.program_files import confirm_overwrite
from editor.widgets.bench.wrap_row import WrapRow
from editor.widgets.games.snake.battle_view import BattleView
from editor.widgets.games.zoomable_board import MARGIN
from editor.widgets.parts.form_widgets import buddy_label
from editor.widgets.parts.seat_colors import blend, seat_color
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import GAME_INFO, Board, Cell, Direction, Position, PositionError, SnakeBody
from matcher.explain import Explanation
from matcher.fileformat import POSITION_SUFFIX, load_position, save_position
from matcher.model import Card

MIN_SIDE, MAX_SIDE = 3, 99
"""Field sides the spin boxes offer (the file format allows more; such files still load)."""
MAX_CELL = 64
"""Pixels per cell at most, so a tiny field does not turn into a few huge tiles."""
RING = 1
"""Cells kept free around the field: the explanation shows the border cells a card looks at."""
FILE_FILTER = f"Positions (*{POSITION_SUFFIX});;JSON files (*.json);;All files (*)"
RESIZE = "Resize field to"
"""How a resize of the field is named for the undo (its steps one after another are one step)."""
_ARROWS = {Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1), Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0)}
"""Field steps (dx, dy) of the arrow keys."""


@dataclass
class _Drawing:
    """A snake being drawn: its cells so far, head first."""

    cells: list[Cell]
    refused: str = ""
    """Why the drag could not go on somewhere, kept for the message at the end."""


@dataclass
class _Moving:
    """A snake being dragged: where the drag started and the body before and now."""

    index: int
    start: Cell
    before: tuple[Cell, ...]
    now: tuple[Cell, ...]
    refused: str = ""


def snake_name(index: int) -> str:
    return f"Snake {index + 1}"


def snake_icon(index: int, size: int = 14) -> QIcon:
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = seat_color(index)
    painter.setPen(QPen(color.darker(140), 1))
    painter.setBrush(color)
    painter.drawEllipse(QRectF(1.5, 1.5, size - 3, size - 3))
    painter.end()
    return QIcon(pixmap)


class PositionView(BattleView):
    """The field of the position editor: a battle view with room around the field for the
    explanation, the selected snake outlined, and the mouse gestures forwarded to the editor."""

    def __init__(self, editor: PositionEditor) -> None:
        super().__init__(editor)
        self._editor = editor
        self._selected: int | None = None
        self._ghost: Cell | None = None
        self._cursor: Cell | None = None
        """The keyboard's cell (shown while the field has the focus)."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def set_selected_snake(self, index: int | None) -> None:
        self._selected = index
        self.update()

    def set_ghost(self, cell: Cell | None) -> None:
        """A lone head being drawn (one cell is not a snake yet, so the board cannot show it)."""
        self._ghost = cell
        self.update()

    def cell_size(self) -> int:
        board = self.board()
        if board is None:
            return 0
        free_w, free_h = self.width() - 2 * MARGIN, self.height() - 2 * MARGIN
        size = min(free_w // (board.width + 2 * RING), free_h // (board.height + 2 * RING))
        return max(2, min(MAX_CELL, size))

    def sizeHint(self) -> QSize:
        return QSize(520, 520)

    # --- gestures ------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        cell = self.cell_at(event.position())
        if cell is None:
            return
        self._editor._press(cell, event.button(), event.modifiers())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)  # hover
        cell = self.cell_at(event.position())
        if cell is not None:
            self._editor._drag(cell)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._editor._release()

    def cursor_cell(self) -> Cell | None:
        return self._cursor

    def set_cursor_cell(self, cell: Cell | None) -> None:
        self._cursor = cell
        self.update()

    KEYS = (("Arrows", "Move the cursor; while drawing a snake, draw it on"),
            ("Space, Enter", "On an empty cell start a snake (again: end it); on a snake select it"),
            ("Shift+Arrows", "Move the selected snake"), ("M", "Make the selected snake “me”"),
            ("Delete, Backspace", "Remove the selected snake"), ("Escape", "Cancel drawing or moving"),
            ("Ctrl+Z, Ctrl+Shift+Z", "Undo, redo the field's last change (then the program's)"))
    """The field's own keys (handled below), for Help → Keyboard Reference."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, shift = event.key(), bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self._editor.delete_selected()
        elif key == Qt.Key.Key_Escape:
            self._editor._cancel_gesture()
        elif key in _ARROWS:
            self._editor._arrow(*_ARROWS[Qt.Key(key)], move_snake=shift)
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self._editor._space()
        elif key == Qt.Key.Key_M and not event.modifiers():
            self._editor.make_selected_me()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self._editor._keyboard_arrived()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()  # the cursor shows only while the field has the keys

    # --- painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # type: ignore[override]
        super().paintEvent(event)
        board = self.board()
        if board is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        if self._selected is not None and self._selected < board.snake_count:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), max(1.5, self.cell_size() / 12), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for cell in board.bodies[self._selected]:
                painter.drawRoundedRect(self.cell_rect(*cell).adjusted(1, 1, -1, -1), 3, 3)
        if self._ghost is not None:
            color = seat_color(board.snake_count)
            painter.setPen(QPen(color.darker(130), max(1.0, self.cell_size() / 16)))
            painter.setBrush(blend(color, palette.color(QPalette.ColorRole.Base), 0.3))
            rect = self.cell_rect(*self._ghost)
            painter.drawEllipse(rect.center(), rect.width() * 0.45, rect.height() * 0.45)
        if self._cursor is not None and self.hasFocus():
            pen = QPen(palette.color(QPalette.ColorRole.Text), max(1.5, self.cell_size() / 10), Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.cell_rect(*self._cursor).adjusted(0.5, 0.5, -0.5, -0.5))
        if board.snake_count == 0 and self._ghost is None:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.field_rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             "Drag from head to tail\nto draw a snake")
        painter.end()


class PositionEditor(QWidget):
    """A position being edited: field size, snakes, "me", file load and save."""

    positionChanged = Signal()
    """The field or the snakes changed (not while a drag is under way: when it ends)."""
    meChanged = Signal(int)
    """Another snake is "me" (-1: none, the field is empty)."""
    statusChanged = Signal(str)
    """A one-line message for the user: what was done, or why it was refused."""
    folderUsed = Signal(str)
    """A position was loaded from or saved to this folder."""

    def __init__(self, parent: QWidget | None = None, show_controls: bool = True) -> None:
        """The controls above the field (size, me, and buttons for :attr:`delete_action`,
        :attr:`clear_action`, :attr:`load_action`, :attr:`save_action`) are :attr:`controls`;
        ``show_controls`` False leaves them for the owner to place."""
        super().__init__(parent)
        self._width = GAME_INFO.default_width
        self._height = GAME_INFO.default_height
        self._snakes: list[SnakeBody] = []
        self._me: int | None = None
        self._selected: int | None = None
        self._drawing: _Drawing | None = None
        self._moving: _Moving | None = None
        self._explanation: tuple[Explanation, Direction | None, Card | None] | None = None
        self._folder = ""
        self._change = ""

        self.view = PositionView(self)
        self.view.setAccessibleName("Position field")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._build_actions()
        self.controls = self._build_controls()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if show_controls:
            layout.addWidget(self.controls)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status_label)
        self._refresh()
        self.set_status("Drag from an empty cell to draw a snake, head first. Ctrl+click a snake to make it “me”.")

    # --- building ------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        style = self.style()
        self.load_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogOpenButton), "Load position…", self)
        self.load_action.setToolTip(f"Load a position from a {POSITION_SUFFIX} file")
        self.load_action.triggered.connect(lambda: self.load())
        self.save_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogSaveButton), "Save position…", self)
        self.save_action.setToolTip(f"Save this position to a {POSITION_SUFFIX} file")
        self.save_action.triggered.connect(lambda: self.save())
        self.clear_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogResetButton), "Clear", self)
        self.clear_action.setToolTip("Remove every snake from the field")
        self.clear_action.triggered.connect(self.clear)
        self.delete_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_TrashIcon), "Delete snake", self)
        self.delete_action.setToolTip("Remove the selected snake (Delete, or right-click a snake)")
        self.delete_action.triggered.connect(self.delete_selected)

    def _build_controls(self) -> QWidget:
        self.width_spin, self.height_spin = QSpinBox(), QSpinBox()
        for spin, what in ((self.width_spin, "width"), (self.height_spin, "height")):
            spin.setRange(MIN_SIDE, MAX_SIDE)
            spin.setToolTip(f"Field {what} in cells")
            spin.setKeyboardTracking(False)
        self.width_spin.setValue(self._width)
        self.height_spin.setValue(self._height)
        self.width_spin.valueChanged.connect(self._size_edited)
        self.height_spin.valueChanged.connect(self._size_edited)
        self.me_combo = QComboBox()
        self.me_combo.setToolTip("The snake whose move the program decides (or Ctrl+click a snake)")
        self.me_combo.setMinimumContentsLength(7)
        self.me_combo.activated.connect(self._me_picked)
        # Each label is its field's buddy: a screen reader says "Field", "×" and "Me" with them.
        self.width_spin.setAccessibleName("Field width")
        self.height_spin.setAccessibleName("Field height")
        me: list[QWidget | int] = [buddy_label("Me", self.me_combo), self.me_combo, 4]
        self.buttons: dict[QAction, QToolButton] = {}
        for action in (self.delete_action, self.clear_action, self.load_action, self.save_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            button.setAutoRaise(True)
            me.append(button)
            self.buttons[action] = button
        # The size and "me" stack when a large font makes them wider than the bench.
        return WrapRow([buddy_label("Field", self.width_spin), self.width_spin,
                        buddy_label("×", self.height_spin), self.height_spin], me)

    # --- our API -----------------------------------------------------------------------------

    def position(self) -> Position:
        return Position(self._width, self._height, tuple(self._snakes))

    def set_position(self, position: Position, me: int | None = 0, change: str = "Replace field") -> None:
        """Show ``position`` with snake ``me`` as "me" (clamped; None without snakes); ``change``
        names it for the field's undo ("Undo Replace field")."""
        self._cancel_gesture(quiet=True)
        self._change = change
        self._width, self._height = position.width, position.height
        self._snakes = list(position.snakes)
        self._selected = None
        self._me = None if not self._snakes else max(0, min(me or 0, len(self._snakes) - 1))
        self._sync_spins()
        self._drop_explanation()
        self._refresh()
        self.positionChanged.emit()
        self.meChanged.emit(-1 if self._me is None else self._me)

    def last_change(self) -> str:
        """What the last positionChanged did, as an undo step is named: "Draw Snake 2",
        "Clear field", "Load position x.position.json"."""
        return self._change

    def me(self) -> int | None:
        """The index of the snake whose move is decided, None on an empty field."""
        return self._me

    def set_me(self, index: int) -> None:
        if not 0 <= index < len(self._snakes):
            self.set_status(f"There is no {snake_name(index)} on the field")
            return
        if index != self._me:
            self._me = index
            self._drop_explanation()
            self._refresh()
            self.set_status(f"{snake_name(index)} is now “me”")
            self.meChanged.emit(index)

    def selected_snake(self) -> int | None:
        return self._selected

    def select_snake(self, index: int | None) -> None:
        self._selected = index if index is not None and 0 <= index < len(self._snakes) else None
        self.delete_action.setEnabled(self._selected is not None)
        self.view.set_selected_snake(self._selected)

    def snake_count(self) -> int:
        return len(self._snakes)

    def set_field_size(self, width: int, height: int) -> bool:
        """Resize the field; refused (False) while a snake would not fit."""
        if (width, height) == (self._width, self._height):
            return True
        try:
            Position(width, height, tuple(self._snakes))
        except PositionError as err:
            outside = next((i for i, s in enumerate(self._snakes) if any(not (0 <= x < width and 0 <= y < height) for x, y in s.cells)), None)
            why = f"{snake_name(outside)} would be outside it" if outside is not None else str(err)
            self.set_status(f"The field cannot shrink to {width}×{height}: {why}. Move or delete it first.", error=True)
            self._sync_spins()
            return False
        self._width, self._height = width, height
        self._change = f"{RESIZE} {width}×{height}"
        self._sync_spins()
        self._drop_explanation()
        self._refresh()
        self.set_status(f"The field is {width}×{height}")
        self.positionChanged.emit()
        return True

    def clear(self) -> None:
        if not self._snakes:
            return
        self.set_position(Position(self._width, self._height, ()), change="Clear field")
        self.set_status("Cleared the field")

    def delete_snake(self, index: int) -> None:
        if not 0 <= index < len(self._snakes):
            return
        del self._snakes[index]
        if not self._snakes:
            self._me = None
        elif self._me is not None and self._me > index:
            self._me -= 1
        elif self._me == index:
            self._me = 0
        self._selected = None
        self._drop_explanation()
        self._refresh()
        renumbered = "; the snakes after it are renumbered" if index < len(self._snakes) else ""
        self.set_status(f"Deleted {snake_name(index)}{renumbered}")
        self._change = f"Delete {snake_name(index)}"
        self.positionChanged.emit()
        self.meChanged.emit(-1 if self._me is None else self._me)

    def delete_selected(self) -> None:
        index = self._selected_or_say("then press Delete")
        if index is not None:
            self.delete_snake(index)

    def _selected_or_say(self, then: str) -> int | None:
        """The selected snake, or None after saying how to select one."""
        if self._selected is None:
            self.set_status(f"Select a snake first (a click on it, or Space on it), {then}")
        return self._selected

    def folder(self) -> str:
        """Where Load and Save position start ("" for Qt's choice)."""
        return self._folder

    def set_folder(self, folder: str) -> None:
        self._folder = folder

    def _set_used_folder(self, folder: Path) -> None:
        self._folder = str(folder)
        self.folderUsed.emit(self._folder)

    def load(self, path: str | Path | None = None) -> bool:
        """Load a position file (asking for one without ``path``); errors become the status line."""
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self, "Load position", self._folder, FILE_FILTER)
            if not name:
                return False
            path = name
        try:
            position = load_position(path)
        except PositionError as err:
            self.set_status(f"Could not load the position: {err}", error=True)
            return False
        self._set_used_folder(Path(path).parent)
        self.set_position(position, change=f"Load position {Path(path).name}")
        self.set_status(f"Loaded {Path(path).name}")
        return True

    def save(self, path: str | Path | None = None) -> bool:
        """Save the position (asking where without ``path``); errors become the status line."""
        if path is None:
            name, _ = QFileDialog.getSaveFileName(self, "Save position", self._folder, FILE_FILTER)
            if not name:
                return False
            path = name if name.endswith(".json") else name + POSITION_SUFFIX
            if path != name and Path(path).exists() and not confirm_overwrite(self, Path(path)):
                return False
        try:
            save_position(path, self.position())
        except OSError as err:
            self.set_status(f"Could not save the position to {str(path)!r}: {err.strerror or err}", error=True)
            return False
        self._set_used_folder(Path(path).parent)
        self.set_status(f"Saved {Path(path).name}")
        return True

    def set_explanation(self, explanation: Explanation | None, shown_move: Direction | None = None,
                        card: Card | None = None) -> None:
        """Lay ``explanation`` over the field (see :meth:`BattleView.set_explanation`)."""
        shown = None if explanation is None else (explanation, shown_move, card)
        if shown == self._explanation and self.view.explanation() == explanation:
            return  # the same decision again (after an edit elsewhere): no repaint
        self._explanation = shown
        if self._drawing is None and self._moving is None:
            self.view.set_explanation(explanation, shown_move, card)

    def status_text(self) -> str:
        return self.status_label.text()

    def set_status(self, text: str, error: bool = False) -> None:
        self.status_label.setText(text)
        role = QPalette.ColorRole.Text
        color = QColor("#d23c32") if error else self.palette().color(role)
        palette = self.status_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, color)
        self.status_label.setPalette(palette)
        self.statusChanged.emit(text)

    def make_selected_me(self) -> None:
        index = self._selected_or_say("then press M to make it “me”")
        if index is not None:
            self.set_me(index)

    # --- the keyboard (called by the view) ---------------------------------------------------

    def _keyboard_arrived(self) -> None:
        if self.view.cursor_cell() is None:
            self.view.set_cursor_cell(self._start_cell())
        self.set_status("Arrows move the cursor · Space starts a snake on an empty cell, the arrows draw it, "
                        "Space ends it · Space on a snake selects it: Shift+arrows move it, M makes it “me”, Delete removes it")

    def _start_cell(self) -> Cell:
        """Where the keyboard's cursor starts: on "me"'s head, else mid-field."""
        if self._me is not None and self._snakes[self._me].cells:
            return self._snakes[self._me].cells[0]
        return (self._width // 2, self._height // 2)

    def _arrow(self, dx: int, dy: int, move_snake: bool) -> None:
        if move_snake and self._drawing is None:
            self._nudge_selected(dx, dy)
            return
        cursor = self.view.cursor_cell() or self._start_cell()
        cell = (max(0, min(self._width - 1, cursor[0] + dx)), max(0, min(self._height - 1, cursor[1] + dy)))
        self.view.set_cursor_cell(cell)
        if self._drawing is not None:
            self._drag(cell)

    def _space(self) -> None:
        cursor = self.view.cursor_cell() or self._start_cell()
        self.view.set_cursor_cell(cursor)
        if self._drawing is not None:
            self._release()
            return
        owner = self._owner(cursor)
        if owner is not None:
            self.select_snake(owner)
            self.set_status(f"{snake_name(owner)} selected: Shift+arrows move it, M makes it “me”, Delete removes it")
            return
        self._press(cursor, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        if self._drawing is not None:
            self.set_status(f"Drawing {snake_name(len(self._snakes))}: the arrows draw it to its tail, Space ends it, "
                            "Escape cancels")

    def _nudge_selected(self, dx: int, dy: int) -> None:
        """Move the selected snake one cell, as a drag by one cell would."""
        index = self._selected_or_say("then Shift+arrows move it")
        if index is None:
            return
        body = self._snakes[index].cells
        if not body:
            return
        self._moving = _Moving(index, body[0], body, body)
        self._move_to((body[0][0] + dx, body[0][1] + dy))
        self._release()
        cursor = self.view.cursor_cell()
        if cursor is not None and self._moving is None and self._snakes[index].cells != body:
            self.view.set_cursor_cell((cursor[0] + dx, cursor[1] + dy))
        self.select_snake(index)

    # --- gestures (called by the view) -----------------------------------------------------

    def _press(self, cell: Cell, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> None:
        owner = self._owner(cell)
        if button == Qt.MouseButton.RightButton:
            if owner is not None:
                self.delete_snake(owner)
            return
        if button != Qt.MouseButton.LeftButton:
            return
        if owner is not None:
            self.select_snake(owner)
            if modifiers & Qt.KeyboardModifier.ControlModifier:
                self.set_me(owner)
                return
            body = self._snakes[owner].cells
            self._moving = _Moving(owner, cell, body, body)
            self.view.set_explanation(None)
            self.set_status(f"{snake_name(owner)} selected: drag to move it, Delete removes it, Ctrl+click makes it “me”")
            return
        self.select_snake(None)
        if len(self._snakes) >= GAME_INFO.max_snakes:
            self.set_status(f"A position holds at most {GAME_INFO.max_snakes} snakes: delete one first", error=True)
            return
        self._drawing = _Drawing([cell])
        self.view.set_explanation(None)
        self._refresh()
        self.set_status(f"Drawing {snake_name(len(self._snakes))}: drag on to its tail")

    def _drag(self, cell: Cell) -> None:
        if self._drawing is not None:
            self._draw_to(cell)
        elif self._moving is not None:
            self._move_to(cell)

    def _release(self) -> None:
        if self._drawing is not None:
            drawing, self._drawing = self._drawing, None
            cells = drawing.cells
            if len(cells) < 2:
                self._refresh()
                self._restore_explanation()
                self.set_status("A snake needs a head and a tail: drag from the head to the tail", error=True)
                return
            self._snakes.append(SnakeBody(tuple(cells)))
            self._drop_explanation()
            index = len(self._snakes) - 1
            became_me = self._me is None
            if became_me:
                self._me = index
            self._refresh()
            refused = f" — {drawing.refused}" if drawing.refused else ""
            self.set_status(f"Drew {snake_name(index)}, {len(cells)} cells" + (", which is “me”" if became_me else "") + refused)
            self._change = f"Draw {snake_name(index)}"
            self.positionChanged.emit()
            if became_me:
                self.meChanged.emit(index)
        elif self._moving is not None:
            moving, self._moving = self._moving, None
            if moving.now == moving.before:
                self._refresh()
                self._restore_explanation()
                if moving.refused:
                    self.set_status(moving.refused, error=True)
                return
            self._snakes[moving.index] = SnakeBody(moving.now, self._snakes[moving.index].eaten)
            self._drop_explanation()
            self._refresh()
            refused = f" — {moving.refused}" if moving.refused else ""
            self.set_status(f"Moved {snake_name(moving.index)}{refused}")
            self._change = f"Move {snake_name(moving.index)}"
            self.positionChanged.emit()

    def _cancel_gesture(self, quiet: bool = False) -> None:
        if self._drawing is None and self._moving is None:
            return
        self._drawing = self._moving = None
        self._refresh()
        self._restore_explanation()
        if not quiet:
            self.set_status("Cancelled")

    def _draw_to(self, cell: Cell) -> None:
        assert self._drawing is not None
        cells = self._drawing.cells
        while cells[-1] != cell:
            step = _step_towards(cells[-1], cell)
            if len(cells) >= 2 and step == cells[-2]:
                cells.pop()  # dragged back: take the last cell back
                continue
            if step in cells:
                self._drawing.refused = f"a snake cannot cross itself at ({step[0]}, {step[1]})"
                self.set_status(self._drawing.refused, error=True)
                break
            owner = self._owner(step)
            if owner is not None:
                self._drawing.refused = f"({step[0]}, {step[1]}) is taken by {snake_name(owner)}: snakes cannot overlap"
                self.set_status(self._drawing.refused, error=True)
                break
            cells.append(step)
        self._refresh()

    def _move_to(self, cell: Cell) -> None:
        assert self._moving is not None
        moving = self._moving
        dx, dy = cell[0] - moving.start[0], cell[1] - moving.start[1]
        shifted = tuple((x + dx, y + dy) for x, y in moving.before)
        if shifted == moving.now:
            return
        outside = next((c for c in shifted if not (0 <= c[0] < self._width and 0 <= c[1] < self._height)), None)
        if outside is not None:
            moving.refused = f"{snake_name(moving.index)} cannot leave the field"
            self.set_status(moving.refused, error=True)
            return
        taken = next(((c, self._owner(c)) for c in shifted if self._owner(c) not in (None, moving.index)), None)
        if taken is not None:
            (x, y), owner = taken
            moving.refused = f"{snake_name(moving.index)} cannot go there: ({x}, {y}) is taken by {snake_name(owner or 0)}"
            self.set_status(moving.refused, error=True)
            return
        moving.now = shifted
        self._refresh()

    # --- helpers -------------------------------------------------------------------------------

    def _owner(self, cell: Cell) -> int | None:
        """The snake on ``cell`` as it stands (a dragged snake at its old place)."""
        return next((i for i, s in enumerate(self._snakes) if cell in s.cells), None)

    def _shown_snakes(self) -> list[SnakeBody]:
        snakes = list(self._snakes)
        if self._moving is not None:
            snakes[self._moving.index] = SnakeBody(self._moving.now, snakes[self._moving.index].eaten)
        if self._drawing is not None and len(self._drawing.cells) >= 2:
            snakes.append(SnakeBody(tuple(self._drawing.cells)))
        return snakes

    def _refresh(self) -> None:
        self.view.set_board(Board(Position(self._width, self._height, tuple(self._shown_snakes()))))
        self.view.set_highlighted_snake(self._me)
        ghost = self._drawing.cells[0] if self._drawing is not None and len(self._drawing.cells) == 1 else None
        self.view.set_ghost(ghost)
        self.view.set_seat_names([snake_name(i) + (" (me)" if i == self._me else "") for i in range(GAME_INFO.max_snakes + 1)])
        self.select_snake(self._selected)
        self._fill_me_combo()
        self.view.setAccessibleDescription(self._field_description())

    def _field_description(self) -> str:
        """What the field shows, for a screen reader (the picture has no text of its own)."""
        snakes = [f"{snake_name(i)}{' (me)' if i == self._me else ''}"
                  f"{' eaten' if s.eaten else f' head at {s.cells[0]}, length {len(s.cells)}'}"
                  for i, s in enumerate(self._snakes)]
        return f"{self._width}×{self._height} field; " + ("; ".join(snakes) if snakes else "no snakes")

    def _drop_explanation(self) -> None:
        """The position changed: the explanation no longer applies (the owner decides again)."""
        self._explanation = None
        self.view.set_explanation(None)

    def _restore_explanation(self) -> None:
        if self._explanation is not None:
            self.view.set_explanation(*self._explanation)

    def _fill_me_combo(self) -> None:
        self.me_combo.blockSignals(True)
        self.me_combo.clear()
        for i in range(len(self._snakes)):
            eaten = " (eaten)" if self._snakes[i].eaten else ""
            self.me_combo.addItem(snake_icon(i), snake_name(i) + eaten, i)
        if self._me is not None:
            self.me_combo.setCurrentIndex(self._me)
        self.me_combo.setEnabled(bool(self._snakes))
        self.me_combo.blockSignals(False)

    def _sync_spins(self) -> None:
        for spin, value in ((self.width_spin, self._width), (self.height_spin, self._height)):
            spin.blockSignals(True)
            spin.setRange(min(MIN_SIDE, value), max(MAX_SIDE, value))
            spin.setValue(value)
            spin.blockSignals(False)

    def _size_edited(self) -> None:
        self.set_field_size(self.width_spin.value(), self.height_spin.value())

    def _me_picked(self, row: int) -> None:
        index = self.me_combo.itemData(row)
        if index is not None:
            self.set_me(int(index))
            # Selected too, as a Ctrl+click selects it: Delete then reaches a snake with no cell
            # to click (an eaten one, loaded from a file).
            self.select_snake(int(index))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.view.update()


def _step_towards(start: Cell, goal: Cell) -> Cell:
    """The neighbour of ``start`` one step nearer ``goal`` (along x first, as a fast drag's path)."""
    (x, y), (gx, gy) = start, goal
    if x != gx:
        return (x + (1 if gx > x else -1), y)
    return (x, y + (1 if gy > y else -1))


def main() -> int:
    """Open the editor on the first test position of a sample program."""
    test = sample_document("tail_biter").program.tests[0]

    def make() -> PositionEditor:
        editor = PositionEditor()
        editor.set_position(test.position, test.snake)
        editor.positionChanged.connect(lambda: print(editor.position()))
        return editor

    return run_alone(make, "PositionEditor", (640, 680))


if __name__ == "__main__":
    raise SystemExit(main())
