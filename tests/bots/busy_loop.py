"""Hostile: never answers, burns CPU forever."""
n = 0
while True:
    n += 1
