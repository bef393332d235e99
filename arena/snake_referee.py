"""The snake battle as a match: card programs play in-process (:mod:`arena.program_battle`), a
step is a round. This is the one snake stack: ``snakepit battle`` and ``snakepit match snake``,
tournaments, the arena pane and the editor's Battle tab all play through it, and it records the
one replay format (``match-replay/1``). Seats are program files or sample names (or a program's
JSON text itself, as a tournament's worker and the editor's Battle tab give it); the header keeps
each program, so a replay verifies without them. Records are None: a card program cannot
misbehave, and a replay must be the same file for the same seed and programs. How long each
program took to choose its move is still measured, for people (a think-time plot): a round played
live is a :class:`SnakeRound` whose ``decisions`` hold per seat a record like the bot games' (``ok``
with the move and its wall and CPU seconds, or ``skipped``: eaten, boxed in, the battle over
first). They never reach the replay or the result. A replay played on (the arena shows it, a
check verifies it) asks each program for its move again: those rounds come with the times measured
then, so a replay has its think times too (the moves are the recorded ones, the times today's).

Options: ``width``, ``height``, ``length`` (of each snake at the start), ``steps`` (the step limit,
0 for a battle that ends before its first step; ``rounds`` is taken for it too), ``start``: a
position to play on from instead of the start layout, in the engine's text form
(:func:`engines.snake.position_to_text`), one snake per seat in seat order. A what-if — a battle
continued from one of its steps with other programs — is a match with ``start`` (and the steps
left), so its replay verifies like any other. With ``start`` the field's size is the position's
(``width``/``height``, when given, must agree) and ``length`` is not taken.

Replays that ``snakepit battle --record`` wrote before it recorded match replays
(``snake-replay/1``) are read by :func:`legacy_replay` as match replays (rounds without scores and
state digests), so ``snakepit replay``, the arena and the card statistics read, summarise and
verify them still.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.bots import BotStatus, TurnRecord
from arena.games.descriptor import GameDescriptor, Hosting
from arena.games.options import MAX_ROUNDS, Option, OptionKind
from arena.games.registry import register
from arena.match import GameRun, MatchSetup, MatchSetupError, RoundInfo
from arena.program_battle import BattleSettings, SnakeMatch, program_policy
from arena.referee import GameReferee
from arena.replay import Replay, ReplayError
from arena.samples import SAMPLES_DIR, resolve_program
from engines.protocol import MoveError, Step
from engines.snake.game import GAME, SnakeState, moves_of
from engines.snake.position import MAX_FIELD_SIDE
from engines.snake import (
    GAME_INFO,
    Battle,
    Board,
    Direction,
    Event,
    Policy,
    Position,
    PositionError,
    Skipped,
    StepReport,
    position_from_text,
    position_to_text,
    start_position,
)
from matcher import CompiledProgram, Program, ProgramError, compile_program, load_program, loads_program, program_to_json
from matcher.fileformat import PROGRAM_SUFFIX, program_from_json

LEGACY_FORMAT = "snake-replay/1"
SNAKE_SAMPLES = SAMPLES_DIR / "snake"


def _size(options: Mapping[str, Any], key: str, least: int) -> int:
    value = options[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise MatchSetupError(f"option {key}: expected a whole number of at least {least}, got {value!r}")
    return value


def start_of(text: Any, snakes: int) -> Position:
    """The ``start`` option's position, checked to hold one snake per seat."""
    if not isinstance(text, str):
        raise MatchSetupError(f"option start: expected a position in its text form, got {text!r:.60}")
    try:
        position = position_from_text(text)
    except PositionError as error:
        raise MatchSetupError(f"option start: {error}") from None
    if len(position.snakes) != snakes:
        raise MatchSetupError(f"option start: the position holds {len(position.snakes)} snakes for {snakes} seats")
    return position


def settings_of(options: Mapping[str, Any], seed: int, snakes: int) -> BattleSettings:
    """The battle resolved options (or a replay header's) describe; ``width``, ``height`` and
    ``length`` may be missing when ``start`` is given."""
    if options.get("start") is not None:
        start = start_of(options["start"], snakes)
        for key, size in (("width", start.width), ("height", start.height)):
            if key in options and options[key] != size:
                raise MatchSetupError(f"option {key}: {options[key]!r}, but the start position's field is "
                                      f"{start.width}x{start.height}")
        return BattleSettings(seed, start.width, start.height, max_steps=_size(options, "steps", 0), start=start)
    width, height = _size(options, "width", 1), _size(options, "height", 1)
    length = _size(options, "length", 2)
    steps = _size(options, "steps", 0)
    settings = BattleSettings(seed, width, height, length, steps)
    try:
        start_position(snakes, width, height, length)
    except PositionError as error:
        raise MatchSetupError(f"options width {width}, height {height}, length {length}: {error}") from None
    return settings


