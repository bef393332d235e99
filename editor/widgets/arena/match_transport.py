"""Playback of a match: the timeline of finished turns, the turn shown, and the controls for both.

:class:`Playback` keeps every :class:`Frame` that arrived and which one is shown. While a match is
live it also paces the worker through the runner's :class:`Gate`: playing at a speed hands out one
round per tick, at full speed the gate is open, paused it is closed. The shown turn is separate:
it follows the newest turn until the seek bar (or Left, Home) moves it back, and then stays there
while the match goes on; Play then moves it forward at the speed, End jumps back to live.
A replay (or a finished match) is the same timeline without a worker to pace.

:class:`Transport` is the row of controls: Start/Pause, Step, Stop, speed, seek bar, turn. Its keys
(Space, the arrows, Home, End, Escape) work anywhere in the pane but in a text field: there they
edit (a seat's command line, the log's search), and Escape never stops the match."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.typing_guard import takes_typing
from editor.widgets.arena.match_runner import Frame, Gate

SPEEDS = (1, 2, 3, 5, 8, 12, 20, 30, 60, 0)
"""Turns per second the speed slider offers; 0 is full speed (no pacing, shown at 60 frames/s)."""
FULL_SPEED = 0
DEFAULT_SPEED = 8
FRAME_MS = 16
SEEK_MIN_WIDTH = 120
"""Below this the seek bar moves to a row of its own (a narrow pane, the editor's Battle tab)."""


TRANSPORT_KEYS = frozenset({Qt.Key.Key_Space, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End,
                            Qt.Key.Key_Escape})
"""The transport's plain keys: a widget that takes typing keeps them."""
_COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                      | Qt.KeyboardModifier.MetaModifier)


def speed_text(speed: int) -> str:
    return "full speed" if speed == FULL_SPEED else f"{speed} turn{'s' if speed != 1 else ''}/s"


