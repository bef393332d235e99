"""Redbot kingdoms in the editor: the facts the setup forms show, and the board the arena pane shows
a match on: the dashboard over the live history plot (the original contest's gnuplot), which
exports as a PNG and as the original server's history file."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QSplitter, QWidget

from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.game_view import BoardAdapter, BoardContext, BoardExport
from editor.widgets.games.kingdoms.history_plot import KingdomsHistoryPlot
from editor.widgets.games.kingdoms.kingdoms_view import KingdomsView


class KingdomsBoard(BoardAdapter):
    """The dashboard over the live history (the original contest's gnuplot, in the app)."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = KingdomsView()
        self.history = KingdomsHistoryPlot()
        self.history.plot_widget.setMinimumHeight(140)
        self.round_line = self.history.add_cursor()
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.view)
        splitter.addWidget(self.history)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        self._fill_with(splitter)
        self.view.kingdomClicked.connect(self.seatClicked)
        self.view.installEventFilter(self)
        self._exports = (
            BoardExport("history plot", "History plot as PNG…", "-history.png", "PNG images (*.png)",
                        self.history.export_png),
            BoardExport("history", "History file (original format)…", ".lastplay.txt",
                        "History (*.lastplay *.txt);;All files (*)", self.history.export_history),
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The cards flow into 4, 2 or 1 columns as the width allows; the dashboard keeps the height
        # its cards need in that flow (the view's own minimum is one card), the plot takes the rest.
        if watched is self.view and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._fit_dashboard)  # after the view's own resize has reflowed the cards
        return False

    def _fit_dashboard(self) -> None:
        layout = self.view.layout()
        needed = layout.minimumSize().height() if layout is not None else 0
        if needed and needed != self.view.minimumHeight():
            self.view.setMinimumHeight(needed)
            total = sum(self.splitter.sizes())
            self.splitter.setSizes([needed, max(0, total - needed)])

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.history.set_seat_names(names)
        self.history.clear()
        self.view.set_highlighted_kingdom(None)

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        cards = not self.view.cards[0].isHidden()
        self.view.set_state(frames[index].state, frames[index - 1].state if index else None)
        if not cards:  # they appear (the board is shown before its match's first state): make room
            QTimer.singleShot(0, self._fit_dashboard)

    def highlight(self, seat: int | None) -> None:
        self.view.set_highlighted_kingdom(seat)

    def frame_widget(self) -> QWidget:
        return self.view

    def refresh_plots(self, frames: Sequence[Frame], index: int) -> None:
        # The round line moves here, not at every shown round: a plot repaint costs ~25 ms.
        if len(self.history.states()) != len(frames):
            self.history.set_history([f.state for f in frames])
        if frames:
            self.round_line.setValue(frames[min(index, len(frames) - 1)].state.round)

    def board_exports(self) -> Sequence[BoardExport]:
        return self._exports
