"""Which moves are legal: a validator that names the broken rule, and move generators.

:func:`check_move` checks the rules in :class:`~engines.bioblots.types.Rule` order, each rule over
the whole move in line order, and reports the first problem, e.g. ``target kd is not adjacent to
the stationary part``. The generators give only moves it accepts.

A useful fact (used by :func:`has_legal_move`): if any ordinary move is legal, so is moving just
one of its cells to its target — the other movers then stay, and they touch the stationary part,
so it stays connected. So a player is locked in exactly when no single-cell move exists.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import combinations, permutations

from engines.bioblots.protocol import cell_name
from engines.bioblots.state import State, is_connected
from engines.bioblots.types import NEIGHBOURS, SIZE, Cell, Illegal, Move, Placement, Rule, Shift, Skip

_SHIFT_FORM = "an ordinary move is a count and source+target groups like '2 jdjf kdkf'"


def check_move(state: State, move: Move) -> Illegal | None:
    """None if ``move`` is legal for :attr:`State.to_move`, else the first rule it breaks."""
    if state.ending is not None:
        return Illegal(Rule.GAME_OVER, f"the game is over ({state.ending.reason.value}); no more moves")
    player = state.to_move
    cells = move.cells if isinstance(move, Placement) else () if isinstance(move, Skip) else sum(move.pairs, ())
    outside = next((c for c in cells if c not in NEIGHBOURS), None)
    if outside is not None:
        return Illegal(Rule.OFF_BOARD, f"cell {outside!r} is off the {SIZE}×{SIZE} board")
    if state.paralysed[player]:
        if isinstance(move, Skip):
            return None
        return Illegal(Rule.MUST_SKIP, f"player {player} entered mercury on its last move, so it is paralysed and "
                                       "must skip this one: write 0")
    if not state.placed(player):
        if isinstance(move, Placement):
            return _check_placement(state, move.cells)
        return Illegal(Rule.PLACEMENT_FIRST, f"player {player}'s first move places its organism: four cells of a "
                                             "2×2 square like 'jd je kd ke'")
    if isinstance(move, Skip) or (isinstance(move, Shift) and not move.pairs):
        return Illegal(Rule.SKIP_NOT_ALLOWED, f"player {player} is not paralysed, so it may not skip (0): "
                                              "a move moves at least one cell")
    if isinstance(move, Placement):
        return Illegal(Rule.PLACEMENT_ONCE, f"player {player}'s organism is already on the board; {_SHIFT_FORM}")
    return _check_shift(state, player, move)


def _check_placement(state: State, cells: tuple[Cell, ...]) -> Illegal | None:
    if not is_square(cells):
        names = " ".join(cell_name(c) for c in cells)
        return Illegal(Rule.NOT_A_SQUARE, f"placement {names!r} is not a 2×2 square: it needs four distinct cells "
                                          "in two neighbouring rows and two neighbouring columns")
    for cell in cells:
        owner = state.owner(cell)
        if owner is not None:
            return Illegal(Rule.PLACEMENT_OVERLAP, f"placement cell {cell_name(cell)} is occupied by player "
                                                   f"{owner}'s organism")
    return None


def is_square(cells: tuple[Cell, ...]) -> bool:
    """Whether ``cells`` are the four distinct cells of a 2 × 2 square."""
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    return (len(cells) == 4 and len(rows) == 2 and len(cols) == 2 and rows[1] - rows[0] == 1
            and cols[1] - cols[0] == 1 and set(cells) == {(r, c) for r in rows for c in cols})


def _check_shift(state: State, player: int, move: Shift) -> Illegal | None:
    organism = state.organisms[player]
    for source in move.sources:
        if source not in organism:
            owner = state.owner(source)
            holds = "it is empty" if owner is None else f"it holds player {owner}'s organism"
            return Illegal(Rule.SOURCE_NOT_OWN, f"source {cell_name(source)} is not a cell of player {player}'s "
                                                f"organism ({holds})")
    twice = _first_repeat(move.sources)
    if twice is not None:
        return Illegal(Rule.SOURCE_TWICE, f"source {cell_name(twice)} is listed twice; a cell moves at most once")
    twice = _first_repeat(move.targets)
    if twice is not None:
        return Illegal(Rule.TARGET_TWICE, f"target {cell_name(twice)} is listed twice; two cells may not move "
                                          "into the same cell")
    for target in move.targets:
        owner = state.owner(target)
        if owner is not None:
            whose = "its own organism" if owner == player else "the opponent's organism"
            return Illegal(Rule.TARGET_OCCUPIED, f"target {cell_name(target)} is occupied by {whose}; a target "
                                                 "must be free before the move")
    stationary = organism - set(move.sources)
    if not stationary:
        return Illegal(Rule.NO_STATIONARY, f"all {len(organism)} cells move; at least one must stay where it is")
    if not is_connected(stationary):
        part, rest = _split(stationary)
        return Illegal(Rule.STATIONARY_DISCONNECTED, f"the stationary part is not edge-connected: {_names(part)} "
                                                     f"is cut off from {_names(rest)}")
    for kind, rule, cells in (("source", Rule.SOURCE_NOT_ADJACENT, move.sources),
                              ("target", Rule.TARGET_NOT_ADJACENT, move.targets)):
        for cell in cells:
            if not any(n in stationary for n in NEIGHBOURS[cell]):
                return Illegal(rule, f"{kind} {cell_name(cell)} is not adjacent to the stationary part")
    return None


def _first_repeat(cells: Iterable[Cell]) -> Cell | None:
    seen: set[Cell] = set()
    for cell in cells:
        if cell in seen:
            return cell
        seen.add(cell)
    return None


def _split(cells: frozenset[Cell]) -> tuple[list[Cell], list[Cell]]:
    """The region of the first cell (reading order) and everything else."""
    start = min(cells)
    region, stack = {start}, [start]
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in cells and n not in region:
                region.add(n)
                stack.append(n)
    return sorted(region), sorted(cells - region)


def _names(cells: list[Cell], limit: int = 6) -> str:
    shown = " ".join(cell_name(c) for c in cells[:limit])
    return shown + (f" (+{len(cells) - limit} more)" if len(cells) > limit else "")


# --- generators ----------------------------------------------------------------------------------


def frontier(state: State, stationary: Iterable[Cell]) -> list[Cell]:
    """The free cells sharing a side with ``stationary``, in reading order: where movers may go."""
    return sorted({n for cell in stationary for n in NEIGHBOURS[cell] if state.is_free(n)})


def placements(state: State) -> list[Placement]:
    """Every 2 × 2 square of free cells, by its top-left cell in reading order."""
    found: list[Placement] = []
    for r in range(SIZE - 1):
        for c in range(SIZE - 1):
            cells = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            if all(state.is_free(cell) for cell in cells):
                found.append(Placement(cells))
    return found


def single_cell_moves(state: State) -> list[Shift]:
    """Every legal move of one cell for :attr:`State.to_move` (empty unless it has placed, is not
    paralysed and the game goes on), by source then target in reading order."""
    player = state.to_move
    if state.over or state.paralysed[player] or not state.placed(player):
        return []
    organism = state.organisms[player]
    found: list[Shift] = []
    for cell in sorted(organism):
        stationary = organism - {cell}
        if is_connected(stationary):  # the organism is connected, so the cell touches the rest
            found.extend(Shift(((cell, target),)) for target in frontier(state, stationary))
    return found


def has_legal_move(state: State) -> bool:
    """Whether :attr:`State.to_move` can make any legal move (False: locked in, or game over)."""
    if state.over:
        return False
    player = state.to_move
    if state.paralysed[player] or not state.placed(player):
        return state.paralysed[player] or bool(placements(state))
    organism = state.organisms[player]
    # free cells around the organism, with the organism cells each one touches
    touching: dict[Cell, set[Cell]] = {}
    for cell in organism:
        for n in NEIGHBOURS[cell]:
            if state.is_free(n):
                touching.setdefault(n, set()).add(cell)
    if not touching:
        return False
    return any(any(others - {cell} for others in touching.values()) and is_connected(organism - {cell})
               for cell in organism)


def legal_moves(state: State) -> Iterator[Move]:
    """Every legal move of :attr:`State.to_move`, lazily: the skip of a paralysed player, every
    placement, or every ordinary move — fewest moving cells first, then movers and targets in
    reading order. A grown organism has astronomically many; take what you need
    (``itertools.islice``) or use :func:`single_cell_moves` / :func:`random_move`."""
    if state.over:
        return
    player = state.to_move
    if state.paralysed[player]:
        yield Skip()
        return
    if not state.placed(player):
        yield from placements(state)
        return
    organism = sorted(state.organisms[player])
    for k in range(1, len(organism)):
        for movers in combinations(organism, k):
            stationary = set(organism) - set(movers)
            if not is_connected(stationary) or not all(_touches(m, stationary) for m in movers):
                continue
            for targets in permutations(frontier(state, stationary), k):
                yield Shift(tuple(zip(movers, targets)))


def _touches(cell: Cell, region: set[Cell] | frozenset[Cell]) -> bool:
    return any(n in region for n in NEIGHBOURS[cell])


def random_move(state: State, rng: random.Random, tries: int = 40) -> Move | None:
    """A random legal move of :attr:`State.to_move` drawn with ``rng`` (None when there is none):
    up to ``tries`` random sets of movers of random size, then any single-cell move. Not uniform
    over all moves, but every kind — one cell, many cells, growth — comes up."""
    if state.over:
        return None
    player = state.to_move
    if state.paralysed[player]:
        return Skip()
    if not state.placed(player):
        squares = placements(state)
        return rng.choice(squares) if squares else None
    organism = sorted(state.organisms[player])
    for _ in range(tries):
        movers = rng.sample(organism, rng.randint(1, len(organism) - 1))
        stationary = set(organism) - set(movers)
        if not is_connected(stationary) or not all(_touches(m, stationary) for m in movers):
            continue
        free = frontier(state, stationary)
        if len(free) >= len(movers):
            return Shift(tuple(zip(movers, rng.sample(free, len(movers)))))
    singles = single_cell_moves(state)
    return rng.choice(singles) if singles else None
