"""The tournament the tab shows, on its right, and how it follows a tournament as it plays: the
progress and its clock, a status line, then the standings, the head-to-head table, the rating
plot and the games (:class:`~.tournament_results.ResultsArea`). Each game shows as it starts and
ends; the standings are counted again at most every :data:`REFRESH_MS` (by
:class:`~arena.tournament.running.RunningStandings`, as ``snakepit tournament`` counts them); a
tournament read from its folder is shown whole. A finished game's replay and an entrant's card
statistics are opened from here.

:class:`~.tournament_tab.TournamentTab` builds on it: the setup, Start, Cancel and Open…, and
the worker whose signals (one per game started, finished or failed) come to the reactions here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QWidget

from arena.tournament import (
    GameRecord,
    GameStart,
    Progress,
    Standings,
    TournamentRun,
    TournamentSpec,
    compute_standings,
)
from arena.tournament.crosstable import HeadToHead
from arena.tournament.games import SNAKE
from arena.tournament.runner import GameFailure
from arena.tournament.running import RunningStandings
from arena.tournament.store import TournamentStore
from editor.widgets.parts.boxes import column, status_line
from editor.widgets.stats.card_stats_dialog import CardStatsDialog
from editor.widgets.tournament.tournament_progress import RunProgress
from editor.widgets.tournament.tournament_results import ResultsArea

REFRESH_MS = 150
"""The table is shown again at most this often while games pour in."""


class ShownTournament(QWidget):
    """The tournament shown (``spec``, its folder ``out``, and ``run`` once it ended or was read)
    with its finished games, standings and head-to-head table; ``clock`` (seconds) times a run."""

    openReplay = Signal(str)
    """A finished game's replay file, to watch in the arena pane."""
    message = Signal(str)
    """A one-line note for a host's status bar."""

    def __init__(self, parent: QWidget | None, clock: Callable[[], float]) -> None:
        super().__init__(parent)
        self.spec: TournamentSpec | None = None
        self.out: Path | None = None
        self.run: TournamentRun | None = None
        self.stats_dialog: CardStatsDialog | None = None
        self._records: dict[int, GameRecord] = {}
        self._running: RunningStandings | None = None  # the run's standings, once counted (in the worker)
        self._standings = compute_standings([], [])
        self._meetings = HeadToHead([])  # who beat whom, beside the standings
        self._total = 0
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self._refresh_results)
        self.progress = RunProgress(clock)
        self.progress_bar, self.eta_label = self.progress.bar, self.progress.time_label

    # --- what it shows, and opens --------------------------------------------------------------

    def standings(self) -> Standings:
        return self._standings

    def head_to_head(self) -> HeadToHead:
        return self._meetings

    def records(self) -> dict[int, GameRecord]:
        return dict(self._records)

    def replay_path(self, index: int) -> Path | None:
        return TournamentStore(self.out).replay_path(index) if self.out is not None else None

    def open_game(self, index: int) -> bool:
        """Ask for game ``index``'s replay in the arena (``openReplay``); False when it has none."""
        path = self.replay_path(index)
        if path is None or index not in self._records:
            self._say(f"Game {index + 1} has no replay file yet.")
            return False
        if not path.is_file():  # finished, its replay moved or deleted since
            self._say(f"Game {index + 1} has no replay: {path} is missing.")
            return False
        self.openReplay.emit(str(path))
        return True

    def show_card_stats(self, name: str) -> CardStatsDialog | None:
        """The card statistics of entrant ``name`` over its finished games (a snake tournament
        only), counted in a window of their own; None when there is nothing to count."""
        spec, out = self.spec, self.out
        if spec is None or out is None or spec.game != SNAKE or name not in spec.names:
            return None
        # Entrants playing the same program are counted together (card statistics are the
        # program's), so every game of any of them counts.
        digests = {e.name: e.to_json().get("sha256") for e in spec.entrants}
        same = {other for other, digest in digests.items() if digest == digests[name]}
        store = TournamentStore(out)
        files = [store.replay_path(i) for i, record in sorted(self._records.items()) if same & set(record.seats)]
        if self.stats_dialog is None:
            self.stats_dialog = CardStatsDialog(self)
        dialog = self.stats_dialog
        others = [other for other in spec.names if other in same and other != name]
        together = f" and {', '.join(others)} (the same program)" if others else ""
        dialog.setWindowTitle(f"Card statistics: {name}")
        dialog.count(files, seat=name, title=f"<b>{name}</b>{together} in the tournament in {out}: {len(files)} "
                                             f"finished game{'s' * (len(files) != 1)}")
        dialog.show()
        dialog.raise_()
        return dialog

    # --- building ----------------------------------------------------------------------------

    def _build_shown(self) -> QWidget:
        """The right side: the progress, the status line and the results."""
        self.status_label = status_line()
        self.results_area = ResultsArea()
        self.results_area.gameChosen.connect(self.open_game)
        self.results_area.statsChosen.connect(self.show_card_stats)
        area = self.results_area  # its parts, by the names the tab's users and tests know
        self.results, self.stats_button, self.rating_plot = area.results, area.stats_button, area.rating_plot
        self.games, self.open_button = area.games, area.open_button
        self.games_filter, self.all_games_button = area.games_filter, area.all_games_button
        self.head_to_head_panel, self.result_tabs = area.head_to_head_panel, area.result_tabs
        right = QWidget()
        column(self.progress, self.status_label, (self.results_area, 1), parent=right, margins=(4, 10, 10, 10))
        return right

    # --- reactions: a run ----------------------------------------------------------------------

    def _counted(self, running: RunningStandings) -> None:
        """The standings of the games played before this run, counted in the worker."""
        self._running = running
        self._standings, self._meetings = running.standings(), running.head_to_head()
        self._show_results()

    def _began(self, done: int, total: int) -> None:
        self.progress.show_count(done, total)

    def _game_started(self, game: GameStart) -> None:
        self.games.start_game(game.index, game.seats, game.map)
        self._show_playing()

    def _progressed(self, progress: Progress) -> None:
        record = progress.record
        self._records[record.index] = record
        if self._running is not None:  # always: it comes first
            self._running.add(record)
        self.games.add_game(record)
        self.progress.finished_game(progress)
        self._show_playing()
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def _game_failed(self, failure: GameFailure) -> None:
        if self._running is not None:
            self._running.skip(failure.index)
        self.games.stop_playing(failure.index)
        self._show_playing()
        self.message.emit(f"Game {failure.index + 1} ({', '.join(failure.seats)}) could not be played: {failure.error}")

    # --- showing -------------------------------------------------------------------------------

    def _show_records(self, run: TournamentRun) -> None:
        self._records = dict(run.records)
        self._total = run.total
        self.games.clear_games()
        self.results_area.show_all_games()
        for record in self._records.values():
            self.games.add_game(record)
        # Counted where the folder was read (a folder read for Start is counted in the worker
        # next: ``counted``); never here, on the GUI thread.
        self._standings = run.standings
        self._meetings = run.counted_head_to_head or HeadToHead(run.spec.names)
        self._show_results()

    def _show_playing(self) -> None:
        playing = self.games.playing()
        if not playing:
            return
        numbers = [str(index + 1) for index in playing]
        games = f"game {numbers[0]}" if len(numbers) == 1 else f"games {', '.join(numbers[:-1])} and {numbers[-1]}"
        self.status_label.setText(f"Playing {games} · {len(self._records)} of {self._total} finished · "
                                  f"results go to {self.out}")

    def _refresh_results(self) -> None:
        """The standings of the games finished so far, while a tournament plays (the plot at
        most every :data:`~.tournament_results.PLOT_MS`)."""
        if self._running is not None:
            self._standings, self._meetings = self._running.standings(), self._running.head_to_head()
        self._show_results(throttle=True)

    def _show_results(self, throttle: bool = False) -> None:
        spec = self.spec
        self.results_area.show_results(spec.names if spec is not None else [], spec.seats if spec is not None else 2,
                                       spec is None or spec.game == SNAKE, self._standings, self._meetings,
                                       throttle=throttle)

    def _say(self, text: str, aloud: bool = True) -> None:
        """``text`` in the tab's status line and, ``aloud``, in the host's status bar (which the
        user reads wherever they are: only for what they did)."""
        self.status_label.setText(text)
        if aloud:
            self.message.emit(text)
