"""The worm game's referee (specs/worms.md, steps 1-3 of a round; the engine does 4-11).

Each round the bots of the living, unfrozen worms are started together as
``PROGRAM PLAYFIELD_FILE WORM_ID``, the playfield written into each seat's folder, all under one
deadline (3 s by default); the first character of stdout is the move. No answer, a bad one or a
misbehaving bot means straight on, and the seat's record says why. Step 11's random draws come
from a generator seeded with the match seed, so ``(seed, moves)`` replays the game bit for bit.

Options: ``map`` (a playfield file at round 0, or a sample map's name such as ``meadow``),
``map_text`` (the map itself, instead of a file), ``time_limit`` (seconds per round), ``rounds``
(a round limit instead of the map's), ``limits`` (:class:`arena.bots.Limits` or its fields),
``line_end`` (``lf``, ``crlf`` or ``cr``: how the playfield files are written).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.bots import AnswerRule, BotHost, BotStatus, SpawnBot, TurnInput, TurnRecord, run_round
from arena.match import (
    GameReferee,
    BotRun,
    MatchSetup,
    MatchSetupError,
    RoundInfo,
    bot_commands,
    check_replay_seats,
    limits_option,
    register,
    rounds_option,
    seat_names,
    seat_seed,
    time_limit_option,
)
from arena.replay import Replay, ReplayError, check_idle
from arena.samples import resolve_sample_file
from engines.worms import (
    GAME_INFO,
    EventJsonError,
    LineEnd,
    PlayfieldError,
    RoundResult,
    StateError,
    WormsState,
    event_to_json,
    play_round,
    playfield_from_text,
    playfield_to_text,
    turns_from_json,
    turns_to_json,
)

PLAYFIELD_FILE = "playfield.txt"
ANSWERS = frozenset("lLrR.")
"""The answers the spec names; any other character also means straight on, but is a wrong answer."""
_LINE_ENDS = {"lf": LineEnd.LF, "crlf": LineEnd.CRLF, "cr": LineEnd.CR}


def resolve_map(argument: str | Path) -> Path:
    """A map file as given, or, when there is no such file, the sample map of that name
    (``meadow``, ``meadow.txt``, ``stripes``, ``redbot-2012/stripes``)."""
    return resolve_sample_file("worms", argument)


def load_map(options: Mapping[str, Any]) -> tuple[str, str]:
    """``(where, text)`` of the map the options name; errors name the file."""
    if options.get("map_text") is not None:
        return "map_text", str(options["map_text"])
    if options.get("map") is None:
        raise MatchSetupError("worms needs a map (option map: a playfield file at round 0)")
    path = resolve_map(options["map"])
    try:
        with open(path, encoding="utf-8", newline="") as source:
            return str(path), source.read()
    except UnicodeDecodeError as error:
        raise MatchSetupError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise MatchSetupError(f"{path}: {error.strerror or error}") from None


def parse_map(where: str, text: str, rounds: int | None) -> WormsState:
    """The start state of a map; errors say ``file:line:column: what``."""
    try:
        state = playfield_from_text(text)
    except PlayfieldError as error:
        place = ":".join(str(part) for part in (where, error.line, error.column) if part is not None)
        raise MatchSetupError(f"{place}: {error.detail}") from None
    except StateError as error:
        raise MatchSetupError(f"{where}: {error}") from None
    if state.round != 0:
        raise MatchSetupError(f"{where}:1: a map is a playfield at round 0, this one is at round {state.round}")
    if rounds is not None:
        state = replace(state, max_rounds=rounds)
    if state.over:
        raise MatchSetupError(f"{where}: the game on this map is over before it starts ({state.end_reason()})")
    return state


class WormsReferee(GameReferee):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players
    defaults: Mapping[str, Any] = {
        "map": None, "map_text": None, "time_limit": GAME_INFO.default_time_limit, "rounds": None, "limits": None,
        "line_end": "lf",
    }

    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> WormsRun:
        options = self.resolve_options(setup)
        time_limit = time_limit_option(options["time_limit"])
        rounds = rounds_option(options["rounds"])
        limits = limits_option(options["limits"])
        if options["line_end"] not in _LINE_ENDS:
            raise MatchSetupError(f"option line_end: expected lf, crlf or cr, got {options['line_end']!r}")
        where, text = load_map(options)
        state = parse_map(where, text, rounds)
        commands = bot_commands(setup)
        resolved = {
            "map": None if options["map"] is None else str(options["map"]), "map_text": text,
            "time_limit": time_limit, "rounds": state.max_rounds, "line_end": options["line_end"],
        }
        host = BotHost(limits, root=host_root, env=bot_env)
        try:
            bots = [host.spawn_bot(command, name=f"worm-{i}", env={"BOT_SEED": str(seat_seed(setup.seed, i))})
                    for i, command in enumerate(commands)]
        except BaseException:
            host.close()
            raise
        return WormsRun(host, bots, state, setup.seed, seat_names(setup, commands), resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> WormsState:
        return parse_map("map_text", str(options["map_text"]), rounds_option(options.get("rounds")))

    def replay_rounds(self, replay: Replay) -> Iterator[RoundInfo]:
        check_replay_seats(replay, GAME_INFO.players)
        try:
            state = self.initial_state(replay.options)
        except (MatchSetupError, KeyError) as error:
            raise ReplayError(f"{replay.path}:1: the header's map: {error}") from None
        rng = random.Random(replay.seed)
        for index, line in enumerate(replay.rounds, 1):
            if state.over:
                raise ReplayError(f"{replay.where(index)}: round {index} after the game's end ({state.end_reason()})")
            check_idle(replay, index, self.idle_seats(state))
            try:
                moves = turns_from_json(line["moves"])
                records = _records(line["records"])
            except (EventJsonError, ValueError) as error:
                raise ReplayError(f"{replay.where(index)}: round {index}: {error}") from None
            result = play_round(state, moves, rng)
            yield _round_info(index, result, records)
            state = result.state

    def idle_seats(self, state: WormsState) -> dict[int, str]:
        """The worms that do not move in the next round (their bots are not run), with why."""
        return idle_worms(state)

    def event_json(self, event: Any) -> Any:
        return event_to_json(event)

    def state_text(self, state: Any) -> str:
        return playfield_to_text(state)

    def start_scores(self, replay: Replay) -> tuple[int, ...]:
        return self.initial_state(replay.options).scores()


class WormsRun(BotRun):
    state: WormsState
    bots: list[SpawnBot]

    def __init__(self, host: BotHost, bots: list[SpawnBot], state: WormsState, seed: int,
                 seats: list[dict[str, Any]], options: dict[str, Any]) -> None:
        super().__init__(host, bots, state, seats, options)
        self.rng = random.Random(seed)
        self.time_limit: float = options["time_limit"]
        self.line_end = _LINE_ENDS[options["line_end"]]

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        movers = self.state.movers()                                                       # 1
        text = playfield_to_text(self.state, self.line_end)
        turns = [(self.bots[i], TurnInput((str(self.bots[i].workdir / PLAYFIELD_FILE), str(i)), {PLAYFIELD_FILE: text}))
                 for i in movers]
        answered = run_round(turns, self.time_limit, AnswerRule.FIRST_CHAR, cancel)       # 2, 3
        if cancel is not None and cancel.is_set():
            return None
        idle = idle_worms(self.state)
        records = [TurnRecord.skipped(idle.get(i, "")) for i in range(GAME_INFO.players)]
        moves: list[str | None] = [None] * GAME_INFO.players
        for i, record in zip(movers, answered):
            records[i] = _judge(record)
            moves[i] = record.answer if record.ok else None
        result = play_round(self.state, moves, self.rng)                                  # 4-11
        self.state = result.state
        self.rounds += 1
        return _round_info(self.rounds, result, tuple(records))

    def end(self) -> str | None:
        reason = self.state.end_reason()
        return None if reason is None else reason.value

    def scores(self) -> tuple[int, ...]:
        return self.state.scores()

    def ranks(self) -> tuple[int, ...]:
        return self.state.ranks()

def idle_worms(state: WormsState) -> dict[int, str]:
    """The worms that do not move in the next round, with why: ``dead``, ``frozen for n more rounds``."""
    return {i: "dead" if not w.alive else f"frozen for {w.frozen} more rounds"
            for i, w in enumerate(state.worms) if not w.moving}


def _judge(record: TurnRecord) -> TurnRecord:
    """A character the spec does not name is a wrong answer: straight on, and said so."""
    if record.ok and record.answer not in ANSWERS:
        return record.with_status(BotStatus.INVALID_OUTPUT, f"answered {record.answer!r}, not l, r or '.': straight on")
    return record


def _round_info(index: int, result: RoundResult, records: tuple[TurnRecord, ...] | None) -> RoundInfo:
    end = None if result.end is None else result.end.value
    return RoundInfo(index, result.state, records, tuple(turns_to_json(result.turns)), result.events,
                     result.state.scores(), end)


def _records(value: Any) -> tuple[TurnRecord, ...] | None:
    if value is None:
        return None
    return tuple(TurnRecord.from_json(r) if r is not None else TurnRecord.skipped("") for r in value)


REFEREE = register(WormsReferee())
