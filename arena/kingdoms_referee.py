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
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from arena.bots import AnswerRule, BotStatus, SpawnBot, TurnInput, TurnRecord
from arena.bots.sandbox import InputFiles
from arena.games.descriptor import GameDescriptor, Hosting, text_files
from arena.games.options import LIMITS_OPTION, MAX_ROUNDS, SANDBOX_OPTIONS, Option, OptionKind, setup_file_options
from arena.games.registry import register
from arena.match import MatchSetup, MatchSetupError, RoundInfo, SeatedBots, start_seats
from arena.referee import GameReferee, RefereedRun
from arena.samples import SAMPLES_DIR, no_such_sample, resolve_sample_file
from arena.setup_files import read_setup_file
from arena.verify import unanswered_problems
from engines.kingdoms import (
    GAME_INFO,
    INFO_FILES,
    Event,
    Ignored,
    PlayfieldError,
    State,
    answer_to_json,
    command_line_args,
    info_files,
    parse_answer,
    playfield_from_text,
    playfield_line,
)
from engines.kingdoms.game import DEAD, GAME

KINGDOMS_SAMPLES = SAMPLES_DIR / "kingdoms"
DEFAULT_PLAYFIELD = KINGDOMS_SAMPLES / "default_playfield.txt"
NO_INFO: dict[str, str | None] = dict.fromkeys(INFO_FILES)
"""Removes every information file (the first round has none)."""


def load_playfield(options: Mapping[str, Any]) -> tuple[str, str]:
    """``(where, text)`` of the playfield the options name; errors name the file."""
    if options.get("playfield_text") is not None:
        return "playfield_text", str(options["playfield_text"])
    playfield = options.get("playfield")
    missing = no_such_sample("kingdoms", playfield) if playfield is not None else None
    if missing is not None:
        raise MatchSetupError(missing)
    path = resolve_sample_file("kingdoms", playfield) if playfield is not None else DEFAULT_PLAYFIELD
    return str(path), read_setup_file(path, MatchSetupError)


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
        line = next((n for n, text_line in enumerate(text.splitlines(), 1) if text_line.strip()), 1)
        raise MatchSetupError(f"{where} line {line}: the game is over before it starts "
                              f"({state.end.value if state.end else ''})")
    return state


class KingdomsReferee(GameReferee[State, str | dict[str, str] | None, Event]):
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> KingdomsRun:
        options = self.resolve_options(setup)
        where, text = load_playfield(options)
        state = parse_playfield(where, text, options["rounds"])
        resolved = {
            "playfield": None if options["playfield"] is None else str(options["playfield"]),
            "playfield_text": playfield_line(state) + "\n", "time_limit": options["time_limit"],
            "rounds": state.total_rounds,
        }
        seated = start_seats(setup, options, resolved, lambda host, k, command, env: host.spawn_bot(
            command, name=f"kingdom-{k}", env=env), host_root, bot_env)
        # Opened (and so emptied) only once every seat has started: a match refused for a bot
        # that is missing leaves the file as it was, like the replay.
        try:
            history = _open_history(options["history"])
        except BaseException:
            seated.host.close()
            raise
        return KingdomsRun(self, seated, state, setup.seed, resolved, history)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        return parse_playfield("playfield_text", str(options["playfield_text"]), None)

    def record_problems(self, info: RoundInfo) -> list[str]:
        """Each run seat's move must be what its record's answer reads as (none without an
        answer), and its status ``invalid_output`` exactly when the round ignored its action."""
        problems = super().record_problems(info) + unanswered_problems(info)
        ignored = {event.kingdom for event in info.events if isinstance(event, Ignored)}
        for k, (move, record) in enumerate(zip(info.moves, info.records or ())):
            if record.status is BotStatus.SKIPPED:
                continue
            answered = record.answer is not None and record.status in (BotStatus.OK, BotStatus.INVALID_OUTPUT)
            expected = answer_to_json(parse_answer(record.answer)) if answered and record.answer is not None else None
            if move != expected:
                problems.append(f"seat {k}: its record says {record.status.label} with the answer {record.answer!r:.60}, "
                                f"which is the move {expected!r:.60}, but the move recorded is {move!r:.60}")
            elif k in ignored and record.status is not BotStatus.INVALID_OUTPUT:
                problems.append(f"seat {k}: its action was ignored, but its record says {record.status.label}")
            elif move is not None and k not in ignored and record.status is not BotStatus.OK:
                problems.append(f"seat {k}: its action counted, but its record says {record.status.label}")
        return problems


