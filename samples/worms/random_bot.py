#!/usr/bin/env python3
"""A random worm bot: picks at random among the moves that do not run into a wall or a worm.

Usage: random_bot.py PLAYFIELD_FILE WORM_ID -> prints one of l, r, '.'

Stand-alone (any Python 3, no imports from the project). Its "random" choice is seeded from the
playfield text and the worm id, so the same position always gives the same answer and a match
with this bot replays bit for bit.
"""

import random
import sys

# Direction order up, right, down, left; worm w's letters are LETTERS[w][direction].
LETTERS = ("abcd", "hijk", "opqr", "wxyz")
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
TURNS = {".": 0, "l": -1, "r": 1}


def read_playfield(text):
    lines = text.splitlines()
    width, height = (int(v) for v in lines[1].split())
    worms = [[int(v) for v in lines[2 + i].split()] for i in range(4)]
    board = lines[6 : 6 + height]
    return width, height, worms, board


def main():
    path, worm_id = sys.argv[1], int(sys.argv[2])
    with open(path) as f:  # universal newlines: \n, \r\n and \r all work
        text = f.read()
    width, height, worms, board = read_playfield(text)
    hx, hy = worms[worm_id][0], worms[worm_id][1]
    heading = LETTERS[worm_id].find(board[hy][hx])
    safe = []
    for answer, quarter in TURNS.items():
        dx, dy = DELTAS[(heading + quarter) % 4]
        x, y = hx + dx, hy + dy
        if 0 <= x < width and 0 <= y < height and board[y][x] in " .*+":
            safe.append(answer)
    rng = random.Random(text + "#" + str(worm_id))
    sys.stdout.write(rng.choice(safe) if safe else ".")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
