"""Basic vocabulary of the snake battle: directions, elements, end reasons, game metadata."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engines.grid import Cell, Direction, Labelled

__all__ = ["Cell", "Direction", "Element", "EndReason", "GAME_INFO", "GameInfo", "ELEMENT_COUNT"]


class Element(Labelled, enum.IntEnum):
    """What a snake sees in a cell. The values are the uint8 codes the matcher uses; program files
    name it by its label (``"enemy_tail"``)."""

    EMPTY = 0
    BORDER = 1
    OWN_BODY = 2
    OWN_TAIL = 3
    ENEMY_HEAD = 4
    ENEMY_BODY = 5
    ENEMY_TAIL = 6


ELEMENT_COUNT = len(Element)


class EndReason(enum.Enum):
    """Why a battle ended."""

    ONE_LEFT = "one_left"
    """At most one snake is not eaten."""
    NO_MOVES = "no_moves"
    """No snake that is not eaten has a possible move."""
    STEP_LIMIT = "step_limit"
    """The step limit was reached."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of the snake battle."""

    name: str
    min_snakes: int
    max_snakes: int
    default_width: int
    default_height: int
    default_length: int
    default_steps: int


GAME_INFO = GameInfo(
    name="snake",
    min_snakes=2,
    max_snakes=4,
    default_width=25,
    default_height=25,
    default_length=10,
    default_steps=1000,
)
