"""``snakepit tournament`` and ``snakepit duel``: the headless side of :mod:`arena.tournament`.

Progress goes to stderr (one line per game or pair), results to stdout. Bad input ends with one
line and exit status 2; Ctrl-C keeps the finished games (exit status 130), and so does SIGTERM
(143), and the same command with the same ``--out`` resumes. A game whose worker process died is
said in a line and the run goes on; a cluster whose scheduler goes away ends the run in one line
with exit status 2 and the command that resumes. :func:`add_parsers` adds both commands to the
``snakepit`` parser; ``python -m arena.cli_tournament`` runs them alone."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arena.cli_errors import report_input_error
from arena.cli_tournament_maps import given_maps, per_map_lines, repeatable_maps
from arena.cli_options import FlagError, add_game_flags, options_from_flags, path_argument, refuse_both
from arena.seed import seed_argument
from arena.cli_signals import EXIT_INTERRUPTED, EXIT_TERMINATED, sigterm_like_ctrl_c, stopped_status
from arena.games import registry
from arena.games.descriptor import GameDescriptor
from arena.games.options import MAX_ROUNDS
from arena.tournament import (
    Entrant,
    Progress,
    TournamentError,
    TournamentInterrupted,
    TournamentRun,
    TournamentSpec,
    clock,
    eta_clock,
    fault_notes,
    run_tournament,
    table_text,
)
from arena.tournament.cluster import ClusterLost
from arena.tournament.crosstable import crosstable_text
from arena.tournament.duel import DuelResult, DuelState, SprtSettings, run_duel
from arena.tournament.games import SNAKE, resolve_entrant, seat_range
from arena.tournament.pool import check_jobs
from arena.tournament.schedule import games_played
from arena.tournament.seeds import fresh_seed
from arena.tournament.runner import GameFailure
from arena.tournament.spec import long_schedule_note
from arena.tournament.store import TournamentStore, failed_note, stored_spec
from matcher import ProgramError
from matcher.fileformat import PROGRAM_SUFFIX



def _note(text: str) -> None:
    print(f"snakepit: {text}", file=sys.stderr, flush=True)


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)[xX](\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 25x25, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value  # a plain string (a path, a name)


def _game_arguments(p: argparse.ArgumentParser, seed_help: str = "default: a fresh one, printed",
                    maps_help: str = "one map (a duel refuses a second)") -> None:
    p.add_argument("--seed", type=seed_argument, metavar="S", help=seed_help)
    p.add_argument("--jobs", type=int, metavar="J", help="parallel games on this machine (default: the number of cores)")
    p.add_argument("--cluster", metavar="ADDRESS", help="play on a Dask scheduler (needs snakepit[cluster])")
    p.add_argument("--size", type=_size, metavar="WxH", help="snake: the field size")
    p.add_argument("--length", type=int, metavar="L", help="snake: the snakes' start length")
    p.add_argument("--steps", type=int, metavar="S", help="snake: the step limit")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run the bots unsandboxed, as you (only for bots you trust; said in every replay)")
    p.add_argument("--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="a game option passed to the referee (value as JSON, else text); repeatable")
    add_game_flags(p, registry.games())
    repeatable_maps(p, maps_help)


def _refuse_twice(args: argparse.Namespace, snake: dict[str, Any], given: dict[str, Any],
                  flagged: dict[str, Any]) -> None:
    """Snake's own flags (:data:`SNAKE_FLAGS`) against ``--option`` and ``--rounds``."""
    for name, value in snake.items():
        if value is None:
            continue
        flag = f"--{name}"
        shown = f"{value[0]}x{value[1]}" if name == "size" else value
        for option in SNAKE_FLAGS[flag]:
            refuse_both(flag, shown, option, given)
            if option in flagged:  # --rounds, snake's round limit
                raise FlagError(f"--rounds {args.option_rounds} and {flag} {shown} both set {option}: give one of them")


