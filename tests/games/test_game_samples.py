"""A game from another package ships its sample bots and maps in its own folder (its
descriptor's ``samples``): a seat or a map named by a sample's name is found there, by the command
line and by the app's setup form, whose default seats are such names. They were looked for only
in snakepit's own ``samples/<game>``, so a new game's default seats failed to start ("bot program
'rows_bot.py' does not exist")."""

from __future__ import annotations

from pathlib import Path

from arena.samples import resolve_bot, resolve_sample_file, sample_bots
from tests.games.nim.referee import BOTS


def test_a_registered_games_sample_bots_are_its_descriptors(nim_registered: None) -> None:
    assert [bot.name for bot in sample_bots("nim")] == ["nim_bot"]
    assert resolve_bot("nim", "nim_bot.py") == resolve_bot("nim", "nim_bot") == str(BOTS / "nim_bot.py")


def test_a_registered_games_sample_files_are_found_by_name(nim_registered: None, tmp_path: Path) -> None:
    assert resolve_sample_file("nim", "nim_bot", ".py") == BOTS / "nim_bot.py"
    assert resolve_sample_file("nim", "no_such_board") == Path("no_such_board")  # as given: the error names it


def test_an_unknown_games_names_stay_as_given() -> None:
    assert sample_bots("nim") == [] and resolve_bot("nim", "nim_bot.py") == "nim_bot.py"
