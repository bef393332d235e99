#!/usr/bin/env python3
"""A sensible worm bot: never runs into a wall or a segment when it can help it, keeps away from
cells another head may enter this round (both would die), avoids pockets too small to live in,
and heads for the best item by path length: flowers (worth 2^bonus), bonuses (they double the
next flower), ice (freezes the others).

Usage: heuristic_bot.py PLAYFIELD_FILE WORM_ID -> prints one of l, r, '.'

Stand-alone (any Python 3, no imports from the project) and deterministic.
"""

import sys
from collections import deque

LETTERS = ("abcd", "hijk", "opqr", "wxyz")  # per worm, in direction order up, right, down, left
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
TURNS = ((".", 0), ("l", -1), ("r", 1))  # straight first: it wins ties
FREE = " .*+"
DEAD = 999999999


class Playfield:
    def __init__(self, text):
        lines = text.splitlines()
        self.flowers_left = int(lines[0].split()[2])
        self.width, self.height = (int(v) for v in lines[1].split())
        self.worms = [[int(v) for v in lines[2 + i].split()] for i in range(4)]
        self.board = lines[6 : 6 + self.height]

    def at(self, cell):
        x, y = cell
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.board[y][x]
        return "#"

    def heading(self, worm):
        hx, hy = self.worms[worm][0], self.worms[worm][1]
        return LETTERS[worm].find(self.board[hy][hx])

    def ahead(self, worm, quarter):
        """The cell ``worm``'s head enters after turning ``quarter`` (-1 left, 0, +1 right)."""
        hx, hy = self.worms[worm][0], self.worms[worm][1]
        dx, dy = DELTAS[(self.heading(worm) + quarter) % 4]
        return hx + dx, hy + dy


def neighbours(cell):
    x, y = cell
    for dx, dy in DELTAS:
        yield x + dx, y + dy


def contested_cells(field, me):
    """Free cells that another moving head may enter this round."""
    cells = set()
    for worm, (_, _, _, _, frozen, _, _) in enumerate(field.worms):
        if worm != me and frozen == 0:
            for quarter in (-1, 0, 1):
                cell = field.ahead(worm, quarter)
                if field.at(cell) in FREE:
                    cells.add(cell)
    return cells


def room(field, start, cap):
    """How many free cells can be reached from ``start`` (up to ``cap``)."""
    seen = {start}
    queue = deque([start])
    while queue and len(seen) < cap:
        for nxt in neighbours(queue.popleft()):
            if nxt not in seen and field.at(nxt) in FREE:
                seen.add(nxt)
                queue.append(nxt)
    return len(seen)


def best_item(field, start, bonus, avoid):
    """The best value / (distance + 1) over the items reachable from ``start``."""
    values = {".": 2 ** bonus, "+": 0.8 * 2 ** bonus if field.flowers_left > 1 else 0.0, "*": 1.5}
    best = 0.0
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        ch = field.at(cell)
        if ch in values:
            best = max(best, values[ch] / (dist[cell] + 1))
        for nxt in neighbours(cell):
            if nxt not in dist and field.at(nxt) in FREE and nxt not in avoid:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return best


def choose(field, me):
    head_x, head_y, _, _, frozen, bonus, _ = field.worms[me]
    if frozen != 0:
        return "."
    length = sum(row.count(letter) for row in field.board for letter in LETTERS[me])
    contested = contested_cells(field, me)
    cap = 4 * length + 40
    best_key, best_answer = None, "."
    for answer, quarter in TURNS:
        cell = field.ahead(me, quarter)
        if field.at(cell) not in FREE:
            continue  # certain death
        space = room(field, cell, cap)
        key = (
            space >= min(cap, length + 3),  # not walking into a pocket it cannot turn round in
            cell not in contested,  # no head-on collision possible
            best_item(field, cell, bonus, contested),
            space,
        )
        if best_key is None or key > best_key:
            best_key, best_answer = key, answer
    return best_answer


def main():
    path, me = sys.argv[1], int(sys.argv[2])
    with open(path) as f:  # universal newlines: \n, \r\n and \r all work
        field = Playfield(f.read())
    sys.stdout.write(choose(field, me))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
