"""The left side of the main window: the program's name and description, its cards, its user sets.

Name and description edits are undoable; what is typed in one go (until the field loses focus or
Return is pressed) is one undo step."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget

from editor.document import ProgramDocument, new_stroke_id
from editor.widgets.cards.card_list import CardList
from editor.widgets.cards.document_undo import undo_in_document
from editor.widgets.cards.sets_editor import SetsEditor
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.standalone import run_alone, sample_document

DESCRIPTION_LINES = 3


class ProgramPanel(QWidget):
    """Program name and description over a splitter holding the :class:`CardList` and the
    :class:`SetsEditor`."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._name_session = 0
        self._description_session = 0

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("name the program")
        self.name_edit.setToolTip("The program's name, shown in battles and the arena")
        bold = QFont(self.name_edit.font())
        bold.setBold(True)
        self.name_edit.setFont(bold)
        self.name_edit.textEdited.connect(self._name_edited)
        self.name_edit.editingFinished.connect(self._end_name_session)
        undo_in_document(self.name_edit)

        self.description_edit = QPlainTextEdit()
        self.description_edit.setPlaceholderText("What does this program do? (optional)")
        self.description_edit.setToolTip("The program's description")
        self.description_edit.setTabChangesFocus(True)
        lines = self.description_edit.fontMetrics().lineSpacing() * DESCRIPTION_LINES
        margins = 2 * int(self.description_edit.document().documentMargin()) + 2 * self.description_edit.frameWidth()
        self.description_edit.setFixedHeight(lines + margins)
        self.description_edit.textChanged.connect(self._description_changed)
        self.description_edit.installEventFilter(self)
        undo_in_document(self.description_edit)

        self.cards = CardList(document)
        self.sets = SetsEditor(document)

        title = bold_label("Program")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.addRow("Name", self.name_edit)
        form.addRow("About", self.description_edit)
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            label = item.widget() if item is not None else None
            if isinstance(label, QLabel):
                label.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.cards)
        self.splitter.addWidget(self.sets)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addSpacing(4)
        layout.addWidget(self.splitter, 1)

        document.programChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the program's name and description (fields being typed in keep their cursor)."""
        program = self.document.program
        if self.name_edit.text() != program.name:
            self.name_edit.setText(program.name)
            if not self.name_edit.hasFocus():
                self.name_edit.setCursorPosition(0)  # a long name shows its start
        if self.description_edit.toPlainText() != program.description:
            self.description_edit.blockSignals(True)
            self.description_edit.setPlainText(program.description)
            self.description_edit.blockSignals(False)

    # --- editing -------------------------------------------------------------------------------

    def _name_edited(self, text: str) -> None:
        if not self._name_session:
            self._name_session = new_stroke_id()
        self.document.edit(lambda p: replace(p, name=text), "Rename program", merge_key=self._name_session)

    def _end_name_session(self) -> None:
        self._name_session = 0

    def _description_changed(self) -> None:
        text = self.description_edit.toPlainText()
        if not self._description_session:
            self._description_session = new_stroke_id()
        self.document.edit(lambda p: replace(p, description=text), "Edit program description",
                           merge_key=self._description_session)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.description_edit and event.type() == QEvent.Type.FocusOut:
            self._description_session = 0
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        return QSize(340, 820)


def main() -> int:
    """Open the program panel on a sample program."""
    return run_alone(lambda: ProgramPanel(sample_document("hunter")), "ProgramPanel", (360, 880))


if __name__ == "__main__":
    raise SystemExit(main())
