"""Hostile persistent bot: answers without a newline."""
import sys

for line in sys.stdin:
    sys.stdout.write("move")
    sys.stdout.flush()
