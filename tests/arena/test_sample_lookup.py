"""Finding what ships with snakepit (arena/samples.py): through importlib.resources, by the names
users type, C samples compiled on first use; and the commands that show it (samples, rules,
--version)."""

from __future__ import annotations

import importlib.resources
import json
import os
import re
import stat
from pathlib import Path

import pytest

from arena import samples
from arena.cli import main
from arena.match import MatchSetup, MatchSetupError, bot_commands
from arena.samples import (
    GAMES_WITH_RULES,
    SampleError,
    compiled_bot,
    find_sample_bot,
    resolve_bot,
    resolve_sample_file,
    rules_file,
    rules_text,
    sample_bots,
)
from arena.version import version
from collections.abc import Callable

ROOT = Path(__file__).resolve().parents[2]


def files_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_samples_and_rules_are_package_data_with_every_file_of_the_repository() -> None:
    # An editable install maps the packages to the repository's folders; a wheel carries copies.
    assert samples.samples_dir() == Path(str(importlib.resources.files("snakepit_samples")))
    assert samples.rules_dir() == Path(str(importlib.resources.files("snakepit_rules")))
    assert files_in(samples.samples_dir()) == files_in(ROOT / "samples")
    assert files_in(samples.rules_dir()) == files_in(ROOT / "docs" / "rules")
    assert (samples.samples_dir() / "kingdoms" / "default_playfield.txt").is_file()


def test_missing_package_data_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    samples._package_dir.cache_clear()
    try:
        with pytest.raises(SampleError, match="'snakepit_nothing' is not installed: reinstall snakepit"):
            samples._package_dir("snakepit_nothing")
    finally:
        samples._package_dir.cache_clear()


def test_every_game_lists_its_sample_bots_by_name() -> None:
    names = {game: [(bot.name, bot.compiled) for bot in sample_bots(game)] for game in ("worms", "kingdoms", "bioblots", "itpw")}
    assert names == {
        "worms": [("greedy", False), ("heuristic_bot", False), ("random_bot", False)],
        "kingdoms": [("farmer", False), ("heuristic_bot", False), ("random_bot", False)],
        "bioblots": [("heuristic_bot", False), ("random_bot", False), ("greedy", True)],
        "itpw": [("heuristic_bot", False), ("random_bot", False), ("greedy", True)],
    }
    assert sample_bots("snake") == []


@pytest.mark.parametrize("text", ["heuristic_bot", "heuristic_bot.py", " heuristic_bot "])
def test_a_sample_bot_by_its_name_or_file_name(text: str) -> None:
    bot = find_sample_bot("worms", text)
    assert bot is not None and bot.source == samples.samples_dir() / "worms" / "heuristic_bot.py"
    assert resolve_bot("worms", text) == str(bot.source)


def test_a_file_a_command_line_or_an_unknown_name_stays_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "greedy").write_text("#!/bin/sh\necho l\n")  # a user's own file wins over the sample
    for text in ("greedy", "heuristic_bot --depth 2", "python3 bot.py", "nobot", "farmer"):  # farmer: kingdoms only
        assert resolve_bot("worms", text) == text


def test_match_seats_take_sample_names_and_name_them_so() -> None:
    setup = MatchSetup("kingdoms", ("farmer", "heuristic_bot", "random_bot.py", "farmer.sh"), 1)
    commands = bot_commands(setup)
    assert [Path(c.argv[-1]).name for c in commands] == ["farmer.sh", "heuristic_bot.py", "random_bot.py", "farmer.sh"]


def test_a_c_sample_is_compiled_once_per_source_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, c_bot: Callable[[str], Path]) -> None:
    c_bot("itpw/greedy")  # skips the test without a compiler
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "itpw" / "mine.c"
    source.parent.mkdir()
    source.write_text('#include <stdio.h>\nint main(void) { puts("one"); return 0; }\n')
    first = compiled_bot(source)
    assert first.name == "mine" and first.parent.parent == tmp_path / "cache" / "snakepit" / "bots" / "itpw"
    assert first.stat().st_mode & stat.S_IXUSR
    assert compiled_bot(source) == first  # cached: not compiled again
    stamp = first.stat().st_mtime_ns
    source.write_text('#include <stdio.h>\nint main(void) { puts("two"); return 0; }\n')
    second = compiled_bot(source)
    assert second != first and second.name == "mine" and first.stat().st_mtime_ns == stamp
    assert [p.name for p in second.parent.iterdir()] == ["mine"]  # no half-written file left


