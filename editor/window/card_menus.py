"""The Card and Test menus: what the card list's and the test bench's buttons do, where a
keyboard user (and anyone looking for a command) finds it, with its key.

A menu entry is a stand-in for a pane's action (:func:`menu_entry`): it does what the pane's
button does and shows its key, but the key stays the pane's, live only where the pane is. (Put
in the menu bar itself, a pane's key would be live in every workspace: Decide's Ctrl+Return
clashed with the arena's Start match.) Previous and Next card are new, with keys of their own."""

from __future__ import annotations

import re
from string import ascii_lowercase, digits

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from editor.document import ProgramDocument
from editor.keys import key_text, standard_keys
from editor.widgets.bench.position_bench import TestBench
from editor.widgets.cards.card_list import CardList


def card_step_actions(parent: QWidget, document: ProgramDocument) -> tuple[QAction, QAction]:
    """Previous card and Next card (Ctrl+PgUp / Ctrl+PgDown, as tabs go), window-wide."""

    def step(delta: int) -> None:
        target = document.current_card + delta
        if 0 <= target < len(document.program.cards):
            document.set_current_card(target)

    actions = []
    for text, key, delta in (("&Previous Card", "Ctrl+PgUp", -1), ("&Next Card", "Ctrl+PgDown", 1)):
        action = QAction(text, parent)
        action.setShortcuts(standard_keys(None, key))
        tip = f"Show the {'previous' if delta < 0 else 'next'} card of the program"
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({key_text(action.shortcuts())})")
        action.triggered.connect(lambda _checked=False, d=delta: step(d))
        parent.addAction(action)
        actions.append(action)
    return actions[0], actions[1]


PROXY_FOR = "proxy_for"
"""The property of a menu entry holding the pane's action it stands for."""


def mnemonic(text: str) -> str | None:
    """The letter ``text`` underlines (after its lone ``&``), lower case; None without one."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def with_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` with a ``&`` before its first letter not in ``taken``: a word's first letter if
    one is free, else any letter. As it is when it has a mnemonic already or no letter is free."""
    if mnemonic(text) is not None:
        return text
    starts = [match.start() for match in re.finditer(r"\b[^\W\d_]", text)]
    letters = [index for index, char in enumerate(text) if char.isalpha()]
    for index in starts + letters:
        if text[index].lower() not in taken and (index == 0 or text[index - 1] != "&"):
            return f"{text[:index]}&{text[index:]}"
    return text


def taken_mnemonics(menu: QMenu) -> set[str]:
    """The letters ``menu``'s entries underline: a new entry must pick another (Alt+letter of
    a letter two entries share only moves between them, it triggers neither)."""
    return {letter for letter in (mnemonic(entry.text()) for entry in menu.actions()) if letter is not None}


def menu_entry(action: QAction, menu: QMenu) -> QAction:
    """A menu entry for ``action``: same text, icon, tip and state, its key shown, ``action``
    triggered when chosen. Its text gets a mnemonic of its own in ``menu`` (the pane's button
    text has none: the letter would be live wherever the pane is)."""
    entry = QAction(action.icon(), action.text(), menu)
    entry.setProperty(PROXY_FOR, action)
    letter = mnemonic(with_mnemonic(action.text(), taken_mnemonics(menu)))
    """The entry's letter, kept when the pane's text changes (Undo Field Change → Undo Move)."""

    def sync() -> None:
        keys = key_text(action.shortcuts())
        text = action.text()
        if letter is not None:
            text = with_mnemonic(text, set(ascii_lowercase + digits) - {letter})
        entry.setText(f"{text}\t{keys}" if keys else text)
        entry.setEnabled(action.isEnabled())
        entry.setStatusTip(action.statusTip() or action.toolTip())
        entry.setToolTip(action.toolTip())

    action.changed.connect(sync)
    entry.triggered.connect(lambda: action.trigger())
    sync()
    menu.addAction(entry)
    return entry


def add_card_menu(bar: QMenuBar, cards: CardList, steps: tuple[QAction, QAction],
                  extra: list[QAction]) -> QMenu:
    """Card: add, duplicate, delete, move; previous and next; then ``extra`` (copy and paste)."""
    menu = bar.addMenu("&Card")
    add, duplicate, delete, up, down = cards.card_actions()
    for action in (add, duplicate, delete):
        menu_entry(action, menu)
    menu.addSeparator()
    for action in (up, down):
        menu_entry(action, menu)
    menu.addSeparator()
    menu.addActions(list(steps))
    if extra:
        menu.addSeparator()
        for action in extra:
            action.setText(with_mnemonic(action.text(), taken_mnemonics(menu)))
            menu.addAction(action)
    return menu


def add_test_menu(bar: QMenuBar, bench: TestBench) -> QMenu:
    """Test: decide, save as test, update the loaded test, next failing test, positions and the
    field's undo and redo."""
    menu = bar.addMenu("&Test")
    tests = bench.test_list
    for action in (bench.decide_action, bench.save_test_action, bench.update_test_action, tests.next_failing_action):
        menu_entry(action, menu)
    menu.addSeparator()
    for action in (bench.position_editor.load_action, bench.position_editor.save_action,
                   bench.field_history.undo_action, bench.field_history.redo_action):
        menu_entry(action, menu)
    return menu


