"""One line of Bio-blots, as the named stages of :data:`MOVE_STAGES` (specs/bioblots.md).

:func:`apply` checks the move (:func:`~engines.bioblots.moves.check_move`), runs the stages over
a scratch copy of the state and freezes the result. :func:`apply_line` is the referee's entry: it
reads a bot's line and turns an unreadable or illegal one into a technical loss
(:func:`forfeit`), as the spec's *faults* decision says. The game has no randomness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engines.bioblots.board import NEUTRALISED, Board
from engines.bioblots.errors import GameOverError, IllegalMoveError, MoveSyntaxError
from engines.bioblots.events import Ended, Event, Forfeited, Moved, Neutralised, Paralysed, Placed, Scored, Skipped
from engines.bioblots.moves import check_move, has_legal_move
from engines.bioblots.protocol import parse_move
from engines.bioblots.state import Ending, State
from engines.bioblots.types import Cell, EndReason, Fault, FaultKind, Move, Placement, Shift, Skip, Substance


def apply(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Play a legal move of ``state.to_move``: the next state and the events, in stage order."""
    if state.ending is not None:
        raise GameOverError(f"the game is over ({state.ending.reason.value}) after {state.turn} lines")
    problem = check_move(state, move)
    if problem is not None:
        raise IllegalMoveError(problem)
    work = _Line.start(state, move)
    for _name, run_stage in MOVE_STAGES:
        run_stage(work)
    return work.after, tuple(work.events)


def apply_line(state: State, line: str) -> tuple[State, tuple[Event, ...]]:
    """Play the line ``state.to_move``'s bot wrote; a line that is not a move, or an illegal
    move, ends the game as its technical loss with the reason (and the rule) recorded."""
    if state.ending is not None:
        raise GameOverError(f"the game is over ({state.ending.reason.value}) after {state.turn} lines")
    player = state.to_move
    shown = line.strip()
    shown = shown if len(shown) <= 60 else shown[:60] + "…"
    try:
        move = parse_move(line)
    except MoveSyntaxError as error:
        return forfeit(state, player, Fault(FaultKind.UNREADABLE, f"{shown!r}: {error}"))
    problem = check_move(state, move)
    if problem is not None:
        return forfeit(state, player, Fault(FaultKind.ILLEGAL_MOVE, f"{shown!r}: {problem.message}", problem.rule))
    return apply(state, move)


def forfeit(state: State, player: int, fault: Fault) -> tuple[State, tuple[Event, ...]]:
    """End the game as ``player``'s technical loss: like being locked in, it loses and its points
    go to the opponent."""
    if state.ending is not None:
        raise GameOverError(f"the game is over ({state.ending.reason.value}) after {state.turn} lines")
    if player not in (0, 1):
        raise ValueError(f"Bio-blots has players 0 and 1, not {player!r}")
    after = replace(state, ending=Ending(EndReason.FAULT, player, fault))
    result = after.result()
    return after, (Forfeited(player, fault), Ended(result.reason, result.scores, result.winner))


@dataclass
class _Line:
    """The line being played: the fields the stages update, never seen outside."""

    before: State
    move: Move
    player: int
    organisms: list[frozenset[Cell]]
    board: Board
    scores: list[int]
    moves: list[int]
    paralysed: list[bool]
    entered: list[Cell] = field(default_factory=list)
    """The cells the organism entered, in the move's order."""
    entered_values: list[int] = field(default_factory=list)
    """What each entered cell held before this move (0: already neutralised)."""
    events: list[Event] = field(default_factory=list)
    after_state: State | None = None

    @classmethod
    def start(cls, state: State, move: Move) -> _Line:
        return cls(state, move, state.to_move, list(state.organisms), state.board, list(state.scores),
                   list(state.moves), list(state.paralysed))

    @property
    def after(self) -> State:
        if self.after_state is None:  # pragma: no cover - the last stage always sets it
            raise RuntimeError("the line's stages did not finish")
        return self.after_state


# --- the stages ----------------------------------------------------------------------------------


def stage1_relocate(w: _Line) -> None:
    """A skip clears the paralysis. A placement puts the organism on its four cells. In an ordinary
    move each cell goes to its target; one entering carbon that is not yet neutralised divides,
    leaving a daughter on its source (the organism grows by one)."""
    p = w.player
    match w.move:
        case Skip():
            w.paralysed[p] = False
            w.events.append(Skipped(p))
        case Placement(square):
            w.organisms[p] = frozenset(square)
            w.entered = list(square)
            w.events.append(Placed(p, square))
        case Shift(pairs):
            cells = set(w.organisms[p])
            for source, target in pairs:
                divided = w.board.at(target) == Substance.CARBON
                if not divided:
                    cells.discard(source)
                cells.add(target)
                w.events.append(Moved(p, source, target, divided))
            w.organisms[p] = frozenset(cells)
            w.entered = [target for _, target in pairs]
    w.entered_values = [w.board.at(cell) for cell in w.entered]


def stage2_neutralise(w: _Line) -> None:
    """Every entered cell that still holds a substance is neutralised by the player."""
    for cell, value in zip(w.entered, w.entered_values):
        if value != NEUTRALISED:
            w.events.append(Neutralised(w.player, cell, Substance(value)))
    w.board = w.board.neutralise(set(w.entered))


def stage3_mercury(w: _Line) -> None:
    """Entering mercury that was not yet neutralised (placement included) paralyses the organism:
    the player's next line must be a skip."""
    if Substance.MERCURY in w.entered_values:
        w.paralysed[w.player] = True
        w.events.append(Paralysed(w.player))


def stage4_score(w: _Line) -> None:
    """The player scores the values of the cells it neutralised (a skip scores nothing)."""
    if isinstance(w.move, Skip):
        return
    points = sum(w.entered_values)
    w.scores[w.player] += points
    w.events.append(Scored(w.player, points, w.scores[w.player]))


def stage5_count(w: _Line) -> None:
    """Every line counts as one of the player's moves, skips and the placement included."""
    w.moves[w.player] += 1
    w.after_state = State(w.board, (w.organisms[0], w.organisms[1]), (w.scores[0], w.scores[1]),
                          (w.moves[0], w.moves[1]), (w.paralysed[0], w.paralysed[1]), None, w.before.move_limit)


def stage6_end(w: _Line) -> None:
    """The game ends when every cell is neutralised, when both players wrote their lines up to the
    move limit, or — checked last — when the next player is locked in (no legal move, and not
    paralysed: a skip is always possible then): it loses and its points go to the opponent."""
    after = w.after
    ending = None
    if after.board.remaining() == 0:
        ending = Ending(EndReason.ALL_NEUTRALISED)
    elif min(after.moves) >= after.move_limit:
        ending = Ending(EndReason.MOVE_LIMIT)
    elif not has_legal_move(after):
        ending = Ending(EndReason.LOCKED_IN, after.to_move)
    if ending is not None:
        w.after_state = replace(after, ending=ending)
        result = w.after.result()
        w.events.append(Ended(result.reason, result.scores, result.winner))


Stage = Callable[[_Line], None]

MOVE_STAGES: tuple[tuple[str, Stage], ...] = (
    ("1. relocate cells (carbon divides)", stage1_relocate),
    ("2. neutralise entered cells", stage2_neutralise),
    ("3. mercury paralysis", stage3_mercury),
    ("4. score", stage4_score),
    ("5. count the line", stage5_count),
    ("6. end of game", stage6_end),
)
"""The stages of one line, in order."""
