"""A Nim bot: reads its seat, then for each line of heaps answers the winning move (the one that
leaves the heaps' XOR at 0), or one counter from the largest heap when there is none."""
import sys

sys.stdin.readline()  # its seat
for line in sys.stdin:
    heaps = [int(word) for word in line.split()]
    total = 0
    for heap in heaps:
        total ^= heap
    move = next(((i, h - (h ^ total)) for i, h in enumerate(heaps) if total and h ^ total < h), None)
    if move is None:
        move = (heaps.index(max(heaps)), 1)
    print(f"{move[0]} {move[1]}", flush=True)
