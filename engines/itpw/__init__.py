"""ITPW, workers and soldiers (specs/itpw.md): the rules, the protocol lines, a text form.

A referee's game, in short (players are numbered 1–4 as on the protocol lines)::

    state = start_state()
    for p in PLAYERS: send(p, player_line(p))
    while not state.over:
        if state.phase is Phase.TURN_END:                      # every player has moved
            state, events = end_turn(state, rng)               # counts the turn, draws a new unit
            continue
        p = state.mover
        if state.phase is Phase.MOVE:
            answer = ask(p, request_line(p, LineType.MOVE, bank[p]))
            try:
                move = read_move(state, p, answer)              # the whole line, or MoveError
            except MoveError as fault:
                state, events = disqualify(state, p, f"invalid move: {fault}")
                move = EMPTY_MOVE                               # the others see "P 0 0"
            else:
                state, events = apply_move(state, p, move)
            tell_others(p, move_broadcast(p, move))
        else:                                                   # Phase.UNIT: p was drawn
            answer = ask(p, request_line(p, LineType.UNIT, bank[p]))
            try:
                kind = read_unit(answer)                        # AnswerError
            except AnswerError as fault:
                state, events = disqualify(state, p, f"invalid new unit: {fault}")   # nothing is told
            else:
                state, events = place_unit(state, p, kind)
                tell_others(p, unit_broadcast(p, kind))
    state.scores(); ranking_points(ranks(state, rng)); close every bot's stdin

A timeout or an exit is ``disqualify(state, p, reason)`` too. All randomness is in
:func:`end_turn` and :func:`ranks`, from the generator passed in.
"""

from engines.itpw.events import (
    Arrival,
    Awarded,
    Claimed,
    Died,
    Disqualified,
    Event,
    EventError,
    Moved,
    Spawned,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
)
from engines.itpw.moves import EMPTY_MOVE, Move, MoveError, Step, check_move, legal_steps, random_move, targets
from engines.itpw.protocol import (
    Message,
    MoveBroadcast,
    Request,
    UnitBroadcast,
    move_broadcast,
    parse_message,
    parse_player_line,
    player_line,
    read_move,
    read_unit,
    request_line,
    unit_broadcast,
    unit_line,
    whole_seconds,
)
from engines.itpw.rules import apply_move, disqualify, draw_award, end_turn, place_unit, ranking_points, ranks
from engines.itpw.state import NOBODY, Disqualification, State, Unit, start_state
from engines.itpw.text import state_from_text, state_to_text
from engines.itpw.types import (
    GAME_INFO,
    PLAYERS,
    AnswerError,
    Cell,
    EndReason,
    GameInfo,
    GameOverError,
    ItpwError,
    Kind,
    LineType,
    Phase,
    ProtocolError,
    StateError,
    TurnError,
    corner,
)

__all__ = [
    "AnswerError", "Arrival", "Awarded", "Cell", "Claimed", "Died", "Disqualification", "Disqualified",
    "EMPTY_MOVE", "EndReason", "Event", "EventError", "GAME_INFO", "GameInfo", "GameOverError", "ItpwError", "Kind",
    "LineType", "Message", "Move", "MoveBroadcast", "MoveError", "Moved", "NOBODY", "PLAYERS", "Phase",
    "ProtocolError", "Request", "Spawned", "State", "StateError", "Step", "TurnError", "Unit", "UnitBroadcast",
    "apply_move", "check_move", "corner", "disqualify", "draw_award", "end_turn", "event_from_json",
    "event_to_json", "events_from_json", "events_to_json", "legal_steps", "move_broadcast", "parse_message",
    "parse_player_line", "place_unit", "player_line", "random_move", "ranking_points", "ranks", "read_move",
    "read_unit", "request_line", "start_state", "state_from_text", "state_to_text", "targets", "unit_broadcast",
    "unit_line", "whole_seconds",
]
