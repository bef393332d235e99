"""A seed is a whole number 0 <= seed < 2**64 wherever one is given (arena/seed.py).

``snakepit match/battle --seed -5`` played the same game as ``--seed 5`` (``random.Random`` takes
the absolute value), while a tournament took ``-1`` as ``2**64 - 1``: both are refused now, in one
line naming the flag, and the match API's setup check refuses them too. A replay recorded before
keeps its seed and still verifies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.match import MatchSetup, MatchSetupError, run_match
from arena.replay import read_replay, verify_replay
from arena.seed import SEED_LIMIT, seed_problem
from arena.tournament import Entrant, TournamentError, run_duel
from editor.cli import main

RANGE = "expected a whole number from 0 to 18446744073709551615"
COMMANDS = {
    "match": ["match", "snake", "--bot", "hunter", "--bot", "wall_hugger", "--rounds", "5"],
    "battle": ["battle", "hunter", "wall_hugger", "--steps", "5"],
    "tournament": ["tournament", "snake", "--entrant", "hunter", "--entrant", "wall_hugger", "--steps", "5"],
    "duel": ["duel", "snake", "hunter", "wall_hugger", "--steps", "5"],
    "improve": ["improve", "hunter", "--budget", "1"],
}


@pytest.mark.parametrize("seed", ["-5", str(SEED_LIMIT), "1.5", "x"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_refuses_a_seed_out_of_range_in_one_line(
        command: str, seed: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = COMMANDS[command] + (["--out", str(tmp_path / "t")] if command == "tournament" else [])
    with pytest.raises(SystemExit) as raised:  # argparse refuses it
        main([*args, "--seed", seed])
    assert raised.value.code == 2
    captured = capsys.readouterr()
    shown = seed if seed.lstrip("-").isdigit() else repr(seed)
    assert captured.out == "" and captured.err.splitlines() == [
        f"snakepit {command}: argument --seed: {RANGE}, got {shown} (see 'snakepit {command} --help')"]
    assert not (tmp_path / "t").exists()


def test_the_ends_of_the_range_play(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (0, SEED_LIMIT - 1):
        assert main([*COMMANDS["battle"], "--seed", str(seed)]) == 0
        assert json.loads(capsys.readouterr().out)["steps"] == 5


@pytest.mark.parametrize("seed", [-5, SEED_LIMIT, True, 2.0])
def test_the_match_api_refuses_what_the_command_line_does(seed: object) -> None:
    with pytest.raises(MatchSetupError) as raised:
        run_match(MatchSetup("snake", ("hunter", "wall_hugger"), seed, {"steps": 5}))  # type: ignore[arg-type]  # a caller's bad value
    assert str(raised.value) == f"seed: {seed_problem(seed)}"
    assert str(raised.value).startswith(f"seed: {RANGE}, got ")
    with pytest.raises(TournamentError, match=f"^seed: {RANGE}, got "):
        run_duel("snake", Entrant.parse("snake", "a=hunter"), Entrant.parse("snake", "b=wall_hugger"),
                 seed=seed, options={"steps": 5})  # type: ignore[arg-type]


def test_a_replay_recorded_with_a_negative_seed_still_loads_and_verifies(tmp_path: Path) -> None:
    """Before the rule ``--seed -5`` was played; its replay keeps its seed and verifies (a snake
    battle's generator takes -5 as 5)."""
    record = tmp_path / "r.jsonl"
    run_match(MatchSetup("snake", ("hunter", "wall_hugger"), 5, {"steps": 20}), record=record)
    lines = record.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    assert header["seed"] == 5
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({**header, "seed": -5}, separators=(",", ":")) + "\n" + "".join(lines[1:]))
    assert read_replay(old).seed == -5
    assert verify_replay(old).ok
