"""A game played on from a state with moves chosen by a seeded generator: the conformance suite's
random games and the boards' stand-alone demos play through it, so both pick moves the same way.

Two generators, both from the seed: the match's (:meth:`~engines.protocol.Game.rng`, which every
draw of the rules comes from, as in a real match) and another one the moves are chosen with, so
the same seed plays the same game, step for step."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from engines.protocol import Game, Step

S = TypeVar("S")

Chooser = Callable[[S, random.Random, random.Random], Sequence[Any]]
"""Every seat's move for the next step, in replay form (None for an idle seat): from the state,
the generator to choose with and the match's generator as the step will find it (to be left as
it is); :meth:`~engines.protocol.Game.random_moves` is one."""


class SeededPlay(Generic[S]):
    """A game from ``state`` on, each step's moves chosen by ``choose`` (the game's random legal
    moves unless given) with a generator seeded from ``seed``."""

    def __init__(self, game: Game[S], state: S, seed: int, choose: Chooser[S] | None = None) -> None:
        self.game = game
        self.state = state
        self.rng = game.rng(seed)
        """The match's generator: the rules' draws."""
        self.choices = random.Random(f"moves/{seed}")
        """The generator the moves are chosen with."""
        self._choose = game.random_moves if choose is None else choose

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def moves(self) -> list[Any]:
        """The moves chosen for the next step (every seat's, in replay form)."""
        return list(self._choose(self.state, self.choices, self.rng))

    def play(self, moves: Sequence[Any]) -> Step[S]:
        """One step with ``moves``; the game goes on from its state."""
        step = self.game.step(self.state, moves, self.rng)
        self.state = step.state
        return step

    def step(self) -> Step[S]:
        """One step with the chosen moves."""
        return self.play(self.moves())
