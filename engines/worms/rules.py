"""One round of the worm game, as the numbered steps of the spec (specs/worms.md).

Steps 1-3 (start the bots of the movers, wait up to the time limit, kill what still runs) are
the referee's; it turns each answer into a :class:`Turn` (see ``Turn.from_answer``). The engine
then runs steps 4-11 in order over a scratch copy of the state, and freezes the result into the
next :class:`WormsState`. Every random choice (step 11) takes the generator passed in, so a game
replays bit for bit from its seed and the moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engines.worms.errors import GameOverError
from engines.worms.events import Ate, Died, Event, Frozen, Moved, Respawned, Scored
from engines.worms.state import Worm, WormsState
from engines.worms.types import GAME_INFO, RESPAWN_ORDER, Cell, DeathCause, Direction, EndReason, Item, Turn

Move = Turn | str | bytes | None
"""A worm's move as given to :func:`play_round`: a :class:`Turn`, a bot's raw answer (only its
first character counts), or None for no answer. Every form but ``l``/``r`` means straight on."""


@dataclass(frozen=True)
class RoundResult:
    """What one round did: the state after it, the turn each worm made, the events, the end."""

    state: WormsState
    turns: tuple[Turn | None, ...]
    """Per worm, the turn applied; None for a worm that did not move (dead or frozen)."""
    events: tuple[Event, ...]
    end: EndReason | None

    @property
    def round(self) -> int:
        """The number of the round just played (1 for the first)."""
        return self.state.round


def play_round(state: WormsState, moves: Sequence[Move], rng: random.Random) -> RoundResult:
    """Play one round: ``moves`` holds one entry per worm (ignored for dead and frozen worms)."""
    if len(moves) != GAME_INFO.players:
        raise ValueError(f"play_round needs one move per worm ({GAME_INFO.players}), got {len(moves)}")
    end = state.end_reason()
    if end is not None:
        raise GameOverError(f"the game is over ({end.value}) after round {state.round}")
    work = _Round.start(state, moves, rng)
    for _name, run_step in ROUND_STEPS:
        run_step(work)
    after = work.finish()
    return RoundResult(after, work.turns, tuple(work.events), after.end_reason())


@dataclass
class _Round:
    """The round being played: mutable per-worm fields the steps update, never seen outside."""

    start_state: WormsState
    rng: random.Random
    movers: tuple[int, ...]
    """Alive and unfrozen at the start of the round: these worms' bots were asked."""
    turns: tuple[Turn | None, ...]
    cells: list[list[Cell]]
    directions: list[Direction]
    frozen: list[int]
    bonus: list[int]
    points: list[int]
    alive: list[bool]
    items: dict[Cell, Item]
    flowers_left: int
    targets: dict[int, Cell] = field(default_factory=dict)
    eaten: dict[int, Item] = field(default_factory=dict)
    freeze_gain: list[int] = field(default_factory=lambda: [0] * GAME_INFO.players)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, state: WormsState, moves: Sequence[Move], rng: random.Random) -> _Round:
        movers = tuple(i for i, worm in enumerate(state.worms) if worm.moving)
        turns = tuple(_as_turn(moves[i]) if i in movers else None for i in range(len(state.worms)))
        w = state.worms
        return cls(
            start_state=state, rng=rng, movers=movers, turns=turns,
            cells=[list(worm.cells) for worm in w], directions=[worm.direction for worm in w],
            frozen=[worm.frozen for worm in w], bonus=[worm.bonus for worm in w],
            points=[worm.points for worm in w], alive=[worm.alive for worm in w],
            items=dict(state.items), flowers_left=state.flowers_left,
        )

    def living_movers(self) -> list[int]:
        return [i for i in self.movers if self.alive[i]]

    def eaters_of(self, item: Item) -> list[int]:
        return [i for i in sorted(self.eaten) if self.eaten[i] is item]

    def finish(self) -> WormsState:
        s = self.start_state
        worms = tuple(
            Worm(tuple(self.cells[i]), self.directions[i], self.frozen[i], self.bonus[i], self.points[i], self.alive[i])
            for i in range(len(self.cells))
        )
        return WormsState(s.width, s.height, s.walls, self.items, worms, s.round + 1, s.max_rounds, self.flowers_left)


def _as_turn(move: Move) -> Turn:
    return move if isinstance(move, Turn) else Turn.from_answer(move)


# --- the steps -----------------------------------------------------------------------------------


def step4_resolve_heads(r: _Round) -> None:
    """Heads move before any tail retracts: a head dies on a wall, on any segment present at the
    start of the round (a tail that would leave this round included), or when another head enters
    the same cell. A death costs half the points, the lost half rounded down (7 -> 4)."""
    state = r.start_state
    for i in r.movers:
        r.directions[i] = r.directions[i].turned((r.turns[i] or Turn.STRAIGHT).quarters)
        r.targets[i] = r.directions[i].step(state.worms[i].head)
    for i in r.movers:
        cell = r.targets[i]
        cause, others = _death_cause(state, i, cell, r.targets)
        if cause is not None:
            r.alive[i] = False
            lost = r.points[i] // 2
            r.points[i] -= lost
            r.events.append(Died(i, cause, cell, others, lost))


