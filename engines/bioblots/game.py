"""Bio-blots in the engine protocol (:mod:`engines.protocol`).

A step is one line of the player on turn. Its move in replay form is the line in canonical form
(``"1 aaac"``), or ``{"fault": kind, "rule": rule or null, "detail": text}`` for a technical
loss; the other seat's is None. Scores are the final ones once the game is over (the loser's
points gone to the winner), and the offender of a technical loss or the player locked in ranks
last whatever the points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engines.bioblots.board import board_from_text
from engines.bioblots.errors import BioblotsError
from engines.bioblots.events import event_to_json
from engines.bioblots.moves import random_move
from engines.bioblots.protocol import format_move, parse_move
from engines.bioblots.state import State, start_state
from engines.bioblots.text import state_from_text, state_to_text
from engines.bioblots.types import GAME_INFO, Fault, FaultKind, Rule
from engines.protocol import Game, GameOverError, MoveError, Outcome, SeededRng, Step


def fault_json(fault: Fault) -> dict[str, Any]:
    return {"fault": fault.kind.value, "rule": None if fault.rule is None else fault.rule.value, "detail": fault.detail}


def fault_from_json(value: Mapping[str, Any]) -> Fault:
    rule = value.get("rule")
    return Fault(FaultKind(value["fault"]), str(value["detail"]), None if rule is None else Rule(rule))


def final_scores(state: State) -> tuple[int, int]:
    """The scores as they stand: after the loser's points went to the winner once it is over."""
    return state.result().scores if state.over else state.scores


def final_ranks(state: State) -> tuple[int, int]:
    """The ranks: once the game is over its result decides, so the offender of a technical loss
    and the player locked in rank last whatever the points (spec: "the offender loses", "it
    loses"), even when neither had a point; before the end (a cancelled match) the points do."""
    if state.over:
        winner = state.result().winner
        return (1, 1) if winner is None else (1, 2) if winner == 0 else (2, 1)
    a, b = state.scores
    return (1, 1) if a == b else (1, 2) if a > b else (2, 1)


class BioblotsGame(SeededRng):
    # The match generator draws nothing in the rules: the board is drawn from the seed before the game, by the referee.
    name = GAME_INFO.name
    min_seats = max_seats = GAME_INFO.players

    def start(self, options: Mapping[str, Any], seats: int = GAME_INFO.players) -> State:
        """From ``board_text`` (26 rows) and ``move_limit`` (lines per player)."""
        move_limit = int(options.get("move_limit", GAME_INFO.move_limit))
        return start_state(board_from_text(str(options["board_text"]), where="board_text"), move_limit)

    def idle(self, state: State) -> dict[int, str]:
        return {seat: f"not its turn: player {state.to_move} moves" for seat in range(GAME_INFO.players)
                if seat != state.to_move}

    def step(self, state: State, moves: Sequence[Any], rng: random.Random) -> Step[State]:
        if self.outcome(state) is not None:
            raise GameOverError(f"{self.name}: no step after the end ({self.outcome(state)})")
        if len(moves) != GAME_INFO.players:
            raise MoveError(f"a step needs {GAME_INFO.players} seats' moves, got {len(moves)}")
        player = state.to_move
        move = moves[player]
        try:
            if isinstance(move, str):
                after, events = state.apply(parse_move(move))
                applied: Any = format_move(parse_move(move))
            elif isinstance(move, dict) and "fault" in move:
                fault = fault_from_json(move)
                after, events = state.forfeit(player, fault)
                applied = fault_json(fault)
            else:
                raise MoveError(f"seat {player}: expected the move line or a fault, got {move!r:.80}")
        except (BioblotsError, KeyError, TypeError) as error:
            raise MoveError(f"seat {player}: {error}") from None
        except ValueError as error:  # an unknown fault kind or rule
            raise MoveError(f"seat {player}: {error}") from None
        shown: list[Any] = [None] * GAME_INFO.players
        shown[player] = applied
        return Step(after, events, tuple(shown))

    def outcome(self, state: State) -> Outcome | None:
        return None if state.ending is None else Outcome(state.ending.reason.value, final_scores(state))

    def scores(self, state: State) -> tuple[int, ...]:
        return final_scores(state)

    def ranks(self, state: State, rng: random.Random) -> tuple[int, ...]:
        return final_ranks(state)

    to_text = staticmethod(state_to_text)
    from_text = staticmethod(state_from_text)
    event_json = staticmethod(event_to_json)

    def random_moves(self, state: State, rng: random.Random, match_rng: random.Random) -> list[Any]:
        moves: list[Any] = [None] * GAME_INFO.players
        move = random_move(state, rng)
        moves[state.to_move] = format_move(move) if move is not None else fault_json(
            Fault(FaultKind.UNREADABLE, "no legal move: a line that is no move"))
        return moves


GAME: Game[State] = BioblotsGame()
