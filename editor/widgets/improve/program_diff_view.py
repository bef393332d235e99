"""The best program of a search as a card diff against the program in the editor
(:func:`matcher.diff.diff_programs`: cards matched even when reordered): one row per card that
differs, the card before and after side by side with the changed cells outlined (green added, red
removed, amber changed), and in words what changed, cell by cell, from the snake's point of view."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from arena.improve.describe import what, where
from editor.widgets.cards.pattern_paint import card_thumbnail
from matcher.diff import CardChange, CellChange, ProgramDiff, diff_programs
from matcher.model import CARD_SIZE, Card, Pattern, Program

THUMB = 84
DESCRIPTION_LIMIT = 180
"""Characters of a card's description shown in its row (all of it in the tooltip): a generated
description of a big card runs to paragraphs."""
ADDED, REMOVED, CHANGED = QColor("#2e9e4f"), QColor("#d6453a"), QColor("#e0a020")


def cell_color(change: CellChange) -> QColor:
    if change.before is None:
        return ADDED
    return REMOVED if change.after is None else CHANGED


def outlined_card(card: Card, cells: Sequence[CellChange], palette: QPalette, size: int = THUMB) -> QPixmap:
    """``card``'s thumbnail with ``cells`` outlined in their change's colour."""
    pixmap = card_thumbnail(card, size, palette)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    step = size / CARD_SIZE
    for change in cells:
        row, col = change.cell
        painter.setPen(QPen(cell_color(change), 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(col * step + 1.5, row * step + 1.5, step - 3, step - 3))
    painter.end()
    return pixmap


def headline(change: CardChange) -> str:
    """``Card 2 → 3: changed``, ``Card 4: new``, ``Card 1: dropped``, ``Card 3 → 1: moved``
    (new cards numbered as in the best program, dropped ones as in the editor's)."""
    before, after = (change.before or 0) + 1, (change.after or 0) + 1
    kind = change.kind
    if kind == "added":
        return f"Card {after}: new"
    if kind == "removed":
        return f"Card {before}: dropped"
    arrow = f"Card {before} → {after}" if before != after else f"Card {before}"
    if kind == "changed" and change.head is None and not change.cells and change.description is not None:
        return f"{arrow}: {'description added' if not change.description[0] else 'new description'}"
    return f"{arrow}: {'changed' if kind == 'changed' else 'moved, unchanged'}"


def elided(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text``, cut at a word with "…" when longer than ``limit`` characters."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def _pattern_words(program: Program, pattern: Pattern | None) -> str:
    return "blank" if pattern is None else f"{what(program, pattern)} [{pattern.group.label}]"


def change_lines(a: Program, b: Program, change: CardChange) -> list[str]:
    """What changed in a matched card, one line each: head, description, every cell."""
    lines = []
    if change.head is not None:
        old, new = change.head
        lines.append(f"head: row {old.row}, col {old.col} facing {old.facing.label} → row {new.row}, col {new.col} "
                     f"facing {new.facing.label}")
    before, after = a.cards[change.before or 0], b.cards[change.after or 0]
    if change.description is not None and change.description[0]:
        lines.append(f"description was: {elided(change.description[0])}")
    for cell in change.cells:
        place = where(before if cell.after is None else after, cell.cell)  # seen from the card that has it
        lines.append(f"{place} (row {cell.cell[0]}, col {cell.cell[1]}): {_pattern_words(a, cell.before)} → "
                     f"{_pattern_words(b, cell.after)}")
    return lines


class ProgramDiffView(QScrollArea):
    """The rows of a diff (see the module docstring); a line on top says how much changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.diff: ProgramDiff | None = None
        self._headlines: list[str] = []
        self._inner = QWidget()
        self._layout = QVBoxLayout(self._inner)
        self._layout.setContentsMargins(8, 8, 8, 8)
        self._layout.setSpacing(10)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setWidget(self._inner)
        self._shown: tuple[Program, Program] | None = None
        self.show_nothing("No search yet: the best program found will show here, card by card, against yours.")

    # --- our API -----------------------------------------------------------------------------

    def show_nothing(self, text: str) -> None:
        self.diff, self._shown = None, None
        self._rebuild(text, [])

    def show_diff(self, document: Program, best: Program, changes: Sequence[str] = ()) -> None:
        """``best`` against ``document``; ``changes`` are the search's edits kept (for the summary)."""
        if self._shown == (document, best):
            return
        self._shown = (document, best)
        self.diff = diff = diff_programs(document, best)
        differing = [c for c in diff.cards if c.kind != "same"]
        if diff.same or not differing:
            self._rebuild("The best program so far is the one in the editor (no change kept yet).", [])
            return
        same = sum(1 for c in diff.cards if c.kind == "same")
        kept = f"{len(changes)} edit{'s' if len(changes) != 1 else ''} kept: {'; '.join(changes)}. " if changes else ""
        summary = (f"{kept}{len(differing)} card{'s differ' if len(differing) != 1 else ' differs'} from the editor's"
                   f"{f', {same} unchanged' if same else ''}.")
        self._rebuild(summary, [self._row(document, best, change) for change in differing])

    def headlines(self) -> list[str]:
        """The rows' first lines, top to bottom."""
        return list(self._headlines)

    # --- details -----------------------------------------------------------------------------

    def _rebuild(self, summary: str, rows: list[tuple[str, QWidget]]) -> None:
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self.summary_label:
                widget.deleteLater()
        self.summary_label.setText(summary)
        self._layout.addWidget(self.summary_label)
        self._headlines = [title for title, _ in rows]
        for _, row in rows:
            self._layout.addWidget(row)
        self._layout.addStretch(1)

    def _row(self, a: Program, b: Program, change: CardChange) -> tuple[str, QWidget]:
        palette = self.palette()
        row = QWidget()
        grid = QGridLayout(row)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        before = a.cards[change.before] if change.before is not None else None
        after = b.cards[change.after] if change.after is not None else None
        sides = ((before, [c for c in change.cells if c.before is not None], "before"),
                 (after, [c for c in change.cells if c.after is not None], "after"))
        for column, (card, cells, when) in enumerate(sides):
            picture = QLabel()
            picture.setFixedSize(THUMB, THUMB)
            if card is not None:
                picture.setPixmap(outlined_card(card, cells, palette))
                picture.setToolTip(f"The card {when}")
            else:
                picture.setText("new" if when == "before" else "dropped")
                picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
                picture.setForegroundRole(QPalette.ColorRole.PlaceholderText)
                picture.setFrameShape(QFrame.Shape.Box)
                picture.setStyleSheet("QLabel { border: 1px dashed palette(mid); }")
            grid.addWidget(picture, 0, column, 2, 1, Qt.AlignmentFlag.AlignTop)
        title = headline(change)
        shown = after if after is not None else before
        description = shown.description if shown is not None else ""
        text = QLabel(f"<b>{html.escape(title)}</b>" + (f"<br>{html.escape(elided(description))}" if description else ""))
        text.setToolTip(description)
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(text, 0, 2)
        lines = change_lines(a, b, change) if change.kind == "changed" else []
        if lines:
            details = QLabel("<br>".join(html.escape(line) for line in lines))
            details.setWordWrap(True)
            details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            details.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            grid.addWidget(details, 1, 2)
        grid.setColumnStretch(2, 1)
        return title, row
