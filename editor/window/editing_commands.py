"""The main window's editing commands beyond files and panes (issue 16): copy and paste, stepping
through cards, the Card and Test menus, Help (keyboard reference, rules) and Preferences.

A mixin of :class:`editor.main_window.MainWindow`, kept apart so the window's file stays about
files, panes and layout; it uses the window's panes and its ``_action`` factory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu, QMenuBar, QStackedWidget, QStatusBar, QWidget

from editor.document import ProgramDocument
from editor.keys import standard_keys
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.battle.battle_tab import BattleTab
from editor.widgets.bench.position_bench import TestBench
from editor.widgets.bench.position_editor import PositionView
from editor.widgets.cards.card_canvas import CardCanvas
from editor.widgets.cards.card_editor import MESSAGE_MS, CardEditor
from editor.widgets.cards.program_panel import ProgramPanel
from editor.widgets.tournament.tournament_tab import TournamentTab
from editor.window.card_menus import add_card_menu, add_test_menu, card_step_actions
from editor.window.clipboard import CARDS, ClipboardActions
from editor.window.folders import POSITIONS, remember_folder, start_folder
from editor.window.help_dialogs import KeyboardReference, RulesDialog, key_reference
from editor.window.preferences import Preferences, PreferencesDialog, apply_environment, bot_defaults, open_preferences


class EditingCommands:
    """Builds and runs the commands; the window calls :meth:`_build_editing_actions` with its
    actions and :meth:`_add_card_and_test_menus` with its menus."""

    document: ProgramDocument
    settings: QSettings
    workspace: QStackedWidget
    card_editor: CardEditor
    program_panel: ProgramPanel
    test_bench: TestBench
    battle_tab: BattleTab
    arena_pane: ArenaPane
    tournament_tab: TournamentTab
    _action: Callable[..., QAction]
    in_editor: Callable[[], bool]
    show_test_bench: Callable[[], None]
    statusBar: Callable[[], QStatusBar]

    def _build_editing_actions(self) -> None:
        """Clipboard, card steps, Help's and Preferences' actions (issue 16)."""
        key = QKeySequence.StandardKey
        say = self._say
        self.clipboard = ClipboardActions(self.document, say, self.card_editor.canvas.selected_cells)
        self.copy_action = self._action("&Copy Cells", self.clipboard.copy_cells, standard_keys(key.Copy, "Ctrl+C"),
                                        "Copy the selected cell, or every painted cell of the card")
        self.paste_action = self._action("&Paste", lambda: self.clipboard.paste(), standard_keys(key.Paste, "Ctrl+V"),
                                         "Paste copied cells onto the card, or copied cards after it")
        self.copy_card_action = self._action("Copy Card", self.clipboard.copy_card, standard_keys(None, "Ctrl+Shift+C"),
                                             "Copy the current card (to paste it here or into another program)")
        self.paste_card_action = self._action("Paste Card", lambda: self.clipboard.paste(CARDS),
                                              standard_keys(None, "Ctrl+Shift+V"), "Insert copied cards after the current one")
        self.card_steps = card_step_actions(self._as_widget(), self.document)
        self.keys_action = self._action("&Keyboard Reference", self.show_key_reference,
                                        standard_keys(key.HelpContents, "F1"), "Every key of the window")
        self.rules_action = self._action("Game &Rules", lambda: self._show_dialog(RulesDialog(parent=self._as_widget())), None,
                                         "The rules of the five games")
        self.preferences_action = self._action("Pre&ferences…", self.show_preferences,
                                               standard_keys(key.Preferences, "Ctrl+,"),
                                               "Folders, speeds and the bots' sandbox")
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.workspace.currentChanged.connect(self._enable_editing_actions)

    def _enable_editing_actions(self) -> None:
        """Copy, Paste and the card steps are the card editor's: in the arena and the tournament
        their keys are free (and do nothing unseen)."""
        for action in (self.copy_action, self.paste_action, self.copy_card_action, self.paste_card_action,
                       *self.card_steps):
            action.setEnabled(self.in_editor())

    def show_preferences(self) -> PreferencesDialog:
        return open_preferences(self._as_widget(), self.settings, self._apply_preferences)

    def _apply_preferences(self, prefs: Preferences) -> None:
        """The battle's start speed, the sandbox's program, the positions' folder (the programs'
        is read when a dialog opens)."""
        self.battle_tab.playback.set_speed(prefs.battle_speed)
        apply_environment(prefs)
        self.arena_pane.setup_panel.set_bot_defaults(bot_defaults(prefs))
        bench = self.test_bench.position_editor
        bench.set_folder(str(start_folder(self.settings, POSITIONS)))

    def _remember_folders(self) -> None:
        """Positions' folders are remembered as they are used (programs' with each file)."""
        self.test_bench.position_editor.folderUsed.connect(
            lambda folder: remember_folder(self.settings, POSITIONS, Path(folder)))

    def _say(self, text: str) -> None:
        self.statusBar().showMessage(text, MESSAGE_MS)

    def _show_dialog(self, dialog: QDialog) -> QDialog:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def show_key_reference(self) -> KeyboardReference:
        panes = [("Card map", self.card_editor), ("Program", self.program_panel), ("Test bench", self.test_bench),
                 ("Battle", self.battle_tab), ("Arena", self.arena_pane), ("Tournament", self.tournament_tab)]
        handled = [("Card map (when it has the keys)", CardCanvas.KEYS),
                   ("Test bench field (when it has the keys)", PositionView.KEYS),
                   ("Tournament (when it has the keys)", TournamentTab.KEYS)]
        window = self._as_widget()
        assert isinstance(window, QMainWindow)
        dialog = KeyboardReference(key_reference(window, panes, handled), window)
        self._show_dialog(dialog)
        return dialog

    def _add_card_and_test_menus(self, bar: QMenuBar, edit_menu: QMenu) -> None:
        edit_menu.addSeparator()
        edit_menu.addActions([self.copy_action, self.paste_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.preferences_action)
        add_card_menu(bar, self.program_panel.cards, self.card_steps, [self.copy_card_action, self.paste_card_action])
        test_menu = add_test_menu(bar, self.test_bench)
        for action in test_menu.actions():  # a Test command shows the bench it works on
            action.triggered.connect(self.show_test_bench)

    def _as_widget(self) -> QWidget:
        assert isinstance(self, QWidget)  # mixed into the main window
        return self
