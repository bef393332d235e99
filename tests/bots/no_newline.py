"""Hostile: writes half an answer, never a newline, and sleeps forever."""
import sys
import time

sys.stdout.write("a 1")
sys.stdout.flush()
while True:
    time.sleep(60)
