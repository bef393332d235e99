"""The Bio-blots referee (specs/bioblots.md): two persistent bots, alternate lines, 0.5 s a move.

Each seat's bot is one process for the match. It reads the 26 board rows and ``0`` (it places
first) or ``1``; then the players alternate: the one to move writes a line, the referee plays it
through the engine and relays it to the other in canonical form (a skip as ``0``) as that one's
request. A round is one line. Every line a bot writes counts as its move, even one written before
it was asked (it answers the next request). A fault — an illegal move, an unreadable line, no
line within the time limit, a bot that exits or breaks a limit — ends the game as the offender's
technical loss: the engine's :class:`~engines.bioblots.Fault` (with the rule broken, for an
illegal move) goes into the round's move, its events and the seat's record. At the end the stdin
of every bot still in the game is closed and it has a second to exit, both bots at once under
one deadline (:mod:`arena.closing`); a faulty bot is ended at once. A bot that does not exit
cleanly has it said in the reason of its seat's last record, its status unchanged.

Options: ``board`` (a board file: 26 lines of 26 of ``1 2 3 5 8 D``; default: generated from the
match seed), ``board_text`` (the board itself, instead of a file), ``time_limit`` (seconds a
move, 0.5), ``move_limit`` (lines per player, 80; ``snakepit match --rounds``), ``start_grace``,
``limits``.

**Decisions:** a bot's first line gets ``start_grace`` seconds (1.0) on top of the time limit,
so starting the interpreter and reading the board is not part of its first move. A seat that
lost on a line the referee rejected is ``disqualified``; one whose bot timed out, crashed or
was killed keeps that status. The round's move of a faulty line is the fault
(``{"fault": "illegal_move", "rule": "target_occupied", "detail": "..."}``), not the line, so a
replay never holds a flood of garbage; the record keeps what the bot answered.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from arena.bots import BotHost, BotStatus, PersistentBot, TurnRecord
from arena.closing import after_game, close_together
from arena.match import (
    SANDBOX_DEFAULTS,
    BotRun,
    GameReferee,
    MatchSetup,
    MatchSetupError,
    RoundInfo,
    bot_commands,
    bot_host,
    check_replay_seats,
    limits_option,
    register,
    sandbox_header,
    seat_names,
    seat_seed,
)
from arena.replay import Replay, ReplayError, check_idle
from arena.setup_files import read_setup_file
from engines.bioblots import (
    GAME_INFO,
    BioblotsError,
    Event,
    Fault,
    FaultKind,
    Forfeited,
    Move,
    Rule,
    State,
    board_from_text,
    board_to_text,
    event_to_json,
    format_move,
    generate_board,
    opening_lines,
    parse_move,
    start_state,
    state_to_text,
)

START_GRACE = 1.0
"""Seconds added to each bot's first line (see the module doc)."""
EXIT_GRACE = 1.0
"""Seconds a bot has to exit once its stdin is closed at the end."""
NOT_ITS_TURN = "the opponent's line"
"""The reason of the record of the seat that did not move in a round."""


def load_board(options: Mapping[str, Any], seed: int) -> tuple[str | None, str]:
    """``(where, text)`` of the board the options name; ``where`` None for a generated board."""
    if options.get("board_text") is not None:
        return "board_text", str(options["board_text"])
    if options.get("board") is None:
        return None, board_to_text(generate_board(random.Random(seed)))
    path = Path(options["board"])
    return str(path), read_setup_file(path, MatchSetupError)


def parse_board(where: str, text: str, move_limit: int) -> State:
    """The start state on the board ``text``; errors say ``file:line:column: what``."""
    try:
        return start_state(board_from_text(text, where=where), move_limit)
    except BioblotsError as error:
        raise MatchSetupError(str(error)) from None


def _seconds(name: str, value: Any, *, zero: bool = False) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = math.nan
    if isinstance(value, bool) or not math.isfinite(seconds) or seconds < 0 or (seconds == 0 and not zero):
        least = "a non-negative" if zero else "a positive"
        raise MatchSetupError(f"option {name}: expected {least} number of seconds, got {value!r}")
    return seconds


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MatchSetupError(f"option {name}: expected a positive whole number, got {value!r}")
    return value


