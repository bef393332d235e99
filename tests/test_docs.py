"""The rules pages in docs/rules/ are the repository's copy of the game contracts: they must stand
on their own, so nothing in them may point outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = sorted((ROOT / "docs" / "rules").glob("*.md"))
LINK = re.compile(r"\]\(([^)#]+)")
PATH = re.compile(r"`([\w./-]+/[\w./-]*)`")


def test_there_is_a_rules_page_per_game() -> None:
    assert {p.stem for p in RULES} == {"bioblots", "itpw", "kingdoms", "snake", "worms"}


@pytest.mark.parametrize("page", RULES, ids=[p.name for p in RULES])
def test_a_rules_page_pointed_outside_the_repository_now_names_only_files_in_it(page: Path) -> None:
    """docs/rules/ named ``../seeds/``, ``../data/worms-maps/`` and ``../acceptance/``: the shared
    folder the specs came from, which a clone of the repository does not have."""
    text = page.read_text(encoding="utf-8")
    assert "../" not in text and "/work/" not in text
    for target in LINK.findall(text):
        if "://" not in target:
            assert (page.parent / target).resolve().is_relative_to(ROOT) and (page.parent / target).exists(), target
    for path in PATH.findall(text):
        if path.startswith(("samples/", "tests/", "docs/", "arena/", "engines/", "matcher/", "editor/")):
            assert (ROOT / path).exists(), f"{page.name} names {path}, which is not in the repository"
