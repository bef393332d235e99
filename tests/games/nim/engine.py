"""Nim, the smallest game the arena can host: a test that a game from outside the app joins it
through its descriptor and the engine protocol alone (tests/games/test_new_game.py).

Heaps of counters; two players take turns, each taking one or more counters from one heap; who
takes the last counter wins. A move in replay form is ``"HEAP COUNT"`` (0-based heap), or
``{"fault": why}``: the player loses at once. The canonical text is ``heaps 3 4 5`` / ``to_move 0``
/ ``winner -`` lines.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.protocol import GameOverError, MoveError, Outcome, Step, competition_ranks


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    to_move: int = 0
    winner: int | None = None
    reason: str | None = None


class NimGame:
    name = "nim"
    min_seats = max_seats = 2

    def rng(self, seed: int) -> random.Random:
        return random.Random(seed)

    def start(self, options: Mapping[str, Any], seats: int = 2) -> NimState:
        heaps = tuple(int(word) for word in str(options["heaps"]).split())
        if not heaps or any(h < 1 for h in heaps):
            raise ValueError(f"heaps must be positive whole numbers, got {options['heaps']!r}")
        return NimState(heaps)

    def idle(self, state: NimState) -> dict[int, str]:
        return {1 - state.to_move: "not its turn"}

    def step(self, state: NimState, moves: Sequence[Any], rng: random.Random) -> Step[NimState]:
        if state.winner is not None:
            raise GameOverError("nim: no move after the end")
        player = state.to_move
        move = moves[player]
        if isinstance(move, dict) and "fault" in move:
            after = replace(state, winner=1 - player, reason="fault")
            return Step(after, (("fault", player, str(move["fault"])),), _only(player, {"fault": str(move["fault"])}))
        heap, count = parse_move(move, state)
        heaps = list(state.heaps)
        heaps[heap] -= count
        after = NimState(tuple(heaps), 1 - player)
        if not any(heaps):
            after = replace(after, winner=player, reason="taken")
        return Step(after, (("took", player, heap, count),), _only(player, f"{heap} {count}"))

    def outcome(self, state: NimState) -> Outcome | None:
        return None if state.winner is None else Outcome(str(state.reason), self.scores(state))

    def scores(self, state: NimState) -> tuple[int, ...]:
        return tuple(int(state.winner == seat) for seat in range(2))

    def ranks(self, state: NimState, rng: random.Random) -> tuple[int, ...]:
        return competition_ranks(self.scores(state))

    def to_text(self, state: NimState) -> str:
        winner = "-" if state.winner is None else f"{state.winner} {state.reason}"
        return f"heaps {' '.join(map(str, state.heaps))}\nto_move {state.to_move}\nwinner {winner}\n"

    def from_text(self, text: str) -> NimState:
        lines = dict(line.split(" ", 1) for line in text.splitlines() if line)
        winner = lines["winner"].split()
        return NimState(tuple(int(h) for h in lines["heaps"].split()), int(lines["to_move"]),
                        None if winner == ["-"] else int(winner[0]), None if winner == ["-"] else winner[1])

    def event_json(self, event: Any) -> Any:
        return list(event)

    def random_moves(self, state: NimState, rng: random.Random, match_rng: random.Random) -> list[Any]:
        heap = rng.choice([i for i, h in enumerate(state.heaps) if h])
        return list(_only(state.to_move, f"{heap} {rng.randint(1, state.heaps[heap])}"))


def parse_move(move: Any, state: NimState) -> tuple[int, int]:
    """``"HEAP COUNT"`` as a legal move of ``state``; raises :class:`MoveError`."""
    try:
        heap, count = (int(word) for word in str(move).split())
    except ValueError:
        raise MoveError(f"a move is 'HEAP COUNT', got {move!r:.40}") from None
    if not (0 <= heap < len(state.heaps) and 1 <= count <= state.heaps[heap]):
        raise MoveError(f"cannot take {count} from heap {heap} (heaps {state.heaps})")
    return heap, count


def _only(player: int, move: Any) -> tuple[Any, ...]:
    moves: list[Any] = [None, None]
    moves[player] = move
    return tuple(moves)


GAME = NimGame()
