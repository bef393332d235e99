#!/usr/bin/env python3
"""ITPW sample: a random bot that only makes legal moves.

One process for the whole game, lines on stdin/stdout (specs/itpw.md). It keeps its own copy of
the board from the start layout, its own answers and the other players' broadcasts, so it knows
which moves are legal. Each turn about half of its units move, in a random order, each to a
random field it may enter at that moment; a new unit is a worker or a soldier at random. The
generator is seeded from the player number and the optional ``BOT_SEED`` environment variable,
so a match replays the same way. Any Python 3, no imports from the project; flushes every line.
"""

import os
import random
import sys

N = 50
WORKER, SOLDIER = 0, 1
STEPS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def corner(player):
    return (0 if player in (1, 3) else N - 1), (0 if player in (1, 2) else N - 1)


class Board:
    """Units by field as (player, kind) and field owners, changed by the meeting rules."""

    def __init__(self):
        self.units = {}
        self.owner = {}
        for player in (1, 2, 3, 4):
            cx, cy = corner(player)
            sx, sy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)
            for kind, cells in ((WORKER, [(0, 0), (1, 0), (0, 1)]), (SOLDIER, [(1, 1), (2, 0), (0, 2)])):
                for dx, dy in cells:
                    cell = (cx + sx * dx, cy + sy * dy)
                    self.units[cell] = (player, kind)
                    if kind == WORKER:
                        self.owner[cell] = player

    def may_enter(self, player, kind, cell):
        other = self.units.get(cell)
        return other is None or (other[0] != player and not (kind == WORKER and other[1] == WORKER))

    def enter(self, player, kind, source, target):
        """``source`` is None for a new unit; blocked entries change nothing."""
        other = self.units.get(target)
        if other is not None and not self.may_enter(player, kind, target):
            return
        if source is not None:
            del self.units[source]
        if other is not None and other[1] == SOLDIER:  # the entering unit dies, a soldier takes it along
            if kind == SOLDIER:
                del self.units[target]
            return
        self.units[target] = (player, kind)  # on an empty field, or a soldier on a worker
        if kind == WORKER:
            self.owner[target] = player

    def targets(self, player, cell):
        kind = self.units[cell][1]
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in STEPS
                if 0 <= x + dx < N and 0 <= y + dy < N and self.may_enter(player, kind, (x + dx, y + dy))]


def choose_move(board, me, rng):
    """Move about half the units at random; apply each step to the board as it is chosen."""
    mine = sorted(cell for cell, (player, _) in board.units.items() if player == me)
    rng.shuffle(mine)
    steps = []
    for cell in mine:
        if rng.random() < 0.5:
            continue
        options = board.targets(me, cell)
        if options:
            target = rng.choice(options)
            board.enter(me, board.units[cell][1], cell, target)
            steps.append((cell, target))
    return steps


def move_line(steps):
    return " ".join([str(len(steps))] + ["%d %d %d %d" % (s[0], s[1], t[0], t[1]) for s, t in steps])


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    first = sys.stdin.readline()
    if not first.strip():
        return
    me = int(first)
    rng = random.Random("%s#%d" % (os.environ.get("BOT_SEED", ""), me))
    board = Board()
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the referee closed stdin: the game is over
        words = [int(w) for w in line.split()]
        if len(words) < 2:
            continue
        player, what, rest = words[0], words[1], words[2:]
        if player == me and what == 0:
            say(move_line(choose_move(board, me, rng)))
        elif player == me:
            kind = rng.choice((WORKER, SOLDIER))
            say(str(kind))
            board.enter(me, kind, None, corner(me))
        elif what == 0:
            for i in range(rest[0]):
                x1, y1, x2, y2 = rest[1 + 4 * i : 5 + 4 * i]
                board.enter(player, board.units[x1, y1][1], (x1, y1), (x2, y2))
        else:
            board.enter(player, rest[0], None, corner(player))


if __name__ == "__main__":
    main()
