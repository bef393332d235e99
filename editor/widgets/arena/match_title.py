"""The arena's title line: the game in bold, then what makes the shown match this one (replay,
seed, map or field), cut with "…" where the header's buttons leave too little room."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from editor.widgets.parts.seat_names import plain_tip


class MatchTitle(QLabel):
    """``set_title("Snake", " · replay game-0007.jsonl · seed 5")``: the first part bold, the rest
    elided to the width the label has (at 1024 px with a snake board's five header buttons, a
    replay's name and seed were cut mid-word, unsaid); the whole title is in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._bold = self._rest = self._detail = ""

    def set_title(self, bold: str, rest: str = "", detail: str = "") -> None:
        """``detail``: said in the tooltip whether the title is cut or not (a replay's whole path:
        two tournaments' ``game-0001.jsonl`` look the same in the title)."""
        self._bold, self._rest, self._detail = bold, rest, detail
        # Alone ("Arena", no match shown) the name is kept whole. Beside a match's title the
        # header's buttons come first: a least width there made the pane wider than a 1024 px
        # window with the setup shown beside a snake board.
        self.setMinimumWidth(0 if rest else self._bold_width())
        self._elide()

    def plain_text(self) -> str:
        """The whole title, as plain text."""
        return self._bold + self._rest

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _bold_width(self) -> int:
        bold = QFont(self.font())
        bold.setBold(True)
        return QFontMetrics(bold).horizontalAdvance(self._bold) + 2  # (rounding: never cut its last letter)

    def _elide(self) -> None:
        room = self.contentsRect().width() - self._bold_width()
        rest = self.fontMetrics().elidedText(self._rest, Qt.TextElideMode.ElideRight, max(0, room))
        self.setText(f"<b>{html.escape(self._bold)}</b>{html.escape(rest)}")
        whole = self.plain_text() if rest != self._rest else ""
        self.setToolTip(plain_tip("\n".join(part for part in (whole, self._detail) if part)))
