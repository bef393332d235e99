"""The scoreboard of a match at the shown turn: per seat its score, rank, bot status and time used.

While a match runs the ranks are the scores' competition ranks and a status is the seat's worst
misbehaviour so far; the latest reason shows on a line of its own under the status line (cut to
the row's width, the whole of it in the tooltip), and for a seat still "ok" the note on how its
bot ended after the game when not cleanly (what the seat log's last row says); at the final turn
of a finished match everything is the result's own — what ``snakepit match`` prints. A bot the sandbox shows without
its folder (a file straight in /tmp or a home) says so on a line of its own from the start: the
files beside it are missing, and that explains the crash a user reads on the row above."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from arena.bots.jail import SHOWN_ALONE
from editor.widgets.arena.match_runner import Frame, Outcome
from editor.widgets.parts.seat_cards import SeatCard, figures, ordinal
from editor.widgets.parts.seat_colors import delta_color
from editor.widgets.parts.seat_names import plain_tip

FOLDER_NOTE = "⚠ Shown without its folder: no file beside it"
STATUS_TEXT = {"ok": "ok", "timeout": "timeout", "crashed": "crashed", "invalid_output": "invalid output",
               "killed": "killed (a limit)", "disqualified": "disqualified"}


def seconds_text(seconds: float) -> str:
    """``737 ms``, ``2.41 s``; under 10 ms with a decimal (a card program decides in well under one)."""
    if seconds < 0.00995:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds * 1000:.0f} ms" if seconds < 0.9995 else f"{seconds:.2f} s"


def match_summary(turn: int, last: int, live: bool, outcome: Outcome | None, names: Sequence[str],
                  round_noun: str, end_text: Callable[[str], str], turn_noun: str = "turn") -> str:
    """The line over the rows: the shown turn of those so far (called ``turn_noun``), or (at the
    final turn of a finished match, ``outcome``) how it ended and who won. ``end_text`` says an
    end reason in words."""
    if outcome is None:
        shown = f"{turn_noun} {turn} of {last}"
        return f"Playing: {shown} so far." if live else f"{shown[:1].upper()}{shown[1:]}."
    rounds = f"{outcome.rounds} {round_noun}{'' if outcome.rounds == 1 else 's'}"
    if outcome.cancelled:
        return f"Stopped after {rounds}."
    winners = [breakable_name(names[i]) for i, rank in enumerate(outcome.ranks) if rank == 1]
    if len(winners) == len(names):
        verdict = "A draw: every seat shares first place"
    elif len(winners) == 1:
        verdict = f"<b>{winners[0]}</b> wins"
    else:
        verdict = "Shared first place: " + ", ".join(f"<b>{w}</b>" for w in winners)
    return f"Over after {rounds} ({end_text(outcome.end)}). {verdict}."


RUN = 16
"""The most characters of a name without a place to wrap (:func:`breakable_name`)."""


def breakable_name(name: str) -> str:
    """``name`` for rich text: escaped (a seat name comes from a replay someone sent: ``<h1>`` is
    text), with places to wrap (U+200B) after ``_ - . /`` and in every run of :data:`RUN` other
    characters, so a long file name wraps in a narrow scoreboard instead of being cut at its edge."""
    parts = re.split(r"(?<=[_\-./])", name)
    runs = [part[i:i + RUN] for part in parts for i in range(0, len(part), RUN)]
    return "\u200b".join(html.escape(run) for run in runs if run)


class ElidedLabel(QLabel):
    """One line of text cut with "…" to the width it is given (a long name or reason must not widen
    the scoreboard); :meth:`text` is what shows, :meth:`full_text` all of it."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(parent)
        self._full = ""
        self._mode = mode
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a seat's name from a replay: "<h1>" is text
        self.set_full_text(text)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = " ".join(text.split())  # one line: a reason may hold a stderr line end
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a bold or larger font cuts elsewhere
            self._elide()

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self._full, self._mode, max(0, self.width())))


