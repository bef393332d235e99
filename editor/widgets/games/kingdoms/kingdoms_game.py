"""Redbot kingdoms in the editor: the facts the setup forms show, and the board the arena pane shows
a match on: the dashboard over the live history plot (the original contest's gnuplot), which
exports as a PNG and as the original server's history file."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QWidget

from arena.samples import SAMPLES_DIR
from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.board_legend import legend_name
from editor.widgets.games.game_view import BoardAdapter, BoardContext, BoardDemo, BoardExport, DemoSeats
from editor.widgets.games.kingdoms.history_plot import KingdomsHistoryPlot
from editor.widgets.games.kingdoms.kingdoms_view import KingdomsView, simple_actions
from engines.kingdoms import KingdomsError, playfield_from_text


class KingdomsBoard(BoardAdapter):
    """The dashboard over the live history (the original contest's gnuplot, in the app)."""

    demo = BoardDemo(size=(1060, 720), interval_ms=60, file=SAMPLES_DIR / "kingdoms" / "default_playfield.txt",
                     read=lambda text, where: playfield_from_text(text, where=where), errors=(KingdomsError,),
                     seats=lambda: DemoSeats(choose=simple_actions))
    """A playfield file, played by a trivial policy (feed the people, grow, now and then attack)."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = KingdomsView()
        self.history = KingdomsHistoryPlot()
        self.history.plot_widget.setMinimumHeight(140)
        self.round_line = self.history.add_cursor()
        # The dashboard scrolls when its cards need more height than the window has (two rows of
        # cards at 1024 x 700 would otherwise grow the window past the screen's bottom).
        self.dashboard = dashboard = QScrollArea()
        dashboard.setWidget(self.view)
        dashboard.setWidgetResizable(True)
        dashboard.setFrameShape(QFrame.Shape.NoFrame)
        dashboard.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(dashboard)
        splitter.addWidget(self.history)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        self._fill_with(splitter)
        self.view.kingdomClicked.connect(self.seatClicked)
        self.view.installEventFilter(self)
        self._fitted = (0, 0)
        """The cards' height and the splitter's room the dashboard was last fitted to."""
        self._exports = (
            BoardExport("history plot", "History plot as PNG…", "-history.png", "PNG images (*.png)",
                        self.history.export_png),
            BoardExport("history", "History file (original format)…", ".lastplay.txt",
                        "History (*.lastplay *.txt);;All files (*)", self.history.export_history),
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The cards flow into 4, 2 or 1 columns as the width allows; the dashboard takes the height
        # its cards need in that flow, the plot the rest.
        if watched is self.view and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._fit_dashboard)  # after the view's own resize has reflowed the cards
        return False

    def _fit_dashboard(self) -> None:
        """Give the dashboard the height its cards need in their flow, as far as the plot keeps
        its least height; what does not fit scrolls."""
        layout = self.view.layout()
        if layout is not None:
            layout.invalidate()  # its least size is cached: after a reflow it still said one row of cards
        needed = layout.minimumSize().height() if layout is not None else 0
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if not needed or not total or (needed, total) == self._fitted:
            return  # the same flow in the same room: a height the user dragged to stays
        self._fitted = (needed, total)
        self.view.setMinimumHeight(needed)  # the cards keep their height; the dashboard scrolls
        height = min(needed, max(total - self.history.minimumSizeHint().height(), 0))
        self.splitter.setSizes([height, total - height])

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.history.set_seat_names([legend_name(name) for name in names])
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
