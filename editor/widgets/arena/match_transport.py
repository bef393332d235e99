"""The controls of a match's playback, the same in the arena pane and the editor's Battle tab.

:class:`Transport` is one row (two where the pane is narrow): First, Back, Play/Pause, Step, Last,
Loop and Stop; the speed in the game's own rounds per second (remembered between sessions where
the host gives settings); the seek bar; and a box to type the shown turn into (Enter goes there; a
turn that is not there is said under the box, in words). It says the game's own word for a round
("Step", "Round", "Move", "Turn"). Its keys (Space, Left, Right, Home, End, Escape) work anywhere
in its host but in a text field: there they edit (a seat's command line, the log's search, the
turn box), and Escape never stops the match. :mod:`editor.widgets.arena.playback` is the
timeline it drives."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeyEvent, QKeySequence, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSizePolicy,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.typing_guard import takes_typing
from editor.widgets.arena.playback import (
    DEFAULT_SPEED,
    FRAME_MS,
    FULL_SPEED,
    SPEEDS,
    Playback,
    nearest_speed,
    speed_text,
)
from editor.widgets.parts.seat_colors import delta_color

__all__ = ["DEFAULT_SPEED", "FRAME_MS", "FULL_SPEED", "SPEEDS", "Playback", "Transport", "TypingKeys", "edits_text",
           "parse_turn", "speed_text"]

SEEK_MIN_WIDTH = 120
"""Below this the seek bar moves to a row of its own (a narrow pane, the editor's Battle tab)."""
SPEED_KEY, LOOP_KEY = "speed", "loop"
"""Under the host's settings prefix: the speed (rounds per second, 0 full speed) and the loop."""
SLIDER_WIDTH, SLIDER_MIN_WIDTH = 100, 40
"""The speed slider's width, and its least where room is short (the bench dock of a 1024-wide
window, with the buttons as icons)."""

TRANSPORT_KEYS = frozenset({Qt.Key.Key_Space, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End,
                            Qt.Key.Key_Escape, Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight})
"""The transport's plain keys: a widget that takes typing keeps them."""
STOP_MATCH_TIP = "Stop the match: every bot is killed"
STOP_READING_TIP = "Stop reading the replay: the {noun}s read so far stay"
_COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                      | Qt.KeyboardModifier.MetaModifier)


def parse_turn(text: str, first: int, last: int, noun: str = "turn", live: bool = False) -> int | str:
    """The turn ``text`` names, or (a str) why it names none, in words the user reads under the
    box: ``first``..``last`` are the turns there are (``live``: more are coming)."""
    words = text.strip()
    span = f"{noun}s {first} to {last}" if last > first else f"{noun} {first} only"
    try:
        turn = int(words)
    except ValueError:
        shown = f"“{words[:12]}{'…' if len(words) > 12 else ''}”"
        return f"Type a {noun} number: {span} are there" if not words else f"{shown} is no {noun}: type a number, " \
               f"{span} are there"
    if turn > last and live:
        return f"{noun.capitalize()} {turn} is not played yet: {span} are there"
    if not first <= turn <= last:
        return f"There is no {noun} {turn}: {span} are there"
    return turn


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


