"""How the Problems pane shows a warning of the program's analysis, distinct from an error: an
amber triangle (errors are red discs), "Warning" and the kind in words before the place, and
"(observed, not proved)" said where a warning is only seen in sampled positions."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QTreeWidgetItem

from editor.widgets.parts.icon_paint import painted_icon
from editor.widgets.parts.seat_colors import is_dark

from matcher.analysis import ProgramWarning, WarningKind

WARNING_COLOR = QColor("#e0a020")
WARNING_INK = QColor("#8a5a00")
WARNING_INK_ON_DARK = QColor("#f0b94a")
WarningRole = Qt.ItemDataRole.UserRole + 2
KIND_WORDS = {
    WarningKind.ALWAYS_VALID: "always valid",
    WarningKind.NEVER_VALID: "never valid",
    WarningKind.DEAD_GROUP: "dead group",
    WarningKind.EQUAL: "duplicate card",
    WarningKind.SHADOWED: "shadowed",
    WarningKind.NEVER_DECIDED: "never decided",
    WarningKind.IDLE_WEIGHT: "idle weight",
}


@lru_cache(maxsize=4)
def warning_icon(size: int = 16) -> QIcon:
    """An amber triangle with "!" (an error is a red disc: the two never look alike)."""
    return painted_icon(size, _paint_warning)


def _paint_warning(p: QPainter, s: float) -> None:
    p.setPen(QPen(WARNING_COLOR.darker(130), 1))
    p.setBrush(QBrush(WARNING_COLOR))
    p.drawPolygon(QPolygonF([QPointF(s / 2, 1), QPointF(s - 1, s - 1.5), QPointF(1, s - 1.5)]))
    pen = QPen(QColor("white"), max(1.6, s / 9))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(QPointF(s / 2, s * 0.36), QPointF(s / 2, s * 0.64))
    p.drawPoint(QPointF(s / 2, s * 0.8))


def warning_place(warning: ProgramWarning) -> str:
    """``Warning · card 3, row 2 col 3``: the word first, so the column reads apart from errors."""
    place = f"Card {warning.card + 1}"
    if len(warning.cells) == 1:
        place += f", row {warning.cells[0][0]} col {warning.cells[0][1]}"
    return f"Warning · {place}"


def warning_item(warning: ProgramWarning, palette: QPalette) -> QTreeWidgetItem:
    """The Problems pane's row of ``warning``, its text amber (lighter on a dark ``palette``); its
    data (:data:`WarningRole`) is the warning."""
    kind = KIND_WORDS[warning.kind]
    item = QTreeWidgetItem([warning_place(warning), f"{kind}: {warning.message}"])
    item.setIcon(0, warning_icon())
    item.setData(0, WarningRole, warning)
    for column in (0, 1):
        item.setForeground(column, QBrush(WARNING_INK_ON_DARK if is_dark(palette) else WARNING_INK))
    proof = "proved" if warning.proved else "observed in sampled positions, not proved"
    tip = f"Warning ({proof}): {warning}\nThe program runs; this is probably not what you meant. Click to go to the card."
    item.setToolTip(0, tip)
    item.setToolTip(1, tip)
    return item
