"""The test bench: set up a position, see how the program decides there, keep it as a test.

It composes the position editor (the field), the explanation panel (the decision as text) and the
test list. "Decide" (Ctrl+Return, also in the main window) runs the matcher on the position for the
snake that is "me" and lays the explanation over the field; it also runs by itself after every
program or position change while the program is valid. "Save as test" (Ctrl+T) keeps the position
and "me" as a program test that expects the checked moves (by default the current best ones)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPalette, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.bench.explanation_panel import ExplanationPanel
from editor.widgets.bench.field_history import FieldHistory
from editor.widgets.bench.position_editor import PositionEditor, snake_name
from editor.widgets.bench.program_tests import FAILING, TestList, action_button, moves_label
from editor.widgets.bench.wrap_row import WrapRow
from editor.widgets.parts.form_widgets import buddy_label, scrolled
from editor.widgets.parts.standalone import run_alone, sample_document
from engines.snake import Direction, start_position
from matcher.editing import add_test, replace_test
from matcher.explain import Explanation, explain
from matcher.model import ProgramTest

DECIDE_KEY = "Ctrl+Return"
"""Decide, here and in the main window alike (F5 is the main window's Start battle)."""
MIN_WIDTH = 330
NARROW_WIDTH = 1040
"""Below this width the bench stacks the field over the decision and tests tabs (side by side,
the panes need about 1000 pixels)."""


class TestBench(QWidget):
    """Position editor + explanation + program tests for ``document``."""

    __test__ = False  # not a pytest test class

    decided = Signal(object)
    """A new explanation (or None when there is nothing to decide)."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._explanation: Explanation | None = None
        self._expect_edited = False
        self._loaded_test: int | None = None
        self._updating_expect = False

        self.position_editor = PositionEditor()
        for action in (self.position_editor.load_action, self.position_editor.save_action):
            self.position_editor.buttons[action].hide()  # they are in the bench's tool bar
        self.explanation_panel = ExplanationPanel()
        self.test_list = TestList(document)
        self.field_history = FieldHistory(self.position_editor)
        self._build_actions()
        self.toolbar = self._build_toolbar()
        self.test_form = self._build_test_form()

        self.decision_box = QGroupBox("Decision")
        self.decision_box.setObjectName("Decision")
        box = QVBoxLayout(self.decision_box)
        # Scrolled rather than squeezed when the bench is short: the field keeps its room.
        decision = scrolled(self.explanation_panel)
        decision.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its tables are the Tab stops
        box.addWidget(decision)
        self.tests_box = QGroupBox("Tests")
        self.tests_box.setObjectName("Tests")
        box = QVBoxLayout(self.tests_box)
        box.addWidget(self.test_list, 1)
        # The new test's name and expected moves sit under the field they describe.
        self.field_pane = QWidget()
        box = QVBoxLayout(self.field_pane)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.position_editor, 1)
        box.addWidget(self.test_form)
        # Wide: the field on the left, decision over tests on the right. Narrow (a dock beside the
        # card editor): the field on top, decision and tests as tabs below it.
        self.side_splitter = QSplitter(Qt.Orientation.Vertical)
        self.side_splitter.setChildrenCollapsible(False)
        self.side_tabs = QTabWidget()
        self.side_tabs.setDocumentMode(True)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.field_pane)
        self._narrow: bool | None = None
        self._arrange(narrow=False)
        layout = QVBoxLayout(self)
        # The wide arrangement must not set the bench's minimum width: shrinking the bench is
        # what switches it to the narrow one.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.splitter, 1)

        document.programChanged.connect(self._program_changed)
        document.pathChanged.connect(self._forget_loaded_test)  # another program: its tests are others
        self.position_editor.positionChanged.connect(self._position_changed)
        self.position_editor.meChanged.connect(lambda _: self._position_changed())
        self.explanation_panel.moveSelected.connect(self._show_move)
        self.explanation_panel.cardLinkActivated.connect(self._show_card)
        self.test_list.testChosen.connect(self.load_test)
        self.position_editor.set_position(start_position(2), 0)
        self.field_history.forget()  # the first field is where its history starts

    # --- building ------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        style = self.style()
        self.decide_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay), "Decide", self)
        self.decide_action.setShortcuts([QKeySequence(DECIDE_KEY), QKeySequence("Ctrl+Enter")])
        self.decide_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.decide_action.setToolTip(f"Run the program for “me” on this position and explain its choice ({DECIDE_KEY})")
        self.decide_action.triggered.connect(self.decide)
        self.save_test_action = QAction(style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton), "Save as test", self)
        self.save_test_action.setShortcut(QKeySequence("Ctrl+T"))
        self.save_test_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.save_test_action.setToolTip("Keep this position and “me” as a program test expecting the checked moves (Ctrl+T)")
        self.save_test_action.triggered.connect(lambda: self.save_as_test())
        self.update_test_action = QAction("Update test", self)
        self.update_test_action.setToolTip("Replace the loaded test's position, “me” and expected moves with these")
        self.update_test_action.triggered.connect(self.update_loaded_test)
        self.update_test_action.setEnabled(False)
        self.addAction(self.decide_action)
        self.addAction(self.save_test_action)

    def _build_toolbar(self) -> QToolBar:
        toolbar = QToolBar("Test bench")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.setIconSize(QSize(16, 16))
        toolbar.addAction(self.decide_action)
        toolbar.addAction(self.save_test_action)
        # The field's undo and redo as bare arrows, where a narrow bench still shows them.
        for action in (self.field_history.undo_action, self.field_history.redo_action):
            toolbar.addAction(action)
            button = toolbar.widgetForAction(action)
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        toolbar.addSeparator()
        toolbar.addAction(self.position_editor.load_action)
        toolbar.addAction(self.position_editor.save_action)
        return toolbar

    def _build_test_form(self) -> QWidget:
        form = QWidget()
        self.test_name_edit = QLineEdit()
        self.test_name_edit.setPlaceholderText("name of the new test")
        self.test_name_edit.setToolTip("The name “Save as test” gives the test; Enter saves it")
        # Enter after typing the name saves, as in a dialog with Save as its default button.
        self.test_name_edit.returnPressed.connect(lambda: self.save_as_test())
        # Room for a few words of a name: a narrower box puts its buttons on a row of their own.
        self.test_name_edit.setMinimumWidth(self.test_name_edit.fontMetrics().horizontalAdvance("name of the n") + 12)
        self.expect_boxes: dict[Direction, QCheckBox] = {}
        for direction in Direction:
            box = QCheckBox(direction.label)
            box.setToolTip(f"Checked: the test expects {direction.label} among the best moves; unchecked: not among them")
            box.toggled.connect(self._expect_toggled)
            self.expect_boxes[direction] = box
        boxes = list(self.expect_boxes.values())
        layout = QVBoxLayout(form)
        layout.setContentsMargins(0, 0, 0, 0)
        # The expected moves, then the name with the buttons that keep it: two short rows fit a
        # narrow bench, and each stacks in two when a large font makes it wider than the bench.
        self.expect_row = WrapRow([QLabel("Expect"), *boxes[:2]], boxes[2:])
        self.save_test_button = action_button(self.save_test_action)
        self.update_test_button = action_button(self.update_test_action)
        self.name_row = WrapRow([buddy_label("Name", self.test_name_edit), self.test_name_edit],
                                [self.save_test_button, self.update_test_button])
        layout.addWidget(self.expect_row)
        layout.addWidget(self.name_row)
        return form

    # --- our API -----------------------------------------------------------------------------

    def explanation(self) -> Explanation | None:
        """The last decision shown (None when there was nothing to decide)."""
        return self._explanation

    def decide(self) -> Explanation | None:
        """Run the matcher for "me" on the position and show why it moves as it does."""
        compiled = self.document.compiled()
        me = self.position_editor.me()
        self._offer_expect(me is not None)
        if compiled is None:
            self._no_decision("The program has problems: fix them to see its decisions.")
            return None
        if me is None:
            self._no_decision("Draw a snake on the field (drag from its head to its tail) to see how the program decides.")
            return None
        program = self.document.program
        explanation = explain(compiled, self.position_editor.position(), me)
        self._explanation = explanation
        self.explanation_panel.set_explanation(explanation, program, snake_name(me))
        self._lay_over(explanation)
        self.document.set_decided_card(explanation.card)
        if not self._expect_edited:
            self._set_expect(frozenset(explanation.best))
        self.decided.emit(explanation)
        return explanation

    def expected_moves(self) -> frozenset[Direction]:
        return frozenset(d for d, box in self.expect_boxes.items() if box.isChecked())

    def set_expected_moves(self, moves: frozenset[Direction]) -> None:
        """Check exactly ``moves`` (they then stay until the position changes)."""
        self._set_expect(moves)
        self._expect_edited = True

    def save_as_test(self, name: str | None = None) -> int | None:
        """Add the position, "me" and the expected moves as a program test; its index, or None."""
        test = self._test_here(name)
        if test is None:
            return None
        self.document.edit(lambda program: add_test(program, test), f"Add test “{test.name}”")
        index = len(self.document.program.tests) - 1
        self._loaded_test = index
        # The test now holds these expectations: a later edit of the program must not change the
        # boxes (an "Update test" would then accept whatever the edited program answers).
        self._expect_edited = True
        self.test_list.select_test(index)
        self.test_name_edit.clear()
        self._update_actions()
        self.position_editor.set_status(f"Saved test {index + 1} “{test.name}” expecting {moves_label(test.expect)}")
        return index

    def update_loaded_test(self) -> None:
        """Replace the loaded test with the position, "me" and the expected moves shown."""
        index = self._loaded_test
        if index is None or index >= len(self.document.program.tests):
            return
        old = self.document.program.tests[index]
        test = self._test_here(self.test_name_edit.text().strip() or old.name)
        if test is None:
            return
        self.document.edit(lambda program: replace_test(program, index, test), f"Update test “{old.name}”")
        self.test_list.select_test(index)
        self.position_editor.set_status(f"Updated test {index + 1} “{test.name}”")

    def load_test(self, index: int) -> None:
        """Put program test ``index`` on the bench: its position, its snake as "me", its expected moves."""
        tests = self.document.program.tests
        if not 0 <= index < len(tests):
            return
        test = tests[index]
        self._loaded_test = None  # set_position below must not forget the test we are loading
        self.position_editor.set_position(test.position, test.snake, change=f"Load test “{test.name}”")
        self._loaded_test = index
        self.test_name_edit.setText(test.name)
        self.test_name_edit.setCursorPosition(0)  # the name's start: the narrow bench showed "xpects down"
        self.set_expected_moves(test.expect)
        self.test_list.select_test(index)
        self._update_actions()
        result = next((r for r in self.document.test_results() if r.index == index), None)
        if result is None:
            verdict = "not run"
        elif result.passed:
            verdict = "passes"
        else:
            verdict = f"FAILS: expected {moves_label(test.expect)}, best {moves_label(result.best)}"
        self.position_editor.set_status(f"Test {index + 1} “{test.name}”: {verdict}")

    def load_position(self, path: str | Path) -> bool:
        """Put the position of a ``.position.json`` file on the bench (a bad file is reported in
        the bench's status line and the field stays as it was)."""
        return self.position_editor.load(path)

    def loaded_test(self) -> int | None:
        """The test last loaded or saved (what "Update test" replaces), or None."""
        return self._loaded_test

    # --- layout --------------------------------------------------------------------------------

    def is_narrow(self) -> bool:
        return bool(self._narrow)

    def _arrange(self, narrow: bool) -> None:
        """Lay the panes out for a wide or a narrow bench (nothing to do when it already is)."""
        if narrow == self._narrow:
            return
        self._narrow = narrow
        for box in (self.decision_box, self.tests_box):
            box.setTitle("" if narrow else box.objectName())
            box.setFlat(narrow)
        if narrow:
            self.side_tabs.addTab(self.decision_box, "Decision")
            self.side_tabs.addTab(self.tests_box, "Tests")
            self._set_side(self.side_tabs)
            self.splitter.setOrientation(Qt.Orientation.Vertical)
            self.splitter.setStretchFactor(0, 3)
            self.splitter.setStretchFactor(1, 2)
            height = max(self.splitter.height(), 600)
            self.splitter.setSizes([height * 5 // 8, height * 3 // 8])
            self._fill_tests_tab()
        else:
            self.side_splitter.addWidget(self.decision_box)
            self.side_splitter.addWidget(self.tests_box)
            self._set_side(self.side_splitter)
            self.splitter.setOrientation(Qt.Orientation.Horizontal)
            width = max(self.splitter.width(), NARROW_WIDTH)
            self.splitter.setSizes([width * 3 // 5, width * 2 // 5])
            self.side_splitter.setSizes([430, 300])
            self.decision_box.show()
            self.tests_box.show()
        self._chain_tabs()

    def _chain_tabs(self) -> None:
        """Tab goes from the new test's buttons on to the decision and the tests, as they are
        laid out. Found: moved into the tabs or the splitter, they came after the window's other
        panes (History, Problems), so Tab left the bench halfway."""
        editor = self.position_editor
        # The field's controls before the field (made first, the field came first).
        stops: list[QWidget] = [editor.view, *self.expect_boxes.values(), self.test_name_edit,
                                self.save_test_button, self.update_test_button]
        stops += [self.side_tabs] if self._narrow else []  # its focus goes to its tab bar
        for box in (self.decision_box, self.tests_box):
            stops += [w for w in box.findChildren(QWidget) if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        previous: QWidget = editor.buttons[editor.save_action]
        for stop in stops:
            QWidget.setTabOrder(previous, stop)
            previous = stop

    def _set_side(self, side: QWidget) -> None:
        if self.splitter.count() < 2:
            self.splitter.addWidget(side)
        else:
            self.splitter.replaceWidget(1, side)

    def _fill_tests_tab(self) -> None:
        if not self._narrow:
            return
        tests = self.document.program.tests
        failing = any(not r.passed for r in self.document.test_results())
        text = f"Tests · {self.test_list.summary_text()}" if tests else "Tests"
        color = FAILING if failing else self.palette().color(QPalette.ColorRole.WindowText)
        # Only when they change: a new tab text lays out the whole window again.
        if self.side_tabs.tabText(1) != text:
            self.side_tabs.setTabText(1, text)
        if self.side_tabs.tabBar().tabTextColor(1) != color:
            self.side_tabs.tabBar().setTabTextColor(1, color)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._chain_tabs()  # in its window now: a new parent had put its widgets in another order

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width() < NARROW_WIDTH)
        self._fit_toolbar()

    def _fit_toolbar(self) -> None:
        """Narrow, the tool bar's buttons but Decide show their icons only (their tooltips say
        what they do): with texts, the bench dock of a 1024- or 1440-wide window hid Redo and the
        position's buttons behind the tool bar's » (the window adds New card to it, too)."""
        style = Qt.ToolButtonStyle.ToolButtonIconOnly if self._narrow else Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        arrows = (self.field_history.undo_action, self.field_history.redo_action)
        for action in self.toolbar.actions():
            button = self.toolbar.widgetForAction(action)
            if isinstance(button, QToolButton) and action is not self.decide_action and action not in arrows:
                button.setToolButtonStyle(style)

    # --- reacting ------------------------------------------------------------------------------

    def _program_changed(self) -> None:
        self._fill_tests_tab()
        if self._loaded_test is not None and self._loaded_test >= len(self.document.program.tests):
            self._loaded_test = None
        self._update_actions()
        self.decide()

    def _forget_loaded_test(self) -> None:
        self._loaded_test = None
        self._update_actions()

    def _position_changed(self) -> None:
        # A new position without a test: the boxes show the program's answer until the user
        # ticks them. A loaded test keeps its expectations (only the user changes them).
        if self._loaded_test is None:
            self._expect_edited = False
        self.decide()

    def _no_decision(self, message: str) -> None:
        self._explanation = None
        self.explanation_panel.show_message(message)
        self.position_editor.set_explanation(None)
        self.document.set_decided_card(None)
        self.decided.emit(None)

    def _lay_over(self, explanation: Explanation) -> None:
        card = None
        if explanation.card is not None:
            card = self.document.program.cards[explanation.card]
        self.position_editor.set_explanation(explanation, self.explanation_panel.shown_move(), card)

    def _show_move(self, direction: Direction) -> None:
        if self._explanation is not None:
            self._lay_over(self._explanation)

    def _show_card(self, index: int) -> None:
        self.document.set_current_card(index)

    def _set_expect(self, moves: frozenset[Direction]) -> None:
        self._updating_expect = True
        for direction, box in self.expect_boxes.items():
            box.setChecked(direction in moves)
        self._updating_expect = False

    def _offer_expect(self, snake: bool) -> None:
        """Without a snake there is no move to expect: the boxes are off, and cleared unless the
        user (or a loaded test) chose them. Found: after Clear they kept the last decision's moves."""
        if not snake and not self._expect_edited:
            self._set_expect(frozenset())
        self.expect_row.setEnabled(snake)
        self.expect_row.setToolTip("" if snake else "Draw a snake first: the moves are those of the snake that is “me”")

    def _expect_toggled(self) -> None:
        if not self._updating_expect:
            self._expect_edited = True

    def _test_here(self, name: str | None) -> ProgramTest | None:
        me = self.position_editor.me()
        if me is None:
            self.position_editor.set_status("Draw a snake first: a test needs a position with a snake that is “me”", error=True)
            return None
        # What the program's rules refuse in a test (matcher.validate) is refused here: saved, it
        # made the whole program invalid, and the bench and battles stopped running it.
        position = self.position_editor.position()
        if position.snakes[me].eaten:
            self.position_editor.set_status(f"{snake_name(me)} is eaten and cannot move: make a snake that can move "
                                            "“me” (Ctrl+click it) to test its move", error=True)
            return None
        if not self.expected_moves():
            self.position_editor.set_status("Check the moves the test expects (at least one) first", error=True)
            return None
        name = (name if name is not None else self.test_name_edit.text()).strip()
        if not name:
            name = f"test {len(self.document.program.tests) + 1}"
        return ProgramTest(name, position, me, self.expected_moves())

    def _update_actions(self) -> None:
        loaded = self._loaded_test
        self.update_test_action.setEnabled(loaded is not None and loaded < len(self.document.program.tests))
        if loaded is not None and loaded < len(self.document.program.tests):
            self.update_test_action.setText(f"Update test {loaded + 1}")
        else:
            self.update_test_action.setText("Update test")

    def sizeHint(self) -> QSize:
        return QSize(1100, 720)

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_WIDTH, 560)


def main() -> int:
    """Open the bench on a sample program with its tests."""
    document = sample_document("tail_biter")
    return run_alone(lambda: TestBench(document), f"TestBench — {document.display_name()}", (1200, 760),
                     then=lambda bench: bench.load_test(0))


if __name__ == "__main__":
    raise SystemExit(main())
