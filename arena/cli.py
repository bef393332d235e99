"""The headless ``snakepit`` command line. The editor adds its commands (``edit``, the app) on top.

Input errors end with exit status 2 and one line on stderr naming the file and place; failing
program tests end with status 1."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from arena.samples import resolve_program
from arena.snake_battle import BattleSettings, play_battle
from engines.snake import GAME_INFO, PositionError, start_position
from matcher import ProgramError, compile_program, load_program
from matcher.explain import explain
from matcher.fileformat import load_position
from matcher.testing import run_tests

EXIT_FAILED = 1
EXIT_BAD_INPUT = 2


class UsageError(ValueError):
    """A bad command-line value (reported like a bad file: one line, exit status 2)."""


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)[xX](\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 25x25, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def cmd_explain(args: argparse.Namespace) -> int:
    program = load_program(resolve_program(args.program))
    position = load_position(args.position)
    count = len(position.snakes)
    if not 0 <= args.snake < count:
        has = "no snakes" if count == 0 else "1 snake: 0" if count == 1 else f"{count} snakes: 0..{count - 1}"
        raise UsageError(f"{args.position}: snake {args.snake} is out of range (the position has {has})")
    print(json.dumps(explain(compile_program(program), position, args.snake).to_json(), indent=2))
    return 0


def cmd_battle(args: argparse.Namespace) -> int:
    if not 2 <= len(args.programs) <= GAME_INFO.max_snakes:
        raise UsageError(f"a battle needs 2..{GAME_INFO.max_snakes} programs, got {len(args.programs)}")
    paths = [resolve_program(p) for p in args.programs]
    programs = [load_program(p) for p in paths]
    width, height = args.size
    if args.length < 2:
        raise UsageError(f"--length {args.length}: a snake has at least 2 cells (head and tail)")
    if args.steps < 0:
        raise UsageError(f"--steps {args.steps}: the step limit cannot be negative")
    try:  # check the field before a --record file is created
        start_position(len(programs), width, height, args.length)
    except PositionError as err:
        raise UsageError(f"--size {width}x{height}: {err}") from None
    settings = BattleSettings(args.seed, width, height, args.length, args.steps)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as record:
            result = play_battle(programs, settings, record, names=[p.name for p in paths])
    else:
        result = play_battle(programs, settings)
    print(json.dumps(result.to_json()))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    for argument in args.programs:
        path = resolve_program(argument)
        try:
            program = load_program(path)
        except ProgramError as err:
            print(f"snakepit: {err}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        results = run_tests(program)
        failed = [r for r in results if not r.passed]
        cards = f"{len(program.cards)} card{'s' if len(program.cards) != 1 else ''}"
        print(f"{path}: valid, {cards}, {len(results) - len(failed)}/{len(results)} tests passed")
        for result in results:
            if args.verbose or not result.passed:
                print(f"  {result.describe()}")
        if failed and status == 0:
            status = EXIT_FAILED
    return status


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line like every other input error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="snakepit", description="A studio for programming games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("explain", help="explain a snake program's choice in a position (JSON)")
    p.add_argument("program", metavar="PROGRAM", help="a .snake.json file or a sample name")
    p.add_argument("position", metavar="POSITION", help="a .position.json file")
    p.add_argument("--snake", type=int, default=0, metavar="I", help="0-based index of the snake (default 0)")
    p.set_defaults(handler=cmd_explain)

    p = sub.add_parser("battle", help="run a headless battle of 2-4 snake programs")
    p.add_argument("programs", nargs="+", metavar="PROGRAM", help="2-4 .snake.json files or sample names")
    p.add_argument("--seed", type=int, required=True, metavar="N")
    p.add_argument("--size", type=_size, default=(GAME_INFO.default_width, GAME_INFO.default_height), metavar="WxH")
    p.add_argument("--length", type=int, default=GAME_INFO.default_length, metavar="L")
    p.add_argument("--steps", type=int, default=GAME_INFO.default_steps, metavar="S")
    p.add_argument("--record", metavar="FILE", help="write a JSONL replay")
    p.set_defaults(handler=cmd_battle)

    p = sub.add_parser("check", help="validate snake programs and run their embedded tests")
    p.add_argument("programs", nargs="+", metavar="PROGRAM")
    p.add_argument("-v", "--verbose", action="store_true", help="list passing tests too")
    p.set_defaults(handler=cmd_check)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run a parsed command, turning input errors into one line and exit status 2."""
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except (ProgramError, PositionError, UsageError) as err:
        print(f"snakepit: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        print(f"snakepit: {where}{err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
