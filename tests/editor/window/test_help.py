"""Help: the keyboard reference is read from the live keys (a key added anywhere shows up, none
is listed that is not bound) and the games' rules are shown from the shipped files."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from arena.samples import GAMES_WITH_RULES, games_with_rules, rules_file
from editor.window.help_dialogs import KeyboardReference, RulesDialog
from tests.editor.window.menus import choose
from editor.main_window import MainWindow


def open_reference(qtbot: QtBot, window: MainWindow) -> KeyboardReference:
    window.activateWindow()
    QApplication.processEvents()
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F1)
    dialog = window.findChild(KeyboardReference)
    assert dialog is not None and dialog.isVisible()
    return dialog


def rows(dialog: KeyboardReference) -> list[tuple[str, str, str]]:
    return [(e.section, e.command, e.keys) for e in dialog.visible_rows()]


def test_f1_lists_the_keys_of_menus_panes_and_the_map(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    dialog = open_reference(qtbot, window)
    listed = rows(dialog)
    assert ("File", "Quit", "Ctrl+Q") in listed
    assert ("Card", "Duplicate", "Ctrl+Shift+D") in listed
    assert ("Test", "Decide", "Ctrl+Return, Ctrl+Enter") in listed
    assert ("Card map", "Brush: enemy tail", "7") in listed
    assert ("Battle", "Play or pause", "Space") in listed  # a pane's action by its tooltip
    assert ("Test bench", "Delete the selected test", "Del") in listed
    assert ("Arena", "Start match", "Ctrl+Return") in listed
    assert any(section.startswith("Card map (") and keys == "Shift+Arrows" for section, _c, keys in listed)
    # The tournament tab's own keys (Enter starts, Escape cancels: handled by the tab, no actions).
    assert any(section.startswith("Tournament (") and keys == "Escape" and command.startswith("Cancel")
               for section, command, keys in listed)
    # Every listed key of an action is one the window binds.
    native = QKeySequence.SequenceFormat.NativeText
    bound = {k.toString(native) for a in window.findChildren(QAction) for k in a.shortcuts()}
    bound |= {k.toString(native) for s in window.findChildren(QShortcut) for k in s.keys()}
    for section, command, keys in listed:
        if not section.endswith("has the keys)"):  # keys the map and the field handle themselves
            assert set(keys.split(", ")) <= bound, (section, command, keys)
    # Typing filters.
    qtbot.keyClicks(dialog.filter_edit, "paste")
    assert {c for _s, c, _k in rows(dialog)} == {"Paste", "Paste Card"}


def test_the_reference_follows_the_keys(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """Not a copy: a key given to an action afterwards is in the next reference."""
    window = make_window()
    window.reset_layout_action.setShortcut(QKeySequence("Ctrl+Alt+L"))
    dialog = open_reference(qtbot, window)
    assert ("View", "Reset Layout", "Ctrl+Alt+L") in rows(dialog)


def test_the_rules_of_every_game_are_shown(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    choose(window, "Help", "Game Rules")
    dialog = window.findChild(RulesDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.games.count() == len(games_with_rules())  # the shipped games' first, then installed packages'
    assert dialog.games.item(0).text() != "snake"  # the game's title
    for row, game in enumerate(GAMES_WITH_RULES):
        dialog.games.setCurrentRow(row)
        first_heading = rules_file(game).read_text(encoding="utf-8").splitlines()[0].lstrip("# ").strip()
        assert dialog.game == game and first_heading[:30] in dialog.text.toPlainText()


def test_the_rules_never_point_at_a_source_file_the_user_does_not_have(
        qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """QA: the dialog showed "Source: seed `003_f4cdb….txt` (the Russian original; not in this
    repository)": internal provenance naming a file no user has. The pages keep it (they follow
    the specs); the dialog says what the source was, without the file."""
    window = make_window()
    choose(window, "Help", "Game Rules")
    dialog = window.findChild(RulesDialog)
    assert dialog is not None and dialog.isVisible()
    for row, game in enumerate(GAMES_WITH_RULES):
        dialog.games.setCurrentRow(row)
        page = rules_file(game).read_text(encoding="utf-8")
        shown = dialog.text.toPlainText()
        assert dialog.game == game
        if "not in this repository" in page:
            assert "not in this repository" not in shown and ".txt" not in shown.split("\n\n")[0], shown[:300]
            assert "Source: the " in shown and " original" in shown, shown[:300]
    dialog.games.setCurrentRow(list(GAMES_WITH_RULES).index("snake"))
    assert "Source: the Russian original, a game in the tradition of" in " ".join(dialog.text.toPlainText().split())
