"""Every ``snakepit`` command's ``--help`` names only flags that command takes.

Regression: ``snakepit duel --help`` said ``--seed``'s default is "the one stored in --out", and
a duel has no ``--out``."""

from __future__ import annotations

import argparse
import re

import pytest

from editor.cli import build_parser


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


@pytest.mark.parametrize("command", sorted(commands()))
def test_the_help_names_only_flags_the_command_takes(command: str) -> None:
    parser = commands()[command]
    takes = {flag for action in parser._actions for flag in action.option_strings}
    named = {flag for action in parser._actions for flag in re.findall(r"(?<![\w-])--[a-z][a-z-]*", action.help or "")}
    named |= set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", parser.description or ""))
    assert named <= takes, f"snakepit {command} --help names {sorted(named - takes)}, which it does not take"


def test_the_round_limit_says_that_bioblots_counts_moves_per_player() -> None:
    """Regression: '--rounds' said 'bioblots: moves', and '--rounds 1000' ended with
    '"rounds": 2000' (a move each, two players): the limit is per player."""
    text = " ".join(commands()["match"].format_help().split())
    # (with a game package installed, its game is listed among them)
    assert re.search(r"\(bioblots: moves per player; itpw: turns; kingdoms: rounds;( [\w-]+: [\w ]+;)* snake: steps; "
                     r"worms: rounds\)", text), text
