"""Hostile persistent bot: at the first request, writes endlessly without a newline."""
import sys

sys.stdin.readline()
chunk = b"y" * 65536
while True:
    sys.stdout.buffer.write(chunk)
