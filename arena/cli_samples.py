"""``snakepit samples`` and ``snakepit rules``: what ships with snakepit, for a user who installed
it with pip and has no checkout to look in. :func:`add_parsers` adds both to the ``snakepit``
parser."""

from __future__ import annotations

import argparse
from typing import Any

from arena.games import registry
from arena.samples import (
    game_samples,
    sample_files,
    games_with_rules,
    games_with_samples,
    rules_dir,
    rules_file,
    rules_text,
    sample_bots,
    sample_programs,
    samples_dir,
)


def map_title(game: str) -> str:
    """What a game's ``.txt`` samples are, from its descriptor: ``maps``, ``playfields``,
    ``boards`` (the option that takes them by name); ``files`` for a game without one."""
    descriptor = registry.games().get(game)
    if descriptor is None or descriptor.map_option is None:
        return "files"
    return f"{descriptor.map_title.lower()}s"


def sample_lines(game: str | None) -> list[str]:
    """A line per game (or only ``game``): its sample programs or bots, and its maps, by the names
    the commands take."""
    lines = []
    for name in (game,) if game else games_with_samples():
        if name == "snake":
            programs = [p.name.removesuffix(".snake.json") for p in sample_programs()]
            lines.append(f"snake: programs {', '.join(programs)}")
            continue
        parts = [f"bots {', '.join(bot.label if bot.compiled else bot.name for bot in sample_bots(name))}"]
        maps = sample_files(name)
        if maps:
            parts.append(f"{map_title(name)} {', '.join(maps)}")
        lines.append(f"{name}: {'; '.join(parts)}")
    return lines


def cmd_samples(args: argparse.Namespace) -> int:
    if args.path:
        print(game_samples(args.game) if args.game else samples_dir())
        return 0
    for line in sample_lines(args.game):
        print(line)
    print(f"(files in {game_samples(args.game) if args.game else samples_dir()}; a C bot is compiled on first use)")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.game is None:
        print(f"rules of {', '.join(games_with_rules())}: snakepit rules GAME (files in {rules_dir()})")
        return 0
    if args.path:
        print(rules_file(args.game))
    else:
        print(rules_text(args.game), end="")
    return 0


def add_parsers(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``samples`` and ``rules`` to a ``snakepit`` parser's subcommands."""
    p = subparsers.add_parser("samples", help="list the shipped sample programs, bots and maps by the names "
                                              "the commands take")
    p.add_argument("game", nargs="?", choices=games_with_samples(), metavar="GAME", help="only this game's")
    p.add_argument("--path", action="store_true", help="print the samples' folder (to copy a sample from)")
    p.set_defaults(handler=cmd_samples)
    p = subparsers.add_parser("rules", help="print a game's rules and bot protocol (Markdown)")
    p.add_argument("game", nargs="?", choices=games_with_rules(), metavar="GAME")
    p.add_argument("--path", action="store_true", help="print the rules file's path instead")
    p.set_defaults(handler=cmd_rules)
