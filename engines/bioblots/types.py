"""Basic vocabulary of Bio-blots: cells, substances, moves, the rules a move can break, faults,
end reasons and the game's metadata."""

from __future__ import annotations

import enum
from dataclasses import dataclass

SIZE = 26
"""The board is SIZE × SIZE; a cell's row and column are each named by one letter ``a``-``z``."""

Cell = tuple[int, int]
"""A board cell as ``(row, column)``, 0-based: ``(0, 0)`` is the top-left corner, named ``aa``."""

CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
"""Every cell in reading order (row by row from the top, left to right)."""


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return tuple((r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
                 if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE)


NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {cell: _neighbours(cell) for cell in CELLS}
"""The edge neighbours of every cell (up, right, down, left; fewer on the border)."""


class Substance(enum.IntEnum):
    """What a cell holds before it is neutralised; the value is the points for neutralising it."""

    CARBON = 1
    CHLORINE = 2
    ARSENIC = 3
    LEAD = 5
    MERCURY = 8
    URANIUM = 13

    @property
    def char(self) -> str:
        """The board character: the value as one hexadecimal digit (uranium is ``D``)."""
        return "D" if self is Substance.URANIUM else str(self.value)

    @classmethod
    def from_char(cls, char: str) -> Substance:
        found = _BY_CHAR.get(char)
        if found is None:
            raise ValueError(f"unknown substance {char!r} (expected one of {SUBSTANCE_CHARS})")
        return found


_BY_CHAR = {s.char: s for s in Substance}
SUBSTANCE_CHARS = " ".join(_BY_CHAR)
"""``"1 2 3 5 8 D"``, for messages."""


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A player's first move: its organism on four free cells forming a 2 × 2 square. The cells
    keep the order they were written in, so a line reads back as written."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Shift:
    """An ordinary move: each ``(source, target)`` pair moves one cell of the organism."""

    pairs: tuple[tuple[Cell, Cell], ...]

    @property
    def sources(self) -> tuple[Cell, ...]:
        return tuple(source for source, _ in self.pairs)

    @property
    def targets(self) -> tuple[Cell, ...]:
        return tuple(target for _, target in self.pairs)


@dataclass(frozen=True)
class Skip:
    """The move of a player paralysed by mercury, written ``0``."""


Move = Placement | Shift | Skip


# --- rules, faults, endings ----------------------------------------------------------------------


class Rule(enum.Enum):
    """A rule a move can break, in the order :func:`~engines.bioblots.moves.check_move` checks
    them. The value is the name written to match records."""

    GAME_OVER = "game_over"
    """No move is allowed once the game has ended."""
    MUST_SKIP = "must_skip"
    """A player paralysed by mercury must write ``0``."""
    SKIP_NOT_ALLOWED = "skip_not_allowed"
    """``0`` is only allowed while paralysed: an ordinary move moves at least one cell."""
    OFF_BOARD = "off_board"
    """Every cell named is on the board (a parsed line always is; a move built in code may not be)."""
    PLACEMENT_FIRST = "placement_first"
    """A player's first move places its organism."""
    PLACEMENT_ONCE = "placement_once"
    """Only the first move is a placement."""
    NOT_A_SQUARE = "not_a_square"
    """A placement is four distinct cells forming a 2 × 2 square."""
    PLACEMENT_OVERLAP = "placement_overlap"
    """A placement's cells must be free (the opponent may already be on the board)."""
    SOURCE_NOT_OWN = "source_not_own"
    """Every source is a cell of the moving player's organism."""
    SOURCE_TWICE = "source_twice"
    """A cell moves at most once per move."""
    TARGET_TWICE = "target_twice"
    """Two moving cells may not share a target."""
    TARGET_OCCUPIED = "target_occupied"
    """A target must be free before the move (no cell of either organism in it)."""
    NO_STATIONARY = "no_stationary"
    """At least one cell stays where it is."""
    STATIONARY_DISCONNECTED = "stationary_disconnected"
    """The cells that stay form one edge-connected region."""
    SOURCE_NOT_ADJACENT = "source_not_adjacent"
    """Every moving cell shares a side with the stationary part."""
    TARGET_NOT_ADJACENT = "target_not_adjacent"
    """Every target shares a side with the stationary part."""


@dataclass(frozen=True)
class Illegal:
    """Why a move is illegal: the rule it breaks and a sentence naming the cells involved."""

    rule: Rule
    message: str

    def __str__(self) -> str:
        return self.message


class FaultKind(enum.Enum):
    """How a bot lost technically (specs/bioblots.md, *faults*)."""

    ILLEGAL_MOVE = "illegal_move"
    UNREADABLE = "unreadable"
    """The line is not a move in the protocol's format."""
    TIMEOUT = "timeout"
    EXITED = "exited"
    """The bot exited or closed its output before the game ended."""


@dataclass(frozen=True)
class Fault:
    """A technical loss: what happened, the rule broken (for an illegal move) and the details."""

    kind: FaultKind
    detail: str
    rule: Rule | None = None


class EndReason(enum.Enum):
    """Why a game ended."""

    ALL_NEUTRALISED = "all_neutralised"
    """Every cell is neutralised; more points win."""
    LOCKED_IN = "locked_in"
    """The player to move had no legal move: it loses and its points go to the opponent."""
    MOVE_LIMIT = "move_limit"
    """Both players wrote their 80 lines; more points win."""
    FAULT = "fault"
    """A bot broke a rule or the protocol: treated like being locked in."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of Bio-blots."""

    name: str
    players: int
    size: int
    move_time_limit: float
    """Seconds a bot has for each line it writes."""
    move_limit: int
    """Lines per player, the placement and skips included."""
    uranium_share: float
    """The share of uranium on a generated board; the other five substances split the rest."""


GAME_INFO = GameInfo(
    name="bioblots",
    players=2,
    size=SIZE,
    move_time_limit=0.5,
    move_limit=80,
    uranium_share=0.05,
)
