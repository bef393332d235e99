"""The program's tests (the ``tests`` key) with pass/fail, rerun after every edit.

Click a test, or press Enter on it, to load its position into the test bench; F8 jumps to the next
failing test; F2 renames; Delete removes it (undoably, like every edit)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QModelIndex, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QIcon, QKeySequence, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QStyle,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.games.snake.explanation_overlay import MATCHED, UNMATCHED, paint_verdict
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Direction
from matcher.editing import remove_test, replace_test
from matcher.model import ProgramTest
from matcher.testing import TestResult

COLUMNS = ("Test", "Expect", "Best", "Card")
FAILING = QColor("#d23c32")
ICON = 16


def moves_label(moves: frozenset[Direction]) -> str:
    return ", ".join(d.label for d in sorted(moves)) or "none"


@lru_cache(maxsize=3)
def _status_icon(passed: bool | None) -> QIcon:
    pixmap = QPixmap(ICON * 2, ICON * 2)
    pixmap.setDevicePixelRatio(2)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    rect = QRectF(1, 1, ICON - 2, ICON - 2)
    if passed is None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor("#8a8a8a"))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
    else:
        paint_verdict(painter, rect, passed)
    painter.end()
    return QIcon(pixmap)


def action_button(action: QAction, auto_raise: bool = False) -> QToolButton:
    """A tool button for ``action`` with its text beside its icon."""
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    button.setAutoRaise(auto_raise)
    return button


class TestList(QWidget):
    """Lists ``document``'s program tests with their results and a "3/4 passing" summary."""

    __test__ = False  # not a pytest test class

    testChosen = Signal(int)
    """The user picked test ``index`` (click, Enter, double-click, next failing, or the
    document's focusTestRequested): the bench should load its position."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._filling = False
        self._rows: list[tuple[ProgramTest, TestResult | None] | None] = []
        """What each row shows: a row whose test and result are the same is not filled again."""

        self.summary_label = bold_label()
        self.tree = QTreeWidget()
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setIconSize(QSize(ICON, ICON))
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # only the name, by F2
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._item_chosen)
        self.tree.itemActivated.connect(self._item_chosen)
        self.tree.itemChanged.connect(self._item_renamed)
        self.tree.setToolTip("Click a test to load its position; F2 renames it, Delete removes it")

        style = self.style()
        self.next_failing_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_ArrowForward), "Next failing", self)
        self.next_failing_action.setShortcut(QKeySequence(Qt.Key.Key_F8))
        self.next_failing_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.next_failing_action.setToolTip("Load the next failing test (F8)")
        self.next_failing_action.triggered.connect(self.next_failing)
        self.delete_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_TrashIcon), "Delete", self)
        self.delete_action.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.delete_action.setToolTip("Delete the selected test (Delete; undo brings it back)")
        self.delete_action.triggered.connect(self.delete_current)
        self.rename_action = QAction("Rename", self)
        self.rename_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.rename_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.rename_action.setToolTip("Rename the selected test (F2)")
        self.rename_action.triggered.connect(self.rename_current)
        self.addAction(self.next_failing_action)
        self.tree.addAction(self.delete_action)
        self.tree.addAction(self.rename_action)

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.summary_label, 1)
        for action in (self.next_failing_action, self.delete_action):
            top.addWidget(action_button(action, auto_raise=True))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.tree, 1)

        document.programChanged.connect(self.refresh)
        document.focusTestRequested.connect(self.choose_test)
        self.tree.currentItemChanged.connect(lambda *_: self._update_actions())
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    def results(self) -> list[TestResult]:
        return self.document.test_results()

    def summary_text(self) -> str:
        return self.summary_label.text()

    def current_test(self) -> int | None:
        item = self.tree.currentItem()
        return None if item is None else self.tree.indexOfTopLevelItem(item)

    def select_test(self, index: int | None) -> None:
        """Select row ``index`` (without loading it)."""
        item = self.tree.topLevelItem(index) if index is not None else None
        if item is None:
            self.tree.setCurrentIndex(QModelIndex())  # no current row (what a None item means to Qt)
            self.tree.clearSelection()
        else:
            self.tree.setCurrentItem(item)

    def choose_test(self, index: int) -> None:
        """Select test ``index`` and ask for it to be loaded."""
        item = self.tree.topLevelItem(index) if 0 <= index < self.tree.topLevelItemCount() else None
        if item is not None:
            self.select_test(index)
            self.tree.scrollToItem(item)
            self.testChosen.emit(index)

    def next_failing(self) -> None:
        """Choose the first failing test after the current one (wrapping round)."""
        failing = [r.index for r in self.results() if not r.passed]
        if not failing:
            return
        current = self.current_test()
        after = [i for i in failing if current is None or i > current]
        self.choose_test((after or failing)[0])

    def rename_current(self) -> None:
        """Edit the selected test's name in place; Enter keeps it (one undoable step)."""
        item = self.tree.currentItem()
        if item is not None:
            self.tree.editItem(item, 0)

    def delete_current(self) -> None:
        index = self.current_test()
        if index is None or index >= len(self.document.program.tests):
            return
        name = self.document.program.tests[index].name
        self.document.edit(lambda program: remove_test(program, index), f"Delete test “{name}”")

    def refresh(self) -> None:
        """Rebuild the rows from the document's tests and results."""
        program = self.document.program
        results = {r.index: r for r in self.results()}
        current = self.current_test()
        self._filling = True
        # Rows are updated in place: an item may be open in its editor while the program changes.
        while self.tree.topLevelItemCount() > len(program.tests):
            self.tree.takeTopLevelItem(self.tree.topLevelItemCount() - 1)
        while self.tree.topLevelItemCount() < len(program.tests):
            item = QTreeWidgetItem()
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
            self.tree.addTopLevelItem(item)
        del self._rows[len(program.tests):]
        self._rows += [None] * (len(program.tests) - len(self._rows))
        for index, test in enumerate(program.tests):
            row = self.tree.topLevelItem(index)
            assert row is not None  # the rows were just made as many as the tests
            shown = (test, results.get(index))
            if self._rows[index] != shown or row.text(0) != test.name:  # (a rename typed in place)
                self._fill_item(row, *shown)
                self._rows[index] = shown
        self._filling = False
        if current is not None and current < len(program.tests):
            self.select_test(current)
        self._fill_summary(program.tests, list(results.values()))
        self._update_actions()

    # --- filling -------------------------------------------------------------------------------

    def _fill_item(self, item: QTreeWidgetItem, test: ProgramTest, result: TestResult | None) -> None:
        best = card = "—"
        if result is not None:
            best = moves_label(result.best)
            card = "none" if result.card is None else str(result.card + 1)
        for column, text in enumerate((test.name, moves_label(test.expect), best, card)):
            item.setText(column, text)
        item.setIcon(0, _status_icon(None if result is None else result.passed))
        failing = result is not None and not result.passed
        font = item.font(0)
        font.setBold(failing)
        item.setFont(0, font)
        for column in range(len(COLUMNS)):
            if failing:
                item.setForeground(column, FAILING)
            else:
                item.setData(column, Qt.ItemDataRole.ForegroundRole, None)
        if result is None:
            tip = "not run: the program has problems"
        elif result.passed:
            tip = "passes: the best moves are the expected ones"
        else:
            tip = f"FAILS: expected {moves_label(test.expect)}, the program's best moves are {best}"
        size = f"{test.position.width}×{test.position.height}"
        for column in range(len(COLUMNS)):
            item.setToolTip(column, f"{test.name}: {tip}\n{size} field, snake {test.snake + 1} is “me”")

    def _fill_summary(self, tests: tuple[ProgramTest, ...], results: list[TestResult]) -> None:
        palette = self.summary_label.palette()
        color = self.palette().color(QPalette.ColorRole.WindowText)
        if not tests:
            text = "No tests yet: set up a position and “Save as test”"
            self.summary_label.setFont(self._summary_font(False))
        elif not results:
            text = f"{len(tests)} tests not run: fix the program's problems first"
            self.summary_label.setFont(self._summary_font(True))
        else:
            passed = sum(1 for r in results if r.passed)
            text = f"{passed}/{len(results)} passing"
            color = MATCHED if passed == len(results) else UNMATCHED
            self.summary_label.setFont(self._summary_font(True))
        palette.setColor(QPalette.ColorRole.WindowText, color)
        self.summary_label.setPalette(palette)
        self.summary_label.setText(text)

    def _summary_font(self, bold: bool) -> QFont:
        font = QFont(self.font())
        font.setBold(bold)
        return font

    def _update_actions(self) -> None:
        self.delete_action.setEnabled(self.current_test() is not None)
        self.rename_action.setEnabled(self.current_test() is not None)
        self.next_failing_action.setEnabled(any(not r.passed for r in self.results()))

    # --- reacting ------------------------------------------------------------------------------

    def _item_chosen(self, item: QTreeWidgetItem) -> None:
        index = self.tree.indexOfTopLevelItem(item)
        if index >= 0:
            self.testChosen.emit(index)

    def _item_renamed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 0:
            return
        index = self.tree.indexOfTopLevelItem(item)
        tests = self.document.program.tests
        if not 0 <= index < len(tests):
            return
        name = item.text(0).strip()
        test = tests[index]
        if not name or name == test.name:
            self._filling = True
            item.setText(0, test.name)
            self._filling = False
            return
        renamed = ProgramTest(name, test.position, test.snake, test.expect)
        # After the editor has closed: the edit refreshes the rows the delegate is still writing.
        QTimer.singleShot(0, lambda: self.document.edit(lambda program: replace_test(program, index, renamed),
                                                        f"Rename test “{test.name}”"))

    def sizeHint(self) -> QSize:
        return QSize(380, 220)


def main() -> int:
    """List the tests of a sample program; one is broken on purpose to show a failure."""
    document = sample_document("tail_biter")
    broken = document.program.tests[0]
    document.edit(lambda p: replace_test(p, 0, ProgramTest(broken.name + " (expects left)", broken.position, broken.snake,
                                                           frozenset({Direction.LEFT}))), "break a test")

    def make() -> TestList:
        tests = TestList(document)
        tests.testChosen.connect(lambda index: print(f"load test {index + 1}"))
        return tests

    return run_alone(make, f"TestList — {document.program.name}", (480, 260))


if __name__ == "__main__":
    raise SystemExit(main())
