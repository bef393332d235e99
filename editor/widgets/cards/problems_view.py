"""The live list of what is wrong with the program, each problem with its place; clicking one goes
there: the card and cell are selected, or the sets editor / test bench is asked to show the set
or test. Under the errors, the warnings of the program's analysis (:meth:`ProblemsView.set_warnings`,
issue 17): amber, worded apart, a click goes to the card and cell."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.authoring.warning_rows import WarningRole, warning_item
from editor.widgets.cards.card_list import PROBLEM_COLOR, plural, problem_style, restyle
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.icon_paint import painted_icon
from editor.widgets.parts.standalone import run_alone, sample_document
from matcher.analysis import ProgramWarning
from matcher.validate import Problem

OK_COLOR = QColor("#2e9d4f")
ICON = 16
ProblemRole = Qt.ItemDataRole.UserRole + 1


def status_icon(ok: bool, size: int = ICON) -> QIcon:
    """A red disc with "!" for a problem, a green disc with a tick for none."""

    def paint(p: QPainter, s: float) -> None:
        color = OK_COLOR if ok else PROBLEM_COLOR
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(color)
        p.drawEllipse(QRectF(0.5, 0.5, s - 1, s - 1))
        pen = QPen(QColor("white"), max(1.6, s / 8))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        if ok:
            p.drawPolyline([QPointF(s * 0.28, s * 0.52), QPointF(s * 0.44, s * 0.68), QPointF(s * 0.73, s * 0.34)])
        else:
            p.drawLine(QPointF(s / 2, s * 0.24), QPointF(s / 2, s * 0.58))
            p.drawPoint(QPointF(s / 2, s * 0.76))

    return painted_icon(size, paint)


def place_text(problem: Problem) -> str:
    """Where a problem is, as the list shows it: ``Card 2, row 1 col 3`` / ``set1`` / ``Test 1``."""
    return problem.place(card="Card {}", cell="row {} col {}", test="Test {}") or "Program"


class ProblemsView(QWidget):
    """``document.problems()``, refreshed on every change; click (or Enter) to go to the place."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._problems: list[Problem] = []
        self._listed: list[Problem] | None = None  # what the list shows (None: not filled yet)
        self._warnings: list[ProgramWarning] = []
        self._listed_warnings: list[ProgramWarning] = []

        self.summary_icon = QLabel()
        self.summary_icon.setFixedSize(QSize(ICON, ICON))
        self.summary = bold_label()

        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Problems")
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Where", "Problem"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setIconSize(QSize(ICON, ICON))
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(lambda item, _column: self.go_to(item))
        self.tree.itemActivated.connect(lambda item, _column: self.go_to(item))

        self.none_label = QLabel("The program is valid: it runs in the test bench and in battles.")
        self.none_label.setWordWrap(True)
        self.none_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.none_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.none_label)
        self.stack.addWidget(self.tree)

        self.header_row = QHBoxLayout()
        """The summary line; a host may add its own controls at its end (the analysis's)."""
        self.header_row.setContentsMargins(0, 0, 0, 0)
        self.header_row.setSpacing(6)
        self.header_row.addWidget(self.summary_icon)
        self.header_row.addWidget(self.summary, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(self.header_row)
        layout.addWidget(self.stack, 1)

        document.programChanged.connect(self.refresh)
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    @property
    def problems(self) -> list[Problem]:
        """The problems shown, in the list's order."""
        return list(self._problems)

    def item(self, row: int) -> QTreeWidgetItem:
        item = self.tree.topLevelItem(row)
        assert item is not None, f"no problem row {row}"
        return item

    @property
    def warnings(self) -> list[ProgramWarning]:
        """The analysis's warnings shown, under the problems."""
        return list(self._warnings)

    def set_warnings(self, warnings: list[ProgramWarning]) -> None:
        self._warnings = list(warnings)
        self.refresh()

    def refresh(self) -> None:
        problems = self.document.problems()
        if problems == self._listed and self._warnings == self._listed_warnings:
            return  # the same list (most edits): nothing to redo
        self._problems = self._listed = problems
        self._listed_warnings = self._warnings
        self.tree.clear()
        for problem in self._problems:
            item = QTreeWidgetItem([place_text(problem), problem.message])
            item.setIcon(0, status_icon(False))
            item.setData(0, ProblemRole, problem)
            tip = str(problem) + ("\nClick to go there." if self._has_place(problem) else "")
            item.setToolTip(0, tip)
            item.setToolTip(1, tip)
            self.tree.addTopLevelItem(item)
        for warning in self._warnings:
            self.tree.addTopLevelItem(warning_item(warning, self.palette()))
        count = len(self._problems)
        self.summary_icon.setPixmap(status_icon(count == 0).pixmap(ICON, ICON))
        warned = f" · {plural(len(self._warnings), 'warning')}" if self._warnings else ""
        self.summary.setText(("No problems" if count == 0 else plural(count, "problem")) + warned)
        restyle(self.summary, "" if count == 0 else problem_style(self.palette()))
        self.stack.setCurrentWidget(self.none_label if count == 0 and not self._warnings else self.tree)

    def go_to(self, item: QTreeWidgetItem) -> None:
        """Select the problem's place: its card and cell, or ask for its set or test."""
        warning = item.data(0, WarningRole)
        if isinstance(warning, ProgramWarning):
            self.document.set_current_card(warning.card)
            self.document.select_cell(warning.cells[0] if warning.cells else None)
            return
        problem = item.data(0, ProblemRole)
        if not isinstance(problem, Problem):
            return
        if problem.card is not None:
            self.document.set_current_card(problem.card)
            if problem.cell is not None:
                self.document.select_cell(problem.cell)
        if problem.set_index is not None:
            self.document.focusSetRequested.emit(problem.set_index)
        if problem.test is not None:
            self.document.focusTestRequested.emit(problem.test)

    @staticmethod
    def _has_place(problem: Problem) -> bool:
        return any(x is not None for x in (problem.card, problem.set_index, problem.test))

    def sizeHint(self) -> QSize:
        return QSize(520, 160)


def main() -> int:
    """Open the problems list on a sample program whose user set was emptied (so it has some)."""
    from matcher.editing import replace_set
    from matcher.model import ElementSet

    document = sample_document("or_groups")
    document.edit(lambda p: replace_set(p, 0, ElementSet(p.sets[0].name, frozenset())), "Empty set1")
    return run_alone(lambda: ProblemsView(document), "ProblemsView", (600, 240))


if __name__ == "__main__":
    raise SystemExit(main())
