"""The headless ``snakepit`` command line. The editor adds its commands (``edit``, the app) on top.

Input errors end with exit status 2 and one line on stderr naming the file and place; failing
program tests and replays that do not verify end with status 1; an interrupted match with
128 + the signal's number; output whose reader went away (``| head``) silently with 141."""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

from arena import cli_authoring, cli_improve, cli_samples, cli_stderr, cli_tournament, replay_lines
from arena.analysis_samples import program_warnings
from arena.authoring_text import warning_lines
from arena.bots import BotStatus, Host, TurnRecord
from arena.bots.jail import SHOWN_ALONE
from arena.cli_errors import EXIT_BAD_INPUT, check_new_files, report_input_error
from arena.cli_progress import MatchProgress, ProgressEvery, progress_line, record_lines, status_lines
from arena.cli_signals import EXIT_INTERRUPTED
from arena.cli_options import FlagError, add_game_flags, options_from_flags, path_argument
from arena.games.options import MAX_ROUNDS
from arena.games import registry
from arena.match import GAMES, BotRun, GameRun, MatchSetup, MatchSetupError, RoundInfo, run_match
from arena.program_battle import BattleResult
from arena.replay import Replay, ReplayError, read_replay, verify_replay
from arena.samples import SampleError
from arena.seed import seed_argument
from arena.version import version
from engines.snake import GAME_INFO, PositionError, start_position
from matcher import ProgramError, compile_program, dumps_program, load_program
from matcher.explain import explain
from matcher.fileformat import load_position
from matcher.testing import run_tests

EXIT_FAILED = 1


