"""What each card of a program did in battle (issue 17), from :class:`arena.card_stats.ProgramStats`:
per card how often it decided and its share of the program's choices, with which moves, how
often its choice was a tie, what followed (bites made, segments lost within
:data:`~arena.card_stats.HORIZON` steps), and where on the field it decided (a heat map of the
selected card); the cards that never decided, said in words.

The view knows nothing of where the statistics come from (a battle, replays, a tournament):
``show_stats(stats)`` shows them, ``show_message(text)`` says why there are none."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from arena.card_stats import HORIZON, CardTally, ProgramStats
from editor.widgets.parts.boxes import column, row
from editor.widgets.parts.form_widgets import heading
from editor.widgets.stats.heat_map import HeatMap
from engines.snake import Direction
from matcher.analysis import cards_text

COLUMNS = ("Card", "Decided", "Share", "↑", "→", "↓", "←", "Ties", "Bites", "Lost", "Description")
COLUMN_TIPS = {
    "Decided": "How often the card decided the move",
    "Share": "Its share of the program's choices (turns with two or more possible moves)",
    "↑": "Decisions for up", "→": "Decisions for right", "↓": "Decisions for down", "←": "Decisions for left",
    "Ties": "Decisions whose best moves were a tie (the move was drawn among them)",
    "Bites": f"Bites the snake made from each decision to the end of the {HORIZON}th step after it",
    "Lost": f"Segments the snake lost from each decision to the end of the {HORIZON}th step after it",
}
ALARM_STYLE = ("QLabel { background: rgba(230, 160, 30, 0.16); border: 1px solid rgba(230, 160, 30, 0.6);"
               " border-radius: 4px; padding: 5px 7px; }")
"""The line under the table when no card decided at all."""
RANDOM = -1
"""The row of the choices no card decided (a random pick among the possible moves)."""
VALUE_ROLE = Qt.ItemDataRole.UserRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class CardStatsView(QWidget):
    """A program's card statistics: a table of its cards, what never decided, and the heat map of
    the card chosen in the table."""

    cardChosen = Signal(int)
    """A card's row was chosen (0-based card; :data:`RANDOM` for the random picks)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stats: ProgramStats | None = None
        self._build()
        self.show_message("No statistics yet.")

    # --- our API -----------------------------------------------------------------------------

    def show_stats(self, stats: ProgramStats) -> None:
        """Show ``stats``; the card that decided most is chosen (its heat map shown)."""
        self._stats = stats
        self.summary_label.setText(summary(stats))
        self._fill_table(stats)
        self.never_label.setText(never_text(stats))
        self.never_label.setStyleSheet("" if any(t.decided for t in stats.cards) else ALARM_STYLE)
        self.never_label.setVisible(True)
        self.body.setVisible(True)
        self.message_label.setVisible(False)
        busiest = max(range(len(stats.cards)), key=lambda i: stats.cards[i].decided, default=None)
        self.choose_card(busiest if busiest is not None and stats.cards[busiest].decided else RANDOM)

    def show_message(self, text: str) -> None:
        """No statistics: ``text`` says why (nothing counted yet, counting, an error)."""
        self._stats = None
        self.message_label.setText(text)
        self.message_label.setVisible(True)
        self.summary_label.setText("")
        self.never_label.setVisible(False)
        self.body.setVisible(False)

    def stats(self) -> ProgramStats | None:
        return self._stats

    def choose_card(self, card: int) -> None:
        """Select ``card``'s row (0-based; :data:`RANDOM`) and show where it decided."""
        row = self._row_of(card)
        if row is not None:
            self.table.selectRow(row)
            self._show_heat(card)

    def chosen_card(self) -> int | None:
        rows = {index.row() for index in self.table.selectedIndexes()}
        return int(self._item(min(rows), 0).data(VALUE_ROLE)) if rows else None

    def column_texts(self, name: str) -> list[str]:
        """A column's texts top to bottom (cards in order, then the random picks)."""
        column = COLUMNS.index(name)
        return [self._item(row, column).text() for row in range(self.table.rowCount())]

    def heat_sizes(self) -> list[tuple[int, int]]:
        """The field sizes the chosen card's heat map can show, ``(width, height)``."""
        return [tuple(self.size_box.itemData(i)) for i in range(self.size_box.count())]

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        self.message_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.never_label = QLabel()
        self.never_label.setWordWrap(True)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        for index, name in enumerate(COLUMNS):
            title = self.table.horizontalHeaderItem(index)
            if title is not None and name in COLUMN_TIPS:
                title.setToolTip(COLUMN_TIPS[name])
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(30)
        self.table.itemSelectionChanged.connect(self._selection_changed)

        self.heat_title = heading("Where it decided")
        self.size_box = QComboBox()
        self.size_box.setToolTip("The field size: each size has its own map")
        self.size_box.setAccessibleName("Field size")
        self.size_box.activated.connect(lambda _i: self._show_heat(self.chosen_card()))
        self.heat_map = HeatMap()
        self.heat_map.setAccessibleName("Where it decided")
        self.heat_caption = QLabel()
        self.heat_caption.setWordWrap(True)
        self.heat_caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        heat = QWidget()
        column(row((self.heat_title, 1), self.size_box), (self.heat_map, 1), self.heat_caption, parent=heat, spacing=4)

        self.body = QSplitter(Qt.Orientation.Horizontal)
        self.body.addWidget(self.table)
        self.body.addWidget(heat)
        self.body.setStretchFactor(0, 3)
        self.body.setStretchFactor(1, 2)
        self.body.setChildrenCollapsible(False)
        column(self.summary_label, (self.message_label, 1), (self.body, 1), self.never_label, parent=self)

    def _fill_table(self, stats: ProgramStats) -> None:
        rows: list[tuple[int, CardTally, str]] = [
            (index, tally, card.description or "") for index, (card, tally) in enumerate(zip(stats.program.cards, stats.cards))]
        rows.append((RANDOM, stats.undecided, "no card: a random pick among the possible moves"))
        with QSignalBlocker(self.table):
            self.table.clearSelection()
            self.table.setRowCount(len(rows))
            for row, (card, tally, description) in enumerate(rows):
                texts = [("–" if card == RANDOM else str(card + 1)), str(tally.decided), f"{stats.share(tally):.1%}",
                         *(str(tally.moves[d]) for d in Direction), str(tally.ties), str(tally.bites), str(tally.lost),
                         description]
                for column, text in enumerate(texts):
                    item = QTableWidgetItem(text)
                    item.setData(VALUE_ROLE, card)
                    if column < len(texts) - 1:
                        item.setTextAlignment(_RIGHT)
                    else:
                        item.setToolTip(description)
                    if card != RANDOM and tally.decided == 0:  # never decided: greyed
                        item.setForeground(self.palette().placeholderText())
                        font = QFont(item.font())
                        font.setItalic(True)
                        item.setFont(font)
                    self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()

    # --- reactions ---------------------------------------------------------------------------

    def _selection_changed(self) -> None:
        card = self.chosen_card()
        if card is not None:
            self._show_heat(card)
            self.cardChosen.emit(card)

    def _show_heat(self, card: int | None) -> None:
        stats = self._stats
        if stats is None or card is None:
            return
        tally = stats.undecided if card == RANDOM else stats.cards[card]
        sizes = sorted(tally.heat)
        shown = self.size_box.currentData()
        with QSignalBlocker(self.size_box):
            self.size_box.clear()
            for width, height in sizes:
                self.size_box.addItem(f"{width}×{height}", (width, height))
            if shown is not None and tuple(shown) in sizes:
                self.size_box.setCurrentIndex(sizes.index(tuple(shown)))
        self.size_box.setVisible(len(sizes) > 1)
        size = tuple(self.size_box.currentData()) if sizes else None
        self.heat_map.set_counts(tally.heat[size] if size is not None else None)
        what = "the random picks" if card == RANDOM else f"card {card + 1}"
        self.heat_title.setText(f"WHERE {what.upper()} DECIDED")
        if size is None:
            self.heat_caption.setText(f"{what[:1].upper()}{what[1:]} never decided: no map.")
        else:
            count = int(tally.heat[size].sum())
            self.heat_caption.setText(f"{count} decision{'s' * (count != 1)} on the {size[0]}×{size[1]} field, "
                                      "by the cell of the snake's head; darker: more often.")

    # --- details -----------------------------------------------------------------------------

    def _row_of(self, card: int) -> int | None:
        for row in range(self.table.rowCount()):
            if self._item(row, 0).data(VALUE_ROLE) == card:
                return row
        return None

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every cell is filled by _fill_table
        return item


