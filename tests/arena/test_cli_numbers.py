"""Options taking a number that may be negative: ``duel --elo0 -inf`` said "--elo0: expected one
argument" (argparse took ``-inf`` for an option; only ``--elo0=-inf`` worked). Every numeric flag
now takes ``-5``, ``-inf``, ``-1e3`` as its value, and its own check says what is wrong."""

from __future__ import annotations

import math

import pytest

from arena import cli


@pytest.mark.parametrize(("word", "value"), [("-inf", -math.inf), ("-5", -5.0), ("-1e3", -1000.0), ("-.5", -0.5),
                                             ("-5.", -5.0), ("-Infinity", -math.inf)])
def test_a_negative_number_is_the_value_of_a_number_flag(word: str, value: float) -> None:
    args = cli.build_parser().parse_args(["duel", "a", "b", "snake", "--elo0", word, "--elo1", word])
    assert args.elo0 == args.elo1 == value


def test_elo0_minus_inf_reaches_the_duels_own_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["duel", "hunter", "tail_biter", "snake", "--elo0", "-inf"]) == 2
    assert capsys.readouterr().err == "snakepit: --elo0 -inf: must be a finite number of Elo points\n"


@pytest.mark.parametrize(("argv", "said"), [
    (["improve", "hunter", "--against", "tail_biter", "--budget", "-5m"],
     "snakepit improve: argument --budget: expected a duration such as 90, 90s, 10m or 1h, got '-5m'"),
    (["battle", "hunter", "tail_biter", "--seed", "1", "--size", "-5x5"],
     "snakepit battle: argument --size: expected WIDTHxHEIGHT such as 25x25, got '-5x5'"),
    (["battle", "hunter", "tail_biter", "--seed", "1", "--steps", "-1e3"],
     "snakepit battle: argument --steps: invalid int value: '-1e3'"),
    (["battle", "hunter", "tail_biter", "--seed", "1", "--length", "-5"],
     "snakepit: --length -5: a snake has at least 2 cells (head and tail)"),
    (["match", "worms", "--rounds", "-5", "--bot", "greedy"],
     "snakepit: match worms: --rounds: expected a positive whole number from 1 to 1,000,000, got -5"),
])
def test_a_negative_value_gets_its_flags_message(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        status = cli.main(argv)
        raise SystemExit(status)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.startswith(said)


def test_options_are_still_options() -> None:
    """A word that is not a number stays an option: ``-v``, ``-h``, an unknown ``-x``."""
    assert cli.build_parser().parse_args(["check", "-v", "a.snake.json"]).verbose
    with pytest.raises(SystemExit) as exit_:
        cli.build_parser().parse_args(["check", "-x", "a.snake.json"])
    assert exit_.value.code == 2
