"""The tournament tab's results area: the "Standings | Head to head" tabs over the rating plot and
the list of games, with the games list's pair filter (a head-to-head cell double-clicked lists
only that pair's games, until Show all).

It only shows what it is given (:meth:`ResultsArea.show_results`); the tab counts. The rating
plot is drawn at most every :data:`PLOT_MS` while games pour in (a draw costs tens of
milliseconds), the head-to-head table only while its tab is in sight."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMenu, QPushButton, QSizePolicy, QTabWidget, QWidget

from arena.tournament import Standings, compute_standings
from arena.tournament.crosstable import HeadToHead
from editor.widgets.parts.boxes import STRETCH, column, row, split
from editor.widgets.parts.form_widgets import heading, push_button
from editor.widgets.tournament.head_to_head import HeadToHeadPanel
from editor.widgets.tournament.rating_plot import RatingPlot
from editor.widgets.tournament.tournament_views import GameList, ResultsTable

PLOT_MS = 1000
"""The rating plot is drawn again at most this often (a draw costs tens of milliseconds)."""


class ResultsArea(QWidget):
    """The standings and head-to-head tabs over the rating plot and the games. ``gameChosen``
    (a game's 0-based index: Open in arena, a double-click, Enter) and ``statsChosen`` (an
    entrant's name: Card statistics…) ask the tab to act."""

    gameChosen = Signal(int)
    statsChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names: list[str] = []
        self._seats = 2
        self._snake = True  # card statistics exist for snake tournaments only
        self._standings = compute_standings([], [])
        self._meetings = HeadToHead([])
        self._meetings_shown = True  # the head-to-head tab shows self._meetings (drawn when in sight)
        self._plot_timer = QTimer(self)  # while it runs, a new plot waits for it
        self._plot_timer.setSingleShot(True)
        self._plot_timer.setInterval(PLOT_MS)
        self._plot_timer.timeout.connect(self._plot_later)
        self._plot_waiting = False
        self._build()

    def _build(self) -> None:
        self.results = ResultsTable()
        self.results.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.results.customContextMenuRequested.connect(self._results_menu)
        self.results.itemSelectionChanged.connect(self.update_buttons)
        self.results.itemActivated.connect(self._stats_of_selected)  # Enter or a double-click on an entrant
        self.stats_button = QPushButton("Card statistics…")
        self.stats_button.setToolTip("What each card of the selected entrant's program did in its finished games "
                                     "(snake tournaments)")
        self.stats_button.clicked.connect(self._stats_of_selected)
        self.rating_plot = RatingPlot()
        self.rating_plot.setMinimumSize(260, 160)
        self.games = GameList()
        self.games.itemActivated.connect(self._open_selected)  # Enter or a double-click on a game
        self.games.itemSelectionChanged.connect(self.update_buttons)
        self.open_button = QPushButton("Open in arena")
        self.open_button.setToolTip("Watch the selected game in the arena pane")
        self.open_button.clicked.connect(self._open_selected)

        # Over the list while it shows two entrants' games only (a head-to-head cell double-clicked),
        # on a line of its own: beside the heading it had a few pixels at 1024 x 700. It wraps
        # rather than widen the window (a line cut it mid-name there); names are cut to
        # :func:`_short`, and the tooltip has them whole.
        self.games_filter = QLabel()
        self.games_filter.setWordWrap(True)
        self.games_filter.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.all_games_button = push_button("Show all", "List every game again", self.show_all_games)
        games_panel = QWidget()
        column(row(heading("Games"), STRETCH, self.open_button), row((self.games_filter, 1), self.all_games_button),
               (self.games, 1), parent=games_panel, spacing=4)
        bottom = split(Qt.Orientation.Horizontal, [self.rating_plot, games_panel], [520, 420])
        self.head_to_head_panel = HeadToHeadPanel()
        self.head_to_head_panel.table.pairChosen.connect(self.show_pair_games)
        self.result_tabs = QTabWidget()
        self.result_tabs.setDocumentMode(True)
        self.result_tabs.addTab(self.results, "Standings")
        self.result_tabs.addTab(self.head_to_head_panel, "Head to head")
        self.result_tabs.setTabToolTip(1, "Who beat whom: each entrant's wins, draws and losses against each other one")
        self.result_tabs.setCornerWidget(self.stats_button, Qt.Corner.TopRightCorner)
        self.result_tabs.currentChanged.connect(self._result_tab_changed)
        column((split(Qt.Orientation.Vertical, [self.result_tabs, bottom], [220, 420]), 1), parent=self)
        self.show_all_games()

    # --- what it shows -------------------------------------------------------------------------

    def show_results(self, names: Sequence[str], seats: int, snake: bool, standings: Standings,
                     meetings: HeadToHead, *, throttle: bool = False) -> None:
        """The standings now, the head-to-head table now if in sight, the plot now or, while
        games pour in (``throttle``) and it was drawn less than :data:`PLOT_MS` ago, then."""
        self._names, self._seats, self._snake = list(names), seats, snake
        self._standings, self._meetings = standings, meetings
        self.results.show_standings(self._names, standings)
        self._meetings_shown = False
        self._show_head_to_head()
        waiting = throttle and self._plot_timer.isActive()
        if not waiting:
            self.rating_plot.show_standings(self._names, standings)
        self._plot_waiting = waiting
        if throttle:
            self._plot_timer.start()
        else:
            self._plot_timer.stop()
        self.update_buttons()

    def _plot_later(self) -> None:
        if self._plot_waiting:
            self._plot_waiting = False
            self.rating_plot.show_standings(self._names, self._standings)
            self._plot_timer.start()

    def _show_head_to_head(self) -> None:
        """The head-to-head table, when its tab is in sight (else when it comes into sight)."""
        if self._meetings_shown or self.result_tabs.currentWidget() is not self.head_to_head_panel:
            return
        known = set(self._meetings.entrants)
        order = [s.name for s in self._standings.table if s.name in known]
        self.head_to_head_panel.show_table(order, self._meetings, {name: i for i, name in enumerate(self._names)},
                                           self._seats)
        self._meetings_shown = True

    def show_pair_games(self, a: str, b: str) -> None:
        """The games list lists only the games ``a`` and ``b`` played together (a head-to-head
        cell was double-clicked), under a title that says so, until Show all games."""
        self.games.show_pair((a, b))
        self.games_filter.setText(f"Only the games of {_short(a)} and {_short(b)}")
        self.games_filter.setToolTip(f"The games {a} and {b} played together")
        self.games_filter.setVisible(True)
        self.all_games_button.setVisible(True)

    def show_all_games(self) -> None:
        self.games.show_pair(None)
        self.games_filter.setVisible(False)
        self.all_games_button.setVisible(False)

    def stats_possible(self) -> bool:
        return self._snake and self.results.selected_name() is not None

    def update_buttons(self) -> None:
        self.open_button.setEnabled(self.games.selected_index() is not None)
        self.stats_button.setEnabled(self.stats_possible())
        self.stats_button.setVisible(self._snake and self.result_tabs.currentWidget() is self.results)

    # --- reactions -----------------------------------------------------------------------------

    def _result_tab_changed(self, _index: int) -> None:
        self._show_head_to_head()
        self.update_buttons()

    def _open_selected(self) -> None:
        index = self.games.selected_index()
        if index is not None:
            self.gameChosen.emit(index)

    def _stats_of_selected(self) -> None:
        name = self.results.selected_name()
        if name is not None and self.stats_possible():
            self.statsChosen.emit(name)

    def _results_menu(self, point: QPoint) -> None:
        item = self.results.itemAt(point)
        if item is None:
            return
        self.results.selectRow(item.row())
        menu = QMenu(self)
        action = menu.addAction("Card statistics…", self._stats_of_selected)
        action.setEnabled(self.stats_possible())
        menu.popup(self.results.viewport().mapToGlobal(point))


def _short(name: str, most: int = 14) -> str:
    """An entrant's name cut to ``most`` characters (beside the games' heading)."""
    return name if len(name) <= most else name[:most - 1] + "…"
