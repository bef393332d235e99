"""Every game's round limit has a ceiling (``MAX_ROUNDS``): ``snakepit match kingdoms|itpw
--rounds 10**23`` was taken and played on effectively forever. The command line refuses a larger
value naming its flag, and the match API (which the app's setup forms and tournaments go
through) refuses it before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.games.options import MAX_ROUNDS
from arena.games.registry import built_in_games
from arena.match import GAMES, MatchSetup, MatchSetupError, run_match
from editor.cli import main
from tests.arena.test_match_api import FARMER, GREEDY, MEADOW, ROOT

HUGE = 10**23
SEATS: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    "kingdoms": ((FARMER,) * 4, {}),
    "itpw": ((str(ROOT / "samples" / "itpw" / "random_bot.py"),) * 4, {}),
    "worms": ((GREEDY,) * 4, {"map": MEADOW}),
    "bioblots": ((str(ROOT / "samples" / "bioblots" / "random_bot.py"),) * 2, {}),
    "snake": (("hunter", "tail_biter"), {}),
}


def test_every_game_with_a_round_limit_is_covered() -> None:
    assert {name for name, d in built_in_games().items() if d.round_limit is not None} == set(SEATS)


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("rounds", [MAX_ROUNDS + 1, HUGE])
def test_the_match_api_refuses_a_round_limit_past_the_ceiling_before_anything_starts(
        game: str, rounds: int, tmp_path: Path) -> None:
    seats, options = SEATS[game]
    limit = GAMES[game].round_limit
    assert limit is not None
    record = tmp_path / "replay.jsonl"
    with pytest.raises(MatchSetupError) as error:
        run_match(MatchSetup(game, seats, 1, {**options, limit: rounds}), record=record, host_root=tmp_path)
    message = str(error.value)
    assert f"option {limit}: expected a" in message and " to 1,000,000" in message, message
    assert message.endswith(f"got {rounds}"), message
    assert "\n" not in message and not record.exists()


@pytest.mark.parametrize("game", ["kingdoms", "itpw"])
def test_match_refuses_rounds_past_the_ceiling_in_one_line_naming_the_flag(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    seats, _ = SEATS[game]
    bots = [part for seat in seats for part in ("--bot", seat)]
    assert main(["match", game, *bots, "--seed", "1", "--rounds", str(HUGE)]) == 2
    err = capsys.readouterr().err
    assert err == (f"snakepit: match {game}: --rounds: expected a positive whole number from 1 to 1,000,000, "
                   f"got {HUGE}\n")


def test_battle_refuses_steps_past_the_ceiling_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["battle", "--seed", "1", "--steps", str(MAX_ROUNDS + 1), "hunter", "hunter"]) == 2
    assert capsys.readouterr().err == f"snakepit: --steps {MAX_ROUNDS + 1}: the step limit is from 0 to 1,000,000\n"
