"""A game from another package names its rules (a Markdown file) in its descriptor: ``snakepit
rules GAME`` prints them, ``snakepit samples GAME`` lists its bots and maps, and the app's Game
Rules list it. ``snakepit match --help`` sends the user to ``snakepit rules GAME``, which refused
every game but the shipped five ("invalid choice: 'rows'")."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from arena.cli import main
from arena.samples import games_with_rules, rules_file
from tests.games.nim.referee import BOTS, DESCRIPTOR


def test_its_rules_and_samples_are_on_the_command_line(nim_registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert DESCRIPTOR.rules is not None and rules_file("nim") == DESCRIPTOR.rules
    assert main(["rules", "nim"]) == 0
    assert capsys.readouterr().out.startswith("# Nim\n")
    assert main(["samples", "nim"]) == 0
    assert capsys.readouterr().out.splitlines() == ["nim: bots nim_bot", f"(files in {BOTS}; a C bot is compiled on first use)"]
    assert main(["rules"]) == 0 and "bioblots, itpw, nim" in capsys.readouterr().out  # the shipped five first


def test_the_app_lists_its_rules(qtbot: QtBot, nim_registered: None) -> None:
    from editor.window.help_dialogs import RulesDialog

    dialog = RulesDialog("nim")
    qtbot.addWidget(dialog)
    assert "nim" in games_with_rules() and dialog.games.count() == len(games_with_rules())
    assert dialog.games.currentItem().text() == "Nim" and "takes the last counter wins" in dialog.text.toPlainText()
