"""Basic vocabulary of the kingdoms game: action codes, levels, end reasons, errors, metadata."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class KingdomsError(ValueError):
    """Base of every error the kingdoms engine raises on bad input."""


class ActionCode(enum.Enum):
    """The one action a kingdom takes in a round; the value is its code in an answer line."""

    RECRUIT = "v"
    """+1 soldier."""
    TRAIN = "r"
    """+1 peasant."""
    IMPROVE_ARMS = "z"
    """Arms level +1."""
    IMPROVE_FARMING = "f"
    """Farming level +1."""
    HARVEST = "s"
    """Food += 3 × peasants × (farming DIV 3)."""
    ATTACK = "u"
    """``u <id> <n>``: attack kingdom ``id`` with ``n`` soldiers."""
    IMPROVE_SPY = "t"
    """Spy (secret service) level +1."""
    INTELLIGENCE = "i"
    """Gather intelligence; two consecutive rounds reveal the kingdoms with a lower spy level."""
    ROB = "l"
    """``l <id>``: rob the library of kingdom ``id``; three consecutive rounds make a robbery."""

    @property
    def arguments(self) -> int:
        """How many numbers follow the code in an answer line."""
        return _ARGUMENTS.get(self, 0)


_ARGUMENTS = {ActionCode.ATTACK: 2, ActionCode.ROB: 1}


class EndReason(enum.Enum):
    """Why a game ended."""

    ROUNDS = "rounds"
    """The fixed number of rounds has been played."""
    ONE_LEFT = "one_left"
    """At most one kingdom is alive (territory above 0)."""


MAX_DIGITS = 18
"""The longest number read from a file or an answer (fits 64 bits, and int() of a huge digit
string is slow or refused, so a longer one is an error, not a crash)."""

KINGDOM_FIELDS = ("territory", "food", "soldiers", "peasants", "arms", "farming", "spy")
"""The seven numbers of a kingdom in the order of the playfield and history files."""

COMMAND_LINE_FIELDS = ("territory", "soldiers", "peasants", "arms", "farming", "food", "spy")
"""The order of a kingdom's numbers on a strategy's command line (after the rounds left) and in
``informace.txt`` — not the playfield order."""

INFO_FILES = ("utok.txt", "obrana.txt", "loupez_utok.txt", "loupez_obrana.txt", "informace.txt")
"""The information files written into a strategy's working directory before each run."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of the kingdoms game."""

    name: str
    players: int
    default_rounds: int
    time_limit_seconds: float
    start_kingdom: tuple[int, ...]
    """Every kingdom's numbers in the default playfield, in :data:`KINGDOM_FIELDS` order."""
    robbery_rounds: int
    """Consecutive rounds of ``l`` on the same target that make a robbery."""
    intelligence_rounds: int
    """Consecutive rounds of ``i`` that reveal the other kingdoms."""


GAME_INFO = GameInfo(
    name="kingdoms",
    players=4,
    default_rounds=500,
    time_limit_seconds=2.0,
    start_kingdom=(25, 10, 1, 1, 3, 3, 0),
    robbery_rounds=3,
    intelligence_rounds=2,
)
