"""Plays a snake battle of card programs: the board, Play/Pause/Step/Restart, speed, seats, events.

Steps run on the GUI thread from a QTimer. That is an exception to "long work never runs on the
GUI thread", and a deliberate one: one step of four card programs takes well under a millisecond,
and playback is paced at a few dozen steps per second at most, so the GUI never waits. Whole
battles run as fast as possible (tournaments, the arena pane) belong in a worker."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.snake_battle import BattleSettings, SnakeMatch
from editor.seats import Seat
from editor.widgets.battle.battle_log import BattleLog
from editor.widgets.battle.seat_panel import SeatPanel
from editor.widgets.games.snake.battle_view import BattleView
from editor.widgets.parts.form_widgets import heading
from editor.widgets.parts.seat_cards import ordinal
from editor.widgets.parts.standalone import run_alone
from engines.snake import Eaten, EndReason, Skipped, StepReport

MIN_SPEED, MAX_SPEED, DEFAULT_SPEED = 1, 60, 12
"""Playback speed in steps per second."""
SIDE_WIDTH = 310

END_TEXTS = {
    EndReason.ONE_LEFT: "only one snake is left",
    EndReason.NO_MOVES: "no snake can move",
    EndReason.STEP_LIMIT: "the step limit was reached",
}


class BattlePlayer(QWidget):
    """A battle of ``seats`` under ``settings``, replayable from its seed, with playback controls."""

    stepped = Signal(int)
    """A step was played; the argument is the step number."""
    finished = Signal()
    """The battle ended (its end reason is in ``match.battle.end``)."""

    def __init__(self, seats: Sequence[Seat], settings: BattleSettings = BattleSettings(), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats = list(seats)
        self.settings = settings
        self.names = [name for name, _ in self.seats]
        self.match = self._new_match()
        self._eaten_at: dict[int, tuple[int, int]] = {}  # snake -> (step, eaten by)
        self._skipped: set[int] = set()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.step)

        self.view = BattleView()
        self.view.set_seat_names(self.names)
        self.seat_panel = SeatPanel(self.names)
        self.log = BattleLog(self.names)
        self._build_controls()
        self._build_layout()
        self.view.snakeClicked.connect(self.select_snake)
        self.seat_panel.seatClicked.connect(self.select_snake)
        self.set_speed(DEFAULT_SPEED)
        self._show_state()

    # --- our API -----------------------------------------------------------------------------

    def is_playing(self) -> bool:
        return self._timer.isActive()

    def play(self) -> None:
        if self.match.battle.over:
            return
        self._timer.start()
        self._show_state()

    def pause(self) -> None:
        self._timer.stop()
        self._show_state()

    def toggle_play(self) -> None:
        if self.is_playing():
            self.pause()
        else:
            self.play()

    def step(self) -> None:
        """Play one step (nothing once the battle is over)."""
        if self.match.battle.over:
            return
        report = self.match.step()
        self._record(report)
        self.log.add_events(report.step, report.events)
        if report.end is not None:
            self._timer.stop()
        self._show_state()
        self.stepped.emit(report.step)
        if report.end is not None:
            self.finished.emit()

    def restart(self) -> None:
        """Back to step 0 with the seed in the seed box (the same seed replays the same battle)."""
        self.settings = dataclasses.replace(self.settings, seed=self.seed_box.value())
        self.match = self._new_match()
        self._eaten_at.clear()
        self._skipped.clear()
        self.log.clear_events()
        self._show_state()

    def speed(self) -> int:
        return self.speed_slider.value()

    def set_speed(self, steps_per_second: int) -> None:
        self.speed_slider.setValue(max(MIN_SPEED, min(MAX_SPEED, steps_per_second)))

    def select_snake(self, index: int | None) -> None:
        """Highlight a seat on the board and in the seat list; selecting it again clears it."""
        if index is not None and index == self.view.highlighted_snake():
            index = None
        self.view.set_highlighted_snake(index)
        self.seat_panel.set_selected(index)

    # --- building ----------------------------------------------------------------------------

    def _new_match(self) -> SnakeMatch:
        return SnakeMatch([program for _, program in self.seats], self.settings)

    def _tool_button(self, text: str, icon: QStyle.StandardPixmap, shortcut: str, tip: str) -> QToolButton:
        action = QAction(self.style().standardIcon(icon), text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({QKeySequence(shortcut).toString(QKeySequence.SequenceFormat.NativeText)})")
        self.addAction(action)
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setIconSize(QSize(16, 16))
        button.setMinimumWidth(84)
        button.setAutoRaise(False)
        return button

    def _build_controls(self) -> None:
        self.play_button = self._tool_button("Play", QStyle.StandardPixmap.SP_MediaPlay, "Space", "Play or pause")
        self.play_button.defaultAction().triggered.connect(self.toggle_play)
        self.step_button = self._tool_button("Step", QStyle.StandardPixmap.SP_MediaSkipForward, "Right", "Play one step")
        self.step_button.defaultAction().triggered.connect(self.step)
        self.restart_button = self._tool_button("Restart", QStyle.StandardPixmap.SP_BrowserReload, "Ctrl+R", "Back to step 0")
        self.restart_button.defaultAction().triggered.connect(self.restart)

        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setRange(MIN_SPEED, MAX_SPEED)
        self.speed_slider.setFixedWidth(130)
        self.speed_slider.setToolTip("Playback speed in steps per second")
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(self.speed_label.fontMetrics().horizontalAdvance("60 steps/s "))
        self.speed_slider.valueChanged.connect(self._speed_changed)

        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setValue(self.settings.seed)
        self.seed_box.setToolTip("The battle's seed: the same seed replays the same battle. Restart to apply.")
        self.seed_box.setMinimumWidth(80)

        self.step_label = QLabel()
        self.step_label.setObjectName("stepLabel")
        self.step_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        font = QFont(self.step_label.font())
        font.setBold(True)
        font.setFeature(QFont.Tag("tnum"), 1)  # tabular digits: the counter does not jiggle
        self.step_label.setFont(font)
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance("Step 00000 / 00000"))

    def _build_layout(self) -> None:
        controls = QHBoxLayout()
        controls.setSpacing(6)
        for button in (self.play_button, self.step_button, self.restart_button):
            controls.addWidget(button)
        controls.addSpacing(18)
        controls.addWidget(QLabel("Speed"))
        controls.addWidget(self.speed_slider)
        controls.addWidget(self.speed_label)
        controls.addStretch(1)
        controls.addWidget(QLabel("Seed"))
        controls.addWidget(self.seed_box)
        controls.addSpacing(18)
        controls.addWidget(self.step_label)

        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.view, 1)
        left.addLayout(controls)

        self.field_label = QLabel(
            f"{self.settings.width} × {self.settings.height} field · snakes of length {self.settings.length}"
        )
        self.field_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.status_label = QLabel()
        self.status_label.setObjectName("statusLabel")
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        self.status_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        side = QVBoxLayout()
        side.setSpacing(6)
        side.addWidget(heading("Seats"))
        side.addWidget(self.seat_panel)
        side.addSpacing(8)
        side.addWidget(heading("Battle"))
        side.addWidget(self.status_label)
        side.addSpacing(8)
        side.addWidget(heading("Bites"))
        side.addWidget(self.log, 1)
        side.addWidget(self.field_label)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setFixedWidth(SIDE_WIDTH)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(14)
        layout.addLayout(left, 1)
        layout.addWidget(side_widget)

    # --- state -------------------------------------------------------------------------------

    def _speed_changed(self, value: int) -> None:
        self.speed_label.setText(f"{value} steps/s")
        self._timer.setInterval(round(1000 / value))

    def _record(self, report: StepReport) -> None:
        self._skipped = {e.snake for e in report.events if isinstance(e, Skipped)}
        for event in report.events:
            if isinstance(event, Eaten):
                self._eaten_at[event.snake] = (report.step, event.by)

    def _show_state(self) -> None:
        battle = self.match.battle
        self.view.set_board(battle.board)
        self.step_label.setText(f"Step {battle.steps} / {self.settings.max_steps}")
        over = battle.over
        ranks = battle.ranks() if over else None
        for index, row in enumerate(self.seat_panel.rows):
            status = self._seat_status(index)
            if ranks is not None:
                status = f"{ordinal(ranks[index])} · {status}"
            row.set_state(battle.board.length(index), status, out=battle.board.eaten[index])
        playing = self.is_playing()
        play = self.play_button.defaultAction()
        play.setText("Pause" if playing else "Play")
        play.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay))
        play.setEnabled(not over)
        self.step_button.defaultAction().setEnabled(not over and not playing)
        self.status_label.setText(self._status_text())

    def _seat_status(self, index: int) -> str:
        if index in self._eaten_at:
            step, by = self._eaten_at[index]
            return f"eaten by {self.names[by]}, step {step}"
        if self.match.battle.board.eaten[index]:
            return "eaten"
        if index in self._skipped:
            return "stuck: skipped its move"
        return "alive"

    def _status_text(self) -> str:
        battle = self.match.battle
        if battle.end is None:
            if self.is_playing():
                return "Playing…"
            return "Ready: press <b>Play</b> or <b>Step</b>." if battle.steps == 0 else "Paused."
        ranks = battle.ranks()
        winners = [self.names[i] for i, rank in enumerate(ranks) if rank == 1]
        verdict = f"<b>{winners[0]}</b> wins" if len(winners) == 1 else "Shared first place: " + ", ".join(
            f"<b>{name}</b>" for name in winners
        )
        return f"Battle over after {battle.steps} steps: {END_TEXTS[battle.end]}.<br>{verdict}."


def main() -> int:
    """Play the first four samples (or the built-in program where samples are missing)."""
    from editor.seats import sample_seats

    return run_alone(lambda: BattlePlayer(sample_seats(), BattleSettings(seed=1)), "BattlePlayer", (1100, 760),
                     then=lambda player: player.play())


if __name__ == "__main__":
    raise SystemExit(main())
