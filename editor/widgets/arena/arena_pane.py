"""The arena pane: set up, run, watch, scrub, replay and export a match of any registered game.

Left the setup; in the middle the game's board view; right the scoreboard over the seat log and
the plots; under all of them the transport. Matches run in a :class:`MatchRunner` worker, replays
are played through their game's engine by the same worker, so both come in as the same frames
and play with the same controls. What differs per game comes from the game's entry in
:data:`editor.widgets.games.registry.GAME_VIEWS`: its facts (title, what a seat and a round are
called, why a match ends) and its board, which brings its own actions (a what-if from the shown
turn) and exports (a history of the game's own) and keeps its own plots; the pane names no game."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QMetaMethod, QPoint, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.match import MatchSetup, MatchSetupError
from editor.widgets.arena.board_window import PopOut
from editor.widgets.arena.match_runner import REPLAY, WHAT_IF, Frame, MatchInfo, MatchRunner, Outcome
from editor.widgets.arena.match_setup import MatchSetupPanel
from editor.widgets.arena.match_title import MatchTitle
from editor.widgets.arena.match_transport import Playback, Transport
from editor.widgets.arena.replay_saving import REPLAY_FILTER, save_replay_copy
from editor.widgets.arena.watching import Watcher, watch
from editor.widgets.parts.dialog_folders import EXPORTS, REPLAYS, remember_file, start_folder
from editor.widgets.arena.scoreboard import Scoreboard, match_summary
from editor.widgets.arena.seat_log_export import CSV_FILTER, write_seat_log
from editor.widgets.arena.seat_log import SeatLog
from editor.widgets.games.board_legend import legend_name
from editor.widgets.games.cell_hover import SeatBoard
from editor.widgets.games.game_view import BoardAdapter, BoardContext, BoardExport, GameSpec
from editor.widgets.games.registry import GAME_VIEWS
from editor.widgets.parts.accessibility import announce, plain_words, step_focus
from editor.widgets.parts.form_widgets import error_line, scrolled
from editor.widgets.parts.seat_names import numbered
from editor.widgets.parts.seat_plots import PlotError, SeriesPlot
from editor.widgets.parts.standalone import run_alone
from matcher import Program

SETUP_WIDTH = 280
SIDE_WIDTH = 420  # the seat log whole: every status word, its note column at least 110 px
SIDE_LEAST = 300
"""The scoreboard's and the log's column is never narrower."""
BOARD_WIDTH = 400
"""The board's column keeps this much when the setup is shown beside it, while the scoreboard's
can give way."""
PLOT_DELAY_MS = 120
"""Plots redraw at most this often while frames pour in (a redraw of a long curve takes ms)."""
PNG_FILTER = "PNG images (*.png)"
TRANSPORT_SETTINGS = "arena/transport/"
"""Where the transport keeps its speed and loop between sessions."""
SHARED_EXPORTS = {"frame": "-turn{turn}.png", "score": "-scores.png", "time": "-think-time.png",
                  "seat log": "-seat-log.csv"}
"""What every match exports (the shown board and the shared plots), with the file name suggested
after the match's ``<game>-<seed>``."""


# --- the pane ------------------------------------------------------------------------------------


