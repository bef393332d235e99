"""Every menu entry of the main window can be chosen with Alt and letters alone: each has an
underlined letter (mnemonic), and no two entries of one menu share one (Qt then only moves
between them with the letter and triggers neither; the View menu had T for Test Bench and
Tournament, File had R for Open Recent and Revert, the Card and Test menus had none)."""

from __future__ import annotations
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401
from editor.main_window import MainWindow
from editor.window.card_menus import mnemonic, with_mnemonic
from tests.editor.window.menus import menu


def faults(entries: list[QAction], where: str) -> list[str]:
    """Entries of one menu without a letter or with another's letter, and the same of submenus."""
    found: list[str] = []
    owner: dict[str, str] = {}
    for action in entries:
        if action.isSeparator() or not action.isEnabled() and action.menu() is None:
            continue  # a disabled placeholder ("No recent files") cannot be chosen anyway
        text = action.text()
        letter = mnemonic(text)
        if letter is None:
            found.append(f"{where}: {text!r} has no mnemonic")
        elif letter in owner:
            found.append(f"{where}: {text!r} and {owner[letter]!r} share {letter!r}")
        else:
            owner[letter] = text
        sub = action.menu()
        if isinstance(sub, QMenu):
            sub.aboutToShow.emit()  # menus filled when shown (Open Recent)
            found += faults(sub.actions(), f"{where} > {text}")
    return found


def test_every_menu_entry_has_a_letter_of_its_own(make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    bar = window.menuBar()
    assert isinstance(bar, QMenuBar)
    assert faults(bar.actions(), "menu bar") == []


def test_with_mnemonic_takes_a_free_word_start_then_any_free_letter() -> None:
    assert with_mnemonic("Save position", {"s"}) == "Save &position"
    assert with_mnemonic("Move down", {"m", "d"}) == "M&ove down"
    assert with_mnemonic("&Open", {"o"}) == "&Open"  # one of its own is kept
    assert with_mnemonic("Bench && Battle", {"b", "e"}) == "Be&nch && Battle"
    assert with_mnemonic("ab", {"a", "b"}) == "ab"


def test_alt_and_letters_delete_a_card(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    """What the user does: Alt+C opens the Card menu, E (De&lete) deletes the card."""
    window = make_window()
    cards = len(window.document.program.cards)
    card_menu = menu(window, "Card")
    card_menu.aboutToShow.emit()
    card_menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(card_menu.isVisible)
    qtbot.keyClick(card_menu, Qt.Key.Key_E)
    qtbot.waitUntil(lambda: len(window.document.program.cards) == cards - 1)
    assert not card_menu.isVisible()
