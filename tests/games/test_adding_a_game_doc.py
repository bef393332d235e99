"""docs/adding-a-game.md is what a newcomer follows: the names it has them import exist, its entry
point group is the registry's, and the shared files its table lists hold what it says. It sent
newcomers to a conformance suite only snakepit's tests/ had and to a rules index that does not exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from arena.games import registry
from arena.samples import GAMES_WITH_RULES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")


def test_every_name_it_imports_from_snakepit_exists() -> None:
    imports = re.findall(r"^from ((?:arena|engines)\.[\w.]+) import (.+)$", DOC, re.MULTILINE)
    assert len(imports) >= 3
    for module, names in imports:
        for name in names.split(","):
            assert hasattr(importlib.import_module(module), name.strip()), f"{module}.{name.strip()}"


def test_its_entry_point_group_is_the_registrys() -> None:
    assert f'[project.entry-points."{registry.ENTRY_POINTS}"]' in DOC


def test_the_shared_files_of_a_built_in_game_are_those_it_lists() -> None:
    table = DOC[DOC.index("## The files a new built-in game touches"):]
    shared = re.findall(r"^\| `([\w/.]+)` \|", table, re.MULTILINE)
    assert shared == ["arena/games/registry.py", "arena/samples.py", "README.md"]
    assert "BUILT_IN" in table and registry.BUILT_IN and GAMES_WITH_RULES
    for path in shared:
        assert (ROOT / path).is_file()
