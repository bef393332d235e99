"""What every board does with the pointer over its cells, written once for the snake board and
the bot games' boards: the hovered cell (painted by the board), a hand over a piece one can
click, and a tooltip about the cell under the pointer."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip, QWidget

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
                QToolTip.showText(event.globalPos(), text, self._widget())
            else:
                QToolTip.hideText()
            return True
        return bool(super().event(event))  # type: ignore[misc]  # QWidget's, after this mixin

    def _widget(self) -> QWidget:
        assert isinstance(self, QWidget)  # a mixin of board widgets only
        return self
