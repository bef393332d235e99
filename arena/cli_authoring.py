"""``snakepit card``, ``snakepit stats`` and ``snakepit diff``: authoring with evidence, headless.

* ``card`` makes a card from what a snake sees in a position (a position file, or a step of a
  replay) and inserts it into a program, printing the program (or writing ``--out``) and, on
  stderr, which of the program's tests and the replay's steps the new card would decide.
* ``stats`` counts what each card did in replays or tournament folders.
* ``diff`` compares two programs card by card (exit status 1 when they differ, as diff(1)).

Bad input ends with one line on stderr and exit status 2. :func:`add_parsers` adds the
commands to the ``snakepit`` parser (:mod:`arena.cli`)."""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.authoring_text import diff_text, stats_text
from arena.card_stats import STATS_FORMAT, ProgramStats, StatsError, StatsInterrupted, replay_files, stats_of_replays
from arena.cli_errors import check_new_files, report_input_error
from arena.cli_options import path_argument
from arena.cli_progress import ProgressEvery
from arena.cli_signals import stopped_status
from arena.moments import Moment, replay_moments
from arena.replay import ReplayError, read_replay
from arena.samples import resolve_program
from engines.snake import Direction, Position, PositionError
from matcher import Card, Program, ProgramError, dumps_program, load_program
from matcher.diff import DiffError, diff_programs
from matcher.diff_json import diff_to_json
from matcher.editing import EditError
from matcher.atomic import atomic_write_text
from matcher.fileformat import POSITION_SUFFIX, load_position
from matcher.moment import (
    Keep,
    MomentError,
    Preview,
    card_from_moment,
    insert_moment_card,
    moment_test,
    preview_card,
    situations_of_tests,
)

EXIT_DIFFERENT = 1
INPUT_ERRORS = (ProgramError, PositionError, ReplayError, MomentError, StatsError, DiffError, EditError)