def is_program_text(seat: str) -> bool:
    """Whether a seat is a program's JSON text itself (what a tournament's task carries, so that
    a worker needs no file of it) rather than a file or a sample's name."""
    return seat.lstrip().startswith("{")


class SnakeReferee(GameReferee[SnakeState, str | None, Event]):
    def resolve_options(self, setup: MatchSetup) -> dict[str, Any]:
        """``rounds`` is taken for ``steps`` too: every other game calls its limit so."""
        options = dict(setup.options)
        if "rounds" in options:
            if "steps" in options:
                raise MatchSetupError("snake takes options steps or rounds (the same limit), not both")
            options["steps"] = options.pop("rounds")
        resolved = super().resolve_options(MatchSetup(setup.game, setup.seats, setup.seed, options, setup.names))
        if options.get("start") is not None:
            if "length" in options:
                raise MatchSetupError("options start and length do not go together: the start position sets the snakes")
            for key in ("width", "height", "length"):  # the position's own, not the defaults
                if key not in options:
                    del resolved[key]
        return resolved

    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> SnakeRun:
        options = self.resolve_options(setup)
        settings = settings_of(options, setup.seed, len(setup.seats))
        programs: list[Program] = []
        seats: list[dict[str, Any]] = []
        for seat, argument in enumerate(setup.seats):
            path = Path(f"seat-{seat}{PROGRAM_SUFFIX}") if is_program_text(argument) else resolve_program(argument)
            try:
                programs.append(loads_program(argument, f"seat {seat}'s program") if is_program_text(argument)
                                else load_program(path))
            except ProgramError as error:
                raise MatchSetupError.of_seat(seat, error) from None
            except OSError as error:
                raise MatchSetupError.of_seat(seat, f"{path}: {error.strerror or error}") from None
            name = setup.names[seat] if setup.names else path.name
            seats.append({"name": name, "program": program_to_json(programs[-1])})
        resolved: dict[str, Any] = {"width": settings.width, "height": settings.height, "length": settings.length,
                                    "steps": settings.max_steps}
        if settings.start is not None:  # headers without it stay as they were
            del resolved["length"]
            resolved["start"] = position_to_text(settings.start)
        return SnakeRun(SnakeMatch(programs, settings), seats, resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int) -> SnakeState:
        settings = settings_of(options, 0, seats)
        position = settings.start_position(seats)
        return SnakeState.of(Battle(position, random.Random(0), settings.max_steps))

    def replay_context(self, replay: Replay) -> _Replaying:
        """The header's programs, compiled: a replayed step asks them for the moves."""
        try:
            programs = [program_from_json(seat["program"], f"seat {i}") for i, seat in enumerate(replay.seats)]
        except (ProgramError, KeyError, TypeError) as error:
            raise ReplayError(f"{replay.path}:1: the header: {error}") from None
        return _Replaying([compile_program(program) for program in programs])

    def replay_step(self, context: Any, state: Any, moves: Sequence[Any], rng: random.Random) -> Step[Any]:
        """Each snake's program chooses its move at its turn, as in the match (ties drawn from the
        match's generator); a move other than the one recorded is the replay's error."""
        replaying: _Replaying = context
        replaying.times = [None] * len(replaying.programs)
        return self.engine.step(state, [_checked(replaying.timed(program_policy(program, rng), seat), move, seat)
                                        for seat, (program, move) in enumerate(zip(replaying.programs, moves))], rng)

    def replayed_round(self, context: Any, info: RoundInfo) -> RoundInfo:
        """The round with each program's decision as the live match reports it (times measured now)."""
        replaying: _Replaying = context
        boxed_in = {event.snake for event in info.events if isinstance(event, Skipped)}
        eaten = [snake.eaten for snake in info.state.position.snakes]
        return SnakeRound(**vars(info), decisions=_records(info.moves, replaying.times, boxed_in, eaten))


