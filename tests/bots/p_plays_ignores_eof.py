"""Hostile persistent bot: plays like the Python bot given as its argument (e.g. a random sample,
so its moves are legal), but does not exit when its input ends (the end of the game)."""
import sys
import time

sys.path.insert(0, __file__.rpartition("/")[0])
from playing import play  # type: ignore[import-not-found]  # noqa: E402 (tests/bots/playing.py, through sys.path)

play(sys.argv[1])
while True:
    time.sleep(60)
