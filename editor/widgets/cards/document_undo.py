"""Undo and Redo keys in the text fields that edit the program go to the program's history.

Every keystroke in the program's name and description, a card's description or a set's name is
already an edit of the document (one undo step per typing session). A text field keeps a history
of its own, though, and Qt gives it Ctrl+Z first whatever that history holds: with the focus in
the field, Ctrl+Z undid nothing once the field's own history was empty (a paint stroke made
before clicking into the field could not be undone), and undoing typed text that way left a
"Rename program" step in History that did nothing. The filter hands those keys to the window's
Undo and Redo (the History pane's steps), so Ctrl+Z means the same wherever the focus is."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

_HISTORY_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)


class _DocumentUndo(QObject):
    """Refuses a field the keys of Undo and Redo: the window's shortcuts get them instead."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent) \
                and any(event.matches(key) for key in _HISTORY_KEYS):
            # Not overridden: the shortcut fires. A press that still comes (Undo disabled: nothing
            # left to undo) is dropped, so the field never undoes behind the document's back.
            event.ignore()
            return True
        return super().eventFilter(watched, event)


def undo_in_document(field: QLineEdit | QPlainTextEdit) -> None:
    """Make Undo and Redo in ``field`` (a field whose typing edits the document) the document's."""
    field.installEventFilter(_DocumentUndo(field))
