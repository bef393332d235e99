"""Hostile persistent bot: answers the first request at once, later ones after a second."""
import sys
import time

first = True
for line in sys.stdin:
    if not first:
        time.sleep(1.0)
    first = False
    print("late " + line.strip(), flush=True)