class Playback(QObject):
    """The frames so far, the shown one, playing or not, and the pace of a live worker."""

    shown = Signal(int)
    """The shown frame changed (its index; also when the same index got a new frame)."""
    changed = Signal()
    """Playing, live, the speed or the number of frames changed (the controls refresh)."""

    def __init__(self, gate: Gate | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.gate = gate if gate is not None else Gate()
        self.frames: list[Frame] = []
        self.index = 0
        self.live = False
        """A worker is still adding frames."""
        self.following = True
        """The shown frame is the newest, and stays so as frames arrive."""
        self.playing = False
        self._speed = DEFAULT_SPEED
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        # Frames can pour in far faster than a screen shows them (a snake battle at full speed):
        # following them, the views redraw at most once per FRAME_MS, always ending on the newest.
        self._throttle = QTimer(self)
        self._throttle.setSingleShot(True)
        self._throttle.setInterval(FRAME_MS)
        self._throttle.timeout.connect(self._catch_up)
        self._behind = False
        self._apply_speed()

    # --- our API -----------------------------------------------------------------------------

    def reset(self, start: Frame, *, live: bool, play: bool) -> None:
        """A new timeline from ``start``; ``live``: a worker adds frames (paced here)."""
        self.frames, self.index, self.live = [start], 0, live
        self.following = live
        self.playing = False
        self._timer.stop()
        if play:
            self.play()
        else:
            self._pace()
        self.shown.emit(0)
        self.changed.emit()

    def append(self, frame: Frame) -> None:
        self.frames.append(frame)
        if self.following:
            self.index = len(self.frames) - 1
            if self._throttle.isActive():
                self._behind = True
            else:
                self._throttle.start()
                self.shown.emit(self.index)
        self.changed.emit()

    def finish(self) -> None:
        """The worker is done: no more frames; playing on only moves the shown turn."""
        self.live = False
        if self.following:
            self.playing = False
            self._timer.stop()
        self.gate.hold()
        self.changed.emit()

    def frame(self) -> Frame | None:
        return self.frames[self.index] if self.frames else None

    def last(self) -> int:
        return len(self.frames) - 1

    def speed(self) -> int:
        return self._speed

    def set_speed(self, speed: int) -> None:
        self._speed = speed
        self._apply_speed()
        self._pace()
        self.changed.emit()

    def play(self) -> None:
        if not self.live and self.index >= self.last():
            return  # nothing left to show
        self.playing = True
        self._timer.start()
        self._pace()
        self.changed.emit()

    def pause(self) -> None:
        self.playing = False
        self._timer.stop()
        self._pace()
        self.changed.emit()

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def step(self) -> None:
        """One turn on: the next finished one, or (live, at the newest) one more round played."""
        self.pause()
        if self.index < self.last():
            self.seek(self.index + 1)
        elif self.live:
            self.following = True
            self.gate.permit()

    def step_back(self) -> None:
        self.pause()
        self.seek(self.index - 1)

    def seek(self, index: int) -> None:
        """Show frame ``index`` (clamped); at the newest frame the view follows live again."""
        if not self.frames:
            return
        index = max(0, min(self.last(), index))
        self.following = index == self.last() and self.live
        if index != self.index:
            self.index = index
            self.shown.emit(index)
        self.changed.emit()

    def show_turn(self, turn: int) -> None:
        """Pause on the frame of ``turn`` (a log line's turn), if it is one of the frames."""
        index = next((i for i, f in enumerate(self.frames) if f.turn == turn), None)
        if index is not None:
            self.pause()
            self.seek(index)

    def to_end(self) -> None:
        self.seek(self.last())
        self.following = self.live

    # --- details -----------------------------------------------------------------------------

    def _catch_up(self) -> None:
        if self._behind:
            self._behind = False
            self.shown.emit(self.index)

    def _apply_speed(self) -> None:
        self._timer.setInterval(FRAME_MS if self._speed == FULL_SPEED else round(1000 / self._speed))

    def _pace(self) -> None:
        """Open the gate at full speed while playing; otherwise rounds come one per tick."""
        if not self.live:
            return
        if self.playing and self._speed == FULL_SPEED:
            self.gate.set_open(True)
        else:
            self.gate.hold()
            if self.playing:
                self.gate.permit()

    def _tick(self) -> None:
        if self.live and self._speed != FULL_SPEED:
            self.gate.permit()
        if self.following:
            return  # the newest frame shows itself as it arrives
        if self.index < self.last():
            self.seek(self.index + 1)
        elif not self.live:
            self.pause()


def edits_text(widget: QWidget) -> bool:
    """A widget with a text cursor: a field, a spin box, an editable combo box (a plain combo box
    only picks an item: the transport keeps its keys there)."""
    combo = widget if isinstance(widget, QComboBox) else widget.parentWidget()
    if isinstance(combo, QComboBox) and not combo.isEditable():
        return False
    return takes_typing(widget)


class TypingKeys(QObject):
    """Hands the transport's keys to the text field inside ``host`` that has the focus.

    Qt offers a key to the focused widget as a ``ShortcutOverride`` first; accepting it there
    makes the key a key press for the widget instead of a shortcut. A filter sits on the focused
    widget only while it edits text in ``host`` (not on the whole application)."""

    def __init__(self, host: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._host = host
        self._watched: QWidget | None = None
        app = QCoreApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
            self._focus_changed(None, app.focusWidget())

    def _focus_changed(self, _old: QWidget | None, now: QWidget | None) -> None:
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:  # it was deleted while it had the focus
                pass
            self._watched = None
        if now is not None and self._host.isAncestorOf(now) and edits_text(now):
            now.installEventFilter(self)
            self._watched = now

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and event.key() in TRANSPORT_KEYS and not event.modifiers() & _COMMAND_MODIFIERS):
            event.accept()
        return False


class Transport(QWidget):
    """Start/Pause, Step, Stop, the speed slider, the seek bar and the turn; keyboard shortcuts
    (Space, Right, Left, Home, End, Escape) work anywhere in the widget ``shortcut_host``."""

    stopRequested = Signal()

    def __init__(self, playback: Playback, shortcut_host: QWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.playback = playback
        self._host = shortcut_host if shortcut_host is not None else self
        self._stoppable = False
        self._typing_keys = TypingKeys(self._host, self)
        pixmap = QStyle.StandardPixmap
        self.play_button = self._button("Play", pixmap.SP_MediaPlay, "Space", "Play or pause", playback.toggle)
        self.step_button = self._button("Step", pixmap.SP_MediaSkipForward, "Right", "One turn on", playback.step)
        self.back_action = self._action("Back", pixmap.SP_MediaSkipBackward, "Left", "One turn back", playback.step_back)
        self.start_action = self._action("First turn", pixmap.SP_MediaSeekBackward, "Home", "The first turn",
                                         lambda: playback.seek(0))
        self.end_action = self._action("Newest turn", pixmap.SP_MediaSeekForward, "End", "The newest turn (live)",
                                       playback.to_end)
        self.stop_button = self._button("Stop", pixmap.SP_MediaStop, "Escape", "Stop the match: every bot is killed",
                                        self.stopRequested.emit)
        self.back_button = QToolButton()
        self.back_button.setDefaultAction(self.back_action)
        self.back_button.setAutoRaise(True)

        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setPageStep(1)
        self.speed_slider.setFixedWidth(110)
        self.speed_slider.setToolTip("Turns per second; all the way right: full speed")
        self.speed_slider.setValue(SPEEDS.index(playback.speed()))
        self.speed_slider.valueChanged.connect(lambda i: playback.set_speed(SPEEDS[i]))
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(self.speed_label.fontMetrics().horizontalAdvance("full speed "))

        self.seek_bar = QSlider(Qt.Orientation.Horizontal)
        self.seek_bar.setRange(0, 0)
        self.seek_bar.setToolTip("Every finished turn: drag to go back and forth while the match goes on")
        self.seek_bar.valueChanged.connect(self._seeked)
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        font = QFont(self.turn_label.font())
        font.setBold(True)
        font.setFeature(QFont.Tag("tnum"), 1)  # tabular digits: the counter does not jiggle
        self.turn_label.setFont(font)
        self.turn_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.turn_label.setMinimumWidth(self.turn_label.fontMetrics().horizontalAdvance("Turn 00000 / 00000 · live"))

        self.noun = "Turn"
        self._build_rows()
        playback.changed.connect(self.refresh)
        playback.shown.connect(lambda _i: self.refresh())
        self.refresh()

    def set_noun(self, noun: str) -> None:
        """What the turn counter calls a turn ("Step" for a snake battle)."""
        self.noun = noun
        self.refresh()

    def in_one_row(self) -> bool:
        """Whether the seek bar shares the buttons' row (there is room), or has a row of its own."""
        return self._row.indexOf(self._seek_row) >= 0

    def minimumSizeHint(self) -> QSize:
        """The two-row arrangement's: the transport never asks for the room of one row, so a
        narrow pane can narrow it (and the seek bar then moves under the buttons)."""
        controls, seek = self._controls.minimumSize(), self._seek_row.minimumSizeHint()
        return QSize(max(controls.width(), seek.width()), controls.height() + self._rows.spacing() + seek.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width() >= self._one_row_width())

    def set_stoppable(self, stoppable: bool) -> None:
        """Whether Stop has a worker to stop."""
        self._stoppable = stoppable
        self.refresh()

    def refresh(self) -> None:
        pb = self.playback
        play = self.play_button.defaultAction()
        icon = QStyle.StandardPixmap.SP_MediaPause if pb.playing else QStyle.StandardPixmap.SP_MediaPlay
        play.setText("Pause" if pb.playing else "Play")
        play.setIcon(self.style().standardIcon(icon))
        has_frames = bool(pb.frames)
        play.setEnabled(has_frames and (pb.live or pb.index < pb.last() or pb.playing))
        self.step_button.defaultAction().setEnabled(has_frames and (pb.live or pb.index < pb.last()))
        self.back_action.setEnabled(pb.index > 0)
        self.stop_button.defaultAction().setEnabled(self._stoppable)
        self.speed_label.setText(speed_text(pb.speed()))
        self.speed_slider.blockSignals(True)
        self.speed_slider.setValue(SPEEDS.index(pb.speed()) if pb.speed() in SPEEDS else 0)
        self.speed_slider.blockSignals(False)
        self.seek_bar.blockSignals(True)
        self.seek_bar.setRange(0, max(0, pb.last()))
        self.seek_bar.setValue(pb.index)
        self.seek_bar.blockSignals(False)
        self.seek_bar.setEnabled(pb.last() > 0)
        if not has_frames:
            self.turn_label.setText("No match")
            return
        live = " · live" if pb.live and pb.following else ""
        self.turn_label.setText(f"{self.noun} {pb.frames[pb.index].turn} / {pb.frames[-1].turn}{live}")

    # --- details -----------------------------------------------------------------------------

    def _build_rows(self) -> None:
        """The buttons and the speed, then the seek bar with the turn: in one row where there is
        room, else the seek bar in a row of its own under them."""
        self._controls = QHBoxLayout()
        self._controls.setSpacing(6)
        for widget in (self.play_button, self.step_button, self.stop_button):
            self._controls.addWidget(widget)
        self._controls.addSpacing(10)
        self._controls.addWidget(QLabel("Speed"))
        self._controls.addWidget(self.speed_slider)
        self._controls.addWidget(self.speed_label)
        self._seek_row = QWidget()
        seek = QHBoxLayout(self._seek_row)
        seek.setContentsMargins(0, 0, 0, 0)
        seek.setSpacing(6)
        seek.addWidget(self.back_button)
        seek.addWidget(self.seek_bar, 1)
        seek.addWidget(self.turn_label)
        self._row = QHBoxLayout()
        self._row.setSpacing(6)
        self._row.addLayout(self._controls)
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self._rows.setSpacing(6)
        # The arrangement in use must not set the minimum: narrowing the transport is what wraps it.
        self._rows.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._rows.addLayout(self._row)
        self._arrange(True)

    def _one_row_width(self) -> int:
        """The least width that shows everything in one row with a seek bar worth dragging."""
        seek = self._seek_row.minimumSizeHint().width() + SEEK_MIN_WIDTH
        return self._controls.sizeHint().width() + self._row.spacing() + 6 + seek

    def _arrange(self, one_row: bool) -> None:
        if one_row == self.in_one_row():
            return
        self._row.removeWidget(self._seek_row)
        self._rows.removeWidget(self._seek_row)
        if one_row:
            self._row.addWidget(self._seek_row, 1)
        else:
            self._rows.addWidget(self._seek_row)
        self._seek_row.show()
        self.updateGeometry()

    def _seeked(self, value: int) -> None:
        self.playback.seek(value)

    def _action(self, text: str, icon: QStyle.StandardPixmap, key: str, tip: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self.style().standardIcon(icon), text, self._host)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})")
        action.triggered.connect(lambda: slot())
        self._host.addAction(action)
        return action

    def _button(self, text: str, icon: QStyle.StandardPixmap, key: str, tip: str,
                slot: Callable[[], object]) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(self._action(text, icon, key, tip, slot))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setIconSize(QSize(16, 16))
        return button