def add_parsers(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``tournament`` and ``duel`` to a ``snakepit`` parser's subcommands."""
    p = subparsers.add_parser("tournament", help="every entrant against every other, seats rotated, rated",
                              conflict_handler="resolve")
    p.add_argument("game", metavar="GAME", help="snake, worms, kingdoms, bioblots or itpw")
    p.add_argument("--entrant", action="append", default=[], metavar="NAME=PROGRAM_OR_BOT", required=True,
                   help="a program file or sample name (snake) or a bot command line; at least two")
    p.add_argument("--games-per-pairing", type=int, metavar="N",
                   help="games each pairing (each table of K entrants) plays on each map; a multiple of the seat rotation")
    p.add_argument("--seats", type=int, metavar="K", help="players per game (default: one per entrant, within what the game allows)")
    p.add_argument("--out", metavar="DIR", type=path_argument,
                   help="results.json, games.jsonl and one replay per game; resumes")
    _game_arguments(p, "default: a fresh one, printed (or the one stored in --out)",
                    "repeatable: every pairing plays on every map, in turn")
    p.set_defaults(handler=cmd_tournament)

    p = subparsers.add_parser("duel", help="is A stronger than B? game pairs until an SPRT decides",
                              conflict_handler="resolve")
    p.add_argument("a", metavar="A", help="a program file or sample name (snake) or a bot command line")
    p.add_argument("b", metavar="B")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--elo0", type=float, default=0.0, help="H0: A is this much stronger at most (default 0)")
    p.add_argument("--elo1", type=float, default=20.0, help="H1: A is this much stronger at least (default 20)")
    p.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="false H0 rate (default 0.05)")
    p.add_argument("--max-games", type=int, default=1000, metavar="N", help="stop undecided after N games (default 1000)")
    _game_arguments(p)
    p.set_defaults(handler=cmd_duel)


SNAKE_FLAGS = {"--size": ("width", "height"), "--length": ("length",), "--steps": ("steps",)}
"""The flags a tournament of snake programs has besides the games' own, and the options they set."""


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """``--option`` values, the game flags (``--map``, ``--time-limit``...) and snake's own
    flags as the referee's options. An option set twice (by a flag and ``--option``, or by
    ``--rounds`` and ``--steps``) is refused naming both."""
    given = dict(args.option)
    options = dict(given)
    games = registry.games()
    snake = {"size": args.size, "length": args.length, "steps": args.steps}
    if args.game in games:
        try:
            flagged = options_from_flags(args, games[args.game], games, given,
                                         list(SNAKE_FLAGS) if args.game == SNAKE else [])
            if args.game == SNAKE:
                _refuse_twice(args, snake, given, flagged)
        except FlagError as error:
            raise TournamentError(str(error)) from None
        options.update(flagged)
    given_flags = [name for name, value in snake.items() if value is not None]
    if given_flags and args.game != SNAKE:
        raise TournamentError(f"--{given_flags[0]} is a snake option; use --option KEY=VALUE for {args.game}")
    if args.size is not None:
        options["width"], options["height"] = args.size
    if args.length is not None:
        if args.length < 2:
            raise TournamentError(f"--length {args.length}: a snake has at least 2 cells (head and tail)")
        options["length"] = args.length
    if args.steps is not None:
        if not 1 <= args.steps <= MAX_ROUNDS:
            raise TournamentError(f"--steps {args.steps}: a game has from 1 to {MAX_ROUNDS:,} steps")
        options["steps"] = args.steps
    if args.no_sandbox:
        if args.game == SNAKE:
            raise TournamentError("--no-sandbox is for bots; snake programs run inside snakepit")
        if "sandbox" in given:
            raise TournamentError(f"--no-sandbox and --option sandbox={json.dumps(given['sandbox'])} both set sandbox: "
                                  "give one of them")
        options["sandbox"] = False
        print("snakepit: WARNING: --no-sandbox: the bots run as you, and may read and change everything you may",
              file=sys.stderr)
    if args.game in games:  # the options are sound: is one missing?
        _need_map(games[args.game], options)
    return options


def _need_map(descriptor: GameDescriptor, options: dict[str, Any]) -> None:
    """A game that has no map without one is refused naming the flag, as ``snakepit match``
    refuses it (the referee's own words name the option: ``option map``)."""
    name = descriptor.map_option
    if descriptor.map_required and name is not None and options.get(name) is None:
        option = descriptor.option(name)
        flag = f"{option.cli_flag} FILE" if option.cli_flag else f"--option {name}=FILE"
        raise TournamentError(f"{descriptor.name} needs {flag} ({option.help})")


def _seed(args: argparse.Namespace, out: Path | None) -> tuple[int, bool]:
    """The seed to play and whether it is new (then it is printed once the input is checked)."""
    if args.seed is not None:
        return int(args.seed), False
    stored = stored_spec(out) if out is not None else None
    if stored is not None and isinstance(stored.get("seed"), int):
        return int(stored["seed"]), False
    return fresh_seed(), True


