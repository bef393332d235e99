"""The board of a game the app has no view of its own for (a game from another package that
brings none): the state's canonical text, as its engine writes it, in a fixed-width font. Every
game plays, replays and explains its seats in the arena with it; a game gets a real board by
naming one in its descriptor (``view``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from arena.games import registry
from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.game_view import BoardAdapter, BoardContext


class GenericBoard(BoardAdapter):
    """The state's text, a frame at a time."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.text = QPlainTextEdit()
        self.text.setObjectName("genericBoard")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._fill_with(self.text)
        self._game = ""

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self._game = info.game
        self.text.clear()

    def show_frame(self, frames: Sequence[Frame], index: int) -> None:
        engine = registry.game(self._game).engine
        self.text.setPlainText(engine.to_text(frames[index].state))

    def highlight(self, seat: int | None) -> None:
        """A text has no seat to pick out."""

    def shown_text(self) -> str:
        return self.text.toPlainText()
