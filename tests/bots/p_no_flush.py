"""Persistent bot that forgets to flush: works only where PYTHONUNBUFFERED leaks in."""
import sys

for line in sys.stdin:
    print("unflushed " + line.strip())