class TurnBox(QLineEdit):
    """The shown turn, typed over: Enter goes there, Escape puts the shown turn back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.escaped: Callable[[], None] = lambda: None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escaped()
            return
        super().keyPressEvent(event)


class Transport(QWidget):
    """First, Back, Play/Pause, Step, Last, Loop, Stop, the speed, the seek bar and the turn box;
    keyboard shortcuts (Space, Right, Left, Home, End, Escape, [ and ] for the speed) work anywhere in the widget
    ``shortcut_host``. ``settings`` (with ``settings_prefix``) keeps the speed and the loop
    between sessions."""

    stopRequested = Signal()

    def __init__(self, playback: Playback, shortcut_host: QWidget | None = None, parent: QWidget | None = None, *,
                 settings: QSettings | None = None, settings_prefix: str = "transport/") -> None:
        super().__init__(parent)
        self.playback = playback
        self._host = shortcut_host if shortcut_host is not None else self
        self._settings, self._prefix = settings, settings_prefix
        self._stoppable = False
        self._playing_icon: bool | None = None
        self._typing_keys = TypingKeys(self._host, self)
        self._tips: dict[QAction, str] = {}
        """Each action's tooltip, ``{noun}`` for the game's word for a round."""
        self.noun = "Turn"
        pixmap = QStyle.StandardPixmap
        self.start_action = self._action("First", pixmap.SP_MediaSkipBackward, "Home", "The first {noun}",
                                         playback.to_start)
        self.back_action = self._action("Back", pixmap.SP_MediaSeekBackward, "Left", "One {noun} back",
                                        playback.step_back)
        self.play_button = self._button("Play", pixmap.SP_MediaPlay, "Space", "Play or pause", playback.toggle)
        self.step_button = self._button("Step", pixmap.SP_MediaSeekForward, "Right", "One {noun} on", playback.step)
        self.end_action = self._action("Last", pixmap.SP_MediaSkipForward, "End", "The newest {noun} (live)",
                                       playback.to_end)
        self.loop_action = self._action("Loop", pixmap.SP_BrowserReload, "",
                                        "Loop: playing past the last {noun} starts again at the first",
                                        lambda: self._set_loop(self.loop_action.isChecked()))
        self.loop_action.setCheckable(True)
        self.stop_button = self._button("Stop", pixmap.SP_MediaStop, "Escape", STOP_MATCH_TIP, self.stopRequested.emit)
        stop_action = self.stop_button.defaultAction()
        assert stop_action is not None  # (set just above)
        self.stop_action = stop_action
        # The speed from the keyboard too (it took tabbing to the slider): [ slower, ] faster, as
        # in video players (- and + zoom a board that has the focus).
        self.slower_action = self._action("Slower", pixmap.SP_ArrowDown, "[", "Slower: fewer {noun}s per second",
                                          lambda: self._step_speed(-1))
        self.faster_action = self._action("Faster", pixmap.SP_ArrowUp, "]", "Faster: more {noun}s per second",
                                          lambda: self._step_speed(1))
        self.first_button, self.back_button = self._icon_button(self.start_action), self._icon_button(self.back_action)
        self.last_button = self._icon_button(self.end_action)
        self.loop_button = self._icon_button(self.loop_action)

        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setPageStep(1)
        self.speed_slider.setMinimumWidth(SLIDER_WIDTH)  # narrower with the buttons as icons: see _show_texts
        self.speed_slider.setMaximumWidth(SLIDER_WIDTH)
        self.speed_slider.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.speed_slider.valueChanged.connect(lambda i: self._set_speed(SPEEDS[i]))
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(self.speed_label.fontMetrics().horizontalAdvance("0.5 rounds/s "))

        self.seek_bar = QSlider(Qt.Orientation.Horizontal)
        self.seek_bar.setRange(0, 0)
        self.seek_bar.valueChanged.connect(self._seeked)
        self.noun_label = QLabel()
        self.turn_box = TurnBox()
        self.turn_box.setObjectName("turnBox")
        self.turn_box.setFont(self._figures(bold=True))
        self.turn_box.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.turn_box.setFixedWidth(self.turn_box.fontMetrics().horizontalAdvance("000000") + 12)
        self.turn_box.returnPressed.connect(self._turn_typed)
        self.turn_box.textEdited.connect(lambda _text: self._show_hint(""))
        self.turn_box.escaped = self._turn_escaped
        self.noun_label.setBuddy(self.turn_box)  # "Round" names the box for a screen reader
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setFont(self._figures(bold=False))
        self.turn_label.setMinimumWidth(self.turn_label.fontMetrics().horizontalAdvance("/ 00000 · live"))
        self.hint_label = QLabel()
        self.hint_label.setObjectName("turnHint")
        self.hint_label.setWordWrap(True)
        self.hint_label.hide()

        self._restore()
        self._build_rows()
        self._text_room = 0
        """How much narrower the buttons are as icons only."""
        with_texts = sum(b.sizeHint().width() for b in (self.play_button, self.step_button, self.stop_button))
        self._show_texts(False)
        self._text_room = with_texts - sum(b.sizeHint().width() for b in (self.play_button, self.step_button,
                                                                              self.stop_button))
        self._text_room += self.speed_word.sizeHint().width() + SLIDER_WIDTH - SLIDER_MIN_WIDTH
        self._show_texts(True)
        self.set_noun("Turn")
        playback.changed.connect(self.refresh)
        playback.shown.connect(lambda _i: self.refresh())
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    def set_noun(self, noun: str) -> None:
        """What the game calls a round ("Step", "Round", "Move", "Turn"): the box's label, the
        speed's unit and the tooltips say it."""
        self.noun = noun.capitalize()
        word = self.noun.lower()
        for action, tip in self._tips.items():
            key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            text = tip.format(noun=word)
            action.setToolTip(f"{text} ({key})" if key else text)
        self.noun_label.setText(self.noun)
        self.speed_slider.setToolTip(f"{self.noun}s per second; all the way right: full speed (keys: [ slower, ] faster)")
        self.seek_bar.setToolTip(f"Every finished {word}: drag to go back and forth while the match goes on")
        self.turn_box.setToolTip(f"The {word} shown: type a {word} number and press Enter to go there")
        self.refresh()

    def in_one_row(self) -> bool:
        """Whether the seek bar shares the buttons' row (there is room), or has a row of its own."""
        return self._row.indexOf(self._seek_row) >= 0

    def turn_text(self) -> str:
        """The turn as it reads: ``Round 3 / 12 · live`` (``No match`` before any)."""
        if not self.playback.frames:
            return "No match"
        return f"{self.noun} {self.turn_box.text()} {self.turn_label.text()}".strip()

    def hint(self) -> str:
        """What the turn box says about a turn it could not go to ("" when nothing)."""
        return self.hint_label.text() if not self.hint_label.isHidden() else ""

    def go_to_turn(self, text: str) -> bool:
        """Show the turn ``text`` names (what typing it and Enter do); False, and the reason
        under the box, when there is no such turn."""
        pb = self.playback
        if not pb.frames:
            return False
        turn = parse_turn(text, pb.frames[0].turn, pb.frames[-1].turn, self.noun.lower(), pb.live)
        if isinstance(turn, str) or not pb.show_turn(turn):
            self._show_hint(turn if isinstance(turn, str) else f"There is no {self.noun.lower()} {turn}")
            return False
        self._show_hint("")
        return True

    def minimumSizeHint(self) -> QSize:
        """The two-row arrangement's: the transport never asks for the room of one row, so a
        narrow pane can narrow it (and the seek bar then moves under the buttons)."""
        controls, seek = self._controls.minimumSize(), self._seek_row.minimumSizeHint()
        hint = self.hint_label.sizeHint().height() + self._rows.spacing() if not self.hint_label.isHidden() else 0
        narrowest = controls.width() - (self._text_room if self._texts_shown() else 0)  # Play, Step, Stop as icons
        return QSize(max(narrowest, seek.width()),
                     controls.height() + self._rows.spacing() + seek.height() + hint)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        width = event.size().width()
        with_texts = self._controls.minimumSize().width() + (0 if self._texts_shown() else self._text_room)
        self._show_texts(width >= with_texts)
        self._arrange(width >= self._one_row_width())

    def _texts_shown(self) -> bool:
        return self.play_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon

    def _show_texts(self, shown: bool) -> None:
        """Play, Step and Stop with their words and the speed slider with "Speed", or (very narrow:
        a docked Battle tab) the buttons as icons with the words in their tooltips and the slider
        with its figure only."""
        if shown == self._texts_shown():
            return
        style = Qt.ToolButtonStyle.ToolButtonTextBesideIcon if shown else Qt.ToolButtonStyle.ToolButtonIconOnly
        for button in (self.play_button, self.step_button, self.stop_button):
            button.setToolButtonStyle(style)
        self.speed_word.setVisible(shown)
        self.speed_slider.setMinimumWidth(SLIDER_WIDTH if shown else SLIDER_MIN_WIDTH)
        self._controls.invalidate()  # a nested layout keeps its old minimum otherwise
        self.updateGeometry()

    def set_stoppable(self, stoppable: bool, replay: bool = False) -> None:
        """Whether Stop has a worker to stop; ``replay``: one reading a replay (it has no bots to
        kill, which Stop's tooltip said of a replay too)."""
        self._stoppable = stoppable
        if stoppable:
            self._tips[self.stop_action] = STOP_READING_TIP if replay else STOP_MATCH_TIP
            self.set_noun(self.noun)
        self.refresh()

    def refresh(self) -> None:
        pb = self.playback
        self._show_playing(pb.playing)
        has_frames = bool(pb.frames)
        self.play_button.defaultAction().setEnabled(pb.can_play() or pb.playing)
        self.step_button.defaultAction().setEnabled(has_frames and (pb.live or pb.index < pb.last()))
        self.back_action.setEnabled(pb.index > 0)
        self.start_action.setEnabled(pb.index > 0)
        self.end_action.setEnabled(has_frames and (pb.index < pb.last() or (pb.live and not pb.following)))
        self.loop_action.setChecked(pb.loop)
        self.stop_button.defaultAction().setEnabled(self._stoppable)
        self.speed_label.setText(speed_text(pb.speed(), self.noun.lower()))
        self.speed_slider.blockSignals(True)
        self.speed_slider.setValue(SPEEDS.index(pb.speed()) if pb.speed() in SPEEDS else 0)
        self.speed_slider.blockSignals(False)
        self.seek_bar.blockSignals(True)
        self.seek_bar.setRange(0, max(0, pb.last()))
        self.seek_bar.setValue(pb.index)
        self.seek_bar.blockSignals(False)
        self.seek_bar.setEnabled(pb.last() > 0)
        self.turn_box.setEnabled(has_frames)
        if not has_frames:
            self.turn_box.clear()
            self.turn_label.setText("No match")
            return
        if not (self.turn_box.hasFocus() and self.turn_box.isModified()):  # what is being typed stays
            self.turn_box.setText(str(pb.frames[pb.index].turn))
        live = " · live" if pb.live and pb.following else ""
        self.turn_label.setText(f"/ {pb.frames[-1].turn}{live}")

    # --- details -----------------------------------------------------------------------------

    def _restore(self) -> None:
        """The speed and loop of the last session (from the host's settings)."""
        if self._settings is None:
            return
        try:
            speed = float(str(self._settings.value(self._prefix + SPEED_KEY, DEFAULT_SPEED)))
        except ValueError:
            speed = DEFAULT_SPEED
        self.playback.set_speed(nearest_speed(speed))
        self.playback.set_loop(str(self._settings.value(self._prefix + LOOP_KEY, "false")).lower() == "true")

    def _set_speed(self, speed: float) -> None:
        self.playback.set_speed(speed)
        if self._settings is not None:
            self._settings.setValue(self._prefix + SPEED_KEY, f"{speed:g}")

    def _step_speed(self, steps: int) -> None:
        slider = self.speed_slider
        slider.setValue(max(slider.minimum(), min(slider.maximum(), slider.value() + steps)))

    def _set_loop(self, loop: bool) -> None:
        self.playback.set_loop(loop)
        if self._settings is not None:
            self._settings.setValue(self._prefix + LOOP_KEY, "true" if loop else "false")

    def _show_playing(self, playing: bool) -> None:
        """Play's text and icon (set only when they change: an icon costs a style lookup)."""
        if playing == self._playing_icon:
            return
        self._playing_icon = playing
        play = self.play_button.defaultAction()
        icon = QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        play.setText("Pause" if playing else "Play")
        play.setIcon(self.style().standardIcon(icon))

    def _turn_typed(self) -> None:
        if self.go_to_turn(self.turn_box.text()):
            self.turn_box.setModified(False)
            self.refresh()

    def _turn_escaped(self) -> None:
        self.turn_box.setModified(False)
        self._show_hint("")
        self.refresh()

    def _show_hint(self, text: str) -> None:
        if text == self.hint():
            return
        self.hint_label.setText(text)
        palette = self.hint_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, delta_color(-1, self.palette()))
        self.hint_label.setPalette(palette)
        self.hint_label.setVisible(bool(text))
        self.updateGeometry()

    def _figures(self, bold: bool) -> QFont:
        font = QFont(self.font())
        font.setBold(bold)
        font.setFeature(QFont.Tag("tnum"), 1)  # tabular digits: the counter does not jiggle
        return font

    def _build_rows(self) -> None:
        """The buttons and the speed, then the seek bar with the turn: in one row where there is
        room, else the seek bar in a row of its own under them; a hint about a typed turn under
        all of it."""
        self._controls = QHBoxLayout()
        self._controls.setSpacing(2)
        for widget in (self.first_button, self.back_button, self.play_button, self.step_button, self.last_button,
                       self.loop_button, self.stop_button):
            self._controls.addWidget(widget)
        self._controls.addSpacing(6)
        self.speed_word = speed = QLabel("Speed")
        speed.setBuddy(self.speed_slider)
        self._controls.addWidget(speed)
        self._controls.addSpacing(4)
        self._controls.addWidget(self.speed_slider)
        self._controls.addWidget(self.speed_label)
        self._seek_row = QWidget()
        seek = QHBoxLayout(self._seek_row)
        seek.setContentsMargins(0, 0, 0, 0)
        seek.setSpacing(6)
        seek.addWidget(self.seek_bar, 1)
        seek.addWidget(self.noun_label)
        seek.addWidget(self.turn_box)
        seek.addWidget(self.turn_label)
        self._row = QHBoxLayout()
        self._row.setSpacing(6)
        self._row.addLayout(self._controls)
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self._rows.setSpacing(4)
        # The arrangement in use must not set the minimum: narrowing the transport is what wraps it.
        self._rows.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._rows.addLayout(self._row)
        self._rows.addWidget(self.hint_label, 0, Qt.AlignmentFlag.AlignRight)
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
            self._rows.insertWidget(1, self._seek_row)
        self._seek_row.show()
        self.updateGeometry()

    def _seeked(self, value: int) -> None:
        self.playback.seek(value)

    def _action(self, text: str, icon: QStyle.StandardPixmap, key: str, tip: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self.style().standardIcon(icon), text, self._host)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._tips[action] = tip
        action.triggered.connect(lambda: slot())
        self._host.addAction(action)
        return action

    def actions_for_window(self) -> list[QAction]:
        """The transport's keys, for another window that shows this match (a popped-out board)."""
        return [a for a in self._tips if not a.shortcut().isEmpty()]

    def _icon_button(self, action: QAction) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setAutoRaise(True)
        button.setIconSize(QSize(16, 16))
        return button

    def _button(self, text: str, icon: QStyle.StandardPixmap, key: str, tip: str,
                slot: Callable[[], object]) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(self._action(text, icon, key, tip, slot))
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setIconSize(QSize(16, 16))
        return button