def summary(stats: ProgramStats) -> str:
    """One line: the program, the seats it played as, and what was counted."""
    seats = ", ".join(stats.names)
    battles = f"{stats.battles} battle{'s' * (stats.battles != 1)}"
    return (f"<b>{_escape(stats.program.name)}</b> (as {_escape(seats)}; {battles}): {stats.turns} turns, "
            f"{stats.choices} choices (turns with two or more possible moves)")


def never_text(stats: ProgramStats) -> str:
    """The cards that never decided, or that every card did; said loudly when none did."""
    if not stats.choices:
        return "The program never had a choice in these games (at most one possible move each turn): no card decided."
    if not any(tally.decided for tally in stats.cards):
        return (f"No card decided: all {stats.choices} choices were random picks among the possible moves "
                "(no card matched).")
    never = stats.never
    if not never:
        return "Every card decided at least once."
    return f"Never decided: {cards_text(never)}."


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.stats.card_stats_view [REPLAY...]``: the statistics of the
    first program of the replays (default: a battle of two samples played here)."""
    from arena.card_stats import stats_of_battle, stats_of_replays
    from arena.samples import SNAKE_SAMPLES
    from arena.program_battle import BattleSettings
    from editor.widgets.parts.standalone import application, run_alone
    from matcher import load_program

    args = list(sys.argv[1:] if argv is None else argv)
    application()
    if args:
        found = stats_of_replays(args)
    else:
        programs = [load_program(SNAKE_SAMPLES / f"{name}.snake.json") for name in ("nine_cards", "hunter")]
        found = stats_of_battle(programs, BattleSettings(seed=3))
    view = CardStatsView()
    view.show_stats(found[0])
    return run_alone(lambda: view, "Card statistics", (900, 520))


if __name__ == "__main__":
    raise SystemExit(main())
