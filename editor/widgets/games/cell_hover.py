"""What every board does with the pointer over its cells, written once for the snake board and
the bot games' boards: the hovered cell (painted by the board), a hand over a piece one can
click, a tooltip about the cell under the pointer, clicks on a cell and on a seat's piece, and
the one seat that is highlighted."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QHelpEvent, QMouseEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.widgets.games.zoomable_board import ZoomableBoard
from editor.widgets.parts.seat_names import plain_tip

Cell = tuple[int, int]


class CellHover:
    """A mixin for a board widget (before ``QWidget`` in its bases) that has ``cell_at``."""

    _hovered: Cell | None = None

    def cell_at(self, point: QPointF) -> Cell | None:
        raise NotImplementedError

    def _is_piece(self, cell: Cell) -> bool:
        """Whether a click on ``cell`` picks something (a snake, a seat's piece)."""
        raise NotImplementedError

    def _hover_text(self, point: QPointF) -> str:
        """The tooltip at ``point`` ("" for none)."""
        raise NotImplementedError

    def _hover(self, point: QPointF) -> None:
        """The pointer moved to ``point``: the hovered cell and the cursor follow."""
        cell = self.cell_at(point)
        if cell != self._hovered:
            self._hovered = cell
            widget = self._widget()
            widget.setCursor(Qt.CursorShape.PointingHandCursor if cell is not None and self._is_piece(cell)
                             else Qt.CursorShape.ArrowCursor)
            widget.update()

    def leaveEvent(self, event: QEvent) -> None:
        if self._hovered is not None:
            self._hovered = None
            self._widget().update()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            # QHelpEvent has pos(), not position(): calling that raised, and no tooltip ever showed.
            text = self._hover_text(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), plain_tip(text), self._widget())  # names: as written
            else:
                QToolTip.hideText()
            return True
        return bool(super().event(event))  # type: ignore[misc]  # QWidget's, after this mixin

    def _widget(self) -> QWidget:
        assert isinstance(self, QWidget)  # a mixin of board widgets only
        return self


class SeatBoard(CellHover, ZoomableBoard):
    """A zoomable board of cells whose pieces belong to seats. A view says which seat's piece is
    on a cell (:meth:`_owner_at`) and which signal a click on it emits (:meth:`_owner_clicked`);
    this class reports clicks, hovers, drags the zoomed board and keeps the highlighted seat."""

    cellClicked = Signal(int, int)
    """A board cell was clicked, as the view's :meth:`cell_at` names it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._highlighted: int | None = None
        self._hovered = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def _owner_at(self, cell: Cell) -> int | None:
        """The seat whose piece is on ``cell``: a click there emits :meth:`_owner_clicked`."""
        raise NotImplementedError

    def _owner_clicked(self, owner: int) -> None:
        """Emit the view's own signal for a click on a piece of seat ``owner``."""
        raise NotImplementedError

    def _highlight(self, index: int | None) -> None:
        """Ring the pieces of seat ``index`` (``None``: none); repaints only on a change."""
        if index != self._highlighted:
            self._highlighted = index
            self.update()

    def _is_piece(self, cell: Cell) -> bool:
        return self._owner_at(cell) is not None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self._begin_drag(event)
        cell = self.cell_at(event.position())
        if cell is None:
            return
        self.cellClicked.emit(*cell)
        owner = self._owner_at(cell)
        if owner is not None:
            self._owner_clicked(owner)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._drag(event):  # a drag moves the zoomed board
            self._hover(event.position())
