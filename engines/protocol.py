"""The one protocol every game engine speaks (OpenSpiel's State API and python-chess's
``Outcome`` are the models), so that replaying, verifying and the conformance suite are written
once for every game.

A game is a value with these methods; its states are immutable. Moves cross the protocol in
their *replay form*: the JSON value a replay's ``moves`` list holds for a seat (``None`` for a
seat that did not move), which is canonical, comparable and what every tool already reads::

    game = engines.worms.GAME
    rng = game.rng(seed)                      # every random draw of a match comes from here
    state = game.start(options, seats)         # the options as a replay header holds them
    while game.outcome(state) is None:
        moves = [...]                          # per seat a move in replay form, or None
        step = game.step(state, moves, rng)    # Step(state, events, moves as applied)
        state = step.state
    outcome = game.outcome(state)              # Outcome(reason, scores)
    game.ranks(state, rng)                     # the final order (some games draw ties by lot)

``step`` raises :class:`MoveError` (a ``ValueError``) for a move that is not a move at all; a
move the rules reject is what the game's rules say (straight on, a fault, a technical loss), not
an exception. A step after the end raises :class:`GameOverError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")


class MoveError(ValueError):
    """A recorded move that is not a move of this game (the replay's fault, not the player's)."""


class GameOverError(RuntimeError):
    """A step after the game's end: programmer misuse."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the end reason's code (``"flowers_eaten"``, ``"rounds"``...)
    and the final scores, one per seat."""

    reason: str
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Step(Generic[S]):
    """What one step (one round of a replay) did."""

    state: S
    events: tuple[Any, ...]
    """The engine's events, in order (their JSON form: :meth:`Game.event_json`)."""
    moves: tuple[Any, ...]
    """Per seat the move as applied, in replay form (a worm's garbage answer becomes ``"."``);
    ``None`` for a seat that did not move."""


class SeededRng:
    """The :meth:`Game.rng` every game uses: Python's generator seeded with the match seed, so a
    match replays exactly from its seed (a game class inherits it)."""

    def rng(self, seed: int) -> random.Random:
        return random.Random(seed)


class Game(Protocol[S]):
    """A game's rules, as the arena runs and replays them."""

    name: str
    min_seats: int
    max_seats: int

    def rng(self, seed: int) -> random.Random:
        """The generator every random draw of a match with this seed comes from."""

    def start(self, options: Mapping[str, Any], seats: int) -> S:
        """The state before the first step, from resolved options (a replay header's)."""

    def idle(self, state: S) -> Mapping[int, str]:
        """The seats that do not move in the next step, with why (``"dead"``, ``"not on turn"``)."""

    def step(self, state: S, moves: Sequence[Any], rng: random.Random) -> Step[S]:
        """Play one step from every seat's move (replay form; None for an idle seat)."""

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; how it ended once it is over."""

    def scores(self, state: S) -> tuple[int, ...]:
        """The scores now (the final ones once it is over)."""

    def ranks(self, state: S, rng: random.Random) -> tuple[int, ...]:
        """Competition ranks of a finished game (1 = first; the game's own tie rule)."""

    def to_text(self, state: S) -> str:
        """The canonical text of a state (its digest goes into replays)."""

    def from_text(self, text: str) -> S:
        """The state a canonical text stands for: ``from_text(to_text(s)) == s``."""

    def event_json(self, event: Any) -> Any:
        """An event's JSON form."""

    def random_moves(self, state: S, rng: random.Random, match_rng: random.Random) -> list[Any]:
        """A legal move for every seat that moves next (replay form; None for the others), chosen
        with ``rng``: what the conformance suite plays games with. ``match_rng`` is the match's
        generator as the next step will find it, for a game whose moves depend on its draws; it
        must be left as it is (copy it)."""


def competition_ranks(scores: Sequence[int]) -> tuple[int, ...]:
    """1 + the number of seats with a higher score (equal scores share a rank)."""
    return tuple(1 + sum(other > score for other in scores) for score in scores)
