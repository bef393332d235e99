"""The ITPW referee (specs/itpw.md): four persistent bots, sequential moves, a time bank each.

Each seat's bot (seat ``i`` is player ``i + 1``) is one process for the match. It first gets its
player number; then, in turn order, the player to move gets ``P 0 seconds`` (its bank left, in
whole seconds) and answers its move, which every other bot still in the game receives as
``P 0 n x1 y1 x2 y2 …``. After the turn the engine draws the new unit; its owner gets
``P 1 seconds`` and answers ``0`` or ``1``, broadcast as ``P 1 c``. A round is one turn: the
four moves, the draw and the new unit's choice.

Every request is timed from the line being sent to the answer line arriving, and the time is
taken from the player's bank (30 s a game by default); the request's deadline is what is left.
A move line is checked as a whole before any of it counts. Any fault — an invalid line, the bank
running out, an exit, a broken limit — disqualifies the player: its units stay and its fields
and kills still score, the others receive ``P 0 0`` for its move, and its bot is ended at once.
At the end every bot's stdin is closed and it has a second to exit, all bots at once under one
deadline (:mod:`arena.closing`); a bot that does not exit cleanly has it said in the reason of its
seat's last record, its status unchanged (the game was over).

Option ``pause_bots`` (default off) stops each bot (SIGSTOP to its group) whenever it is not
answering a request, so nobody computes on another's time; the CPU time of every request is
recorded either way (a bot that computes between requests has it counted at its next one).

Options: ``bank`` (seconds per player per game), ``turns`` (500; ``snakepit match --rounds``),
``pause_bots``, ``limits``.

**Decisions:** a round's move of a seat is ``{"move": "n x1 y1 …"}`` (canonical) or
``{"fault": REASON}`` (the reason it was disqualified with, exactly as the state keeps it), plus
``"unit": "worker"|"soldier"`` or ``"unit_fault": REASON`` for the new unit's owner; None for a
player that was already out. A seat answering twice in a turn (move and new unit) gets one
record: times added up, the unit's status if that went wrong, both answers joined by `` | ``.
A seat disqualified for what it answered is ``disqualified``; one whose bot timed out, crashed
or was killed keeps that status.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
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
from engines.itpw import (
    EMPTY_MOVE,
    GAME_INFO,
    PLAYERS,
    AnswerError,
    Event,
    ItpwError,
    Kind,
    LineType,
    Move,
    MoveError,
    Phase,
    State,
    apply_move,
    disqualify,
    end_turn,
    event_to_json,
    move_broadcast,
    place_unit,
    player_line,
    ranks,
    read_move,
    read_unit,
    request_line,
    start_state,
    state_to_text,
    unit_broadcast,
)

OUT = "disqualified"
"""The reason of the record of a seat that was out before the round."""
UNIT_KEYS = frozenset({"unit", "unit_fault"})
"""The keys of a round's move that say what became of the new unit."""


def _bank(value: Any) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = math.nan
    if isinstance(value, bool) or not (math.isfinite(seconds) and seconds > 0):
        raise MatchSetupError(f"option bank: expected a positive number of seconds, got {value!r}")
    return seconds


