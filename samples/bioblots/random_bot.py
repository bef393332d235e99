#!/usr/bin/env python3
"""Bio-blots sample: a random bot that only makes legal moves.

Persistent, as the protocol says (specs/bioblots.md): reads the 26 board rows and its turn (0 or
1), then writes one move per line and reads the opponent's, flushing after every line; it exits
when its input ends. Its moves are random but reproducible: the generator is seeded from the
board, its seat and the optional ``BOT_SEED`` environment variable. Any Python 3, no imports from
the project.
"""

import os
import random
import sys

SIZE = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"
VALUES = {"1": 1, "2": 2, "3": 3, "5": 5, "8": 8, "D": 13}
CARBON, MERCURY = 1, 8


def neighbours(cell):
    r, c = cell
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            yield r + dr, c + dc


def name(cell):
    return LETTERS[cell[0]] + LETTERS[cell[1]]


def parse_cell(text):
    return LETTERS.index(text[0]), LETTERS.index(text[1])


def connected(cells):
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        for n in neighbours(stack.pop()):
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


class Game:
    """What the bot knows: the board (0 once neutralised), both organisms, its own paralysis."""

    def __init__(self, rows, me):
        self.value = {(r, c): VALUES[ch] for r, row in enumerate(rows) for c, ch in enumerate(row[:SIZE])}
        self.me = me
        self.cells = [set(), set()]
        self.paralysed = False

    def free(self, cell):
        return cell not in self.cells[0] and cell not in self.cells[1]

    def play(self, player, line):
        """Apply a move line (own or the opponent's) the way the referee does."""
        words = line.split()
        if not words or words[0] == "0":
            if player == self.me:
                self.paralysed = False
            return
        if not words[0].isdigit():
            entered = [parse_cell(w) for w in words]
            self.cells[player] = set(entered)
        else:
            entered = []
            for group in words[1:]:
                source, target = parse_cell(group[:2]), parse_cell(group[2:])
                if self.value[target] != CARBON:
                    self.cells[player].discard(source)
                self.cells[player].add(target)
                entered.append(target)
        if player == self.me and any(self.value[t] == MERCURY for t in entered):
            self.paralysed = True
        for cell in entered:
            self.value[cell] = 0

    def frontier(self, stationary):
        return sorted({n for cell in stationary for n in neighbours(cell) if self.free(n)})


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
        if not all(any(n in stationary for n in neighbours(m)) for m in movers):
            continue
        targets = game.frontier(stationary)
        if len(targets) >= len(movers):
            pairs = zip(movers, rng.sample(targets, len(movers)))
            return " ".join([str(len(movers))] + [name(s) + name(t) for s, t in pairs])
    singles = []
    for cell in organism:
        stationary = set(organism) - {cell}
        if connected(stationary):
            singles.extend((cell, t) for t in game.frontier(stationary))
    if not singles:
        return "0"  # locked in: the referee has already ended the game
    source, target = rng.choice(singles)
    return "1 " + name(source) + name(target)


def main():
    rows = [sys.stdin.readline().strip() for _ in range(SIZE)]
    first = sys.stdin.readline()
    if not first:
        return
    me = int(first)
    game = Game(rows, me)
    rng = random.Random("|".join(rows) + "|%d|%s" % (me, os.environ.get("BOT_SEED", "")))
    if me == 1:
        line = sys.stdin.readline()
        if not line:
            return
        game.play(0, line)
    while True:
        move = choose(game, rng)
        sys.stdout.write(move + "\n")
        sys.stdout.flush()
        game.play(me, move)
        line = sys.stdin.readline()
        if not line:
            return
        game.play(1 - me, line)


if __name__ == "__main__":
    main()
