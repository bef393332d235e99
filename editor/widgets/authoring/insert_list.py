"""Where the new card goes: the program's cards in order with the new one among them. The new
card is dragged to its place with plain mouse events (press on it, move, release), as the card
list reorders its cards: no ``QDrag``, so the gesture works on every platform and in offscreen
tests; Alt+Up / Alt+Down move it too."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from editor.widgets.cards.pattern_paint import card_thumbnail
from matcher.model import Card

THUMB = 40
NEW_FILL = QColor(46, 158, 79, 40)
NEW_ROLE = Qt.ItemDataRole.UserRole + 1


class InsertList(QListWidget):
    """The cards 1..n with the new card at :meth:`position` (0-based)."""

    positionChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIconSize(QSize(THUMB, THUMB))
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setToolTip("Drag the new card to where it goes (or Alt+Up / Alt+Down): earlier cards are asked first")
        self._cards: list[Card] = []
        self._new: Card | None = None
        self._at = 0
        self._dragging = False

    # --- our API -----------------------------------------------------------------------------

    def set_cards(self, cards: Sequence[Card], new_card: Card, at: int) -> None:
        self._cards, self._new = list(cards), new_card
        self._at = max(0, min(at, len(self._cards)))
        self._fill()

    def set_new_card(self, card: Card) -> None:
        self._new = card
        item = self.item(self._at)
        if item is not None:
            item.setIcon(card_thumbnail(card, THUMB, self.palette()))

    def position(self) -> int:
        return self._at

    def set_position(self, at: int) -> None:
        at = max(0, min(at, len(self._cards)))
        if at != self._at:
            self._at = at
            self._fill()
            self.positionChanged.emit(at)

    # --- details -----------------------------------------------------------------------------

    def _fill(self) -> None:
        self.clear()
        rows: list[tuple[Card | None, bool]] = [(card, False) for card in self._cards]
        rows.insert(self._at, (self._new, True))
        bold = QFont(self.font())
        bold.setBold(True)
        for number, (card, new) in enumerate(rows, 1):
            description = card.description if card is not None else ""
            text = f"{number}. New card" if new else f"{number}. {description or '(no description)'}"
            item = QListWidgetItem(text)
            if card is not None:
                item.setIcon(card_thumbnail(card, THUMB, self.palette()))
            item.setData(NEW_ROLE, new)
            if new:
                item.setFont(bold)
                item.setBackground(QBrush(NEW_FILL))
                item.setToolTip("The new card: drag it up or down")
            else:
                item.setToolTip(description)
            self.addItem(item)
        self.scrollToItem(self.item(self._at))

    def _row_at(self, y: int) -> int:
        index = self.indexAt(QPoint(4, y))
        return index.row() if index.isValid() else (len(self._cards) if y > 0 else 0)

    # --- Qt overrides ------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.indexAt(event.position().toPoint())
        self._dragging = index.isValid() and index.row() == self._at and event.button() == Qt.MouseButton.LeftButton
        if self._dragging:
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._dragging:
            self.set_position(self._row_at(event.position().toPoint().y()))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._dragging:
            self.set_position(self._row_at(event.position().toPoint().y()))
            self._dragging = False
            self.viewport().unsetCursor()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.AltModifier and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.set_position(self._at + (-1 if event.key() == Qt.Key.Key_Up else 1))
            event.accept()
            return
        super().keyPressEvent(event)
