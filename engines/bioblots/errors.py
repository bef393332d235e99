"""Bio-blots' errors: bad files and states (with the place), unreadable move lines, illegal moves."""

from __future__ import annotations

from engines.bioblots.types import Illegal


class BioblotsError(ValueError):
    """Base of every error the Bio-blots engine raises."""


class TextError(BioblotsError):
    """A board file or state text that cannot be read. The message starts with
    ``where:line:column:`` (the parts that are known; line and column are 1-based)."""

    def __init__(self, detail: str, where: str, line: int | None = None, column: int | None = None) -> None:
        place = where + "".join(f":{n}" for n in (line, column) if n is not None)
        super().__init__(f"{place}: {detail}")
        self.where = where
        self.line = line
        self.column = column
        self.detail = detail


class StateError(BioblotsError):
    """A state breaks an invariant of the game (overlapping organisms, a broken organism, ...)."""


class MoveSyntaxError(BioblotsError):
    """A line that is not a move in the protocol's format."""


class IllegalMoveError(BioblotsError):
    """A well-formed move that breaks a rule; ``problem`` says which."""

    def __init__(self, problem: Illegal) -> None:
        super().__init__(problem.message)
        self.problem = problem


class GameOverError(BioblotsError):
    """A move or result asked of a game in the wrong phase (programmer misuse)."""