def _turns(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MatchSetupError(f"option turns: expected a positive whole number, got {value!r}")
    return value


class ItpwReferee(GameReferee):
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players
    defaults: Mapping[str, Any] = {
        "bank": GAME_INFO.bank_seconds, "turns": GAME_INFO.turns, "pause_bots": False, "limits": None,
        **SANDBOX_DEFAULTS,
    }
    round_limit = "turns"

    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> ItpwRun:
        options = self.resolve_options(setup)
        bank = _bank(options["bank"])
        turns = _turns(options["turns"])
        limits = limits_option(options["limits"])
        pause = options["pause_bots"]
        if not isinstance(pause, bool):
            raise MatchSetupError(f"option pause_bots: expected true or false, got {pause!r}")
        commands = bot_commands(setup)
        resolved = {"bank": bank, "turns": turns, "pause_bots": pause}
        host = bot_host(options, len(setup.seats), limits, host_root, bot_env)
        resolved.update(sandbox_header(host.policy))
        try:
            bots = []
            for player, command in zip(PLAYERS, commands):
                bot = host.start_bot(command, name=f"player-{player}", pause_between_requests=pause,
                                     env={"BOT_SEED": str(seat_seed(setup.seed, player - 1))})
                bot.send(player_line(player))
                if pause:
                    bot.pause()
                bots.append(bot)
        except BaseException:
            host.close()
            raise
        return ItpwRun(host, bots, start_state(turns), setup.seed, seat_names(setup, commands), resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        return start_state(_turns(options["turns"]))

    def replay_rounds(self, replay: Replay) -> Iterator[RoundInfo]:
        check_replay_seats(replay, GAME_INFO.players)
        try:
            state = self.initial_state(replay.options)
        except (MatchSetupError, KeyError) as error:
            raise ReplayError(f"{replay.path}:1: the header's options: {error}") from None
        rng = random.Random(replay.seed)
        for index, line in enumerate(replay.rounds, 1):
            where = f"{replay.where(index)}: round {index}"
            if state.over:
                raise ReplayError(f"{where} after the game's end ({state.end.value if state.end else ''})")
            check_idle(replay, index, self.idle_seats(state))
            try:
                records = _records(line["records"])
                turn = _replay_turn(state, line["moves"], rng)
            except (ItpwError, ValueError, KeyError, TypeError) as error:
                raise ReplayError(f"{where}: {error}") from None
            state = turn.state
            lot = random.Random()
            lot.setstate(rng.getstate())
            yield ItpwReplayRound(**vars(turn.info(index, records)), ranks_if_stopped=ranks(state, lot))

    def record_problems(self, info: RoundInfo) -> list[str]:
        """A seat's record (its move's and new unit's answers together) says ``ok`` exactly when
        the round holds neither a fault nor a unit fault of that seat."""
        problems = super().record_problems(info)
        for seat, (entry, record) in enumerate(zip(info.moves, info.records or ())):
            if not isinstance(entry, dict) or record.status is BotStatus.SKIPPED:
                continue
            faults = [key for key in ("fault", "unit_fault") if key in entry]
            if faults and record.ok:
                problems.append(f"seat {seat}: its record says ok, but a {faults[0].replace('_', ' ')} is recorded "
                                f"({entry[faults[0]]!r:.60})")
            elif not faults and not record.ok:
                problems.append(f"seat {seat}: its record says {record.status.label}, but its move counted "
                                f"({entry!r:.60})")
            elif not faults and record.answer is None:
                problems.append(f"seat {seat}: a move is recorded ({entry!r:.60}), but its record holds no answer")
        return problems

    def replayed_ranks(self, replay: Replay, last: RoundInfo | None) -> tuple[int, ...]:
        """The lot is part of the ranks: drawn from the match's generator as it stood after the
        last round (see :class:`ItpwReplayRound`)."""
        if isinstance(last, ItpwReplayRound):
            return last.ranks_if_stopped
        return ranks(self.initial_state(replay.options), random.Random(replay.seed))

    def idle_seats(self, state: State) -> dict[int, str]:
        """The seats that are not asked anything in the next round, with why: the players
        disqualified before it."""
        return {p - 1: f"{OUT}: {out.reason}" for p, out in zip(PLAYERS, state.disqualified) if out is not None}

    def event_json(self, event: Any) -> Any:
        return event_to_json(event)

    def state_text(self, state: Any) -> str:
        return state_to_text(state)

    def start_scores(self, replay: Replay) -> tuple[int, ...]:
        return self.initial_state(replay.options).scores()


@dataclass(frozen=True)
class ItpwReplayRound(RoundInfo):
    """A replayed round with the ranks the match gets if it stopped after it (at its end or
    cancelled): they need the lot drawn from the generator as it stood then."""

    ranks_if_stopped: tuple[int, ...] = ()


@dataclass
class Turn:
    """One round being played or re-played: the state as it goes, and per seat what it did."""

    state: State
    moves: list[dict[str, Any] | None] = field(default_factory=lambda: [None] * GAME_INFO.players)
    events: list[Event] = field(default_factory=list)

    def move(self, player: int, move: Move) -> None:
        self.state, events = apply_move(self.state, player, move)
        self.events += events
        self.moves[player - 1] = {"move": move.to_line()}

    def unit(self, player: int, kind: Kind) -> None:
        self.state, events = place_unit(self.state, player, kind)
        self.events += events
        self._entry(player)["unit"] = kind.label

    def disqualify(self, player: int, reason: str) -> None:
        unit = self.state.phase is Phase.UNIT
        self.state, events = disqualify(self.state, player, reason)
        self.events += events
        out = self.state.disqualified[player - 1]
        self._entry(player)["unit_fault" if unit else "fault"] = out.reason if out is not None else reason

    def end_turn(self, rng: random.Random) -> None:
        self.state, events = end_turn(self.state, rng)
        self.events += events

    def _entry(self, player: int) -> dict[str, Any]:
        entry = self.moves[player - 1]
        if entry is None:
            entry = self.moves[player - 1] = {}
        return entry

    def info(self, index: int, records: tuple[TurnRecord, ...] | None) -> RoundInfo:
        end = self.state.end
        return RoundInfo(index, self.state, records, tuple(self.moves), tuple(self.events), self.state.scores(),
                         None if end is None else end.value)


class ItpwRun(BotRun):
    state: State
    bots: list[PersistentBot]

    def __init__(self, host: BotHost, bots: list[PersistentBot], state: State, seed: int,
                 seats: list[dict[str, Any]], options: dict[str, Any]) -> None:
        super().__init__(host, bots, state, seats, options)
        self.rng = random.Random(seed)
        self.bank: list[float] = [options["bank"]] * GAME_INFO.players
        """Per seat the seconds it has left for the game."""
        self._ranks: tuple[int, ...] | None = None

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        before = self.rng.getstate()  # a round dropped by a cancel must not have drawn from it
        round_info = self._play_round(cancel)
        if round_info is None:
            self.rng.setstate(before)
        return round_info

    def _play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        turn = Turn(self.state)
        records: list[TurnRecord | None] = [None] * GAME_INFO.players
        while turn.state.phase is Phase.MOVE:
            player = turn.state.to_move
            assert player is not None
            record = self._ask(player, LineType.MOVE, cancel)
            if record is None:
                return None
            records[player - 1] = self._move(turn, player, record)
        if turn.state.phase is Phase.TURN_END:
            turn.end_turn(self.rng)
        if turn.state.phase is Phase.UNIT:
            player = turn.state.to_move
            assert player is not None
            record = self._ask(player, LineType.UNIT, cancel)
            if record is None:
                return None
            unit_record = self._unit(turn, player, record)
            moved = records[player - 1]
            records[player - 1] = unit_record if moved is None else merge_records(moved, unit_record)
        self.state = turn.state
        self.rounds += 1
        done = [r or TurnRecord.skipped(OUT) for r in records]
        if self.state.over:
            self._ranks = ranks(self.state, self.rng)
            ended = close_together(self.bots, [GAME_INFO.exit_grace_seconds] * GAME_INFO.players)
            done = [after_game(r, e) for r, e in zip(done, ended)]
        return turn.info(self.rounds, tuple(done))

    def _ask(self, player: int, line_type: LineType, cancel: threading.Event | None) -> TurnRecord | None:
        """Send ``player`` its request and wait for its answer as long as its bank lasts; None
        when ``cancel`` was set meanwhile."""
        seat = player - 1
        record = self.bots[seat].request(request_line(player, line_type, self.bank[seat]), self.bank[seat], cancel)
        if cancel is not None and cancel.is_set():
            return None
        self.bank[seat] = max(0.0, self.bank[seat] - record.wall_time)
        return record

    def _move(self, turn: Turn, player: int, record: TurnRecord) -> TurnRecord:
        """Play ``player``'s answer (or its fault) and tell the others what it moved."""
        move = EMPTY_MOVE
        if not record.ok or record.answer is None:
            self._out(turn, player, process_fault(record))
        else:
            try:
                move = read_move(turn.state, player, record.answer)
            except MoveError as error:
                reason = f"invalid move: {error}"
                self._out(turn, player, reason)
                record = record.with_status(BotStatus.DISQUALIFIED, reason)
            else:
                turn.move(player, move)
        self._tell_others(turn.state, player, move_broadcast(player, move))
        return record

    def _unit(self, turn: Turn, player: int, record: TurnRecord) -> TurnRecord:
        """Place ``player``'s new unit of the kind it chose and tell the others; a fault is told
        nobody (no unit appeared)."""
        if not record.ok or record.answer is None:
            self._out(turn, player, process_fault(record))
            return record
        try:
            kind = read_unit(record.answer)
        except AnswerError as error:
            reason = f"invalid new unit: {error}"
            self._out(turn, player, reason)
            return record.with_status(BotStatus.DISQUALIFIED, reason)
        turn.unit(player, kind)
        self._tell_others(turn.state, player, unit_broadcast(player, kind))
        return record

    def _out(self, turn: Turn, player: int, reason: str) -> None:
        """Disqualify ``player`` and end its bot: no line is sent to it any more."""
        turn.disqualify(player, reason)
        self.bots[player - 1].close(grace=0.0)

    def _tell_others(self, state: State, player: int, line: str) -> None:
        for other in PLAYERS:
            if other != player and state.active(other):
                self.bots[other - 1].send(line)

    def end(self) -> str | None:
        return None if self.state.end is None else self.state.end.value

    def scores(self) -> tuple[int, ...]:
        return self.state.scores()

    def ranks(self) -> tuple[int, ...]:
        if self._ranks is None:  # a cancelled match: the lot is drawn now
            self._ranks = ranks(self.state, self.rng)
        return self._ranks

def process_fault(record: TurnRecord) -> str:
    """The disqualification reason of a bot that gave no readable answer."""
    if record.status is BotStatus.TIMEOUT:
        return f"timeout: its time bank ran out ({record.reason})"
    return f"{record.status.label}: {record.reason}" if record.reason else record.status.label


def merge_records(move: TurnRecord, unit: TurnRecord) -> TurnRecord:
    """One record for the two answers of a turn (see the module doc)."""
    status, reason = (unit.status, unit.reason) if not unit.ok else (move.status, move.reason)
    answers = [a for a in (move.answer, unit.answer) if a is not None]
    stderr = "".join(r.stderr_tail for r in (move, unit))
    return TurnRecord(status, reason, " | ".join(answers) if answers else None, move.wall_time + unit.wall_time,
                      move.cpu_time + unit.cpu_time, stderr[-4096:], unit.exit_code)


# --- replays -------------------------------------------------------------------------------------


def _replay_turn(state: State, moves: list[Any], rng: random.Random) -> Turn:
    """Play one recorded round: each player's move or fault in turn order, the draw, the unit."""
    if not isinstance(moves, list) or len(moves) != GAME_INFO.players:
        raise ValueError(f"'moves' must list {GAME_INFO.players} seats")
    turn = Turn(state)
    while turn.state.phase is Phase.MOVE:
        player = turn.state.to_move
        assert player is not None
        entry = _entry(moves, player, "move", "fault")
        if "fault" in entry:
            turn.disqualify(player, str(entry["fault"]))
        else:
            turn.move(player, Move.from_line(str(entry["move"])))
    if turn.state.phase is Phase.TURN_END:
        turn.end_turn(rng)
    if turn.state.phase is Phase.UNIT:
        player = turn.state.to_move
        assert player is not None
        entry = _entry(moves, player, "unit", "unit_fault")
        if "unit_fault" in entry:
            turn.disqualify(player, str(entry["unit_fault"]))
        else:
            turn.unit(player, Kind[str(entry["unit"]).upper()])
    for seat, entry in enumerate(moves):  # the owner's is taken; anybody else's would go unnoticed
        if isinstance(entry, dict) and UNIT_KEYS & entry.keys() and not UNIT_KEYS & (turn.moves[seat] or {}).keys():
            raise ValueError(f"seat {seat} (player {seat + 1}): a new unit is recorded ({entry!r:.80}), but the "
                             "player got no new unit in this round")
    return turn


def _entry(moves: list[Any], player: int, *keys: str) -> dict[str, Any]:
    entry = moves[player - 1]
    if not isinstance(entry, dict) or not any(k in entry for k in keys):
        raise ValueError(f"seat {player - 1} (player {player}) has no {' or '.join(map(repr, keys))}, "
                         f"but the game waits for it: {entry!r:.80}")
    return entry


def _records(value: Any) -> tuple[TurnRecord, ...] | None:
    if value is None:
        return None
    return tuple(TurnRecord.from_json(r) if r is not None else TurnRecord.skipped("") for r in value)


REFEREE = register(ItpwReferee())
