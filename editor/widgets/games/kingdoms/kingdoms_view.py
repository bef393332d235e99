"""The kingdoms dashboard (specs/kingdoms.md): one card per kingdom with its seven numbers, what
each changed by in the last round, its rank and share of the land; fallen kingdoms greyed.

The view only reads :class:`engines.kingdoms.State`: a live match, a replay and the arena pane
call :meth:`KingdomsView.set_state` after each round. Cards flow into four columns, two or one as
the widget narrows, so the dashboard fits beside a board-less pane and in a narrow dock alike."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.widgets.parts.seat_cards import SeatCard, figures, ordinal
from editor.widgets.parts.seat_colors import blend, delta_color, out_color, seat_color
from editor.widgets.parts.seat_names import plain_tip, seat_name
from engines.kingdoms import GAME_INFO, KINGDOM_FIELDS, Action, ActionCode, EndReason, Kingdom, State

CARD_MIN_WIDTH = 184
"""The narrowest a card gets; wider when its labels need more (larger fonts)."""
STRIPE = 5
"""Width of the seat-colour stripe on a card's left edge."""
MINUS = "\u2212"

STATS = ("food", "soldiers", "peasants", "arms", "farming", "spy")
"""The six numbers under the territory, in playfield order (territory is the card's headline)."""
TIPS = {
    "territory": "territory: the score; a kingdom whose territory reaches 0 has fallen",
    "food": "food: every soldier and peasant eats one a round; the unfed starve, soldiers first",
    "soldiers": "soldiers: attack with soldiers × (arms DIV 3), defend with 1.5 × that",
    "peasants": "peasants: a harvest brings 3 × peasants × (farming DIV 3) food",
    "arms": "arms level: multiplies attack and defence (DIV 3); robbers can steal it",
    "farming": "farming level: multiplies the harvest (DIV 3); robbers can steal it",
    "spy": "spy level: intelligence reveals the kingdoms with a lower one",
}
END_TEXT = {EndReason.ROUNDS: "all rounds played", EndReason.ONE_LEFT: "only one kingdom is left"}


def delta_text(delta: int) -> str:
    """``+3``, ``−2`` (a true minus sign), or nothing for no change."""
    return "" if delta == 0 else f"+{delta}" if delta > 0 else f"{MINUS}{-delta}"