class ScoreRow(SeatCard):
    """One seat: swatch, name and rank over its status line; the score large on the right."""

    def __init__(self, index: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(index, parent)
        # A long name is cut in its middle ("another_ext…player.py 2": four seats of one bot read
        # alike cut at the end), whole in its tooltip.
        self.name_label = ElidedLabel(name, mode=Qt.TextElideMode.ElideMiddle)
        self.name_label.setFont(figures(self.font(), bold=True))
        self.name_label.setToolTip(plain_tip(name))
        self.rank_label = QLabel()
        self.rank_label.setFont(figures(self.font(), bold=True))
        self.rank_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.status_label = QLabel()
        self.status_label.setFont(figures(self.font(), scale=0.92))
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.reason_label = ElidedLabel()
        self.reason_label.setObjectName("scoreReason")
        self.reason_label.setFont(figures(self.font(), scale=0.92))
        self.reason_label.hide()
        self.folder_label = ElidedLabel(FOLDER_NOTE)
        self.folder_label.setObjectName("scoreFolder")
        self.folder_label.setFont(figures(self.font(), scale=0.92))
        self.folder_label.hide()
        lines = QWidget()
        column = QVBoxLayout(lines)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.status_label)
        column.addWidget(self.reason_label)
        column.addWidget(self.folder_label)
        self.score_label = QLabel()
        self.score_label.setFont(figures(self.font(), scale=1.5, bold=True))
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.score_label.setMinimumWidth(self.score_label.fontMetrics().horizontalAdvance("0000"))
        self.sandbox_label = QLabel()
        self.sandbox_label.setObjectName("sandboxTag")
        self.sandbox_label.setFont(figures(self.font(), scale=0.85))
        self.sandbox_label.hide()
        self._lay_out_row([self.name_label, self.sandbox_label, self.rank_label], lines, self.score_label, 6)
        # A Tab stop: a screen reader reads the row's sentence (its accessible name) as it gets
        # the keys, and Enter selects the seat as a click does (Space plays the match).
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self.clicked.emit(self.index)
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hasFocus():  # the card's rim in the highlight colour, two pixels wide
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 2))
            painter.drawRoundedRect(self.rect().adjusted(1, 1, -1, -1), 6, 6)
            painter.end()

    def set_values(self, score: int, rank: int, status: str, reason: str, times: str, bad: bool) -> None:
        self.score_label.setText(str(score))
        self.rank_label.setText(ordinal(rank))
        self.rank_label.setForegroundRole(QPalette.ColorRole.WindowText if rank == 1 else QPalette.ColorRole.PlaceholderText)
        parts = [STATUS_TEXT.get(status, status) if not bad else f"⚠ {STATUS_TEXT.get(status, status)}"]
        if times:
            parts.append(times)
        self.status_label.setText(" · ".join(parts))
        palette = self.status_label.palette()
        color = delta_color(-1, self.palette()) if bad else self.palette().color(QPalette.ColorRole.PlaceholderText)
        palette.setColor(QPalette.ColorRole.WindowText, color)
        self.status_label.setPalette(palette)
        self.reason_label.set_full_text(reason)
        self.reason_label.setVisible(bool(reason))
        self.reason_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        name = self.name_label.full_text()
        self.setToolTip(plain_tip(f"{name}: {reason}" if reason else name))
        # The row as one sentence for a screen reader (its labels alone are scattered words).
        self.setAccessibleName(f"{name}: {ordinal(rank)}, score {score}")
        self.setAccessibleDescription(" · ".join([*parts, reason] if reason else parts))

    def set_sandbox(self, sandboxed: bool | None, lines: Sequence[str]) -> None:
        """Whether this seat's bot runs in a sandbox (None: no bot), and what holds for it."""
        alone = [line for line in lines if line.startswith(SHOWN_ALONE)] if sandboxed else []
        self.folder_label.setVisible(bool(alone))
        self.folder_label.setToolTip(plain_tip("\n".join(line[:1].upper() + line[1:] for line in alone)))
        self.folder_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        if sandboxed is None:
            self.sandbox_label.hide()
            return
        self.sandbox_label.setText("sandboxed" if sandboxed else "⚠ not sandboxed")
        palette = self.sandbox_label.palette()
        color = self.palette().color(QPalette.ColorRole.PlaceholderText) if sandboxed else delta_color(-1, self.palette())
        palette.setColor(QPalette.ColorRole.WindowText, color)
        self.sandbox_label.setPalette(palette)
        self.sandbox_label.show()
        head = "Sandboxed" if sandboxed else "NOT sandboxed: this bot runs as you, with your files and network"
        self.sandbox_label.setToolTip(plain_tip("\n".join([head, *(f"• {line}" for line in lines)])))


