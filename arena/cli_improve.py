"""``snakepit improve``: make a snake program stronger against chosen opponents, automatically.

Progress goes to stderr (one line per generation), the report and the card diff to stdout, the
improved program to ``--out``. Bad input ends with one line and exit status 2. Ctrl-C stops the
search: the best program so far is written and reported (a second Ctrl-C skips the report), and
the exit status is 130; SIGTERM does the same, with exit status 143. :func:`add_parsers` adds the command to the ``snakepit`` parser (whose
:func:`arena.cli.run` turns unreadable files into one line too)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from arena.cli_errors import check_new_files, report_input_error
from arena.cli_options import path_argument
from arena.games.options import MAX_ROUNDS, MAX_SECONDS
from arena.seed import seed_argument
from arena.cli_signals import sigterm_like_ctrl_c, stopped_status
from arena.improve import Field, Progress, Runner, Search, SearchSettings, card_diff, fresh_report, make_runner
from arena.improve.edits import Pins
from arena.samples import resolve_program
from arena.tournament import TournamentError, clock
from arena.tournament.pool import check_jobs
from arena.tournament.seeds import fresh_seed
from engines.snake import GAME_INFO, PositionError, start_position
from matcher import Program, ProgramError, dumps_program, load_program, save_program
from matcher.fileformat import PROGRAM_SUFFIX
from matcher.testing import run_tests

REPORT_PAIRS = 200
"""Pairs of battles per opponent and program in the final report (fresh seeds)."""
MOST_REPORT_PAIRS = 10_000
"""The most report pairs (the Improve window's Check box too): 10**23 hung making the report's list."""
MOST_BUDGET = MAX_SECONDS
"""The longest budget, a day, as every time option (the Improve window's Budget box too): 10**23
seconds was taken and searched "for 27777777777777775447:36:32"."""
EXIT_NOT_WRITTEN = 1
"""The search ended, but its program could not be written (it is printed instead)."""


class ImproveError(ValueError):
    """A bad ``snakepit improve`` argument (one line, exit status 2)."""


def parse_budget(text: str) -> float:
    """``90``, ``90s``, ``10m`` or ``1h`` as seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match or float(match.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"expected a duration such as 90, 90s, 10m or 1h, got {text!r}")
    seconds = float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]
    if seconds > MOST_BUDGET:
        raise argparse.ArgumentTypeError(f"at most a day (24h), got {text!r}")
    return seconds


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)[xX](\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 25x25, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def add_parsers(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``improve`` to a ``snakepit`` parser's subcommands."""
    p = subparsers.add_parser("improve", help="make a snake program stronger against chosen opponents",
                              description="Search over edits of PROGRAM (patterns, heads, cards), keeping a change only "
                                          "when a sequential test on common battles says it plays better against the "
                                          "opponents; then report before/after on fresh seeds and the card diff.")
    p.add_argument("program", metavar="PROGRAM", type=path_argument, help="a .snake.json file or a sample name")
    p.add_argument("--against", nargs="+", required=True, metavar="OPPONENT", type=path_argument,
                   help="programs or sample names to beat")
    p.add_argument("--budget", type=parse_budget, default=600.0, metavar="TIME",
                   help="how long to search: seconds, or like 90s, 10m, 1h (default 10m; one generation of "
                        "battles is played however short it is, and the report comes after)")
    p.add_argument("--seed", type=seed_argument, metavar="S", help="default: a fresh one, printed")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, metavar="J", help="worker processes on this machine (default: the cores)")
    where.add_argument("--cluster", metavar="ADDRESS", help="play on a Dask scheduler (needs snakepit[cluster])")
    p.add_argument("--out", metavar="FILE", type=path_argument,
                   help=f"where to write the improved program, a new or empty file (default: NAME.improved{PROGRAM_SUFFIX})")
    p.add_argument("--keep-cards", default="", metavar="1,2", help="cards (numbered from 1) the search must not touch")
    p.add_argument("--keep-tests", action="store_true", help="never break one of the program's own tests that passes now")
    p.add_argument("--size", type=_size, action="append", metavar="WxH",
                   help="field size; repeat for several (default 25x25)")
    p.add_argument("--seats", type=int, default=2, metavar="N",
                   help="snakes per battle, the program and the opponent alternating (2-4, default 2)")
    p.add_argument("--length", type=int, default=GAME_INFO.default_length, metavar="L", help="start length (default 10)")
    p.add_argument("--steps", type=int, default=GAME_INFO.default_steps, metavar="S", help="step limit (default 1000)")
    p.add_argument("--report-pairs", type=int, default=REPORT_PAIRS, metavar="N",
                   help=f"pairs of battles per opponent in the final report, on fresh seeds (default {REPORT_PAIRS})")
    p.set_defaults(handler=cmd_improve)


def _load(argument: str, what: str) -> tuple[Path, Program]:
    path = resolve_program(argument)
    try:
        return path, load_program(path)
    except ProgramError as err:
        raise ImproveError(f"{what}: {err}") from None


def _short(path: Path) -> str:
    return path.name.removesuffix(PROGRAM_SUFFIX)


def _field(args: argparse.Namespace, seed: int) -> Field:
    if not GAME_INFO.min_snakes <= args.seats <= GAME_INFO.max_snakes:
        raise ImproveError(f"--seats {args.seats}: a battle has {GAME_INFO.min_snakes}..{GAME_INFO.max_snakes} snakes")
    if not 1 <= args.steps <= MAX_ROUNDS:  # 10**23 ended in an OverflowError's traceback from the workers
        raise ImproveError(f"--steps {args.steps}: a battle has from 1 to {MAX_ROUNDS:,} steps")
    sizes = tuple(args.size or [(GAME_INFO.default_width, GAME_INFO.default_height)])
    for width, height in sizes:
        try:
            start_position(args.seats, width, height, args.length)
        except PositionError as err:
            raise ImproveError(f"--size {width}x{height} --length {args.length}: {err}") from None
    opponents = []
    for argument in args.against:
        path, program = _load(argument, f"--against {argument}")
        opponents.append((_short(path), program))
    return Field(tuple(opponents), sizes, args.seats, args.length, args.steps, seed)


def _out_path(args: argparse.Namespace, source: Path) -> Path:
    out = Path(args.out) if args.out else Path(f"{_short(source)}.improved{PROGRAM_SUFFIX}")
    if out.exists() and source.exists() and os.path.samefile(out, source):
        raise ImproveError(f"--out {out}: that is the program being improved; choose another file (yours stays as it is)")
    check_new_files([("--out", str(out))], ImproveError)  # an earlier run's result, perhaps edited since
    return out


def progress_line(progress: Progress) -> str:
    """One generation on one line."""
    line = (f"gen {progress.generation}: best {progress.best.text()} (start {progress.start.text()}, gain "
            f"{progress.gain.text(signed=True)}), {progress.accepted} kept, {progress.racing} racing, "
            f"{progress.battles_per_second:.0f} battles/s, {clock(progress.elapsed)} elapsed, "
            f"ETA {clock(progress.remaining)}")
    if progress.kept:
        line += f"\n  kept: {'; '.join(progress.kept)}"
    return line


def cmd_improve(args: argparse.Namespace) -> int:
    try:
        with sigterm_like_ctrl_c():  # the best so far written, the workers ended
            return _improve(args)
    except (ImproveError, TournamentError) as err:
        return report_input_error(err)


def _improve(args: argparse.Namespace) -> int:
    source, program = _load(args.program, args.program)
    try:
        pins = Pins.parse(args.keep_cards, len(program.cards))
    except ValueError as err:
        raise ImproveError(str(err)) from None
    if args.jobs is not None:
        check_jobs(args.jobs)
    if not 2 <= args.report_pairs <= MOST_REPORT_PAIRS:
        raise ImproveError(f"--report-pairs {args.report_pairs}: at least 2 (an interval needs two) and at most "
                           f"{MOST_REPORT_PAIRS:,}")
    seed = fresh_seed() if args.seed is None else args.seed
    field = _field(args, seed)
    out = _out_path(args, source)
    settings = SearchSettings(budget=args.budget, pinned=pins.indices, keep_tests=args.keep_tests, seed=seed)
    runner = make_runner(args.jobs, args.cluster)
    stopped: KeyboardInterrupt | None = None
    try:
        if args.seed is None:
            print(f"snakepit: seed {seed}", file=sys.stderr, flush=True)
        print(f"improving {_short(source)} against {', '.join(n for n, _ in field.opponents)} for "
              f"{clock(args.budget)} on {runner.jobs} job{'s' if runner.jobs != 1 else ''}", file=sys.stderr, flush=True)
        search = Search(program, field, runner, settings,
                        on_progress=lambda p: print(progress_line(p), file=sys.stderr, flush=True))
        report_battles = 2 * len(field.opponents) * args.report_pairs * 2
        try:
            best = search.run(reserve=lambda rate: report_battles / rate if rate else 0.0)
        except KeyboardInterrupt as stop:
            stopped = stop
            best = search.best()
            print("snakepit: search stopped; the best program so far follows", file=sys.stderr, flush=True)
        try:
            save_program(out, best.program)
        except OSError as error:  # a disk full after a search of hours: the program is not lost with it
            print(f"snakepit: {out}: cannot write it: {error.strerror or error}; the improved program follows",
                  file=sys.stderr, flush=True)
            sys.stdout.write(dumps_program(best.program))
            return EXIT_NOT_WRITTEN
        print(f"wrote {out}: {len(best.program.cards)} cards, {len(best.changes)} edits kept "
              f"in {best.generation} generations, {search.battles_per_second:.0f} battles/s", flush=True)
        _report(program, best.program, field, runner, args.report_pairs)
    finally:
        runner.close()
    return 0 if stopped is None else stopped_status(stopped)


def _report(start: Program, best: Program, field: Field, runner: Runner, pairs: int) -> None:
    print("\ncard diff (start -> improved):")
    for line in card_diff(start, best):
        print(f"  {line}")
    results = run_tests(best)
    if results:
        failed = [r.test.name for r in results if not r.passed]
        print(f"\nthe program's own tests: {len(results) - len(failed)} of {len(results)} pass"
              + (f" (failing now: {', '.join(failed)})" if failed else ""))
    print(flush=True)
    try:
        report = fresh_report(start, best, field, runner, pairs)
    except KeyboardInterrupt:
        print("snakepit: report skipped", file=sys.stderr)
        return
    for line in report.lines():
        print(line)
