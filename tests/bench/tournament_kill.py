"""Benchmark: how long a SIGKILLed ``snakepit tournament`` leaves anything behind (target: nothing
left within 1 s, issue 12).

A kingdoms tournament on 2 jobs whose strategies take 0.1 s a round is killed with SIGKILL while
both workers play; the clock runs from the kill until no process of it (its workers, the fork
server, the games' bots) is alive and its temporary folder (the games' seat folders, the fork
server's) is empty. Each of a few runs is reported by its worst part; the slowest run counts."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

from tests.arena.test_tournament_survival import running_sleepers, sleeper, start, tournament, wait_for
from tests.bots.survivors import new_marker, processes_with

TARGET = 1.0
RUNS = 3


def leftover_seconds(folder: Path) -> float:
    marker, tmp = new_marker(), folder / "tmp"
    process = start(tournament(f"{sleeper(folder, marker)} slow", folder / "out", 2, "--option", "rounds=50"),
                    marker, tmp)
    wait_for(lambda: len(running_sleepers(marker)) >= 2, "two sleepers")
    killed = time.monotonic()
    os.kill(process.pid, signal.SIGKILL)
    process.communicate()
    while processes_with(marker) or os.listdir(tmp):
        if time.monotonic() - killed > 30:
            break
        time.sleep(0.002)
    return time.monotonic() - killed


def report(runs: int = RUNS) -> None:
    seconds = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="snakepit-bench-") as folder:
            seconds.append(leftover_seconds(Path(folder)))
    worst = max(seconds)
    mark = f"met (<= {TARGET:.0f} s)" if worst <= TARGET else f"MISSED (target <= {TARGET:.0f} s)"
    print(f"tournament SIGKILL: nothing left after {worst * 1000:.0f} ms at worst of {runs} runs "
          f"({', '.join(f'{s * 1000:.0f}' for s in seconds)} ms)  {mark}")


if __name__ == "__main__":
    report()
