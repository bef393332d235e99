#!/usr/bin/env python3
"""ITPW sample: a sensible bot — workers spread out safely, soldiers hunt and guard.

One process for the whole game, lines on stdin/stdout (specs/itpw.md); the board it keeps (from
the start layout, its answers and the broadcasts) and the protocol loop are in ``_itpw.py``
beside it. Any Python 3, no imports from the project; flushes every line. Deterministic: the
same game gives the same answers.

Each turn, soldiers first (they clear the way), then workers, each on the board as the units
before it left it:
1. a soldier kills an enemy worker next to it; else it trades itself for an enemy soldier that
   stands next to one of our workers; else it walks towards the nearest enemy unit that threatens
   our workers, or the nearest enemy worker, within a short range; else it keeps clear of our
   corner (a new unit cannot appear on our own unit);
2. a worker never steps next to an enemy soldier (the enemy moves after us and would kill it)
   and leaves such a field (and our corner) when it can; it takes the best field next to it (an
   enemy's field counts double: we gain one, they lose one; a field an enemy soldier can strike
   after one step counts less); with none there it takes a step along a shortest safe path to
   the nearest field that is not ours;
3. a new unit is a soldier when an enemy stands on our corner (a worker would die or be
   blocked) or when we have fewer than one soldier for every three workers; a worker otherwise.
With less than a second of its time bank left it stops moving (an empty move is always legal).
"""

from collections import deque

from _itpw import N, SOLDIER, WORKER, Board, corner, neighbours, run

HUNT_RANGE = 12
"""How far (in king moves) a soldier looks for prey."""
UNREACHABLE = N * N
CLEAR_OF_CORNER = 4
"""An idle soldier walks until it is this far from our corner, so new units are not blocked."""
NEIGHBOURS = {(x, y): neighbours((x, y)) for x in range(N) for y in range(N)}


def distance(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Bot:
    def __init__(self, me):
        self.me = me
        self.board = Board()
        self.steps = []

    # --- what we see -------------------------------------------------------------------------

    def enemies(self, kind):
        return [c for c, (p, k) in self.board.units.items() if p != self.me and k == kind]

    def mine(self, kind):
        return sorted(c for c, (p, k) in self.board.units.items() if p == self.me and k == kind)

    def danger(self, reach=1):
        """Fields within ``reach`` king moves of an enemy soldier: with 1, where it can strike
        in its next move; with 2, where it can strike after one step towards us."""
        fields = set()
        for x, y in self.enemies(SOLDIER):
            for dy in range(-reach, reach + 1):
                for dx in range(-reach, reach + 1):
                    fields.add((x + dx, y + dy))
        return fields

    def gain(self, cell):
        owner = self.board.owner.get(cell, 0)
        return 0 if owner == self.me else (2 if owner else 1)

    def go(self, source, target):
        self.board.enter(self.me, self.board.units[source][1], source, target)
        self.steps.append((source, target))

    # --- the move ----------------------------------------------------------------------------

    def move(self, seconds_left):
        self.steps = []
        if seconds_left < 1:
            return self.steps  # too little time to think: the empty move
        workers = self.mine(WORKER)
        threats = [s for s in self.enemies(SOLDIER) if any(distance(s, w) <= 2 for w in workers)]
        prey = self.enemies(WORKER)
        for cell in self.mine(SOLDIER):
            target = self.soldier_target(cell, workers, threats, prey)
            if target is not None:
                self.go(cell, target)
        danger, risky = self.danger(), self.danger(reach=2)
        far = self.distances(danger, risky)
        for cell in workers:
            target = self.worker_target(cell, danger, risky, far)
            if target is not None:
                self.go(cell, target)
        return self.steps

    def soldier_target(self, cell, workers, threats, prey):
        """Where the soldier on ``cell`` goes (None: it stays). ``workers``, ``threats`` and
        ``prey`` are from the start of the move: good enough to choose a direction."""
        board, me = self.board, self.me
        around = [n for n in NEIGHBOURS[cell] if board.may_enter(me, SOLDIER, n)]
        enemies = [n for n in around if n in board.units]
        for n in enemies:
            if board.units[n][1] == WORKER:
                return n
        for n in enemies:  # an enemy soldier next to one of our workers: trade ourselves for it
            if any(distance(n, w) <= 1 for w in workers):
                return n
        empty = [n for n in around if n not in board.units]
        goal = self.nearest(cell, threats) or self.nearest(cell, prey)
        if goal is None:  # idle: keep clear of our corner, where new units appear
            home = corner(me)
            away = [n for n in empty if distance(n, home) > distance(cell, home)]
            return away[0] if away and distance(cell, home) < CLEAR_OF_CORNER else None
        best = min(empty, key=lambda n: (distance(n, goal), abs(n[0] - goal[0]) + abs(n[1] - goal[1])), default=None)
        return best if best is not None and distance(best, goal) < distance(cell, goal) else None

    @staticmethod
    def nearest(cell, cells):
        near = [c for c in cells if distance(c, cell) <= HUNT_RANGE]
        return min(near, key=lambda c: (distance(c, cell), c)) if near else None

    def worker_target(self, cell, danger, risky, far):
        board = self.board
        safe = [n for n in NEIGHBOURS[cell] if n not in danger and n not in board.units]
        best = max(safe, key=lambda n: 3 * self.gain(n) - 2 * (n in risky), default=None)
        if best is not None and 3 * self.gain(best) - 2 * (best in risky) > 0:
            return best
        if cell in danger or cell == corner(self.me):  # flee, or make room for a new unit
            return best
        nearer = [n for n in safe if far[n] < far[cell]]
        return min(nearer, key=lambda n: far[n]) if nearer else None

    def distances(self, danger, risky):
        """Per field, the king moves to the nearest free, safe field that is not ours, through safe
        fields (units in the way are ignored: they move too). One search for all workers, so a
        move costs the same with 3 workers or 300."""
        far = {}
        queue = deque()
        for y in range(N):
            for x in range(N):
                if (x, y) not in risky and (x, y) not in self.board.units and self.gain((x, y)) > 0:
                    far[x, y] = 0
                    queue.append((x, y))
        while queue:
            here = queue.popleft()
            for n in NEIGHBOURS[here]:
                if n not in far and n not in danger:
                    far[n] = far[here] + 1
                    queue.append(n)
        for y in range(N):
            for x in range(N):
                far.setdefault((x, y), UNREACHABLE)
        return far

    def new_unit(self):
        on_corner = self.board.units.get(corner(self.me))
        if on_corner is not None and on_corner[0] != self.me:
            return SOLDIER
        return SOLDIER if 3 * len(self.mine(SOLDIER)) < len(self.mine(WORKER)) else WORKER


def main():
    run(Bot)


if __name__ == "__main__":
    main()
