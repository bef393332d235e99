"""Hostile persistent bot: never reads its input."""
import time

while True:
    time.sleep(60)
