"""What the ITPW sample bots share: the board each keeps for itself and the protocol loop.

Not a bot (the leading underscore keeps it out of the sample bot lists): ``random_bot.py`` and
``heuristic_bot.py`` import it from their own folder, which is all a bot may read in the sandbox.
Any Python 3, no imports from the project (specs/itpw.md is the contract).

A bot keeps its own copy of the board from the start layout, its answers and the other players'
broadcasts; :func:`run` reads the lines, keeps the board up to date and asks the bot only for
its moves and new units.
"""

import sys

N = 50
WORKER, SOLDIER = 0, 1
STEPS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def corner(player):
    return (0 if player in (1, 3) else N - 1), (0 if player in (1, 2) else N - 1)


def neighbours(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < N and 0 <= y + dy < N]


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


def move_line(steps):
    return " ".join([str(len(steps))] + ["%d %d %d %d" % (s[0], s[1], t[0], t[1]) for s, t in steps])


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def run(new_bot):
    """Play one game on stdin/stdout. ``new_bot(me)`` makes the bot of player ``me``: an object
    with its ``board`` (a :class:`Board`), ``move(seconds_left)`` (its steps as ``(source,
    target)`` pairs, already entered on its board) and ``new_unit()`` (a kind)."""
    first = sys.stdin.readline()
    if not first.strip():
        return
    me = int(first)
    bot = new_bot(me)
    board = bot.board
    while True:
        line = sys.stdin.readline()
        if not line:
            return  # the referee closed stdin: the game is over
        words = line.split()
        if len(words) < 3:
            continue
        player, what = int(words[0]), int(words[1])
        if player == me and what == 0:
            say(move_line(bot.move(float(words[2]))))
        elif player == me:
            kind = bot.new_unit()
            say(str(kind))
            board.enter(me, kind, None, corner(me))
        elif what == 0:
            numbers = [int(w) for w in words[2:]]
            for i in range(numbers[0]):
                x1, y1, x2, y2 = numbers[1 + 4 * i : 5 + 4 * i]
                board.enter(player, board.units[x1, y1][1], (x1, y1), (x2, y2))
        else:
            board.enter(player, int(words[2]), None, corner(player))
