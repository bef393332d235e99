"""The snake battle in the engine protocol (:mod:`engines.protocol`).

A step is one battle step: every snake not eaten moves once, in an order drawn from the match's
generator. A snake's move in replay form is its direction's label (``"up"``), None for a snake
that did not move (eaten, boxed in, or the battle ended before its turn). The programs that
choose the moves live in the matcher; the arena's referee asks them (a live step), a replay
gives them.

The canonical text is the position's (:func:`engines.snake.text.position_to_text`), the same as
every replay's digest has always been taken of; it holds no step count, so reading it back
gives a state at step 0 whose text is the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.protocol import Game, GameOverError, MoveError, Outcome, SeededRng, Step, competition_ranks
from engines.snake.battle import Battle, Policy
from engines.snake.board import Bite, Board, Eaten, Event, IllegalMoveError, Moved, Skipped
from engines.snake.position import Position, PositionError, start_position
from engines.snake.text import position_from_text, position_to_text
from engines.snake.types import GAME_INFO, Direction, EndReason


@dataclass(frozen=True)
class SnakeState:
    """A battle between steps: the position, the steps played, the limit and the end."""

    position: Position
    steps: int = 0
    max_steps: int = GAME_INFO.default_steps
    end: EndReason | None = None

    @classmethod
    def of(cls, battle: Battle) -> SnakeState:
        return cls(battle.board.position(), battle.steps, battle.max_steps, battle.end)

    def battle(self, rng: random.Random) -> Battle:
        """A battle that goes on from this state, drawing from ``rng``."""
        battle = Battle(self.position, rng, self.max_steps)
        battle.steps, battle.end = self.steps, self.end if self.steps else battle.end
        return battle


def event_to_json(event: Event) -> list[Any]:
    if isinstance(event, Moved):
        return ["move", event.snake, event.direction.label]
    if isinstance(event, Bite):
        return ["bite", event.biter, event.victim, list(event.cell)]
    if isinstance(event, Eaten):
        return ["eaten", event.snake, event.by]
    if isinstance(event, Skipped):
        return ["skip", event.snake]
    raise TypeError(f"unknown event {event!r}")


def moves_of(events: Sequence[Event], snakes: int) -> tuple[str | None, ...]:
    """Per snake the direction it moved in (replay form), from a step's events."""
    moves: list[str | None] = [None] * snakes
    for event in events:
        if isinstance(event, Moved):
            moves[event.snake] = event.direction.label
    return tuple(moves)


def _policy(moves: Sequence[Any]) -> Policy:
    """One policy for the step from per-snake labels or policies (a label must be possible)."""
    fixed: dict[int, Direction] = {}
    asked: dict[int, Policy] = {}
    for snake, move in enumerate(moves):
        if callable(move):
            asked[snake] = move
        elif move is not None:
            try:
                fixed[snake] = Direction.from_label(str(move))
            except ValueError as error:
                raise MoveError(f"snake {snake}: {error}") from None

    def choose(board: Board, snake: int, possible: Sequence[Direction]) -> Direction:
        if snake in asked:
            return asked[snake](board, snake, possible)
        if snake not in fixed:
            raise IllegalMoveError(f"no move given for snake {snake} (possible: {[d.label for d in possible]})")
        if fixed[snake] not in possible:
            raise IllegalMoveError(f"snake {snake} cannot move {fixed[snake].label} (possible: "
                                   f"{[d.label for d in possible]})")
        return fixed[snake]

    return choose


class SnakeGame(SeededRng):
    name = GAME_INFO.name
    min_seats = GAME_INFO.min_snakes
    max_seats = GAME_INFO.max_snakes

    def start(self, options: Mapping[str, Any], seats: int) -> SnakeState:
        """From ``start`` (a position's text) or ``width``, ``height`` and ``length``; ``steps``."""
        max_steps = int(options.get("steps", GAME_INFO.default_steps))
        if options.get("start") is not None:
            position = position_from_text(str(options["start"]))
        else:
            position = start_position(seats, int(options["width"]), int(options["height"]),
                                      int(options.get("length", GAME_INFO.default_length)))
        return SnakeState.of(Battle(position, random.Random(0), max_steps))

    def idle(self, state: SnakeState) -> dict[int, str]:
        return {i: "eaten" for i, snake in enumerate(state.position.snakes) if snake.eaten}

    def step(self, state: SnakeState, moves: Sequence[Any], rng: random.Random) -> Step[SnakeState]:
        """``moves``: per snake a direction's label, or a :data:`~engines.snake.battle.Policy`
        asked at its turn in the step (the referee's card programs)."""
        if self.outcome(state) is not None:
            raise GameOverError(f"{self.name}: no step after the end ({self.outcome(state)})")
        snakes = len(state.position.snakes)
        if len(moves) != snakes:
            raise MoveError(f"a step needs {snakes} moves, got {len(moves)}")
        battle = state.battle(rng)
        try:
            report = battle.step(_policy(moves))
        except IllegalMoveError as error:
            raise MoveError(str(error)) from None
        return Step(SnakeState.of(battle), report.events, moves_of(report.events, snakes))

    def outcome(self, state: SnakeState) -> Outcome | None:
        return None if state.end is None else Outcome(state.end.value, self.scores(state))

    def scores(self, state: SnakeState) -> tuple[int, ...]:
        board = Board(state.position)
        return tuple(board.length(i) for i in range(board.snake_count))

    def ranks(self, state: SnakeState, rng: random.Random) -> tuple[int, ...]:
        return competition_ranks(self.scores(state))

    def to_text(self, state: SnakeState) -> str:
        return position_to_text(state.position)

    def from_text(self, text: str) -> SnakeState:
        try:
            return SnakeState(position_from_text(text))
        except PositionError as error:
            raise ValueError(str(error)) from None

    def event_json(self, event: Any) -> Any:
        return event_to_json(event)

    def random_moves(self, state: SnakeState, rng: random.Random, match_rng: random.Random) -> list[Any]:
        """A random possible move of every snake at its turn in the coming step (the order drawn
        from a copy of the match's generator, as the step will)."""
        order = random.Random()
        order.setstate(match_rng.getstate())
        battle = state.battle(order)
        report = battle.step(lambda board, snake, possible: rng.choice(list(possible)))
        return list(moves_of(report.events, len(state.position.snakes)))


GAME: Game[SnakeState] = SnakeGame()
