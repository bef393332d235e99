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

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena.bots import BotCommand, BotStatus, Host, PersistentBot, TurnRecord
from arena.bots.persistent import WAITING
from arena.closing import after_game, close_together
from arena.games.descriptor import GameDescriptor, Hosting
from arena.games.options import LIMITS_OPTION, MAX_ROUNDS, SANDBOX_OPTIONS, Option, OptionKind
from arena.games.registry import register
from arena.match import MatchSetup, RoundInfo, SeatedBots, start_seats
from arena.referee import GameReferee, RefereedRun
from arena.samples import SAMPLES_DIR
from engines.itpw import (
    EMPTY_MOVE,
    GAME_INFO,
    PLAYERS,
    AnswerError,
    Event,
    Kind,
    LineType,
    Move,
    MoveError,
    State,
    move_broadcast,
    player_line,
    ranks,
    read_move,
    read_unit,
    request_line,
    start_state,
    unit_broadcast,
)
from engines.itpw.game import GAME, OUT
from engines.itpw.turn import Turn, play_turn

ITPW_SAMPLES = SAMPLES_DIR / "itpw"


class ItpwReferee(GameReferee[State, dict[str, Any] | None, Event]):
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> ItpwRun:
        options = self.resolve_options(setup)
        pause = options["pause_bots"]
        resolved = {"bank": options["bank"], "turns": options["turns"], "pause_bots": pause}

        def start(host: Host, seat: int, command: BotCommand, env: dict[str, str]) -> PersistentBot:
            bot = host.start_bot(command, name=f"player-{seat + 1}", pause_between_requests=pause, env=env)
            bot.send(player_line(seat + 1))
            if pause:
                bot.pause()
            return bot

        seated = start_seats(setup, options, resolved, start, host_root, bot_env)
        return ItpwRun(self, seated, start_state(options["turns"]), setup.seed, resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        """A replay header's ``turns`` is checked like a match's (``Infinity`` or ``1.5`` there
        reached the engine's ``int()``: a traceback, or a silently different game)."""
        return start_state(self.descriptor.option("turns").parse(options.get("turns", GAME_INFO.turns)))

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


class ItpwRun(RefereedRun[State, PersistentBot]):
    def __init__(self, referee: ItpwReferee, seated: SeatedBots[PersistentBot], state: State, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(referee, seated, state, seed, options)
        self.bank: list[float] = [options["bank"]] * GAME_INFO.players
        """Per seat the seconds it has left for the game."""
        self._ranks: tuple[int, ...] | None = None

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        before = self.rng.getstate()  # a round dropped by a cancel must not have drawn from it
        source = _Bots(self, cancel)
        turn = play_turn(self.state, self.rng, source)
        if turn is None:
            self.rng.setstate(before)
            return None
        self.state = turn.state
        self.rounds += 1
        done = [r or TurnRecord.skipped(OUT) for r in source.records]
        if self.state.over:
            self._ranks = ranks(self.state, self.rng)
            ended = close_together(self.bots, [GAME_INFO.exit_grace_seconds] * GAME_INFO.players)
            done = [after_game(r, e, bot.limits.stderr_tail) for r, e, bot in zip(done, ended, self.bots)]
        return self.referee.round_info(self.rounds, turn.state, turn.moves, turn.events, tuple(done), self.rng)

    def ask(self, player: int, line_type: LineType, cancel: threading.Event | None) -> TurnRecord | None:
        """Send ``player`` its request and wait for its answer as long as its bank lasts; None
        when ``cancel`` was set meanwhile."""
        seat = player - 1
        left = self.bank[seat]
        record = self.bots[seat].request(request_line(player, line_type, left), left, cancel)
        if cancel is not None and cancel.is_set():
            return None
        self.bank[seat] = max(0.0, left - record.wall_time)
        if record.status is BotStatus.TIMEOUT:
            record = record.with_status(BotStatus.TIMEOUT, bank_reason(record.reason, left, self.options["bank"]))
        return record

    def out(self, player: int) -> None:
        """End a disqualified player's bot: no line is sent to it any more."""
        self.bots[player - 1].close(grace=0.0)

    def tell_others(self, state: State, player: int, line: str) -> None:
        for other in PLAYERS:
            if other != player and state.active(other):
                self.bots[other - 1].send(line)

    def ranks(self) -> tuple[int, ...]:
        if self._ranks is None:  # a cancelled match: the lot is drawn now
            self._ranks = super().ranks()
        return self._ranks


class _Bots:
    """The round's actions asked of the bots (:class:`engines.itpw.turn.TurnSource`): each
    answer read, a fault turned into a disqualification, what happened told to the others."""

    def __init__(self, run: ItpwRun, cancel: threading.Event | None) -> None:
        self.run = run
        self.cancel = cancel
        self.records: list[TurnRecord | None] = [None] * GAME_INFO.players

    def move(self, turn: Turn, player: int) -> Move | str | None:
        record = self.run.ask(player, LineType.MOVE, self.cancel)
        if record is None:
            return None
        move: Move | str = EMPTY_MOVE
        if not record.ok or record.answer is None:
            move = process_fault(record)
        else:
            try:
                move = read_move(turn.state, player, record.answer)
            except MoveError as error:
                move = f"invalid move: {error}"
                record = record.with_status(BotStatus.DISQUALIFIED, move)
        self.records[player - 1] = record
        if isinstance(move, str):
            self.run.out(player)
        self.run.tell_others(turn.state, player, move_broadcast(player, EMPTY_MOVE if isinstance(move, str) else move))
        return move

    def unit(self, turn: Turn, player: int) -> Kind | str | None:
        """A fault is told nobody (no unit appeared)."""
        record = self.run.ask(player, LineType.UNIT, self.cancel)
        if record is None:
            return None
        kind: Kind | str
        if not record.ok or record.answer is None:
            kind = process_fault(record)
        else:
            try:
                kind = read_unit(record.answer)
            except AnswerError as error:
                kind = f"invalid new unit: {error}"
                record = record.with_status(BotStatus.DISQUALIFIED, kind)
        moved = self.records[player - 1]
        self.records[player - 1] = record if moved is None else merge_records(moved, record)
        if isinstance(kind, str):
            self.run.out(player)
        else:
            self.run.tell_others(turn.state, player, unit_broadcast(player, kind))
        return kind


LOW_BANK = 1.0
"""Seconds of bank below which a timeout says nothing of the bot's waiting: no bot answers in
the last milliseconds of its bank, thinking or not."""


def bank_reason(reason: str, left: float, bank: float) -> str:
    """A timeout's reason as the bank's: ``no answer within the 0.003 s left of its 30 s time
    bank``. A match of thousands of turns spends the bank to its last milliseconds, and the
    timeout said only ``no answer within 0.003 s, hardly using the CPU: it was waiting, for input
    the protocol does not send or with its answer unflushed``: a healthy bot blamed for waiting."""
    prefix = f"no answer within {left:.3f} s"
    if not reason.startswith(prefix):
        return reason
    detail = reason[len(prefix):]
    if detail == WAITING and left < LOW_BANK:
        detail = ""
    if left <= bank / 2:  # spent on earlier turns: the bank, not the bot, may be what to change
        detail += BANK_HINT
    return f"no answer within the {left:.3f} s left of its {bank:g} s time bank{detail}"


BANK_HINT = "; a long match may need a larger bank (snakepit match --bank, or the arena's Time bank field)"
"""Said of a bank that ran out after most of it went on earlier turns: a heavy user of long matches
was not told the bank can be raised. Where: the command line's option and the app's field (the
reason shows in both)."""


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


DESCRIPTOR = register(GameDescriptor(
    name=GAME_INFO.name, title="ITPW", seat_noun="Player", min_seats=GAME_INFO.players, max_seats=GAME_INFO.players,
    hosting=Hosting.PERSISTENT, engine=GAME, referee=ItpwReferee(), round_limit="turns", round_noun="turn",
    options=(
        Option("bank", OptionKind.SECONDS, GAME_INFO.bank_seconds, "each player's time bank for the game, in seconds",
               label="Time bank"),
        Option("turns", OptionKind.COUNT, GAME_INFO.turns, "the number of turns", high=MAX_ROUNDS, flag=None),
        Option("pause_bots", OptionKind.FLAG, False, "stop each bot (SIGSTOP) while it is not its turn, so no bot computes "
               "on another's time; its CPU time is counted either way", label="Pause bots off their turn"),
        LIMITS_OPTION, *SANDBOX_OPTIONS,
    ),
    end_reasons={"turns": "the turn limit", "all_disqualified": "every player disqualified"},
    time_option="bank", time_title="Time bank", samples=ITPW_SAMPLES,
    default_seats=("heuristic_bot.py", "random_bot.py", "heuristic_bot.py", "random_bot.py"),
    view="editor.widgets.games.itpw.itpw_game:ItpwBoard", playout=lambda seed: {"turns": 12}, playout_seats=4,
))
REFEREE = DESCRIPTOR.referee
