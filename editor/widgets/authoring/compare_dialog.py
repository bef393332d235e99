"""File → Compare with… and Compare with Last Saved: another program (a file, or the open
program's file as last saved) against the program in the editor, card by card, in the diff view
the Improve window uses. The dialog follows the editor: edit on, and the comparison is redone."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QLabel, QWidget

from editor.document import ProgramDocument
from editor.widgets.parts.boxes import close_buttons, column
from editor.widgets.parts.program_diff_view import ProgramDiffView
from matcher.model import Program

EDITOR_NAME = "the editor"


class CompareDialog(QDialog):
    """``other`` (called ``name``) → the document's program: what the editor has that it has not."""

    def __init__(self, document: ProgramDocument, other: Program, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.other = other
        self.name = name
        self.setWindowTitle(f"Compare {name} with {document.display_name()}")
        self.title_label = QLabel(f"What changed from <b>{html.escape(name)}</b> to the program in the editor "
                                  f"(<b>{html.escape(document.display_name())}</b>): cards are matched even when "
                                  "moved; changed cells are outlined, green added, red removed, amber changed.")
        self.title_label.setWordWrap(True)
        self.view = ProgramDiffView()
        self.view.setAccessibleName("Differences")
        column(self.title_label, (self.view, 1), close_buttons(self), parent=self, margins=None)
        self.resize(760, 600)
        document.programChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.view.show_comparison(self.other, self.document.program, (self.name, EDITOR_NAME))
