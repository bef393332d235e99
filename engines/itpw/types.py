"""Basic vocabulary of ITPW (specs/itpw.md): players, corners, unit kinds, phases, end reasons,
errors and the declared metadata.

Players carry the spec's numbers 1–4 everywhere (the corner they own and the number on every
protocol line); per-player tuples are in player order, so player ``p`` is at index ``p - 1``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

Cell = tuple[int, int]
"""A field as ``(x, y)``: x to the right, y downwards, ``(0, 0)`` the top-left corner."""


class ItpwError(ValueError):
    """Base of every error the ITPW engine raises."""


class StateError(ItpwError):
    """A state breaks an invariant (unit off the board, unknown owner, bad phase, ...)."""


class GameOverError(ItpwError):
    """A move, choice or disqualification was asked of a game that is over (programmer misuse)."""


class TurnError(ItpwError):
    """A call that does not fit the phase: the wrong player, or a move while a new unit is awaited
    (programmer misuse; a bot's bad answer is a :class:`~engines.itpw.moves.MoveError`)."""


class AnswerError(ItpwError):
    """A bot's answer that is not valid (bad syntax, a rule broken); its player is disqualified.
    The message is one line naming the fault."""


class ProtocolError(ItpwError):
    """A line the referee sends that a bot-side reader cannot understand (tests, sample tools)."""


class Kind(enum.IntEnum):
    """A unit's kind; the value is its code in a new-unit line (``0`` worker, ``1`` soldier)."""

    WORKER = 0
    SOLDIER = 1

    @property
    def label(self) -> str:
        return self.name.lower()


class LineType(enum.IntEnum):
    """The second number of a request or broadcast line."""

    MOVE = 0
    """An ordinary move: ``n x1 y1 x2 y2 …``."""
    UNIT = 1
    """A new unit: ``0`` worker or ``1`` soldier."""


class Phase(enum.Enum):
    """What the game waits for next."""

    MOVE = "move"
    """``to_move`` owes its ordinary move of this turn."""
    UNIT = "unit"
    """``to_move`` was drawn for a new unit and owes its choice of kind."""
    TURN_END = "turn_end"
    """Every player has moved this turn: :func:`~engines.itpw.rules.end_turn` counts the turn and
    draws the new unit."""
    OVER = "over"


class EndReason(enum.Enum):
    """Why a game ended."""

    TURNS = "turns"
    """Every turn has been played."""
    ALL_DISQUALIFIED = "all_disqualified"
    """No player may move any more and no unit can be drawn, so nothing can change."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of ITPW."""

    name: str
    players: int
    board: int
    """Fields per side of the square board."""
    turns: int
    bank_seconds: float
    """Default time bank per player for the whole game."""
    award_chance: tuple[int, int]
    """A new unit is drawn after a full turn with probability numerator/denominator."""
    rank_points: tuple[int, ...]
    """Ranking points for 1st, 2nd, 3rd and 4th place."""
    exit_grace_seconds: float
    """After stdin is closed at the end, a bot has this long to exit before it is killed."""


GAME_INFO = GameInfo(
    name="itpw",
    players=4,
    board=50,
    turns=500,
    bank_seconds=30.0,
    award_chance=(1, 3),
    rank_points=(3, 2, 1, 0),
    exit_grace_seconds=1.0,
)

PLAYERS = tuple(range(1, GAME_INFO.players + 1))
"""The player numbers in turn order."""

SIDE = GAME_INFO.board


def corner(player: int) -> Cell:
    """The corner of ``player``: 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right."""
    check_player(player)
    return (0 if player in (1, 3) else SIDE - 1), (0 if player in (1, 2) else SIDE - 1)


def mirror(player: int, cell: Cell) -> Cell:
    """Player 1's ``cell`` seen from ``player``'s corner (the start layout is mirrored)."""
    x, y = cell
    cx, cy = corner(player)
    return (x if cx == 0 else SIDE - 1 - x), (y if cy == 0 else SIDE - 1 - y)


START_WORKERS: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1))
"""Player 1's starting workers: the corner and the two fields nearest to it."""
START_SOLDIERS: tuple[Cell, ...] = ((1, 1), (2, 0), (0, 2))
"""Player 1's starting soldiers: the next three nearest fields."""

NEIGHBOURS: tuple[tuple[int, int], ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
"""The eight steps a unit can make, in reading order."""


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < SIDE and 0 <= cell[1] < SIDE


def touching(a: Cell, b: Cell) -> bool:
    """Whether ``b`` is one of the (up to) eight neighbours of ``a`` (not ``a`` itself)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def check_player(player: object) -> int:
    """``player`` if it is a player number (1–4); raise :class:`ItpwError` otherwise."""
    if not isinstance(player, int) or isinstance(player, bool) or player not in PLAYERS:
        raise ItpwError(f"player {player!r} is not a player number (1..{GAME_INFO.players})")
    return player
