"""``snakepit match --help`` lists under ``--rounds`` only the games that have a round limit: it
offered "nim: moves" (and "rows: moves") for games whose --rounds is refused ("has no round limit")."""

from __future__ import annotations

import argparse

from arena.cli_options import add_game_flags
from arena.games import registry


def test_rounds_names_only_the_games_with_a_round_limit(nim_registered: None) -> None:
    parser = argparse.ArgumentParser(prog="match", formatter_class=lambda prog: argparse.HelpFormatter(prog, width=400))
    add_game_flags(parser, registry.games())
    rounds = next(line for line in parser.format_help().splitlines() if line.strip().startswith("--rounds"))
    assert "worms: rounds" in rounds and "snake: steps" in rounds and "nim" not in rounds
