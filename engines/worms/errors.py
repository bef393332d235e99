"""The worm game's errors: bad states, bad playfield files, moves after the end."""

from __future__ import annotations


class WormsError(ValueError):
    """Base of every error the worm engine raises."""


class StateError(WormsError):
    """A state breaks a rule of the board (overlap, broken worm, item on a wall, ...)."""


class PlayfieldError(WormsError):
    """A playfield or map file is not valid. ``line`` and ``column`` are 1-based where known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        where = ""
        if line is not None:
            where = f"line {line}, column {column}: " if column is not None else f"line {line}: "
        super().__init__(where + message)
        self.line = line
        self.column = column
        self.detail = message


class GameOverError(WormsError):
    """A round was asked of a game that has already ended."""