def _check_jobs(args: argparse.Namespace) -> None:
    if args.jobs is not None:
        check_jobs(args.jobs)


def _progress_line(progress: Progress) -> str:
    record = progress.record
    seats = ", ".join(f"{name} #{rank} ({score:g}{'' if status == 'ok' else ', ' + status.replace('_', ' ')})"
                      for name, rank, score, status in zip(record.seats, record.ranks, record.scores, record.statuses))
    eta = f"  ETA {eta_clock(progress.eta)}" if progress.eta is not None and progress.done < progress.total else ""
    where = f" on {record.map}" if record.map is not None else ""
    return f"[{progress.done:>{len(str(progress.total))}}/{progress.total}] game {record.index + 1}{where}: {seats}{eta}"


def _plan(spec: TournamentSpec, done: int, total: int, failed: int = 0) -> list[str]:
    """What is about to be played, for stderr before the first game; ``done`` counts the games
    played and the ``failed`` ones (not played again)."""
    if done:
        unplayable = f", {failed} could not be played (not played again)" if failed else ""
        what = "nothing left to play" if done == total else "resuming"
        lines = [f"{what}: {done - failed} of {total} games already played{unplayable}"]
    else:
        each = games_played(spec.schedule(), len(spec.entrants))[0]
        maps = spec.map_names()
        on = f" on {len(maps)} maps ({', '.join(maps)}), each pairing on each" if maps else ""
        lines = [f"{total} games of {spec.seats} seats{on}; every entrant plays {each}"]
    note = spec.shared_seats_note()
    if note is not None:
        lines.append(note)
    long = long_schedule_note(spec.game, len(spec.entrants), spec.seats, spec.games_per_pairing, total)
    if long is not None and total - done > 0:
        lines.append(long)
    return [f"snakepit: {line}" for line in lines]


def cmd_tournament(args: argparse.Namespace) -> int:
    done = [0, 0]
    failures: list[GameFailure] = []
    resume = f"the same command with --out {args.out} resumes" if args.out else "run it with --out DIR to keep its games"

    def report(progress: Progress) -> None:
        done[:] = [progress.done, progress.total]
        print(_progress_line(progress), file=sys.stderr, flush=True)

    def failed(failure: GameFailure) -> None:
        failures.append(failure)
        _note(f"game {failure.index + 1} ({', '.join(failure.seats)}) failed: {failure.error}; the tournament goes on")

    def table(run: TournamentRun) -> None:
        """The results table; below it, the bots that misbehaved in some games (counted as the
        game scored them), how an entrant in two seats of a game was counted, the games that
        could not be played, and, for a run stopped early, that the table is of the games so far
        (stdout saved as the results would otherwise look finished); then, once a game is
        finished, after a blank line, who beat whom (the head-to-head table, rows and columns by
        the standings' places)."""
        unfinished = None if run.complete else (f"standings after {len(run.records)} of {run.total} games: "
                                                f"the tournament is not finished; {resume}")
        notes = [*fault_notes(run.standings),
                 *(note for note in (run.spec.shared_seats_note(), failed_note(list(run.failed), run.out), unfinished)
                   if note)]
        order = [s.name for s in run.standings.table]
        meetings = ["", crosstable_text(run.head_to_head(), order, seats=run.spec.seats)] if run.records else []
        print("\n".join([table_text(run.standings), *(f"({note})" for note in notes), *meetings, *per_map_lines(run)]),
              flush=True)

    def body() -> int:
        seat_range(args.game)  # an unknown game before its entrants
        map_flag, maps = given_maps(args, "tournament")
        options = _options(args)
        if maps:  # several: the spec plays them in turn (the first stood in for them above)
            options.pop(str(registry.games()[args.game].map_option), None)
        _check_jobs(args)
        entrants = [Entrant.parse(args.game, argument) for argument in args.entrant]
        if len(entrants) < 2:
            raise TournamentError(f"a tournament needs at least 2 entrants, got {len(entrants)}")
        out = Path(args.out) if args.out else None
        seed, fresh = _seed(args, out)
        spec = TournamentSpec.build(args.game, entrants, seed, seats=args.seats,
                                    games_per_pairing=args.games_per_pairing, options=options, maps=maps,
                                    map_flag=map_flag)

        def starting(finished: int, total: int) -> None:  # the folder is checked: it really starts
            done[:] = [finished, total]
            failed = len(TournamentStore(out).failed()) if out is not None and finished else 0
            lines = ([f"snakepit: seed {seed}"] if fresh else []) + _plan(spec, finished, total, failed)
            print("\n".join(lines), file=sys.stderr, flush=True)

        try:
            run = run_tournament(spec, out, jobs=args.jobs, cluster=args.cluster, on_progress=report, on_start=starting,
                                 on_failure=failed, on_note=_note)
        except TournamentInterrupted as stopped:  # the finished games' table, as results.json has it
            table(stopped.run)
            raise
        except ClusterLost as lost:
            raise TournamentError(f"{lost} with {done[0]}/{done[1]} games finished; {resume}") from None
        table(run)
        return 0

    status = _guarded(body)
    if status in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        how = "stopped by SIGTERM" if status == EXIT_TERMINATED else "interrupted"
        where = f"; the same command with --out {args.out} resumes" if args.out else ""
        print(f"snakepit: {how} with {done[0]}/{done[1]} games finished{where}", file=sys.stderr)
    return status


