#!/usr/bin/env python3
"""Bio-blots sample: a random bot that only makes legal moves.

Persistent, as the protocol says (specs/bioblots.md): reads the 26 board rows and its turn (0 or
1), then writes one move per line and reads the opponent's, flushing after every line; it exits
when its input ends. Its moves are random but reproducible: the generator is seeded from the
board, its seat and the optional ``BOT_SEED`` environment variable. The game it keeps and the
protocol loop are in ``_bioblots.py`` beside it. Any Python 3, no imports from the project.
"""

import os

from _bioblots import NEIGHBOURS, SIZE, Game, connected, name, run


def frontier(game, stationary):
    return sorted({n for cell in stationary for n in NEIGHBOURS[cell] if game.free(n)})


def choose(game, rng):
    mine = game.cells[game.me]
    if not mine:
        squares = [(r, c) for r in range(SIZE - 1) for c in range(SIZE - 1)
                   if all(game.free(x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))]
        r, c = rng.choice(squares)
        return " ".join(name(x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
    if game.paralysed:
        return "0"
    organism = sorted(mine)
    for _ in range(40):
        movers = rng.sample(organism, rng.randint(1, len(organism) - 1))
        stationary = set(organism) - set(movers)
        if not connected(stationary):
            continue
        if not all(any(n in stationary for n in NEIGHBOURS[m]) for m in movers):
            continue
        targets = frontier(game, stationary)
        if len(targets) >= len(movers):
            pairs = zip(movers, rng.sample(targets, len(movers)))
            return " ".join([str(len(movers))] + [name(s) + name(t) for s, t in pairs])
    singles = []
    for cell in organism:
        stationary = set(organism) - {cell}
        if connected(stationary):
            singles.extend((cell, t) for t in frontier(game, stationary))
    if not singles:
        return "0"  # locked in: the referee has already ended the game
    source, target = rng.choice(singles)
    return "1 " + name(source) + name(target)


def seed(rows, me):
    return "|".join(rows) + "|%d|%s" % (me, os.environ.get("BOT_SEED", ""))


def main():
    run(Game, seed, choose)


if __name__ == "__main__":
    main()