def _death_cause(state: WormsState, worm: int, cell: Cell, targets: dict[int, Cell]) -> tuple[DeathCause | None, tuple[int, ...]]:
    if cell in state.walls:
        return DeathCause.WALL, ()
    owner = state.owner(cell)
    if owner == worm:
        return DeathCause.OWN_BODY, ()
    if owner is not None:
        return DeathCause.WORM, (owner,)
    rivals = tuple(j for j, target in targets.items() if j != worm and target == cell)
    if rivals:
        return DeathCause.HEAD_ON, rivals
    return None, ()


def step5_move_heads(r: _Round) -> None:
    """The heads of the living movers enter their new cells; what lies there is eaten."""
    for i in r.living_movers():
        cell = r.targets[i]
        r.cells[i].insert(0, cell)
        r.events.append(Moved(i, r.directions[i], cell))
        if cell in r.items:
            r.eaten[i] = r.items[cell]


def step6_eat_flowers(r: _Round) -> None:
    """A flower scores 2^B, disappears, makes the worm grow (step 8 keeps its tail) and resets
    the eater's bonus."""
    for i in r.eaters_of(Item.FLOWER):
        cell = r.cells[i][0]
        del r.items[cell]
        gain = 2 ** r.bonus[i]
        r.events.append(Ate(i, Item.FLOWER, cell, r.bonus[i]))
        r.points[i] += gain
        r.events.append(Scored(i, gain, r.points[i]))
        r.bonus[i] = 0
        r.flowers_left = max(0, r.flowers_left - 1)


def step7_eat_ice(r: _Round) -> None:
    """Ice disappears and freezes every other living worm for (B+1)*5 rounds (B: the eater's
    bonus). The freezes are added up in step 9; the bonuses reset in step 10."""
    for i in r.eaters_of(Item.ICE):
        cell = r.cells[i][0]
        del r.items[cell]
        r.events.append(Ate(i, Item.ICE, cell, r.bonus[i]))
        rounds = (r.bonus[i] + 1) * GAME_INFO.freeze_per_ice
        for j in range(len(r.cells)):
            if j != i and r.alive[j]:
                r.freeze_gain[j] += rounds
                r.events.append(Frozen(j, i, rounds))


def step7b_eat_bonuses(r: _Round) -> None:
    """Not a numbered step in the spec: a bonus adds one to the eater's B. It is applied here,
    before the reset of step 10, as the original server did, so a bonus eaten in a round in
    which someone eats ice is lost."""
    for i in r.eaters_of(Item.BONUS):
        cell = r.cells[i][0]
        del r.items[cell]
        r.events.append(Ate(i, Item.BONUS, cell, r.bonus[i]))
        r.bonus[i] += 1


def step8_retract_tails(r: _Round) -> None:
    """The tails of worms that are alive, were not frozen at the start and ate no flower retract."""
    for i in r.living_movers():
        if r.eaten.get(i) is not Item.FLOWER:
            r.cells[i].pop()


def step9_update_frozen(r: _Round) -> None:
    """A worm frozen at the start counts down by one; one hit by others' ice adds their freezes."""
    for i in range(len(r.cells)):
        if not r.alive[i]:
            r.frozen[i] = 0
            continue
        if r.frozen[i] > 0:
            r.frozen[i] -= 1
        r.frozen[i] += r.freeze_gain[i]


def step10_reset_bonuses(r: _Round) -> None:
    """If anyone ate ice this round, every worm's bonus (dead ones' too) goes back to 0."""
    if r.eaters_of(Item.ICE):
        r.bonus = [0] * len(r.bonus)


def step11_respawn_items(r: _Round) -> None:
    """Every eaten item comes back on a random empty cell: flowers first, then ice, then bonuses
    (the original server's order), each eater in worm order. A draw is
    ``rng.randrange(len(empty))`` over the empty cells in reading order, without replacement;
    when no empty cell is left the item is not placed."""
    eaten = [item for item in RESPAWN_ORDER for _ in r.eaters_of(item)]
    if not eaten:
        return  # no draw at all, so rounds without eating leave the generator untouched
    empty = _empty_cells(r)
    for item in eaten:
        if not empty:
            r.events.append(Respawned(item, None))
            continue
        cell = empty.pop(r.rng.randrange(len(empty)))
        r.items[cell] = item
        r.events.append(Respawned(item, cell))


def _empty_cells(r: _Round) -> list[Cell]:
    state = r.start_state
    taken = set(state.walls) | set(r.items)
    for cells in r.cells:
        taken.update(cells)
    return [(x, y) for y in range(state.height) for x in range(state.width) if (x, y) not in taken]


Step = Callable[[_Round], None]

ROUND_STEPS: tuple[tuple[str, Step], ...] = (
    ("4. resolve the heads' moves", step4_resolve_heads),
    ("5. move the heads", step5_move_heads),
    ("6. eat flowers", step6_eat_flowers),
    ("7. eat ice", step7_eat_ice),
    ("7b. eat bonuses", step7b_eat_bonuses),
    ("8. retract tails", step8_retract_tails),
    ("9. update frozenness", step9_update_frozen),
    ("10. reset bonuses after ice", step10_reset_bonuses),
    ("11. respawn eaten items", step11_respawn_items),
)
"""Steps 4-11 of a round, in the spec's order (steps 1-3 are the referee's)."""
