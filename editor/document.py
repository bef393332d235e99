"""The open program as a document: the model every editor widget reads and edits.

The program itself is an immutable :class:`matcher.Program`; an edit builds a new program with
:mod:`matcher.editing` and pushes a :class:`ProgramEdit` on the undo stack, which swaps whole
programs in and out. Paint strokes merge into one undo step. The undo stack's clean state is the
dirty flag. Selection (current card, selected cell) and the paint brush are view state: they are
kept here so every widget agrees on them, but they are not undoable."""

from __future__ import annotations

import itertools
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from engines.snake import Element
from matcher import CompiledProgram, Program, compile_program, validate_program
from matcher.fileformat import PROGRAM_SUFFIX, dumps_program, load_program, save_program
from matcher.model import AND1, Card, CardCell, Group, Match, Pattern
from matcher.testing import TestResult, run_tests
from matcher.validate import Problem

_stroke_ids = itertools.count(1)
UNTITLED = "Untitled"
_UNSAFE_IN_NAMES = re.compile(r"[^\w \-]+")
"""What a file name made from a program's name leaves out (path separators, quotes, dots)."""


def _file_stamp(path: Path | None) -> tuple[int, int, int] | None:
    """What tells whether a file was written since it was last looked at: its inode (an atomic
    save makes a new one), size and modification time; None when there is no such file."""
    if path is None:
        return None
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def new_stroke_id() -> int:
    """A fresh id for one paint stroke (press … release): its edits merge into one undo step."""
    return next(_stroke_ids)


class ProgramEdit(QUndoCommand):
    """Replace the whole program; undo puts the old one back. Edits with the same non-zero
    ``merge_key`` in a row merge into one step (a paint stroke)."""

    MERGE_ID = 1

    def __init__(self, document: ProgramDocument, before: Program, after: Program, text: str,
                 card_before: int, card_after: int, merge_key: int = 0) -> None:
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after
        self.card_before = card_before
        self.card_after = card_after
        self.merge_key = merge_key

    def id(self) -> int:
        return self.MERGE_ID if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ProgramEdit) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        self.document._install(self.after, self.card_after)

    def undo(self) -> None:
        self.document._install(self.before, self.card_before)


@dataclass(frozen=True)
class Brush:
    """What painting puts into a card cell."""

    match: Match = Element.EMPTY
    negate: bool = False
    group: Group = AND1

    def pattern(self) -> Pattern:
        return Pattern(self.match, self.negate, self.group)


@dataclass
class _Derived:
    """What is computed from one program, once."""

    problems: list[Problem]
    compiled: CompiledProgram | None
    tests: list[TestResult] = field(default_factory=list)


