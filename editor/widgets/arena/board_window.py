"""A board in a window of its own ("Pop out board"): on a second screen, or as large as the
screen, while the pane keeps its scoreboard, log and transport. Closing the window (or the
action again) puts the board back where it was. The transport's keys work in the window too."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QPalette
from PySide6.QtWidgets import QBoxLayout, QLabel, QVBoxLayout, QWidget


class BoardWindow(QWidget):
    """The top-level window a popped-out board lives in; closing it asks for the board back."""

    closing = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # The window takes the keys itself (a board may take none): the transport's shortcuts
        # work when the focus is in it.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        QVBoxLayout(self).setContentsMargins(8, 8, 8, 8)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closing.emit()
        super().closeEvent(event)


class PopOut(QObject):
    """Moves ``board`` between its place in ``layout`` and a :class:`BoardWindow`; a note takes
    its place meanwhile."""

    changed = Signal(bool)
    """The board went out (True) or came back (False)."""

    def __init__(self, board: QWidget, layout: QBoxLayout, parent: QWidget) -> None:
        super().__init__(parent)
        self.board, self.layout, self.host = board, layout, parent
        self.window: BoardWindow | None = None
        self.note = QLabel("The board is in a window of its own: close it (or press the button again) to have it "
                           "back here.")
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.note.hide()

    def is_out(self) -> bool:
        return self.window is not None

    def pop_out(self, title: str, actions: Sequence[QAction] = ()) -> BoardWindow:
        if self.window is not None:
            self.window.setWindowTitle(title)
            return self.window
        index = self.layout.indexOf(self.board)
        self.layout.insertWidget(index, self.note, 1)
        self.note.show()
        window = BoardWindow(title, self.host)
        layout = window.layout()
        assert layout is not None  # made in BoardWindow.__init__
        layout.addWidget(self.board)
        window.addActions(list(actions))  # the transport's keys
        window.closing.connect(self.pop_in)
        window.resize(max(640, self.board.width()), max(520, self.board.height()))
        window.show()
        window.setFocus()
        self.window = window
        self.changed.emit(True)
        return window

    def pop_in(self) -> None:
        window, self.window = self.window, None
        if window is None:
            return
        index = self.layout.indexOf(self.note)
        self.note.hide()
        self.layout.removeWidget(self.note)
        self.layout.insertWidget(index, self.board, 1)
        self.board.show()
        window.closing.disconnect(self.pop_in)
        window.close()
        self.changed.emit(False)
