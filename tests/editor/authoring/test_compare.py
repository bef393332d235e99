"""File → Compare With… and Compare with Last Saved (issue 17): cards matched even when moved,
changed cells outlined on the 7×7 map, the name, description, sets and tests; the dialog follows
the editor's edits, and the diff it shows turns the other program into the editor's."""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu
from pytestqt.qtbot import QtBot
import pytest

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
import editor.widgets.authoring.authoring_tools as authoring_tools
from arena.samples import resolve_program
from editor.widgets.authoring.compare_dialog import CompareDialog
from engines.snake import Element
from matcher import load_program, save_program
from matcher.diff import apply_diff
from matcher.editing import move_card, paint
from matcher.model import AND1, ElementSet, Pattern
from editor.main_window import MainWindow


def file_menu_action(window: MainWindow, text: str) -> QAction:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert isinstance(menu, QMenu)  # QAction.menu() is typed as any QObject
    found = [a for a in menu.actions() if a.text() == text]
    assert found, f"no {text!r} in the File menu"
    return found[0]


def test_compare_with_a_file_matches_moved_cards_and_lists_sets_and_descriptions(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    path = resolve_program("tail_biter")
    mine = load_program(path)
    window.document.replace_all(mine, path)
    # The other program: cards 1 and 2 swapped, a cell of card 3 repainted, a set and the description changed.
    other = move_card(mine, 0, 1)
    cards = list(other.cards)
    cards[2] = paint(cards[2], [(0, 0)], Pattern(Element.ENEMY_HEAD, group=AND1))
    sets = (ElementSet("danger", frozenset({Element.ENEMY_HEAD, Element.BORDER})),) + mine.sets[1:]
    other = replace(other, cards=tuple(cards), sets=sets, description="someone else's")
    other_path = tmp_path / "other.snake.json"
    save_program(other_path, other)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(other_path), "")))
    file_menu_action(window, "Compare &With…").trigger()
    dialog = window.authoring.compare_dialog
    assert isinstance(dialog, CompareDialog) and dialog.isVisible()
    view = dialog.view
    assert view.diff is not None
    heads = view.headlines()
    assert "Card 2 → 1: moved, unchanged" in heads and "Card 1 → 2: moved, unchanged" in heads
    assert "Card 3: changed" in heads
    assert "Description" in heads and "Set 1" in heads
    assert view.summary_label.text().startswith("From other.snake.json to the editor: cards 1 changed, 2 moved")
    # Applying what it shows to the other program gives the editor's.
    assert apply_diff(other, view.diff) == window.document.program


def test_compare_with_last_saved_follows_the_edits(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path) -> None:
    window = make_window()
    path = tmp_path / "mine.snake.json"
    save_program(path, load_program(resolve_program("hunter")))
    window.open_file(path)
    action = file_menu_action(window, "Compare with &Last Saved")
    assert action.isEnabled()
    action.trigger()
    dialog = window.authoring.compare_dialog
    assert dialog is not None
    assert "are the same program" in dialog.view.summary_label.text()
    window.document.set_current_card(1)
    window.document.edit_card(lambda c: paint(c, [(0, 6)], Pattern(Element.BORDER, group=AND1)), "paint")
    assert dialog.view.headlines() == ["Card 2: changed", "Cards unchanged"]
    saved = load_program(path)
    assert dialog.view.diff is not None
    assert apply_diff(saved, dialog.view.diff) == window.document.program
    window.document.undo_stack.undo()
    assert "are the same program" in dialog.view.summary_label.text()


def test_a_new_program_has_no_last_saved_and_a_bad_file_is_said(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    window.new_program()
    assert not file_menu_action(window, "Compare with &Last Saved").isEnabled()
    bad = tmp_path / "bad.snake.json"
    bad.write_text("{not json")
    said = []
    monkeypatch.setattr(authoring_tools, "show_error", lambda parent, headline, err: said.append((headline, str(err))))
    assert window.authoring.compare_with(bad) is None
    assert said and said[0][0] == "Could not compare with bad.snake.json." and "bad.snake.json" in said[0][1]


def test_compare_with_starts_where_open_does_not_in_the_app_s_start_folder(
        qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    mine = tmp_path / "my programs"
    mine.mkdir()
    save_program(mine / "first.snake.json", load_program(resolve_program("hunter")))
    assert window.open_file(mine / "first.snake.json")
    assert window.new_program()  # untitled now: the folder of the last program opened is where dialogs start
    asked: list[str] = []

    def choose(parent: object, caption: str, start: str, *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    window.open_action.trigger()
    file_menu_action(window, "Compare &With…").trigger()
    assert asked == [str(mine), str(mine)]
