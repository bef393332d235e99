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

import threading
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.bots import AnswerRule, BotStatus, SpawnBot, TurnInput, TurnRecord
from arena.games.descriptor import GameDescriptor, Hosting, text_files
from arena.games.options import LIMITS_OPTION, MAX_ROUNDS, SANDBOX_OPTIONS, Option, OptionKind, setup_file_options
from arena.games.registry import register
from arena.match import MatchSetup, MatchSetupError, RoundInfo, SeatedBots, start_seats
from arena.referee import GameReferee, RefereedRun
from arena.samples import SAMPLES_DIR, no_such_sample, resolve_sample_file
from arena.setup_files import read_setup_file
from arena.verify import unanswered_problems
from engines.worms import GAME_INFO, Event, LineEnd, PlayfieldError, Turn, WormsState, playfield_from_text, playfield_to_text
from engines.worms.game import GAME, idle_worms

WORMS_SAMPLES = SAMPLES_DIR / "worms"
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
    missing = no_such_sample("worms", options["map"])
    if missing is not None:
        raise MatchSetupError(missing)
    path = resolve_map(options["map"])
    return str(path), read_setup_file(path, MatchSetupError)


def parse_map(where: str, text: str, rounds: int | None) -> WormsState:
    """The start state of a map; errors say ``file:line:column: what``."""
    try:
        state = playfield_from_text(text)
    except PlayfieldError as error:
        place = ":".join(str(part) for part in (where, error.line, error.column) if part is not None)
        raise MatchSetupError(f"{place}: {error.detail}") from None
    if state.round != 0:
        raise MatchSetupError(f"{where}:1: a map is a playfield at round 0, this one is at round {state.round}")
    if rounds is not None:
        state = replace(state, max_rounds=rounds)
    if state.over:
        raise MatchSetupError(f"{where}:1: the game on this map is over before it starts ({state.end_reason()})")
    return state


class WormsReferee(GameReferee[WormsState, str | None, Event]):
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> WormsRun:
        options = self.resolve_options(setup)
        where, text = load_map(options)
        state = parse_map(where, text, options["rounds"])
        resolved = {
            "map": None if options["map"] is None else str(options["map"]), "map_text": text,
            "time_limit": options["time_limit"], "rounds": state.max_rounds, "line_end": options["line_end"],
        }
        seated = start_seats(setup, options, resolved, lambda host, i, command, env: host.spawn_bot(
            command, name=f"worm-{i}", env=env), host_root, bot_env)
        return WormsRun(self, seated, state, setup.seed, resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> WormsState:
        rounds = self.descriptor.option("rounds").parse(options.get("rounds"))  # a header's, checked as a match's
        return parse_map("map_text", str(options["map_text"]), rounds)

    def record_problems(self, info: RoundInfo) -> list[str]:
        """A moving worm's move is its bot's answer when the record says ``ok`` (one of ``l r .``,
        else the record would say ``invalid_output``), and straight on otherwise."""
        problems = super().record_problems(info) + unanswered_problems(info)
        for i, (move, record) in enumerate(zip(info.moves, info.records or ())):
            if record.status is BotStatus.SKIPPED:
                continue
            if record.ok and record.answer not in ANSWERS:
                problems.append(f"seat {i}: its record says ok, but its answer {record.answer!r:.40} is not l, r or '.'")
                continue
            expected = Turn.from_answer(record.answer).char if record.ok else Turn.STRAIGHT.char
            if move != expected:
                said = f"ok with the answer {record.answer!r:.40}" if record.ok else record.status.label
                problems.append(f"seat {i}: its record says {said}, which is the move {expected!r}, "
                                f"but the move recorded is {move!r:.40}")
        return problems


class WormsRun(RefereedRun[WormsState, SpawnBot]):
    def __init__(self, referee: WormsReferee, seated: SeatedBots[SpawnBot], state: WormsState, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(referee, seated, state, seed, options)
        self.time_limit: float = options["time_limit"]
        self.line_end = _LINE_ENDS[options["line_end"]]

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        movers = self.state.movers()                                                       # 1
        text = playfield_to_text(self.state, self.line_end)
        turns = [(self.bots[i], TurnInput((str(self.bots[i].workdir / PLAYFIELD_FILE), str(i)), {PLAYFIELD_FILE: text}))
                 for i in movers]
        answered = self.host.run_round(turns, self.time_limit, AnswerRule.FIRST_CHAR, cancel)       # 2, 3
        if cancel is not None and cancel.is_set():
            return None
        idle = idle_worms(self.state)
        records = [TurnRecord.skipped(idle.get(i, "")) for i in range(GAME_INFO.players)]
        moves: list[str | None] = [None] * GAME_INFO.players
        for i, record in zip(movers, answered):
            records[i] = _judge(record)
            moves[i] = Turn.from_answer(record.answer if record.ok else None).char
        step = self.referee.engine.step(self.state, moves, self.rng)                      # 4-11
        self.state = step.state
        self.rounds += 1
        return self.referee.round_info(self.rounds, step.state, step.moves, step.events, tuple(records), self.rng)


def _judge(record: TurnRecord) -> TurnRecord:
    """A character the spec does not name is a wrong answer: straight on, and said so, with the
    usual cause: a debug line printed before the move (only the first character counts)."""
    if record.ok and record.answer not in ANSWERS:
        return record.with_status(BotStatus.INVALID_OUTPUT, f"answered {record.answer!r}, not l, r or '.' (only the "
                                  "first character written counts: debug output goes to stderr): straight on")
    return record


def _maps() -> list[tuple[str, str]]:
    return text_files(WORMS_SAMPLES) + text_files(WORMS_SAMPLES / "redbot-2012", " (Redbot 2012)")


DESCRIPTOR = register(GameDescriptor(
    name=GAME_INFO.name, title="Worms", seat_noun="Worm", min_seats=GAME_INFO.players, max_seats=GAME_INFO.players,
    hosting=Hosting.SPAWN, engine=GAME, referee=WormsReferee(), round_limit="rounds",
    options=(
        *setup_file_options("map", "the map: a playfield file at round 0, or a sample map's name (meadow)",
                            "worms map"),
        Option("time_limit", OptionKind.SECONDS, GAME_INFO.default_time_limit, "seconds a bot has for each round",
               label="Time limit"),
        Option("rounds", OptionKind.COUNT, None, "a round limit instead of the map's", high=MAX_ROUNDS,
               none_means="the map's own limit", flag=None),
        Option("line_end", OptionKind.TEXT, "lf", "how the playfield files end their lines", choices=("lf", "crlf", "cr")),
        LIMITS_OPTION, *SANDBOX_OPTIONS,
    ),
    end_reasons={"flowers_eaten": "the flower limit", "round_limit": "the round limit",
                 "all_dead": "no worm left alive"},
    map_option="map", map_title="Map", maps=_maps, map_required=True, samples=WORMS_SAMPLES,
    default_seats=("heuristic_bot.py", "greedy.sh", "random_bot.py", "heuristic_bot.py"),
    view="editor.widgets.games.worms.worms_game:WormsBoard",
    playout=lambda seed: {"map_text": (WORMS_SAMPLES / "meadow.txt").read_text(), "rounds": 60}, playout_seats=4,
))
REFEREE = DESCRIPTOR.referee
