"""The editor's Battle tab: the program being edited against 1–3 opponents, watched with the
arena's parts, and why a snake moved.

Seat 1 plays a snapshot of the document's program taken at Start (F5); opponents are samples or
program files (:class:`BattleSetup`). The battle is a snake match like any other: it runs in the
arena's :class:`MatchRunner` worker and is recorded, so it has the arena's transport (play, step,
step back, seek, speed), its scoreboard and seat log, a list of the bites, and the snake board,
which explains a clicked snake's move in the shown step on the board it saw then (and marks the
deciding card in the editor when it is the edited program's snake); "Continue from here…" plays a
what-if from the shown step, "Save replay…" keeps the battle's replay. The board takes what room
the tab has (:class:`BoardSplit`: the seats and logs beside it or under it, whichever leaves it
the bigger), the setup folding away while a battle is watched."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.match import MatchSetup
from arena.snake_referee import DESCRIPTOR
from editor.document import ProgramDocument
from editor.widgets.arena.board_window import PopOut
from editor.widgets.arena.match_runner import WHAT_IF, Frame, MatchInfo, MatchRunner, Outcome
from editor.widgets.arena.match_transport import Playback, Transport
from editor.widgets.arena.replay_saving import save_replay_copy
from editor.widgets.arena.scoreboard import ElidedLabel, Scoreboard, match_summary
from editor.widgets.arena.seat_log import SeatLog
from editor.widgets.arena.watching import Watcher, watch
from editor.widgets.battle.battle_setup import BattleSetup
from editor.widgets.battle.board_split import BoardSplit
from editor.widgets.games.game_view import BoardContext
from editor.widgets.games.snake.bite_log import BiteLog
from editor.widgets.games.snake.snake_game import SnakeBoard
from editor.widgets.parts.form_widgets import error_line
from editor.widgets.parts.standalone import run_alone
from engines.snake import PositionError
from matcher import Program, ProgramError, load_program
from matcher.explain import Explanation



class BattleTab(QWidget):
    """Setup, board, scoreboard, logs and transport of one battle at a time."""

    started = Signal()
    """A new battle was set up (it starts playing as soon as the worker has it)."""
    explained = Signal(object)
    """A snake's move was explained (:class:`Explanation`), or the explanation went (None)."""
    message = Signal(str)
    """A one-line note for a host's status bar (e.g. why a battle could not start)."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None, *,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._scratch = tempfile.TemporaryDirectory(prefix="snakepit-battle-")
        self._battles = 0
        self.info: MatchInfo | None = None
        self.outcome: Outcome | None = None
        self.names: list[str] = []
        self._battle_program: Program | None = None
        self._selected: int | None = None

        self.runner = MatchRunner(self)
        self.playback = Playback(self.runner.gate, self)
        self.setup = BattleSetup(settings=settings)
        self.board = SnakeBoard(BoardContext(self._folder, lambda: self.document.program, settings))
        self.scoreboard = Scoreboard()
        self.seat_log = SeatLog()
        self.bites = BiteLog()
        # The board is a picture: a screen reader hears its name and, per step, the summary.
        self.board.view.setAccessibleName("Battle field")
        self.board.view.setAccessibleDescription("No battle yet")
        self.transport = Transport(self.playback, shortcut_host=self)
        self.transport.set_noun(DESCRIPTOR.round_noun)
        self.seat_log.set_noun(DESCRIPTOR.round_noun)  # "Step" before the first battle too, not "Turn"
        self._build_actions()
        self._build()
        self._connect()

    # --- our API -----------------------------------------------------------------------------

    @property
    def explanation(self) -> Explanation | None:
        """The explanation the board shows (None without one)."""
        return self.board.explanation

    def start(self) -> bool:
        """Set up a new battle and play it. When the program has problems, an opponent cannot be
        read or the snakes do not fit the field, say why instead (the battle shown stays) and
        return False."""
        problems = self.document.problems()
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self._show_message(f"The program has problems, so it cannot fight yet: {problems[0]}{more}")
            return False
        try:
            setup = self.setup.match_setup(self.document.program)
        except (ProgramError, PositionError) as err:
            self._show_message(f"Cannot start the battle: {err}")
            return False
        except ValueError as err:
            self._show_message(str(err))
            return False
        self._show_message("")
        self._battle_program = self.document.program
        self.stale_label.hide()
        self.transport.set_stoppable(True)
        self.runner.start_match(setup, record=self._folder("battle").with_suffix(".jsonl"))
        self.started.emit()
        return True

    def stop(self) -> None:
        """Stop the battle where it is (every finished step stays to watch)."""
        self.runner.stop()

    def select_seat(self, seat: int | None) -> None:
        """Select a seat (what a click on its snake or row does): highlighted on the board, which
        explains its move in the shown step, and on the scoreboard; the seat log lists its turns."""
        self._selected = seat
        self.board.highlight(seat)
        self.scoreboard.set_selected(seat)
        self.seat_log.set_seat(seat)
        if self.playback.frames:  # its row of the shown step, marked
            self.seat_log.show_turn(self.playback.frames[self.playback.index].turn)

    def show_setup(self, visible: bool) -> None:
        """Show or hide the setup (watching a battle, the board takes its room)."""
        self.setup.setVisible(visible)
        self.setup_action.setChecked(visible)

    def save_replay(self, path: str | Path | None = None) -> bool:
        """Copy the battle's replay (every finished step so far) to ``path`` (asked for when None)."""
        saved, note = save_replay_copy(self, self.info, path, "battle")
        if saved:
            note += "; the arena opens it, and snakepit replay --verify checks it"
        if note:
            self._say(note)
        return saved

    def take_keys(self) -> None:
        """Give the battle the keyboard, so the transport's keys (Space, arrows, Home, End,
        Escape) work at once: the play button, or the tab itself while Play is still disabled
        (until the worker has the battle a disabled button cannot take the focus)."""
        button = self.transport.play_button
        (button if button.isEnabled() else self).setFocus(Qt.FocusReason.ShortcutFocusReason)

    def shutdown(self) -> None:
        """Stop the worker and wait for it (the app is closing)."""
        self.popout.pop_in()
        self.runner.stop()
        self.runner.wait(3.0)

    # --- building ----------------------------------------------------------------------------

    def _build_actions(self) -> None:
        style = self.style()
        self.start_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay), "Start &Battle", self)
        self.start_action.setShortcut(QKeySequence("F5"))
        self.start_action.setToolTip("Start battle: play the program being edited against the chosen opponents (F5)")
        self.start_action.triggered.connect(lambda: self.start())
        self.addAction(self.start_action)
        # The keyboard's click on a snake: Alt+its seat's number selects it (again: none), while the
        # focus is in the tab. Found: only a click on the board or a score row chose a seat.
        for seat in range(DESCRIPTOR.max_seats):
            pick = QAction(f"Select seat {seat + 1}", self)
            pick.setShortcut(QKeySequence(f"Alt+{seat + 1}"))  # a bare digit picks a brush in the editor
            pick.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            pick.triggered.connect(lambda _checked=False, s=seat: self._pick_seat(s))
            self.addAction(pick)
        self.setup_action = QAction("Setup", self)
        self.setup_action.setCheckable(True)
        self.setup_action.setChecked(True)
        self.setup_action.setToolTip("Show or hide the opponents, field and seed")
        self.setup_action.toggled.connect(self.setup.setVisible)
        self.save_action = QAction("Save replay…", self)
        self.save_action.setToolTip("Save this battle's replay (JSONL, as snakepit battle --record writes)")
        self.save_action.triggered.connect(lambda: self.save_replay())
        self.save_action.setEnabled(False)
        self.popout_action = QAction("Pop out", self)
        self.popout_action.setCheckable(True)
        self.popout_action.setToolTip("Show the battle in a window of its own (larger, another screen); close it to "
                                      "have it back here")
        self.popout_action.triggered.connect(self._toggle_popout)

    def _build(self) -> None:
        self.setup_button = _tool_button(self.setup_action)
        self.start_button = _tool_button(self.start_action)
        self.start_button.setText("Start battle")
        self.start_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.title_label = ElidedLabel()
        self.title_label.setObjectName("battleTitle")
        header = self.header = QHBoxLayout()
        header.setSpacing(4)
        header.addWidget(self.setup_button)
        header.addSpacing(4)
        header.addWidget(self.title_label, 1)
        # The battle's own actions as icons (their words in the tooltips): with words beside the
        # title the tab was too wide for the bench dock of a 1366-wide window.
        style = self.style()
        icons = {self.board.what_if_action: QStyle.StandardPixmap.SP_MediaSeekForward,
                 self.save_action: QStyle.StandardPixmap.SP_DialogSaveButton,
                 self.popout_action: QStyle.StandardPixmap.SP_TitleBarNormalButton}
        for action in (*self.board.board_actions(), self.save_action, self.popout_action):
            if action.icon().isNull() and action in icons:
                action.setIcon(style.standardIcon(icons[action]))
            action.setToolTip(action.toolTip() or action.text())
            header.addWidget(_tool_button(action))
        header.addWidget(self.start_button)

        self.message_label = error_line("battleMessage")
        self.stale_label = QLabel("The program changed since this battle started: <b>Start battle</b> again to use "
                                  "the edits.")
        self.stale_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.stale_label.setWordWrap(True)
        self.stale_label.hide()
        self.placeholder = QLabel("Choose opponents and press <b>Start battle</b> (F5).<br>"
                                  "Your program plays seat 1; click a snake (or press Alt+its seat number) to see why it moved.")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.split = BoardSplit(self.board, self.scoreboard, [(self.seat_log, "Seat log"), (self.bites, "Bites")],
                                lambda: self.board.explain_label.sizeHint().height() + 6)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self.split)
        # Until the first battle the stack shows the hint only: the board's minimum height must not
        # squeeze the setup above it (at a large font its boxes were cut to slivers).
        self._split_policy = self.split.sizePolicy().verticalPolicy()
        self.split.setSizePolicy(self.split.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Ignored)
        self.stack.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        layout.addLayout(header)
        layout.addWidget(self.setup)
        layout.addWidget(self.message_label)
        layout.addWidget(self.stale_label)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.transport)
        self.popout = PopOut(self.stack, layout, self)
        self.popout.changed.connect(self.popout_action.setChecked)
        self._show_title()

    def _connect(self) -> None:
        self.setup.message.connect(self._show_message)
        self.document.programChanged.connect(self._program_changed)
        watch(self.runner, self.playback, self.transport, self.scoreboard, self.seat_log,
              Watcher(self._started, self._frames, self._finished, self._failed, self._show, self._seat_clicked))
        self.board.seatClicked.connect(self._seat_clicked)
        self.board.explained.connect(self._explained)
        self.board.branchRequested.connect(self._branch)
        self.board.message.connect(self._say)
        self.bites.turnActivated.connect(self.playback.show_turn)

    # --- the runner's reports ----------------------------------------------------------------

    def _started(self, info: MatchInfo) -> None:
        self.info, self.outcome = info, None
        self.names = [n or f"Snake {i + 1}" for i, n in enumerate(info.names)]
        self.board.begin(info, self.names)
        self._selected = None
        self.scoreboard.set_seats(self.names, timed=self.board.timed(info))
        self.scoreboard.set_sandbox(None)
        self.seat_log.reset(self.names, DESCRIPTOR.round_noun)
        self.bites.begin(self.names)
        self.save_action.setEnabled(info.record is not None)
        self._show_title()
        self.split.setSizePolicy(self.split.sizePolicy().horizontalPolicy(), self._split_policy)
        self.stack.setCurrentWidget(self.split)
        self.show_setup(False)
        layout = self.layout()
        if layout is not None:
            layout.activate()  # the room the setup leaves, before it is shared
        self.split.share_room()
        self.playback.reset(info.start, live=True, play=True)

    def _frames(self, frames: list[Frame]) -> None:
        self.playback.extend(frames)
        self.seat_log.add_frames(frames)
        for frame in frames:
            self.bites.add_frame(frame)
        if not self.playback.following:  # the steps so far grew under a step shown from the past
            self._show_summary(self.playback.index)

    def _finished(self, outcome: Outcome | None) -> None:
        self.outcome = outcome
        self.playback.finish()
        self._show(self.playback.index)
        if outcome is not None and outcome.cancelled:
            self._say(f"Stopped after {outcome.rounds} steps.")

    def _failed(self, text: str) -> None:
        self._show_message(text)

    # --- showing -----------------------------------------------------------------------------

    def _show(self, index: int) -> None:
        frames = self.playback.frames
        if self.info is None or not frames:
            return
        self.board.show_frame(frames, index)
        self.scoreboard.show_frame(frames[index], self._outcome_at(index))
        self._show_summary(index)
        self.seat_log.follow(frames[index].turn, self.playback.playing)

    def _outcome_at(self, index: int) -> Outcome | None:
        """The battle's outcome where frame ``index`` is its last (None before, or while it runs)."""
        final = index == len(self.playback.frames) - 1 and not self.playback.live
        return self.outcome if final else None

    def _show_summary(self, index: int) -> None:
        frames = self.playback.frames
        summary = match_summary(frames[index].turn, frames[-1].turn, self.playback.live, self._outcome_at(index),
                                self.names, DESCRIPTOR.round_noun, DESCRIPTOR.end_text, DESCRIPTOR.round_noun)
        self.scoreboard.set_summary(summary)
        plain = re.sub(r"<[^>]+>", "", summary)  # the winner's name is bold on the scoreboard
        self.board.view.setAccessibleDescription(f"The field at this step. {plain} The scoreboard lists the snakes.")

    def _show_title(self) -> None:
        info = self.info
        if info is None:
            self.title_label.set_full_text("")
            return
        # Who plays is on the scoreboard, the field on the board: the title says what makes this
        # battle this one (the rest is in its tooltip).
        where = f"What-if from step {info.branch} · " if info.kind == WHAT_IF else ""
        self.title_label.set_full_text(f"{where}Seed {info.seed}")
        self._fit_header()
        field = f"{info.options['width']} × {info.options['height']}, " if "width" in info.options else ""
        self.title_label.setToolTip(f"{self.names[0]} against {', '.join(self.names[1:])}; {field}"
                                    f"{info.options.get('steps')} steps at most; seed {info.seed}")

    def _fit_header(self) -> None:
        """Start battle without its word (F5, the tooltip and the window's Start Battle say it)
        where the word would leave the title no room: in the bench dock of a 1024-wide window
        the seed, what makes the battle this one, read "Seed …"."""
        button = self.start_button
        worded = Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        word = button.fontMetrics().horizontalAdvance(f" {button.text()} ") + 8
        others = 0
        for index in range(self.header.count()):
            item = self.header.itemAt(index)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self.title_label and widget is not button:
                others += widget.sizeHint().width()
        bare = button.iconSize().width() + 12  # the button without its word
        margins = self.contentsMargins().left() + self.contentsMargins().right() + 20 + self.header.spacing() * 8
        title = self.title_label.fontMetrics().horizontalAdvance(self.title_label.full_text())
        room = self.width() - margins - others - bare - title
        style = worded if room >= word else Qt.ToolButtonStyle.ToolButtonIconOnly
        if button.toolButtonStyle() != style:
            button.setToolButtonStyle(style)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_header()

    def _show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))
        if text:
            self.message.emit(text)

    def _say(self, text: str) -> None:
        self.message.emit(text)

    # --- reactions ---------------------------------------------------------------------------

    def _pick_seat(self, seat: int) -> None:
        if self.info is not None and seat < len(self.info.names):
            self._seat_clicked(seat)

    def _seat_clicked(self, seat: int) -> None:
        self.select_seat(None if seat == self._selected else seat)

    def _explained(self, explanation: Explanation | None) -> None:
        # The edited program's own snake: the card that decided is marked in the editor too.
        ours = explanation is not None and explanation.snake == 0 and self.info is not None \
            and self.info.kind != WHAT_IF and self.document.program == self._battle_program
        if ours and explanation is not None:
            self.document.set_decided_card(explanation.card)
        self.explained.emit(explanation)

    def _branch(self, setup: MatchSetup, turn: int) -> None:
        self.transport.set_stoppable(True)
        self.runner.start_what_if(setup, turn, record=self._folder("what-if").with_suffix(".jsonl"))

    def _toggle_popout(self) -> None:
        if self.popout.is_out():
            self.popout.pop_in()
        else:
            seed = f" · seed {self.info.seed}" if self.info is not None else ""
            self.popout.pop_out(f"Battle{seed} — snakepit", self.transport.actions_for_window())

    def _program_changed(self) -> None:
        if self.info is not None:
            self.stale_label.setVisible(self.document.program != self._battle_program)

    def _folder(self, kind: str) -> Path:
        """A fresh name in the tab's scratch folder (a battle's replay, a what-if's programs)."""
        self._battles += 1
        return Path(self._scratch.name) / f"{kind}-{self._battles}"


def _tool_button(action: QAction) -> QToolButton:
    button = QToolButton()
    button.setDefaultAction(action)
    return button


def main() -> int:
    """Open the Battle tab on a sample program (or a program file) and start a battle."""
    from arena.samples import resolve_program

    path = resolve_program(sys.argv[1] if len(sys.argv) > 1 else "tail_biter")
    document = ProgramDocument(load_program(path), path)
    tabs: list[BattleTab] = []

    def make() -> BattleTab:
        tabs.append(BattleTab(document))
        return tabs[0]

    code = run_alone(make, f"Battle — {document.display_name()}", (1100, 820), then=lambda tab: tab.start())
    tabs[0].shutdown()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
