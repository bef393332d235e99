"""Hostile: writes a line that is not UTF-8."""
import sys

sys.stdout.buffer.write(b"\xff\xfe move \xc3\n")
sys.stdout.flush()
