"""The command line's game flags, made from the games' descriptors: every option a game declares
with a flag becomes one (``time_limit`` -> ``--time-limit``), shared by the games that have it,
plus ``--rounds`` for each game's round limit. Nothing here names a game."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.games.descriptor import GameDescriptor
from arena.games.options import Option, OptionError, OptionKind

ROUNDS = "--rounds"


@dataclass(frozen=True)
class Flag:
    """One flag and the option it sets in each game that has it."""

    flag: str
    dest: str
    option: Option
    games: tuple[str, ...]
    helps: tuple[str, ...]
    """Per game its words for the option."""

    def help(self) -> str:
        if len(set(self.helps)) == 1:
            return f"{', '.join(self.games)}: {self.helps[0]}"
        return "; ".join(f"{game}: {words}" for game, words in zip(self.games, self.helps))


def game_flags(games: Mapping[str, GameDescriptor]) -> list[Flag]:
    """Every flag of every game, in the order the games declare them, each once."""
    found: dict[str, Flag] = {}
    for name, descriptor in sorted(games.items()):
        for option in descriptor.options:
            flag = option.cli_flag
            if flag is None or flag == ROUNDS:
                continue
            known = found.get(flag)
            found[flag] = Flag(flag, "option_" + option.name, known.option if known else option,
                               (*(known.games if known else ()), name), (*(known.helps if known else ()), option.help))
    return list(found.values())


def add_game_flags(parser: argparse.ArgumentParser, games: Mapping[str, GameDescriptor]) -> None:
    parser.add_argument(ROUNDS, type=int, metavar="N", dest="option_rounds",
                        help="a limit on the game's rounds (" + "; ".join(
                            f"{name}: {(d.round_limit_title or d.round_noun + 's').lower()}"  # "moves per player"
                            for name, d in sorted(games.items()) if d.round_limit is not None) + ")")
    for flag in game_flags(games):
        option, text = flag.option, flag.help()
        if option.kind is OptionKind.FLAG:
            parser.add_argument(flag.flag, action="store_true", default=None, dest=flag.dest, help=text)
        else:
            kind: Any = {OptionKind.SECONDS: float, OptionKind.COUNT: int, OptionKind.NUMBER: int}.get(option.kind, str)
            metavar = {OptionKind.SECONDS: "S", OptionKind.FILE: "FILE"}.get(option.kind, "N" if kind is int else "X")
            if option.choices:
                metavar = "|".join(option.choices)
            parser.add_argument(flag.flag, type=path_argument if option.kind is OptionKind.FILE else kind,
                                metavar=metavar, dest=flag.dest, help=text)


def path_argument(text: str) -> str:
    """A file or folder argument. An empty one names none: the system reads ``""`` as the current
    folder (``snakepit stats ""`` read every replay there) or as no file at all (``snakepit replay
    ""`` said only "No such file or directory")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name names no file")
    return text


class FlagError(ValueError):
    """A flag the game does not take."""


def options_from_flags(args: argparse.Namespace, descriptor: GameDescriptor, games: Mapping[str, GameDescriptor],
                       given: Mapping[str, Any] | None = None, more_flags: Sequence[str] = ()) -> dict[str, Any]:
    """The game's options the flags given set; a flag of another game is a :class:`FlagError`
    saying what the game takes: its flags, the command's ``more_flags`` for it, and, for a
    command with ``--option`` (whose values are ``given``), its other options. An option set both
    by a flag and by ``--option`` is a :class:`FlagError` naming both (the flag won silently)."""
    options: dict[str, Any] = {}
    if getattr(args, "option_rounds", None) is not None:
        if descriptor.round_limit is None:
            raise FlagError(f"{ROUNDS}: {descriptor.name} has no round limit")
        refuse_both(ROUNDS, args.option_rounds, descriptor.round_limit, given)
        options[descriptor.round_limit] = checked_flag(ROUNDS, args.option_rounds, descriptor, descriptor.round_limit)
    mine = {option.name for option in descriptor.options}
    for flag in game_flags(games):
        value = getattr(args, flag.dest, None)
        if value is None:
            continue
        if flag.option.name not in mine:
            raise FlagError(f"{flag.flag} is not an option of {descriptor.name} "
                            f"({game_takes(descriptor, more_flags, given is not None)})")
        refuse_both(flag.flag, value, flag.option.name, given)
        # checked here, so the message names the flag typed (it said "option time_limit: ...")
        options[flag.option.name] = checked_flag(flag.flag, value, descriptor, flag.option.name)
    return options


def game_takes(descriptor: GameDescriptor, more_flags: Sequence[str] = (), with_option: bool = False) -> str:
    """What a game's options are set with on a command line: ``it takes --rounds, --map, ...``
    and, where ``--option`` is there (``with_option``), the options no flag sets."""
    flags = [ROUNDS] if descriptor.round_limit is not None else []
    flags += [f.flag for f in game_flags({descriptor.name: descriptor}) if f.flag not in more_flags]
    flags += more_flags
    text = f"it takes {', '.join(flags)}" if flags else "it takes no flags"
    if with_option:
        flagged = {f.option.name for f in game_flags({descriptor.name: descriptor})} | {descriptor.round_limit}
        others = [o.name for o in descriptor.options if o.name not in flagged]
        if others:
            text += f"; --option KEY=VALUE sets {', '.join(others)}"
    return text


def checked_flag(flag: str, value: Any, descriptor: GameDescriptor, option: str) -> Any:
    """``value`` of ``flag`` as the game's ``option`` takes it, or a :class:`FlagError` naming the
    flag (``--rounds 10**23`` was taken, and the match played on effectively forever)."""
    found = [o for o in descriptor.options if o.name == option]
    if not found:
        return value
    try:  # (a flag is never null: its message does not offer it)
        return dataclasses.replace(found[0], none_means="").parse(value)
    except OptionError as error:
        raise FlagError(f"{flag}: {str(error).removeprefix(f'option {option}: ')}") from None


def refuse_both(flag: str, value: Any, option: str, given: Mapping[str, Any] | None) -> None:
    """A :class:`FlagError` if ``--option`` set ``option`` too (``given``: its values)."""
    if given is not None and option in given:
        raise FlagError(f"{flag} {_shown(value)} and --option {option}={_shown(given[option])} both set {option}: "
                        "give one of them")


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)
