"""The icon of "New card from here": a small card (a 7×7 grid) with a green plus, so the button
can go without words where a header has no room for them (the Battle tab's)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen

from editor.widgets.parts.icon_paint import painted_icon

PLUS = QColor("#2e9e4f")


@lru_cache(maxsize=2)
def new_card_icon(size: int = 16) -> QIcon:
    return painted_icon(size, _paint)


def _paint(p: QPainter, s: float) -> None:
    card = QRectF(1, 1, s * 0.72, s * 0.72)
    p.setPen(QPen(QColor("#5a6270"), 1))
    p.setBrush(QColor("white"))
    p.drawRect(card)
    p.setPen(QPen(QColor("#b8bec8"), 0.6))
    for i in (1, 2):
        x = card.left() + card.width() * i / 3
        y = card.top() + card.height() * i / 3
        p.drawLine(QPointF(x, card.top()), QPointF(x, card.bottom()))
        p.drawLine(QPointF(card.left(), y), QPointF(card.right(), y))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(PLUS)
    p.drawEllipse(QRectF(s * 0.46, s * 0.46, s * 0.54, s * 0.54))
    pen = QPen(QColor("white"), max(1.4, s / 10))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    c = s * 0.73
    p.drawLine(QPointF(c - s * 0.14, c), QPointF(c + s * 0.14, c))
    p.drawLine(QPointF(c, c - s * 0.14), QPointF(c, c + s * 0.14))
