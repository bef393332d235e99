"""The setup's further maps: added from the Add… menu (by the keyboard too), removed with Delete,
counted in the summary, played in turn by a started tournament whose games list names each game's
map, shown again when its folder is opened, and a bad one named before a game runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu
from pytestqt.qtbot import QtBot

from arena.samples import SAMPLES_DIR
from arena.tournament import TournamentError, open_tournament
from arena.tournament.store import GAMES_FILE
from editor.widgets.tournament.tournament_memory import show_spec
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.arena.test_tournament_maps import old_folder
from tests.editor.tournament.conftest import LEFT, MakeTab, add_sample, out_of, play, spec_of

WORMS = SAMPLES_DIR / "worms"


def worms_tab(qtbot: QtBot, make_tab: MakeTab) -> TournamentTab:
    """A worms tournament of two sample bots, 3 rounds a game, on meadow (the first map)."""
    tab = make_tab()
    tab.setup.set_game("worms")
    add_sample(qtbot, tab, "greedy")
    add_sample(qtbot, tab, "heuristic_bot")
    tab.setup.limit_box.setValue(3)
    tab.setup.map_box.setCurrentIndex(tab.setup.map_box.findText("meadow"))
    return tab


def choose_in_menu(qtbot: QtBot, menu: QMenu, text: str) -> None:
    """Once ``menu`` is open, go down to the entry ``text`` with the arrow keys and press Enter."""

    def pick() -> None:
        if not menu.isVisible():
            QTimer.singleShot(20, pick)
            return
        for _ in range(len(menu.actions())):
            active = menu.activeAction()
            if active is not None and active.text() == text:
                break
            qtbot.keyClick(menu, Qt.Key.Key_Down)
        qtbot.keyClick(menu, Qt.Key.Key_Return)

    QTimer.singleShot(20, pick)


def test_a_map_added_by_the_keyboard_is_listed_counted_and_removed_with_delete(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = worms_tab(qtbot, make_tab)
    setup, more = tab.setup, tab.setup.more_maps
    assert not more.list.isVisibleTo(setup) and more.add_button.isVisibleTo(setup)
    assert setup.summary_label.text().startswith("2 games of 4 seats; ")
    assert (setup.more_maps_label.text(), setup.more_maps_label.buddy()) == ("More maps", more.list)
    assert more.add_button.accessibleName() == "Add a map" and more.list.accessibleName() == "More maps"
    setup.window().activateWindow()
    more.add_button.setFocus(Qt.FocusReason.TabFocusReason)
    choose_in_menu(qtbot, more.add_menu, "pinwheel")
    qtbot.keyClick(more.add_button, Qt.Key.Key_Space)  # opens the menu; the arrows and Enter choose in it
    qtbot.waitUntil(lambda: more.maps() == [str(WORMS / "pinwheel.txt")], timeout=5_000)
    items = [more.list.item(r) for r in range(more.list.count())]
    assert more.list.isVisibleTo(setup) and [item.text() for item in items if item is not None] == ["pinwheel"]
    assert setup.maps() == [str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt")]
    assert setup.summary_label.text().startswith("4 games of 4 seats on 2 maps, each pairing on each; "
                                                 "every entrant plays 4")
    more.list.window().activateWindow()
    more.list.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(more.list.hasFocus)
    more.list.setCurrentRow(0)
    qtbot.keyClick(more.list, Qt.Key.Key_Delete)
    assert more.maps() == [] and not more.list.isVisibleTo(setup)
    assert setup.summary_label.text().startswith("2 games of 4 seats; ")


def test_a_tournament_on_two_maps_plays_both_and_the_games_list_names_each_game_s_map(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    tab = worms_tab(qtbot, make_tab)
    more = tab.setup.more_maps
    pinwheel = next(a for a in more.add_menu.actions() if a.text() == "pinwheel")
    pinwheel.trigger()  # what choosing it in the Add… menu does
    pinwheel.trigger()  # twice: listed once
    assert more.maps() == [str(WORMS / "pinwheel.txt")]
    playing: list[str] = []  # each game's row while it plays (read after the tab made it)
    tab.worker.gameStarted.connect(lambda game: playing.append(tab.games.game_text(game.index)[1]))
    play(qtbot, tab)
    assert [text.split(":")[0] for text in playing] == ["on meadow.txt", "on pinwheel.txt"] * 2
    assert tab.error_label.text() == ""
    spec = spec_of(tab)
    assert spec.maps == (str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt")) and "map" not in spec.options
    lines = [json.loads(line) for line in (out_of(tab) / GAMES_FILE).read_text().splitlines()]
    assert sorted((g["index"], g["map"]) for g in lines) == [
        (0, "meadow.txt"), (1, "pinwheel.txt"), (2, "meadow.txt"), (3, "pinwheel.txt")]
    shown = [tab.games.game_text(index)[1] for index in tab.games.indices()]
    assert [text.split(":")[0] for text in shown] == ["on meadow.txt", "on pinwheel.txt"] * 2
    assert not more.list.isEnabled() or not tab.is_running()

    again = make_tab()  # the folder opened in a fresh tab shows both maps
    again.setup.set_game("worms")
    show_spec(again.setup, open_tournament(out_of(tab)).spec, out_of(tab))
    assert again.setup.maps() == list(spec.maps)
    listed = again.setup.more_maps.list.item(0)
    assert listed is not None and again.setup.map_box.currentText() == "meadow"
    assert listed.text() == "pinwheel"  # shown as the sample it is


def test_opening_a_one_map_folder_empties_the_list(qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    tab = worms_tab(qtbot, make_tab)
    play(qtbot, tab)  # one map: as before
    assert spec_of(tab).maps == () and spec_of(tab).options["map"] == str(WORMS / "meadow.txt")
    assert all(":" not in tab.games.game_text(index)[1].split(".")[0] for index in tab.games.indices())
    setup = tab.setup
    next(a for a in setup.more_maps.add_menu.actions() if a.text() == "pinwheel").trigger()
    show_spec(setup, open_tournament(out_of(tab)).spec, out_of(tab))
    assert setup.maps() == [str(WORMS / "meadow.txt")]


def test_a_bad_map_file_added_is_named_when_start_is_clicked(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "broken.txt"
    bad.write_text("xx\n")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kwargs: (str(bad), "")))
    tab = worms_tab(qtbot, make_tab)
    more = tab.setup.more_maps
    next(a for a in more.add_menu.actions() if a.text() == "Other map file…").trigger()
    assert more.maps() == [str(bad)]
    qtbot.mouseClick(tab.start_button, LEFT)
    QApplication.processEvents()
    assert not tab.is_running()
    assert tab.error_label.text() == (f"Map 2 ({bad}): {bad}:1: expected 3 whole numbers (round, round limit and "
                                      "flowers left), got 'xx'")


def test_one_listed_playfield_beside_the_game_s_own_is_a_tournament_of_that_one(
        qtbot: QtBot, make_tab: MakeTab) -> None:
    """Kingdoms' first choice is its own playfield (no file): the list's one playfield is then the
    tournament's only one, in its options as a one-map tournament has it; two are played in turn."""
    tab = make_tab()
    setup = tab.setup
    setup.set_game("kingdoms")
    add_sample(qtbot, tab, "farmer")
    add_sample(qtbot, tab, "random_bot")
    assert setup.map_box.currentData() is None and setup.more_maps_label.text() == "More playfields"
    default = str(SAMPLES_DIR / "kingdoms" / "default_playfield.txt")
    setup.more_maps.add_map(default)
    spec, _out = setup.build()
    assert spec.maps == () and spec.options["playfield"] == default
    assert setup.summary_label.text().startswith("2 games of 4 seats; ")
    setup.map_box.setCurrentIndex(setup.map_box.findData(default))
    with pytest.raises(TournamentError, match=r"^Playfield 2 \(.*default_playfield.txt\): the same file as Playfield 1"):
        setup.build()


def test_a_one_map_folder_written_before_several_maps_opens_as_it_did(
        qtbot: QtBot, make_tab: MakeTab, tmp_path: Path) -> None:
    folder = old_folder(tmp_path)
    tab = make_tab()
    tab.setup.set_game("worms")
    next(a for a in tab.setup.more_maps.add_menu.actions() if a.text() == "pinwheel").trigger()  # a map set up before
    assert tab.open_folder(folder)
    qtbot.waitUntil(lambda: len(tab.games.indices()) == 2, timeout=10_000)
    setup = tab.setup
    assert setup.game() == "worms" and setup.maps() == ["meadow"] and setup.more_maps.maps() == []
    assert [tab.games.game_text(index)[1] for index in tab.games.indices()] == ["1. g 1 · 1. h 1 · 1. g 1 · 1. h 1",
                                                                                "1. h 1 · 1. g 1 · 1. h 1 · 1. g 1"]
    assert "Per map" not in setup.summary_label.text() and " maps" not in setup.summary_label.text()
