"""Undo and redo for the test bench's field: the positions an author draws by hand.

A hand-made position is not part of the program, so the program's history never held it: one
click on Clear, a right-click on a snake, Load position or a click on a test in the list replaced
it for good. The history keeps the field as it was before each change the editor announces (a
snake drawn, moved or deleted, the field resized or cleared, a position or test loaded), with
"me". Undo Field Change and Redo Field Change are the bench's actions (in its tool bar and the
Test menu); with the focus on the field, Ctrl+Z and Ctrl+Shift+Z are theirs while there is
something to undo or redo there, and the program's otherwise."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QStyle

from editor.keys import key_text
from editor.widgets.bench.position_editor import PositionEditor
from engines.snake import Position

LIMIT = 100
"""Field changes kept to undo: far more than anyone steps back through by hand."""

_State = tuple[Position, int | None]
"""The field and "me"."""


class FieldHistory(QObject):
    """The undo and redo steps of ``editor``'s field."""

    def __init__(self, editor: PositionEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self._undo: list[_State] = []
        self._redo: list[_State] = []
        self._now = self._state()
        self._restoring = False
        style = editor.style()
        undo_keys = [QKeySequence(QKeySequence.StandardKey.Undo)]
        redo_keys = [QKeySequence(QKeySequence.StandardKey.Redo)]
        self.undo_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_ArrowBack), "Undo Field Change", editor)
        self.undo_action.setToolTip("Put back the field as it was before its last change: a snake drawn, "
                                    f"moved or deleted, the field cleared, a position or test loaded "
                                    f"({key_text(undo_keys)} on the field)")
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_ArrowForward), "Redo Field Change", editor)
        self.redo_action.setToolTip(f"Make the field change undone last again ({key_text(redo_keys)} on the field)")
        self.redo_action.triggered.connect(self.redo)
        editor.positionChanged.connect(self._changed)
        editor.meChanged.connect(self._me_changed)
        editor.view.installEventFilter(self)
        self._update()

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """The field as it was before its last change; False when there is none."""
        return self._step(self._undo, self._redo, "Undid the field's last change (Redo Field Change makes it again)")

    def redo(self) -> bool:
        return self._step(self._redo, self._undo, "Made the undone field change again")

    def forget(self) -> None:
        """Nothing to undo: the field as it is now is where the history starts."""
        self._undo.clear()
        self._redo.clear()
        self._now = self._state()
        self._update()

    # --- internals ---------------------------------------------------------------------------

    def _state(self) -> _State:
        return (self.editor.position(), self.editor.me())

    def _changed(self) -> None:
        if self._restoring:
            return
        state = self._state()
        if state[0] != self._now[0]:
            self._undo = [*self._undo[-(LIMIT - 1):], self._now]
            self._redo.clear()
        self._now = state
        self._update()

    def _me_changed(self) -> None:
        """Another "me" is no step of its own, but an undone change brings back the one it had."""
        if not self._restoring and self.editor.position() == self._now[0]:
            self._now = self._state()

    def _step(self, back: list[_State], forth: list[_State], said: str) -> bool:
        """Show the last state of ``back``; the state shown now goes onto ``forth``."""
        if not back:
            return False
        forth.append(self._now)
        self._restore(back.pop())
        self.editor.set_status(said)
        return True

    def _restore(self, state: _State) -> None:
        self._restoring = True
        try:
            self.editor.set_position(*state)
        finally:
            self._restoring = False
        self._now = self._state()
        self._update()

    def _update(self) -> None:
        self.undo_action.setEnabled(bool(self._undo))
        self.redo_action.setEnabled(bool(self._redo))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The field's Ctrl+Z and Ctrl+Shift+Z while it has a change to undo or redo (before the
        window's Undo, which is the program's, sees them)."""
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            step = self.undo if event.matches(QKeySequence.StandardKey.Undo) and self._undo else \
                self.redo if event.matches(QKeySequence.StandardKey.Redo) and self._redo else None
            if step is not None:
                if event.type() == QEvent.Type.KeyPress:
                    step()
                event.accept()
                return True
        return super().eventFilter(watched, event)