def _open_history(path: Any) -> IO[str] | None:
    """The ``history`` option's file (every round's playfield line), opened for writing."""
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise MatchSetupError(f"option history: {path}: {error.strerror or error}") from None


class KingdomsRun(RefereedRun[State, SpawnBot]):
    def __init__(self, referee: KingdomsReferee, seated: SeatedBots[SpawnBot], state: State, seed: int,
                 options: dict[str, Any], history: IO[str] | None) -> None:
        super().__init__(referee, seated, state, seed, options)
        self.time_limit: float = options["time_limit"]
        self.files: list[InputFiles] = [NO_INFO] * GAME_INFO.players
        self.history = history
        self._history_failed = False
        try:
            self._write_history(state)
        except BaseException:
            self.close()
            raise

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        state = self.state
        alive = state.alive
        turns = [(self.bots[k], TurnInput(tuple(command_line_args(state, k)), self.files[k])) for k in alive]
        answered = self.host.run_round(turns, self.time_limit, AnswerRule.FIRST_LINE, cancel)
        if cancel is not None and cancel.is_set():
            return None
        records = [TurnRecord.skipped(DEAD)] * GAME_INFO.players
        answers: list[Any] = [None] * GAME_INFO.players
        for k, record in zip(alive, answered):
            records[k] = record
            answers[k] = answer_to_json(parse_answer(record.answer)) if record.ok and record.answer is not None else None
        step = self.referee.engine.step(state, answers, self.rng)
        for event in step.events:
            if isinstance(event, Ignored):  # not an action, or not one this kingdom can take
                records[event.kingdom] = records[event.kingdom].with_status(
                    BotStatus.INVALID_OUTPUT, f"{event.reason}: no action")
        self.files = [{**NO_INFO, **info_files(k, step.events)} for k in range(GAME_INFO.players)]
        self.state = step.state
        self.rounds += 1
        self._write_history(step.state)
        return self.referee.round_info(self.rounds, step.state, step.moves, step.events, tuple(records), self.rng)

    def _write_history(self, state: State) -> None:
        if self.history is None:
            return
        try:
            self.history.write(playfield_line(state) + "\n")
            self.history.flush()
        except BrokenPipeError:
            self._history_failed = True
            raise  # the reader went away (``--history /dev/stdout | head``): no error of the file's
        except OSError as error:  # a full disk said only "snakepit: No space left on device"
            self._history_failed = True
            raise OSError(error.errno, f"cannot write round {self.rounds} to the history: {error.strerror or error}",
                          getattr(self.history, "name", None)) from None

    def close(self) -> None:
        super().close()
        if self.history is not None:
            try:
                self.history.close()
            except OSError:
                if not self._history_failed:  # the line that failed is still in the buffer: it fails again
                    raise


DESCRIPTOR = register(GameDescriptor(
    name=GAME_INFO.name, title="Kingdoms", seat_noun="Kingdom", min_seats=GAME_INFO.players,
    max_seats=GAME_INFO.players, hosting=Hosting.SPAWN, engine=GAME, referee=KingdomsReferee(), round_limit="rounds",
    options=(
        *setup_file_options("playfield", "the playfield file (default: the shipped one, round 0 of 500)",
                            "kingdoms playfield"),
        Option("time_limit", OptionKind.SECONDS, GAME_INFO.time_limit_seconds, "seconds a strategy has for each round",
               label="Time limit"),
        Option("rounds", OptionKind.COUNT, None, "how many rounds to play from the playfield's round",
               high=MAX_ROUNDS, none_means="up to the playfield's total", flag=None),
        Option("history", OptionKind.FILE, None, "write the original history file (a playfield line per round)",
               file_kind="kingdoms history", writes=True),
        LIMITS_OPTION, *SANDBOX_OPTIONS,
    ),
    end_reasons={"rounds": "the round limit", "one_left": "only one kingdom left"},
    map_option="playfield", map_title="Playfield", maps=lambda: text_files(KINGDOMS_SAMPLES),
    samples=KINGDOMS_SAMPLES, default_seats=("heuristic_bot.py", "farmer.sh", "random_bot.py", "heuristic_bot.py"),
    view="editor.widgets.games.kingdoms.kingdoms_game:KingdomsBoard",
    playout=lambda seed: {"playfield_text": playfield_line(replace(
        playfield_from_text(DEFAULT_PLAYFIELD.read_text()), total_rounds=40)) + "\n"},
    playout_seats=4,
))
REFEREE = DESCRIPTOR.referee