def _direction(text: str) -> Direction:
    try:
        return Direction.from_label(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_parsers(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``card``, ``stats`` and ``diff`` to a ``snakepit`` parser's subcommands."""
    p = subparsers.add_parser("card", help="make a card from what a snake sees in a position or replay step")
    p.add_argument("program", metavar="PROGRAM", type=path_argument,
                   help="the program to insert the card into (file or sample name)")
    p.add_argument("position", metavar="POSITION", type=path_argument,
                   help="a .position.json file, or a replay with --step")
    p.add_argument("--snake", type=int, required=True, metavar="I", help="0-based index of the snake")
    p.add_argument("--move", type=_direction, metavar="DIR",
                   help="up, right, down or left (default: the move the snake made at --step)")
    p.add_argument("--step", type=int, metavar="N", help="POSITION is a replay: the position before the snake's turn in step N")
    p.add_argument("--keep", default="all", metavar="K",
                   help="cells to keep: all (default), nonempty, or 1-6 (steps from the head); e.g. 2,nonempty")
    p.add_argument("--at", type=int, default=1, metavar="K", help="the new card's number (default 1: first)")
    p.add_argument("--test", nargs="?", const="", metavar="NAME", help="also save the position as a test expecting the move")
    p.add_argument("--description", default="", metavar="TEXT", help="the card's description")
    p.add_argument("--out", metavar="FILE", type=path_argument,
                   help="write the program there: PROGRAM itself, or a new or empty file (default: print it)")
    p.set_defaults(handler=cmd_card)

    p = subparsers.add_parser("stats", help="what each card did in replays or tournament folders")
    p.add_argument("sources", nargs="+", metavar="FILE_OR_FOLDER", type=path_argument,
                   help="snake replays, or folders of them")
    p.add_argument("--program", metavar="NAME", help="only this program: a seat name or program name")
    p.add_argument("--json", action="store_true", help="print JSON (with heat maps)")
    p.add_argument("--heat", action="store_true", help="text: also draw where each card decided")
    p.set_defaults(handler=cmd_stats)

    p = subparsers.add_parser("diff", help="compare two snake programs card by card (exit 1 when they differ)")
    p.add_argument("a", metavar="A", type=path_argument, help="a program file or sample name")
    p.add_argument("b", metavar="B", type=path_argument)
    p.add_argument("--json", action="store_true", help="print the diff as JSON")
    p.set_defaults(handler=cmd_diff)


# --- card -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Source:
    """Where a card's moment comes from: the position, what the snake did there (if known), the
    replay's earlier moments of that snake with a choice (for the preview) and how to name it."""

    position: Position
    move: Direction | None
    others: Callable[[], Iterator[Moment]]
    """The earlier moments, read from the replay again when asked: a late step of a long replay
    held every earlier position at once (1.2 KB a step: gigabytes at a million steps)."""
    label: str


PREVIEW_CHUNK = 4096
"""How many earlier positions are previewed at once (and held)."""


def _no_moments() -> Iterator[Moment]:
    return iter(())


def _source(args: argparse.Namespace) -> _Source:
    if args.step is None:
        if args.position.endswith(".jsonl"):
            raise MomentError(f"{args.position} is a replay: say which step with --step N")
        position = load_position(args.position)
        check_snake(args.position, args.snake, len(position.snakes), MomentError)
        return _Source(position, None, _no_moments, args.position)
    if args.position.endswith(POSITION_SUFFIX):
        raise MomentError(f"{args.position} is a position file: --step N is for a replay's steps")
    replay = read_replay(args.position)
    check_snake(args.position, args.snake, len(replay.seats), MomentError)

    def moments() -> Iterator[Moment]:
        """The snake's moments up to the step (the steps after it play no part: reading them
        took ~0.5 ms a step)."""
        for moment in replay_moments(replay):
            if moment.step > args.step:
                return
            if moment.snake == args.snake:
                yield moment

    found = next((m for m in moments() if m.step == args.step), None)
    if found is None or found.position is None:
        raise MomentError(f"{args.position}: snake {args.snake} has no turn in step {args.step} "
                          f"(the replay has {len(replay.rounds)} steps; an eaten snake has no turns)")

    def others() -> Iterator[Moment]:
        return (m for m in moments() if m.step < args.step and len(m.possible) >= 2)

    return _Source(found.position, found.move, others, f"step {args.step} of {args.position}")


def program_path(argument: str) -> Path:
    """A PROGRAM argument's file (a sample's by its name); a replay given for it is a
    :class:`ProgramError` saying so (it was "line 2, column 1: invalid JSON: Extra data")."""
    if argument.endswith(".jsonl"):
        raise ProgramError(f"{argument}: a replay, not a program (.snake.json)")
    return resolve_program(argument)


def check_snake(where: str, snake: int, count: int, error: type[Exception]) -> None:
    """An ``error`` naming ``where`` for a ``--snake`` that a position or replay of ``count``
    snakes lacks (it said "snake 7 has no turn in step 5 ... an eaten snake has no turns")."""
    if not 0 <= snake < count:
        has = "no snakes" if count == 0 else "1 snake: --snake 0" if count == 1 else \
            f"{count} snakes: --snake 0 to {count - 1}"
        raise error(f"{where}: --snake {snake} is out of range (it has {has}; --snake counts from 0: "
                    "--snake 0 is snake 1)")


def cmd_card(args: argparse.Namespace) -> int:
    def body() -> int:
        path = program_path(args.program)
        check_new_files([("--out", args.out)], MomentError, may_replace=[str(path)])
        program = load_program(path)
        source = _source(args)
        move = args.move if args.move is not None else source.move  # Direction.UP is 0: no `or`
        if move is None:
            raise MomentError("--move DIR is needed: a position file does not say what the snake did")
        if not 1 <= args.at <= len(program.cards) + 1:
            raise MomentError(f"--at {args.at}: the program has {len(program.cards)} cards, so 1..{len(program.cards) + 1}")
        at = args.at - 1
        try:
            keep = Keep.parse(args.keep)
        except MomentError as error:  # "keep distance 9 is out of range 1..6": which flag?
            raise MomentError(f"--keep {args.keep}: {str(error).removeprefix(f'keep {args.keep!r}: ')}") from None
        description = args.description or f"snake {args.snake} moves {move.label} ({source.label})"
        card = card_from_moment(source.position, args.snake, move, keep, description)
        test = None if args.test is None else moment_test(source.position, args.snake, move, args.test)
        try:
            updated = insert_moment_card(program, card, at, test)
        except EditError as error:
            raise EditError(f"{path}: {error}; remove one first") from None
        for line in _card_report(program, card, at, move, keep, args, source):
            print(line, file=sys.stderr)
        text = dumps_program(updated)
        if args.out:
            atomic_write_text(args.out, text)
        else:
            sys.stdout.write(text)
        return 0

    return guarded(body)


def _card_report(program: Program, card: Card, at: int, move: Direction, keep: Keep, args: argparse.Namespace,
                 source: _Source) -> list[str]:
    lines = [f"card {at + 1}: snake {args.snake} moves {move.label}, {len(card.cells)} cells kept (--keep {keep.label})"]
    here = preview_card(program, card, at, [(source.position, args.snake)])[0]
    lines.append(f"this position: {_verdict(here)}")
    if args.test is not None and here.after.best != {move}:
        why = (f"a turned or mirrored variant of the card fits for {_moves(here.after.best - {move})} too: keep more "
               "cells, or edit the card" if here.decided else "an earlier card decides it: insert the card earlier")
        lines.append(f"note: the new test expects {move.label} alone, but the program picks from "
                     f"{_moves(here.after.best)}, so the test fails as it stands ({why})")
    tests = preview_card(program, card, at, situations_of_tests(program))
    if tests:
        decided = [p for p in tests if p.decided]
        lines.append(f"the program's tests: the new card decides {len(decided)} of {len(tests)}")
        for p in decided:
            lines.append(f"  test {p.index + 1} {program.tests[p.index].name!r}: {_verdict(p)}")
    earlier = _earlier_steps(program, card, at, source)
    if earlier is not None:
        lines.append(f"earlier steps of snake {args.snake}: {earlier}")
    return lines


def _earlier_steps(program: Program, card: Card, at: int, source: _Source) -> str | None:
    """What the card would do at the snake's earlier choices (None: it had none), previewed
    :data:`PREVIEW_CHUNK` positions at a time."""
    steps = decided = changed = 0
    situations = ((m.position, m.snake) for m in source.others() if m.position)
    while chunk := list(islice(situations, PREVIEW_CHUNK)):
        previews = preview_card(program, card, at, chunk)
        steps += len(previews)
        decided += sum(1 for p in previews if p.decided)
        changed += sum(1 for p in previews if p.decided and p.changed)
    if not steps:
        return None
    return f"the new card decides {decided} of its {steps} choices (the best moves change in {changed})"


def _moves(moves: frozenset[Direction]) -> str:
    return ", ".join(d.label for d in sorted(moves)) or "none"


def _verdict(preview: Preview) -> str:
    after, before = preview.after, preview.before
    who = "the new card" if preview.decided else f"card {after.card + 1}" if after.card is not None else "no card"
    was = f"card {before.card + 1}" if before.card is not None else "no card"
    return f"{who} decides, best {_moves(after.best)} (before: {was}, best {_moves(before.best)})"


# --- stats ------------------------------------------------------------------------------------


def cmd_stats(args: argparse.Namespace) -> int:
    def body() -> int:
        files = replay_files(args.sources)
        every = ProgressEvery("")

        def said(number: int, step: int) -> None:  # replays of a million steps took minutes without a word
            if every.due():
                print(f"snakepit: stats: replay {number} of {len(files)}, step {step:,}", file=sys.stderr, flush=True)

        try:
            stats = stats_of_replays(files, args.program, said)
        except StatsInterrupted as stop:  # what was counted, said, not lost (it printed nothing)
            if stop.stats:
                _print_stats(args, stop.stats, files[:stop.counted], stop)
            print(f"snakepit: stats stopped by Ctrl-C {stop.where()}", file=sys.stderr)
            return stopped_status(stop)
        _print_stats(args, stats, files)
        return 0

    return guarded(body)


def _print_stats(args: argparse.Namespace, stats: list[ProgramStats], files: list[Path],
                 stop: StatsInterrupted | None = None) -> None:
    if args.json:
        data: dict[str, Any] = {"format": STATS_FORMAT, "sources": [str(f) for f in files],
                                "programs": [s.to_json() for s in stats]}
        if stop is not None:
            data["stopped"] = {"source": str(stop.path), "step": stop.step}
        print(json.dumps(data))
    else:
        print(stats_text(stats, len(files), heat=args.heat))


# --- diff -------------------------------------------------------------------------------------


def cmd_diff(args: argparse.Namespace) -> int:
    def body() -> int:
        paths = program_path(args.a), program_path(args.b)
        a, b = load_program(paths[0]), load_program(paths[1])
        diff = diff_programs(a, b)
        if args.json:
            print(json.dumps({"a": str(paths[0]), "b": str(paths[1]), **diff_to_json(diff)}))
        else:
            print(diff_text(a, b, diff, (str(paths[0]), str(paths[1]))))
        return 0 if diff.same else EXIT_DIFFERENT

    return guarded(body)


def guarded(body: Callable[[], int]) -> int:
    """Run a command body: these commands' input errors become one line on stderr and exit
    status 2 (:func:`arena.cli.run` does the same for files that cannot be read)."""
    try:
        return body()
    except INPUT_ERRORS as error:
        return report_input_error(error)
