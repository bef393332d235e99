"""Hostile: writes 100 MB of ``x`` to stdout, without a newline."""
import sys

chunk = b"x" * (1 << 20)
for _ in range(100):
    sys.stdout.buffer.write(chunk)
sys.stdout.flush()
