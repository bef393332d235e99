"""Single-key shortcuts (the palette's 1–7, N, G; the card's R) must not steal keys from typing.

Qt offers a focused widget every key first as a ``ShortcutOverride`` event; a widget that accepts
it gets the key press instead of the shortcut. Line edits and spin boxes already accept plain
printable keys, but a combo box does not (it uses them to jump to an item), so a window-wide
``1`` or ``N`` would pick a brush while the author types into a combo. The guard, one event filter
on the focused widget (where Qt sends the override), accepts the override for every plain
printable key aimed at a widget that takes typing: text fields, text areas, spin boxes and combo
boxes. It follows the focus rather than filtering the application: a Python filter on the
application ran for every event of every widget (thousands a frame while a match plays), and
each had to wait for the GIL while a match's worker thread ran (issue 16's stalls)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit, QWidget
from shiboken6 import isValid

TYPING_WIDGETS = (QLineEdit, QPlainTextEdit, QTextEdit, QAbstractSpinBox, QComboBox)
_COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                      | Qt.KeyboardModifier.MetaModifier)


def takes_typing(widget: QObject | None) -> bool:
    """True for a widget (or a part of one, like a spin box's line edit) that keys type into."""
    while isinstance(widget, QWidget):
        if isinstance(widget, TYPING_WIDGETS):
            return not (isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)) and widget.isReadOnly())
        if widget.isWindow():
            return False
        widget = widget.parentWidget()
    return False


def is_plain_typing_key(event: QKeyEvent) -> bool:
    """A key that types a character: printable text and no Ctrl, Alt or Meta."""
    text = event.text()
    return bool(text) and text.isprintable() and not event.modifiers() & _COMMAND_MODIFIERS


class TypingGuard(QObject):
    """Hands plain printable keys to the typing widget that has the focus, not to shortcuts; it
    filters the focused widget's events only."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._watched: QWidget | None = None
        app.focusChanged.connect(self._follow)
        self._follow(None, app.focusWidget())

    def _follow(self, old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None and isValid(self._watched):  # (a focused widget may be deleted)
            self._watched.removeEventFilter(self)
        self._watched = new
        if new is not None:
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and is_plain_typing_key(event) and takes_typing(watched)):
            event.accept()
        return False


_installed: list[tuple[QCoreApplication, TypingGuard]] = []


def install_typing_guard() -> None:
    """Install the guard on the running application (once per application)."""
    app = QCoreApplication.instance()
    if not isinstance(app, QApplication) or any(installed is app for installed, _guard in _installed):
        return
    _installed.append((app, TypingGuard(app)))
