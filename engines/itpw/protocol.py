"""Every line of the ITPW bot protocol (specs/itpw.md), as pure functions.

What a bot receives::

    3                      its player number, once, first
    3 0 27                 a request: "player 3, ordinary move, 27 s left" -> answers "n x1 y1 x2 y2 …"
    3 1 27                 a request: "player 3, new unit, 27 s left"      -> answers "0" or "1"
    1 0 2 0 0 1 1 2 0 3 1  player 1 moved 2 units: (0,0)->(1,1) and (2,0)->(3,1)
    2 1 1                  player 2's new unit is a soldier

Choices where the spec is silent, for the referee:

- The time left is sent in whole seconds, rounded down and never negative, so a bot reading it
  with ``scanf("%d")`` keeps in step (a fraction would stay in its input).
- A disqualified player's faulty move is broadcast as the empty move ``P 0 0`` (the spec); a
  faulty choice of a new unit is not broadcast at all (no unit appeared, and ``P 1 c`` would
  make the others place one). Disqualified players are skipped afterwards: no lines for them.
- Answers may have blanks around them and a ``\\r`` before the newline; nothing else.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engines.itpw.moves import Move, check_move
from engines.itpw.state import State
from engines.itpw.types import AnswerError, Kind, LineType, ProtocolError, check_player

_UNIT_WORDS = {str(int(kind)): kind for kind in Kind}
_NUMBER = re.compile(r"-?[0-9]{1,12}(?:\.[0-9]{1,12})?")


# --- referee -> bot --------------------------------------------------------------------------------


def player_line(player: int) -> str:
    """The first line to a bot: its player number."""
    return str(check_player(player))


def request_line(player: int, line_type: LineType, seconds_left: float) -> str:
    """``P T time``: ask ``player`` for a move or a new unit's kind; the time is its bank left."""
    return f"{check_player(player)} {int(LineType(line_type))} {whole_seconds(seconds_left)}"


def whole_seconds(seconds: float) -> int:
    """The time left as sent: whole seconds, rounded down, never negative."""
    return max(0, math.floor(seconds)) if math.isfinite(seconds) else 0


def move_broadcast(player: int, move: Move) -> str:
    """``P 0 n x1 y1 x2 y2 …``: ``player``'s move, sent to every other bot."""
    return f"{check_player(player)} {int(LineType.MOVE)} {move.to_line()}"


def unit_broadcast(player: int, kind: Kind) -> str:
    """``P 1 c``: the kind of ``player``'s new unit, sent to every other bot."""
    return f"{check_player(player)} {int(LineType.UNIT)} {int(Kind(kind))}"


# --- bot -> referee --------------------------------------------------------------------------------


def unit_line(kind: Kind) -> str:
    """A bot's answer to a new-unit request."""
    return str(int(Kind(kind)))


def read_unit(line: str) -> Kind:
    """Read a bot's answer to a new-unit request; raise :class:`AnswerError`."""
    word = line.strip()
    if word not in _UNIT_WORDS:
        shown = word if len(word) <= 20 else word[:20] + "…"
        raise AnswerError(f"a new unit is 0 (worker) or 1 (soldier), got {shown!r}")
    return _UNIT_WORDS[word]


def read_move(state: State, player: int, line: str) -> Move:
    """Read ``player``'s answer to a move request and check it as a whole against ``state``;
    raise :class:`~engines.itpw.moves.MoveError` naming the first fault."""
    move = Move.from_line(line)
    check_move(state, player, move)
    return move


# --- what a bot reads ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """The referee asks the reading bot (``player``) for a move or a new unit's kind."""

    player: int
    line_type: LineType
    seconds_left: int

    def to_line(self) -> str:
        return request_line(self.player, self.line_type, self.seconds_left)


@dataclass(frozen=True)
class MoveBroadcast:
    """Another player's ordinary move."""

    player: int
    move: Move

    def to_line(self) -> str:
        return move_broadcast(self.player, self.move)


@dataclass(frozen=True)
class UnitBroadcast:
    """The kind of another player's new unit."""

    player: int
    kind: Kind

    def to_line(self) -> str:
        return unit_broadcast(self.player, self.kind)


Message = Request | MoveBroadcast | UnitBroadcast


def parse_player_line(line: str) -> int:
    """Read the first line a bot receives; raise :class:`ProtocolError`."""
    word = line.strip()
    if word not in {"1", "2", "3", "4"}:
        raise ProtocolError(f"the first line is the player number 1..4, got {line.strip()[:20]!r}")
    return int(word)


def parse_message(line: str, me: int) -> Message:
    """Read a line after the first as bot ``me`` does: a request when it starts with ``me``,
    otherwise another player's move or new unit; raise :class:`ProtocolError`."""
    words = line.split()
    if len(words) < 3 or words[0] not in {"1", "2", "3", "4"} or words[1] not in {"0", "1"}:
        raise ProtocolError(f"expected 'P T …' with P 1..4 and T 0 or 1, got {line.strip()[:40]!r}")
    player, line_type = int(words[0]), LineType(int(words[1]))
    if player == me:
        if len(words) != 3 or not _NUMBER.fullmatch(words[2]):
            raise ProtocolError(f"a request is 'P T seconds', got {line.strip()[:40]!r}")
        return Request(player, line_type, max(0, math.floor(float(words[2]))))
    rest = " ".join(words[2:])
    try:
        if line_type is LineType.UNIT:
            return UnitBroadcast(player, read_unit(rest))
        return MoveBroadcast(player, Move.from_line(rest))
    except AnswerError as error:  # MoveError included
        raise ProtocolError(f"player {player}'s broadcast {line.strip()[:40]!r}: {error}") from None

