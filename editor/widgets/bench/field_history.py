"""Undo and redo for the test bench's field: the positions an author draws by hand.

A hand-made position is not part of the program, so the program's history never held it: one
click on Clear, a right-click on a snake, Load position or a click on a test in the list replaced
it for good. Each change the editor announces (a snake drawn, moved or deleted, the field resized
or cleared, a position or test loaded) becomes a command on a Qt undo stack, named as the editor
names it, so the bench's Undo and Redo say what they will do ("Undo Clear field", "Redo Load
position x.position.json") and are enabled exactly while the stack can undo or redo; resizes one
after another are one step. They sit in the bench's tool bar and the Test menu; with the focus on
the field, Ctrl+Z and Ctrl+Shift+Z are theirs while there is something to undo or redo there, and
the program's otherwise."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QStyle

from editor.keys import key_text
from editor.widgets.bench.position_editor import RESIZE, PositionEditor
from engines.snake import Position

LIMIT = 100
"""Field changes kept to undo: far more than anyone steps back through by hand."""

_State = tuple[Position, int | None]
"""The field and "me"."""

UNDO_NOTHING, REDO_NOTHING = "Undo Field Change", "Redo Field Change"
"""The actions' texts while there is nothing to undo or redo."""


class _FieldChange(QUndoCommand):
    """One change of the field: the field and "me" before it and after it.

    "Me" may change between steps without a step of its own (Ctrl+click a snake); undoing takes
    the field as it is then for the redo, and redoing takes it for the next undo, so the "me"
    chosen in between is not lost."""

    RESIZE_ID = 1
    """Resizes one after another (a spin box's arrow held down, its wheel) are one step."""

    def __init__(self, history: FieldHistory, before: _State, after: _State, text: str) -> None:
        super().__init__(text)
        self._history = history
        self._before, self._after = before, after
        self._pushed = False

    def id(self) -> int:
        return self.RESIZE_ID if self.text().startswith(RESIZE) else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _FieldChange) or other.id() != self.id():
            return False
        self._after = other._after
        self.setText(other.text())
        self.setObsolete(self._after[0] == self._before[0])  # back to where it started: no step
        return True

    def undo(self) -> None:
        self._after = self._history.state()
        self._history.restore(self._before, f"Undid “{self.text()}”")

    def redo(self) -> None:
        if not self._pushed:  # QUndoStack.push redoes; the editor has made the change already
            self._pushed = True
            return
        self._before = self._history.state()
        self._history.restore(self._after, f"Redid “{self.text()}”")


class FieldHistory(QObject):
    """The undo and redo steps of ``editor``'s field."""

    def __init__(self, editor: PositionEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.stack = QUndoStack(self)
        self.stack.setUndoLimit(LIMIT)
        self._now = self.state()
        self._restoring = False
        style = editor.style()
        self.undo_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_ArrowBack), UNDO_NOTHING, editor)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_ArrowForward), REDO_NOTHING, editor)
        self.redo_action.triggered.connect(self.redo)
        self.stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.stack.undoTextChanged.connect(self._name_undo)
        self.stack.redoTextChanged.connect(self._name_redo)
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self._name_undo("")
        self._name_redo("")
        editor.positionChanged.connect(self._changed)
        editor.meChanged.connect(self._me_changed)
        editor.view.installEventFilter(self)

    def can_undo(self) -> bool:
        return self.stack.canUndo()

    def can_redo(self) -> bool:
        return self.stack.canRedo()

    def undo(self) -> bool:
        """The field as it was before its last change; False when there is none."""
        if not self.stack.canUndo():
            return False
        self.stack.undo()
        return True

    def redo(self) -> bool:
        if not self.stack.canRedo():
            return False
        self.stack.redo()
        return True

    def forget(self) -> None:
        """Nothing to undo: the field as it is now is where the history starts."""
        self.stack.clear()
        self._now = self.state()

    def state(self) -> _State:
        return (self.editor.position(), self.editor.me())

    def restore(self, state: _State, said: str) -> None:
        """Show ``state`` on the field without making it a step (for the commands)."""
        self._restoring = True
        try:
            self.editor.set_position(*state)
        finally:
            self._restoring = False
        self._now = self.state()
        self.editor.set_status(said)

    # --- internals ---------------------------------------------------------------------------

    def _name_undo(self, text: str) -> None:
        _name(self.undo_action, "Undo", text, "put the field back as it was before it",
              UNDO_NOTHING, "Put back the field as it was before its last change: a snake drawn, moved or "
              "deleted, the field cleared, a position or test loaded", QKeySequence.StandardKey.Undo)

    def _name_redo(self, text: str) -> None:
        _name(self.redo_action, "Redo", text, "make the undone field change again",
              REDO_NOTHING, "Make the field change undone last again", QKeySequence.StandardKey.Redo)

    def _changed(self) -> None:
        if self._restoring:
            return
        state = self.state()
        if state[0] != self._now[0]:
            self.stack.push(_FieldChange(self, self._now, state, self.editor.last_change()))
        self._now = state

    def _me_changed(self) -> None:
        """Another "me" is no step of its own, but an undone change brings back the one it had."""
        if not self._restoring and self.editor.position() == self._now[0]:
            self._now = self.state()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The field's Ctrl+Z and Ctrl+Shift+Z while it has a change to undo or redo (before the
        window's Undo, which is the program's, sees them)."""
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            step = self.undo if event.matches(QKeySequence.StandardKey.Undo) and self.can_undo() else \
                self.redo if event.matches(QKeySequence.StandardKey.Redo) and self.can_redo() else None
            if step is not None:
                if event.type() == QEvent.Type.KeyPress:
                    step()
                event.accept()
                return True
        return super().eventFilter(watched, event)


def _name(action: QAction, verb: str, step: str, does: str, idle: str, idle_tip: str,
          key: QKeySequence.StandardKey) -> None:
    """``action``'s text and tip for the ``step`` it would undo or redo ("Undo Clear field"), or
    its ``idle`` ones when there is none."""
    keys = key_text([QKeySequence(key)])
    action.setText(f"{verb} {step}" if step else idle)
    action.setToolTip(f"{verb} {step}: {does} ({keys} on the field)" if step else f"{idle_tip} ({keys} on the field)")
