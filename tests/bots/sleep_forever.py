"""Hostile: never answers, sleeps forever."""
import time

while True:
    time.sleep(60)
