"""Hostile persistent bot: answers two requests, then crashes with a traceback."""
import sys

for count, line in enumerate(sys.stdin):
    if count == 2:
        raise RuntimeError("lost track of the board")
    print("ok " + line.strip(), flush=True)
