"""The seats of a battle as a list of rows: colour swatch, name, current length and status."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QMouseEvent, QPainter, QPaintEvent, QPalette, QPixmap
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.widgets.snake_colors import blend, seat_color

SWATCH = 14


def swatch_pixmap(index: int, size: int = SWATCH) -> QPixmap:
    """A small disc in seat ``index``'s colour, for labels and list items."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = seat_color(index)
    painter.setPen(color.darker(130))
    painter.setBrush(color)
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return pixmap


class SeatRow(QFrame):
    """One seat: swatch and name over a muted status line, the length large on the right."""

    clicked = Signal(int)

    def __init__(self, index: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self._selected = False
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"Click to highlight {name} on the board")

        self.swatch = QLabel()
        self.swatch.setPixmap(swatch_pixmap(index))
        self.swatch.setFixedSize(QSize(SWATCH, SWATCH))
        self.name_label = QLabel(name)
        bold = QFont(self.name_label.font())
        bold.setBold(True)
        self.name_label.setFont(bold)
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.length_label = QLabel()
        self.length_label.setToolTip("length (the score)")
        self.length_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        big = QFont(self.length_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.length_label.setFont(big)
        self.length_label.setMinimumWidth(self.length_label.fontMetrics().horizontalAdvance("000"))

        grid = QGridLayout(self)
        grid.setContentsMargins(10, 7, 10, 7)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(1)
        grid.addWidget(self.swatch, 0, 0, Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.name_label, 0, 1)
        grid.addWidget(self.status_label, 1, 1)
        grid.addWidget(self.length_label, 0, 2, 2, 1)
        grid.setColumnStretch(1, 1)

    def set_state(self, length: int, status: str, *, out: bool = False) -> None:
        """Show ``length`` and ``status``; ``out`` (eaten) greys the length."""
        self.length_label.setText(str(length))
        self.length_label.setForegroundRole(QPalette.ColorRole.PlaceholderText if out else QPalette.ColorRole.WindowText)
        self.status_label.setText(status)

    def is_selected(self) -> bool:
        return self._selected

    def set_selected(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        window = palette.color(QPalette.ColorRole.Window)
        color = seat_color(self.index)
        fill = blend(window, color, 0.16 if self._selected else 0.0)
        border = color if self._selected else blend(window, palette.color(QPalette.ColorRole.WindowText), 0.14)
        painter.setPen(border)
        painter.setBrush(fill if self._selected else palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(self.rect().adjusted(0, 0, -1, -1), 6, 6)


class SeatPanel(QWidget):
    """The rows of all seats; clicking a row selects that seat."""

    seatClicked = Signal(int)

    def __init__(self, names: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows = [SeatRow(i, name) for i, name in enumerate(names)]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for row in self.rows:
            row.clicked.connect(self.seatClicked)
            layout.addWidget(row)

    def set_selected(self, index: int | None) -> None:
        for row in self.rows:
            row.set_selected(row.index == index)
