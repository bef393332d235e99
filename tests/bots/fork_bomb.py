"""Hostile, but bounded: doubles itself six times (64 processes), then every one sleeps."""
import os
import time

for _ in range(6):
    try:
        os.fork()
    except OSError:  # a process limit that the kernel enforces (not for root)
        break
while True:
    time.sleep(60)
