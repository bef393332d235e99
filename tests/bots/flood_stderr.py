"""Hostile: floods stderr forever and never answers."""
import sys

line = "debug " * 100 + "\n"
while True:
    sys.stderr.write(line)
