"""The main window: one program document shown by the editor's panes, plus files and recovery.

The window only wires widgets to the document and owns what is about the file as a whole: New,
Open, Open Recent, Save, Save As, Revert, the unsaved-changes question, the title, drag-and-drop
of files, crash recovery and the window layout. Every pane edits the document itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QMimeData, QObject, QSettings, QSize, Qt, QTimer, SignalInstance, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTabWidget,
    QUndoView,
    QWidget,
)

from arena.samples import SNAKE_SAMPLES
from arena.version import version
from editor.document import ProgramDocument
from editor.keys import key_text, standard_keys
from editor.program_files import (
    APP_NAME,
    FILE_FILTER,
    RECENT_KEY,
    confirm_overwrite,
    fresh_program,
    recent_files,
    remember_file,
    show_error,
    with_program_suffix,
)
from editor.recovery import IDLE_MS, Autosaver, Recovered, RecoveryStore, read_recovery
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.authoring.authoring_tools import Authoring
from editor.widgets.battle.battle_tab import BattleTab
from editor.widgets.bench.position_bench import DECIDE_KEY, TestBench
from editor.widgets.cards.card_editor import HINT, MESSAGE_MS, CardEditor
from editor.widgets.cards.problems_view import ProblemsView
from editor.widgets.cards.program_panel import ProgramPanel
from editor.widgets.improve.improve_dialog import show_improve
from editor.widgets.parts.accessibility import AnnouncingStatusBar
from editor.widgets.parts.screen_room import fitted_size, screen_room
from editor.widgets.tournament.tournament_tab import TournamentTab
from editor.window.editing_commands import EditingCommands
from editor.window.folders import PROGRAMS, is_shipped, last_folder, remember_folder, start_folder
from editor.window.preferences import load_preferences
from editor.window.running_work import arena_work, confirm_quit, tournament_work
from engines.snake import POSITION_FORMAT
from matcher import Program, ProgramError, dumps_program, load_program
from matcher.fileformat import POSITION_SUFFIX, PROGRAM_SUFFIX

GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"
BENCH_PAGE_KEY = "main_window/bench_page"
"""The bench dock's tab the last window showed: "bench" or "battle"."""
STATE_VERSION = 2
"""2: the panes fit a 1366 × 768 screen; a version-1 state (sized for wider ones) is not restored."""
DEFAULT_SIZE = (1440, 900)
PROGRAM_SHARE = 0.22
BENCH_SHARE = 0.34
BOTTOM_SHARE = 0.12
"""First-start shares of the window: program pane and bench of its width, problems of its height."""
OFFER_PROGRAM_MS = 400
"""The tournament tab hears of the edited program this long after the last edit."""

ABOUT = f"""<h3>snakepit {version()}</h3>
<p>A desktop studio for programming games.</p>
<p>Snake programs are decks of 7&times;7 pattern cards: each step, a snake takes the move of the
first card whose patterns match the field around its head. Snakes win by biting their rivals'
tails.</p>
<p>Draw cards in the middle, test them on positions in the <b>Test bench</b> (Decide:
Ctrl+Return), and let them fight in the <b>Battle</b> tab (F5).</p>"""


