"""Hostile: forks a child that keeps running and holds stdout open.

With the argument ``answer`` the parent then writes ``l`` (no newline) and exits, so the answer
is complete only when the leader exits, never at EOF. Otherwise the parent sleeps too."""
import os
import sys
import time

if os.fork() == 0:
    while True:
        time.sleep(60)
if "answer" in sys.argv[1:]:
    sys.stdout.write("l")
    sys.stdout.flush()
    sys.exit(0)
while True:
    time.sleep(60)
