#!/usr/bin/env python3
"""ITPW sample: a random bot that only makes legal moves.

One process for the whole game, lines on stdin/stdout (specs/itpw.md); the board it keeps and
the protocol loop are in ``_itpw.py`` beside it. Each turn about half of its units move, in a
random order, each to a random field it may enter at that moment; a new unit is a worker or a
soldier at random. The generator is seeded from the player number and the optional ``BOT_SEED``
environment variable, so a match replays the same way. Any Python 3, no imports from the
project; flushes every line.
"""

import os
import random

from _itpw import SOLDIER, WORKER, Board, neighbours, run


class RandomBot:
    def __init__(self, me):
        self.me = me
        self.board = Board()
        self.rng = random.Random("%s#%d" % (os.environ.get("BOT_SEED", ""), me))

    def move(self, seconds_left):
        """Move about half the units at random; apply each step to the board as it is chosen."""
        board, me, rng = self.board, self.me, self.rng
        mine = sorted(cell for cell, (player, _) in board.units.items() if player == me)
        rng.shuffle(mine)
        steps = []
        for cell in mine:
            if rng.random() < 0.5:
                continue
            kind = board.units[cell][1]
            options = [n for n in neighbours(cell) if board.may_enter(me, kind, n)]
            if options:
                target = rng.choice(options)
                board.enter(me, kind, cell, target)
                steps.append((cell, target))
        return steps

    def new_unit(self):
        return self.rng.choice((WORKER, SOLDIER))


def main():
    run(RandomBot)


if __name__ == "__main__":
    main()
