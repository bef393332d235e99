"""Persistent: answers each line with its CPU time so far, then computes until the next line
arrives (so a paused bot shows no CPU growth between requests)."""
import selectors
import sys
import time

selector = selectors.DefaultSelector()
selector.register(sys.stdin, selectors.EVENT_READ)
stdin = sys.stdin.buffer.raw
while True:
    line = stdin.readline()
    if not line:
        break
    print(f"{time.process_time():.6f}", flush=True)
    while not selector.select(0):
        sum(range(1000))
