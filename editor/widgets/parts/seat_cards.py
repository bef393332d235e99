"""What every list of seats shares (the battle's seat panel, the arena's scoreboard, the kingdoms
dashboard, the tournament's entrants): a seat's colour disc, rank words, figures that line up,
and the clickable card a seat is shown on."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPalette, QPixmap
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from editor.widgets.parts.seat_colors import blend, seat_color

SWATCH = 14
"""The side of a seat's colour disc in pixels."""


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``: a rank as people say it."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def figures(font: QFont, scale: float = 1.0, bold: bool = False) -> QFont:
    """``font`` with tabular figures, so numbers in neighbouring rows line up as they change."""
    font = QFont(font)
    font.setFeature(QFont.Tag("tnum"), 1)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    return font


def disc_pixmap(color: QColor, size: int = SWATCH) -> QPixmap:
    """A small disc in ``color`` with a darker rim, for labels, list items and icons."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(color.darker(130))
    painter.setBrush(color)
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return pixmap


def swatch_pixmap(index: int, size: int = SWATCH) -> QPixmap:
    """A small disc in seat ``index``'s colour."""
    return disc_pixmap(seat_color(index), size)


class SeatCard(QFrame):
    """A seat's card: a click on it emits :attr:`clicked` with the seat; selected, it is framed and
    tinted in the seat's colour. A card with a look of its own overrides :meth:`paintEvent`."""

    clicked = Signal(int)

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self._selected = False
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def is_selected(self) -> bool:
        return self._selected

    def set_selected(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self.update()

    def _lay_out_row(self, top: list[QLabel], below: QWidget, number: QLabel, margin: int) -> None:
        """The row layout: the seat's disc, then ``top`` (the name first) over ``below``, and
        ``number`` large on the right over both lines; ``margin`` pixels above and below."""
        self.swatch = QLabel()
        self.swatch.setPixmap(swatch_pixmap(self.index))
        self.swatch.setFixedSize(SWATCH, SWATCH)
        grid = QGridLayout(self)
        grid.setContentsMargins(10, margin, 10, margin)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(1)
        grid.addWidget(self.swatch, 0, 0, Qt.AlignmentFlag.AlignVCenter)
        for column, label in enumerate(top, 1):
            grid.addWidget(label, 0, column)
        grid.addWidget(below, 1, 1, 1, len(top))
        grid.addWidget(number, 0, len(top) + 1, 2, 1)
        grid.setColumnStretch(1, 1)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        window, color = palette.color(QPalette.ColorRole.Window), seat_color(self.index)
        painter.setPen(color if self._selected else blend(window, palette.color(QPalette.ColorRole.WindowText), 0.14))
        painter.setBrush(blend(window, color, 0.16) if self._selected else palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(self.rect().adjusted(0, 0, -1, -1), 6, 6)
