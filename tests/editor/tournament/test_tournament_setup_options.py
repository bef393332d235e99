"""The tournament setup shows a game's own labelled options from its descriptor, as the arena's
match setup does: ITPW's pause flag and time bank, a game from another package's "Target"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.games.options import Option, OptionKind
from editor.widgets.tournament.tournament_memory import show_options
from editor.widgets.tournament.tournament_setup import TournamentSetup
from tests.editor.arena.registered_games import nim_like, registered
from tests.games.nim.referee import DESCRIPTOR

TARGET = Option("target", OptionKind.COUNT, 21, "the count that wins the game", high=99, label="Target")
NIM_TO = nim_like("nim_to", "Nim to a target", options=(*DESCRIPTOR.options, TARGET))


@pytest.fixture
def nim_to() -> Iterator[str]:
    with registered(NIM_TO) as name:
        yield name


@pytest.fixture
def setup(qtbot: QtBot, tmp_path: Path) -> TournamentSetup:
    form = TournamentSetup(tmp_path, settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(form)
    form.resize(700, 900)
    form.show()
    return form


def shown_field(setup: TournamentSetup, label: str) -> QSpinBox:
    """The spin box the visible label ``label`` names (as a reader and Alt+letter find it)."""
    QApplication.processEvents()  # a row added to a shown form is shown from the event loop
    found = [lab for lab in setup.findChildren(QLabel) if lab.text() == label and lab.isVisible()]
    assert len(found) == 1, [lab.text() for lab in setup.findChildren(QLabel) if lab.isVisible()]
    box = found[0].buddy()
    assert isinstance(box, QSpinBox) and box.isVisible()
    return box


def shown_check(setup: TournamentSetup, text: str) -> QCheckBox:
    QApplication.processEvents()
    found = [check for check in setup.findChildren(QCheckBox) if check.text() == text and check.isVisible()]
    assert len(found) == 1
    return found[0]


def test_a_game_from_another_package_shows_its_own_number_option(qtbot: QtBot, setup: TournamentSetup, nim_to: str) -> None:
    setup.set_game(nim_to)
    box = shown_field(setup, "Target")
    assert box.value() == 21 and box.maximum() == 99 and "count that wins" in box.toolTip()
    box.selectAll()
    qtbot.keyClicks(box, "30")
    assert setup.options()["target"] == 30
    setup.set_game("snake")
    assert "target" not in setup.options()
    assert not [lab for lab in setup.findChildren(QLabel) if lab.text() == "Target" and lab.isVisible()]


def test_itpw_shows_its_pause_flag_and_its_time_bank(qtbot: QtBot, setup: TournamentSetup) -> None:
    setup.set_game("itpw")
    check = shown_check(setup, "Pause bots off their turn")
    assert not check.isChecked() and setup.options()["pause_bots"] is False
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))  # on its box
    assert setup.options()["pause_bots"] is True
    bank = [lab for lab in setup.findChildren(QLabel) if lab.text() == "T&ime bank" and lab.isVisible()]
    assert len(bank) == 1 and bank[0].buddy() is setup.time_box and "time bank" in setup.time_box.toolTip().lower()
    setup.time_box.setValue(7.5)
    options = setup.options()
    assert options["bank"] == 7.5 and "time_limit" not in options


def test_a_reopened_tournament_shows_its_flag_and_bank(setup: TournamentSetup) -> None:
    setup.set_game("itpw")
    show_options(setup, {"pause_bots": True, "bank": 3.0})
    assert shown_check(setup, "Pause bots off their turn").isChecked() and setup.time_box.value() == 3.0


def test_the_flag_is_locked_while_a_tournament_runs(setup: TournamentSetup) -> None:
    setup.set_game("itpw")
    setup.set_editable(False)
    assert not shown_check(setup, "Pause bots off their turn").isEnabled()
    setup.set_editable(True)
    assert shown_check(setup, "Pause bots off their turn").isEnabled()



def test_tab_reaches_a_game_option_where_it_reads(qtbot: QtBot, setup: TournamentSetup, nim_to: str) -> None:
    setup.set_game(nim_to)
    target = shown_field(setup, "Target")
    setup.jobs_box.setFocus()
    qtbot.waitUntil(setup.jobs_box.hasFocus, timeout=2_000)
    qtbot.keyClick(setup.jobs_box, Qt.Key.Key_Tab)
    assert target.hasFocus()


def test_the_tournament_built_plays_the_flag_and_the_bank_set(qtbot: QtBot, setup: TournamentSetup) -> None:
    setup.set_game("itpw")
    for _ in range(2):
        qtbot.mouseClick(setup.entrants.add_sample_button, Qt.MouseButton.LeftButton)
    check = shown_check(setup, "Pause bots off their turn")
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    setup.time_box.setValue(12.0)
    spec, _folder = setup.build()
    assert spec.options["pause_bots"] is True and spec.options["bank"] == 12.0 and "time_limit" not in spec.options