def cmd_duel(args: argparse.Namespace) -> int:
    games = [0]

    def body() -> int:
        settings = SprtSettings(args.elo0, args.elo1, args.alpha, args.beta, args.max_games)
        seat_range(args.game)
        given_maps(args, "duel")
        options = _options(args)
        _check_jobs(args)
        a = Entrant("A", *resolve_entrant(args.game, args.a, "A"))
        b = Entrant("B", *resolve_entrant(args.game, args.b, "B"))
        seed, fresh = _seed(args, None)
        names = duel_names(args.a, args.b)

        def starting() -> None:  # the input is checked: the duel really starts
            if fresh:
                print(f"snakepit: seed {seed}", file=sys.stderr, flush=True)
            print(f"A = {args.a}, B = {args.b}, {args.game}; SPRT elo0 {settings.elo0:g} elo1 {settings.elo1:g}"
                  f" alpha {settings.alpha:g} beta {settings.beta:g}, at most {settings.max_games} games", flush=True)

        last = [DuelState()]

        def report(state: DuelState) -> None:
            last[0], games[0] = state, state.games
            print(state.line(settings), flush=True)

        def verdict(result: DuelResult) -> None:
            print("\n".join([result.describe(*names), *(f"({note})" for note in result.state.fault_notes(*names))]),
                  flush=True)

        try:
            result = run_duel(args.game, a, b, seed=seed, settings=settings, options=options,
                              jobs=args.jobs, cluster=args.cluster, on_pair=report, on_start=starting, on_note=_note)
        except ClusterLost as lost:
            raise TournamentError(f"{lost}; the duel is not decided") from None
        except KeyboardInterrupt:  # Ctrl-C, SIGTERM: the score so far is the last line; say it is no verdict
            verdict(DuelResult(last[0], settings, None))
            raise
        verdict(result)
        return 0

    status = _guarded(body)
    if status in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        how = "stopped by SIGTERM" if status == EXIT_TERMINATED else "interrupted"
        print(f"snakepit: {how} after {games[0]} games; the duel is not decided", file=sys.stderr)
    return status


def duel_names(a: str, b: str) -> tuple[str, str]:
    """Short names for a duel's verdict: a program's or bot's file name without its suffix (the
    last word of a command line naming a file), with " (A)"/" (B)" when both are the same."""

    def short(argument: str) -> str:
        words = argument.split()
        word = words[-1] if words else argument
        name = Path(word).name.removesuffix(PROGRAM_SUFFIX)
        return Path(name).stem if "." in name else name or argument

    names = short(a), short(b)
    return (f"{names[0]} (A)", f"{names[1]} (B)") if names[0] == names[1] else names


def _guarded(body: Callable[[], int]) -> int:
    """Run a command body: input errors become one line and status 2, Ctrl-C status 130,
    SIGTERM (handled as Ctrl-C) 143."""
    try:
        with sigterm_like_ctrl_c():  # the finished games kept, the in-flight ones dropped with their bots
            return body()
    except (TournamentError, ProgramError, OSError) as err:
        return report_input_error(err)
    except KeyboardInterrupt as stop:
        return stopped_status(stop)


def main(argv: Sequence[str] | None = None) -> int:
    """Both commands without the rest of ``snakepit`` (tests, and before the wiring)."""
    from arena.cli import _Parser

    parser = _Parser(prog="snakepit")
    add_parsers(parser.add_subparsers(dest="command", metavar="COMMAND", required=True))
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
