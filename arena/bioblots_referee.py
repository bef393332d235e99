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

import random
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena.bots import BotCommand, BotStatus, Host, PersistentBot, TurnRecord
from arena.closing import after_game, close_together
from arena.games.descriptor import GameDescriptor, Hosting, text_files
from arena.games.options import LIMITS_OPTION, MAX_ROUNDS, SANDBOX_OPTIONS, Option, OptionKind, setup_file_options
from arena.games.registry import register
from arena.match import MatchSetup, MatchSetupError, RoundInfo, SeatedBots, start_seats
from arena.referee import GameReferee, RefereedRun
from arena.samples import SAMPLES_DIR
from arena.setup_files import read_setup_file
from engines.bioblots import (
    GAME_INFO,
    BioblotsError,
    Fault,
    FaultKind,
    Event,
    Forfeited,
    State,
    board_from_text,
    board_to_text,
    format_move,
    generate_board,
    opening_lines,
    parse_move,
    start_state,
)
from engines.bioblots.game import GAME, fault_json

BIOBLOTS_SAMPLES = SAMPLES_DIR / "bioblots"
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


class BioblotsReferee(GameReferee[State, str | dict[str, Any] | None, Event]):
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> BioblotsRun:
        options = self.resolve_options(setup)
        where, text = load_board(options, setup.seed)
        state = parse_board(where or "generated board", text, options["move_limit"])
        resolved = {
            "board": None if options["board"] is None else str(options["board"]), "board_text": text,
            "time_limit": options["time_limit"], "move_limit": options["move_limit"],
            "start_grace": options["start_grace"],
        }

        def start(host: Host, p: int, command: BotCommand, env: dict[str, str]) -> PersistentBot:
            bot = host.start_bot(command, name=f"blot-{p}", env=env)
            for line in opening_lines(state.board, p):
                bot.send(line)
            return bot

        seated = start_seats(setup, options, resolved, start, host_root, bot_env)
        return BioblotsRun(self, seated, state, setup.seed, resolved)

    def initial_state(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        move_limit = self.descriptor.option("move_limit").parse(options["move_limit"])
        return parse_board("board_text", str(options["board_text"]), move_limit)

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


class BioblotsRun(RefereedRun[State, PersistentBot]):
    def __init__(self, referee: BioblotsReferee, seated: SeatedBots[PersistentBot], state: State, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(referee, seated, state, seed, options)
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
            records = [after_game(r, e, bot.limits.stderr_tail) if grace > 0 else r
                       for r, e, grace, bot in zip(records, ended, graces, self.bots)]
        moves: list[Any] = [None] * GAME_INFO.players
        moves[player] = move
        return self.referee.round_info(self.rounds, after, moves, events, tuple(records), self.rng)


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


def _canonical(answer: str | None) -> str | None:
    """A bot's line in the canonical form the referee relays (None when it is not a move)."""
    try:
        return format_move(parse_move(answer or ""))
    except BioblotsError:
        return None


def _boards() -> list[tuple[str, str]]:
    return [("generated from the seed", ""), *text_files(BIOBLOTS_SAMPLES)]


def _playout(seed: int) -> dict[str, Any]:
    return {"board_text": board_to_text(generate_board(random.Random(seed))), "move_limit": 12}


DESCRIPTOR = register(GameDescriptor(
    name=GAME_INFO.name, title="Bio-blots", seat_noun="Player", min_seats=GAME_INFO.players,
    max_seats=GAME_INFO.players, hosting=Hosting.PERSISTENT, engine=GAME, referee=BioblotsReferee(),
    round_limit="move_limit", round_noun="move", round_limit_title="Moves per player",
    options=(
        *setup_file_options("board", "the board: 26 rows of 26 of 1 2 3 5 8 D (default: generated from the seed)",
                            "bio-blots board"),
        Option("time_limit", OptionKind.SECONDS, GAME_INFO.move_time_limit, "seconds a bot has for each move",
               label="Time limit"),
        Option("move_limit", OptionKind.COUNT, GAME_INFO.move_limit, "moves each player makes at most (every line it "
               "writes, its placement and skips included): the match ends after twice as many moves", high=MAX_ROUNDS,
               flag=None),
        Option("start_grace", OptionKind.SECONDS, START_GRACE, "seconds added to each bot's first line (starting up)",
               low=0),
        LIMITS_OPTION, *SANDBOX_OPTIONS,
    ),
    end_reasons={"all_neutralised": "every cell neutralised", "locked_in": "a player had no legal move",
                 "move_limit": "each player's move limit", "fault": "a bot broke a rule"},
    map_option="board", map_title="Board", maps=_boards, tournament_map=False, samples=BIOBLOTS_SAMPLES,
    default_seats=("heuristic_bot.py", "random_bot.py"),
    view="editor.widgets.games.bioblots.bioblots_game:BioblotsBoard", playout=_playout, playout_seats=2,
))
REFEREE = DESCRIPTOR.referee
