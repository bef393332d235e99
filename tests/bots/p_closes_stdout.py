"""Hostile persistent bot: closes its stdout at the first request, then sleeps."""
import os
import sys
import time

sys.stdin.readline()
os.close(1)
while True:
    time.sleep(60)
