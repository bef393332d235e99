"""Basic vocabulary of the Redbot worm game: directions, turns, items, causes, end reasons, metadata."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.grid import Cell, Direction, Labelled

__all__ = [
    "Cell", "DeathCause", "Direction", "EndReason", "GAME_INFO", "GameInfo", "Item", "RESPAWN_ORDER", "SEGMENT_LETTERS",
    "Turn", "segment_letter",
]


class Turn(enum.Enum):
    """What a bot answers: a turn relative to the worm's current direction. The value is the
    canonical answer character, the one written to replays."""

    STRAIGHT = "."
    LEFT = "l"
    RIGHT = "r"

    @property
    def char(self) -> str:
        return self.value

    @classmethod
    def from_answer(cls, answer: str | bytes | None) -> Turn:
        """Read a bot's answer as the original server did: only the first character counts;
        ``l``/``L`` and ``r``/``R`` turn, anything else (or nothing) goes straight on."""
        if not answer:
            return cls.STRAIGHT
        first = answer[:1].decode("latin-1") if isinstance(answer, bytes) else answer[0]
        return _ANSWERS.get(first, cls.STRAIGHT)

    @property
    def quarters(self) -> int:
        """Quarter turns clockwise: -1, 0 or 1."""
        return _QUARTERS[self]


_ANSWERS = {"l": Turn.LEFT, "L": Turn.LEFT, "r": Turn.RIGHT, "R": Turn.RIGHT}
_QUARTERS = {Turn.STRAIGHT: 0, Turn.LEFT: -1, Turn.RIGHT: 1}


class Item(Labelled):
    """What a worm can eat. The value is the item's character on the board."""

    FLOWER = "."
    ICE = "*"
    BONUS = "+"

    @property
    def char(self) -> str:
        return self.value


RESPAWN_ORDER = (Item.FLOWER, Item.ICE, Item.BONUS)
"""The order in which step 11 puts eaten items back (the original server's order)."""


class DeathCause(enum.Enum):
    """Why a worm died (step 4). Checked in this order: what the cell held, then other heads."""

    WALL = "wall"
    """Its head entered a wall."""
    OWN_BODY = "own_body"
    """Its head entered one of its own segments (its tail included)."""
    WORM = "worm"
    """Its head entered a segment of another worm, alive, frozen or dead (a tail included)."""
    HEAD_ON = "head_on"
    """Another head entered the same free cell in the same round."""


class EndReason(enum.Enum):
    """Why a game ended, checked in this order after every round."""

    FLOWERS_EATEN = "flowers_eaten"
    """The flower limit was reached."""
    ROUND_LIMIT = "round_limit"
    """The round limit was reached."""
    ALL_DEAD = "all_dead"
    """No worm is alive (nothing can change any more)."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of the worm game."""

    name: str
    players: int
    start_length: int
    default_time_limit: float
    """Seconds for one round, all four bots running in parallel."""
    freeze_per_ice: int
    """Rounds frozen per ice eaten, multiplied by the eater's bonus + 1."""
    dead_frozen: int
    """The frozen count that marks a dead worm in playfield files."""
    letters: tuple[str, ...]
    """Per worm, its four segment letters in :class:`Direction` order (up, right, down, left)."""
    max_side: int


GAME_INFO = GameInfo(
    name="worms",
    players=4,
    start_length=2,
    default_time_limit=3.0,
    freeze_per_ice=5,
    dead_frozen=999_999_999,
    letters=("abcd", "hijk", "opqr", "wxyz"),
    max_side=1000,
)


def segment_letter(worm: int, direction: Direction) -> str:
    """The board letter of a segment of ``worm`` whose next segment (or move) is ``direction``."""
    return GAME_INFO.letters[worm][direction]


SEGMENT_LETTERS: dict[str, tuple[int, Direction]] = {
    letter: (worm, Direction(i))
    for worm, letters in enumerate(GAME_INFO.letters)
    for i, letter in enumerate(letters)
}
"""Board letter -> (worm id, direction)."""
