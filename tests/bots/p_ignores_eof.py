"""Hostile persistent bot: answers, but does not exit when its input ends."""
import sys
import time

for line in sys.stdin:
    print("ok", flush=True)
while True:
    time.sleep(60)
