"""What the Bio-blots sample bots share: the game each keeps for itself and the protocol loop.

Not a bot (the leading underscore keeps it out of the sample bot lists): ``random_bot.py`` and
``heuristic_bot.py`` import it from their own folder, which is all a bot may read in the sandbox.
Any Python 3, no imports from the project (specs/bioblots.md is the contract).
"""

import random
import sys

SIZE = 26
LETTERS = "abcdefghijklmnopqrstuvwxyz"
VALUES = {"1": 1, "2": 2, "3": 3, "5": 5, "8": 8, "D": 13}
CARBON, MERCURY = 1, 8
NEIGHBOURS = {}
for _r in range(SIZE):
    for _c in range(SIZE):
        NEIGHBOURS[(_r, _c)] = tuple((_r + dr, _c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
                                     if 0 <= _r + dr < SIZE and 0 <= _c + dc < SIZE)


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
        for n in NEIGHBOURS[stack.pop()]:
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
        if player == self.me:
            self.entered(entered)
        for cell in entered:
            self.value[cell] = 0

    def entered(self, cells):
        """Our move entered ``cells`` (their values not yet neutralised): mercury paralyses."""
        if any(self.value[t] == MERCURY for t in cells):
            self.paralysed = True


def run(game_class, seed, choose):
    """Play one game on stdin/stdout: ``game_class(rows, me)`` is the bot's game, ``seed(rows,
    me)`` seeds its generator and ``choose(game, rng)`` writes its next move line."""
    rows = [sys.stdin.readline().strip() for _ in range(SIZE)]
    first = sys.stdin.readline()
    if not first:
        return
    me = int(first)
    game = game_class(rows, me)
    rng = random.Random(seed(rows, me))
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
