"""A Bio-blots game state: an immutable snapshot of the board, the two organisms and the counters,
and the result of a finished game.

The state is the whole game object a referee needs::

    state = start_state(board)
    while not state.over:
        line = ask(seat[state.to_move])               # the bot's answer, or a fault
        state, events = state.apply_line(line)        # an unreadable or illegal line is a technical loss
    state.result()                                    # scores after any transfer, winner (None: draw), reason

Whose turn it is follows from the move counts (player 0 first, strict alternation), so it can
never disagree with them. The canonical text form is :mod:`engines.bioblots.text`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engines.bioblots.board import NEUTRALISED, Board
from engines.bioblots.errors import GameOverError, StateError
from engines.bioblots.events import Event
from engines.bioblots.protocol import cell_name
from engines.bioblots.types import GAME_INFO, NEIGHBOURS, SIZE, Cell, EndReason, Fault, Move

Pair = tuple[int, int]
Organisms = tuple[frozenset[Cell], frozenset[Cell]]


@dataclass(frozen=True)
class Ending:
    """Why and how the game ended. ``loser`` is set for a locked-in player and a fault."""

    reason: EndReason
    loser: int | None = None
    fault: Fault | None = None


@dataclass(frozen=True)
class Result:
    """A finished game: the final scores (after the loser's points went to the opponent, when they
    do), the winner (None for a draw), the loser, why it ended and the fault if there was one."""

    reason: EndReason
    scores: Pair
    winner: int | None
    loser: int | None
    fault: Fault | None = None

    def to_json(self) -> dict[str, Any]:
        fault = None if self.fault is None else {
            "kind": self.fault.kind.value, "rule": None if self.fault.rule is None else self.fault.rule.value,
            "detail": self.fault.detail,
        }
        return {"reason": self.reason.value, "scores": list(self.scores), "winner": self.winner,
                "loser": self.loser, "fault": fault}


@dataclass(frozen=True)
class State:
    """The board as it is now (neutralised cells hold 0), each player's organism (empty until it
    is placed), points, lines written, whether mercury paralysed it, and the ending once the game
    is over. ``scores`` are the points each player neutralised; :meth:`result` applies the
    transfer of a locked-in or faulty player's points."""

    board: Board
    organisms: Organisms = (frozenset(), frozenset())
    scores: Pair = (0, 0)
    moves: Pair = (0, 0)
    """Lines each player has written: its placement, ordinary moves and skips."""
    paralysed: tuple[bool, bool] = (False, False)
    """Whether the player must skip its next move (it entered mercury)."""
    ending: Ending | None = None
    move_limit: int = GAME_INFO.move_limit
    _owners: dict[Cell, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_owners", validate_state(self))

    # --- queries ---------------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The player whose line comes next (player 0 moves first; they alternate)."""
        return 0 if self.moves[0] == self.moves[1] else 1

    @property
    def over(self) -> bool:
        return self.ending is not None

    @property
    def turn(self) -> int:
        """Lines written so far by both players (the worked example's move number minus one)."""
        return self.moves[0] + self.moves[1]

    def placed(self, player: int) -> bool:
        return bool(self.organisms[player])

    def owner(self, cell: Cell) -> int | None:
        """The player with an organism cell on ``cell``, if any."""
        return self._owners.get(cell)

    def is_free(self, cell: Cell) -> bool:
        """No cell of either organism is on ``cell``."""
        return cell not in self._owners

    def result(self) -> Result:
        """The result of the finished game; :class:`GameOverError` while it goes on."""
        if self.ending is None:
            raise GameOverError(f"the game is not over yet (after {self.turn} lines)")
        reason, loser = self.ending.reason, self.ending.loser
        if loser is not None:
            scores = [0, 0]
            scores[1 - loser] = self.scores[0] + self.scores[1]
            return Result(reason, (scores[0], scores[1]), 1 - loser, loser, self.ending.fault)
        a, b = self.scores
        winner = None if a == b else (0 if a > b else 1)
        return Result(reason, self.scores, winner, None if winner is None else 1 - winner)

    # --- transitions (pure: each returns a new state and what happened) ------------------------

    def apply(self, move: Move) -> tuple[State, tuple[Event, ...]]:
        """Play a legal move of :attr:`to_move`; :class:`~engines.bioblots.errors.IllegalMoveError`
        (naming the rule) for an illegal one, :class:`GameOverError` once the game is over."""
        from engines.bioblots import rules  # rules build States: imported here to keep the import graph acyclic

        return rules.apply(self, move)

    def apply_line(self, line: str) -> tuple[State, tuple[Event, ...]]:
        """Play a line a bot wrote; an unreadable or illegal line is the writer's technical loss."""
        from engines.bioblots import rules

        return rules.apply_line(self, line)

    def forfeit(self, player: int, fault: Fault) -> tuple[State, tuple[Event, ...]]:
        """End the game as ``player``'s technical loss (timeout, exit, ...): it loses and its
        points go to the opponent."""
        from engines.bioblots import rules

        return rules.forfeit(self, player, fault)

    def to_text(self) -> str:
        from engines.bioblots.text import state_to_text

        return state_to_text(self)


def start_state(board: Board, move_limit: int = GAME_INFO.move_limit) -> State:
    """The state before the first placement."""
    return State(board, move_limit=move_limit)


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether ``cells`` form one edge-connected region (False for no cells)."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


def validate_state(state: State) -> dict[Cell, int]:
    """Raise :class:`StateError` naming the player and cell when an invariant is broken; return
    the organism cells' owners."""
    if state.move_limit < 1:
        raise StateError(f"the move limit must be at least 1, got {state.move_limit!r}")
    m0, m1 = state.moves
    if not (0 <= m1 <= m0 <= m1 + 1 and m0 <= state.move_limit):
        raise StateError(f"move counts {m0} and {m1} are impossible: player 0 moves first, they alternate, "
                         f"at most {state.move_limit} each")
    owners: dict[Cell, int] = {}
    for player in (0, 1):
        _check_player(state, player, owners)
    ending = state.ending
    if ending is not None and (ending.loser is None) != (ending.reason in (EndReason.ALL_NEUTRALISED, EndReason.MOVE_LIMIT)):
        raise StateError(f"an ending {ending.reason.value!r} has a loser exactly when a player was locked in or faulted")
    if ending is not None and (ending.fault is None) == (ending.reason is EndReason.FAULT):
        raise StateError(f"an ending {ending.reason.value!r} has a fault exactly when it is a technical loss")
    if ending is not None and ending.loser not in (None, 0, 1):
        raise StateError(f"the loser is player 0 or 1, not {ending.loser!r}")
    return owners


def _check_player(state: State, player: int, owners: dict[Cell, int]) -> None:
    cells, where = state.organisms[player], f"player {player}"
    if state.scores[player] < 0:
        raise StateError(f"{where}'s score {state.scores[player]!r} is negative")
    if bool(cells) != (state.moves[player] > 0):
        raise StateError(f"{where} has written {state.moves[player]} lines but has {len(cells)} cells on the board: "
                         "an organism is on the board exactly after the first line (its placement)")
    if state.paralysed[player] and not cells:
        raise StateError(f"{where} is paralysed before it has placed its organism")
    if cells and len(cells) < 4:
        raise StateError(f"{where}'s organism has {len(cells)} cells; it starts with 4 and never shrinks")
    for cell in sorted(cells):
        if cell not in NEIGHBOURS:
            raise StateError(f"{where}'s cell {cell!r} is outside the {SIZE}×{SIZE} board")
        if cell in owners:
            raise StateError(f"{where}'s cell {cell_name(cell)} overlaps player {owners[cell]}'s organism")
        if state.board.at(cell) != NEUTRALISED:
            raise StateError(f"{where}'s cell {cell_name(cell)} is not neutralised; every cell an organism entered is")
        owners[cell] = player
    if cells and not is_connected(cells):
        raise StateError(f"{where}'s organism is not edge-connected")
