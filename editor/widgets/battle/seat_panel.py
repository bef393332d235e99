"""The seats of a battle as a list of rows: colour swatch, name, current length and status."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.widgets.parts.seat_cards import SeatCard, figures


class SeatRow(SeatCard):
    """One seat: swatch and name over a muted status line, the length large on the right."""

    def __init__(self, index: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(index, parent)
        self.setToolTip(f"Click to highlight {name} on the board")
        self.name_label = QLabel(name)
        self.name_label.setFont(figures(self.font(), bold=True))
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.length_label = QLabel()
        self.length_label.setToolTip("length (the score)")
        self.length_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.length_label.setFont(figures(self.font(), 1.5, bold=True))
        self.length_label.setMinimumWidth(self.length_label.fontMetrics().horizontalAdvance("000"))
        self._lay_out_row([self.name_label], self.status_label, self.length_label, 7)

    def set_state(self, length: int, status: str, *, out: bool = False) -> None:
        """Show ``length`` and ``status``; ``out`` (eaten) greys the length."""
        self.length_label.setText(str(length))
        self.length_label.setForegroundRole(QPalette.ColorRole.PlaceholderText if out else QPalette.ColorRole.WindowText)
        self.status_label.setText(status)


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
