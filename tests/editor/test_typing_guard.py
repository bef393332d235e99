"""The typing guard (editor/typing_guard.py) looks at the focused widget's events only: a filter on
the whole application ran Python for every event of every widget, thousands a frame while a
match plays, each waiting for the GIL while the match's worker thread ran (issue 16). Its
behaviour (keys type into fields, not shortcuts) is tested with the palette's keys in
tests/editor/cards/test_pattern_palette.py."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from editor.typing_guard import TypingGuard


def test_the_guard_sees_the_focused_widgets_events_and_no_others(qtbot: QtBot) -> None:
    seen: list[QObject] = []

    class CountingGuard(TypingGuard):
        """A guard of its own for this test (the application's may exist already, made by an
        earlier test): it notes every event that reaches Python."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            seen.append(watched)
            return super().eventFilter(watched, event)

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = QWidget()
    qtbot.addWidget(window)
    first, second, board = QLineEdit(), QLineEdit(), QLabel("a board that repaints every frame")
    layout = QVBoxLayout(window)
    for widget in (first, second, board):
        layout.addWidget(widget)
    guard = CountingGuard(app)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    first.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first)
    seen.clear()
    for frame in range(20):
        board.setText(f"frame {frame}")
        board.repaint()
    assert seen == []  # the board's events never reached Python
    qtbot.keyClick(first, Qt.Key.Key_A)
    assert first in seen and first.text() == "a"
    second.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is second)
    seen.clear()
    first.setText("typed elsewhere")
    first.repaint()
    assert first not in seen  # the guard moved with the focus
    guard.deleteLater()