class Scoreboard(QWidget):
    """A row per seat, a line about the match above them; a click on a row selects the seat."""

    seatClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ScoreRow] = []
        self.timed = True
        self.summary_label = QLabel("No match yet")
        self.summary_label.setObjectName("scoreSummary")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        self.warning_label = QLabel("⚠ <b>Not sandboxed:</b> these bots run as you, and may read and change "
                                    "your files and use the network.")
        self.warning_label.setObjectName("sandboxWarning")
        self.warning_label.setWordWrap(True)
        self.warning_label.setStyleSheet(
            "QLabel#sandboxWarning { background: rgba(214, 69, 58, 0.14); border: 1px solid rgba(214, 69, 58, 0.55);"
            " border-radius: 4px; padding: 4px 6px; }")
        self.warning_label.hide()
        self._rows = QVBoxLayout()
        self._rows.setSpacing(5)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.warning_label)
        layout.addLayout(self._rows)

    def set_seats(self, names: Sequence[str], timed: bool = True) -> None:
        """New rows; ``timed``: seats are bots with think times (not in-process programs)."""
        for row in self.rows:
            row.deleteLater()
        self.rows = [ScoreRow(i, name) for i, name in enumerate(names)]
        for row in self.rows:
            row.clicked.connect(self.seatClicked)
            self._rows.addWidget(row)
        self.timed = timed

    def set_summary(self, html: str) -> None:
        self.summary_label.setText(html)

    def set_sandbox(self, sandboxed: bool | None, per_seat: Sequence[Sequence[str]] = ()) -> None:
        """Whether the bots run sandboxed (None: no bots, e.g. snake programs), and per seat
        what holds for it (its namespaces, uid, limits), shown on each row; an unsandboxed match
        gets a warning above the rows."""
        for row in self.rows:
            row.set_sandbox(sandboxed, per_seat[row.index] if row.index < len(per_seat) else ())
        self.warning_label.setVisible(sandboxed is False)

    def sandbox_tags(self) -> list[str]:
        """Per seat its sandbox tag as shown ("" when hidden)."""
        return [r.sandbox_label.text() if r.sandbox_label.isVisibleTo(r) else "" for r in self.rows]

    def show_frame(self, frame: Frame, outcome: Outcome | None = None) -> None:
        """The seats at ``frame``; ``outcome`` (only with the final frame) is the match's result."""
        ranks = list(outcome.ranks) if outcome is not None else frame.ranks()
        for seat, row in enumerate(self.rows):
            total = frame.totals[seat] if seat < len(frame.totals) else None
            status = outcome.statuses[seat] if outcome is not None else total.status if total else "ok"
            wall, cpu = (total.wall, total.cpu) if total is not None else (0.0, 0.0)
            if outcome is not None and seat < len(outcome.seat_times):
                wall, cpu = outcome.seat_times[seat]
            times = f"{seconds_text(wall)} (cpu {seconds_text(cpu)})" if self.timed else ""
            reason = total.reason if total is not None else ""
            if total is not None and total.problems > 1:  # what went wrong first; the count can be cut off
                reason = f"{reason} (the latest of {total.problems} bad turns)"
            if status == "ok" and total is not None and total.note:  # its game stands, but it has a note
                reason = f"note: {total.note}"
            row.set_values(frame.scores[seat], ranks[seat], status, reason, times, status != "ok")

    def set_selected(self, seat: int | None) -> None:
        for row in self.rows:
            row.set_selected(row.index == seat)

    def shown(self) -> list[tuple[str, str, str]]:
        """Per seat what it shows: score, rank and status line."""
        return [(r.score_label.text(), r.rank_label.text(), r.status_label.text()) for r in self.rows]

    def folder_notes(self) -> list[str]:
        """Per seat the note that its bot is shown without its folder, as shown ("" when hidden)."""
        return [r.folder_label.text() if r.folder_label.isVisibleTo(r) else "" for r in self.rows]

    def reasons(self) -> list[str]:
        """Per seat the reason line as shown (cut to the row's width; empty when hidden)."""
        return [r.reason_label.text() if r.reason_label.isVisibleTo(r) else "" for r in self.rows]
