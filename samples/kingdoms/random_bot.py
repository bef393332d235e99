#!/usr/bin/env python3
"""Kingdoms sample: a random strategy that only makes valid moves.

Started as ``random_bot.py ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY``; prints
one action line. Its choices are random but reproducible: the generator is seeded from the
command line, the information files of the last round and the optional ``BOT_SEED`` environment
variable, so the same match replays the same way. Reads its command line with ``_kingdoms.py``
beside it. Runs on any Python 3, no imports from the project.
"""

import os
import random
import sys

from _kingdoms import arguments, say

INFO_FILES = ("utok.txt", "obrana.txt", "loupez_utok.txt", "loupez_obrana.txt", "informace.txt")


def seed_text(argv):
    parts = [" ".join(argv), os.environ.get("BOT_SEED", "")]
    for name in INFO_FILES:
        try:
            with open(name) as f:
                parts.append(name + ":" + f.read())
        except (OSError, ValueError):
            pass
    return "|".join(parts)


def choose(numbers, rng):
    soldiers = numbers[2]
    codes = ["v", "r", "z", "f", "s", "t", "i", "l"]
    if soldiers > 0:
        codes.append("u")
    code = rng.choice(codes)
    if code == "u":
        return "u %d %d" % (rng.randint(1, 3), rng.randint(1, soldiers))
    if code == "l":
        return "l %d" % rng.randint(1, 3)
    return code


def main():
    numbers = arguments() or [0] * 8
    rng = random.Random(seed_text(sys.argv[1:9]))
    say(choose(numbers, rng))


if __name__ == "__main__":
    main()
