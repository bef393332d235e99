"""A board with a side panel of seats and logs, the side beside the board or under it, whichever
leaves the board — a square field — the bigger.

Beside, the seats stand over tabs of the logs (as in the arena pane); under, the seats are a tab
too, so the board keeps the whole width of a narrow pane (the editor's side pane) and the side
only a strip. The arrangement follows the splitter's size; the share between board and side is
set when the arrangement changes and on :meth:`BoardSplit.share_room`, otherwise a splitter the
user dragged stays where it was put."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QTabWidget, QVBoxLayout, QWidget

from editor.widgets.parts.form_widgets import scrolled

SIDE_WIDTH, SIDE_MIN_WIDTH = 330, 200
"""The side beside the board: at most, at least this wide."""
UNDER_SHARE, SIDE_MIN_UNDER = 3, 100
"""The side under the board, when its seats would take more than 2/5 of the height: a third of
the height, unless that is lower than its tab bar and this (the summary line and a seat row)."""


class BoardSplit(QSplitter):
    """``board`` and a side of ``seats`` and ``logs`` (``(widget, tab title)``); ``reserved`` is
    the height the board needs besides its square field (a line of text under it)."""

    def __init__(self, board: QWidget, seats: QWidget, logs: Sequence[tuple[QWidget, str]],
                 reserved: Callable[[], int] = lambda: 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats, self.logs, self._reserved = seats, list(logs), reserved
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.seats_area = scrolled(QWidget())
        """The seats' tab, under the board: its rows scroll there when the tab is lower than they
        are (the battle's setup shown at 1024 x 700 squeezed them, their names cut in half)."""
        self.side = QWidget()
        self._side_layout = QVBoxLayout(self.side)
        self._side_layout.setContentsMargins(0, 0, 0, 0)
        self._side_layout.setSpacing(8)
        self._side_layout.addWidget(self.tabs, 1)
        self.addWidget(board)
        self.addWidget(self.side)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 0)
        self.setChildrenCollapsible(False)
        self._beside: bool | None = None
        """Whether the side stands beside the board (None: not arranged yet)."""
        self._arrange()

    def side_beside(self) -> bool:
        return bool(self._beside)

    def share_room(self) -> None:
        """The side its natural room (a column; under the board, the seats' height), the board
        the rest."""
        beside = self.side_beside()
        side = self._side_room(beside)
        total = self.width() if beside else self.height()
        self.setSizes([max(1, total - side - self.handleWidth()), side])

    # --- details -----------------------------------------------------------------------------

    def _arrange(self) -> None:
        beside = self._board_bigger_beside()
        if beside == self._beside:
            return
        self._beside = beside
        self.tabs.clear()
        if beside:
            if self.seats_area.widget() is self.seats:
                self.seats_area.takeWidget()
            self._side_layout.insertWidget(0, self.seats)
        else:
            self._side_layout.removeWidget(self.seats)
            self.seats_area.setWidget(self.seats)
            self.tabs.addTab(self.seats_area, "Seats")
        for widget, title in self.logs:
            self.tabs.addTab(widget, title)
        self.seats.show()
        self.setOrientation(Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical)
        self.side.setMinimumSize(SIDE_MIN_WIDTH if beside else 0, 0)
        self.share_room()

    def _side_room(self, beside: bool) -> int:
        if beside:
            return max(SIDE_MIN_WIDTH, min(SIDE_WIDTH, self.width() * 2 // 5))
        bar = self.tabs.tabBar().sizeHint().height()
        natural = bar + self.seats.sizeHint().height() + 8
        if natural * 5 <= self.height() * 2:
            return natural  # all the seats on show, the board keeps 3/5 of the height or more
        # Else a third of the height (the seats scroll in their tab), but room for a seat or
        # two: with all four seats the side took half of the bench dock at 1024 x 700 and the
        # board, the thing a user clicks snakes on, was left 143 px for 25 x 25 cells.
        return min(natural, max(self.height() // UNDER_SHARE, bar + SIDE_MIN_UNDER))

    def _board_bigger_beside(self) -> bool:
        """Whether a square field gets more pixels with the side beside the board than under it."""
        width, height = self.width(), self.height() - self._reserved()
        board = self.widget(0)
        least = board.minimumSizeHint().width() if board is not None else 0
        if width < SIDE_MIN_WIDTH + least + self.handleWidth():
            return False  # beside, the two would be wider than the room (the bench dock at 1024 px)
        beside = min(width - self._side_room(True), height)
        under = min(width, height - self._side_room(False))
        return beside > under

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()
