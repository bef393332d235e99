"""The card statistics of the program's last battle or tournament in the editor: counted once it
ends (:class:`~editor.widgets.authoring.card_shares.ShareCounter`), each card's share shown in the
card list, the rest in the Statistics view (:class:`editor.widgets.stats.card_stats_dialog.CardStatsDialog`,
the tournament tab's)."""

from __future__ import annotations

import html

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from arena.card_stats import ProgramStats, StatsError, replay_files
from arena.tournament.games import SNAKE
from editor.document import ProgramDocument
from editor.widgets.arena.match_runner import WHAT_IF
from editor.widgets.authoring.card_shares import CardShares, ShareCounter
from editor.widgets.battle.battle_tab import BattleTab
from editor.widgets.cards.card_list import CardListModel
from editor.widgets.stats.card_stats_dialog import CardStatsDialog
from editor.widgets.stats.stats_count import CountedStats
from editor.widgets.tournament.tournament_tab import TournamentTab


class BattleStats(QObject):
    """What the editor's program's cards did in its last battle or tournament."""

    message = Signal(str)
    statsChanged = Signal()
    """:attr:`last_stats` changed (a battle or tournament was counted)."""

    def __init__(self, document: ProgramDocument, window: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.window = window
        self.last_stats: ProgramStats | None = None
        self.last_counted: CountedStats | None = None
        self.last_source = ""
        """What was counted, in words: ``the last battle (seed 7)``."""
        self.dialog: CardStatsDialog | None = None
        self.counter = ShareCounter(self)
        self.counter.counted.connect(self._counted)
        self._models: list[CardListModel] = []
        self.action = QAction("Card &Statistics…", self)
        self.action.setStatusTip("What each card did in the last battle or tournament: decisions, moves, ties, what "
                                 "followed, where on the field")
        self.action.triggered.connect(lambda: self.show_stats())
        self.action.setEnabled(False)

    # --- our API -----------------------------------------------------------------------------

    def count_battles_of(self, tab: BattleTab) -> None:
        """When a battle of ``tab`` ends, count what the program's cards did in it."""
        tab.runner.finished.connect(lambda _outcome: self._battle_ended(tab))

    def count_tournaments_of(self, tab: TournamentTab) -> None:
        """When a snake tournament of ``tab`` ends, count what the editor's program's cards did."""
        tab.runFinished.connect(lambda _run: self._tournament_ended(tab))

    def show_shares_in(self, model: CardListModel) -> None:
        self._models.append(model)

    def show_stats(self) -> CardStatsDialog | None:
        """The Statistics view of the last count (said on the status bar when there is none)."""
        counted, stats = self.last_counted, self.last_stats
        if counted is None or stats is None:
            self.message.emit("No battle counted yet: start one (F5); its card statistics are counted when it ends.")
            return None
        if self.dialog is None:
            self.dialog = CardStatsDialog(self.window)
        self.dialog.setWindowTitle(f"Card statistics: {stats.program.name}")
        self.dialog.title_label.setText(f"<b>{html.escape(stats.program.name)}</b> in {html.escape(self.last_source)}")
        self.dialog.show_counted(counted, stats.names[0])
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    # --- details -----------------------------------------------------------------------------

    def _battle_ended(self, tab: BattleTab) -> None:
        info = tab.info
        if info is None or info.kind == WHAT_IF or info.record is None or not info.programs:
            return  # a what-if's seat 1 may be another program: not the editor's battle
        self.counter.count([info.record], info.programs[0], f"the last battle (seed {info.seed})")

    def _tournament_ended(self, tab: TournamentTab) -> None:
        if tab.spec is None or tab.out is None or tab.spec.game != SNAKE:
            return
        try:
            files = replay_files([str(tab.out)])
        except StatsError:
            return  # no game finished
        self.counter.count(files, self.document.program, f"the last tournament ({tab.out.name})")

    def _counted(self, counted: object, stats: object, source: str) -> None:
        if not isinstance(counted, CountedStats) or not isinstance(stats, ProgramStats):
            return
        self.last_counted, self.last_stats, self.last_source = counted, stats, source
        shares = CardShares.from_stats(stats, source)
        for model in self._models:
            model.set_shares(shares)
        self.action.setEnabled(True)
        if self.dialog is not None and self.dialog.isVisible():
            self.show_stats()
        self.statsChanged.emit()
