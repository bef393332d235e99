"""The kingdoms game's referee (specs/kingdoms.md, "Bot protocol").

Each round every living kingdom's strategy is started with the 8 numbers on its command line,
in its seat's folder, where the five information files describe the previous round (those whose
event did not happen are removed). The first line of stdout is the action; no answer in time, an
invalid line or a misbehaving bot means no action, and the seat's record says why. A dead
kingdom's strategy is not run. Every strategy gets ``BOT_SEED`` in its environment, derived from
the match seed and its seat, so a seeded random strategy replays too.

**Decision:** the living strategies run at the same time, under one deadline of ``time_limit``
seconds (2 s by default): each has its full 2 s of wall clock, and a round takes as long as its
slowest strategy, not the sum.

Options: ``playfield`` (a playfield file, default the shipped ``0/500`` one), ``playfield_text``
(its text instead of a file), ``time_limit``, ``rounds`` (how many rounds to play from the
playfield's round, instead of up to its total), ``limits``, ``history`` (a file to write the
original history format to, a line per round).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from arena.bots import AnswerRule, BotHost, BotStatus, SpawnBot, TurnInput, TurnRecord, run_round
from arena.bots.sandbox import InputFiles
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
from arena.samples import resolve_sample_file, samples_dir
from engines.kingdoms import (
    GAME_INFO,
    INFO_FILES,
    ActionError,
    Answer,
    Ignored,
    PlayfieldError,
    RoundReport,
    State,
    answer_from_json,
    answer_to_json,
    command_line_args,
    event_to_json,
    info_files,
    parse_answer,
    play_round,
    playfield_from_text,
    playfield_line,
    state_to_text,
)

DEFAULT_PLAYFIELD = samples_dir() / "kingdoms" / "default_playfield.txt"
NO_INFO: dict[str, str | None] = dict.fromkeys(INFO_FILES)
"""Removes every information file (the first round has none)."""
DEAD = "dead"
"""Why a dead kingdom's strategy is not run (its record's reason)."""


def load_playfield(options: Mapping[str, Any]) -> tuple[str, str]:
    """``(where, text)`` of the playfield the options name; errors name the file."""
    if options.get("playfield_text") is not None:
        return "playfield_text", str(options["playfield_text"])
    playfield = options.get("playfield")
    path = resolve_sample_file("kingdoms", playfield) if playfield is not None else DEFAULT_PLAYFIELD
    try:
        with open(path, encoding="utf-8") as source:
            return str(path), source.read()
    except UnicodeDecodeError as error:
        raise MatchSetupError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise MatchSetupError(f"{path}: {error.strerror or error}") from None


def parse_playfield(where: str, text: str, rounds: int | None) -> State:
    try:
        state = playfield_from_text(text, where=where)
    except PlayfieldError as error:
        raise MatchSetupError(str(error)) from None
    if rounds is not None:
        try:
            state = replace(state, total_rounds=state.round + rounds)
        except ValueError as error:
            raise MatchSetupError(f"option rounds: {error}") from None
    if state.over:
        raise MatchSetupError(f"{where}: the game is over before it starts ({state.end.value if state.end else ''})")
    return state


class KingdomsReferee(GameReferee):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players
    defaults: Mapping[str, Any] = {
        "playfield": None, "playfield_text": None, "time_limit": GAME_INFO.time_limit_seconds, "rounds": None,
        "limits": None, "history": None,
    }

    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> KingdomsRun:
        options = self.resolve_options(setup)
        time_limit = time_limit_option(options["time_limit"])
        rounds = rounds_option(options["rounds"])
        limits = limits_option(options["limits"])
        where, text = load_playfield(options)
        state = parse_playfield(where, text, rounds)
        commands = bot_commands(setup)
        resolved = {
            "playfield": None if options["playfield"] is None else str(options["playfield"]),
            "playfield_text": playfield_line(state) + "\n", "time_limit": time_limit, "rounds": state.total_rounds,
        }
        history: IO[str] | None = None
        if options["history"] is not None:
            try:
                history = open(options["history"], "w", encoding="utf-8")
            except OSError as error:
                raise MatchSetupError(f"option history: {options['history']}: {error.strerror or error}") from None
        host = BotHost(limits, root=host_root, env=bot_env)
        try:
            bots = [host.spawn_bot(command, name=f"kingdom-{k}", env={"BOT_SEED": str(seat_seed(setup.seed, k))})
                    for k, command in enumerate(commands)]
        except BaseException:
            host.close()
            if history is not None:
                history.close()
            raise
        return KingdomsRun(host, bots, state, seat_names(setup, commands), resolved, history)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        return parse_playfield("playfield_text", str(options["playfield_text"]), None)

    def replay_rounds(self, replay: Replay) -> Iterator[RoundInfo]:
        check_replay_seats(replay, GAME_INFO.players)
        try:
            state = self.initial_state(replay.options)
        except (MatchSetupError, KeyError) as error:
            raise ReplayError(f"{replay.path}:1: the header's playfield: {error}") from None
        for index, line in enumerate(replay.rounds, 1):
            if state.over:
                raise ReplayError(f"{replay.where(index)}: round {index} after the game's end ({state.end})")
            check_idle(replay, index, self.idle_seats(state))
            try:
                answers = [answer_from_json(move) for move in line["moves"]]
                records = None if line["records"] is None else tuple(
                    TurnRecord.from_json(r) if r is not None else TurnRecord.skipped("") for r in line["records"])
            except (ActionError, ValueError) as error:
                raise ReplayError(f"{replay.where(index)}: round {index}: {error}") from None
            report = play_round(state, answers)
            yield _round_info(index, report, answers, records)
            state = report.state

    def idle_seats(self, state: State) -> dict[int, str]:
        """The kingdoms that do not act in the next round (their strategies are not run): the dead."""
        return {k: DEAD for k in range(GAME_INFO.players) if k not in state.alive}

    def event_json(self, event: Any) -> Any:
        return event_to_json(event)

    def state_text(self, state: Any) -> str:
        return state_to_text(state)

    def start_scores(self, replay: Replay) -> tuple[int, ...]:
        return tuple(self.initial_state(replay.options).scores())


class KingdomsRun(BotRun):
    state: State
    bots: list[SpawnBot]

    def __init__(self, host: BotHost, bots: list[SpawnBot], state: State, seats: list[dict[str, Any]],
                 options: dict[str, Any], history: IO[str] | None) -> None:
        super().__init__(host, bots, state, seats, options)
        self.time_limit: float = options["time_limit"]
        self.files: list[InputFiles] = [NO_INFO] * GAME_INFO.players
        self.history = history
        self._write_history(state)

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        state = self.state
        alive = state.alive
        turns = [(self.bots[k], TurnInput(tuple(command_line_args(state, k)), self.files[k])) for k in alive]
        answered = run_round(turns, self.time_limit, AnswerRule.FIRST_LINE, cancel)
        if cancel is not None and cancel.is_set():
            return None
        records = [TurnRecord.skipped(DEAD)] * GAME_INFO.players
        answers: list[Answer] = [None] * GAME_INFO.players
        for k, record in zip(alive, answered):
            records[k] = record
            answers[k] = parse_answer(record.answer) if record.ok and record.answer is not None else None
        report = play_round(state, answers)
        for event in report.events:
            if isinstance(event, Ignored):  # not an action, or not one this kingdom can take
                records[event.kingdom] = records[event.kingdom].with_status(
                    BotStatus.INVALID_OUTPUT, f"{event.reason}: no action")
        self.files = [{**NO_INFO, **info_files(k, report.events)} for k in range(GAME_INFO.players)]
        self.state = report.state
        self.rounds += 1
        self._write_history(report.state)
        return _round_info(self.rounds, report, answers, tuple(records))

    def _write_history(self, state: State) -> None:
        if self.history is not None:
            self.history.write(playfield_line(state) + "\n")
            self.history.flush()

    def end(self) -> str | None:
        return None if self.state.end is None else self.state.end.value

    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.scores())

    def ranks(self) -> tuple[int, ...]:
        return tuple(self.state.ranks())

    def close(self) -> None:
        super().close()
        if self.history is not None:
            self.history.close()


def _round_info(
    index: int, report: RoundReport, answers: list[Answer], records: tuple[TurnRecord, ...] | None,
) -> RoundInfo:
    """Round ``index`` of the match (a playfield may start in the middle of a game)."""
    end = None if report.end is None else report.end.value
    return RoundInfo(index, report.state, records, tuple(answer_to_json(a) for a in answers), report.events,
                     tuple(report.state.scores()), end)


REFEREE = register(KingdomsReferee())
