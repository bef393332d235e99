"""The moments of a snake battle: every snake's turn with the position it saw, what its program
decided (the deciding card, the best moves) and what it did. Read from a replay of either
format, or from a battle played here; the evidence behind card statistics and card previews.

A replay is followed through its recorded events, not by drawing from its seed: each recorded
move is applied to the board, and before it the seat's program (from the header) is asked what
it would choose. A move the program would not choose, or events that differ from what the move
does, mean the replay does not come from those programs; :class:`arena.replay.ReplayError`
then names the file, line and seat.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from arena.match import MatchSetupError
from arena.replay import Replay, ReplayError
from arena.program_battle import BattleSettings, SnakeMatch
from arena.snake_referee import settings_of
from engines.snake import GAME_INFO, Board, Cell, Direction, IllegalMoveError, Position
from engines.snake.game import event_to_json
from matcher import CompiledProgram, Program, ProgramError, best_moves, compile_program
from matcher.fileformat import program_from_json


@dataclass(frozen=True)
class Moment:
    """One snake's turn: the position before it, the program's decision there, the move made.

    ``card`` is the 0-based deciding card, None when fewer than two moves were possible or no
    card had a valid move; ``best`` the moves the program picks from; ``move`` None when the
    snake had no possible move (it skipped). ``events`` are the move's events in replay (JSON)
    form: ``["move", ...]`` then any ``["bite", ...]`` and ``["eaten", ...]``, or ``["skip", s]``.
    ``position`` is None when the reader was asked not to keep positions (they cost memory)."""

    step: int
    snake: int
    head: Cell
    possible: tuple[Direction, ...]
    best: tuple[Direction, ...]
    card: int | None
    move: Direction | None
    events: tuple[list[Any], ...]
    position: Position | None = None

    @property
    def tie(self) -> bool:
        """A card decided and its choice was a draw between two or more best moves."""
        return self.card is not None and len(self.best) > 1


@dataclass(frozen=True)
class BattleSource:
    """What a battle's moments come from: its name (a replay's path), seats and field."""

    name: str
    seat_names: tuple[str, ...]
    programs: tuple[Program, ...]
    width: int
    height: int
    start: Position


class _Follower:
    """Follows a battle event by event on its own board, asking each seat's program first."""

    def __init__(self, source: BattleSource, keep_positions: bool) -> None:
        self.source = source
        self.board = Board(source.start)
        self.compiled: list[CompiledProgram] = [compile_program(p) for p in source.programs]
        self.keep_positions = keep_positions

    def step(self, step: int, events: Sequence[Any], where: str) -> Iterator[Moment]:
        """The moments of one step, from its events in JSON form."""
        index = 0
        while index < len(events):
            event = events[index]
            if not (isinstance(event, list) and len(event) >= 2 and event[0] in ("move", "skip")
                    and isinstance(event[1], int) and 0 <= event[1] < self.board.snake_count):
                raise ReplayError(f"{where}: step {step}: expected a move or skip of a seat, got {event!r:.80}")
            moment = self._turn(step, event, events[index + 1 :], where)
            index += len(moment.events)
            yield moment

    def _turn(self, step: int, event: list[Any], rest: Sequence[Any], where: str) -> Moment:
        board, snake = self.board, event[1]
        possible = tuple(board.possible_moves(snake))
        position = board.position() if self.keep_positions else None
        head = board.head(snake) if board.bodies[snake] else (-1, -1)
        if event[0] == "skip":
            if possible:
                raise ReplayError(f"{where}: step {step}: seat {snake} skipped, but it could move "
                                  f"{', '.join(d.label for d in possible)}")
            return Moment(step, snake, head, (), (), None, None, (event,), position)
        try:
            move = Direction.from_label(str(event[2])) if len(event) == 3 else None
        except ValueError:
            move = None
        if move is None:
            raise ReplayError(f"{where}: step {step}: seat {snake}: bad move event {event!r:.80}")
        best, card = best_moves(self.compiled[snake], board, snake, possible)
        if move not in best:
            raise ReplayError(
                f"{where}: step {step}: seat {snake} ({self.source.seat_names[snake]}) moved {move.label}, but its "
                f"program picks from {', '.join(d.label for d in best) or 'nothing'}: the replay does not come "
                "from the programs in its header")
        try:
            happened = [event_to_json(e) for e in board.move(snake, move)]
        except IllegalMoveError as error:
            raise ReplayError(f"{where}: step {step}: {error}") from None
        if list(rest[: len(happened) - 1]) != happened[1:]:
            raise ReplayError(f"{where}: step {step}: seat {snake} moving {move.label} does "
                              f"{happened[1:]!r:.100}, the replay says {list(rest[: len(happened) - 1])!r:.100}")
        return Moment(step, snake, head, possible, tuple(best), card, move, tuple(happened), position)


def replay_source(replay: Replay) -> BattleSource:
    """The programs, seat names and start of a snake replay (either format); :class:`ReplayError`
    for another game's replay or a header that does not describe a battle."""
    if replay.game != GAME_INFO.name:
        raise ReplayError(f"{replay.path}:1: a {replay.game} replay; card moments are for snake battles")
    try:
        programs = tuple(program_from_json(seat.get("program"), f"seat {i}") for i, seat in enumerate(replay.seats))
        settings = settings_of(replay.options, replay.seed, len(programs))
    except (ProgramError, MatchSetupError, KeyError, TypeError) as error:
        raise ReplayError(f"{replay.path}:1: the header: {error}") from None
    names = tuple(str(seat["name"]) for seat in replay.seats)
    return BattleSource(replay.path, names, programs, settings.width, settings.height,
                        settings.start_position(len(programs)))


def replay_moments(replay: Replay, keep_positions: bool = True) -> Iterator[Moment]:
    """Every turn of a snake replay in order (see the module docstring)."""
    follower = _Follower(replay_source(replay), keep_positions)
    for index, line in enumerate(replay.rounds, 1):
        yield from follower.step(index, line["events"], replay.where(index))


def battle_source(programs: Sequence[Program], settings: BattleSettings, names: Sequence[str] = ()) -> BattleSource:
    """What a battle played here comes from (its seats named ``names`` or by their programs)."""
    start = settings.start_position(len(programs))
    return BattleSource("battle", tuple(names) or tuple(p.name for p in programs), tuple(programs),
                        start.width, start.height, start)


def battle_moments(
    programs: Sequence[Program], settings: BattleSettings, names: Sequence[str] = (), keep_positions: bool = True,
    max_steps: int | None = None,
) -> Iterator[Moment]:
    """Every turn of the battle ``programs`` play with ``settings`` (the same battle
    :func:`arena.program_battle.play_battle` plays), up to ``max_steps`` steps when given."""
    match = SnakeMatch(programs, settings)
    follower = _Follower(battle_source(programs, settings, names), keep_positions)
    while not match.battle.over and (max_steps is None or match.battle.steps < max_steps):
        report = match.step()
        yield from follower.step(report.step, [event_to_json(e) for e in report.events], f"battle step {report.step}")
