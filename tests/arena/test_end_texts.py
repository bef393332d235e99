"""Why a match ended, in words: each game's end reasons as people read them.

The app and the arena's summary show them in brackets ("Over after 309 rounds (the flower
limit)"), so a reason's words hold no brackets of their own: worms said "the flower limit (enough
flowers eaten)", which read "(the flower limit (enough flowers eaten))"."""

from __future__ import annotations

import importlib

import pytest

from arena.games.registry import games

BUILT_IN = ("snake", "worms", "kingdoms", "bioblots", "itpw")


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_end_reason_is_words_without_brackets_of_its_own(game: str) -> None:
    descriptor = games()[game]
    engine = importlib.import_module(descriptor.engine.__module__.rsplit(".", 1)[0])
    codes = sorted(reason.value for reason in engine.EndReason)
    assert sorted(descriptor.end_reasons) == codes
    for code in codes:
        words = descriptor.end_text(code)
        assert words and words != code and "_" not in words, (game, code, words)
        assert not set("()[]") & set(words), f"{game} {code}: {words!r} is shown in brackets already"
    assert descriptor.end_text("cancelled") == "stopped"


def test_the_worms_flower_limit_reads_as_the_round_limit_does() -> None:
    worms = games()["worms"]
    assert worms.end_text("flowers_eaten") == "the flower limit"
    assert worms.end_text("round_limit") == "the round limit"