class MainWindow(EditingCommands, QMainWindow):
    """The editor for ``document`` (default: a fresh program). ``settings`` and ``recovery`` are
    injectable so tests never touch the user's; ``autosave_ms`` is the idle time before an
    autosave."""

    def __init__(self, document: ProgramDocument | None = None, *, settings: QSettings | None = None,
                 recovery: RecoveryStore | None = None, autosave_ms: int = IDLE_MS,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStatusBar(AnnouncingStatusBar())  # its messages reach a screen reader
        self.document = document if document is not None else ProgramDocument(fresh_program())
        self.settings = settings if settings is not None else QSettings()
        self.recovery = recovery if recovery is not None else RecoveryStore()
        self.autosaver = Autosaver(self.document, self.recovery, autosave_ms, parent=self)
        self.autosaver.failed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.setAcceptDrops(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)
        self._editor_state: QByteArray | None = None
        """The editor's dock layout while another workspace has the window (its panes stepped aside)."""

        self._build_panes()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status()
        self._build_authoring()
        self.document.pathChanged.connect(self._update_title)
        self.document.dirtyChanged.connect(self._update_title)
        self.document.programChanged.connect(self._update_title)  # an unsaved program's title is its name
        self.document.programChanged.connect(self._update_summary)
        self._update_title()
        self._update_summary()
        self._apply_preferences(load_preferences(self.settings))
        self._remember_folders()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.applicationStateChanged.connect(self._back_in_the_app)
        self.resize(*DEFAULT_SIZE)
        self._needs_sizing = not self._restore_window_state()

    # --- files -------------------------------------------------------------------------------

    def new_program(self) -> bool:
        if not self.maybe_save():
            return False
        self.document.replace_all(fresh_program(), None)
        self.statusBar().showMessage("New program", 4000)
        return True

    def ask_open(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open Program", self._dialog_folder(), FILE_FILTER)
        # A position or a replay chosen under "All files" goes where a dropped one goes (it was
        # refused as a program: "unknown key 'height' in the program").
        return bool(path) and self.open_dropped(path)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open ``path`` (after offering to save unsaved changes when ``ask``); a file that is not
        a valid program is reported in a message box and the open program stays as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            self.document.open(Path(path))
        except ProgramError as err:
            show_error(self, f"Could not open {Path(path).name}.", err)
            return False
        self._remember_program_file(Path(path))
        self.statusBar().showMessage(f"Opened {path}", 4000)
        return True

    def save(self) -> bool:
        path = self.document.path
        if path is None:
            return self.save_as()
        if self.document.changed_on_disk() and not self._confirm_replace_changed(path):
            return False
        return self._save_to(path)

    def save_as(self, path: str | Path | None = None) -> bool:
        """Save under ``path``, or a name asked for (``.snake.json`` is added when missing)."""
        if path is None:
            start = str(self._save_folder() / self.document.suggested_file_name())
            chosen, _ = QFileDialog.getSaveFileName(self, "Save Program As", start, FILE_FILTER)
            if not chosen:
                return False
            path = with_program_suffix(chosen)
            if path != chosen and Path(path).exists() and not confirm_overwrite(self, Path(path)):
                return False
        return self._save_to(Path(path))

    def revert(self) -> bool:
        """Reload the file from disk, after confirming when there are unsaved changes."""
        path = self.document.path
        if path is None:
            return False
        if self.document.dirty:
            answer = QMessageBox.question(
                self, APP_NAME, f"Discard your changes and reload {path.name} from disk?",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Discard:
                return False
        return self.open_file(path, ask=False)

    def maybe_save(self) -> bool:
        """Before the program goes away: True when it may (saved, discarded or unchanged)."""
        if not self.document.dirty:
            return True
        answer = QMessageBox.question(
            self, APP_NAME, f"Save the changes to {self.document.display_name()}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def recent_files(self) -> list[str]:
        return recent_files(self.settings)

    def _save_to(self, path: Path) -> bool:
        headline = f"Could not save {path.name}; the program is still open, nothing is lost."
        try:
            self.document.save(path)
        except OSError as err:
            # The file saved, not the temporary one the atomic save writes first (".NAME.PID-….tmp").
            show_error(self, headline, f"{path}: cannot write it: {err.strerror or err}")
            return False
        except ValueError as err:
            show_error(self, headline, err)
            return False
        self.autosaver.discard()
        self._remember_program_file(path)
        problems = len(self.document.problems())
        if problems:
            self.statusBar().showMessage(
                f"Saved {path}, with {problems} problem{'s' if problems > 1 else ''}: it opens here, but cannot "
                "play until they are fixed (see Problems)", 8000)
        else:
            self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def _confirm_replace_changed(self, path: Path) -> bool:
        """Saving over a file someone else wrote since it was opened here loses their changes
        without a word (two windows on one program: the second save wiped the first's work)."""
        answer = QMessageBox.question(
            self, APP_NAME,
            f"{path.name} was changed on disk since you opened or saved it here (by another program "
            "or snakepit window). Replace it with the program open here?\n\n"
            "Cancel keeps both: Save As… saves yours under another name, Revert shows theirs.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def _back_in_the_app(self, state: Qt.ApplicationState) -> None:
        """Back from another program: a program file changed there is shown as it is now.
        Unchanged here, it is reloaded (one undo step takes it back); with changes here, Save
        asks before replacing it, and the status bar says so now."""
        if state != Qt.ApplicationState.ApplicationActive or not self.document.changed_on_disk():
            return
        name = self.document.display_name()
        if self.document.dirty:
            self.statusBar().showMessage(f"{name} was changed on disk: Save asks before replacing it", 8000)
            return
        try:
            self.document.reload()
        except ProgramError as err:
            self.statusBar().showMessage(f"{name} was changed on disk and cannot be read: {err}", 8000)
            return
        self.statusBar().showMessage(f"{name} was changed on disk and is shown as it is now (Undo shows it as before)", 8000)

    def _dialog_folder(self) -> str:
        """Where Open starts: the open file's folder, the last program folder, else the samples
        (a new user's best first look)."""
        if self.document.path is not None:
            return str(self.document.path.parent)
        last = last_folder(self.settings, PROGRAMS)
        if last is not None:
            return str(last)
        return str(SNAKE_SAMPLES) if SNAKE_SAMPLES.is_dir() else str(Path.home())

    def _save_folder(self) -> Path:
        """Where Save As starts: the file's own folder, else the user's last program folder (or
        Preferences' one) — never the shipped samples' (issue 16)."""
        path = self.document.path
        if path is not None and path.parent.is_dir() and not is_shipped(path):
            return path.parent
        return start_folder(self.settings, PROGRAMS)

    def _remember_program_file(self, path: Path) -> None:
        remember_file(self.settings, path)
        remember_folder(self.settings, PROGRAMS, path.parent)

    # --- recovery ----------------------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """If an earlier session left unsaved changes behind, offer to restore the newest.
        Restore: the program comes back dirty, under its original path. Discard: the file goes.
        Cancel: it is offered again next time."""
        for file in self.recovery.abandoned():
            try:
                recovered = read_recovery(file)
            except ProgramError as err:
                self.recovery.discard(file)
                self.statusBar().showMessage(f"A broken recovery file was removed: {err}", 8000)
                continue
            answer = QMessageBox.question(
                self, "Restore unsaved changes?",
                f"snakepit did not close normally last time. Restore {recovered.describe()}?\n\n"
                "Yes restores it (you can save it or undo the restore); Discard throws it away; "
                "Cancel keeps it for the next start.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Yes,
            )
            if answer == QMessageBox.StandardButton.Discard:
                self.recovery.discard(file)
                return False
            if answer != QMessageBox.StandardButton.Yes or not self.maybe_save():
                return False
            self.restore(self.recovery.take(file))
            return True
        return False

    def restore(self, recovered: Recovered) -> None:
        """Show a recovered program. When its file still loads, the restore is one undo step on
        top of it; either way the document is dirty and keeps the original path."""
        base: Program | None = None
        if recovered.path is not None:
            try:
                base = load_program(recovered.path, rules=False)
            except ProgramError:
                base = None
        self.document.replace_all(base if base is not None else recovered.program, recovered.path)
        if base is None or not self.document.edit(lambda _old: recovered.program, "Restore unsaved changes"):
            self.document.undo_stack.resetClean()
        self.autosaver.save_now()
        self.statusBar().showMessage("Restored the unsaved changes of the last session", 6000)

    # --- battle ------------------------------------------------------------------------------

    def show_battle(self) -> None:
        self.show_editor()
        self.bench_dock.show()
        self.bench_tabs.setCurrentWidget(self.battle_scroll)

    def _watch_battle(self) -> None:
        """F5: the battle shows and its transport has the keys, so Space pauses it (issue 16:
        the card kept them, and Space painted a cell)."""
        self.show_battle()
        self.battle_tab.take_keys()

    def focus_canvas(self) -> None:
        self.show_editor()
        self.card_editor.canvas.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_test_bench(self) -> None:
        self.show_editor()
        self.bench_dock.show()
        self.bench_tabs.setCurrentWidget(self.test_bench)

    def bench_page(self) -> QWidget:
        """The pane the bench dock shows: the test bench or the battle."""
        page = self.bench_tabs.currentWidget()
        return self.battle_tab if page is self.battle_scroll else page

    # --- workspaces: the card editor with its panes, or the arena -----------------------------

    def in_arena(self) -> bool:
        return self.workspace.currentWidget() is self.arena_pane

    def in_editor(self) -> bool:
        return self.workspace.currentWidget() is self.card_editor

    def show_arena(self) -> None:
        """The arena takes the whole window: the editor's panes step aside (and come back as
        they were with :meth:`show_editor`)."""
        self._show_workspace(self.arena_pane, self.arena_action)

    def show_tournament(self) -> None:
        """The tournament tab takes the whole window, like the arena."""
        if self._offer_timer.isActive():
            self._offer_program()
        self._show_workspace(self.tournament_tab, self.tournament_action)

    def _show_workspace(self, page: QWidget, action: QAction) -> None:
        if self.in_editor():
            self._editor_state = self.saveState(STATE_VERSION)
            for dock in self._editor_docks():
                dock.hide()
            self.hint_label.hide()
        if self.workspace.currentWidget() is not page:
            self._show_page(page)
        action.setChecked(True)

    def show_editor(self) -> None:
        if not self.in_editor():
            self._show_page(self.card_editor)
            if self._editor_state is not None:
                self.restoreState(self._editor_state, STATE_VERSION)
            self.hint_label.show()
        self.editor_action.setChecked(True)

    def _show_page(self, page: QWidget) -> None:
        """Show ``page``; only it sets the window's minimum size (the other pages' would add up
        with the docks' and overflow a laptop screen)."""
        for widget in (self.card_editor, self.arena_pane, self.tournament_tab):
            policy = QSizePolicy.Policy.Preferred if widget is page else QSizePolicy.Policy.Ignored
            widget.setSizePolicy(policy, policy)
        self.workspace.setCurrentWidget(page)

    def _editor_docks(self) -> list[QDockWidget]:
        return [self.program_dock, self.bench_dock, self.problems_dock, self.history_dock]

    # --- building ----------------------------------------------------------------------------

    def _build_panes(self) -> None:
        doc = self.document
        self.card_editor = CardEditor(doc)
        # The arena is a workspace of its own, not a dock: a board, a scoreboard, a log and the
        # plots need the window's room, and on a 1366 × 768 screen the editor's panes leave none.
        self.arena_pane = ArenaPane(self.settings, editor_program=lambda: self.document.program)
        self.arena_pane.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        # Tournaments: the program open here is an entrant choice, as its text when Start is pressed.
        self.tournament_tab = TournamentTab(settings=self.settings)
        self.tournament_tab.openReplay.connect(self._open_tournament_game)
        self.tournament_tab.message.connect(lambda text: self.statusBar().showMessage(text, 8000))

        self._offer_program_later()
        self.workspace = QStackedWidget()
        self.workspace.addWidget(self.card_editor)
        self.workspace.addWidget(self.arena_pane)
        self.workspace.addWidget(self.tournament_tab)
        self._show_page(self.card_editor)
        self.setCentralWidget(self.workspace)
        self.program_panel = ProgramPanel(doc)
        # A click on a card hands the keyboard to its canvas: R, the palette keys, arrows work at once.
        self.program_panel.cards.cardClicked.connect(lambda _index: self.focus_canvas())
        self.test_bench = TestBench(doc)
        self.battle_tab = BattleTab(doc, settings=self.settings)
        self.battle_tab.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.problems_view = ProblemsView(doc)
        self.history_view = QUndoView(doc.undo_stack)
        self.history_view.setAccessibleName("History")
        self.history_view.setEmptyLabel("(as opened)")
        self.history_view.setToolTip("Every edit of the program; click a line to go back to it")

        area = Qt.DockWidgetArea
        self.program_dock = self._dock("Program", "programDock", self.program_panel)
        # Tabs rather than tabified docks: the tab bar is the title, nothing is said twice.
        self.bench_tabs = QTabWidget()
        self.bench_tabs.setDocumentMode(True)
        self.bench_tabs.addTab(self.test_bench, "Test bench")
        self.bench_tabs.addTab(self._battle_page(), "Battle")
        self.bench_tabs.setTabToolTip(0, f"Try the program on positions (Decide: {DECIDE_KEY}); its tests")
        self.bench_tabs.setTabToolTip(1, "Let the program fight (F5)")
        self.bench_dock = self._dock("Test bench && Battle", "benchDock", self.bench_tabs)
        self.bench_dock.setTitleBarWidget(QWidget())
        self.problems_dock = self._dock("Problems", "problemsDock", self.problems_view)
        self.history_dock = self._dock("History", "historyDock", self.history_view)
        self.setCorner(Qt.Corner.BottomLeftCorner, area.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, area.RightDockWidgetArea)
        self._place_docks()
        doc.focusTestRequested.connect(lambda _index: self.show_test_bench())

    def _battle_page(self) -> QWidget:
        """The battle in an area that scrolls sideways rather than widen the bench dock past a
        1024-wide window (the test bench fits itself to the dock's width)."""
        self.battle_scroll = SidewaysScroll(self.battle_tab)
        return self.battle_scroll

    def _offer_program_later(self) -> None:
        """The tournament tab gets the program's text once edits pause (writing it out on every
        paint stroke cost a frame), and at once when the tab is shown."""
        self._offer_timer = QTimer(self)
        self._offer_timer.setSingleShot(True)
        self._offer_timer.setInterval(OFFER_PROGRAM_MS)
        self._offer_timer.timeout.connect(self._offer_program)
        self.document.programChanged.connect(self._program_edited)
        self.document.pathChanged.connect(self._program_edited)
        self._offer_program()

    def _program_edited(self) -> None:
        if self.workspace.currentWidget() is self.tournament_tab:
            self._offer_program()
        else:
            self._offer_timer.start()

    def _offer_program(self) -> None:
        self._offer_timer.stop()
        self.tournament_tab.set_editor_program(self.document.path, dumps_program(self.document.program))

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        return dock

    def _place_docks(self) -> None:
        """Every pane where a first start shows it: the program on the left, test bench and
        battle on the right, problems and history under the card."""
        area = Qt.DockWidgetArea
        for dock, where in ((self.program_dock, area.LeftDockWidgetArea), (self.bench_dock, area.RightDockWidgetArea),
                            (self.problems_dock, area.BottomDockWidgetArea)):
            dock.setFloating(False)
            self.addDockWidget(where, dock)
            dock.show()
        self.history_dock.setFloating(False)
        self.splitDockWidget(self.problems_dock, self.history_dock, Qt.Orientation.Horizontal)
        self.history_dock.show()

    def _size_docks(self) -> None:
        """Share the width: the card in the middle gets what the side panes leave (each side pane
        at least its minimum, so on a small screen the card editor is the one that gets compact)."""
        width, height = self.width(), self.height()
        program = max(self.program_dock.minimumSizeHint().width(), round(width * PROGRAM_SHARE))
        bench = max(self.bench_dock.minimumSizeHint().width(), round(width * BENCH_SHARE))
        self.resizeDocks([self.program_dock, self.bench_dock], [program, bench], Qt.Orientation.Horizontal)
        problems = max(self.problems_dock.minimumSizeHint().height(), round(height * BOTTOM_SHARE))
        self.resizeDocks([self.problems_dock], [problems], Qt.Orientation.Vertical)
        # Problems and History share the strip: History's lines are long, and an empty problems
        # list says so in one line.
        self.resizeDocks([self.problems_dock, self.history_dock], [1, 1], Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        self.show_editor()
        self._place_docks()
        self.show_test_bench()
        self._size_docks()

    def _action(self, text: str, slot: Callable[[], object], shortcuts: list[QKeySequence] | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcuts:
            action.setShortcuts(shortcuts)
        if tip:
            action.setStatusTip(tip)
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{tip} ({keys})" if keys else tip)
        action.triggered.connect(lambda: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        # Every key from editor.keys: the platform's own first, ours only where it has none, and
        # never one key twice (Qt ignores a key bound twice as ambiguous).
        key = QKeySequence.StandardKey
        self.new_action = self._action("&New", self.new_program, standard_keys(key.New, "Ctrl+N"),
                                       "Start a new program with one blank card")
        self.open_action = self._action("&Open…", self.ask_open, standard_keys(key.Open, "Ctrl+O"), "Open a program file")
        self.save_action = self._action("&Save", self.save, standard_keys(key.Save, "Ctrl+S"), "Save the program")
        self.save_as_action = self._action("Save &As…", self.save_as, standard_keys(key.SaveAs, "Ctrl+Shift+S"),
                                           "Save the program under a new name")
        self.revert_action = self._action("Re&vert", self.revert, None, "Reload the program from its file, dropping unsaved changes")
        self.quit_action = self._action("&Quit", self.close, standard_keys(key.Quit, "Ctrl+Q"), "Quit snakepit")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)

        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.redo_action = stack.createRedoAction(self, "&Redo")
        for action, keys, tip in ((self.undo_action, standard_keys(key.Undo, "Ctrl+Z"), "Undo the last edit"),
                                  (self.redo_action, standard_keys(key.Redo, "Ctrl+Shift+Z", "Ctrl+Y"), "Redo")):
            action.setShortcuts(keys)
            action.setStatusTip(tip)
            action.setToolTip(f"{tip} ({key_text(keys)})")
            self.addAction(action)

        self.battle_action = self.battle_tab.start_action
        self.battle_action.triggered.connect(self._watch_battle)
        self.improve_action = self._action("&Improve Program…", lambda: show_improve(self, self.document, self.settings),
                                           standard_keys(None, "Ctrl+I"),
                                           "Make the program stronger against chosen opponents, automatically")
        self.about_action = self._action("&About snakepit", lambda: QMessageBox.about(self, "About snakepit", ABOUT))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.show_bench_action = self._action("&Test Bench", self.show_test_bench, standard_keys(None, "Ctrl+1"), "Show the test bench")
        self.show_battle_action = self._action("&Battle", self.show_battle, standard_keys(None, "Ctrl+2"), "Show the battle")
        self.reset_layout_action = self._action("Reset &Layout", self.reset_layout,
                                                None, "Put every pane back where it was at the first start")
        self.editor_action = self._action("Card &Editor", self.show_editor, standard_keys(None, "Ctrl+E"),
                                          "The card editor with its panes")
        self.arena_action = self._action("&Arena", self.show_arena, standard_keys(None, "Ctrl+3"),
                                         "Run, watch and replay matches of every game")
        self.tournament_action = self._action("To&urnament", self.show_tournament, standard_keys(None, "Ctrl+4"),
                                              "Every entrant against every other, with ratings")
        self.workspace_group = QActionGroup(self)
        for action in (self.editor_action, self.arena_action, self.tournament_action):
            action.setCheckable(True)
            self.workspace_group.addAction(action)
        self.editor_action.setChecked(True)
        self._build_editing_actions()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.revert_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])

        view_menu = bar.addMenu("&View")
        # The panes' own titles, each with a letter no other View entry underlines.
        for dock, text in ((self.program_dock, "&Program"), (self.bench_dock, "Te&st Bench && Battle Pane"),
                           (self.problems_dock, "Pr&oblems"), (self.history_dock, "&History")):
            dock.toggleViewAction().setText(text)
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        view_menu.addActions([self.show_bench_action, self.show_battle_action])
        view_menu.addSeparator()
        view_menu.addActions([self.editor_action, self.arena_action, self.tournament_action])
        view_menu.addSeparator()
        view_menu.addAction(self.reset_layout_action)
        self._add_card_and_test_menus(bar, edit_menu)

        battle_menu = bar.addMenu("&Battle")
        battle_menu.addActions([self.battle_action, self.improve_action])

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.keys_action, self.rules_action])
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        about_qt = QAction("About &Qt", self)
        about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        about_qt.triggered.connect(QApplication.aboutQt)
        help_menu.addAction(about_qt)

    def _build_toolbar(self) -> None:
        from PySide6.QtWidgets import QStyle

        icons = {
            self.new_action: QStyle.StandardPixmap.SP_FileIcon,
            self.open_action: QStyle.StandardPixmap.SP_DialogOpenButton,
            self.save_action: QStyle.StandardPixmap.SP_DialogSaveButton,
            self.undo_action: QStyle.StandardPixmap.SP_ArrowBack,
            self.redo_action: QStyle.StandardPixmap.SP_ArrowForward,
        }
        for action, pixmap in icons.items():
            action.setIcon(self.style().standardIcon(pixmap))
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolBar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.new_action, self.open_action, self.save_action])
        toolbar.addSeparator()
        toolbar.addActions([self.undo_action, self.redo_action])
        self._keep_undo_buttons_steady()
        toolbar.addSeparator()
        toolbar.addAction(self.battle_action)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        toolbar.addWidget(spacer)
        toolbar.addActions([self.editor_action, self.arena_action, self.tournament_action])

    def _keep_undo_buttons_steady(self) -> None:
        """The tool bar says "Undo" and "Redo" whatever the command (the menu and the tooltip name
        it): a button that grew with the command's text re-flowed the whole tool bar."""
        stack = self.document.undo_stack
        _CommandTip(self.undo_action, "Undo", stack.undoTextChanged, stack.undoText())
        _CommandTip(self.redo_action, "Redo", stack.redoTextChanged, stack.redoText())

    def _build_status(self) -> None:
        # The card editor's hint line lives here: the room under the map goes to the map.
        self.card_editor.set_hint_line_visible(False)
        self.hint_label = PhraseLabel(HINT)
        self.hint_label.setObjectName("editorHint")
        self.statusBar().addWidget(self.hint_label, 1)
        self.card_editor.statusMessage.connect(lambda text: self.statusBar().showMessage(text, MESSAGE_MS))
        self.summary_label = QLabel()
        self.summary_label.setObjectName("programSummary")
        self.statusBar().addPermanentWidget(self.summary_label)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent_files()
        self.settings.setValue(RECENT_KEY, paths)  # missing files are pruned for good
        for number, path in enumerate(paths, 1):
            name = Path(path).name.replace("&", "&&")  # a lone & would underline the next letter
            action = self.recent_menu.addAction(f"&{number} {name}")
            action.setStatusTip(path)
            action.setToolTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_file(p))
        if not paths:
            self.recent_menu.addAction("No recent files").setEnabled(False)
            return
        self.recent_menu.addSeparator()
        self.recent_menu.addAction("&Clear Menu", lambda: self.settings.setValue(RECENT_KEY, []))

    def _build_authoring(self) -> None:
        """Authoring with evidence (issue 17): "New card from here" on the test bench, the Battle
        tab's board and the arena's snake boards; the analysis's warnings in the Problems pane;
        File → Compare With… and Compare with Last Saved; card shares after a battle or tournament
        and Battle → Card Statistics…."""
        self.authoring = Authoring(self.document, self, open_folder=self._dialog_folder)
        self.authoring.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.new_card_action = self.authoring.bench_action(self.test_bench)
        bench_tools = self.test_bench.toolbar  # beside Save as test: it makes a card of the same field
        bench_tools.insertAction(bench_tools.actions()[2], self.new_card_action)
        self.battle_tab.board.cardRequested.connect(self.authoring.new_card)
        self.arena_pane.cardRequested.connect(self.authoring.new_card)
        self.authoring.show_warnings_in(self.problems_view)
        stats = self.authoring.stats
        stats.count_battles_of(self.battle_tab)
        stats.count_tournaments_of(self.tournament_tab)
        stats.show_shares_in(self.program_panel.cards.model)
        # Into the menus built already, found by an action they hold (whatever else they gain).
        menus = [menu for a in self.menuBar().actions() if isinstance(menu := a.menu(), QMenu)]
        battle_menu = next(m for m in menus if self.battle_action in m.actions())
        battle_menu.addAction(stats.action)
        file_menu = next(m for m in menus if self.quit_action in m.actions())
        file_menu.insertActions(self.quit_action, [self.authoring.compare_action, self.authoring.compare_saved_action])
        file_menu.insertSeparator(self.quit_action)

    # --- showing state -----------------------------------------------------------------------

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.document.display_name()}[*] — {APP_NAME}")
        self.setWindowModified(self.document.dirty)
        self.revert_action.setEnabled(self.document.path is not None)

    def _update_summary(self) -> None:
        problems = self.document.problems()
        if problems:
            self.summary_label.setText(f"⚠ {len(problems)} problem{'s' if len(problems) > 1 else ''}")
            self.summary_label.setToolTip(str(problems[0]))
            return
        results = self.document.test_results()
        passed = sum(1 for r in results if r.passed)
        cards = len(self.document.program.cards)
        tests = f" · tests {passed}/{len(results)} pass" if results else " · no tests"
        self.summary_label.setText(f"✓ valid · {cards} card{'s' if cards > 1 else ''}{tests}")
        self.summary_label.setToolTip("The program is valid" + (f"; {len(results) - passed} test(s) fail" if passed < len(results) else ""))

    def _restore_window_state(self) -> bool:
        """Geometry and panes as the last window left them; False when there was nothing."""
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value(STATE_KEY)
        if str(self.settings.value(BENCH_PAGE_KEY, "")) == "battle":
            self.bench_tabs.setCurrentWidget(self.battle_scroll)
        return isinstance(state, QByteArray) and self.restoreState(state, STATE_VERSION)

    # --- Qt overrides --------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._needs_sizing:  # the first start: docks only take sizes once the window has one
            self._needs_sizing = False
            QTimer.singleShot(0, self._first_size)
        self._give_the_keys_to_the_map()

    def _give_the_keys_to_the_map(self) -> None:
        """The map has the keyboard when the window opens: R, the palette's keys and the arrows
        work at once, and Tab goes on from there."""
        focus = QApplication.focusWidget()
        if self.in_editor() and (focus is None or not self.card_editor.isAncestorOf(focus)):
            self.card_editor.canvas.setFocus(Qt.FocusReason.OtherFocusReason)

    def _first_size(self) -> None:
        # Panes that adapt to their width report their true minimum only once shown.
        self.resize(first_size(self._available_size()))
        self._size_docks()

    def _available_size(self) -> QSize | None:
        return screen_room(self)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_file(event.mimeData())
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        # Not inside the drop handler: the drag source may wait for it while a dialog is open.
        QTimer.singleShot(0, lambda: self.open_dropped(path))

    def _open_tournament_game(self, path: str) -> None:
        """A game of the tournament, in the arena (its replay plays there with every control)."""
        self._open_in_arena(path)

    def _open_in_arena(self, path: str | Path) -> bool:
        """A replay opened into the arena from elsewhere (a tournament's game, a dropped file):
        a live match there is stopped by it, so that is asked first — from the tournament or
        the editor the match is out of sight, and it went without a word."""
        running = arena_work(self.arena_pane)
        if running:
            answer = QMessageBox.question(
                self, APP_NAME, f"{running[0].upper()}{running[1:]}. Stop it and open {Path(path).name}?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Yes:
                return False
        self.show_arena()
        return self.arena_pane.open_replay(path)

    def open_dropped(self, path: str | Path) -> bool:
        """A dropped file: a position goes onto the test bench, a match replay into the arena,
        anything else opens as a program."""
        if is_replay_file(Path(path)):
            return self._open_in_arena(path)
        if not is_position_file(Path(path)):
            self.show_editor()
            return self.open_file(path)
        self.show_test_bench()
        loaded = self.test_bench.load_position(path)
        self.statusBar().showMessage(self.test_bench.position_editor.status_text(), 6000)
        return loaded

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_stop_running_work() or not self.maybe_save():
            event.ignore()
            return
        self.battle_tab.shutdown()
        self.arena_pane.shutdown()
        self.tournament_tab.shutdown()
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        # The editor's panes as the editor showed them (in the arena and the tournament they are
        # only stepped aside).
        state = self._editor_state
        if self.in_editor() or state is None:
            state = self.saveState(STATE_VERSION)
        self.settings.setValue(STATE_KEY, state)
        self.settings.setValue(BENCH_PAGE_KEY, "battle" if self.bench_page() is self.battle_tab else "bench")
        self.settings.sync()
        self.autosaver.shutdown()
        event.accept()


    def _may_stop_running_work(self) -> bool:
        """Quitting stops a running match or tournament: asked first, naming what runs."""
        return confirm_quit(self, [lambda: tournament_work(self.tournament_tab), lambda: arena_work(self.arena_pane)])


class PhraseLabel(QLabel):
    """A status line of " · "-separated phrases showing the whole ones that fit and "…" for the
    rest, all of them in its tooltip. Found: at 1024x700 the hint was cut mid-word ("to move i")."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._phrases = text.split(" · ")
        self.setToolTip(text)
        self.setAccessibleDescription(text)  # a screen reader hears every gesture, as the tooltip shows
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        metrics = self.fontMetrics()
        for count in range(len(self._phrases), 0, -1):
            text = " · ".join(self._phrases[:count]) + ("" if count == len(self._phrases) else " · …")
            if metrics.horizontalAdvance(text) <= event.size().width():
                break
        else:
            text = metrics.elidedText(self._phrases[0], Qt.TextElideMode.ElideRight, event.size().width())
        if text != self.text():
            self.setText(text)


class SidewaysScroll(QScrollArea):
    """Shows ``widget`` as tall as the area and at least as wide as it needs, scrolling sideways
    when the area is narrower."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop showing no focus: the battle's own controls are
        self.setWidget(widget)
        widget.installEventFilter(self)  # its minimum may change (a battle starts): fit again

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self._fit()
        return super().eventFilter(watched, event)

    def _fit(self) -> None:
        widget = self.widget()
        if widget is not None:
            viewport = self.viewport().size()
            widget.resize(max(viewport.width(), widget.minimumSizeHint().width()), viewport.height())


class _CommandTip(QObject):
    """Keeps ``action``'s tool bar text ``word`` and its tooltip ``Undo Paint empty (Ctrl+Z)``.
    The stack is the document's and may outlive the window (its last signals come as it goes)."""

    def __init__(self, action: QAction, word: str, changed: SignalInstance, command: str) -> None:
        super().__init__(action)
        self.action = action
        self.word = word
        action.setIconText(word)
        changed.connect(self.retip)
        self.retip(command)

    @Slot(str)
    def retip(self, command: str) -> None:
        if not shiboken6.isValid(self.action):  # the window is going: its wrappers go first
            return
        keys = key_text(self.action.shortcuts())
        self.action.setToolTip(f"{self.word} {command} ({keys})" if command else f"{self.word} ({keys})")


def first_size(available: QSize | None) -> QSize:
    """The window's size at the first start: :data:`DEFAULT_SIZE`, or less on a smaller screen."""
    return fitted_size(QSize(*DEFAULT_SIZE), available)


REPLAY_SUFFIXES = (".jsonl", ".jsonl.gz")
"""A match replay's names, in any case (``GAME.JSONL`` from another system is one too); a
compressed one goes to the arena as well, which says to uncompress it (as a program it was
refused as "not UTF-8")."""


def is_replay_file(path: Path) -> bool:
    return path.name.lower().endswith(REPLAY_SUFFIXES)


def is_position_file(path: Path) -> bool:
    """A ``.position.json`` file, or a JSON file whose ``format`` says it holds a position (names
    in any case: ``CORNER.POSITION.JSON`` is one)."""
    name = path.name.lower()
    if name.endswith(POSITION_SUFFIX):
        return True
    if not name.endswith(".json") or name.endswith(PROGRAM_SUFFIX):
        return False
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == POSITION_FORMAT


def _dropped_file(mime: QMimeData | None) -> str | None:
    """The first local file among dropped URLs, or None."""
    urls = mime.urls() if mime is not None and mime.hasUrls() else []
    for url in urls:
        if url.isLocalFile() and Path(url.toLocalFile()).is_file():
            return str(url.toLocalFile())
    return None