class BioblotsReferee(GameReferee):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players
    defaults: Mapping[str, Any] = {
        "board": None, "board_text": None, "time_limit": GAME_INFO.move_time_limit, "move_limit": GAME_INFO.move_limit,
        "start_grace": START_GRACE, "limits": None,
        **SANDBOX_DEFAULTS,
    }
    round_limit = "move_limit"

    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> BioblotsRun:
        options = self.resolve_options(setup)
        time_limit = _seconds("time_limit", options["time_limit"])
        start_grace = _seconds("start_grace", options["start_grace"], zero=True)
        move_limit = _count("move_limit", options["move_limit"])
        limits = limits_option(options["limits"])
        where, text = load_board(options, setup.seed)
        state = parse_board(where or "generated board", text, move_limit)
        commands = bot_commands(setup)
        resolved = {
            "board": None if options["board"] is None else str(options["board"]), "board_text": text,
            "time_limit": time_limit, "move_limit": move_limit, "start_grace": start_grace,
        }
        host = bot_host(options, len(setup.seats), limits, host_root, bot_env)
        resolved.update(sandbox_header(host.policy))
        try:
            bots = [host.start_bot(command, name=f"blot-{p}", env={"BOT_SEED": str(seat_seed(setup.seed, p))})
                    for p, command in enumerate(commands)]
            for p, bot in enumerate(bots):
                for line in opening_lines(state.board, p):
                    bot.send(line)
        except BaseException:
            host.close()
            raise
        return BioblotsRun(host, bots, state, seat_names(setup, commands), resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        return parse_board("board_text", str(options["board_text"]), _count("move_limit", options["move_limit"]))

    def replay_rounds(self, replay: Replay) -> Iterator[RoundInfo]:
        check_replay_seats(replay, GAME_INFO.players)
        try:
            state = self.initial_state(replay.options)
        except (MatchSetupError, KeyError) as error:
            raise ReplayError(f"{replay.path}:1: the header's board: {error}") from None
        for index, line in enumerate(replay.rounds, 1):
            where = f"{replay.where(index)}: round {index}"
            if state.over:
                raise ReplayError(f"{where} after the game's end ({state.ending.reason.value if state.ending else ''})")
            player = state.to_move
            check_idle(replay, index, self.idle_seats(state))
            try:
                records = _records(line["records"])
                state, events = _replay_line(state, line["moves"][player])
            except (BioblotsError, ValueError, KeyError, TypeError) as error:
                raise ReplayError(f"{where}: seat {player}: {error}") from None
            yield _round_info(index, state, records, player, line["moves"][player], events)

    def record_problems(self, info: RoundInfo) -> list[str]:
        """The mover's record must say what its move says: a line from a bot that answered, a
        fault from one that did not (its kind from the record's status) or whose line the
        referee rejected (``disqualified``)."""
        problems = super().record_problems(info)
        mover = next((seat for seat, move in enumerate(info.moves) if move is not None), None)
        if info.records is None or mover is None:
            return problems
        record, move = info.records[mover], info.moves[mover]
        said = f"seat {mover}: its record says {record.status.label}"
        if isinstance(move, str) and not record.ok:
            problems.append(f"{said}, but a line is recorded as its move ({move!r:.60})")
        elif isinstance(move, str) and _canonical(record.answer) != move:
            problems.append(f"seat {mover}: its record's answer {record.answer!r:.60} is not its move {move!r:.60}")
        elif isinstance(move, dict) and record.ok:
            problems.append(f"{said}, but a fault is recorded as its move ({move.get('fault')!r})")
        elif isinstance(move, dict) and record.status is not BotStatus.DISQUALIFIED:
            kind = process_fault(record).kind.value
            if move.get("fault") != kind:
                problems.append(f"{said}, which is the fault {kind!r}, but the fault recorded is {move.get('fault')!r}")
        return problems

    def replayed_ranks(self, replay: Replay, last: RoundInfo | None) -> tuple[int, ...]:
        return final_ranks(last.state) if last is not None else (1, 1)

    def idle_seats(self, state: State) -> dict[int, str]:
        """The seats that do not move in the next round, with why: the one not on turn."""
        return {seat: f"not its turn: player {state.to_move} moves" for seat in range(GAME_INFO.players)
                if seat != state.to_move}

    def event_json(self, event: Any) -> Any:
        return event_to_json(event)

    def state_text(self, state: Any) -> str:
        return state_to_text(state)


class BioblotsRun(BotRun):
    state: State
    bots: list[PersistentBot]

    def __init__(self, host: BotHost, bots: list[PersistentBot], state: State, seats: list[dict[str, Any]],
                 options: dict[str, Any]) -> None:
        super().__init__(host, bots, state, seats, options)
        self.time_limit: float = options["time_limit"]
        self.start_grace: float = options["start_grace"]
        self.relay: list[str | None] = [None, None]
        """Per seat the opponent's last line, sent as its next request."""
        self.answered = [False, False]

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        state, player = self.state, self.state.to_move
        grace = 0.0 if self.answered[player] else self.start_grace
        record = self.bots[player].request(self.relay[player], self.time_limit + grace, cancel)
        if cancel is not None and cancel.is_set():
            return None
        self.relay[player] = None
        self.answered[player] = True
        if record.ok and record.answer is not None:
            after, events = state.apply_line(record.answer)
        else:
            after, events = state.forfeit(player, process_fault(record))
        fault = next((e.fault for e in events if isinstance(e, Forfeited)), None)
        if fault is None:
            move: Any = format_move(parse_move(record.answer or ""))
            self.relay[1 - player] = move
        else:
            move = fault_json(fault)
            if record.ok:
                record = record.with_status(BotStatus.DISQUALIFIED, describe_fault(fault))
        self.state = after
        self.rounds += 1
        records = [TurnRecord.skipped(NOT_ITS_TURN)] * GAME_INFO.players
        records[player] = record
        if after.over:  # a bot that lost technically is ended at once, the other told by closing its stdin
            graces = [0.0 if fault is not None and seat == player else EXIT_GRACE for seat in range(GAME_INFO.players)]
            ended = close_together(self.bots, graces)
            records = [after_game(r, e) if grace > 0 else r for r, e, grace in zip(records, ended, graces)]
        return _round_info(self.rounds, after, tuple(records), player, move, events)

    def end(self) -> str | None:
        return None if self.state.ending is None else self.state.ending.reason.value

    def scores(self) -> tuple[int, ...]:
        return final_scores(self.state)

    def ranks(self) -> tuple[int, ...]:
        return final_ranks(self.state)


def final_ranks(state: State) -> tuple[int, int]:
    """The ranks: once the game is over its result decides, so the offender of a technical loss
    and the player locked in rank last whatever the points (spec: "the offender loses", "it
    loses"), even when neither had a point; before the end (a cancelled match) the points do."""
    if state.over:
        winner = state.result().winner
        return (1, 1) if winner is None else (1, 2) if winner == 0 else (2, 1)
    a, b = state.scores
    return (1, 1) if a == b else (1, 2) if a > b else (2, 1)


def final_scores(state: State) -> tuple[int, int]:
    """The scores as they stand: after the loser's points went to the winner once it is over."""
    return state.result().scores if state.over else state.scores


# --- faults --------------------------------------------------------------------------------------


def process_fault(record: TurnRecord) -> Fault:
    """The technical loss of a bot that gave no readable line: no line in time, an exit, a
    broken limit (a line too long to read is an unreadable line; a kill by the kernel an exit)."""
    status = record.status
    if status is BotStatus.TIMEOUT:
        kind = FaultKind.TIMEOUT
    elif status is BotStatus.INVALID_OUTPUT or (status is BotStatus.KILLED and record.exit_code is None):
        kind = FaultKind.UNREADABLE
    else:
        kind = FaultKind.EXITED
    return Fault(kind, f"{status.label}: {record.reason}" if record.reason else status.label)


def describe_fault(fault: Fault) -> str:
    """``illegal_move (target_occupied): 'jd je kd ke': ...`` for a record's reason."""
    rule = f" ({fault.rule.value})" if fault.rule is not None else ""
    return f"{fault.kind.value}{rule}: {fault.detail}"


def fault_json(fault: Fault) -> dict[str, Any]:
    return {"fault": fault.kind.value, "rule": None if fault.rule is None else fault.rule.value, "detail": fault.detail}


def fault_from_json(value: Mapping[str, Any]) -> Fault:
    rule = value.get("rule")
    return Fault(FaultKind(value["fault"]), str(value["detail"]), None if rule is None else Rule(rule))


# --- replays -------------------------------------------------------------------------------------


def _replay_line(state: State, move: Any) -> tuple[State, tuple[Event, ...]]:
    """Play a recorded move (a canonical line, or a fault) of ``state.to_move``."""
    if isinstance(move, str):
        parsed: Move = parse_move(move)
        return state.apply(parsed)
    if isinstance(move, dict) and "fault" in move:
        return state.forfeit(state.to_move, fault_from_json(move))
    raise ValueError(f"expected the move line or a fault, got {move!r:.80}")


def _round_info(index: int, state: State, records: tuple[TurnRecord, ...] | None, player: int, move: Any,
                events: tuple[Event, ...]) -> RoundInfo:
    moves: list[Any] = [None] * GAME_INFO.players
    moves[player] = move
    end = None if state.ending is None else state.ending.reason.value
    return RoundInfo(index, state, records, tuple(moves), events, final_scores(state), end)


def _canonical(answer: str | None) -> str | None:
    """A bot's line in the canonical form the referee relays (None when it is not a move)."""
    try:
        return format_move(parse_move(answer or ""))
    except BioblotsError:
        return None


def _records(value: Any) -> tuple[TurnRecord, ...] | None:
    if value is None:
        return None
    return tuple(TurnRecord.from_json(r) if r is not None else TurnRecord.skipped("") for r in value)


REFEREE = register(BioblotsReferee())