class ShareBar(QWidget):
    """A thin bar: the kingdom's share of all the land, in its colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fraction = 0.0
        self.color: QColor = seat_color(0)
        self.setFixedHeight(6)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_share(self, fraction: float, color: QColor) -> None:
        self.fraction = max(0.0, min(1.0, fraction))
        self.color = color
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        track = blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.1)
        rect = QRectF(self.rect())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(track)
        painter.drawRoundedRect(rect, 3, 3)
        if self.fraction > 0:
            painter.setBrush(self.color)
            painter.drawRoundedRect(QRectF(rect.left(), rect.top(), max(rect.height(), rect.width() * self.fraction),
                                           rect.height()), 3, 3)


class KingdomCard(SeatCard):
    """One kingdom: name and rank, territory large with its change and share of the land, then
    the six other numbers with their changes."""

    def __init__(self, index: int, name: str, parent: QWidget | None = None) -> None:
        super().__init__(index, parent)
        self._out = False
        # Ignored across: the dashboard picks the columns for its width, so a card's minimum must
        # not pin the window to the widest arrangement.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Maximum)

        self.name_label = QLabel(name)
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)  # a seat's name from a replay: "<h1>" is text
        self.name_label.setFont(figures(self.font(), 1.1, bold=True))
        self.name_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.rank_label = QLabel()
        self.rank_label.setFont(figures(self.font(), bold=True))
        self.rank_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.status_label = QLabel()
        self.share_bar = ShareBar()
        self._values: dict[str, QLabel] = {}
        self._deltas: dict[str, QLabel] = {}
        self._captions: dict[str, QLabel] = {}
        for name in KINGDOM_FIELDS:
            big = name == "territory"
            value = QLabel("0")
            value.setFont(figures(self.font(), 2.0 if big else 1.0, bold=True))
            value.setAlignment((Qt.AlignmentFlag.AlignLeft if big else Qt.AlignmentFlag.AlignRight)
                               | Qt.AlignmentFlag.AlignBaseline)
            delta = QLabel()
            delta.setFont(figures(self.font(), 1.0 if big else 0.9, bold=big))
            delta.setMinimumWidth(delta.fontMetrics().horizontalAdvance("+000"))
            caption = QLabel(name)
            for label in (value, delta, caption):
                label.setToolTip(TIPS[name])
            self._values[name], self._deltas[name], self._captions[name] = value, delta, caption

        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.name_label, 1)
        top.addWidget(self.rank_label)
        headline = QHBoxLayout()
        headline.setSpacing(8)
        headline.addWidget(self._values["territory"])
        headline.addWidget(self._deltas["territory"], 0, Qt.AlignmentFlag.AlignBaseline)
        headline.addStretch(1)
        headline.addWidget(self.status_label, 0, Qt.AlignmentFlag.AlignBaseline)
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        for row, name in enumerate(STATS):
            grid.addWidget(self._captions[name], row, 0)
            grid.addWidget(self._values[name], row, 1)
            grid.addWidget(self._deltas[name], row, 2)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(STRIPE + 10, 8, 10, 9)
        layout.setSpacing(5)
        layout.addLayout(top)
        layout.addLayout(headline)
        layout.addWidget(self.share_bar)
        layout.addSpacing(2)
        layout.addLayout(grid)
        self._apply_roles()

    # --- what it shows -----------------------------------------------------------------------

    def value_label(self, name: str) -> QLabel:
        return self._values[name]

    def delta_label(self, name: str) -> QLabel:
        return self._deltas[name]

    def is_out(self) -> bool:
        return self._out

    def set_name(self, name: str) -> None:
        self.name_label.setText(name)
        self.name_label.setToolTip(plain_tip(name))

    def show_kingdom(self, kingdom: Kingdom, previous: Kingdom | None, rank: int, share: float) -> None:
        """Show ``kingdom``'s numbers, their change since ``previous`` (None: no change shown),
        its ``rank`` and its ``share`` of all the land."""
        palette = self.palette()
        for name in KINGDOM_FIELDS:
            value = getattr(kingdom, name)
            delta = value - getattr(previous, name) if previous is not None else 0
            self._values[name].setText(str(value))
            label = self._deltas[name]
            label.setText(delta_text(delta))
            ink = label.palette()
            ink.setColor(QPalette.ColorRole.WindowText, delta_color(delta, palette))
            label.setPalette(ink)
        self._out = not kingdom.alive
        self.rank_label.setText(ordinal(rank))
        self.status_label.setText("fallen" if self._out else f"{share:.0%} of the land")
        self.share_bar.set_share(share, out_color(self.index, palette) if self._out else seat_color(self.index))
        self._apply_roles()
        self.update()

    def _apply_roles(self) -> None:
        muted, text = QPalette.ColorRole.PlaceholderText, QPalette.ColorRole.WindowText
        for name in KINGDOM_FIELDS:
            self._values[name].setForegroundRole(muted if self._out else text)
            self._captions[name].setForegroundRole(muted)
        for label in (self.name_label, self.rank_label):
            label.setForegroundRole(muted if self._out else text)
        self.status_label.setForegroundRole(muted)
        font = self.name_label.font()
        font.setStrikeOut(self._out)
        self.name_label.setFont(font)

    # --- Qt overrides --------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        base, window = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Window)
        color = out_color(self.index, palette) if self._out else seat_color(self.index)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        fill = blend(base, window, 0.6) if self._out else blend(base, color, 0.1 if self._selected else 0.035)
        border = color if self._selected else blend(window, palette.color(QPalette.ColorRole.WindowText), 0.16)
        outline = QPainterPath()
        outline.addRoundedRect(rect, 7, 7)
        painter.fillPath(outline, fill)
        painter.save()
        painter.setClipPath(outline)
        painter.fillRect(QRectF(rect.left(), rect.top(), STRIPE, rect.height()), color)
        painter.restore()
        painter.setPen(QPen(border, 1))
        painter.drawPath(outline)


class KingdomsView(QWidget):
    """The four kingdoms' cards under a line with the round and what is left of the game."""

    kingdomClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: State | None = None
        self._previous: State | None = None
        self._names: list[str] = []
        self._columns = 0
        self._highlighted: int | None = None
        self.round_label = QLabel("No kingdoms game")
        self.round_label.setFont(figures(self.font(), bold=True))
        self.end_label = QLabel()
        self.end_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.end_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.cards = [KingdomCard(k, self.seat_name(k)) for k in range(GAME_INFO.players)]
        for card in self.cards:
            card.clicked.connect(self.kingdomClicked)
            card.setVisible(False)
        header = QHBoxLayout()
        header.addWidget(self.round_label)
        header.addStretch(1)
        header.addWidget(self.end_label)
        self._grid = QGridLayout()
        self._grid.setSpacing(8)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(8)
        layout.addLayout(header)
        layout.addLayout(self._grid)
        layout.addStretch(1)
        self._reflow()

    # --- our API -----------------------------------------------------------------------------

    def state(self) -> State | None:
        return self._state

    def previous_state(self) -> State | None:
        """The state the deltas are measured from (None: no deltas shown)."""
        return self._previous

    def set_state(self, state: State | None, previous: State | None = None) -> None:
        """Show ``state``; the deltas are its change since ``previous``. Without ``previous``, the
        state shown until now serves when it is exactly one round earlier (live play feeds the
        rounds in order); otherwise no deltas are shown, e.g. after a seek in a replay."""
        if previous is None and state is not None and _one_round_before(self._state, state):
            previous = self._state
        self._state, self._previous = state, previous if state is not None else None
        for card in self.cards:
            card.setVisible(state is not None)
        if state is None:
            self.round_label.setText("No kingdoms game")
            self.end_label.clear()
            return
        self.round_label.setText(f"Round {state.round} / {state.total_rounds}")
        end = state.end
        alive = len(state.alive)
        self.end_label.setText(f"over: {END_TEXT[end]}" if end is not None else
                               f"{alive} kingdom{'s' if alive != 1 else ''} alive · {state.rounds_left} rounds to go")
        ranks, land = state.ranks(), sum(state.scores()) or 1
        before = self._previous.kingdoms if self._previous is not None else (None,) * GAME_INFO.players
        for card, kingdom, old, rank in zip(self.cards, state.kingdoms, before, ranks):
            card.show_kingdom(kingdom, old, rank, kingdom.territory / land)

    def set_seat_names(self, names: Sequence[str]) -> None:
        """Names on the cards; a seat without one is "Kingdom <id>"."""
        self._names = list(names)
        for k, card in enumerate(self.cards):
            card.set_name(self.seat_name(k))

    def seat_name(self, index: int) -> str:
        return seat_name(self._names, index, "Kingdom")

    def set_highlighted_kingdom(self, index: int | None) -> None:
        self._highlighted = index
        for card in self.cards:
            card.set_selected(card.index == index)

    def highlighted_kingdom(self) -> int | None:
        return self._highlighted

    def columns(self) -> int:
        """How many cards stand side by side at the current width (4, 2 or 1)."""
        return self._columns

    # --- Qt overrides --------------------------------------------------------------------------

    def card_width(self) -> int:
        """The width a card needs: its labels' minimum, at least :data:`CARD_MIN_WIDTH`."""
        return max(CARD_MIN_WIDTH, self.cards[0].minimumSizeHint().width())

    def sizeHint(self) -> QSize:
        return QSize(4 * (self.card_width() + 40) + 20, 280)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.card_width() + 20, 200)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._reflow()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._state is not None:
            self.set_state(self._state, self._previous)  # the delta colours follow the palette

    def _reflow(self) -> None:
        free = self.width() - 20
        columns = next((n for n in (4, 2) if free >= n * self.card_width() + (n - 1) * self._grid.spacing()), 1)
        if columns == self._columns:
            return
        self._columns = columns
        for card in self.cards:
            self._grid.removeWidget(card)
        for k, card in enumerate(self.cards):
            self._grid.addWidget(card, k // columns, k % columns)
        for col in range(4):
            self._grid.setColumnStretch(col, 1 if col < columns else 0)


def _one_round_before(old: State | None, new: State) -> bool:
    return old is not None and old.total_rounds == new.total_rounds and old.round == new.round - 1


# --- on its own ------------------------------------------------------------------------------


def simple_action(state: State, kingdom: int, rng: random.Random) -> Action:
    """A trivial policy for the demo: feed the people, grow, now and then attack someone."""
    k = state.kingdoms[kingdom]
    if k.food < k.soldiers + k.peasants + 2 and k.farming >= 3 and k.peasants:
        return Action(ActionCode.HARVEST)
    if k.soldiers >= 4 and rng.random() < 0.3:
        return Action(ActionCode.ATTACK, rng.randint(1, 3), rng.randint(k.soldiers // 2, k.soldiers))
    return Action(rng.choice((ActionCode.RECRUIT, ActionCode.RECRUIT, ActionCode.TRAIN, ActionCode.IMPROVE_ARMS,
                              ActionCode.IMPROVE_FARMING, ActionCode.HARVEST, ActionCode.IMPROVE_SPY)))


def simple_actions(state: State, choices: random.Random, match_rng: random.Random) -> list[str | None]:
    """Who plays the demo: every kingdom alive by :func:`simple_action`."""
    return [simple_action(state, k, choices).to_line() if k in state.alive else None for k in range(GAME_INFO.players)]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.kingdoms.kingdoms_view [PLAYFIELD]``: a game of a trivial
    policy, with the dashboard above the territory history."""
    from editor.widgets.games.board_demo import run_demo

    return run_demo("kingdoms", argv)


if __name__ == "__main__":
    raise SystemExit(main())
