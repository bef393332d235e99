"""Playback of a match: the timeline of finished turns, the turn shown, and the pace of a live worker.

:class:`Playback` keeps every :class:`Frame` that arrived and which one is shown. While a match is
live it also paces the worker through the runner's :class:`Gate`: playing at a speed hands out one
round per tick, at full speed the gate is open, paused it is closed. The shown turn is separate:
it follows the newest turn until the user moves it back (the seek bar, Left, Home, a typed turn),
and then stays there while the match goes on; Play then moves it forward at the speed, End jumps
back to live. A replay (or a finished match) is the same timeline without a worker to pace; with
:attr:`Playback.loop` on, playing past its last turn starts again at the first."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QTimer, Signal

from editor.widgets.arena.match_runner import Frame, Gate

SPEEDS: tuple[float, ...] = (0.5, 1, 2, 3, 5, 8, 12, 20, 30, 60, 0)
"""Turns per second the speed slider offers, slowest first; 0 is full speed (no pacing, shown at
60 frames/s). Half a turn a second is for reading a board turn by turn; 60 is as fast as a
screen shows turns one by one."""
FULL_SPEED = 0
DEFAULT_SPEED = 8
FRAME_MS = 16


def speed_text(speed: float, noun: str = "turn") -> str:
    """``full speed``, ``8 turns/s``, ``0.5 steps/s``, ``1 round/s``: a speed as the transport says it."""
    if speed == FULL_SPEED:
        return "full speed"
    figure = f"{speed:g}"
    return f"{figure} {noun}{'' if speed == 1 else 's'}/s"


def nearest_speed(speed: float) -> float:
    """The offered speed closest to ``speed`` (a remembered value from another version)."""
    if speed == FULL_SPEED:
        return FULL_SPEED
    paced = [s for s in SPEEDS if s != FULL_SPEED]
    return min(paced, key=lambda offered: abs(offered - speed))


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
        self.loop = False
        """Playing a finished timeline past its last turn starts again at its first."""
        self._speed: float = DEFAULT_SPEED
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
        self.extend((frame,))

    def extend(self, frames: Sequence[Frame]) -> None:
        """Frames that arrived together (a worker's batch): one redraw for all of them."""
        if not frames:
            return
        self.frames.extend(frames)
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

    def speed(self) -> float:
        return self._speed

    def set_speed(self, speed: float) -> None:
        self._speed = speed
        self._apply_speed()
        self._pace()
        self.changed.emit()

    def set_loop(self, loop: bool) -> None:
        self.loop = loop
        self.changed.emit()

    def can_play(self) -> bool:
        """Whether Play has anything to show: a live match, turns after the shown one, or a loop."""
        return bool(self.frames) and (self.live or self.index < self.last() or (self.loop and self.last() > 0))

    def play(self) -> None:
        if not self.can_play():
            return  # nothing left to show
        if not self.live and self.index >= self.last():
            self.seek(0)  # a loop starts again
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

    def to_start(self) -> None:
        self.pause()
        self.seek(0)

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

    def index_of_turn(self, turn: int) -> int | None:
        """The frame of ``turn``, if it is one of the frames (frames are in turn order)."""
        if not self.frames or not self.frames[0].turn <= turn <= self.frames[-1].turn:
            return None
        guess = turn - self.frames[0].turn  # turns are consecutive: the guess is the frame
        if 0 <= guess < len(self.frames) and self.frames[guess].turn == turn:
            return guess
        return next((i for i, f in enumerate(self.frames) if f.turn == turn), None)

    def show_turn(self, turn: int) -> bool:
        """Pause on the frame of ``turn`` (a log line's, a typed one); False when there is none."""
        index = self.index_of_turn(turn)
        if index is None:
            return False
        self.pause()
        self.seek(index)
        return True

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
        elif not self.live and self.loop and self.last() > 0:
            self.seek(0)
        elif not self.live:
            self.pause()
