"""Nim's referee and descriptor: two persistent bots; each gets its seat (``0`` or ``1``), then,
on its turn, the heaps (``3 4 5``) and answers ``HEAP COUNT``. A bad answer, a timeout or a crash
loses the game. Registered by the ``snakepit.games`` entry point ``nim`` (see
tests/games/test_new_game.py) or by calling :func:`arena.games.registry.register`."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arena.bots import BotCommand, BotStatus, Host, PersistentBot, TurnRecord
from arena.games.descriptor import GameDescriptor, Hosting
from arena.games.options import LIMITS_OPTION, SANDBOX_OPTIONS, Option, OptionKind
from arena.match import MatchSetup, RoundInfo, SeatedBots, start_seats
from arena.referee import GameReferee, RefereedRun
from engines.protocol import MoveError
from tests.games.nim.engine import GAME, NimState, parse_move

BOTS = Path(__file__).parent / "bots"


class NimReferee(GameReferee[NimState, str | dict[str, str] | None, tuple[object, ...]]):
    def start(self, setup: MatchSetup, *, host_root: Path | None = None,
              bot_env: Mapping[str, str] | None = None) -> NimRun:
        options = self.resolve_options(setup)
        resolved: dict[str, Any] = {"heaps": options["heaps"], "time_limit": options["time_limit"]}

        def start(host: Host, seat: int, command: BotCommand, env: dict[str, str]) -> PersistentBot:
            bot = host.start_bot(command, name=f"player-{seat}", env=env)
            bot.send(str(seat))
            return bot

        seated = start_seats(setup, options, resolved, start, host_root, bot_env)
        return NimRun(self, seated, GAME.start(options), setup.seed, resolved)


class NimRun(RefereedRun[NimState, PersistentBot]):
    def __init__(self, referee: NimReferee, seated: SeatedBots[PersistentBot], state: NimState, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(referee, seated, state, seed, options)
        self.time_limit = float(options["time_limit"])

    def play_round(self, cancel: threading.Event | None) -> RoundInfo | None:
        player = self.state.to_move
        record = self.bots[player].request(" ".join(map(str, self.state.heaps)), self.time_limit, cancel)
        if cancel is not None and cancel.is_set():
            return None
        move: Any
        try:
            move = " ".join(map(str, parse_move(record.answer, self.state))) if record.ok else None
        except MoveError as error:
            move = None
            record = record.with_status(BotStatus.INVALID_OUTPUT, str(error))
        if move is None:
            move = {"fault": record.reason or record.status.label}
        moves: list[Any] = [None, None]
        moves[player] = move
        step = GAME.step(self.state, moves, self.rng)
        self.state = step.state
        self.rounds += 1
        records = [TurnRecord.skipped("not its turn")] * 2
        records[player] = record
        return self.referee.round_info(self.rounds, step.state, step.moves, step.events, tuple(records), self.rng)


DESCRIPTOR = GameDescriptor(
    name="nim", title="Nim", seat_noun="Player", min_seats=2, max_seats=2, hosting=Hosting.PERSISTENT,
    engine=GAME, referee=NimReferee(), round_limit=None, round_noun="move",
    options=(
        Option("heaps", OptionKind.TEXT, "3 4 5", "the heaps' sizes", expects="heap sizes such as '3 4 5'"),
        Option("time_limit", OptionKind.SECONDS, 1.0, "seconds a bot has for each move", label="Time limit"),
        LIMITS_OPTION, *SANDBOX_OPTIONS,
    ),
    end_reasons={"taken": "the last counter taken", "fault": "a bot broke a rule"},
    samples=BOTS, default_seats=("nim_bot.py", "nim_bot.py"), rules=Path(__file__).parent / "rules.md",
    playout=lambda seed: {"heaps": "3 4 5"}, playout_seats=2,
)
