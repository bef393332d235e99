"""Hostile: tries to allocate 2 GB, then answers."""

block = bytearray(2 << 30)
print("allocated", len(block), flush=True)