class UsageError(ValueError):
    """A bad command-line value (reported like a bad file: one line, exit status 2)."""


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)[xX](\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 25x25, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def cmd_explain(args: argparse.Namespace) -> int:
    program = load_program(cli_authoring.program_path(args.program))
    if args.position.endswith(".jsonl"):  # it said "line 2, column 1: invalid JSON: Extra data"
        raise UsageError(f"{args.position}: a replay, not a position file (.position.json)")
    position = load_position(args.position)
    cli_authoring.check_snake(args.position, args.snake, len(position.snakes), UsageError)
    print(json.dumps(explain(compile_program(program), position, args.snake).to_json(), indent=2))
    return 0


def cmd_battle(args: argparse.Namespace) -> int:
    """A snake match through the match API (``--record`` writes its ``match-replay/1``), with the
    battle's own flags and its own one-line result (:class:`arena.program_battle.BattleResult`)."""
    if not 2 <= len(args.programs) <= GAME_INFO.max_snakes:
        raise UsageError(f"a battle needs 2..{GAME_INFO.max_snakes} programs, got {len(args.programs)}")
    paths = [cli_authoring.program_path(p) for p in args.programs]
    programs = [load_program(p) for p in paths]
    width, height = args.size
    if args.length < 2:
        raise UsageError(f"--length {args.length}: a snake has at least 2 cells (head and tail)")
    if not 0 <= args.steps <= MAX_ROUNDS:
        raise UsageError(f"--steps {args.steps}: the step limit is from 0 to {MAX_ROUNDS:,}")
    try:  # check the field before a --record file is created
        start_position(len(programs), width, height, args.length)
    except PositionError as err:
        raise UsageError(f"--size {width}x{height} --length {args.length}: {err}") from None
    check_new_files([("--record", args.record)], UsageError)
    options = {"width": width, "height": height, "length": args.length, "steps": args.steps}
    # The programs as read (their text), so the battle plays exactly what was checked above.
    setup = MatchSetup("snake", tuple(dumps_program(p) for p in programs), args.seed, options,
                       tuple(p.name for p in paths))
    try:  # a long battle (--steps up to a million) stopped with Ctrl-C ended in a traceback
        with _signals_interrupt():
            result = run_match(setup, record=args.record, on_round=ProgressEvery(f"battle: step {{}} of {args.steps:,}"))
    except Interrupted as stop:
        return _stopped("battle", stop, args.record)
    print(json.dumps(BattleResult.of(result).to_json()))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    for argument in args.programs:
        try:
            path = cli_authoring.program_path(argument)
            program = load_program(path)
        except ProgramError as err:
            print(f"snakepit: {err}", file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        results = run_tests(program)
        failed = [r for r in results if not r.passed]
        warnings = program_warnings(program, sample=not args.no_sample)
        cards = f"{len(program.cards)} card{'s' if len(program.cards) != 1 else ''}"
        noted = f"; {len(warnings)} warning{'s' * (len(warnings) != 1)}" if warnings else ""
        print(f"{path}: valid, {cards}, {len(results) - len(failed)}/{len(results)} tests passed{noted}")
        for result in results:
            if args.verbose or not result.passed:
                print(f"  {result.describe()}")
        for line in warning_lines(warnings):
            print(line)
        if (failed or (warnings and args.strict)) and status == 0:
            status = EXIT_FAILED
    return status




class Interrupted(Exception):
    """SIGTERM (or SIGINT) during a match: the match is stopped, its bots killed, the replay kept."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def _signals_interrupt() -> Iterator[None]:
    """Turn SIGINT and SIGTERM into :class:`Interrupted` while a match runs, so the bots are
    killed on the way out (a plain SIGTERM would end Python without cleaning up)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _stopped(what: str, stop: Interrupted, record: str | None) -> int:
    """Say that a match was stopped (and what its replay keeps); its exit status."""
    kept = f"; {record} keeps the finished rounds" if record and os.path.isfile(record) else ""  # (not a FIFO)
    print(f"snakepit: {what} stopped by {stop}{kept}", file=sys.stderr)
    return 128 + stop.signum


def sandbox_options(args: argparse.Namespace, defaults: Mapping[str, Any], what: str) -> dict[str, Any]:
    """The ``sandbox`` and ``network`` options from ``--no-sandbox`` and ``--allow-network``; a
    warning on stderr when the bots will run unsandboxed."""
    options: dict[str, Any] = {}
    if not (args.no_sandbox or args.allow_network):
        return options
    if "sandbox" not in defaults:
        raise UsageError(f"{what}: --no-sandbox and --allow-network are for bots; this game has none")
    if args.no_sandbox:
        options["sandbox"] = False
        print("snakepit: WARNING: --no-sandbox: the bots run as you, and may read and change everything you may",
              file=sys.stderr)
    if args.allow_network:
        options["network"] = sorted(set(args.allow_network))
    return options


def sandbox_line(host: Host) -> str:
    """One line saying what holds for the bots: the first seat's sandbox (they differ only in
    their uid and network), the seats with network, or that they are not sandboxed."""
    if not host.policy.enabled:
        return "the bots are NOT sandboxed"
    described = host.describe()
    if not described:
        return "no bots"
    common = [line for line in described[0]
              if not line.startswith(("runs as uid", "host network", "no network", SHOWN_ALONE))]
    network = sorted(host.policy.network)
    reach = f"network for seat{'s' if len(network) > 1 else ''} {', '.join(map(str, network))} only" if network \
        else "no network"
    return f"each bot in a sandbox of its own: {'; '.join([*common, reach])}"


def add_sandbox_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run the bots unsandboxed, as you (only for bots you trust; said in the replay)")
    parser.add_argument("--allow-network", type=int, action="append", default=[], metavar="SEAT",
                        help="let seat SEAT (0-based) use the network; the others have none (repeatable)")


def cmd_match(args: argparse.Namespace) -> int:
    games = registry.games()
    descriptor = games[args.game]
    try:
        options = options_from_flags(args, descriptor, games)
    except FlagError as error:
        raise UsageError(f"match {args.game}: {error}") from None
    options.update(sandbox_options(args, descriptor.defaults, f"match {args.game}"))
    count, low, high = len(args.bot or ()), descriptor.min_seats, descriptor.max_seats
    if not low <= count <= high:  # it said "worms needs 4 seats, got 0", of seats the user never typed
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise UsageError(f"match {args.game}: {count} --bot given; {args.game} is played by {wanted} seats: "
                         "one --bot CMD each, seat 0 first")
    if descriptor.map_required and options.get(descriptor.map_option or "") is None:
        flag = descriptor.option(descriptor.map_option or "").cli_flag
        raise UsageError(f"match {args.game} needs {flag} FILE ({descriptor.option(descriptor.map_option or '').help})")
    check_new_files([("--record", args.record), *((option.cli_flag or option.name, options.get(option.name))
                                                  for option in descriptor.options if option.writes)], UsageError)
    if args.stderr and "sandbox" not in descriptor.defaults:
        raise UsageError(f"match {args.game}: --stderr is for bots; this game has none")
    for flag, seats in (("--stderr", args.stderr), ("--allow-network", args.allow_network)):
        if (unknown := cli_stderr.unknown_stderr_seat(seats, len(args.bot or ()), flag)) is not None:
            raise UsageError(f"match {args.game}: {unknown}")  # ("option network: seat 7 ...": no flag named)
    seed = secrets.randbelow(1 << 32) if args.seed is None else args.seed
    setup = MatchSetup(args.game, tuple(args.bot or ()), seed, options)

    names: list[str] = []
    seen: set[tuple[int, BotStatus]] = set()

    def started(run: GameRun) -> None:
        names.extend(str(seat.get("name", "")) for seat in run.seats)
        if args.seed is None:  # said once the setup is good, so a bad input still gets one line
            print(f"snakepit: seed {seed} (chosen at random)", file=sys.stderr, flush=True)
        if isinstance(run, BotRun):
            print(f"snakepit: {sandbox_line(run.host)}", file=sys.stderr, flush=True)
            for seat, lines in enumerate(run.host.describe()):
                for line in lines:
                    if line.startswith(SHOWN_ALONE):
                        print(f"snakepit: seat {seat}: {line}", file=sys.stderr, flush=True)

    shown = MatchProgress(sys.stderr)

    def progress(info: RoundInfo) -> None:
        news = status_lines(info, names, seen)
        for seat in sorted(set(args.stderr)):
            if info.records is not None:
                news += cli_stderr.stderr_lines(info.index, seat, info.records[seat].stderr_tail)
        shown.show(progress_line(info), news, last=bool(info.end))

    try:
        with _signals_interrupt():
            try:
                result = run_match(setup, record=args.record, on_round=progress, on_start=started)
            finally:
                shown.close()
    except Interrupted as stop:
        return _stopped("match", stop, args.record)
    print(json.dumps(result.to_json()))
    return 0


def replay_summary(replay: Replay) -> list[str]:
    seats = ", ".join(str(s["name"]) for s in replay.seats)
    options = ", ".join(f"{k} {v}" for k, v in replay.options.items() if not k.endswith("_text") and v is not None)
    lines = [f"{replay.path}: {replay.game}, seed {replay.seed}, {len(replay.seats)} seats: {seats}"]
    if options:
        lines.append(f"options: {options}")
    result = replay.result
    if result is None:
        cut = " (its last line was cut off)" if replay.truncated else ""
        lines.append(f"{len(replay.rounds)} rounds recorded, no result: the match did not finish{cut}")
    else:
        lines.append(f"{result['rounds']} rounds, end {end_with_words(replay.game, result.get('end'))}; "
                     f"scores {_words(result['scores'])}; ranks {_words(result['ranks'])}; "
                     f"statuses {_words(result['statuses'])}")
    return lines


def end_with_words(game: str, code: object) -> str:
    """The result's end code, and the game's words for it where it has them: ``round_limit (the
    round limit)``; the code stays first, as scripts read it."""
    if not isinstance(code, str):
        return "?"
    descriptor = registry.games().get(game)
    words = descriptor.end_text(code) if descriptor is not None else code.replace("_", " ")
    return code if words == code.replace("_", " ") else f"{code} ({words})"


def _words(values: Sequence[object]) -> str:
    return " ".join(map(str, values))


def cmd_replay(args: argparse.Namespace) -> int:
    if args.verify and args.stderr:  # (--stderr was ignored: a check printed where stderr was asked for)
        raise UsageError("--verify and --stderr: one at a time (verify the replay, or print a seat's stderr)")
    if args.verify:
        progress = ProgressEvery("verifying: {} rounds checked")
        checked = [0]

        def on_round(index: int) -> None:
            checked[0] = index
            progress.at(index)

        try:
            report = verify_replay(args.file, on_round)
        except KeyboardInterrupt:  # it said only "replay stopped by Ctrl-C": how far did it get?
            print(f"snakepit: replay --verify stopped by Ctrl-C after {checked[0]:,} rounds of {args.file} checked: "
                  "no verdict (it takes every round)", file=sys.stderr)
            return EXIT_INTERRUPTED
        print(report.summary())
        return 0 if report.ok else EXIT_FAILED
    replay = read_replay(args.file)
    if (unknown := cli_stderr.unknown_stderr_seat(args.stderr, len(replay.seats))) is not None:
        raise UsageError(f"{args.file}: {unknown}")
    if args.stderr and replay.game == "snake":
        raise UsageError(f"{args.file}: --stderr: a snake battle's seats are card programs, which write no stderr")
    if args.stderr:
        seats = sorted(set(args.stderr))
        lines: Iterable[str] = cli_stderr.replay_stderr_lines(replay.rounds, seats)
        for note in cli_stderr.silent_seats_notes(replay.rounds, seats, [str(s.get("name", "")) for s in replay.seats]):
            print(cli_stderr.printable(f"snakepit: {args.file}: {note}"), file=sys.stderr)  # nothing printed: no mistake
    else:
        lines = [*replay_summary(replay), *replay_status_lines(replay)]
    for line in lines:  # a seat's name, an option, from a file someone sent: shown, never obeyed by the terminal
        print(cli_stderr.printable(line))
    return 0


def replay_status_lines(replay: Replay) -> list[str]:
    """What the match's progress said of its seats: a line the first time a seat got each status
    other than ok, with the reason (``round 3: seat 1 (b.py) crashed: …``)."""
    names = [str(seat.get("name", "")) for seat in replay.seats]
    seen: set[tuple[int, BotStatus]] = set()
    lines = []
    for number, value in enumerate(replay.rounds, 1):
        try:
            records = [TurnRecord.from_json(record) for record in value.get("records") or ()]
        except ValueError as error:
            raise ReplayError(f"{replay.where(number)}: {error}") from None
        lines += record_lines(int(value["round"]), records, names, seen)
    return lines


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line like every other input error, and negative
    numbers read as values (its subcommands' parsers are of this class too)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see '{self.prog} --help')\n")

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        """A command's parser refuses what it does not know itself, naming its own help: the
        top-level parser said "snakepit: unrecognized arguments: --size 60x60 (see 'snakepit
        --help')" for ``snakepit match snake --size 60x60``, where that help lists no flag."""
        parsed, extra = super().parse_known_args(*args, **kwargs)
        if extra and " " in self.prog:  # ("snakepit match": a command's)
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed, extra

    def _parse_optional(self, arg_string: str) -> Any:
        """A word that is a number (``-5``, ``-inf``, ``-1e3``: see :func:`_is_number`) is a value,
        never an option: ``duel --elo0 -inf`` said "--elo0: expected one argument" (only
        ``--elo0=-inf`` worked), as argparse takes only ``-5`` and ``-.5`` for numbers. No
        snakepit option is spelt as a number, so none is shadowed."""
        if _is_number(arg_string):
            return None
        return super()._parse_optional(arg_string)


def _is_number(text: str) -> bool:
    """``-5``, ``-inf``, ``-1e3`` and what starts like a number (``--budget -5m``, ``--size -5x5``:
    the flag's own check says what is wrong with it)."""
    if re.match(r"-\.?\d", text):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="snakepit", description="A studio for programming games.")
    parser.add_argument("--version", action="version", version=f"snakepit {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("explain", help="explain a snake program's choice in a position (JSON)")
    p.add_argument("program", metavar="PROGRAM", type=path_argument, help="a .snake.json file or a sample name")
    p.add_argument("position", metavar="POSITION", type=path_argument, help="a .position.json file")
    p.add_argument("--snake", type=int, default=0, metavar="I", help="0-based index of the snake (default 0)")
    p.set_defaults(handler=cmd_explain)

    p = sub.add_parser("battle", help="run a headless battle of 2-4 snake programs")
    p.add_argument("programs", nargs="+", metavar="PROGRAM", type=path_argument,
                   help="2-4 .snake.json files or sample names")
    p.add_argument("--seed", type=seed_argument, required=True, metavar="N",
                   help="0 to 2**64-1: the same seed gives the same battle, byte for byte")
    p.add_argument("--size", type=_size, default=(GAME_INFO.default_width, GAME_INFO.default_height), metavar="WxH",
                   help=f"the field (default {GAME_INFO.default_width}x{GAME_INFO.default_height})")
    p.add_argument("--length", type=int, default=GAME_INFO.default_length, metavar="L",
                   help=f"the snakes' start length (default {GAME_INFO.default_length})")
    p.add_argument("--steps", type=int, default=GAME_INFO.default_steps, metavar="S",
                   help=f"the step limit, 0 to {MAX_ROUNDS:,} (default {GAME_INFO.default_steps:,}; every 5 s a "
                        "line on stderr says how far it is)")
    p.add_argument("--record", metavar="FILE", type=path_argument,
                   help="write a JSONL replay (a new or empty file: one that holds something is never written over)")
    p.set_defaults(handler=cmd_battle)

    p = sub.add_parser("match", help="run a match of bots (or snake programs), headless; final line JSON")
    p.add_argument("game", choices=sorted(GAMES), metavar="GAME", help=f"one of: {', '.join(sorted(GAMES))}")
    p.add_argument("--bot", action="append", metavar="CMD",
                   help="a seat's bot: a path, a quoted command line or a sample bot's name (snake: a program "
                        "or sample name); once per seat, seat 0 first ('snakepit rules GAME' ends with how bots run)")
    p.add_argument("--seed", type=seed_argument, metavar="N", help="default: a fresh random seed, printed on stderr")
    add_game_flags(p, registry.games())
    p.add_argument("--record", metavar="FILE", type=path_argument,
                   help="write a JSONL replay as the match runs (a new or empty file: one that holds something is "
                        "never written over)")
    add_sandbox_flags(p)
    cli_stderr.add_stderr_flag(p, "as the match plays (on stderr, with the progress)")
    p.set_defaults(handler=cmd_match)

    p = sub.add_parser("replay", help="summarise a replay, or verify it against the engine")
    p.add_argument("file", metavar="FILE", type=path_argument,
                   help="a match replay (.jsonl, as match and battle record it); a pipe or FIFO too")
    p.add_argument("--verify", action="store_true",
                   help="re-simulate every round and compare (exit 1 when it does not verify)")
    cli_stderr.add_stderr_flag(p, "as the replay recorded it (instead of the summary)")
    p.set_defaults(handler=cmd_replay)

    p = sub.add_parser("check", help="validate snake programs, run their embedded tests, list warnings")
    p.add_argument("programs", nargs="+", metavar="PROGRAM", type=path_argument)
    p.add_argument("-v", "--verbose", action="store_true", help="list passing tests too")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--no-sample", action="store_true", help="only proved warnings (no sample battles: faster)")
    p.set_defaults(handler=cmd_check)
    cli_tournament.add_parsers(sub)
    cli_authoring.add_parsers(sub)
    cli_improve.add_parsers(sub)
    cli_samples.add_parsers(sub)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run a parsed command, turning input errors into one line and exit status 2."""
    handler: Callable[[argparse.Namespace], int] = args.handler
    if sys.stderr is None:  # started with stderr closed (2>&-): print(file=None) put the progress into stdout's result
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:  # a file name that is not UTF-8 is printed as its bytes, as ls does: with a
        reconfigure(errors="surrogateescape")  # strict stdout (PYTHONIOENCODING, most locales) it was a traceback
    said = replay_lines.waiting_notice.set(_say_waiting)
    try:
        return handler(args)
    except (ProgramError, PositionError, UsageError, MatchSetupError, ReplayError, SampleError, OSError) as err:
        return report_input_error(err)
    except KeyboardInterrupt:  # Ctrl-C in a long command (``replay --verify`` of a big file): a traceback before
        print(f"snakepit: {args.command} stopped by Ctrl-C", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        replay_lines.waiting_notice.reset(said)


def _say_waiting(text: str) -> None:
    print(f"snakepit: {text}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
