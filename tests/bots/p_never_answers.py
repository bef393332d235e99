"""Hostile persistent bot: reads every line, never answers."""
import sys

for line in sys.stdin:
    pass
