"""Hostile: tries to allocate 2 GB, then answers."""
import sys

block = bytearray(2 << 30)
print("allocated", len(block), flush=True)
