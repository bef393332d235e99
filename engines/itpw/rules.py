"""The flow of an ITPW game: ordinary moves, the turn's end with the new-unit draw, the new
unit's arrival, disqualification, and the final ranking.

A turn is players 1, 2, 3, 4 moving one after another (disqualified players are skipped; no line
is sent for them). When the last one has moved, the state waits in phase TURN_END and the referee
calls :func:`end_turn` with the match's generator: it counts the turn and, unless that was the
last turn, draws whether a new unit is awarded and to whom; the winner then owes its choice of
kind (phase UNIT, :func:`place_unit`) before the next turn starts. Keeping the draw out of
:func:`apply_move` keeps every function but :func:`end_turn` and :func:`ranks` free of randomness.

Every function returns the next state and the events in the order things happened; none
changes its argument.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engines.itpw.board import Scratch
from engines.itpw.events import Awarded, Disqualified, Event, Spawned
from engines.itpw.moves import Move, play_steps
from engines.itpw.state import Disqualification, State
from engines.itpw.types import GAME_INFO, PLAYERS, GameOverError, Kind, Phase, TurnError, check_player, corner

Result = tuple[State, tuple[Event, ...]]


def apply_move(state: State, player: int, move: Move) -> Result:
    """Play ``player``'s ordinary move of this turn; raise
    :class:`~engines.itpw.moves.MoveError` (and change nothing) when any listed unit breaks a
    rule — the referee then calls :func:`disqualify`."""
    _expect(state, Phase.MOVE, player)
    work = Scratch.of(state)
    play_steps(work, player, move)
    return work.freeze(state, **_after_mover(state, player, state.disqualified)), tuple(work.events)


def end_turn(state: State, rng: random.Random) -> Result:
    """Count the turn just finished; unless it was the last, draw the new unit from ``rng``."""
    if state.over:
        raise GameOverError(f"the game is over ({_end(state)})")
    if state.phase is not Phase.TURN_END:
        raise TurnError(f"turn {state.turn + 1} has not ended: {_waiting(state)}")
    turn = state.turn + 1
    if turn >= state.total_turns:
        return _replace(state, turn=turn, phase=Phase.OVER, to_move=None), ()
    winner = draw_award(state, rng)
    if winner is None:
        return _replace(state, turn=turn, **_next_turn(state.disqualified)), ()
    return _replace(state, turn=turn, phase=Phase.UNIT, to_move=winner), (Awarded(turn, winner),)


def draw_award(state: State, rng: random.Random) -> int | None:
    """Whether a new unit is awarded (``GAME_INFO.award_chance``) and to whom: a player drawn with
    probability proportional to its territory among the players not disqualified. None when no
    unit is awarded or nobody such owns a field. Always draws the chance first, then the owner."""
    numerator, denominator = GAME_INFO.award_chance
    if rng.randrange(denominator) >= numerator:
        return None
    weights = [(p, state.territory_of(p)) for p in state.active_players]
    total = sum(w for _, w in weights)
    if total == 0:
        return None
    ticket = rng.randrange(total)
    for player, weight in weights:
        if ticket < weight:
            return player
        ticket -= weight
    raise AssertionError("unreachable: the ticket is below the total weight")  # pragma: no cover


def place_unit(state: State, player: int, kind: Kind) -> Result:
    """``player``'s new unit of ``kind`` tries to enter its corner (see
    :class:`~engines.itpw.events.Arrival`); then the next turn starts."""
    _expect(state, Phase.UNIT, player)
    if not isinstance(kind, Kind):
        raise TurnError(f"a new unit's kind is a Kind, got {kind!r}")
    home = corner(player)
    work = Scratch.of(state)
    arrival = work.enter(player, kind, None, home)
    events = (Spawned(player, kind, home, arrival), *work.events)
    return work.freeze(state, **_next_turn(state.disqualified)), events


def disqualify(state: State, player: int, reason: str) -> Result:
    """``player`` makes no further moves (a fault: invalid move, time, exit, ...); its units and
    fields stay. If the game waited for it, it goes on with the next player (a new unit it was
    to choose is lost). ``reason`` is kept on one line."""
    if state.over:
        raise GameOverError(f"the game is over ({_end(state)})")
    check_player(player)
    if not state.active(player):
        raise TurnError(f"player {player} is already disqualified")
    why = " ".join(str(reason).split()) or "disqualified"
    out = Disqualification(state.turn + 1, why)
    disqualified = tuple(out if p == player else d for p, d in zip(PLAYERS, state.disqualified))
    event = Disqualified(player, out.turn, why)
    changes: dict[str, Any] = {"disqualified": disqualified}
    if all(d is not None for d in disqualified):
        changes.update(phase=Phase.OVER, to_move=None)
    elif state.to_move == player and state.phase is Phase.MOVE:
        changes.update(_after_mover(state, player, disqualified))
    elif state.to_move == player and state.phase is Phase.UNIT:
        changes.update(_next_turn(disqualified))
    return _replace(state, **changes), (event,)


def ranks(state: State, rng: random.Random) -> tuple[int, ...]:
    """Per player its place 1–4 by score; equal scores are ordered by lot. The lot (a shuffle of
    the players) is drawn from ``rng`` every time, ties or not, so a replay draws the same."""
    lot = list(PLAYERS)
    rng.shuffle(lot)
    scores = state.scores()
    order = sorted(PLAYERS, key=lambda p: (-scores[p - 1], lot.index(p)))
    return tuple(order.index(p) + 1 for p in PLAYERS)


def ranking_points(places: Sequence[int]) -> tuple[int, ...]:
    """The ranking points (3, 2, 1, 0) of each player's place."""
    return tuple(GAME_INFO.rank_points[place - 1] for place in places)


# --- whose turn --------------------------------------------------------------------------------


def _expect(state: State, phase: Phase, player: int) -> None:
    if state.over:
        raise GameOverError(f"the game is over ({_end(state)})")
    check_player(player)
    if state.phase is not phase or state.to_move != player:
        wanted = "move" if phase is Phase.MOVE else "new unit"
        raise TurnError(f"not player {player}'s {wanted}: {_waiting(state)}")


def _waiting(state: State) -> str:
    if state.phase is Phase.MOVE:
        return f"the game waits for player {state.to_move}'s move"
    if state.phase is Phase.UNIT:
        return f"the game waits for player {state.to_move}'s choice of a new unit"
    return f"turn {state.turn + 1} is complete; end_turn() comes next"


def _end(state: State) -> str:
    reason = state.end
    return f"{reason.value if reason else '?'} after turn {state.turn}"


def _after_mover(state: State, player: int, disqualified: tuple[Disqualification | None, ...]) -> dict[str, Any]:
    """The phase after ``player`` moved (or was disqualified) in this turn."""
    for p in PLAYERS[player:]:
        if disqualified[p - 1] is None:
            return {"phase": Phase.MOVE, "to_move": p}
    return {"phase": Phase.TURN_END, "to_move": None}


def _next_turn(disqualified: tuple[Disqualification | None, ...]) -> dict[str, Any]:
    for p in PLAYERS:
        if disqualified[p - 1] is None:
            return {"phase": Phase.MOVE, "to_move": p}
    return {"phase": Phase.OVER, "to_move": None}  # pragma: no cover - disqualify() ends such games


def _replace(state: State, **changes: Any) -> State:
    return replace(state, **changes)