def test_a_c_sample_that_does_not_compile_names_the_file_and_the_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                       c_bot: Callable[[str], Path]) -> None:
    c_bot("itpw/greedy")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "broken.c"
    source.write_text("int main(void) { return }\n")
    with pytest.raises(SampleError, match=r"broken\.c: \w+ failed: .*error"):
        compiled_bot(source)
    assert not any(p.is_file() for p in (tmp_path / "cache").rglob("*"))


def test_without_a_compiler_a_c_sample_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no cc, gcc or clang here
    monkeypatch.delenv("CC", raising=False)
    with pytest.raises(SampleError, match=r"greedy\.c is a C sample and this machine has no C compiler .*apt-get install gcc"):
        compiled_bot(samples.samples_dir() / "itpw" / "greedy.c")
    with pytest.raises(MatchSetupError, match=r"seat 2: greedy\.c is a C sample"):
        bot_commands(MatchSetup("itpw", ("random_bot", "random_bot", "greedy", "random_bot"), 1))


@pytest.mark.parametrize(("argument", "found"), [
    ("meadow", "worms/meadow.txt"), ("meadow.txt", "worms/meadow.txt"), ("stripes", "worms/redbot-2012/stripes.txt"),
    ("redbot-2012/stripes", "worms/redbot-2012/stripes.txt"),
])
def test_a_map_by_its_sample_name(argument: str, found: str) -> None:
    assert resolve_sample_file("worms", argument) == samples.samples_dir() / found


def test_a_map_file_wins_and_an_unknown_name_stays_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("meadow").write_text("mine")
    assert resolve_sample_file("worms", "meadow") == Path("meadow")
    assert resolve_sample_file("worms", "nowhere") == Path("nowhere")
    assert resolve_sample_file("nogame", "meadow") == Path("meadow")


def test_the_kingdoms_playfield_by_its_sample_name(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    seats = ("farmer",) * 4
    assert main(["match", "kingdoms", *sum((["--bot", s] for s in seats), []), "--seed", "1", "--rounds", "2",
                 "--playfield", "default_playfield", "--record", str(out)]) == 0
    header = json.loads(out.read_text().splitlines()[0])
    shipped = (samples.samples_dir() / "kingdoms" / "default_playfield.txt").read_text()
    assert header["options"]["playfield_text"].split(":", 1)[1] == shipped.split(":", 1)[1]  # the round limit is --rounds


def test_rules_by_game_and_an_unknown_game() -> None:
    assert rules_file("worms").read_text().startswith("#")
    with pytest.raises(SampleError, match="no rules for 'chess'"):
        rules_file("chess")


def test_version_samples_and_rules_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0 and capsys.readouterr().out == f"snakepit {version()}\n"
    assert version() == "0.1.0" or version() != "unknown"

    assert main(["samples"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("snake: programs ") and "tail_biter" in lines[0]
    assert "worms: bots greedy, heuristic_bot, random_bot; maps meadow, pinwheel, redbot-2012/chess-horse" in lines[1]
    assert lines[2] == "kingdoms: bots farmer, heuristic_bot, random_bot; playfields default_playfield"
    assert lines[4] == "itpw: bots heuristic_bot, random_bot, greedy (C)"
    assert main(["samples", "itpw", "--path"]) == 0
    assert capsys.readouterr().out == f"{samples.samples_dir() / 'itpw'}\n"

    assert main(["rules", "bioblots"]) == 0
    assert capsys.readouterr().out == rules_text("bioblots")
    assert main(["rules", "bioblots", "--path"]) == 0
    assert capsys.readouterr().out == f"{rules_file('bioblots')}\n"
    assert main(["rules"]) == 0
    assert "snake, worms, kingdoms, bioblots, itpw" in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_snakepit_rules_never_points_at_a_source_file_the_user_does_not_have(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """QA: ``snakepit rules snake`` printed "Source: seed `003_f4cdb….txt` (the Russian original;
    not in this repository)", a file no user has. The page keeps it (it follows the spec); the
    command says what the source was, as the Game Rules dialog does, and the rest word for word."""
    page = rules_file(game).read_text(encoding="utf-8")
    original = re.search(r"\((the \w+ original); not in this repository\)", page)
    assert original is not None, f"{game}.md no longer names its original: update this test"
    assert main(["rules", game]) == 0
    shown = capsys.readouterr().out
    assert "not in this repository" not in shown and "seed `" not in shown, shown[:300]
    assert f"Source: {original.group(1)}" in shown, shown[:300]
    assert shown.splitlines()[3:] == page.splitlines()[3:]


def test_the_shipped_sample_scripts_are_executable() -> None:
    for game in ("worms", "kingdoms"):
        for bot in sample_bots(game):
            if bot.source.suffix == ".sh":
                assert os.access(bot.source, os.X_OK), bot.source
