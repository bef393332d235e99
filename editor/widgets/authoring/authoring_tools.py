"""The editor's authoring tools in one place (issue 17), so the main window only wires its panes
to them: "New card from here" from the test bench, the Battle tab and the arena; the program's
analysis for the Problems pane; Compare with… and Compare with last saved; card shares and
statistics after a battle or tournament."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QToolButton, QWidget

from editor.document import ProgramDocument
from editor.program_files import FILE_FILTER, show_error
from editor.widgets.authoring.analysis_watch import ProgramAnalysis
from editor.widgets.authoring.battle_stats import BattleStats
from editor.widgets.authoring.card_icon import new_card_icon
from editor.widgets.authoring.compare_dialog import CompareDialog
from editor.widgets.authoring.moment_source import CardMoment
from editor.widgets.authoring.new_card_dialog import NewCardDialog
from editor.widgets.bench.position_bench import TestBench
from editor.widgets.bench.position_editor import snake_name
from editor.widgets.cards.problems_view import ProblemsView
from engines.snake import Board, PositionError
from matcher import Program, ProgramError, load_program

NEW_CARD_TEXT = "New card from here…"


class Authoring(QObject):
    """Opens the authoring dialogs for ``document`` over ``window``."""

    message = Signal(str)
    """A one-line note for the status bar (why a card cannot be made here)."""

    def __init__(self, document: ProgramDocument, window: QWidget, *,
                 open_folder: Callable[[], str] | None = None) -> None:
        super().__init__(window)
        self.document = document
        self.window = window
        self._open_folder = open_folder
        """Where Compare With… starts (the window's Open's folder); else the program's own."""
        self.card_dialog: NewCardDialog | None = None
        """The open new-card dialog (window-modal; tests drive it through this)."""
        self.analysis = ProgramAnalysis(document, self)
        self.analysis.message.connect(self.message)
        self.sample_action = QAction("Sample battles", self)
        self.sample_action.setToolTip("Look for cards that never decide, in some twenty short battles against the "
                                      "samples (warnings observed there are marked so, not proved)")
        self.sample_action.triggered.connect(lambda: self.analysis.sample())
        self.analysis.samplingChanged.connect(self._sampling)
        self.compare_dialog: CompareDialog | None = None
        self.compare_action = QAction("Compare &With…", self)
        self.compare_action.setStatusTip("Compare another program file with the program in the editor, card by card")
        self.compare_action.triggered.connect(lambda: self.compare_with())
        self.compare_saved_action = QAction("Compare with &Last Saved", self)
        self.compare_saved_action.setStatusTip("What changed since the program was last saved, card by card")
        self.compare_saved_action.triggered.connect(lambda: self.compare_with_saved())
        document.pathChanged.connect(self._path_changed)
        self._path_changed()
        self.stats = BattleStats(document, window, self)
        self.stats.message.connect(self.message)

    # --- comparing -------------------------------------------------------------------------------

    def compare_with(self, path: str | Path | None = None) -> CompareDialog | None:
        """Compare the program file ``path`` (asked for when None) with the editor's program."""
        if path is None:
            if self._open_folder is not None:  # as Open: never the folder the app was started from
                folder = self._open_folder()
            else:
                folder = str(self.document.path.parent) if self.document.path is not None else ""
            chosen, _ = QFileDialog.getOpenFileName(self.window, "Compare With", folder, FILE_FILTER)
            if not chosen:
                return None
            path = chosen
        try:
            other = load_program(path, rules=False)  # a draft compares as well as a finished one
        except ProgramError as err:
            show_error(self.window, f"Could not compare with {Path(path).name}.", err)
            return None
        return self._compare(other, Path(path).name)

    def compare_with_saved(self) -> CompareDialog | None:
        """Compare the program's file as last saved with the program in the editor."""
        path = self.document.path
        if path is None:
            self._say("The program has not been saved yet: there is nothing to compare it with.")
            return None
        try:
            saved = load_program(path, rules=False)
        except ProgramError as err:
            show_error(self.window, f"Could not read {path.name} as last saved.", err)
            return None
        return self._compare(saved, f"{path.name} as last saved")

    def _compare(self, other: Program, name: str) -> CompareDialog:
        if self.compare_dialog is not None:
            self.compare_dialog.close()
            self.compare_dialog.deleteLater()
        self.compare_dialog = CompareDialog(self.document, other, name, self.window)
        self.compare_dialog.show()
        return self.compare_dialog

    def _path_changed(self) -> None:
        self.compare_saved_action.setEnabled(self.document.path is not None)

    # --- the program's analysis ----------------------------------------------------------------

    def show_warnings_in(self, view: ProblemsView) -> None:
        """``view`` lists the analysis's warnings under the problems, with "Sample battles"."""
        view.set_warnings(self.analysis.warnings())
        self.analysis.warningsChanged.connect(lambda: view.set_warnings(self.analysis.warnings()))
        button = QToolButton()
        button.setDefaultAction(self.sample_action)
        view.header_row.addWidget(button)

    def _sampling(self, busy: bool) -> None:
        self.sample_action.setEnabled(not busy)
        self.sample_action.setText("Sampling…" if busy else "Sample battles")

    # --- a card from a moment ------------------------------------------------------------------

    def new_card(self, moment: CardMoment) -> NewCardDialog | None:
        """Open the new-card dialog on ``moment`` (window-modal: the program cannot change under
        it); None, said on the status bar, when the snake could not move there."""
        if not moment.possible:
            self._say(f"{moment.snake_name} could not move at {moment.where}: a card asks for a move it could make.")
            return None
        if self.card_dialog is not None:
            self.card_dialog.close()
        dialog = NewCardDialog(self.document, moment, self.window)
        self.card_dialog = dialog
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        dialog.open()
        return dialog

    def _dialog_closed(self, dialog: NewCardDialog) -> None:
        if self.card_dialog is dialog:
            self.card_dialog = None
        dialog.deleteLater()

    def bench_action(self, bench: TestBench) -> QAction:
        """The test bench's "New card from here…": a card from what "me" sees on its field."""
        action = QAction(new_card_icon(), NEW_CARD_TEXT, bench)
        action.setIconText("New card")  # a tool bar's button: short, the bench is often a narrow dock
        action.setToolTip("A card for the program from what “me” sees on this field, asking for a move you pick")
        action.triggered.connect(lambda: self.card_from_bench(bench))
        return action

    def card_from_bench(self, bench: TestBench) -> NewCardDialog | None:
        me = bench.position_editor.me()
        if me is None:
            self._say("Draw a snake first: a card is made from what “me” sees.")
            return None
        try:
            board = Board(bench.position_editor.position())
        except PositionError as err:
            self._say(f"No card from this field: {err}")
            return None
        expected = bench.expected_moves()
        wished = next(iter(expected)) if len(expected) == 1 else None
        return self.new_card(CardMoment(board, me, None, "the test bench", snake_name(me), wished=wished))

    def _say(self, text: str) -> None:
        self.message.emit(text)