class ProgramDocument(QObject):
    """The program being edited, its file, its undo history, the selection and the brush."""

    programChanged = Signal()
    """The program changed (an edit, undo/redo, new, open)."""
    currentCardChanged = Signal(int)
    selectedCellChanged = Signal(object)
    """A ``(row, col)`` of the current card, or None."""
    brushChanged = Signal()
    pathChanged = Signal()
    dirtyChanged = Signal(bool)
    decidedCardChanged = Signal(object)
    """The card that decided in the test bench's last explanation (int), or None."""
    focusSetRequested = Signal(int)
    """Someone (the problems list) asks the sets editor to show user set ``index``."""
    focusTestRequested = Signal(int)
    """Someone asks the test bench to show program test ``index``."""

    def __init__(self, program: Program | None = None, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._program = program if program is not None else Program()
        self._path = path
        self._current_card = 0
        self._selected_cell: CardCell | None = None
        self._brush = Brush()
        self._derived: _Derived | None = None
        self._decided_card: int | None = None
        self._disk_stamp = _file_stamp(path)
        """The file as this document last read or wrote it (see :meth:`changed_on_disk`)."""
        self.undo_stack = QUndoStack(self)
        # Not a bound method: when a dirty document is collected, the stack's destructor still
        # announces cleanChanged, and a slot on the half-destroyed document crashes the process.
        document = weakref.ref(self)

        def clean_changed(clean: bool) -> None:
            alive = document()
            if alive is not None and shiboken6.isValid(alive):
                alive.dirtyChanged.emit(not clean)

        self.undo_stack.cleanChanged.connect(clean_changed)

    # --- reading -----------------------------------------------------------------------------

    @property
    def program(self) -> Program:
        return self._program

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def current_card(self) -> int:
        return self._current_card

    @property
    def card(self) -> Card:
        return self._program.cards[self._current_card]

    @property
    def selected_cell(self) -> CardCell | None:
        return self._selected_cell

    @property
    def brush(self) -> Brush:
        return self._brush

    def display_name(self) -> str:
        """The file's name, or for a program never saved its own name ("Tail biter" on a first
        start, "Untitled" after New): what the title and questions call it."""
        if self._path is not None:
            return self._path.name
        return self._program.name.strip() or UNTITLED

    def suggested_file_name(self) -> str:
        """The name Save As proposes: the file's, or the program's name made a file name."""
        if self._path is not None:
            return self._path.name
        stem = _UNSAFE_IN_NAMES.sub("_", self.display_name()).strip(" ._") or UNTITLED
        return stem + PROGRAM_SUFFIX

    def problems(self) -> list[Problem]:
        return self._derive().problems

    def compiled(self) -> CompiledProgram | None:
        """The compiled program, or None while the program has problems."""
        return self._derive().compiled

    def test_results(self) -> list[TestResult]:
        """The embedded tests' results (empty while the program has problems)."""
        return self._derive().tests

    def _derive(self) -> _Derived:
        if self._derived is None:
            problems = validate_program(self._program)
            compiled = None if problems else compile_program(self._program)
            tests = run_tests(self._program, compiled) if compiled is not None else []
            self._derived = _Derived(problems, compiled, tests)
        return self._derived

    # --- editing -----------------------------------------------------------------------------

    def edit(self, change: Callable[[Program], Program], text: str, merge_key: int = 0,
             show_card: int | None = None) -> bool:
        """Apply ``change`` to the program as one undoable step named ``text``, then show card
        ``show_card`` (default: the current one; undo shows the card current before). Returns
        False (and pushes nothing) when the change leaves the program as it was. Raises the
        :class:`matcher.editing.EditError` of an edit that breaks a limit."""
        after = change(self._program)
        if after == self._program:
            return False
        card_after = self._current_card if show_card is None else show_card
        self.undo_stack.push(
            ProgramEdit(self, self._program, after, text, self._current_card, card_after, merge_key)
        )
        return True

    def edit_card(self, change: Callable[[Card], Card], text: str, merge_key: int = 0) -> bool:
        """Apply ``change`` to the current card as one undoable step."""
        index = self._current_card

        def on_program(program: Program) -> Program:
            cards = list(program.cards)
            cards[index] = change(cards[index])
            return Program(program.name, program.description, program.sets, tuple(cards), program.tests)

        return self.edit(on_program, text, merge_key)

    def _install(self, program: Program, card: int) -> None:
        """Called by undo commands: put ``program`` in place and show the card it concerns. The
        current card is valid before anyone hears of the new program (undoing Add card leaves one
        card fewer: a listener reading :attr:`card` must not find an index past the end)."""
        index = max(0, min(card, len(program.cards) - 1))
        switched = index != self._current_card
        self._program = program
        self._derived = None
        self._current_card = index
        self.programChanged.emit()
        self.currentCardChanged.emit(index)
        if switched:  # a re-announced card keeps its selected cell (edits re-announce it)
            self.select_cell(None)

    # --- view state ----------------------------------------------------------------------------

    def set_current_card(self, index: int, force: bool = False) -> None:
        """Show card ``index`` (clamped); ``force`` re-announces it even when unchanged."""
        index = max(0, min(index, len(self._program.cards) - 1))
        if index != self._current_card or force:
            changed = index != self._current_card
            self._current_card = index
            self.currentCardChanged.emit(index)
            if changed:  # a re-announced card keeps its selected cell (edits re-announce it)
                self.select_cell(None)

    def select_cell(self, cell: CardCell | None) -> None:
        if cell != self._selected_cell:
            self._selected_cell = cell
            self.selectedCellChanged.emit(cell)

    @property
    def decided_card(self) -> int | None:
        return self._decided_card

    def set_decided_card(self, card: int | None) -> None:
        if card != self._decided_card:
            self._decided_card = card
            self.decidedCardChanged.emit(card)

    def set_brush(self, brush: Brush) -> None:
        if brush != self._brush:
            self._brush = brush
            self.brushChanged.emit()

    # --- files -------------------------------------------------------------------------------

    def replace_all(self, program: Program, path: Path | None) -> None:
        """A new or opened program: history cleared, clean."""
        self.undo_stack.clear()
        self._path = path
        self._disk_stamp = _file_stamp(path)
        self._program = program
        self._derived = None
        self._current_card = 0
        self.programChanged.emit()
        self.currentCardChanged.emit(0)
        self.select_cell(None)
        self.set_decided_card(None)
        self.pathChanged.emit()
        self.undo_stack.setClean()
        self.dirtyChanged.emit(False)

    def open(self, path: Path) -> None:
        """Load ``path`` (raises :class:`matcher.ProgramError` with a one-line message). A
        program that breaks a rule opens with its problems listed: the editor saves work in
        progress as it is, and must open what it saved."""
        self.replace_all(load_program(path, rules=False), Path(path))

    def save(self, path: Path | None = None) -> None:
        """Save atomically to ``path`` (or the current path) and mark the document clean."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file name to save to")
        save_program(target, self._program)
        self._disk_stamp = _file_stamp(target)
        if target != self._path:
            self._path = target
            self.pathChanged.emit()
        self.undo_stack.setClean()

    def reload(self) -> None:
        """Take the file as it is on disk now, as one undoable step, and be clean with it (for a
        file another program changed while nothing was changed here). Raises
        :class:`matcher.ProgramError` when the file cannot be read as a program."""
        if self._path is None:
            return
        program = load_program(self._path, rules=False)
        self._disk_stamp = _file_stamp(self._path)
        self.edit(lambda _old: program, f"Reload {self._path.name} (changed on disk)")
        self.undo_stack.setClean()

    def changed_on_disk(self) -> bool:
        """The document's file was written by someone else (another program, another snakepit
        window) since this document opened or saved it: saving would replace their changes.
        A file that is gone is not changed: saving puts it back."""
        now = _file_stamp(self._path)
        return now is not None and now != self._disk_stamp

    def to_text(self) -> str:
        return dumps_program(self._program)