class ArenaPane(QWidget):
    """Setup, board, scoreboard, log, plots and transport of one match at a time.

    ``settings``: where the last setups are kept. ``editor_program``: the program open in the
    editor (program seats can play it). ``bot_env``/``host_root``: passed to every match (tests mark
    their bots with them)."""

    message = Signal(str)
    """A one-line note for a host's status bar."""
    cardRequested = Signal(object)
    """A board's "New card from here" (a seat's moment in the shown turn), for the editor to make the card."""

    def __init__(self, settings: QSettings | None = None, *, editor_program: Callable[[], Program | None] | None = None,
                 bot_env: Mapping[str, str] | None = None, host_root: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scratch = tempfile.TemporaryDirectory(prefix="snakepit-arena-")
        self.scratch = Path(self._scratch.name)
        self.bot_env, self.host_root = bot_env, host_root
        self.settings = settings if settings is not None else QSettings()
        self.runner = MatchRunner(self)
        self.playback = Playback(self.runner.gate, self)
        self.info: MatchInfo | None = None
        self.outcome: Outcome | None = None
        self.names: list[str] = []
        self.board: BoardAdapter | None = None
        self.boards: dict[str, BoardAdapter] = {}
        self._board_buttons: dict[str, list[QToolButton]] = {}
        self._tools: dict[QToolButton, QAction] = {}  # a header button: its place in the header's tool bar
        self._board_entries: dict[str, list[QAction]] = {}
        """Per game, its board's buttons in the header and entries in the Export menu."""
        self._matches = 0
        self._replays = 0
        self._starting = False
        """Start made room for a match whose worker has not reported yet (see :meth:`_make_room`)."""
        self._side_lent = 0
        """What the side column gave the setup when it was shown (:meth:`_make_setup_room`): it
        gets it back when the setup hides."""
        self._selected: int | None = None
        self._plot_timer = QTimer(self)
        self._plot_timer.setSingleShot(True)
        self._plot_timer.setInterval(PLOT_DELAY_MS)
        self._plot_timer.timeout.connect(lambda: self._refresh_plots())
        self._cursor_timer = QTimer(self)
        self._cursor_timer.setSingleShot(True)
        self._cursor_timer.setInterval(PLOT_DELAY_MS)
        self._cursor_timer.timeout.connect(self._move_cursors)

        self.setup_panel = MatchSetupPanel(self.settings, scratch=self.scratch,
                                           editor_program=editor_program)
        self._build()
        self._connect()
        self._game_chosen(self.setup_panel.game())
        self._show_idle()

    # --- our API -----------------------------------------------------------------------------

    def start(self) -> bool:
        """Start the match the setup describes; False (and the reason shown) when it cannot."""
        try:
            setup = self.setup_panel.setup()
        except MatchSetupError as error:
            self.setup_panel.show_message(str(error))
            return False
        self.setup_panel.show_message("")
        self.failure_label.hide()
        self.setup_panel.remember()
        self._matches += 1
        record = self.scratch / f"match-{self._matches}.jsonl"
        self.outcome = None
        self.transport.set_stoppable(True)
        self.runner.start_match(setup, record=record, bot_env=self.bot_env, host_root=self.host_root)
        self._make_room(setup.game)
        return True

    def _make_room(self, game: str) -> None:
        """At Start, before the worker reports: the game's board takes the middle and the setup
        column hides, so the pane is laid out and painted anew now, while the worker starts, not
        in the match's first round, when its bots start and its worker computes (issue 16: 10-20
        ms of a 100-150 ms stall). A match that ends before it started gives the setup back."""
        if game in GAME_VIEWS:
            self._starting = True
            self.stack.setCurrentWidget(self._board(game))
            self.show_setup(False)

    def _gave_up(self) -> None:
        """The match started at Start ended before it started: the setup (and its message) and
        what the pane showed before come back."""
        if self._starting:
            self._starting = False
            self.stack.setCurrentWidget(self.board if self.board is not None else self.idle_label)
            self.show_setup(True)

    def stop(self) -> None:
        """Stop the running match: its bots are killed at once; the finished turns stay."""
        self.runner.stop()

    def open_replay(self, path: str | Path | None = None) -> bool:
        """Watch a replay file (asked for when ``path`` is None)."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a match replay", str(start_folder(self.settings, REPLAYS)),
                                                  REPLAY_FILTER)
            if not path:
                return False
            remember_file(self.settings, REPLAYS, path)
        self.outcome = None
        self.setup_panel.show_message("")
        self.failure_label.hide()
        self.transport.set_stoppable(True, replay=True)
        self.runner.gate.set_open(True)  # a replay is computed at once; the transport paces the view
        self._replays += 1
        self.runner.start_replay(Path(path), keep=self.scratch / f"replay-{self._replays}.jsonl")
        return True

    def save_replay(self, path: str | Path | None = None) -> bool:
        """Copy the shown match's replay file (every finished turn so far) to ``path``."""
        saved, note = save_replay_copy(self, self.info, path, settings=self.settings)
        if note:
            self._say(note)
        return saved

    def export_frame(self, path: str | Path) -> Path:
        """The shown board as a PNG."""
        if self.board is None or not self.board.frame_widget().grab().save(str(path), "PNG"):
            raise PlotError(f"{path}: cannot write the frame as PNG")
        return Path(path)

    def start_branch(self, setup: MatchSetup, turn: int) -> None:
        """Run ``setup``, a match that branches off the shown one at ``turn`` (a board's what-if):
        recorded like any other, shown from that turn on."""
        self.outcome = None
        self.failure_label.hide()
        self.transport.set_stoppable(True)
        self.runner.start_what_if(setup, turn, record=self.scratch / f"match-{self._matches}.jsonl")

    def _scratch_folder(self, kind: str) -> Path:
        self._matches += 1
        return self.scratch / f"{kind}-{self._matches}"

    def shutdown(self) -> None:
        """Keep the setup as it is for the next start, stop the worker and wait for it (the app
        is closing)."""
        self.setup_panel.remember()
        self.popout.pop_in()
        self.runner.stop()
        self.runner.wait(3.0)

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        scroll = scrolled(self.setup_panel)
        self.setup_panel.setContentsMargins(0, 0, 8, 0)
        self.setup_scroll = scroll
        self._fit_setup()
        self.setup_panel.gameChanged.connect(lambda _game: self._fit_setup())

        self.title_label = MatchTitle()
        self.title_label.setObjectName("matchTitle")
        self.save_action = self._action("Save replay…", "", "Save this match's replay (JSONL, as the CLI writes)",
                                        lambda: self.save_replay())
        self.export_menu = QMenu("Export", self)  # its title names it as a submenu of the header menu
        self.export_frame_action = self.export_menu.addAction("Frame as PNG…", lambda: self._export("frame"))
        self.export_score_action = self.export_menu.addAction("Score plot as PNG…", lambda: self._export("score"))
        self.export_time_action = self.export_menu.addAction("Think-time plot as PNG…", lambda: self._export("time"))
        self.export_log_action = self.export_menu.addAction("Seat log as CSV (the rows listed)…",
                                                            lambda: self._export("seat log"))
        export = QToolButton()
        export.setText("Export")
        export.setMenu(self.export_menu)
        export.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_button = export
        # A button that does not fit goes under the tool bar's » button, which Qt disables for
        # widgets: Export then had no other way in. Its key opens the menu (and a right click on
        # the header offers every header button), wherever the button is.
        self.export_action = self._action("Export", "Ctrl+Shift+E", "Export the frame, a plot or the seat log",
                                          self._show_export_menu)
        export.setToolTip(self.export_action.toolTip())
        self.setup_action = self._action("Setup", "Ctrl+Shift+M", "Show or hide the match setup", self._toggle_setup)
        self.popout_action = self._action("Pop out", "Ctrl+Shift+B", "Show the board in a window of its own (on "
                                          "another screen, full screen); close it to have it back here",
                                          self._toggle_popout)
        self.popout_action.setCheckable(True)
        self.setup_action.setCheckable(True)
        self.setup_action.setChecked(True)
        self.setup_button = QToolButton()
        self.setup_button.setDefaultAction(self.setup_action)
        header = QHBoxLayout()
        header.setSpacing(4)
        header.addWidget(self.setup_button)
        header.addSpacing(6)
        header.addWidget(self.title_label, 1)
        # The shown board's own actions, Save, Export and Pop out: in a tool bar, whose buttons
        # that do not fit (the setup beside a board at 1024 px) go under its » button, so the
        # header never makes the board's column wider than the board needs.
        self.header_tools = QToolBar()
        self.header_tools.setMovable(False)
        self.header_tools.setStyleSheet("QToolBar { border: none; padding: 0px; spacing: 4px; }")
        self.header_tools.setIconSize(QToolButton().iconSize())
        self.save_button = QToolButton()
        self.save_button.setDefaultAction(self.save_action)
        self._save_tool = self.header_tools.addWidget(self.save_button)  # the board's own go before it
        self.header_tools.addWidget(export)
        popout = QToolButton()
        popout.setDefaultAction(self.popout_action)
        self.header_tools.addWidget(popout)
        for button in (self.save_button, export, popout):
            as_header_button(button)
        header.addWidget(self.header_tools)

        self.stack = QStackedWidget()
        self.idle_label = QLabel("Set a match up on the left and press <b>Start match</b> (Ctrl+Return),<br>"
                                 "or open a replay. Space plays and pauses, ← → step, Home/End jump, Esc stops.")
        self.idle_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.idle_label.setWordWrap(True)  # two long lines must not set the pane's least width
        self.idle_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.stack.addWidget(self.idle_label)
        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(4, 0, 4, 0)
        column.setSpacing(6)
        column.addLayout(header)
        self.failure_label = error_line("arenaFailure")
        column.addWidget(self.failure_label)
        column.addWidget(self.stack, 1)
        # A right click on the header (the tool bar's » included; a board without a menu of its
        # own too) offers the header's buttons, the ones the tool bar had no room for among them.
        centre.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        centre.customContextMenuRequested.connect(lambda at: self.header_menu().popup(centre.mapToGlobal(at)))
        self.popout = PopOut(self.stack, column, self)
        self.popout_button = popout
        self.popout.changed.connect(self.popout_action.setChecked)

        self.scoreboard = Scoreboard()
        self.seat_log = SeatLog()
        self.score_plot = SeriesPlot("Score per turn", "score", legend_beside=True)
        self.time_plot = SeriesPlot("Think time per turn", "think time", "s", legend_beside=True)
        self.cursor_lines = [plot.add_cursor() for plot in (self.score_plot, self.time_plot)]
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.seat_log, "Seat log")
        self.tabs.addTab(self.score_plot, "Scores")
        self.tabs.addTab(self.time_plot, "Think time")
        self.tabs.currentChanged.connect(lambda _index: self._refresh_plots())
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(4, 0, 0, 0)
        side_layout.setSpacing(8)
        side_layout.addWidget(self.scoreboard)
        side_layout.addWidget(self.tabs, 1)
        side.setMinimumWidth(SIDE_LEAST)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(centre)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([SETUP_WIDTH, 700, SIDE_WIDTH])

        self.transport = Transport(self.playback, shortcut_host=self, settings=self.settings,
                                   settings_prefix=TRANSPORT_SETTINGS)
        start = QAction("Start match", self)
        start.setShortcut(QKeySequence("Ctrl+Return"))
        start.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        start.triggered.connect(self.start)
        self.addAction(start)
        self.start_action = start
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.transport)

    def show_setup(self, visible: bool) -> None:
        """Show or hide the setup column (watching a match, the board takes its room)."""
        focus = QApplication.focusWidget()
        hides_focus = not visible and focus is not None and self.setup_scroll.isAncestorOf(focus)
        shows = visible and not self.setup_scroll.isVisibleTo(self)
        hides = not visible and self.setup_scroll.isVisibleTo(self)
        setup, centre, side = self.splitter.sizes()
        self.setup_scroll.setVisible(visible)
        self.setup_action.setChecked(visible)
        if shows and centre > 0:
            self._make_setup_room(centre, side)
        elif hides and self._side_lent:
            lent = min(self._side_lent, centre + setup - BOARD_WIDTH)
            if lent > 0:
                self.splitter.setSizes([0, centre + setup - lent, side + lent])
            self._side_lent = 0
        if hides_focus:
            self._take_keys()

    def _make_setup_room(self, centre: int, side: int) -> None:
        """The setup's room taken from the board's column down to :data:`BOARD_WIDTH`, then from
        the scoreboard's down to its least width (left to the splitter, the board's lost all)."""
        setup = max(SETUP_WIDTH, self.setup_scroll.minimumWidth())
        room = centre + side - setup - self.splitter.handleWidth()
        kept = max(SIDE_LEAST, min(side, room - BOARD_WIDTH))
        self._side_lent = max(0, side - kept)
        self.splitter.setSizes([setup, room - kept, kept])

    def _take_keys(self) -> None:
        """The keyboard to the match (Start or Open replay… hid the setup that had it): else Qt
        gives it to the next button, the header's Setup, and Space — while Play is disabled, at
        a match's end or before its first round — clicks that, bringing the setup back. The
        pane itself, not the Play button: a focused button that is disabled at the match's end
        hands the focus on to the next one, with the same effect."""
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _toggle_popout(self) -> None:
        if self.popout.is_out():
            self.popout.pop_in()
        else:
            self.popout.pop_out(self._window_title(), self.transport.actions_for_window())

    def _window_title(self) -> str:
        title = self.title_label.plain_text() if self.info is not None else "Arena"
        return f"{title} — snakepit"

    def _fit_setup(self) -> None:
        """The setup column at least as wide as its form (and a scroll bar beside it): a splitter
        does not see through a scroll area, and squeezed the form under its right edge."""
        scroll = self.setup_scroll
        scroll.setMinimumWidth(self.setup_panel.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width())

    def _toggle_setup(self) -> None:
        self.show_setup(self.setup_action.isChecked())

    def header_menu(self) -> QMenu:
        """The header's buttons as a menu (a right click on the header): those the tool bar had no
        room for are reachable here too."""
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        shown = self.info.game if self.info is not None else None
        own = [button.defaultAction() for button in self._board_buttons.get(shown, [])] if shown is not None else []
        menu.addActions([self.setup_action, *own, self.save_action])
        menu.addMenu(self.export_menu).setEnabled(self.export_action.isEnabled())
        menu.addAction(self.popout_action)
        return menu

    def _show_export_menu(self) -> None:
        """The Export menu under its button, or under the header's end when the button is under
        the tool bar's » (not shown)."""
        if not self.export_action.isEnabled():
            return
        button = self.export_button if self.export_button.isVisible() else self.header_tools
        self.export_menu.popup(button.mapToGlobal(button.rect().bottomRight() - QPoint(button.width() // 2, 0)))

    def _action(self, text: str, key: str, tip: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.triggered.connect(lambda: slot())
        self.addAction(action)
        return action

    def _connect(self) -> None:
        self.setup_panel.startRequested.connect(self.start)
        self.setup_panel.openReplayRequested.connect(lambda: self.open_replay())
        # Before a match the transport speaks of the chosen game's rounds (a match then its own).
        self.setup_panel.gameChanged.connect(self._game_chosen)
        watch(self.runner, self.playback, self.transport, self.scoreboard, self.seat_log,
              Watcher(self._started, self._frames, self._finished, self._failed, self._show, self._seat_clicked))

    # --- the runner's reports ----------------------------------------------------------------

    def _started(self, info: MatchInfo) -> None:
        if info.game not in GAME_VIEWS:  # a replay of a game this app version cannot show yet
            self.runner.stop()
            self._failed(f"{info.record or info.game}: the arena has no board view for {info.game!r} yet")
            return
        before = self.info.kept if self.info is not None else None
        if before is not None and before != info.kept:
            before.unlink(missing_ok=True)  # the copy of the replay shown before: only one kept at a time
        self.info, self.outcome = info, None
        self._starting = False
        spec = GAME_VIEWS[info.game].spec
        self.names = list(numbered([n or f"{spec.noun} {i + 1}" for i, n in enumerate(info.names)]))
        self.transport.set_noun(spec.round_noun)
        self.board = self._board(info.game)
        self.stack.setCurrentWidget(self.board)
        self.board.begin(info, self.names)
        self._selected = None
        timed = self.board.timed(info)
        self.scoreboard.set_seats(self.names, timed=timed)
        self.scoreboard.set_sandbox(info.sandboxed, info.sandbox)
        self.seat_log.reset(self.names, spec.round_noun)
        noun = spec.round_noun  # the game's own word, as the transport and the summary say it
        self.score_plot.set_labels(f"Score per {noun}", noun)
        self.time_plot.set_labels(f"Think time per {noun}", noun)
        for plot in (self.score_plot, self.time_plot):
            plot.set_seat_names([legend_name(name) for name in self.names])
            if self.tabs.currentWidget() is plot:  # a hidden plot is drawn when its tab is chosen
                plot.clear()  # (making its curves costs ~70 ms)
        self.tabs.setTabEnabled(self.tabs.indexOf(self.time_plot), timed)
        detail = f"Replay file: {info.record}" if info.kind == REPLAY and info.record is not None else ""
        self.title_label.set_title(*self._title(info), detail=detail)
        if self.popout.is_out():
            self.popout.pop_out(self._window_title())  # the window names the new match
        self._update_actions()
        self.show_setup(False)
        self.playback.reset(info.start, live=info.kind != REPLAY, play=info.kind != REPLAY)

    def _game_chosen(self, game: str) -> None:
        if self.info is None and game in GAME_VIEWS:
            self.transport.set_noun(GAME_VIEWS[game].spec.round_noun)
            self.seat_log.set_noun(GAME_VIEWS[game].spec.round_noun)  # its heading says "Move" before a match too
        if game in GAME_VIEWS and game not in self.boards and not self.runner.is_running():
            # Build the chosen game's board now, while nothing plays, not when its match starts:
            # a board with plots costs 50-60 ms to build, a stall at the match's first round
            # (issue 16). After the choice has been shown, so the form answers first.
            QTimer.singleShot(0, self, lambda: self._prebuild(game))

    def _prebuild(self, game: str) -> None:
        if game not in self.boards and not self.runner.is_running():
            self._board(game)
            self._update_actions()  # its header buttons stay hidden until its match is shown

    def _frames(self, frames: list[Frame]) -> None:
        self.playback.extend(frames)
        self.seat_log.add_frames(frames)
        if not self._plot_timer.isActive():
            self._plot_timer.start()

    def _finished(self, outcome: Outcome | None) -> None:
        self._gave_up()  # (stopped while its bots started)
        self.outcome = outcome
        self.playback.finish()
        self._refresh_plots()
        self._show(self.playback.index)
        if outcome is not None and self.info is not None and self.playback.frames:
            self._say(self._ended_words(self.info, outcome))
        elif outcome is not None and outcome.cancelled:
            self._say(f"Stopped after {outcome.rounds} rounds; every bot was killed.")

    def _ended_words(self, info: MatchInfo, outcome: Outcome) -> str:
        """What the status line says (and a screen reader is told) at a match's end: its result;
        of a replay, that it is open (its result would spoil the watching)."""
        last = self.playback.frames[-1]
        if info.kind == REPLAY and not outcome.cancelled:
            noun = self._spec().round_noun
            name = Path(str(info.record)).name
            return f"Opened the replay {name}: {last.turn} {noun}{'' if last.turn == 1 else 's'}; Space plays it."
        words = plain_words(self._summary(last, outcome), rich=True)  # in the game's word: "Stopped after 9 steps."
        return f"{words} Every bot was killed." if outcome.cancelled and info.sandboxed is not None else words

    def _failed(self, text: str) -> None:
        self._gave_up()
        if self.playback.live:  # it failed after it started (a game's code raised): no more rounds come
            self.playback.finish()
            self._show(self.playback.index)
        self.setup_panel.show_message(text)
        # The reason stays in sight, not only in the status bar for a few seconds: above the
        # board while a match is shown (a replay that fails to open leaves it there), as the
        # setup column that also holds it is hidden then (and beside a board with many header
        # buttons at 1024 px too narrow to show it whole).
        self.failure_label.setText(text)
        self.failure_label.setVisible(not self.setup_scroll.isVisible())
        self._say(text)

    # --- showing -----------------------------------------------------------------------------

    def _describe_board(self, frames: Sequence[Frame], index: int) -> None:
        """A reader's cheap account of the painted board: which round of how many it shows."""
        if self.board is None or self.info is None:
            return
        noun = GAME_VIEWS[self.info.game].spec.round_noun
        text = f"{noun.capitalize()} {frames[index].turn} of {frames[-1].turn}{' so far' if self.playback.live else ''}"
        for view in self.board.findChildren(SeatBoard):
            view.setAccessibleDescription(text)

    def _show(self, index: int) -> None:
        frames = self.playback.frames
        if self.board is None or not frames:
            return
        self.board.show_frame(frames, index)
        final = index == len(frames) - 1 and not self.playback.live
        self._describe_board(frames, index)
        self.scoreboard.show_frame(frames[index], self.outcome if final else None)
        self.scoreboard.set_summary(self._summary(frames[index], self.outcome if final else None))
        turn = frames[index].turn
        if not self.playback.playing:
            self._move_cursors()
        elif not self._cursor_timer.isActive():  # a plot redraws for its cursor: not at every turn
            self._cursor_timer.start()
        self.seat_log.follow(turn, self.playback.playing)

    def _move_cursors(self) -> None:
        """The plots' marks of the shown turn (the board's own plots' too) move to it."""
        frame = self.playback.frame()
        for line in self.cursor_lines:
            line.setValue(frame.turn if frame is not None else 0)
        if self.board is not None and self.playback.frames:
            self.board.refresh_plots(self.playback.frames, self.playback.index)

    def _refresh_plots(self, every: bool = False) -> None:
        """The plots catch up with the frames: the shown tab's (a hidden plot waits until its tab
        is chosen), or ``every`` one (an export)."""
        frames = self.playback.frames
        played = frames[1:]
        turns = [f.turn for f in played]
        if every or self.tabs.currentWidget() is self.score_plot:
            self.score_plot.set_series(turns, [list(f.scores) for f in played])
        if every or self.tabs.currentWidget() is self.time_plot:
            self.time_plot.set_series(turns, [[None if r.status.label == "skipped" else r.wall_time
                                               for r in f.records] if f.records is not None else
                                              [None] * len(self.names) for f in played])
        if self.board is not None and frames:
            self.board.refresh_plots(frames, self.playback.index)

    def _spec(self) -> GameSpec:
        assert self.info is not None  # only asked about a match that started (so has a view)
        return GAME_VIEWS[self.info.game].spec

    def _title(self, info: MatchInfo) -> tuple[str, str]:
        """The game's title (shown bold) and the rest of the match's title line."""
        spec = self._spec()
        where = ""
        if "width" in info.options and "height" in info.options:
            where = f" · {info.options['width']} × {info.options['height']}"
        if spec.map_option is not None:
            where = info.options.get(spec.map_option) or ""
            where = f" · {spec.map_name(str(where))}" if where else ""
        kind = {REPLAY: f"replay {Path(str(info.record)).name} · ", WHAT_IF: f"what-if from step {info.branch} · "}
        return spec.title, f" · {kind.get(info.kind, '')}seed {info.seed}{where}"

    def _summary(self, frame: Frame, outcome: Outcome | None) -> str:
        spec = self._spec()
        return match_summary(frame.turn, self.playback.frames[-1].turn, self.playback.live, outcome, self.names,
                             spec.round_noun, spec.end_text, spec.round_noun)

    def _show_idle(self) -> None:
        self.stack.setCurrentWidget(self.idle_label)
        self.title_label.set_title("Arena")
        self._update_actions()

    def _update_actions(self) -> None:
        info = self.info
        self.save_action.setEnabled(info is not None and info.record is not None)
        self.export_button.setEnabled(info is not None)
        self.export_action.setEnabled(info is not None)
        shown = info.game if info is not None else None
        for game, buttons in self._board_buttons.items():  # only the shown board's own controls
            for button in buttons:
                self._tools[button].setVisible(game == shown)  # (a tool bar's widget shows by its action)
            for entry in self._board_entries[game]:
                entry.setVisible(game == shown)

    def _board(self, game: str) -> BoardAdapter:
        if game not in self.boards:
            context = BoardContext(self._scratch_folder, self.setup_panel.editor_program, self.settings)
            board = GAME_VIEWS[game].board(context)
            for view in board.findChildren(SeatBoard):  # painted: no text in it for a reader to find
                view.setAccessibleName(f"{GAME_VIEWS[game].spec.title} board")
            board.seatClicked.connect(self._seat_clicked)
            board.branchRequested.connect(self.start_branch)
            board.message.connect(self._say)
            board.cardRequested.connect(self.cardRequested)  # the editor makes the card (issue 17)
            self.boards[game] = board
            self.stack.addWidget(board)
            self._board_buttons[game] = [self._header_button(action) for action in board.board_actions()]
            self._board_entries[game] = [self._export_entry(export) for export in board.board_exports()]
        return self.boards[game]

    def _header_button(self, action: QAction) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        self._tools[button] = self.header_tools.insertWidget(self._save_tool, button)
        return as_header_button(button)

    def _export_entry(self, export: BoardExport) -> QAction:
        entry = self.export_menu.addAction(export.menu_text)
        entry.triggered.connect(lambda: self._export(export.what))
        return entry

    def action_button(self, action: QAction) -> QToolButton | None:
        """The header's button of a board's own action (None until that game's board was made)."""
        return next((b for buttons in self._board_buttons.values() for b in buttons if b.defaultAction() is action),
                    None)

    def _board_export(self, what: str) -> BoardExport | None:
        return next((e for e in self.board.board_exports() if e.what == what), None) if self.board is not None else None

    def select_seat(self, seat: int | None) -> None:
        """Select a seat (what a click on it does): highlighted on the board and the scoreboard,
        the log lists its turns; the board may say more about it (why it moved)."""
        self._selected = seat
        if self.board is not None:
            self.board.highlight(seat)
        self.scoreboard.set_selected(seat)
        self.seat_log.set_seat(seat)
        frame = self.playback.frame()
        if frame is not None:  # the log stays at the shown turn: the seat's row of it, or its last before
            self.seat_log.show_turn(frame.turn)

    def _seat_clicked(self, seat: int) -> None:
        self.select_seat(None if seat == self._selected else seat)

    def _say(self, text: str) -> None:
        """A note for the host's status bar, which tells a screen reader; a pane on its own (no
        host listens) tells the reader itself."""
        if self.isSignalConnected(QMetaMethod.fromSignal(self.message)):
            self.message.emit(text)
        else:
            announce(self, text)

    # --- export and what-if ------------------------------------------------------------------

    def _export(self, what: str) -> None:
        if self.info is None:
            return
        stem = f"{self.info.game}-{self.info.seed}"
        own = self._board_export(what)
        if own is not None:
            name, filter_ = own.file_name, own.file_filter
        else:
            name = SHARED_EXPORTS[what].format(turn=self.playback.index)
            filter_ = CSV_FILTER if name.endswith(".csv") else PNG_FILTER
        start = start_folder(self.settings, EXPORTS)
        path, _ = QFileDialog.getSaveFileName(self, f"Export the {what}", str(start / f"{stem}{name}"), filter_)
        if not path:
            return
        remember_file(self.settings, EXPORTS, path)
        try:
            self.export(what, path)
        except PlotError as error:
            self._say(str(error))
            return
        self._say(f"Exported the {what} to {path}")

    def export(self, what: str, path: str | Path) -> Path:
        """Write ``what`` to ``path``: "frame", "score", "time", "seat log", or one of the shown board's own
        exports (:meth:`~editor.widgets.games.game_view.BoardAdapter.board_exports`)."""
        if what == "frame":
            return self.export_frame(path)
        if what == "seat log":
            log = self.seat_log
            return write_seat_log(path, log.shown_rows(), log.model.names, log.model.noun)
        self._refresh_plots(every=True)  # every plot catches up first
        if what in ("score", "time"):
            return (self.score_plot if what == "score" else self.time_plot).export_png(path)
        own = self._board_export(what)
        if own is None:
            title = self._spec().title if self.info is not None else "no"
            raise PlotError(f"{path}: a {title} match has no {what} to export")
        return own.write(Path(path))

    # --- Qt overrides --------------------------------------------------------------------------

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab in reading order: the setup, the transport, the header over the board (a board's
        own buttons before Save, as shown), the board, the scoreboard, the seat log and plots.
        Boards, their buttons and the scoreboard's rows are made later than the rest, and Qt's
        own order put them last, after the seat log."""
        own = [button for buttons in self._board_buttons.values() for button in buttons]
        parts = [self.setup_scroll, self.transport, self.setup_button, *own, self.save_button, self.export_button,
                 self.popout_button, self.stack, self.scoreboard, self.tabs]
        if step_focus(self, parts, next):
            focus = QApplication.focusWidget()
            if focus is not None and self.setup_scroll.isAncestorOf(focus):  # Shift+Tab into the setup too
                self.setup_scroll.ensureWidgetVisible(focus)
            return True
        return super().focusNextPrevChild(next)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.arena.arena_pane [REPLAY]``: the pane on its own (a replay opened)."""
    args = list(sys.argv[1:] if argv is None else argv)
    panes: list[ArenaPane] = []

    def make() -> ArenaPane:
        panes.append(ArenaPane())
        return panes[0]

    code = run_alone(make, "Arena", (1366, 720), then=lambda pane: pane.open_replay(args[0]) if args else None)
    panes[0].shutdown()
    return code


if __name__ == "__main__":
    raise SystemExit(main())


def as_header_button(button: QToolButton) -> QToolButton:
    """``button``, which a tool bar made flat and out of the Tab order, as the header's other
    buttons are: framed, reached with Tab."""
    button.setAutoRaise(False)
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    return button