@dataclass
class _Replaying:
    """A snake replay being played on: the header's programs, and per seat the seconds (wall, CPU)
    its program took to choose its move in the step just replayed (None: it chose none)."""

    programs: list[CompiledProgram]
    times: list[tuple[float, float] | None] = field(default_factory=list)

    def timed(self, policy: Policy, seat: int) -> Policy:
        def choose(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return policy(board, snake, possible)
            finally:
                self.times[seat] = (time.perf_counter() - wall, time.thread_time() - cpu)

        return choose


def _checked(policy: Policy, recorded: Any, seat: int) -> Policy:
    def choose(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
        chosen = policy(board, snake, possible)
        if chosen.label != recorded:
            raise MoveError(f"seat {seat}: its program moves {chosen.label}, but the replay records {recorded!r:.40}")
        return chosen

    return choose


class SnakeRun(GameRun):
    def __init__(self, match: SnakeMatch, seats: list[dict[str, Any]], options: dict[str, Any]) -> None:
        self.match = match
        self.seats = seats
        self.options = options

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        report = self.match.step()
        info = _round_info(self.match, report)
        self.rounds += 1
        return SnakeRound(**vars(info), decisions=_decisions(self.match, info.moves, report))

    @property
    def state(self) -> SnakeState:
        return SnakeState.of(self.match.battle)

    def end(self) -> str | None:
        end = self.match.battle.end
        return None if end is None else end.value

    def scores(self) -> tuple[int, ...]:
        return tuple(self.match.battle.scores())

    def ranks(self) -> tuple[int, ...]:
        return tuple(self.match.battle.ranks())


@dataclass(frozen=True)
class SnakeRound(RoundInfo[SnakeState, str | None, Event]):
    """A step played live: a round whose ``records`` stay None (see the module doc), with the
    programs' decision times beside them."""

    decisions: tuple[TurnRecord, ...] = ()
    """Per seat its move and the seconds its program took to choose it, or ``skipped`` and why."""


def _round_info(match: SnakeMatch, report: StepReport) -> RoundInfo:
    battle = match.battle
    end = None if report.end is None else report.end.value
    return RoundInfo(report.step, SnakeState.of(battle), None, moves_of(report.events, battle.board.snake_count),
                     report.events, tuple(battle.scores()), end, tuple(battle.ranks()))


def _decisions(match: SnakeMatch, moves: Sequence[str | None], report: StepReport) -> tuple[TurnRecord, ...]:
    """Per seat its move and its program's decision time in the step just played."""
    boxed_in = {event.snake for event in report.events if isinstance(event, Skipped)}
    return _records(moves, match.decision_times, boxed_in, match.battle.board.eaten)


def _records(moves: Sequence[str | None], times: Sequence[tuple[float, float] | None], boxed_in: set[int],
             eaten: Sequence[bool]) -> tuple[TurnRecord, ...]:
    """Per seat a record of its step: ``ok`` with the move and the program's (wall, CPU) seconds
    over it, or ``skipped`` and why it did not move."""
    records = []
    for seat, move in enumerate(moves):
        took = times[seat] if seat < len(times) else None
        if move is None or took is None:
            why = ("no possible move" if seat in boxed_in else "eaten" if seat < len(eaten) and eaten[seat]
                   else "the battle ended before its turn")
            records.append(TurnRecord.skipped(why))
        else:
            records.append(TurnRecord(BotStatus.OK, answer=move, wall_time=took[0], cpu_time=took[1]))
    return tuple(records)


def legacy_replay(path: str, values: list[tuple[int, dict[str, Any]]], truncated: bool) -> Replay:
    """A ``snake-replay/1`` file (already split into ``(line, value)``) as a match replay; a value
    of the wrong kind (a float seat, ``1e999`` steps, a result without ``lengths``) is a
    :class:`ReplayError` naming its line."""
    number, old = values[0]
    where = f"{path}:{number}: not a {LEGACY_FORMAT} header"
    try:
        seats = [{"name": str(s["name"]), "program": s["program"]} for s in old["seats"]]
        options = {key: _whole(old[name], name, where) for key, name in
                   (("width", "width"), ("height", "height"), ("length", "length"), ("steps", "max_steps"))}
        if old.get("start") is not None:  # a what-if battle (see :class:`arena.program_battle.BattleSettings`)
            options["start"] = old["start"]
        header = {"type": "header", "format": LEGACY_FORMAT, "game": GAME_INFO.name,
                  "seed": _whole(old["seed"], "seed", where), "seats": seats, "options": options}
    except (KeyError, TypeError) as error:
        raise ReplayError(f"{where}: {error!r}") from None
    rounds: list[dict[str, Any]] = []
    lines: list[int] = []
    result: dict[str, Any] | None = None
    result_line: int | None = None
    for number, value in values[1:]:
        if value.get("type") == "step" and isinstance(value.get("events"), list):
            moves: list[str | None] = [None] * len(seats)
            for event in value["events"]:
                if isinstance(event, list) and len(event) == 3 and event[0] == "move":
                    if type(event[1]) is not int or not 0 <= event[1] < len(seats):
                        raise ReplayError(f"{path}:{number}: a move of snake {event[1]!r:.40}, but the battle has "
                                          f"snakes 0..{len(seats) - 1}")
                    moves[event[1]] = event[2]
            rounds.append({"round": len(rounds) + 1, "moves": moves, "records": None, "events": value["events"]})
            lines.append(number)
        elif value.get("type") == "result" and result is None:
            result, result_line = _legacy_result(f"{path}:{number}", value, len(seats)), number
        else:
            raise ReplayError(f"{path}:{number}: unexpected {LEGACY_FORMAT} line of type {value.get('type')!r}")
    return Replay(path, header, rounds, result, truncated, lines, result_line)


def _legacy_result(where: str, value: dict[str, Any], seats: int) -> dict[str, Any]:
    """A ``snake-replay/1`` result line as a match replay's: ``steps``, ``lengths``, ``ranks``."""
    steps = _whole(value.get("steps"), "steps", f"{where}: result")
    for key in ("lengths", "ranks"):
        found = value.get(key)
        if not (isinstance(found, list) and len(found) == seats and all(type(n) is int for n in found)):
            raise ReplayError(f"{where}: result: {key!r} must list a whole number per snake ({seats}), got {found!r:.60}")
    end = value.get("end")
    if end is not None and not isinstance(end, str):
        raise ReplayError(f"{where}: result: 'end' must be a string, got {end!r:.60}")
    return {"rounds": steps, "end": end, "scores": value["lengths"], "ranks": value["ranks"],
            "statuses": ["ok"] * seats}


def _whole(value: Any, name: str, where: str) -> int:
    if type(value) is not int:
        raise ReplayError(f"{where}: {name!r} must be a whole number, got {value!r:.60}")
    return value


def _snake_samples() -> list[tuple[str, str]]:
    return [(path.name.removesuffix(PROGRAM_SUFFIX), str(path)) for path in sorted(SNAKE_SAMPLES.glob(f"*{PROGRAM_SUFFIX}"))]


DESCRIPTOR = register(GameDescriptor(
    name=GAME_INFO.name, title="Snake", seat_noun="Snake", min_seats=GAME_INFO.min_snakes,
    max_seats=GAME_INFO.max_snakes, hosting=Hosting.PROGRAMS, engine=GAME, referee=SnakeReferee(),
    round_limit="steps", round_noun="step", score_noun="length", time_option=None,
    options=(
        # The engine's own bounds (whether the snakes fit is the start layout's to say), so that
        # every battle ``snakepit battle`` played before it went through the match API still plays.
        Option("width", OptionKind.NUMBER, GAME_INFO.default_width, "the field's width", low=1,
               high=MAX_FIELD_SIDE, label="Width", flag=None),
        Option("height", OptionKind.NUMBER, GAME_INFO.default_height, "the field's height", low=1,
               high=MAX_FIELD_SIDE, label="Height", flag=None),
        Option("length", OptionKind.NUMBER, GAME_INFO.default_length, "each snake's length at the start", low=2,
               high=MAX_FIELD_SIDE, label="Length", flag=None),
        Option("steps", OptionKind.COUNT, GAME_INFO.default_steps, "the step limit (0: the battle ends before "
               "its first step)", low=0, high=MAX_ROUNDS, flag=None),
        Option("start", OptionKind.TEXT, None, "a position to play on from (its text form), one snake per seat",
               flag=None, expects="a position in its text form"),
    ),
    end_reasons={"one_left": "only one snake left", "no_moves": "no snake could move", "step_limit": "the step limit"},
    samples=SNAKE_SAMPLES, default_seats=("hunter", "wall_hugger", "head_avoider", "tail_biter"),
    view="editor.widgets.games.snake.snake_game:SnakeBoard",
    playout=lambda seed: {"width": 13, "height": 13, "length": 4, "steps": 80}, playout_seats=4,
))
REFEREE = DESCRIPTOR.referee
